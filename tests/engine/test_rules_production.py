"""Resource production: the Almanac's worked examples, the robber's block and the bank shortage.

Positions are on the beginner map (Illustration A), whose 8s are Mountains (2,0) and Forest
(-2,1); where an example needs a hex the beginner map lacks, the map is changed with
``board_with`` and the test says so. Seats on the beginner map are red p0, blue p1, white
p2, orange p3 (``BEGINNER_SEATS``).
"""

from __future__ import annotations

from pysettlers.engine import Phase, new_game
from pysettlers.engine.game import TURN_RULE
from support.builders import BEGINNER, assert_illegal, bank, board_with, hand, play, position

# Illustration J needs a hills "4" next to a pasture "4": the beginner map's Hills 6 at
# (0,-1) becomes a Hills 4 beside the Pasture 4 at (1,-1).
J_BOARD = board_with(BEGINNER, {"(0,-1)": ("hills", 4)})
LOREN_A = "(0,-1)SW"  # touches Hills 4 (and Fields 12, Forest 11)
BRIDGET_B = "(0,-1)NE"  # touches Hills 4 and Pasture 4 (and Pasture 2)


def test_game_overview_a_ten_is_rolled() -> None:
    # Game Overview 5–6, on the beginner map: "If a '10' is rolled ... the red player
    # receives 1 ore card and the orange player receives 1 brick card."
    s = new_game(BEGINNER)
    before = [s.hand(p) for p in range(4)]
    play(s, ("p0 roll", (4, 6)))
    gained = [tuple(a - b for a, b in zip(s.hand(p), before[p])) for p in range(4)]
    assert gained == [(0, 0, 0, 0, 1), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (1, 0, 0, 0, 0)]


def test_the_roll_comes_first_and_only_once() -> None:
    # Turn Overview: "You must roll for resource production" — one roll per turn.
    s = new_game(BEGINNER)
    assert_illegal(s, "p0 end", TURN_RULE)
    play(s, ("p0 roll", (2, 3)))
    assert_illegal(s, ("p0 roll", (2, 3)), TURN_RULE)
    assert_illegal(s, ("p1 roll", (2, 3)), TURN_RULE)
    play(s, "p0 end")
    assert s.current == 1 and s.phase == Phase.PRE_ROLL
    assert_illegal(s, ("p1 roll", (0, 7)), "Resource Production")  # two dice of 1 to 6


def test_illustration_e_claudia_settlement_and_city_benny_city() -> None:
    # Almanac, Cities, Illustration E: Claudia (blue) rolls 8 and receives 3 ore — 1 for her
    # settlement, 2 for her city on the mountains 8; Benny (red) receives 2 lumber for his
    # city on the forest 8.
    s = position(
        pieces={
            "p0": {"cities": ["(-2,1)SW"], "roads": ["(-2,1)W"]},  # Benny, red
            "p1": {  # Claudia, blue
                "settlements": ["(2,0)N"],
                "cities": ["(2,0)S"],
                "roads": ["(2,0)NE", "(2,0)SE"],
            },
        },
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (6, 2)))
    assert hand(s, 1) == "3ore"
    assert hand(s, 0) == "2lumber"
    assert hand(s, 2) == hand(s, 3) == "nothing"
    assert bank(s) == "19brick+17lumber+19wool+19grain+16ore"
    assert s.phase == Phase.MAIN


def test_illustration_j_loren_and_bridget() -> None:
    # Almanac, Resource Production, Illustration J: Loren (blue) rolls 4; her settlement A
    # borders the hills 4: 1 brick. Bridget's red settlement B borders hills 4 and pasture 4:
    # 1 brick and 1 wool — production pays every player, not only the one who rolled.
    s = position(
        board=J_BOARD,
        pieces={"p1": {"settlements": [LOREN_A]}, "p0": {"settlements": [BRIDGET_B]}},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (1, 3)))
    assert hand(s, 1) == "1brick"
    assert hand(s, 0) == "1brick+1wool"


def test_illustration_j_with_a_city_at_a() -> None:
    # "If settlement A had been a city, she would have received 2 brick cards."
    s = position(
        board=J_BOARD,
        pieces={"p1": {"cities": [LOREN_A]}, "p0": {"settlements": [BRIDGET_B]}},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (2, 2)))
    assert hand(s, 1) == "2brick"
    assert hand(s, 0) == "1brick+1wool"


def test_other_numbers_produce_nothing() -> None:
    s = position(
        board=J_BOARD,
        pieces={"p1": {"cities": [LOREN_A]}, "p0": {"settlements": [BRIDGET_B]}},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (5, 5)))  # 10: Mountains (0,-2) and Hills (2,-1) — nobody there
    assert hand(s, 0) == hand(s, 1) == "nothing"


def test_robber_blocks_its_hex_illustration_l() -> None:
    # Almanac, Robber, Illustration L: with the robber on the hills 4, the owners of A and B
    # receive no brick when a 4 is rolled. Bridget's pasture 4 still pays her wool.
    s = position(
        board=J_BOARD,
        pieces={"p1": {"settlements": [LOREN_A]}, "p0": {"settlements": [BRIDGET_B]}},
        phase="pre_roll",
        current=1,
        robber="(0,-1)",
    )
    play(s, ("p1 roll", (3, 1)))
    assert hand(s, 1) == "nothing"
    assert hand(s, 0) == "1wool"


def test_robber_blocks_only_its_own_hex_of_that_number() -> None:
    # Beginner map: 8s are Mountains (2,0) and Forest (-2,1). The robber on the mountains
    # stops the ore; the other 8 still produces.
    s = position(
        pieces={"p0": {"cities": ["(-2,1)SW"]}, "p1": {"settlements": ["(2,0)N"]}},
        phase="pre_roll",
        current=1,
        robber="(2,0)",
    )
    play(s, ("p1 roll", (4, 4)))
    assert hand(s, 1) == "nothing"
    assert hand(s, 0) == "2lumber"


def test_bank_shortage_two_players_nobody_gets_it_other_resources_unaffected() -> None:
    # Almanac, Resource Production: "If there are not enough resource cards to give every
    # player all the production they earn, then no player receives any of that resource
    # that turn ... production of other types of resources is not affected."
    # Loren's city is owed 2 brick and Bridget 1 brick: 3 in all, the bank holds 2 (p2
    # holds the other 17).
    s = position(
        board=J_BOARD,
        pieces={"p1": {"cities": [LOREN_A]}, "p0": {"settlements": [BRIDGET_B]}},
        hands={"p2": "17brick"},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (2, 2)))
    assert hand(s, 1) == "nothing"
    assert hand(s, 0) == "1wool"
    assert s.bank[0] == 2


def test_bank_exactly_enough_pays_everyone() -> None:
    # The shortage rule applies only when the bank cannot pay everything owed.
    s = position(
        board=J_BOARD,
        pieces={"p1": {"cities": [LOREN_A]}, "p0": {"settlements": [BRIDGET_B]}},
        hands={"p2": "16brick"},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (2, 2)))
    assert hand(s, 1) == "2brick"
    assert hand(s, 0) == "1brick+1wool"
    assert s.bank[0] == 0


def test_bank_shortage_single_player_gets_what_is_left() -> None:
    # "Exception: If the shortage of resource cards only affects a single player, give that
    # player as many of these resources as are left in the supply." Loren's city is owed 2
    # brick and the bank has 1; Bridget (on the pasture 4 only for this roll) still gets wool.
    s = position(
        board=J_BOARD,
        pieces={"p1": {"cities": [LOREN_A]}, "p0": {"settlements": ["(1,-1)SE"]}},
        hands={"p2": "18brick"},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (1, 3)))
    assert hand(s, 1) == "1brick"
    assert hand(s, 0) == "1wool"
    assert s.bank[0] == 0


def test_bank_shortage_one_player_with_two_buildings_is_a_single_player() -> None:
    # Two of Loren's own buildings on the same resource are still one affected player.
    s = position(
        pieces={"p1": {"settlements": ["(2,0)N"], "cities": ["(2,0)S"]}},
        hands={"p3": "17ore"},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (5, 3)))
    assert hand(s, 1) == "2ore"
    assert s.bank[4] == 0


def test_empty_bank_pays_nothing_of_that_resource() -> None:
    s = position(
        pieces={"p1": {"settlements": ["(2,0)N"]}, "p0": {"cities": ["(-2,1)SW"]}},
        hands={"p3": "19ore"},
        phase="pre_roll",
        current=1,
    )
    play(s, ("p1 roll", (5, 3)))
    assert hand(s, 1) == "nothing"
    assert hand(s, 0) == "2lumber"
