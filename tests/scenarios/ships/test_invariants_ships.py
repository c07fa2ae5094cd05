"""The invariant harness over seeded games with Seafarers ships (``Rules(ships=True)``).

What this is for: ships change the flow (new kinds, Road Building's pieces, the Longest
Trade Route, settlements at the end of a ship line, moves, lines across the open sea), so
games with them go through
``harness.py`` — cards conserved, pieces within limits, cached values against a recount
(the road and settlement frontiers with ships on paths, the trade route's lengths), notation,
save/load and replay round trips, every step — on every kind of board with sea: the 19-hex
island (3–4 players), the 1996 islands maps (``islands`` 3–4, ``big-islands`` 5–6, with
bridges), and with the 1996 pirate in every other game; and the Helpers of CATAN's own
harness (``test_helpers_invariants.py``) with ships (Louis never moves a road onto a ship's
path). ``make test`` plays
:data:`CI_GAMES` of each family; ``make soak`` (``PYSETTLERS_SOAK=1``) :data:`SOAK_GAMES`;
``PYSETTLERS_HARNESS_SHIPS_GAMES`` sets any size.

What this is not: the rule tests (``test_ships.py``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pysettlers.engine import Rules
from support import harness
from support.harness import Tally

CI_GAMES = 4
"""Games of each family in ``make test`` (a few CPU-seconds each family)."""
SOAK_GAMES = 500
"""Games of each family in ``make soak`` (issue 13: at least 500 of each combination)."""

FAMILIES = ("variable", "islands", "big-islands")


def config(family: str, i: int) -> Rules:
    """Game ``i`` of ``family``: player counts, phase styles and the pirate in turn."""
    pirate = i % 2 == 1
    if family == "big-islands":
        return Rules(
            players=(5, 6)[i // 2 % 2],
            map_kind="big-islands",
            large_game_variant=("special_building", "mayfair")[i // 4 % 2],
            ships=True,
            pirate=pirate,
            seed=5000 + i,
        )
    return Rules(
        players=(3, 4)[i // 2 % 2],
        map_kind=family,
        trade_build=("combined", "separate")[i // 4 % 2],
        ships=True,
        pirate=pirate,
        seed=(3000 if family == "variable" else 4000) + i,
    )


def _games() -> int:
    return harness.games_from_env("PYSETTLERS_HARNESS_SHIPS_GAMES", CI_GAMES, SOAK_GAMES)


def run(family: str) -> Tally:
    return harness.run_rules([config(family, i) for i in range(_games())])


@pytest.fixture(scope="module", params=FAMILIES)
def tally(request: pytest.FixtureRequest) -> tuple[str, Tally]:
    return request.param, run(request.param)


def test_every_game_with_ships_keeps_every_invariant(tally: tuple[str, Tally]) -> None:
    family, t = tally
    shown = "\n\n".join(t.failures[:3])
    assert not t.failures, f"{family}: {len(t.failures)} of {t.games} games failed:\n{shown}"
    assert t.games == _games() and t.replays == t.games
    assert t.finished >= 0.8 * t.games


def test_the_run_builds_and_moves_ships(tally: tuple[str, Tally]) -> None:
    _, t = tally
    assert t.kinds["BUILD_SHIP"] > 0 and t.kinds["MOVE_SHIP"] > 0


def test_ship_lines_reach_the_open_sea(tally: tuple[str, Tally]) -> None:
    """Lines of ships leave the coast: in a good share of the games a ship is built or moved
    onto a path of the open sea (``topology.py``; ``harness.Tally.open_sea``)."""
    family, t = tally
    assert t.open_sea_games >= max(1, t.games // 4), (
        f"{family}: a ship reached the open sea in {t.open_sea_games} of {t.games} games"
    )


def test_the_helpers_harness_keeps_every_invariant_with_ships() -> None:
    from support import helpers_harness

    n = harness.games_from_env("PYSETTLERS_HARNESS_SHIPS_GAMES", 4, 60)
    tally = helpers_harness.Tally()
    for i in range(n):
        rules = replace(helpers_harness.rules_for(i), ships=True, seed=9000 + i)
        helpers_harness.play_game(rules, tally)
    assert tally.kinds["BUILD_SHIP"] > 0
    assert tally.finished == n
