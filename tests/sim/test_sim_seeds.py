"""The simulator's game seeds: pinned values, computed with the engine's SplitMix64.

What this is for: a regression test that the seed of game ``i`` of a run did not change when
the simulator dropped its own copy of SplitMix64 for ``engine/rng.py`` — a record written
before can still be reproduced from ``--seed`` and its index. Not a test of the mixing's
statistics (``test_sim.py`` checks seeds are distinct).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import rng
from pysettlers.sim.runner import game_seed

PINNED = [
    ((0, 0), 6017775124710473527),
    ((1, 0), 3395948882924712079),
    ((1, 1), 8430369225095084303),
    ((2**64 + 5, 3), 3742560917990695162),
    ((123456789, 999), 3709725465341362432),
]


@pytest.mark.parametrize(("args", "seed"), PINNED)
def test_game_seed_is_unchanged(args: tuple[int, int], seed: int) -> None:
    assert game_seed(*args) == seed


def test_game_seed_is_the_engine_splitmix(monkeypatch: pytest.MonkeyPatch) -> None:
    # One implementation: replacing the engine's step changes the simulator's seeds.
    monkeypatch.setattr(rng, "next_u64", lambda state: (state, state))
    assert game_seed(1, 0) == 1 >> 1
