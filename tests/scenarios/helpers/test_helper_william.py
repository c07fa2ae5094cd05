"""William (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. When you build a road, you may alter the
resources required to build that road. Instead of the usual 1 lumber plus 1 brick, you may
substitute either the lumber or the brick with any 1 other resource of your choice (for
example, you could build a road for 1 lumber plus 1 wool)."
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Phase
from support.builders import assert_illegal, hand, legal, play, targets
from support.helper_positions import william_position

RULE = "Helpers in Detail (William)"

SITES = {"(0,0)SE", "(1,0)SW", "(1,-1)SW", "(1,-1)SE"}


def test_a_road_for_lumber_and_wool() -> None:
    s = william_position("1lumber+1wool")
    assert "road" not in {t.split()[1] for t in legal(s)}
    assert targets(s, "william") == {f"{e} 1lumber+1wool" for e in SITES}
    play(s, "p0 william (1,-1)SE 1lumber+1wool")
    assert s.road_owner[s.topo.parse_path("(1,-1)SE")] == 0
    assert hand(s, 0) == "nothing" and s.roads_left[0] == 13
    assert s.phase == Phase.HELPER_AFTER
    play(s, "p0 exchange hilde")
    assert s.phase == Phase.MAIN


@pytest.mark.parametrize(
    "payment", ["2brick", "1brick+1wool", "1brick+1grain", "1brick+1ore", "2lumber", "1lumber+1ore"]
)
def test_brick_or_lumber_substituted_by_any_other(payment: str) -> None:
    s = william_position("2brick+2lumber+1wool+1grain+1ore")
    play(s, f"p0 william (1,0)SW {payment}")


@pytest.mark.parametrize("payment", ["1brick+1lumber", "1wool+1grain", "2ore", "1brick"])
def test_not_the_usual_cost_and_not_both_substituted(payment: str) -> None:
    s = william_position("2brick+2lumber+1wool+1grain+2ore")
    assert_illegal(s, f"p0 william (1,0)SW {payment}", RULE)


def test_the_building_rules_still_apply() -> None:
    s = william_position("1brick+1wool")
    err = assert_illegal(s, "p0 william (2,0)E 1brick+1wool", RULE)
    assert "connect" in err.message
    assert_illegal(s, "p0 william (0,0)E 1brick+1wool", RULE)  # taken


def test_once_per_turn() -> None:
    s = william_position("2brick+2wool")
    play(s, "p0 william (1,0)SW 1brick+1wool", "p0 flip")
    err = assert_illegal(s, "p0 william (0,0)SE 1brick+1wool", "Helpers")
    assert "more than once" in err.message


def test_not_for_free_roads() -> None:
    s = william_position("1brick+1wool", dev={"p0": "road-building"})
    play(s, "p0 road-building")
    assert s.phase == Phase.ROAD_BUILDING
    assert_illegal(s, "p0 william (1,0)SW 1brick+1wool", "Turn Overview")
