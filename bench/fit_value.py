"""Fit the expert bot's learned leaf value (``bots/value_model.py``) to bot games' outcomes.

What this is for: producing ``src/pysettlers/bots/value_weights.py``, the shipped weights.
It plays ``--games`` games (game ``i`` has seed ``--seed + i``; its number of players and
each seat's bot drawn from ``random.Random(seed + i)``: greedy bots with a little or more
noise, now and then a weighted bot, for a variety of positions), records every seat's
features (``value_model.features``, from the seat's own view) at the start of every turn,
and fits the conditional logit ``P(p wins) = softmax_p(w · x_p)`` by maximum likelihood
with an L2 penalty (full-batch Newton steps on standardized features, numpy). Games that
end without a winner (``--max-turns``) are left out. The last ``--holdout`` share of the
games is held out: the script prints the held-out log-loss and accuracy of the fit against
the uniform guess and against a points-only fit. Everything is deterministic per seed.

What this is not: a benchmark of the expert (``bench/expert.py``) and not run by the tests;
numpy is needed here only (the bots score with the stored weights in pure Python).

Run: ``nice .venv/bin/python bench/fit_value.py --games 3000 --jobs 2 --write``
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from pysettlers.bots import bot_rng
from pysettlers.bots.features import board_info
from pysettlers.bots.value_model import FEATURE_NAMES, features
from pysettlers.engine import (
    Phase,
    Rules,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.sim.runner import build_bot, parse_players

OUT = Path(__file__).resolve().parents[1] / "src/pysettlers/bots/value_weights.py"
SPECS = ("greedy", "greedy", "greedy:noise=0.1", "greedy:noise=0.3", "weighted")
PLAYERS = (3, 4, 4, 4, 4, 5, 6)


def play(args: tuple[int, int]) -> tuple[int, list[list[list[float]]]] | None:
    """One game: its winner and, at each turn's start, every seat's feature vector."""
    seed, max_turns = args
    r = random.Random(seed)
    n = r.choice(PLAYERS)
    specs = [r.choice(SPECS) for _ in range(n)]
    s = new_game(Rules(players=n, seed=seed))
    bots = [
        build_bot(parse_players(f"{sp},random")[0], bot_rng(seed, p)) for p, sp in enumerate(specs)
    ]
    info = board_info(s.board)
    chance = random.Random(f"fit-value/{seed}")
    seen = [-1] * n
    snaps: list[list[list[float]]] = []
    last = -1
    while s.phase != Phase.GAME_OVER and s.turn <= max_turns:
        if s.turn != last and s.phase in (Phase.PRE_ROLL, Phase.SPECIAL_BUILD):
            last = s.turn
            snaps.append([features(observe(s, p), info) for p in range(n)])
        p = to_move(s)
        legal = legal_actions(s, p)
        if len(legal) == 1:
            a = legal[0]
        else:
            since, seen[p] = seen[p], s.version
            a = bots[p].choose(observe(s, p, since), legal)
        oc = chance_outcomes(s, a)
        o = chance.choices([x for x, _ in oc], [w for _, w in oc])[0] if oc else None
        apply(s, a, o)
    if s.phase != Phase.GAME_OVER:
        return None
    return s.winner, snaps


def stack(games: list[tuple[int, list[list[list[float]]]]]) -> list[tuple[Any, Any]]:
    """Per snapshot: the seats' features (n × k) and the winner's one-hot (n)."""
    out = []
    for winner, snaps in games:
        for snap in snaps:
            x = np.asarray(snap, dtype=float)
            y = np.zeros(len(snap))
            y[winner] = 1.0
            out.append((x, y))
    return out


def loss_grad_hess(w: Any, data: list[tuple[Any, Any]], l2: float) -> tuple[float, Any, Any]:
    k = len(w)
    loss = 0.5 * l2 * float(w @ w)
    g = l2 * w.copy()
    h = l2 * np.eye(k)
    for x, y in data:  # grouped by player count for speed
        s = x @ w  # (m, n)
        s -= s.max(axis=1, keepdims=True)
        e = np.exp(s)
        p = e / e.sum(axis=1, keepdims=True)
        loss -= float(np.sum(y * np.log(p + 1e-300)))
        g += np.einsum("mn,mnk->k", p - y, x)
        xm = np.einsum("mn,mnk->mk", p, x)
        h += np.einsum("mn,mnk,mnl->kl", p, x, x) - np.einsum("mk,ml->kl", xm, xm)
    return loss, g, h


def group(pairs: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    by: dict[int, tuple[list[Any], list[Any]]] = {}
    for x, y in pairs:
        xs, ys = by.setdefault(len(y), ([], []))
        xs.append(x)
        ys.append(y)
    return [(np.stack(xs), np.stack(ys)) for xs, ys in by.values()]


def fit(data: list[tuple[Any, Any]], k: int, l2: float) -> Any:
    w = np.zeros(k)
    for _ in range(30):
        _, g, h = loss_grad_hess(w, data, l2)
        step = np.linalg.solve(h, g)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w


def evaluate(w: Any, data: list[tuple[Any, Any]]) -> tuple[float, float, int]:
    loss = 0.0
    hits = 0
    m = 0
    for x, y in data:
        s = x @ w
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        loss -= float(np.sum(y * np.log(p + 1e-300)))
        hits += int(np.sum(y[np.arange(len(y)), p.argmax(axis=1)]))
        m += len(y)
    return loss / m, hits / m, m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=7_000_000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=400)
    ap.add_argument("--holdout", type=float, default=0.2)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--cache", help="keep the games' snapshots in this file, reuse it if there")
    ap.add_argument("--only", help="fit these features only (comma-separated; others weigh 0)")
    ap.add_argument("--write", action="store_true", help="write value_weights.py")
    a = ap.parse_args()
    if a.cache and os.path.exists(a.cache):
        with open(a.cache, "rb") as f:
            games = pickle.load(f)
    else:
        todo = [(a.seed + i, a.max_turns) for i in range(a.games)]
        with ProcessPoolExecutor(a.jobs) as pool:
            games = [g for g in pool.map(play, todo, chunksize=4) if g is not None]
        if a.cache:
            with open(a.cache, "wb") as f:
                pickle.dump(games, f)
    cut = int(len(games) * (1 - a.holdout))
    print(f"{len(games)} games with a winner")
    names = a.only.split(",") if a.only else list(FEATURE_NAMES)
    unknown = set(names) - set(FEATURE_NAMES)
    if unknown:
        raise SystemExit(f"--only: no such feature: {', '.join(sorted(unknown))}")
    w = fit_report("every turn's start", games[:cut], games[cut:], names, a.l2)
    # For information: how well the features rank seats right after the set-up phase.
    first = [(winner, snaps[:1]) for winner, snaps in games]
    fit_report("after set-up only", first[:cut], first[cut:], names, a.l2)
    if a.write:
        OUT.write_text(
            '"""Weights of the learned value (``value_model.py``), one per feature.\n\n'
            "Written by ``bench/fit_value.py`` (do not edit by hand) with\n"
            f"``--games {a.games} --seed {a.seed} --l2 {a.l2}``"
            + (f" ``--only {a.only}``" if a.only else "")
            + f": {len(games)} games with a winner;\nthe held-out figures are in docs/bots.md.\n"
            '"""\n\n'
            f"WEIGHTS: tuple[float, ...] = (\n{table(w)}\n)\n"
        )
        print("wrote", OUT)


def table(raw: Any) -> str:
    return "\n".join(f"    {float(x)!r},  # {n}" for n, x in zip(FEATURE_NAMES, raw))


def fit_report(label: str, train_games: Any, test_games: Any, names: list[str], l2: float) -> Any:
    """Fit on ``train_games``' snapshots, print held-out figures; weights on raw features."""
    train_raw, test_raw = stack(train_games), stack(test_games)
    allx = np.concatenate([x for x, _ in train_raw])
    mu, sd = allx.mean(axis=0), allx.std(axis=0) + 1e-9
    std = lambda d: [((x - mu) / sd, y) for x, y in d]  # noqa: E731
    train, test = group(std(train_raw)), group(std(test_raw))
    k = len(FEATURE_NAMES)
    used = [i for i, n in enumerate(FEATURE_NAMES) if n in names and sd[i] > 1e-6]
    w = np.zeros(k)
    w[used] = fit([(x[:, :, used], y) for x, y in train], len(used), l2)
    vp_only = np.zeros(k)
    mask = [i for i in used if FEATURE_NAMES[i] in ("vp", "vp_share_sq", "wait")]
    if mask:
        vp_only[mask] = fit([(x[:, :, mask], y) for x, y in train], len(mask), l2)
    print(f"{label}: {len(train_raw)} + {len(test_raw)} snapshots")
    for name, ww in (("uniform", np.zeros(k)), ("points only", vp_only), ("fitted", w)):
        ll, acc, _ = evaluate(ww, test)
        print(f"  held out: {name:>12}: log-loss {ll:.4f}, winner ranked first {acc:.1%}")
    raw = w / sd  # on raw features (the constant shift cancels in the softmax)
    for name, wi, ri in zip(FEATURE_NAMES, w, raw):
        print(f"  {name:>14} {wi:+.3f} (std) {ri:+.4f} (raw)")
    return raw


if __name__ == "__main__":
    main()
