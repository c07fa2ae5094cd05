"""Bot ladder: win rates of each bot against three copies of the one below it, with 95% CIs.

What this is for: the numbers that show the baseline bots are ordered — ``weighted`` beats
``random`` and ``greedy`` beats ``weighted`` in 4-player games. Each matchup plays
``--games`` seeded games with one *hero* and three copies of the *opponent*; the hero's
seat rotates through every seat (so first-player advantage cancels out) and the map is
``--map`` (default ``variable``). A fair share is 1/players. Win rates are reported with
Wilson 95% confidence intervals, plus games that hit the turn cap (no winner) and the mean
time each bot spent per decision. Games run in ``--jobs`` processes.

What this is not: a test (no assertion) or a tuning tool; bots are built as ``pysettlers
sim`` builds them (``pysettlers.sim.runner``), options given as ``name:key=value`` (e.g.
``greedy:trade=0``). Time per decision is CPU time of ``choose`` only, so that other load
on the machine does not inflate it.

Run: ``.venv/bin/python bench/ladder.py --games 200 [--players 4] [--map variable] [--jobs 2]``
     ``.venv/bin/python bench/ladder.py --match greedy:trade=0,weighted``  (one matchup)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pysettlers.bots import Bot, bot_rng
from pysettlers.engine import Phase, Rules, apply_checked, legal_actions, new_game, observe, to_move
from pysettlers.sim.runner import build_bot, parse_players
from pysettlers.sim.stats import wilson

LADDER = (("weighted", "random"), ("greedy", "weighted"), ("greedy", "random"))


def build(spec: str, rng: random.Random) -> Bot:
    """A bot from a spec such as ``greedy`` or ``greedy:trade=0``."""
    (parsed,) = parse_players(f"{spec},random")[:1]
    return build_bot(parsed, rng)


def play(
    seed: int, specs: list[str], map_kind: str = "variable", max_turns: int = 500
) -> dict[str, Any]:
    """One game; returns the winner's seat (-1: turn cap), turns, and time per seat."""
    s = new_game(Rules(players=len(specs), seed=seed, map_kind=map_kind))
    bots = [build(spec, bot_rng(seed, seat)) for seat, spec in enumerate(specs)]
    spent = [0.0] * len(specs)
    calls = [0] * len(specs)
    while s.phase != Phase.GAME_OVER and s.turn <= max_turns:
        p = to_move(s)
        legal = legal_actions(s, p)
        view = observe(s, p)
        t0 = time.process_time()
        a = bots[p].choose(view, legal)
        spent[p] += time.process_time() - t0
        calls[p] += 1
        apply_checked(s, a)
    return {"winner": s.winner, "turns": s.turn, "spent": spent, "calls": calls}


def _job(args: tuple[int, int, str, str, int, str]) -> tuple[int, int, list[float], list[int]]:
    seed, hero_seat, hero, villain, players, map_kind = args
    specs = [hero if seat == hero_seat else villain for seat in range(players)]
    r = play(seed, specs, map_kind)
    return hero_seat, r["winner"], r["spent"], r["calls"]


def matchup(
    hero: str, villain: str, games: int, players: int, map_kind: str, jobs: int, seed0: int
) -> dict[str, Any]:
    tasks = [(seed0 + i, i % players, hero, villain, players, map_kind) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_job, tasks, chunksize=4))
    else:
        results = [_job(t) for t in tasks]
    wins = capped = 0
    t = {"hero": [0.0, 0], "villain": [0.0, 0]}
    for hero_seat, winner, spent, calls in results:
        wins += winner == hero_seat
        capped += winner < 0
        for seat in range(players):
            role = "hero" if seat == hero_seat else "villain"
            t[role][0] += spent[seat]
            t[role][1] += calls[seat]
    lo, hi = wilson(wins, games)
    return {
        "hero": hero,
        "villain": villain,
        "games": games,
        "wins": wins,
        "rate": wins / games,
        "ci": (lo, hi),
        "capped": capped,
        "us_hero": 1e6 * t["hero"][0] / max(1, int(t["hero"][1])),
        "us_villain": 1e6 * t["villain"][0] / max(1, int(t["villain"][1])),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--map", default="variable", choices=("beginner", "variable", "random"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1_000)
    ap.add_argument("--match", action="append", help="hero,opponent (repeatable)")
    args = ap.parse_args(argv)
    pairs = list(LADDER)
    if args.match:
        pairs = []
        for m in args.match:
            specs = parse_players(m)
            if len(specs) != 2:
                ap.error(f"--match takes two bot specs, hero and opponent (got {m!r})")
            pairs.append((specs[0].text, specs[1].text))
    for hero, villain in pairs:  # fail on an unknown bot or option before any game
        build(hero, random.Random(0))
        build(villain, random.Random(0))
    fair = 1 / args.players
    print(
        f"{args.games} games per matchup, {args.players} players, map {args.map}, "
        f"hero seat rotated; fair share {fair:.0%}"
    )
    for hero, villain in pairs:
        t0 = time.time()
        r = matchup(hero, villain, args.games, args.players, args.map, args.jobs, args.seed)
        lo, hi = r["ci"]
        print(
            f"{hero:>22} vs {args.players - 1}x {villain:<22} wins {r['wins']:>4}/{r['games']}"
            f" = {r['rate']:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]  capped {r['capped']}"
            f"  µs/decision {hero} {r['us_hero']:.0f}, {villain} {r['us_villain']:.0f}"
            f"  ({time.time() - t0:.0f}s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
