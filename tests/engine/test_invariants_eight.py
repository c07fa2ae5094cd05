"""The invariant harness over seeded 7- and 8-player games on Big Island and Peanut.

What this is for: the 1996 rules' 7–8 player maps through ``harness.py`` — both maps, both
player counts, both trade/build styles, with and without the Special Building Phase, the
maps' discard limit (13) and another — with every invariant checked after every step: 38 of
each resource across bank and hands, the 50-card deck accounted for, piece limits for eight
seats, cached values against a recount, notation, save/load and replay round trips.
``make test`` plays :data:`CI_GAMES`, ``make soak`` :data:`SOAK_GAMES`;
``PYSETTLERS_HARNESS_EIGHT_GAMES`` sets any size.

What this is not: the rule tests of the 7–8 player game (``test_eight.py``).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Phase
from support import harness
from support.harness import Tally

CI_GAMES = 32
"""The games of ``make test``: twice round :data:`harness.TWO_SET_COMBOS`."""
SOAK_GAMES = 500
"""The games of ``make soak`` (``PYSETTLERS_SOAK=1``)."""


def _games() -> int:
    return harness.games_from_env("PYSETTLERS_HARNESS_EIGHT_GAMES", CI_GAMES, SOAK_GAMES)


@pytest.fixture(scope="module")
def tally() -> Tally:
    return harness.run_parallel(_games(), workers=harness.harness_workers(), two_sets=True)


def test_every_seven_and_eight_player_game_keeps_every_invariant(tally: Tally) -> None:
    shown = "\n\n".join(tally.failures[:3])
    assert not tally.failures, f"{len(tally.failures)} of {tally.games} games failed:\n{shown}"


def test_the_run_covers_what_it_claims(tally: Tally) -> None:
    n = _games()
    assert tally.games == n
    assert tally.replays == n - len(tally.failures)
    assert tally.finished >= 0.95 * n
    if n >= len(harness.TWO_SET_COMBOS):
        assert {c[0] for c in tally.configs} == {7, 8}
        assert {c[1] for c in tally.configs} == {"big-island", "peanut"}
        assert {c[3] for c in tally.configs} == {9, 13}
        phases = {p.name for p in Phase if p <= Phase.SPECIAL_BUILD} - {"GAME_OVER"}
        assert phases <= set(tally.phases)
        assert {k.name for k in harness.BASE_KINDS} <= set(tally.kinds)
