"""The invariant harness over thousands of seeded 5- and 6-player games.

What this is for: the 5–6 Player Extension through ``harness.py`` — both the Special
Building Phase and the Mayfair variant, both map kinds, both trade/build styles, three
discard limits — with every invariant checked after every step: 24 of each resource across
bank and hands, the 34-card deck accounted for, piece limits, cached values against a
recount, notation, save/load and replay round trips. ``PYSETTLERS_HARNESS_EXT_GAMES`` scales
the run.

What this is not: the rule tests of the extension (``test_extension.py``).
"""

from __future__ import annotations

import os

import pytest

import harness
from harness import Tally
from pysettlers.engine import Phase

DEFAULT_GAMES = 2000


def _games() -> int:
    text = os.environ.get("PYSETTLERS_HARNESS_EXT_GAMES", "").strip()
    return int(text) if text else DEFAULT_GAMES


@pytest.fixture(scope="module")
def tally() -> Tally:
    return harness.run_parallel(_games(), workers=harness.harness_workers(), extension=True)


def test_every_extension_game_keeps_every_invariant(tally: Tally) -> None:
    shown = "\n\n".join(tally.failures[:3])
    assert not tally.failures, f"{len(tally.failures)} of {tally.games} games failed:\n{shown}"


def test_the_extension_run_covers_what_it_claims(tally: Tally) -> None:
    n = _games()
    assert tally.games == n
    assert tally.replays == n - len(tally.failures)
    assert tally.finished >= 0.99 * n
    if n >= len(harness.EXT_COMBOS):
        assert {c[0] for c in tally.configs} == {5, 6}
        assert {c[3] for c in tally.configs} == {7, 9, 10}  # 10: the Mayfair default
    if n >= 100:
        assert Phase.SPECIAL_BUILD.name in tally.phases
