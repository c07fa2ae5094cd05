"""Marianne (Helpers of CATAN, "Helpers in Detail").

"Use this advantage on any player's turn. If any production roll is not a '7' and you
receive no resources, take any 1 resource card of your choice. You get to use this
advantage before any other helper is used by one of your opponents."
"""

from __future__ import annotations

from pysettlers.engine import Phase, deciders, legal_actions
from pysettlers.engine.scenarios.helpers import helpers_of
from support.builders import assert_illegal, hand, legal, play
from support.helper_builders import helper_position
from support.helper_positions import MARIANNE_PIECES, marianne_position

RULE = "Helpers in Detail (Marianne)"
TURN = "Turn Overview"


# A 6 pays p1 (hills (0,-1)); p2's settlement touches the desert, the forest 3, fields 4.
def test_on_another_players_turn_after_a_roll_that_pays_nothing() -> None:
    s = marianne_position(hands={"p1": "2ore"})
    play(s, ("p0 roll", (3, 3)))
    assert hand(s, 1) == "1brick+2ore"
    assert s.phase == Phase.HELPER_REACT and deciders(s) == (2,)
    assert legal(s) == [f"p2 marianne {r}" for r in ("brick", "lumber", "wool", "grain", "ore")] + [
        "p2 decline"
    ]
    # Before any helper of an opponent: the roller waits.
    assert legal_actions(s, 0) == []
    assert_illegal(s, "p0 hilde p1", TURN)
    play(s, "p2 marianne grain")
    assert hand(s, 2) == "1grain"
    assert s.phase == Phase.HELPER_AFTER and deciders(s) == (2,)
    play(s, "p2 flip")
    assert s.phase == Phase.MAIN and deciders(s) == (0,)
    play(s, "p0 hilde p1")  # now p0 may use Hilde


def test_not_asked_after_receiving_something() -> None:
    s = marianne_position(owner="p1")
    play(s, ("p0 roll", (3, 3)))
    assert s.phase == Phase.MAIN


def test_not_on_a_seven() -> None:
    s = marianne_position()
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.MOVE_ROBBER


def test_declining_keeps_her_unused() -> None:
    s = marianne_position()
    play(s, ("p0 roll", (3, 3)), "p2 decline")
    assert s.phase == Phase.MAIN and hand(s, 2) == "nothing"
    assert helpers_of(s) is not None and helpers_of(s).used[2] == -1 and helpers_of(s).side[2] == 0


def test_on_her_owners_own_turn() -> None:
    s = helper_position({"p0": "marianne"}, pieces=MARIANNE_PIECES, phase="pre_roll")
    play(s, ("p0 roll", (3, 3)))
    assert s.phase == Phase.HELPER_REACT and deciders(s) == (0,)
    play(s, "p0 marianne ore", "p0 flip")
    assert s.phase == Phase.MAIN and hand(s, 0) == "1ore"
    assert_illegal(s, "p0 marianne ore", TURN)


def test_a_shortage_that_pays_nothing_counts_as_nothing_received() -> None:
    # A 10: p1 and p2 are both owed ore from the mountains (0,-2) but the bank has one ore
    # left, so neither receives any (Almanac, Resource Production).
    pieces = {"p1": {"settlements": ["(0,-1)N"]}, "p2": {"settlements": ["(0,-2)N"]}}
    s = marianne_position(pieces=pieces, bank="19brick+19lumber+19wool+19grain+1ore")
    play(s, ("p0 roll", (4, 6)))
    assert hand(s, 1) == hand(s, 2) == "nothing"
    assert s.phase == Phase.HELPER_REACT and deciders(s) == (2,)
    play(s, "p2 marianne ore")
    assert hand(s, 2) == "1ore"


def test_prohibitions_on_another_players_turn() -> None:
    s = marianne_position(received={"p2": 10}, turn=10)  # received on this very turn
    play(s, ("p0 roll", (3, 3)))
    assert s.phase == Phase.MAIN
    s = marianne_position(used={"p2": 10}, turn=10)  # already used on this turn
    play(s, ("p0 roll", (3, 3)))
    assert s.phase == Phase.MAIN


def test_nothing_to_take_from_an_empty_bank() -> None:
    s = marianne_position(bank="0brick+0lumber+0wool+0grain+0ore")
    play(s, ("p0 roll", (3, 3)))
    assert s.phase == Phase.MAIN


def test_only_when_asked() -> None:
    s = marianne_position(phase="main")
    assert_illegal(s, "p2 marianne ore", TURN)
