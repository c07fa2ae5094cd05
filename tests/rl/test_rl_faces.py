"""The RL adapter reads the scenarios' RL faces, and its numbering has not moved.

The action layout's indices and the observation's entries are what trained policies and
saved checkpoints depend on: the table (family order and fields) and, for one rules
configuration of each scenario, the layout's size, a digest of its blocks (kind, first
index, size, fields) and a digest of the observations of a short random game are frozen
here as they were when the scenarios' families moved into their packages' RL faces
(``engine/scenarios/<package>/faces/rl.py``). A change that moves them must be a new
layout on purpose (and a note for those with checkpoints), not an accident.

Skipped without the ``rl`` extra, like ``test_rl.py``.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pysettlers import faces
from pysettlers.engine import Rules, apply, is_over, legal_actions, new_game, observe, to_move
from pysettlers.rl import Encoder, action_layout
from pysettlers.rl.layout import FAMILIES, families
from pysettlers.rl.scenarios import all_faces, faces_on

FROZEN_TABLE = (
    ("ROLL", ()),
    ("END_TURN", ()),
    ("BUILD_ROAD", ("path",)),
    ("BUILD_SETTLEMENT", ("intersection",)),
    ("BUILD_CITY", ("intersection",)),
    ("BUY_DEVELOPMENT", ()),
    ("PLAY_KNIGHT", ()),
    ("PLAY_ROAD_BUILDING", ()),
    ("PLAY_YEAR_OF_PLENTY", ("resource", "second resource or none")),
    ("PLAY_MONOPOLY", ("resource",)),
    ("MOVE_ROBBER", ("hex", "victim")),
    ("DISCARD", ("give",)),
    ("MARITIME_TRADE", ("give (best rate)", "get")),
    ("OFFER_TRADE", ("give", "get", "to")),
    ("ACCEPT_TRADE", ()),
    ("REJECT_TRADE", ()),
    ("COUNTER_TRADE", ("give", "get")),
    ("CONFIRM_TRADE", ("seat",)),
    ("CANCEL_TRADE", ()),
    ("HELPER_CANDAMIR", ("3 cards",)),
    ("HELPER_HILDE", ("seat",)),
    ("HELPER_JEAN", ("resource",)),
    ("HELPER_LIN", ("hex",)),
    ("HELPER_LOUIS", ("path", "new path")),
    ("HELPER_MARIANNE", ("resource or none",)),
    ("HELPER_NASSIR", ("resource", "to")),
    ("HELPER_SEAN", ("resource or none",)),
    ("HELPER_VINCENT", ("intersection", "level")),
    ("HELPER_WILLIAM", ("path", "2 cards")),
    ("HELPER_DECLINE", ()),
    ("HELPER_FLIP", ()),
    ("HELPER_EXCHANGE", ("helper",)),
    ("HELPER_TAKE", ("resource",)),
    ("HELPER_KEEP", ("development card",)),
    ("HELPER_REPAY", ("seat", "resource")),
    ("USE_SEVEN", ()),
    ("IGNORE_SEVEN", ()),
    ("PLAY_VICTORY_POINT", ()),
    ("INTERRUPT_KNIGHT", ()),
    ("LET_ROBBER_BE", ()),
    ("BUILD_BRIDGE", ("path",)),
    ("MOVE_PIRATE", ("harbor", "victim")),
    ("BUILD_SHIP", ("path",)),
    ("MOVE_SHIP", ("path", "new path")),
)
"""Every family, in index order: (kind, its fields' names)."""

FROZEN = [
    (Rules(players=4), 557, "3fd9b4e9645dd5f0", "c030083be56ff4cb"),
    (Rules(players=6), 1352, "9fd2bc636c3dbaef", "9f9874ed88c65811"),
    (Rules(players=4, helpers=True), 7080, "7a3215c0d20c43a5", "9f501c943d6d9816"),
    (
        Rules(players=4, alternate=("victory_points_played", "ignore_seven", "knight_interrupts")),
        562,
        "c77bd5149decd92b",
        "c030083be56ff4cb",
    ),
    (
        Rules(players=5, map_kind="big-islands", pirate=True),
        2577,
        "ded21fa972bbd675",
        "c1cbcf639769c6e0",
    ),
    (
        Rules(players=4, map_kind="islands", ships=True),
        45479,
        "905bf478a4f94b02",
        "e2a35534c6710e58",
    ),
    (Rules(players=3, ships=True, pirate=True), 18533, "4c946a8d747e35fd", "566f130a65b2007f"),
    (
        Rules(players=4, helpers=True, pirate=True, map_kind="islands"),
        21198,
        "e9481687d0e1cf55",
        "17d1f61086e5ada4",
    ),
]
"""(rules, layout size, digest of its blocks, digest of a random game's observations)."""


def _blocks_digest(rules: Rules) -> str:
    lay = action_layout(rules)
    blocks = [
        (b.family.kind.name, b.start, b.size, tuple(f.name for f in b.family.fields))
        for b in lay.blocks
    ]
    return hashlib.sha256(repr(blocks).encode()).hexdigest()[:16]


def _observations_digest(rules: Rules) -> str:
    """120 random steps from seed 3, every observation of the seat to move, hashed."""
    s = new_game(replace(rules, seed=3))
    enc = Encoder(rules)
    digest = hashlib.sha256()
    rng = random.Random(0)
    for _ in range(120):
        if is_over(s):
            break
        p = to_move(s)
        flat, _ = enc.encode(observe(s, p))
        digest.update(flat.tobytes())
        apply(s, rng.choice(legal_actions(s, p)))
    return digest.hexdigest()[:16]


def test_the_table_is_the_frozen_one() -> None:
    table = tuple((f.kind.name, tuple(x.name for x in f.fields)) for f in families())
    assert table == FROZEN_TABLE
    assert families()[: len(FAMILIES)] == tuple(FAMILIES)  # the base game's come first


@pytest.mark.parametrize("rules, size, blocks, observations", FROZEN)
def test_layouts_and_observations_are_the_frozen_ones(
    rules: Rules, size: int, blocks: str, observations: str
) -> None:
    assert action_layout(rules).size == size
    assert _blocks_digest(rules) == blocks
    assert _observations_digest(rules) == observations


def test_each_scenario_kind_comes_from_its_own_package_face() -> None:
    """Every scenario family is declared by exactly one RL face, and the faces a rules
    configuration turns on are those of its scenarios."""
    declared = [fam.kind for face in all_faces() for fam in face.FAMILIES]
    assert len(declared) == len(set(declared)) == len(FROZEN_TABLE) - len(FAMILIES)
    assert {f.kind for f in FAMILIES}.isdisjoint(declared)
    helpers = faces.face("helpers", "rl")
    assert faces_on(Rules(players=4, helpers=True, seed=5)) == (helpers,)
    assert faces_on(Rules(players=4)) == ()
    both = faces_on(Rules(players=3, ships=True, pirate=True))
    assert both == (faces.face("pirate", "rl"), faces.face("ships", "rl"))
