"""Demonstrations for imitation learning, and the evaluation of a learned policy.

What this is for: the first stage of the learned-agent pipeline (docs/rl.md "Baselines"):
behaviour cloning needs, for each decision of a strong bot, what a policy would have seen
and what the bot did. :func:`generate` plays whole games between bots (seeded, one seed per
game index: :func:`~pysettlers.sim.runner.game_seed`), the *demonstrator* seats proposing
no domestic trade (``offers=False``, as the ``Settlers-v1`` learner is usually trained; the
other seats choose from their whole legal lists, as the environment's bots do), and records
at each decision of a demonstrator seat that has more than one legal action:

- ``obs``: the seat's flat observation, from the environments' own :class:`~.core.Table`
  (its encoder over ``observe(state, seat)``, so exactly what a policy sees at play time),
  stored as float16 (every entry is a count, exact in float16, or a pip share k/5, within
  1e-4);
- ``mask``: the seat's action mask (``legal_actions(..., offers=False)`` through the layout);
- ``action``: the index of the action the bot chose (``action_layout(rules).index``);
- ``result``: +1 if the seat went on to win the game, -1 if another seat did, 0 if the game
  was cut short (the value target); ``seat``, ``game`` (the game's index) beside them.

The bots decide from their own views, as always. A demonstrator's choice the layout does
not number (a composite action outside the unit form) is played but not recorded (counted
in ``skipped``). ``--workers N`` plays games in N processes; the data are the same for any
N (game ``i`` is seeded by its index, and games are kept in index order). ``--seconds``
stops after a wall budget, keeping the games ``0 … k-1`` that finished in order.
``DemoConfig(policy=WEIGHTS)`` is DAgger's data: the weights' policy plays the demonstrator
seats (its best legal action), the demonstrator only labels each decision.

:func:`evaluate` plays a weights file's ``learned`` bot (``policy_bot.py``) against bots
through the simulator's own game driver (``sim.runner.play_game``, as ``pysettlers arena``
does), the learner's seat rotating game by game, and gives its wins with a Wilson 95%
interval.

``python -m pysettlers.rl.imitate data --games 200 --workers 2 --out demos.npz`` and
``python -m pysettlers.rl.imitate eval WEIGHTS.npz --games 200``.

What this is not: training (torch; ``examples/rl_imitate.py`` does data → behaviour
cloning → PPO → evaluation), nor a simulator (``pysettlers.sim``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pysettlers.bots import Bot, bot_rng
from pysettlers.engine import Rules, apply, apply_checked, is_over, observe, to_move

from .core import Table
from .layout import LayoutError

DEFAULT_DEMONSTRATOR = "greedy:offers=0"
"""The strongest fast bot, its own domestic offers off (the offers=False games of the learner)."""

MAX_DECISIONS = 20_000  # (every seat's decisions; a game between the bots takes ~400)

FIELDS = ("obs", "mask", "action", "result", "seat", "game")


@dataclass(frozen=True, slots=True)
class DemoConfig:
    """What determines a run's demonstrations (not how many processes play them).

    ``players``: a bot spec per seat (``sim.runner``'s specs, options included); the
    seats whose spec is ``demonstrator`` are recorded. ``rotate``: seat ``(s + i) % n``
    plays ``players[s]`` in game ``i``, so a lone demonstrator sits in every seat in turn.
    ``policy``: see the field (states the learner reaches, labelled by the demonstrator)."""

    rules: Rules
    players: tuple[str, ...]
    demonstrator: str = DEFAULT_DEMONSTRATOR
    seed: int = 0
    rotate: bool = True
    max_decisions: int = MAX_DECISIONS
    policy: str | None = None
    """DAgger: a weights file whose policy *plays* the demonstrator's seats (its best legal
    action), the demonstrator only labelling each decision with what it would have done."""

    def __post_init__(self) -> None:
        if len(self.players) != self.rules.players:
            raise ValueError(
                f"{self.rules.players} players need {self.rules.players} bot specs "
                f"(got {len(self.players)}: {list(self.players)})"
            )
        if self.demonstrator not in self.players:
            raise ValueError(
                f"the demonstrator {self.demonstrator!r} sits in no seat of {list(self.players)}"
            )

    def seats_of(self, index: int) -> tuple[str, ...]:
        """Game ``index``'s bot spec by seat."""
        n = len(self.players)
        if not self.rotate:
            return self.players
        shift = index % n
        return tuple(self.players[(s - shift) % n] for s in range(n))


def _build(spec: str, rng: Any) -> Bot:
    from pysettlers.sim.runner import bot_from_text

    return bot_from_text(spec, rng)


def play_demo(cfg: DemoConfig, index: int) -> dict[str, Any]:
    """One game's demonstrations (the module docstring's arrays) and its summary."""
    from dataclasses import replace

    from pysettlers.sim.runner import game_seed

    seed = game_seed(cfg.seed, index)
    rules = replace(cfg.rules, seed=seed)
    n = rules.players
    specs = cfg.seats_of(index)
    record = {p for p in range(n) if specs[p] == cfg.demonstrator}
    # The demonstrators propose no domestic trade (the learner's offers=False); the other
    # seats choose from their whole legal lists, as bots do against the environment's learner.
    table = Table(rules, quiet=frozenset(record))
    s = table.new_game(seed)
    bots = [_build(spec, bot_rng(seed, p)) for p, spec in enumerate(specs)]
    policy = None
    if cfg.policy is not None:
        from .policy_bot import load_weights

        policy = load_weights(cfg.policy)
    obs: list[npt.NDArray[np.float16]] = []
    masks: list[npt.NDArray[np.bool_]] = []
    actions: list[int] = []
    seats: list[int] = []
    skipped = decisions = 0
    while not is_over(s) and decisions < cfg.max_decisions:
        p = to_move(s)
        by_index = table.legal_map(p)
        legal = list(by_index.values())
        decisions += 1
        if len(legal) == 1:  # forced: the bot is not asked (as the simulator's driver)
            apply(s, legal[0])
            continue
        if p not in record:
            a = bots[p].choose(observe(s, p, lazy=True), legal)
            if any(a is b for b in legal):
                apply(s, a)
            else:  # (a bot's own bundle, checked as the simulator checks it)
                apply_checked(s, a)
            continue
        ob = table.observation(p)  # the policy's input: encoded before the bot's turn
        view = observe(s, p)
        a = bots[p].choose(view, legal)
        found = next((i for i, b in by_index.items() if b is a), None)
        if found is None:
            try:
                i = table.layout.index(a, s.topo)
                found = i if i in by_index and by_index[i] == a else None
            except LayoutError:
                found = None
        if found is None and policy is None:  # a composite action the unit form does not
            skipped += 1  # number: played, not recorded
            apply_checked(s, a)
            continue
        if found is not None:
            obs.append(ob["observation"].astype(np.float16))
            masks.append(ob["action_mask"].astype(bool))
            actions.append(found)
            seats.append(p)
        else:
            skipped += 1
        if policy is not None:  # DAgger: the learner's choice is the one played
            apply(s, by_index[policy.act(ob["observation"], ob["action_mask"])])
        else:
            apply(s, a)
    winner = s.winner if is_over(s) else -1
    k = len(actions)
    d = table.encoder.shapes.flat
    return {
        "obs": np.stack(obs) if k else np.zeros((0, d), np.float16),
        "mask": np.stack(masks) if k else np.zeros((0, table.layout.size), bool),
        "action": np.array(actions, np.int16),
        "result": np.array(
            [0.0 if winner < 0 else (1.0 if q == winner else -1.0) for q in seats], np.float32
        ),
        "seat": np.array(seats, np.int8),
        "game": np.full(k, index, np.int32),
        "winner": winner,
        "winner_spec": specs[winner] if winner >= 0 else None,
        "skipped": skipped,
        "decisions": decisions,
    }


def _play(args: tuple[DemoConfig, int]) -> dict[str, Any]:
    return play_demo(*args)


def _games(
    cfg: DemoConfig, games: int, workers: int, seconds: float | None
) -> Iterator[dict[str, Any]]:
    """The games ``0 … games-1`` in index order, until the budget (if any) runs out."""
    start = time.monotonic()
    jobs = ((cfg, i) for i in range(games))
    if workers <= 1:
        for job in jobs:
            if seconds is not None and time.monotonic() - start > seconds:
                return
            yield _play(job)
        return
    ctx = mp.get_context("spawn" if sys.platform == "darwin" else "fork")
    with ctx.Pool(workers) as pool:
        for got in pool.imap(_play, jobs, chunksize=1):
            if seconds is not None and time.monotonic() - start > seconds:
                pool.terminate()  # (the games still running are dropped: index order kept)
                return
            yield got


def generate(
    cfg: DemoConfig,
    games: int,
    *,
    workers: int = 1,
    seconds: float | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """The demonstrations of games ``0 … k-1`` (``k`` = ``games``, or fewer if ``seconds``
    ran out), concatenated, and a summary (``games``, ``wins`` by spec, ``skipped``)."""
    parts: list[dict[str, Any]] = []
    wins: dict[str, int] = {}
    skipped = 0
    t0 = time.monotonic()
    for got in _games(cfg, games, workers, seconds):
        parts.append(got)
        skipped += got["skipped"]
        spec = got["winner_spec"]
        wins[str(spec)] = wins.get(str(spec), 0) + 1
        if progress and len(parts) % max(1, games // 20) == 0:
            print(f"  {len(parts)}/{games} games, {time.monotonic() - t0:.0f} s", flush=True)
    out: dict[str, Any] = {
        k: np.concatenate([g[k] for g in parts]) if parts else np.zeros(0) for k in FIELDS
    }
    out["summary"] = {
        "games": len(parts),
        "samples": int(sum(len(g["action"]) for g in parts)),
        "wins": wins,
        "skipped": skipped,
        "decisions": int(sum(g["decisions"] for g in parts)),
        "seconds": round(time.monotonic() - t0, 1),
        "players": list(cfg.players),
        "demonstrator": cfg.demonstrator,
        "policy": cfg.policy,
        "seed": cfg.seed,
        "rules": cfg.rules.to_json(),
    }
    return out


def save_demos(path: str | Path, demos: dict[str, Any]) -> Path:
    """Write demonstrations as a compressed ``.npz`` (the summary as JSON in ``summary``)."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    arrays = {k: demos[k] for k in FIELDS}
    with out.open("wb") as f:
        np.savez_compressed(f, summary=np.array(json.dumps(demos["summary"])), **arrays)
    return out


def load_demos(path: str | Path) -> dict[str, Any]:
    """Demonstrations written by :func:`save_demos`."""
    with np.load(path, allow_pickle=False) as z:
        out: dict[str, Any] = {k: z[k] for k in FIELDS}
        out["summary"] = json.loads(str(z["summary"]))
    return out


# -- evaluation ---------------------------------------------------------------------------------


def _eval_game(args: tuple[Rules, str, str, int, int]) -> tuple[int, int, str]:
    """(learner's seat, winner or -1, status) of one game of the learner against bots."""
    from dataclasses import replace

    from pysettlers.sim.runner import game_seed, labelled_specs, play_game

    rules, learner, opponent, seed, index = args
    n = rules.players
    seat = index % n
    items = [opponent] * n
    items[seat] = learner
    played = play_game(replace(rules, seed=game_seed(seed, index)), labelled_specs(items))
    if played.error is not None:
        raise RuntimeError(f"game {index}: {played.error}")
    return seat, -1 if played.winner is None else played.winner, played.status


def evaluate(
    weights: str | Path,
    games: int,
    *,
    opponent: str = "weighted",
    workers: int = 1,
    seed: int = 1_000_003,
    rules: Rules | None = None,
    seconds: float | None = None,
) -> dict[str, Any]:
    """``learned:weights=...`` against ``n - 1`` × ``opponent``, seats rotated, games
    ``0 … games-1`` of a run seeded ``seed`` (kept apart from the demonstrations' seeds);
    the wins with their Wilson 95% interval, by seat too."""
    from pysettlers.sim.stats import wilson

    from .policy_bot import load_weights

    policy = load_weights(weights)
    rules = rules or policy.rules
    learner = f"learned:weights={Path(weights).resolve()}"
    jobs = [(rules, learner, opponent, seed, i) for i in range(games)]
    results: list[tuple[int, int, str]] = []
    start = time.monotonic()
    if workers <= 1:
        for job in jobs:
            if seconds is not None and time.monotonic() - start > seconds:
                break
            results.append(_eval_game(job))
    else:
        ctx = mp.get_context("spawn" if sys.platform == "darwin" else "fork")
        with ctx.Pool(workers) as pool:
            for got in pool.imap(_eval_game, jobs, chunksize=1):
                results.append(got)
                if seconds is not None and time.monotonic() - start > seconds:
                    pool.terminate()
                    break
    played = len(results)
    wins = sum(1 for seat, w, _ in results if w == seat)
    unfinished = sum(1 for _, w, _ in results if w < 0)
    lo, hi = wilson(wins, played) if played else (0.0, 1.0)
    by_seat = {
        str(p): [
            sum(1 for s, w, _ in results if s == p and w == p),
            sum(1 for s, *_ in results if s == p),
        ]
        for p in range(rules.players)
    }
    return {
        "opponent": opponent,
        "games": played,
        "wins": wins,
        "rate": wins / played if played else 0.0,
        "wilson95": [lo, hi],
        "fair_share": 1 / rules.players,
        "unfinished": unfinished,
        "by_seat": by_seat,
        "seed": seed,
        "seconds": round(time.monotonic() - start, 1),
    }


# -- command line -------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m pysettlers.rl.imitate",
        description="Demonstrations for behaviour cloning, and a learned policy's evaluation.",
    )
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data", help="play bot games and record the demonstrator's decisions")
    d.add_argument("--games", type=int, default=200)
    d.add_argument("--workers", type=int, default=1)
    d.add_argument("--seconds", type=float, default=None, help="wall budget (games kept in order)")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--demonstrator", default=DEFAULT_DEMONSTRATOR)
    d.add_argument(
        "--players",
        default=None,
        help="bot specs by seat, comma-separated (default: the demonstrator in every seat)",
    )
    d.add_argument("--rules", default="{}", help="rules options as JSON (default: 4 players)")
    d.add_argument("--out", required=True)
    e = sub.add_parser("eval", help="a weights file's learned bot against bots, seats rotated")
    e.add_argument("weights")
    e.add_argument("--games", type=int, default=200)
    e.add_argument("--workers", type=int, default=1)
    e.add_argument("--opponent", default="weighted")
    e.add_argument("--seed", type=int, default=1_000_003)
    e.add_argument("--seconds", type=float, default=None)
    e.add_argument("--json", default=None, help="also write the result here")
    return ap


def demo_config(rules_json: str, demonstrator: str, players: str | None, seed: int) -> DemoConfig:
    """A :class:`DemoConfig` from command-line text (rules as JSON, specs comma-separated)."""
    rules = Rules.from_json({"players": 4, **json.loads(rules_json)})
    specs = (
        tuple(p.strip() for p in players.split(",")) if players else (demonstrator,) * rules.players
    )
    return DemoConfig(rules, specs, demonstrator, seed)


def main(argv: Sequence[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    if args.command == "data":
        cfg = demo_config(args.rules, args.demonstrator, args.players, args.seed)
        demos = generate(cfg, args.games, workers=args.workers, seconds=args.seconds, progress=True)
        save_demos(args.out, demos)
        print(json.dumps(demos["summary"]))
    else:
        got = evaluate(
            args.weights,
            args.games,
            opponent=args.opponent,
            workers=args.workers,
            seed=args.seed,
            seconds=args.seconds,
        )
        print(json.dumps(got))
        if args.json:
            Path(args.json).write_text(json.dumps(got, indent=1))


if __name__ == "__main__":
    main()
