"""Sean (Helpers of CATAN, "Helpers in Detail").

"Use this advantage on any player's turn. When any production roll results in a '7,' you
may immediately use either of these two advantages: if you have more than 7 resource cards
in your hand, you do not have to discard any cards; if you have 7 or fewer resource cards
in your hand, you may take any 1 resource of your choice from the supply."
"""

from __future__ import annotations

from pysettlers.engine import Phase, Rules, deciders
from pysettlers.engine.scenarios.helpers import helpers_of
from support.builders import assert_illegal, hand, legal, play
from support.helper_positions import sean_position

RULE = "Helpers in Detail (Sean)"
TURN = "Turn Overview"


def test_more_than_seven_no_discard_on_another_players_turn() -> None:
    s = sean_position({"p1": "8ore", "p2": "9wool"})
    play(s, ("p0 roll", (3, 4)))
    # Immediately, before anyone discards.
    assert s.phase == Phase.HELPER_REACT and deciders(s) == (2,)
    assert legal(s) == ["p2 sean keep", "p2 decline"]
    play(s, "p2 sean keep", "p2 flip")
    assert hand(s, 2) == "9wool"
    assert s.phase == Phase.DISCARD and deciders(s) == (1,)
    play(s, "p1 discard 4ore")
    assert s.phase == Phase.MOVE_ROBBER


def test_seven_or_fewer_take_a_resource() -> None:
    s = sean_position({"p2": "7wool"})
    play(s, ("p0 roll", (3, 4)))
    assert legal(s) == [f"p2 sean {r}" for r in ("brick", "lumber", "wool", "grain", "ore")] + [
        "p2 decline"
    ]
    assert_illegal(s, "p2 sean keep", RULE)
    play(s, "p2 sean ore", "p2 exchange hilde")
    # Eight cards now, but the discards were set when the 7 was rolled.
    assert hand(s, 2) == "7wool+1ore"
    assert s.phase == Phase.MOVE_ROBBER


def test_keeping_is_only_for_a_hand_above_the_limit() -> None:
    s = sean_position({"p2": "9wool"})
    play(s, ("p0 roll", (3, 4)))
    assert_illegal(s, "p2 sean ore", RULE)


def test_declining_means_discarding() -> None:
    s = sean_position({"p2": "9wool"})
    play(s, ("p0 roll", (3, 4)), "p2 decline")
    assert s.phase == Phase.DISCARD and deciders(s) == (2,)
    assert helpers_of(s) is not None and helpers_of(s).used[2] == -1


def test_only_on_a_seven() -> None:
    s = sean_position({"p2": "9wool"})
    play(s, ("p0 roll", (3, 3)))
    assert s.phase != Phase.HELPER_REACT
    s = sean_position({"p2": "9wool"}, phase="main")
    assert_illegal(s, "p2 sean keep", TURN)


def test_on_its_owners_own_turn() -> None:
    s = sean_position({"p0": "9wool"}, owner="p0")
    play(s, ("p0 roll", (3, 4)), "p0 sean keep", "p0 flip")
    assert s.phase == Phase.MOVE_ROBBER and hand(s, 0) == "9wool"


def test_prohibitions_on_another_players_turn() -> None:
    s = sean_position({"p2": "9wool"}, received={"p2": 10}, turn=10)
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.DISCARD  # not asked: Sean came to p2 this very turn


def test_the_limit_follows_the_discard_option() -> None:
    # With a hand limit of 9, a hand of 9 is on the "7 or fewer" side of Sean.
    rules = Rules(map_kind="beginner", helpers=True, discard_limit=9)
    s = sean_position({"p2": "9wool"}, rules=rules)
    play(s, ("p0 roll", (3, 4)))
    assert "p2 sean keep" not in legal(s) and "p2 sean ore" in legal(s)
