"""Expert bot benchmark: win share of one hero against copies of an opponent, and its time.

What this is for: issue 14's targets — ``expert`` wins at least half of the 4-player games
against three ``greedy`` bots over at least 400 games with seats rotated, at a mean of at
most 1 s per decision on one core — and the same match-up with 5 and 6 players or with
the Helpers of CATAN. Each game seats one *hero* and ``players - 1`` copies of the
*opponent*; game ``i`` has seed ``--seed + i`` and the hero in seat ``i % players``, so
every seat is played equally often. Bots see views with every event since their previous
view (``observe(s, seat, since)``, as ``pysettlers sim`` and the server give them), so the
expert's memory of the public card flow works as in real play.

Reported: the hero's wins with a Wilson 95% interval and the fair share; the hero's CPU
time per decision (``time.process_time`` around ``choose``, so other load on a shared
machine inflates it little): mean, median, 90th and 99th percentiles and maximum, over all
its decisions and over its searched (main-phase) ones. ``--out`` appends one JSON line per
game, ``--resume`` skips the games already in that file, so a long run can be split.

What this is not: a test (no assertion) and not the rating tool (``pysettlers arena`` rates
several entrants against each other).

Run: ``nice .venv/bin/python bench/expert.py --games 400 --jobs 1``
     ``nice .venv/bin/python bench/expert.py --hero expert:iterations=8 --players 5``
     ``nice .venv/bin/python bench/expert.py --hero hard --opponent medium``
     ``nice .venv/bin/python bench/expert.py --games 400 --jobs 2 --out e.jsonl --resume``
     ``nice .venv/bin/python bench/expert.py --hero expert:value=learned2 --model m.json``
     (stop it any time; the same command later plays only the games not yet in e.jsonl;
     with the set-up playouts a game costs the expert ~5–10 s, so 400 games take about an
     hour on two idle cores)
The levels' spacing (ratings) comes from the arena:
     ``nice .venv/bin/pysettlers arena easy medium hard expert --games 240 --workers 2``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pysettlers.bots import bot_rng
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
from pysettlers.sim.runner import bot_from_text
from pysettlers.sim.stats import wilson

SEARCHED = (Phase.MAIN, Phase.BUILD)


def play(args: tuple[int, str, str, int, bool, int]) -> dict[str, Any]:
    """One game: the hero's seat, the winner, and the hero's decision times."""
    seed, hero, opponent, players, helpers, max_turns = args
    seat = seed % players
    specs = [hero if p == seat else opponent for p in range(players)]
    rules = Rules(players=players, seed=seed, helpers=helpers)
    s = new_game(rules)
    bots = [bot_from_text(sp, bot_rng(seed, p)) for p, sp in enumerate(specs)]
    chance = random.Random(f"bench-expert/{seed}")
    seen = [-1] * players
    times: list[float] = []
    main: list[float] = []
    setup: list[float] = []  # its set-up settlements (searched by playouts)
    roads: list[float] = []  # its set-up roads (searched with the expert's ``roads``)
    while s.phase != Phase.GAME_OVER and s.turn <= max_turns:
        p = to_move(s)
        legal = legal_actions(s, p)
        if len(legal) == 1:
            a = legal[0]
        else:
            since, seen[p] = seen[p], s.version
            view = observe(s, p, since)
            t0 = time.process_time()
            a = bots[p].choose(view, legal)
            dt = time.process_time() - t0
            if p == seat:
                times.append(dt)
                if view.phase in SEARCHED and view.current == p:
                    main.append(dt)
                elif view.phase == Phase.SETUP_SETTLEMENT:
                    setup.append(dt)
                elif view.phase == Phase.SETUP_ROAD:
                    roads.append(dt)
        oc = chance_outcomes(s, a)
        o = chance.choices([x for x, _ in oc], [w for _, w in oc])[0] if oc else None
        apply(s, a, o)
    won = s.phase == Phase.GAME_OVER and s.winner == seat
    return {
        "seed": seed,
        "seat": seat,
        "winner": s.winner,
        "won": won,
        "turns": s.turn,
        "times": times,
        "main": main,
        "setup": setup,
        "roads": roads,
    }


def use_model(path: str | None) -> None:
    """In each worker: the learned value's weights (``--model``), if other than shipped."""
    if path is not None:
        from pysettlers.bots.learn import model  # (numpy: only when asked for)

        model.use(path)


def describe(xs: list[float]) -> str:
    if not xs:
        return "none"
    q = sorted(xs)
    pct = lambda f: q[min(len(q) - 1, int(f * len(q)))]  # noqa: E731
    return (
        f"n={len(q)} mean={1000 * statistics.fmean(q):.1f} ms median={1000 * pct(0.5):.1f} "
        f"p90={1000 * pct(0.9):.1f} p99={1000 * pct(0.99):.1f} max={1000 * q[-1]:.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hero", default="expert")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--helpers", action="store_true")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=500)
    ap.add_argument("--out", help="append one JSON line per game; with --resume, skip those")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument(
        "--model",
        help="the weights value=learned2 and cut_value=learned2 use (default: the shipped "
        "ones; a file from `python -m pysettlers.bots.learn train`)",
    )
    a = ap.parse_args()
    try:
        use_model(a.model)  # (here first: a bad file is named, not a broken worker pool)
    except (OSError, ValueError) as e:
        ap.error(f"--model: {e}")
    done: list[dict[str, Any]] = []
    if a.out and a.resume and os.path.exists(a.out):
        with open(a.out) as f:
            done = [json.loads(line) for line in f if line.strip()]
    have = {d["seed"] for d in done}
    todo = [
        (a.seed + i, a.hero, a.opponent, a.players, a.helpers, a.max_turns)
        for i in range(a.games)
        if a.seed + i not in have
    ]
    t0 = time.time()
    results = list(done)
    with ProcessPoolExecutor(a.jobs, initializer=use_model, initargs=(a.model,)) as pool:
        for r in pool.map(play, todo, chunksize=1):
            results.append(r)
            if a.out:
                with open(a.out, "a") as out:
                    out.write(json.dumps(r) + "\n")
    wins = sum(r["won"] for r in results)
    n = len(results)
    lo, hi = wilson(wins, n)
    label = f"{a.hero} vs {a.players - 1}x {a.opponent}, {a.players} players" + (
        " with helpers" if a.helpers else ""
    )
    print(
        f"{label}: {wins}/{n} wins = {wins / max(1, n):.1%} (95% {lo:.1%}..{hi:.1%}), "
        f"fair share {1 / a.players:.1%}; {time.time() - t0:.0f} s"
    )
    print("  hero time per decision:", describe([x for r in results for x in r["times"]]))
    print("  searched (main phase): ", describe([x for r in results for x in r["main"]]))
    # Runs written before the set-up times were kept have no "setup": left out of these two.
    kept = [r for r in results if "setup" in r]
    print("  set-up settlements:    ", describe([x for r in kept for x in r["setup"]]))
    rest = []
    for r in kept:
        rest += r["times"]
        for x in r["setup"]:
            rest.remove(x)
    print("  set-up roads:          ", describe([x for r in kept for x in r.get("roads", [])]))
    print("  all but set-up settl.: ", describe(rest))


if __name__ == "__main__":
    main()
