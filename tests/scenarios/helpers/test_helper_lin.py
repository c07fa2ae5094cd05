"""Lin (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. You may use it before or after resolving
your production roll. If the robber is on a terrain hex, you may move the robber to the
desert. After moving the robber this way, you receive 1 resource of the type produced by
the vacated hex." Note 1: no card is taken from a player at the desert. Note 2: "once you
roll the dice for production, you cannot use Lin's advantage until after you take your
resource cards or completely resolve a '7' roll".
"""

from __future__ import annotations

from pysettlers.engine import Phase, Rules, observe
from support.builders import assert_illegal, bank, hand, legal, play, position, targets
from support.helper_builders import with_helpers
from support.helper_positions import lin_position

RULE = "Helpers in Detail (Lin)"


# p1's settlement touches the hills (0,-1), the forest (-1,0) and the desert (0,0).
def test_before_the_roll_robber_to_the_desert_and_a_card_of_the_vacated_hex() -> None:
    s = lin_position(phase="pre_roll")
    assert legal(s) == ["p0 roll", "p0 lin (0,0)"]
    play(s, "p0 lin (0,0)")
    assert s.topo.hex_names[s.robber] == "(0,0)"
    assert hand(s, 0) == "1brick"  # the hills produce brick
    assert hand(s, 1) == "2ore"  # Note 1: nothing is taken from p1 at the desert
    assert s.phase == Phase.HELPER_AFTER
    lin = observe(s, 2).to_json()["events"][0]
    assert lin == {
        "event": "lin",
        "player": 0,
        "vacated": "(0,-1)",
        "hex": "(0,0)",
        "received": "brick",
    }
    play(s, "p0 flip")
    assert s.phase == Phase.PRE_ROLL


def test_after_the_roll_too() -> None:
    s = lin_position()
    assert targets(s, "lin") == {"(0,0)"}
    play(s, "p0 lin (0,0)", "p0 exchange jean")
    assert hand(s, 0) == "1brick" and s.phase == Phase.MAIN


def test_robber_already_on_the_desert() -> None:
    s = lin_position(robber="(0,0)", phase="pre_roll")
    assert legal(s) == ["p0 roll"]
    err = assert_illegal(s, "p0 lin (0,0)", RULE)
    assert "not on a terrain hex" in err.message


def test_only_to_the_desert() -> None:
    s = lin_position()
    assert_illegal(s, "p0 lin (1,0)", RULE)


def test_not_in_the_middle_of_a_seven() -> None:
    s = lin_position(phase="pre_roll", hands={"p1": "2ore"})
    s = with_helpers(s, {"p0": "lin", "p1": "jean", "p2": "hilde", "p3": "nassir"})
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.MOVE_ROBBER
    assert_illegal(s, "p0 lin (0,0)", "Turn Overview")
    play(s, "p0 robber (1,0)")
    assert s.phase == Phase.MAIN
    play(s, "p0 lin (0,0)")
    assert hand(s, 0) == "1lumber"  # the robber left the forest (1,0)


def test_the_bank_limits_the_card() -> None:
    s = lin_position(bank="0brick+19lumber+19wool+19grain+17ore")
    play(s, "p0 lin (0,0)")
    assert s.topo.hex_names[s.robber] == "(0,0)" and hand(s, 0) == "nothing"
    assert bank(s) == "19lumber+19wool+19grain+17ore"


def test_two_deserts_with_five_players() -> None:
    rules = Rules(players=5, helpers=True, seed=4)
    s = position(rules, bank="24brick+24lumber+24wool+24grain+24ore")
    deserts = [s.topo.hex_names[h] for h, r in enumerate(s.board.hex_resource) if r == -1]
    terrain = next(h for h, r in enumerate(s.board.hex_resource) if r != -1)
    s = position(
        rules,
        bank="24brick+24lumber+24wool+24grain+24ore",
        robber=s.topo.hex_names[terrain],
    )
    s = with_helpers(s, {"p0": "lin"})
    assert len(deserts) == 2 and targets(s, "lin") == set(deserts)
    play(s, f"p0 lin {deserts[1]}")
    assert s.topo.hex_names[s.robber] == deserts[1]
