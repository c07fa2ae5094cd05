"""Hilde (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. After your production roll has been
resolved, choose an opponent who has more victory points showing on the board than you
do. You may look at that player's hand of resource cards and take 1 resource card of your
choice."
"""

from __future__ import annotations

from pysettlers.engine import Phase, observe
from pysettlers.engine.events import HIDDEN
from pysettlers.engine.scenarios.helpers.events import HildeLooked, HildeTook
from support.builders import assert_illegal, hand, legal, play, targets
from support.helper_positions import hilde_position

RULE = "Helpers in Detail (Hilde)"


def test_look_at_a_richer_opponents_hand_and_take_a_card() -> None:
    s = hilde_position()
    # p1 (2 points) and p3 (3 points) show more than p0's 1; p2 shows as many.
    assert targets(s, "hilde") == {"p1", "p3"}
    play(s, "p0 hilde p1")
    assert s.phase == Phase.HILDE_TAKE
    assert legal(s) == ["p0 take wool", "p0 take ore"]
    play(s, "p0 take ore")
    assert hand(s, 0) == "1ore" and hand(s, 1) == "1wool+1ore"
    assert s.phase == Phase.HELPER_AFTER
    play(s, "p0 flip")
    assert s.phase == Phase.MAIN


def test_the_look_is_known_to_hilde_and_the_victim_only() -> None:
    s = hilde_position()
    play(s, "p0 hilde p1")
    for viewer in (0, 1):
        v = observe(s, viewer)
        assert v.ext.get("helpers") is not None and v.ext.get("helpers").look == (0, 0, 1, 0, 2)
        assert HildeLooked(0, 1, (0, 0, 1, 0, 2)) in v.events
    for viewer in (None, 2, 3):
        v = observe(s, viewer)
        assert v.ext.get("helpers") is not None and v.ext.get("helpers").look is None
        assert HildeLooked(0, 1, HIDDEN) in v.events
        assert v.to_json()["helpers"]["look"] is None
    play(s, "p0 take wool")
    assert HildeTook(0, 1, 2) in observe(s, 1).events
    assert HildeTook(0, 1, HIDDEN) in observe(s, 2).events


def test_no_eligible_opponent() -> None:
    # Everybody shows as many points as p0, or fewer.
    pieces = {
        "p0": {"settlements": ["(0,-1)N", "(1,-1)N"]},
        "p1": {"settlements": ["(0,1)N", "(-1,1)N"]},
        "p2": {"settlements": ["(2,-1)S"]},
    }
    s = hilde_position(pieces=pieces, hands={"p1": "2ore", "p2": "1grain"})
    assert not targets(s, "hilde")
    err = assert_illegal(s, "p0 hilde p1", RULE)
    assert "not more than" in err.message
    assert_illegal(s, "p0 hilde p3", RULE)


def test_an_opponent_with_no_card_offers_nothing() -> None:
    s = hilde_position(hands={"p1": "2ore"})
    assert targets(s, "hilde") == {"p1"}
    assert_illegal(s, "p0 hilde p3", RULE)


def test_hidden_victory_point_cards_do_not_show() -> None:
    # p2 shows 1 point like p0; its two victory point cards are not "showing on the board".
    s = hilde_position(dev={"p2": "2victory-point"})
    assert "p2" not in targets(s, "hilde")
    assert_illegal(s, "p0 hilde p2", RULE)


def test_only_after_the_roll() -> None:
    s = hilde_position(phase="pre_roll")
    assert_illegal(s, "p0 hilde p1", "Turn Overview")
    assert "hilde" not in " ".join(legal(s))


def test_not_oneself() -> None:
    s = hilde_position()
    assert_illegal(s, "p0 hilde p0", RULE)
