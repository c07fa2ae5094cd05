"""Vincent (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. You may discard 1 knight card that you
have already played to reduce your building costs as follows (choose one): build 1
settlement for 1 lumber plus 1 brick; upgrade a settlement to a city for 2 ore plus 1
grain."
"""

from __future__ import annotations

from pysettlers.engine import Phase
from pysettlers.engine.events import LargestArmyMoved
from pysettlers.engine.scenarios.helpers import helpers_of
from support.builders import assert_illegal, hand, legal, play, targets
from support.helper_positions import vincent_position

RULE = "Helpers in Detail (Vincent)"


def test_a_settlement_for_lumber_and_brick() -> None:
    s = vincent_position("1brick+1lumber+1ore")
    assert targets(s, "vincent") == {"settlement (0,0)N"}
    assert "p0 settlement (0,0)N" not in legal(s)  # the usual cost is not held
    play(s, "p0 vincent settlement (0,0)N")
    assert s.building_owner[s.topo.parse_intersection("(0,0)N")] == 0
    assert hand(s, 0) == "1ore" and s.public_vp[0] == 2
    # The knight card is discarded: no longer among p0's played knights, out of the game.
    assert s.knights[0] == 0 and s.played[0] == 0
    assert helpers_of(s) is not None and helpers_of(s).knights_discarded[0] == 1
    assert s.phase == Phase.HELPER_AFTER
    play(s, "p0 flip")
    assert s.phase == Phase.MAIN


def test_a_city_for_two_ore_and_a_grain() -> None:
    s = vincent_position("1grain+2ore")
    assert targets(s, "vincent") == {"city (0,1)N"}
    play(s, "p0 vincent city (0,1)N")
    assert s.building_level[s.topo.parse_intersection("(0,1)N")] == 2
    assert hand(s, 0) == "nothing" and s.public_vp[0] == 2 and s.knights[0] == 0


def test_a_played_knight_is_needed() -> None:
    s = vincent_position("1brick+1lumber", knights=0, dev={"p0": "knight"})  # held, not played
    assert "vincent" not in " ".join(legal(s))
    err = assert_illegal(s, "p0 vincent settlement (0,0)N", RULE)
    assert "played knight" in err.message


def test_the_building_rules_still_apply() -> None:
    s = vincent_position("2brick+2lumber+2grain+2ore")
    assert_illegal(s, "p0 vincent settlement (1,-1)S", RULE)  # the distance rule
    assert_illegal(s, "p0 vincent city (0,0)N", RULE)  # no settlement of p0's there
    s = vincent_position("1brick+1grain")
    assert_illegal(s, "p0 vincent settlement (0,0)N", RULE)  # no lumber


def test_discarding_a_knight_can_pass_largest_army_on() -> None:
    # p0 took Largest Army with 3 knights before p1 caught up with 3.
    s = vincent_position("1brick+1lumber", knights=3, more={"p1": 3}, largest_army=0)
    assert s.public_vp[0] == 3 and s.public_vp[1] == 0
    play(s, "p0 vincent settlement (0,0)N")
    assert s.largest_army == 1 and s.public_vp[1] == 2
    assert s.public_vp[0] == 2  # +1 settlement, -2 Largest Army


def test_discarding_a_knight_can_set_largest_army_aside() -> None:
    s = vincent_position("1brick+1lumber", knights=3, more={"p1": 2})
    assert s.largest_army == 0
    play(s, "p0 vincent settlement (0,0)N")
    assert s.largest_army == -1 and s.knights == [2, 2, 0, 0]
    assert LargestArmyMoved(-1) in s.events
