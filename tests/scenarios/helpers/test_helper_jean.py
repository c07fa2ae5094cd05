"""Jean (Helpers of CATAN, "Helpers in Detail").

"During your turn, choose 1 resource type. You may exchange that resource type with the
supply at a 2:1 rate as often as you like during this turn (for example, if you choose ore,
you can give 2 ore to the supply and take any 1 other resource of your choice)."
"""

from __future__ import annotations

from pysettlers.engine import Phase, Rules
from pysettlers.engine.scenarios.helpers import helpers_of
from support.builders import assert_illegal, hand, legal, play
from support.helper_builders import helper_position

MARITIME = "Maritime Trade"


def test_two_to_one_as_often_as_you_like_this_turn() -> None:
    s = helper_position({"p0": "jean"}, hands={"p0": "6ore+3wool"})
    assert_illegal(s, "p0 maritime 2ore for 1brick", MARITIME)
    uses = [a for a in legal(s) if a.startswith("p0 jean ")]
    assert uses == [f"p0 jean {r}" for r in ("brick", "lumber", "wool", "grain", "ore")]
    play(s, "p0 jean ore", "p0 exchange hilde")  # Jean's rate outlasts the exchange
    assert "p0 maritime 2ore for 1brick" in legal(s)
    assert "p0 maritime 4ore for 1brick" not in legal(s)
    play(s, "p0 maritime 2ore for 1brick", "p0 maritime 4ore for 1lumber+1grain")
    assert hand(s, 0) == "1brick+1lumber+3wool+1grain"
    assert_illegal(s, "p0 maritime 2wool for 1ore", MARITIME)  # wool still at 4:1


def test_the_rate_ends_with_the_turn() -> None:
    s = helper_position({"p0": "jean", "p1": "hilde"}, hands={"p0": "2ore", "p1": "2ore"})
    play(s, "p0 jean ore", "p0 flip", "p0 end")
    assert helpers_of(s) is not None and helpers_of(s).jean == -1
    play(s, ("p1 roll", (1, 1)))
    assert_illegal(s, "p1 maritime 2ore for 1brick", MARITIME)


def test_only_for_the_current_player() -> None:
    s = helper_position({"p0": "jean"}, hands={"p0": "2ore", "p1": "2ore"})
    play(s, "p0 jean ore", "p0 flip", "p0 offer 1ore for 1brick to p1")
    assert s.phase == Phase.TRADE_RESPONSE  # the others keep their own ratios meanwhile


def test_a_trade_of_the_trade_phase() -> None:
    s = helper_position({"p0": "jean"}, hands={"p0": "2ore"}, phase="pre_roll")
    assert_illegal(s, "p0 jean ore", "Turn Overview")
    separate = Rules(map_kind="beginner", helpers=True, trade_build="separate")
    s = helper_position({"p0": "jean"}, rules=separate, hands={"p0": "2ore"}, phase="build")
    assert_illegal(s, "p0 jean ore", "Turn Overview")


def test_the_bank_limits_the_trade() -> None:
    s = helper_position(
        {"p0": "jean"}, hands={"p0": "2ore"}, bank="0brick+19lumber+19wool+19grain+17ore"
    )
    play(s, "p0 jean ore", "p0 flip")
    assert_illegal(s, "p0 maritime 2ore for 1brick", MARITIME)
    play(s, "p0 maritime 2ore for 1lumber")


def test_a_harbor_rate_is_not_worsened() -> None:
    # p0's settlement on the generic 3:1 harbor at (0,-2)NW; Jean on ore.
    s = helper_position(
        {"p0": "jean"},
        pieces={"p0": {"settlements": ["(0,-2)N"]}},
        hands={"p0": "2ore+3wool"},
    )
    play(s, "p0 jean ore", "p0 flip")
    assert "p0 maritime 2ore for 1brick" in legal(s)
    assert "p0 maritime 3wool for 1brick" in legal(s)
