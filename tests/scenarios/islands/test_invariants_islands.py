"""The invariant harness over seeded games on the 1996 Islands of Catan maps, with bridges.

What this is for: ``islands`` (3 and 4 players) and ``big-islands`` (5 and 6, both 5–6
variants) through ``harness.py`` — cards conserved, pieces within limits (a bridge is one of
the 15 road pieces), cached values against a recount (road frontiers over the bridge paths,
road lengths across bridges, harbor ratios with two harbors at one intersection), notation,
save/load and replay round trips, every step. ``make test`` plays :data:`CI_GAMES` of each
map; ``make soak`` (``PYSETTLERS_SOAK=1``) :data:`SOAK_GAMES` of each;
``PYSETTLERS_HARNESS_ISLANDS_GAMES`` sets any size.

What this is not: the rule tests (``test_bridges.py``, ``test_maps.py``).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Rules
from support import harness
from support.harness import Tally

CI_GAMES = 16
"""Games of each map in ``make test`` (about 20 CPU-seconds for both)."""
SOAK_GAMES = 500
"""Games of each map in ``make soak`` (issue 13: at least 500 of each new board)."""

MAPS = ("islands", "big-islands")


def config(map_kind: str, i: int) -> Rules:
    """Game ``i`` on ``map_kind``: the player counts, phase styles and 5–6 variants in turn."""
    if map_kind == "islands":
        players = (3, 4)[i % 2]
        return Rules(
            players=players,
            map_kind="islands",
            trade_build=("combined", "separate")[i // 2 % 2],
            seed=1000 + i,
        )
    return Rules(
        players=(5, 6)[i % 2],
        map_kind="big-islands",
        large_game_variant=("special_building", "mayfair")[i // 2 % 2],
        seed=2000 + i,
    )


def _games() -> int:
    return harness.games_from_env("PYSETTLERS_HARNESS_ISLANDS_GAMES", CI_GAMES, SOAK_GAMES)


def run(map_kind: str) -> Tally:
    return harness.run_rules([config(map_kind, i) for i in range(_games())])


@pytest.fixture(scope="module", params=MAPS)
def tally(request: pytest.FixtureRequest) -> tuple[str, Tally]:
    return request.param, run(request.param)


def test_every_game_on_the_islands_maps_keeps_every_invariant(tally: tuple[str, Tally]) -> None:
    map_kind, t = tally
    shown = "\n\n".join(t.failures[:3])
    assert not t.failures, f"{map_kind}: {len(t.failures)} of {t.games} games failed:\n{shown}"
    assert t.games == _games() and t.replays == t.games
    assert t.finished >= 0.9 * t.games


def test_the_run_builds_bridges(tally: tuple[str, Tally]) -> None:
    _, t = tally
    assert t.kinds["BUILD_BRIDGE"] > 0
    assert {c[1] for c in t.configs} <= set(MAPS)
