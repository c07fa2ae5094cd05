"""Nassir (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. First declare a resource card type (for
example, you could say 'wool'). Next, choose 1 or 2 opponents. Those opponents must each
give you 1 card of the declared type (if they have it). Finally, for each resource card
you received in this way, you must give the player that gave it to you 1 resource card of
your choice in return."
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Phase, Rules, deciders
from pysettlers.engine.scenarios.helpers.events import NassirTraded
from support.builders import assert_illegal, hand, legal, play, targets
from support.helper_positions import nassir_position

RULE = "Helpers in Detail (Nassir)"


def test_forced_trade_with_an_opponent_lacking_the_resource() -> None:
    s = nassir_position()
    play(s, "p0 nassir wool from p1,p2")
    # p1 gives a wool; p2 has none and gives nothing.
    assert hand(s, 0) == "1wool+1ore" and hand(s, 1) == "1brick+1wool" and hand(s, 2) == "1grain"
    assert s.phase == Phase.NASSIR_REPAY and deciders(s) == (0,)
    # One card back to p1, any card of p0's: even the wool just received.
    assert legal(s) == ["p0 repay p1 wool", "p0 repay p1 ore"]
    assert_illegal(s, "p0 repay p2 ore", RULE)
    play(s, "p0 repay p1 ore")
    assert hand(s, 0) == "1wool" and hand(s, 1) == "1brick+1wool+1ore"
    assert s.phase == Phase.HELPER_AFTER
    play(s, "p0 flip")
    assert s.phase == Phase.MAIN


def test_two_givers_two_cards_back() -> None:
    s = nassir_position()
    play(s, "p0 nassir wool from p1,p3")
    assert hand(s, 0) == "2wool+1ore"
    play(s, "p0 repay p3 ore")
    assert s.phase == Phase.NASSIR_REPAY
    assert legal(s) == ["p0 repay p1 wool"]
    play(s, "p0 repay p1 wool")
    assert hand(s, 0) == "1wool" and hand(s, 1) == "1brick+2wool" and hand(s, 3) == "1ore"
    assert s.phase == Phase.HELPER_AFTER


def test_nobody_has_it() -> None:
    s = nassir_position()
    play(s, "p0 nassir lumber from p2,p3")
    assert hand(s, 0) == "1ore" and s.phase == Phase.HELPER_AFTER
    assert s.events[0] == NassirTraded(0, 1, 0b1100, ())


@pytest.mark.parametrize("text", ["p0 nassir wool from p1,p2,p3", "p0 nassir wool from p0"])
def test_one_or_two_opponents(text: str) -> None:
    s = nassir_position()
    assert_illegal(s, text, RULE)


def test_every_choice_is_listed() -> None:
    s = nassir_position()
    # 5 resources x (3 single opponents + 3 pairs)
    assert len(targets(s, "nassir")) == 30


def test_in_the_trade_phase() -> None:
    s = nassir_position(phase="pre_roll")
    assert_illegal(s, "p0 nassir wool from p1", "Turn Overview")
    separate = Rules(map_kind="beginner", helpers=True, trade_build="separate")
    s = nassir_position(rules=separate, phase="build")
    assert_illegal(s, "p0 nassir wool from p1", "Turn Overview")
