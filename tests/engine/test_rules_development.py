"""Development cards: the deck, buying, the one-card-per-turn rule and each card's effect.

Almanac entries: "Development Cards", "Knight Cards", "Progress Cards" (Road Building, Year
of Plenty, Monopoly), "Victory Point Cards"; Game Rules 3.d and 4.b.
"""

from __future__ import annotations

import pytest

from pysettlers.engine import (
    ActionKind,
    DevCard,
    Phase,
    Rules,
    chance_outcomes,
    legal_actions,
    new_game,
    parse_action,
    save_state,
)
from pysettlers.engine.game import TURN_RULE
from support.builders import (
    assert_illegal,
    canonical,
    hand,
    legal,
    play,
    position,
    targets,
)

DEV = "Development Cards"
LIAM = {  # a settlement with two roads and three open paths (see test_rules_building)
    "p0": {"settlements": ["(0,0)N"], "roads": ["(1,-1)SW", "(1,-1)SE"]},
    "p1": {"settlements": ["(1,0)N"], "roads": ["(2,-1)SW"]},
}


def test_deck_of_25() -> None:
    # 14 knights, 2 each of the three progress cards, 5 victory point cards (BD §4).
    s = new_game(Rules())
    assert save_state(s)["deck"] == {
        "knight": 14,
        "road-building": 2,
        "year-of-plenty": 2,
        "monopoly": 2,
        "victory-point": 5,
    }
    s = position(hands={"p0": "1wool+1grain+1ore"})
    odds = dict(chance_outcomes(s, parse_action("p0 buy", s.topo)))
    assert odds == {
        DevCard.KNIGHT: pytest.approx(14 / 25),
        DevCard.ROAD_BUILDING: pytest.approx(2 / 25),
        DevCard.YEAR_OF_PLENTY: pytest.approx(2 / 25),
        DevCard.MONOPOLY: pytest.approx(2 / 25),
        DevCard.VICTORY_POINT: pytest.approx(5 / 25),
    }


def test_buying_costs_ore_wool_grain_and_draws_from_the_deck() -> None:
    s = position(hands={"p0": "1brick+1wool+1grain+1ore"})
    play(s, ("p0 buy", DevCard.MONOPOLY))
    assert hand(s, 0) == "1brick"
    assert s.dev_cards(0) == (0, 0, 0, 1, 0)
    assert save_state(s)["deck"]["monopoly"] == 1
    assert_illegal(s, "p0 buy", "Building Costs")
    s = position(hands={"p0": "1wool+1grain+1ore"}, phase="pre_roll")
    assert_illegal(s, "p0 buy", TURN_RULE)  # buying is part of building, after the roll


def test_cannot_buy_from_an_empty_deck() -> None:
    # Game Rules 3.d: "you cannot buy development cards if the supply is empty."
    s = position(
        hands={"p0": "1wool+1grain+1ore"},
        dev={"p1": "14knight", "p2": "2road-building+2year-of-plenty+2monopoly+5victory-point"},
    )
    assert sum(s.deck) == 0
    assert_illegal(s, "p0 buy", DEV)
    assert "p0 buy" not in legal(s)


def test_draw_must_be_a_card_left_in_the_deck() -> None:
    s = position(hands={"p0": "1wool+1grain+1ore"}, dev={"p2": "5victory-point"})
    assert_illegal(s, ("p0 buy", DevCard.VICTORY_POINT), DEV)
    play(s, ("p0 buy", DevCard.KNIGHT))


def test_not_a_card_bought_this_turn() -> None:
    # "You may not, however, play a card that you bought during the same turn."
    s = position(
        Rules(players=3, map_kind="beginner"), pieces=LIAM, hands={"p0": "1wool+1grain+1ore"}
    )
    play(s, ("p0 buy", DevCard.KNIGHT))
    assert_illegal(s, "p0 knight", DEV)
    play(s, "p0 end", ("p1 roll", (1, 2)), "p1 end", ("p2 roll", (1, 2)), "p2 end")
    assert s.phase == Phase.PRE_ROLL and s.current == 0
    assert "p0 knight" in legal(s)  # bought on an earlier turn: playable, even before rolling


def test_an_older_card_of_the_same_kind_is_playable() -> None:
    s = position(pieces=LIAM, hands={"p0": "1wool+1grain+1ore"}, dev={"p0": "knight"})
    play(s, ("p0 buy", DevCard.KNIGHT))
    play(s, "p0 knight")
    assert s.dev_cards(0)[DevCard.KNIGHT] == 1  # the new one stays in hand


def test_only_one_knight_or_progress_card_per_turn() -> None:
    # "You may only play 1 development card during your turn—either 1 knight card or 1
    # progress card."
    s = position(pieces=LIAM, dev={"p0": "2knight+monopoly+road-building"}, phase="pre_roll")
    play(s, "p0 knight", "p0 robber (1,0) p1", ("p0 roll", (2, 3)))
    assert_illegal(s, "p0 monopoly ore", DEV)
    assert_illegal(s, "p0 knight", DEV)
    assert_illegal(s, "p0 road-building", DEV)
    assert not {a.kind for a in legal_actions(s)} & {
        ActionKind.PLAY_KNIGHT,
        ActionKind.PLAY_MONOPOLY,
        ActionKind.PLAY_ROAD_BUILDING,
    }


def test_progress_card_before_the_roll_then_nothing_more() -> None:
    # "You can play the card at any time, even before you roll the dice."
    s = position(pieces=LIAM, hands={"p1": "2ore"}, dev={"p0": "monopoly+knight"}, phase="pre_roll")
    play(s, "p0 monopoly ore")
    assert hand(s, 0) == "2ore"
    assert s.phase == Phase.PRE_ROLL
    assert_illegal(s, "p0 knight", DEV)
    play(s, ("p0 roll", (6, 6)))


def test_no_card_on_another_players_turn() -> None:
    s = position(pieces=LIAM, dev={"p1": "knight+monopoly"})
    assert_illegal(s, "p1 knight", TURN_RULE)
    assert_illegal(s, "p1 monopoly ore", TURN_RULE)


def test_victory_point_cards_are_never_played_but_count() -> None:
    # Victory Point Cards: kept hidden, each worth 1 VP; there is no "play" for them.
    s = position(pieces=LIAM, dev={"p0": "2victory-point"}, phase="pre_roll")
    assert legal(s) == ["p0 roll"]
    assert s.total_vp(0) == 3
    assert s.public_vp[0] == 1
    assert s.phase == Phase.PRE_ROLL  # 3 points: no winner


def test_road_building_places_two_free_roads() -> None:
    # Progress Cards: "you may immediately place 2 free roads on the board (according to
    # normal building rules)."
    s = position(pieces=LIAM, dev={"p0": "road-building"})
    play(s, "p0 road-building")
    assert s.phase == Phase.ROAD_BUILDING
    assert_illegal(s, "p0 road (1,-1)E", "Roads")  # normal building rules still apply
    assert_illegal(s, "p0 end", TURN_RULE)  # the roads come first
    play(s, "p0 road (0,0)E", "p0 road (0,0)SE")
    assert hand(s, 0) == "nothing"  # free
    assert s.phase == Phase.MAIN
    assert s.roads_left[0] == 11
    assert s.dev_cards(0) == (0, 0, 0, 0, 0)


# Fourteen coastal roads from (0,-2)N: one road left in p0's supply.
FOURTEEN_ROADS = [
    "(0,-2)NW", "(0,-2)W", "(-1,-1)NW", "(-1,-1)W", "(-2,0)NW", "(-2,0)W", "(-2,0)SW",
    "(-2,1)W", "(-2,1)SW", "(-2,2)W", "(-2,2)SW", "(-2,2)SE", "(-1,2)SW", "(-1,2)SE",
]  # fmt: skip


def test_road_building_with_one_road_left_places_one() -> None:
    s = position(
        pieces={"p0": {"settlements": ["(0,-2)N"], "roads": FOURTEEN_ROADS}},
        dev={"p0": "road-building"},
    )
    play(s, "p0 road-building", "p0 road (0,2)SW")
    assert s.phase == Phase.MAIN
    assert s.roads_left[0] == 0


def test_road_building_with_one_legal_path_places_one() -> None:
    # p0's settlement on (0,-2)N with a road to (0,-2)NE; every other path there is taken,
    # and the one open path ends at p2's settlement on (1,-2)N, beyond which p0 cannot build.
    s = position(
        pieces={
            "p0": {"settlements": ["(0,-2)N"], "roads": ["(0,-2)NE"]},
            "p1": {
                "settlements": ["(-1,-1)N", "(0,-1)N"],
                "roads": ["(0,-2)NW", "(0,-2)W", "(0,-2)E"],
            },
            "p2": {"settlements": ["(1,-2)N"], "roads": ["(1,-2)NE"]},
        },
        dev={"p0": "road-building"},
    )
    assert targets(s, "road") == set()  # p0 cannot pay for a road
    play(s, "p0 road-building")
    assert targets(s, "road") == canonical(s, "path", "(1,-2)NW")
    play(s, "p0 road (1,-2)NW")
    assert s.phase == Phase.MAIN
    assert s.roads_left[0] == 13


def test_road_building_needs_a_place_for_a_road() -> None:
    s = position(
        pieces={"p0": {"settlements": ["(0,-2)N"], "roads": FOURTEEN_ROADS + ["(0,2)SW"]}},
        dev={"p0": "road-building"},
    )
    assert_illegal(s, "p0 road-building", DEV)


def test_year_of_plenty_takes_any_two_and_they_can_be_used_at_once() -> None:
    # "you may immediately take any 2 resource cards from the supply stacks. You may use
    # these resource cards to build during the same turn."
    s = position(pieces=LIAM, dev={"p0": "year-of-plenty"})
    play(s, "p0 year-of-plenty brick lumber")
    assert hand(s, 0) == "1brick+1lumber"
    play(s, "p0 road (0,0)E")
    s = position(pieces=LIAM, dev={"p0": "year-of-plenty"})
    play(s, "p0 year-of-plenty ore ore")
    assert hand(s, 0) == "2ore"
    s = position(pieces=LIAM, dev={"p0": "year-of-plenty"})
    assert_illegal(s, "p0 year-of-plenty ore", DEV)  # two cards while the bank has them


def test_year_of_plenty_is_limited_by_the_bank() -> None:
    s = position(pieces=LIAM, dev={"p0": "year-of-plenty"}, hands={"p3": "18ore"})
    assert_illegal(s, "p0 year-of-plenty ore ore", DEV)
    play(s, "p0 year-of-plenty ore grain")
    assert hand(s, 0) == "1grain+1ore"
    # A bank down to its last card gives that one card.
    s = position(pieces=LIAM, dev={"p0": "year-of-plenty"}, bank="1wool")
    assert legal(s).count("p0 year-of-plenty wool") == 1
    assert_illegal(s, "p0 year-of-plenty wool grain", DEV)
    play(s, "p0 year-of-plenty wool")
    assert hand(s, 0) == "1wool"


def test_monopoly_takes_all_of_one_resource() -> None:
    # "All the other players must give you all of the resource cards of this type that they
    # have in their hands."
    s = position(
        pieces=LIAM,
        dev={"p0": "monopoly"},
        hands={"p0": "1wool", "p1": "3wool+2ore", "p2": "1brick", "p3": "2wool"},
    )
    play(s, "p0 monopoly wool")
    assert [hand(s, p) for p in range(4)] == ["6wool", "2ore", "1brick", "nothing"]


def test_played_progress_cards_leave_the_game() -> None:
    # "Then the card is removed from the game" — it does not return to the deck.
    s = position(pieces=LIAM, dev={"p0": "monopoly"})
    deck = list(s.deck)
    play(s, "p0 monopoly ore")
    assert list(s.deck) == deck
    assert sum(s.dev_cards(0)) == 0
