"""Engine throughput benchmark: random full games per second and per-call costs.

What this is for: the numbers docs/performance.md quotes — random
4-player games per second on one core, decisions per game and per second, and the mean
cost of ``legal_actions``, ``apply``, ``copy`` and ``observe`` — each the median (and the
minimum) of several timed repeats over the same positions, since a single pass swings 2-6x
on a shared machine — and the bytes one ``copy()`` allocates. Random play is uniform over
the legal actions with domestic trade offers excluded (the comparison other engines' random
players make).

What this is not: a test (no assertion on speed) or a profiler.

With ``--catanatron PYTHON`` (an interpreter that has Catanatron installed, in its own
environment) each run of ours is followed by a run of Catanatron's random players on the
same core (``bench/catanatron_random.py``), so both see the same machine load, and the ratio
of the medians is printed, with each run's own ratio and their median (``ratio_runs``,
``ratio_paired_median``): steadier when the machine's speed drifts between runs.

With ``--sim GAMES`` each run also times ``pysettlers sim --players random,random,random,random
--games GAMES --workers 1`` in a subprocess (start-up included): the simulator's finished
games per CPU-second, what a user running it gets.

Run: ``.venv/bin/python bench/throughput.py [--games 200] [--runs 5] [--players 4]
[--sim 300] [--catanatron /tmp/catanatron-venv/bin/python] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from pysettlers.engine import Rules, apply, legal_actions, new_game, observe, to_move
from pysettlers.engine.state import GameState


def play_random(seed: int, players: int, max_steps: int = 100_000) -> tuple[GameState, int]:
    """One full game with uniform random play; returns the final state and decisions made."""
    s = new_game(Rules(players=players, seed=seed))
    rng = random.Random(seed)
    steps = 0
    while s.winner < 0 and steps < max_steps:
        actions = legal_actions(s, offers=False)  # no domestic offers
        apply(s, rng.choice(actions))
        steps += 1
    return s, steps


def games_per_second(n_games: int, players: int, first_seed: int) -> tuple[float, float, float]:
    """(games per CPU-second, decisions per game, turns per game) of random games."""
    t0 = time.process_time()
    decisions = turns = 0
    for i in range(n_games):
        s, steps = play_random(first_seed + i, players)
        decisions += steps
        turns += s.turn
    dt = time.process_time() - t0
    return n_games / dt, decisions / n_games, turns / n_games


def per_call_costs(n_games: int, players: int) -> dict[str, float]:
    """Microseconds of each API call over the positions of random games (median and min
    of repeats), and the bytes a ``copy()`` allocates."""
    states: list[GameState] = []
    for i in range(n_games):
        s = new_game(Rules(players=players, seed=10_000 + i))
        rng = random.Random(i)
        while s.winner < 0:
            if rng.random() < 0.05:
                states.append(s.copy())
            actions = legal_actions(s, offers=False)
            apply(s, rng.choice(actions))
    out: dict[str, float] = {}
    n = len(states)
    # Each call over the same positions, timed REPEATS times: the median of the repeats
    # (one pass swings 2-6x on a shared machine), and the fastest as the machine's best.
    out["legal_actions_us"], out["legal_actions_min_us"] = _repeat(
        lambda: _each(legal_actions, states), n
    )
    out["copy_us"], out["copy_min_us"] = _repeat(lambda: _each(GameState.copy, states), n)
    out["observe_us"], out["observe_min_us"] = _repeat(
        lambda: _each(lambda s: observe(s, to_move(s)), states), n
    )
    # A lazy view nobody reads (what the simulator hands the random bot), and its release.
    out["observe_lazy_us"], out["observe_lazy_min_us"] = _repeat(
        lambda: _each(lambda s: observe(s, to_move(s), lazy=True), states), n
    )
    pairs = []
    for s in states:
        acts = legal_actions(s)
        pairs.append((s, acts[len(acts) // 2]))

    def apply_all() -> None:
        copies = [(s.copy(), a) for s, a in pairs]  # fresh copies, not timed
        t0 = time.perf_counter()
        for c, a in copies:
            apply(c, a)
        timed.append(time.perf_counter() - t0)

    timed: list[float] = []
    for _ in range(REPEATS):
        apply_all()
    out["apply_us"] = statistics.median(timed) / n * 1e6
    out["apply_min_us"] = min(timed) / n * 1e6
    # The mean over every position (later positions hold more pieces, larger ints).
    copied = tracemalloc_bytes(lambda: [s.copy() for s in states])
    out["copy_bytes"] = round(copied / n)
    out["positions"] = len(states)
    return out


REPEATS = 7


def _each(call: Callable[[GameState], object], states: list[GameState]) -> None:
    """``call`` on every state, keeping none of the results (no memory growth timed)."""
    for s in states:
        call(s)


def _repeat(call: Callable[[], object], n: int) -> tuple[float, float]:
    """(median, min) microseconds per position of ``call`` over ``n`` positions."""
    timed = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        call()
        timed.append(time.perf_counter() - t0)
    return statistics.median(timed) / n * 1e6, min(timed) / n * 1e6


def tracemalloc_bytes(call: Callable[[], object]) -> int:
    """Bytes allocated and still held by the object ``call`` returns (tracemalloc)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = call()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return after - before


def catanatron_run(python: str, games: int, first_seed: int) -> tuple[float, float]:
    """One run of Catanatron's random games in a subprocess: (games per second, turns)."""
    script = Path(__file__).with_name("catanatron_random.py")
    out = subprocess.run(
        [python, str(script), str(games), str(first_seed)],
        check=True,
        capture_output=True,
        text=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return float(result["games_per_second"]), float(result["turns_per_game"])


def sim_run(games: int, seed: int) -> float:
    """Finished games per CPU-second of ``pysettlers sim`` with four random bots and one
    worker, as a user runs it: a subprocess of this interpreter (so ``PYTHONPATH`` picks
    the build), its start-up and imports included, CPU time from the kernel's accounting."""
    # Compiled bytecode cached as on a user's machine (some shells here set
    # PYTHONDONTWRITEBYTECODE, which makes every start compile every module again).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-m", "pysettlers", "sim", "--players", "random,random,random,random"]
        + ["--games", str(games), "--workers", "1", "--seed", str(seed), "--json"],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    finished = int(json.loads(out.stdout)["finished"])
    return finished / cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument(
        "--sim",
        type=int,
        default=0,
        metavar="GAMES",
        help="also time `pysettlers sim` (4 random bots, 1 worker) on GAMES games per run",
    )
    ap.add_argument(
        "--catanatron",
        metavar="PYTHON",
        help="an interpreter with Catanatron installed: benchmark it in the same run",
    )
    args = ap.parse_args(argv)
    rates, lengths, our_turns, theirs, their_turns = [], [], [], [], []
    sims: list[float] = []
    for run in range(args.runs):
        rate, length, turns = games_per_second(args.games, args.players, run * args.games)
        rates.append(rate)
        lengths.append(length)
        our_turns.append(turns)
        if args.sim:
            sims.append(sim_run(args.sim, run + 1))
        if args.catanatron:
            r, t = catanatron_run(args.catanatron, max(10, args.games // 4), run * args.games)
            theirs.append(r)
            their_turns.append(t)
    costs = per_call_costs(max(10, args.games // 10), args.players)
    gps = statistics.median(rates)
    result = {
        "python": sys.version.split()[0],
        "players": args.players,
        "games_per_run": args.games,
        "runs": args.runs,
        "games_per_second": round(gps, 1),
        "games_per_second_runs": [round(r, 1) for r in rates],
        "decisions_per_game": round(statistics.median(lengths), 1),
        "turns_per_game": round(statistics.median(our_turns), 1),
        "decisions_per_second": round(gps * statistics.median(lengths)),
        **{k: round(v, 2) for k, v in costs.items()},
    }
    if sims:
        result["sim_games_per_cpu_second"] = round(statistics.median(sims), 1)
        result["sim_runs"] = [round(r, 1) for r in sims]
        if theirs:
            result["sim_ratio_vs_catanatron"] = round(
                statistics.median(sims) / statistics.median(theirs), 2
            )
    if theirs:
        result["catanatron_games_per_second"] = round(statistics.median(theirs), 1)
        result["catanatron_runs"] = [round(r, 1) for r in theirs]
        result["catanatron_turns_per_game"] = round(statistics.median(their_turns), 1)
        result["ratio_vs_catanatron"] = round(gps / statistics.median(theirs), 2)
        # Each run's own ratio, ours against Catanatron's games right after it: on a shared
        # machine whose speed drifts between runs, the pairs see the nearest load.
        paired = [a / b for a, b in zip(rates, theirs, strict=True)]
        result["ratio_runs"] = [round(r, 2) for r in paired]
        result["ratio_paired_median"] = round(statistics.median(paired), 2)
        if sims:
            sim_paired = [a / b for a, b in zip(sims, theirs, strict=True)]
            result["sim_ratio_paired_median"] = round(statistics.median(sim_paired), 2)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k:>24}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
