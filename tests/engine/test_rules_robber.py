"""Rolling a 7, discarding half, moving the robber and stealing; the knight's robber move.

The Almanac entries are "Rolling a '7' and Activating the Robber", "Robber" and "Knight
Cards". Positions are on the beginner map; the robber starts in the desert (0,0).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import (
    GameState,
    Phase,
    Resource,
    Rules,
    chance_outcomes,
    deciders,
    parse_action,
)
from pysettlers.engine.game import DISCARD_RULE, ROBBER_RULE, TURN_RULE
from support.builders import BEGINNER, assert_illegal, board_with, hand, play, position, targets

# Forest 3 at (1,0): p1 on its N corner, p2 on its S corner.
PIECES = {
    "p0": {"settlements": ["(-2,1)SW"], "roads": ["(-2,1)W"]},
    "p1": {"settlements": ["(1,0)N"], "roads": ["(1,-1)SE"]},
    "p2": {"settlements": ["(1,0)S"], "roads": ["(0,1)E"]},
}


def discard_example(rules: Rules = BEGINNER) -> GameState:
    # Almanac, Rolling a "7": "Alex rolls a 7. He has only 6 cards in his hand. Larry has 8
    # cards and Will has 11. Larry must discard 4 cards and Will 5 (rounding down)."
    # Alex p0, Larry p1, Will p2; p3 holds exactly 7 ("more than 7 (i.e., 8 or more)").
    return position(
        rules,
        pieces=PIECES,
        hands={
            "p0": "2brick+2lumber+2wool",
            "p1": "2brick+2lumber+2wool+2ore",
            "p2": "2brick+3lumber+3grain+3ore",
            "p3": "7wool",
        },
        phase="pre_roll",
    )


def test_alex_larry_will_discard_example() -> None:
    s = discard_example()
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.DISCARD
    assert list(s.discards) == [0, 4, 5, 0]
    assert deciders(s) == (1, 2)
    # Nobody receives resources on a 7.
    assert hand(s, 0) == "2brick+2lumber+2wool"
    assert hand(s, 3) == "7wool"


def test_discards_are_the_players_choice_and_return_to_the_bank() -> None:
    s = discard_example()
    play(s, ("p0 roll", (6, 1)))
    bank_before = list(s.bank)
    play(s, "p1 discard 2ore+2wool")  # Larry keeps his brick and lumber for a road
    assert hand(s, 1) == "2brick+2lumber"
    play(s, "p2 discard 3lumber", "p2 discard 1brick+1grain")  # in parts, as Will chooses
    assert hand(s, 2) == "1brick+2grain+3ore"
    assert [s.bank[r] - bank_before[r] for r in range(5)] == [1, 3, 2, 1, 2]
    assert s.phase == Phase.MOVE_ROBBER
    assert deciders(s) == (0,)


def test_discard_refusals() -> None:
    s = discard_example()
    play(s, ("p0 roll", (5, 2)))
    # Alex (6 cards) and p3 (7 cards) owe nothing: it is not their decision.
    assert_illegal(s, "p0 discard 1brick", TURN_RULE)
    assert_illegal(s, "p3 discard 1wool", TURN_RULE)
    # Will owes 5, not 6; and only cards he holds.
    assert_illegal(s, "p2 discard 3lumber+3grain", DISCARD_RULE)
    assert_illegal(s, "p2 discard 1wool", DISCARD_RULE)
    assert_illegal(s, "p2 discard nothing", DISCARD_RULE)
    # The robber moves only after discarding.
    assert_illegal(s, "p0 robber (1,0) p1", TURN_RULE)
    play(s, "p2 discard 1brick+3lumber+1grain")
    assert_illegal(s, "p2 discard 1ore", TURN_RULE)  # Will is done


def test_discard_limit_option() -> None:
    # The discard limit is a rules option: with 9, Larry's 8 cards are safe; Will (11)
    # still gives back half, rounded down.
    s = discard_example(Rules(map_kind="beginner", discard_limit=9))
    play(s, ("p0 roll", (4, 3)))
    assert list(s.discards) == [0, 0, 5, 0]
    assert deciders(s) == (2,)


def test_no_discards_goes_straight_to_the_robber() -> None:
    s = position(pieces=PIECES, hands={"p1": "7ore"}, phase="pre_roll")
    play(s, ("p0 roll", (1, 6)))
    assert s.phase == Phase.MOVE_ROBBER
    assert hand(s, 1) == "7ore"


def robber_position(robber: str | None = None) -> GameState:
    return position(
        pieces=PIECES,
        hands={"p1": "2brick", "p2": "2ore+1wool", "p3": "3grain"},
        phase="pre_roll",
        robber=robber,
    )


def test_robber_must_move_to_another_hex_desert_allowed() -> None:
    # "You must move the robber ... to the number token of any other terrain hex or to the
    # desert hex." "You may not choose to leave the robber on the same hex."
    s = robber_position(robber="(1,0)")
    play(s, ("p0 roll", (2, 5)))
    assert_illegal(s, "p0 robber (1,0) p1", ROBBER_RULE)
    assert "(1,0)" not in {t.split()[0] for t in targets(s, "robber")}
    assert "(0,0)" in targets(s, "robber")
    play(s, "p0 robber (0,0)")
    assert s.topo.hex_names[s.robber] == "(0,0)"
    # "After moving the robber, your turn continues with the trade phase."
    assert s.phase == Phase.MAIN


def test_steal_from_a_chosen_adjacent_opponent() -> None:
    # "If the target hex is adjacent to 2 or more players' settlements or cities, you choose
    # which one you want to steal from." The card itself is random (the outcome).
    s = robber_position()
    play(s, ("p0 roll", (2, 5)))
    assert {t for t in targets(s, "robber") if t.startswith("(1,0)")} == {"(1,0) p1", "(1,0) p2"}
    play(s, ("p0 robber (1,0) p2", Resource.ORE))
    assert hand(s, 0) == "1ore"
    assert hand(s, 2) == "1wool+1ore"
    assert hand(s, 1) == "2brick"


def test_steal_is_one_random_card_of_the_victims_hand() -> None:
    s = robber_position()
    play(s, ("p0 roll", (2, 5)))
    a = parse_action("p0 robber (1,0) p2", s.topo)
    odds = dict(chance_outcomes(s, a))
    assert odds == {Resource.WOOL: pytest.approx(1 / 3), Resource.ORE: pytest.approx(2 / 3)}
    # The outcome must be a card the victim holds.
    assert_illegal(s, ("p0 robber (1,0) p2", Resource.BRICK), ROBBER_RULE)


def test_robber_victim_refusals() -> None:
    s = robber_position()
    play(s, ("p0 roll", (2, 5)))
    assert_illegal(s, "p0 robber (1,0) p3", ROBBER_RULE)  # p3 has no building there
    assert_illegal(s, "p0 robber (1,0)", ROBBER_RULE)  # someone there must be robbed
    # Only opponents can be robbed; on a hex with only p0's own settlement, nobody is.
    assert_illegal(s, "p0 robber (-2,1) p0", ROBBER_RULE)
    assert "(-2,1)" in targets(s, "robber")
    play(s, "p0 robber (-2,1)")
    assert hand(s, 0) == "nothing"


def test_no_steal_from_an_empty_hand() -> None:
    # Knight Cards: "If that player has no cards, you get nothing!"
    s = position(pieces=PIECES, hands={"p2": "3ore"}, phase="pre_roll")
    play(s, ("p0 roll", (3, 4)))
    before = [hand(s, p) for p in range(4)]
    play(s, "p0 robber (1,0) p1")  # p1 chosen, holds nothing
    assert [hand(s, p) for p in range(4)] == before
    assert s.phase == Phase.MAIN


def test_knight_moves_the_robber_without_discards() -> None:
    # Knight Cards: "you must immediately move the robber" — steps 1 and 2 of the 7, with
    # no discarding, even before the roll.
    s = position(
        pieces=PIECES,
        hands={"p1": "10brick", "p2": "9ore"},
        dev={"p0": "knight"},
        phase="pre_roll",
    )
    play(s, "p0 knight")
    assert s.phase == Phase.MOVE_ROBBER
    assert list(s.discards) == [0, 0, 0, 0]
    play(s, ("p0 robber (1,0) p1", Resource.BRICK))
    assert hand(s, 1) == "9brick"
    assert hand(s, 2) == "9ore"
    assert s.phase == Phase.PRE_ROLL  # the roll is still to come
    play(s, ("p0 roll", (5, 5)))
    assert s.phase == Phase.MAIN


def test_knight_after_the_roll_returns_to_the_turn() -> None:
    s = position(pieces=PIECES, hands={"p2": "1ore"}, dev={"p0": "knight"})
    play(s, "p0 knight", ("p0 robber (1,0) p2", Resource.ORE))
    assert s.phase == Phase.MAIN
    assert hand(s, 0) == "1ore"


def test_the_roller_discards_too() -> None:
    s = position(pieces=PIECES, hands={"p0": "9brick", "p1": "8ore"}, phase="pre_roll")
    play(s, ("p0 roll", (3, 4)))
    assert deciders(s) == (0, 1)
    play(s, "p0 discard 4brick", "p1 discard 4ore")
    assert s.phase == Phase.MOVE_ROBBER


def test_development_cards_are_not_counted_nor_stolen() -> None:
    # 6th edition, Development Cards: "They do not count toward the number of cards in your
    # hand when a 7 is rolled, and the robber may not steal them."
    s = position(pieces=PIECES, hands={"p1": "7ore"}, dev={"p1": "3knight"}, phase="pre_roll")
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.MOVE_ROBBER  # p1 holds 7 resource cards: no discard
    a = parse_action("p0 robber (1,0) p1", s.topo)
    assert [r for r, _ in chance_outcomes(s, a)] == [Resource.ORE]
    play(s, ("p0 robber (1,0) p1", Resource.ORE))
    assert s.dev_cards(1) == (3, 0, 0, 0, 0)


# Illustration H/L need a hills "4": the beginner map's Hills 6 at (0,-1) becomes a 4, with
# A = p1 on (0,-1)SW and B = p2 on (0,-1)NE; the robber starts on the Fields 12 (-1,-1).
HILLS_4 = board_with(BEGINNER, {"(0,-1)": ("hills", 4)})
A_AND_B = {"p1": {"settlements": ["(0,-1)SW"]}, "p2": {"settlements": ["(0,-1)NE"]}}


def test_niall_knight_moves_robber_from_fields_to_hills_4() -> None:
    # Knight Cards, Illustration H: "On Niall's turn, he plays a knight card and moves the
    # robber from the fields hex to the hills hex with the '4.' Niall may now steal a random
    # resource card from player A or B."
    s = position(
        board=HILLS_4,
        pieces=A_AND_B,
        hands={"p1": "1lumber", "p2": "1wool"},
        dev={"p0": "knight"},
        robber="(-1,-1)",
    )
    play(s, "p0 knight")
    assert {t for t in targets(s, "robber") if t.startswith("(0,-1)")} == {
        "(0,-1) p1",
        "(0,-1) p2",
    }
    play(s, ("p0 robber (0,-1) p2", Resource.WOOL))
    assert hand(s, 0) == "1wool"


def test_xander_robber_blocks_until_moved_again() -> None:
    # Robber, Illustration L: Xander rolls 7 and moves the robber from a fields hex to the
    # hills 4. "If a '4' is rolled in the coming turns, the owners of settlements 'A' and 'B'
    # do not receive a brick resource card. This lasts until the robber is moved again by
    # another '7' or a knight card."
    s = position(
        Rules(players=3, map_kind="beginner"),
        board=HILLS_4,
        pieces=A_AND_B,
        dev={"p1": "knight"},
        robber="(-1,-1)",
        phase="pre_roll",
    )
    play(s, ("p0 roll", (3, 4)), "p0 robber (0,-1) p1", "p0 end")
    play(s, ("p1 roll", (1, 3)))
    assert hand(s, 1) == "nothing"
    assert hand(s, 2) == "1wool"  # B's pasture 4 still produces
    play(s, "p1 knight", "p1 robber (0,0)", "p1 end")  # the knight moves it to the desert
    play(s, ("p2 roll", (2, 2)))
    assert hand(s, 1) == "1brick"
    assert hand(s, 2) == "1brick+2wool"
