"""The simulator: many seeded bot games, their statistics and records (``pysettlers sim``).

What this is for: researchers and bot authors measuring bots against each other.
:func:`simulate` plays a :class:`SimConfig` run (serially or in worker processes, with the
same results for any number of workers), optionally writes every game's replayable record
as one JSON line, and returns the :class:`Tally` whose ``summary()`` the CLI prints.

* ``runner.py`` — bot specs, one game, seeds and seating, the parallel runner;
* ``stats.py`` — the summary and its documented JSON keys, Wilson intervals;
* ``report.py`` — progress bar, table, JSON, plot and the replay display;
* ``arena.py``, ``ratings.py``, ``arena_plot.py``, ``arena_ray.py`` — ``pysettlers arena``:
  tournaments with seat rotation, ratings with intervals, its chart, Ray tasks.

What this is not: an adapter like every other — no rules of its own, and bots only ever
see ``observe()`` views. ``sim`` counts wins; ratings are the arena's (``ratings.py``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TextIO

from .runner import (
    BotSpec,
    GameResult,
    Played,
    SimConfig,
    build_bot,
    check_specs,
    game_seed,
    parse_players,
    play_game,
    run_game,
    run_games,
    seating,
)
from .stats import SUMMARY_FORMAT, TIMING_KEYS, Tally, wilson


def simulate(
    config: SimConfig,
    *,
    workers: int = 1,
    out: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[Tally, float]:
    """Play the run; returns its tally and the wall-clock seconds it took.

    With ``out``, each game's record (``Game.to_json()`` plus a ``sim`` key: game index,
    seed, labels by seat, status, error) is written as one JSON line, in game order.
    """
    tally = Tally(config)
    start = time.perf_counter()
    for result in run_games(
        config, workers=workers, keep_records=out is not None, progress=progress
    ):
        if out is not None:
            out.write(json.dumps(result.record, separators=(",", ":")) + "\n")
        tally.add(result)
    return tally, time.perf_counter() - start


__all__ = [
    "SUMMARY_FORMAT",
    "TIMING_KEYS",
    "BotSpec",
    "GameResult",
    "Played",
    "SimConfig",
    "Tally",
    "build_bot",
    "check_specs",
    "game_seed",
    "parse_players",
    "play_game",
    "run_game",
    "run_games",
    "seating",
    "simulate",
    "wilson",
]
