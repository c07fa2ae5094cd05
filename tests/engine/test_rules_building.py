"""Building roads, settlements and cities: sites, costs and the supply of pieces.

Almanac entries: "Distance Rule" (Illustration F), "Roads" (Illustration K), "Settlements"
(Illustration M), "Cities", "Build", "Building Costs Cards". The illustrations are missing
from the text, so each test builds a position that matches the text's description.
"""

from __future__ import annotations

from pysettlers.engine import GameState
from pysettlers.engine.game import TURN_RULE
from support.builders import assert_illegal, canonical, hand, play, position, targets

COSTS = "Building Costs"
SETTLEMENTS = "Settlements"
ROADS = "Roads"
CITIES = "Cities"
DISTANCE = "Distance Rule"


def coleman_position(hands: str = "2brick+2lumber+2wool+2grain") -> GameState:
    # Illustration F: p1's settlement "A" on (0,0)N; Coleman (p0) has his own settlement on
    # (0,2)N and a road (0,2)N – (1,0)S – (0,1)N – (1,-1)S. (1,-1)S touches A and (1,0)S
    # touches his own settlement: both "B". Only (0,1)N — "C" — is at distance 2 from all.
    return position(
        pieces={
            "p0": {"settlements": ["(0,2)N"], "roads": ["(0,1)E", "(1,0)SW", "(0,0)E"]},
            "p1": {"settlements": ["(0,0)N"], "roads": ["(0,-1)E"]},
        },
        hands={"p0": hands},
    )


def test_distance_rule_illustration_f() -> None:
    # "You may only build a settlement at an intersection if all 3 of the adjacent
    # intersections are vacant (i.e., none are occupied by any settlements or cities—even
    # yours)."
    s = coleman_position()
    assert targets(s, "settlement") == canonical(s, "intersection", "(0,1)N")
    assert_illegal(s, "p0 settlement (1,-1)S", DISTANCE)  # next to A
    assert_illegal(s, "p0 settlement (1,0)S", DISTANCE)  # next to his own settlement
    assert_illegal(s, "p0 settlement (0,2)N", SETTLEMENTS)  # occupied
    play(s, "p0 settlement (0,1)N")
    assert s.total_vp(0) == 2


def test_settlement_must_connect_to_own_road_illustration_m() -> None:
    # Almanac, Settlements, Illustration M: Olivia "cannot build ... on 'C' because no blue
    # road leads to this intersection" — even if another player's road does.
    s = coleman_position()
    assert_illegal(s, "p0 settlement (-2,2)N", SETTLEMENTS)
    assert_illegal(s, "p0 settlement (1,-2)S", DISTANCE)  # at p1's road end, next to A
    s2 = position(
        pieces={
            "p0": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
            "p1": {"settlements": ["(0,-1)S"], "roads": ["(-1,0)E", "(0,0)SW"]},
        },
        hands={"p0": "1brick+1lumber+1wool+1grain"},
    )
    # (0,0)S is at the end of p1's road, far enough from every building, but p0 has no
    # road there.
    assert_illegal(s2, "p0 settlement (0,0)S", SETTLEMENTS)


LIAM = {
    # Illustration K: Liam (white p0) has a settlement on (0,0)N and roads to (1,-1)S and on to
    # (1,0)N, where orange (p1) has a settlement.
    "p0": {"settlements": ["(0,0)N"], "roads": ["(1,-1)SW", "(1,-1)SE"]},
    "p1": {"settlements": ["(1,0)N"], "roads": ["(2,-1)SW"]},
}


def test_road_connectivity_illustration_k() -> None:
    # Almanac, Roads: Liam "may build his road on any of the paths outlined in green. Each of
    # these paths connects to either Liam's road or his settlement, and is not blocked by the
    # orange player's settlement (see the path outlined in red)."
    s = position(pieces=LIAM, hands={"p0": "2brick+2lumber"})
    green = canonical(s, "path", "(0,-1)E", "(0,-1)SE", "(0,0)E")
    assert targets(s, "road") == green
    assert_illegal(s, "p0 road (1,-1)E", ROADS)  # the red path: through orange's settlement
    assert_illegal(s, "p0 road (2,-1)SW", ROADS)  # taken: one road per path
    assert_illegal(s, "p0 road (1,-1)SE", ROADS)  # his own road is there already
    assert_illegal(s, "p0 road (-2,2)SW", ROADS)  # connects to nothing of his
    play(s, "p0 road (0,0)E", "p0 road (0,0)SE")  # a road extends from his own new road
    assert hand(s, 0) == "nothing"


def test_road_costs_brick_and_lumber() -> None:
    s = position(pieces=LIAM, hands={"p0": "1brick+1lumber+1ore"})
    play(s, "p0 road (0,0)E")
    assert hand(s, 0) == "1ore"
    assert s.bank[0] == 19 and s.bank[1] == 19
    assert_illegal(s, "p0 road (0,-1)E", COSTS)


def test_settlement_costs_brick_lumber_wool_grain() -> None:
    s = coleman_position("1brick+1lumber+1wool+1grain+1ore")
    play(s, "p0 settlement (0,1)N")
    assert hand(s, 0) == "1ore"
    s = coleman_position("1brick+1lumber+1wool+1ore")
    assert_illegal(s, "p0 settlement (0,1)N", COSTS)


def test_city_upgrades_own_settlement_for_three_ore_two_grain() -> None:
    # Cities: "You can only upgrade an existing settlement to a city." A city is worth 2.
    s = coleman_position("3grain+4ore")
    assert s.total_vp(0) == 1
    assert_illegal(s, "p0 city (0,0)N", CITIES)  # p1's settlement
    assert_illegal(s, "p0 city (0,1)N", CITIES)  # no settlement there
    play(s, "p0 city (0,2)N")
    assert hand(s, 0) == "1grain+1ore"
    assert s.total_vp(0) == 2
    assert_illegal(s, "p0 city (0,2)N", CITIES)  # already a city
    s = coleman_position("2grain+2ore+1wool")
    assert_illegal(s, "p0 city (0,2)N", COSTS)


FIVE_SETTLEMENTS = {
    "p0": {
        "settlements": ["(0,-2)N", "(2,-2)NE", "(-2,0)NW", "(2,0)SE", "(-2,2)S"],
        "roads": ["(0,-2)NE", "(0,-2)E", "(2,-2)E", "(-2,0)W", "(2,0)E", "(-2,2)SW"],
    }
}


def test_no_sixth_settlement_until_a_city_returns_one() -> None:
    # Settlements: "If you have built all 5 of your settlements, you must upgrade 1 of your
    # settlements to a city before you can build another settlement." Cities: "When you
    # build a city, the upgraded settlement piece becomes available again."
    s = position(pieces=FIVE_SETTLEMENTS, hands={"p0": "1brick+1lumber+1wool+3grain+3ore"})
    assert targets(s, "settlement") == set()
    err = assert_illegal(s, "p0 settlement (0,-1)N", SETTLEMENTS)
    assert "5" in err.message
    play(s, "p0 city (0,-2)N")
    assert s.total_vp(0) == 6
    assert targets(s, "settlement") == canonical(s, "intersection", "(0,-1)N")
    play(s, "p0 settlement (0,-1)N")
    assert s.total_vp(0) == 7


def test_no_fifth_city() -> None:
    s = position(
        pieces={
            "p0": {
                "cities": ["(0,-2)N", "(2,-2)NE", "(-2,0)NW", "(2,0)SE"],
                "settlements": ["(-2,2)S"],
                "roads": FIVE_SETTLEMENTS["p0"]["roads"],
            }
        },
        hands={"p0": "2grain+3ore"},
    )
    assert s.total_vp(0) == 9
    err = assert_illegal(s, "p0 city (-2,2)S", CITIES)
    assert "4" in err.message


# Fifteen roads along the coast from (0,-2)N, counter-clockwise.
FIFTEEN_ROADS = [
    "(0,-2)NW", "(0,-2)W", "(-1,-1)NW", "(-1,-1)W", "(-2,0)NW", "(-2,0)W", "(-2,0)SW",
    "(-2,1)W", "(-2,1)SW", "(-2,2)W", "(-2,2)SW", "(-2,2)SE", "(-1,2)SW", "(-1,2)SE",
    "(0,2)SW",
]  # fmt: skip


def test_no_sixteenth_road() -> None:
    s = position(
        pieces={"p0": {"settlements": ["(0,-2)N"], "roads": FIFTEEN_ROADS}},
        hands={"p0": "1brick+1lumber"},
    )
    assert targets(s, "road") == set()
    err = assert_illegal(s, "p0 road (0,2)SE", ROADS)
    assert "15" in err.message


def test_no_building_before_the_roll_or_on_another_players_turn() -> None:
    # Build comes after the production roll, and only on one's own turn.
    s = position(
        pieces=LIAM, hands={"p0": "1brick+1lumber", "p1": "1brick+1lumber"}, phase="pre_roll"
    )
    assert_illegal(s, "p0 road (0,0)E", TURN_RULE)
    play(s, ("p0 roll", (6, 6)))
    assert_illegal(s, "p1 road (1,-1)E", TURN_RULE)
    play(s, "p0 road (0,0)E")


def test_several_builds_in_one_turn() -> None:
    # Build: "You can build as many items and buy as many cards as you desire—as long as
    # you have enough resources."
    s = position(pieces=LIAM, hands={"p0": "3brick+3lumber"})
    play(s, "p0 road (0,0)E", "p0 road (0,-1)E", "p0 road (0,-1)SE")
    assert hand(s, 0) == "nothing"
