"""Every bot finishes hundreds of seeded games (thousands in ``make soak``), all legal.

What this is for: the simulator's promise to bot users — ``random``, ``weighted`` and
``greedy`` play many games through ``pysettlers.sim`` (every action a bot returns is
either one of the offered legal actions or goes through the engine's full check, and an
illegal one ends its game as an error) across player counts, map kinds and scenarios.

What this is not: strength measurements (``bench/ladder.py``) or behaviour tests
(``test_weighted_greedy.py``).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Rules
from pysettlers.sim import SimConfig, parse_players, simulate
from support import harness

RUNS = [
    # (players list, rules, games in make test, games in make soak)
    ("random,random,random,random", Rules(players=4), 100, 1000),
    ("weighted,weighted,random,greedy", Rules(players=4, map_kind="random"), 60, 300),
    ("weighted,weighted,weighted,weighted", Rules(players=4), 150, 1000),
    ("greedy,greedy,weighted,greedy", Rules(players=4), 60, 500),
    ("weighted,weighted,weighted", Rules(players=3, map_kind="beginner"), 100, 300),
    ("random,weighted,random,weighted,random", Rules(players=5), 100, 200),
    ("random,random,weighted,weighted,random,greedy", Rules(players=6), 50, 100),
    ("random,weighted,greedy,random", Rules(players=4, helpers=True), 60, 200),
    ("weighted,random", Rules(players=2, trade_build="separate"), 100, 200),
]
"""``make test`` plays the smaller counts (about 45 CPU-seconds in all), ``make soak``
(``PYSETTLERS_SOAK=1``) the larger ones (about 270 CPU-seconds)."""


@pytest.mark.parametrize(("players", "rules", "ci_games", "soak_games"), RUNS)
def test_bots_finish_games_without_illegal_actions(
    players: str, rules: Rules, ci_games: int, soak_games: int
) -> None:
    games = soak_games if harness.soak() else ci_games
    specs = tuple(parse_players(players))
    tally, _ = simulate(SimConfig(rules, specs, games=games, seed=7), workers=2)
    assert tally.games == games
    assert tally.status["error"] == 0, tally.error_games[:3]
    # Random play may rarely stall into the turn cap; the others always finish.
    assert tally.status["finished"] >= 0.98 * games
    assert sum(tally.wins) == tally.status["finished"]
