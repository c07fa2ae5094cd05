"""Longest Road and Largest Army: measuring roads, and who holds each special card.

Almanac entries: "Longest Road" (Illustration 1 and its Special Case), "Largest Army",
"Knight Cards". Illustration 1 is missing from the text; the positions below follow its
description on the beginner map's coordinates.
"""

from __future__ import annotations

from pysettlers.engine import Rules
from pysettlers.engine.types import NOBODY
from support.builders import play, position

# Emily's continuous road of 7 pieces from A = (-2,0)S to B = (1,0)SE, along the southern
# edge of the middle row: A, (-2,0)SE, (-1,0)S, (-1,0)SE, (0,0)S, (0,0)SE, (1,0)S, B.
EMILY_TRAIL = [
    "(-2,0)SE", "(-1,0)SW", "(-1,0)SE", "(0,0)SW", "(0,0)SE", "(1,0)SW", "(1,0)SE",
]  # fmt: skip
# "The branch roads (marked with arrows) are not counted": one down from (-1,0)S, one up
# from (0,0)SE.
EMILY_BRANCHES = ["(-2,1)E", "(0,0)E"]
EMILY = {"settlements": ["(-2,0)S", "(1,0)SE"], "roads": EMILY_TRAIL + EMILY_BRANCHES}
# Coleman's own road of 5 from his settlement on (1,1)SE to C = (0,0)S, a vertex of
# Emily's road.
COLEMAN = {
    "settlements": ["(1,1)SE"],
    "roads": ["(1,1)SE", "(1,1)SW", "(0,1)SE", "(0,1)SW", "(-1,1)E"],
}
SETTLEMENT = "1brick+1lumber+1wool+1grain"
# A third player's road of 5 along the northern coast, from (0,-2)NW to (2,-2)N.
NORTH_FIVE = {
    "settlements": ["(0,-2)NW"],
    "roads": ["(0,-2)NW", "(0,-2)NE", "(1,-2)NW", "(1,-2)NE", "(2,-2)NW"],
}


def test_illustration_1_emily_branches_not_counted() -> None:
    # "Emily, the red player, builds a continuous road with 7 wooden pieces (A–B). The
    # branch roads (marked with arrows) are not counted. Emily snags the 'Longest Road'."
    s = position(pieces={"p0": EMILY, "p1": COLEMAN})
    assert s.road_length[0] == 7  # 9 roads, but only the single longest branch counts
    assert s.road_length[1] == 5
    assert s.longest_road == 0
    assert s.public_vp[0] == 2 + 2


def test_illustration_1_coleman_breaks_emilys_road() -> None:
    # "Coleman (the blue player) builds a settlement on intersection 'C' (which is legal).
    # This breaks Emily's road into 2 parts. Emily must give the special card to Coleman,
    # who now has the Longest Road (and 2 more VPs)."
    s = position(pieces={"p0": EMILY, "p1": COLEMAN}, hands={"p1": SETTLEMENT}, current=1)
    play(s, "p1 settlement (0,0)S")
    assert s.road_length[0] == 4  # A..C is 4 pieces, C..B is 3
    assert s.longest_road == 1
    assert s.public_vp[0] == 2
    assert s.public_vp[1] == 2 + 2


def test_building_the_first_road_of_five_takes_the_card() -> None:
    # "The first player to build a continuous road (not counting forks) of at least 5 road
    # segments receives the special card."
    s = position(
        pieces={"p0": {"settlements": ["(-2,0)S"], "roads": EMILY_TRAIL[:4]}},
        hands={"p0": "2brick+2lumber"},
    )
    assert s.longest_road == NOBODY
    play(s, "p0 road (0,0)SE")
    assert s.road_length[0] == 5
    assert s.longest_road == 0
    assert s.public_vp[0] == 3


def test_a_tie_does_not_take_the_card_a_longer_road_does() -> None:
    # "If another player succeeds in building a longer road than the one created by the
    # current owner ... they immediately take the special card."
    s = position(
        pieces={"p0": {"settlements": ["(-2,0)S"], "roads": EMILY_TRAIL[:5]}, "p1": NORTH_FIVE},
        hands={"p1": "2brick+2lumber"},
        longest_road=0,  # p0 built to 5 first
        current=1,
    )
    assert s.road_length[1] == 5
    assert s.longest_road == 0
    play(s, "p1 road (2,-2)NE")
    assert s.road_length[1] == 6
    assert s.longest_road == 1
    assert s.public_vp[0] == 1 and s.public_vp[1] == 3


def test_a_loop_counts_every_piece_once() -> None:
    # Six roads round the desert (0,0) with p0's settlement on its N corner: a closed road of
    # 6; a seventh road leading off the loop makes a trail of 7.
    ring = ["(0,0)NE", "(0,0)E", "(0,0)SE", "(0,0)SW", "(0,0)W", "(0,0)NW"]
    s = position(
        pieces={"p0": {"settlements": ["(0,0)N"], "roads": ring}},
        hands={"p0": "1brick+1lumber"},
    )
    assert s.road_length[0] == 6
    play(s, "p0 road (0,-1)E")
    assert s.road_length[0] == 7


def test_a_loop_broken_once_is_still_one_road() -> None:
    # An opponent's settlement on the loop stops the road passing through, but the six
    # pieces still run continuously from that intersection round to itself.
    ring = ["(0,0)NE", "(0,0)E", "(0,0)SE", "(0,0)SW", "(0,0)W", "(0,0)NW"]
    s = position(
        pieces={
            "p0": {"settlements": ["(0,0)N"], "roads": ring},
            "p1": {"settlements": ["(0,0)S"], "roads": ["(-1,1)E"]},
        }
    )
    assert s.road_length[0] == 6


def test_two_loops_sharing_a_side_count_every_piece() -> None:
    # Rings round (0,0) and (1,0) share the side (0,0)E: 11 pieces. One continuous road can
    # use every piece once (it may cross its own junctions), so all 11 count.
    rings = ["(0,0)NE", "(0,0)E", "(0,0)SE", "(0,0)SW", "(0,0)W", "(0,0)NW"]
    rings += ["(1,0)NE", "(1,0)E", "(1,0)SE", "(1,0)SW", "(1,0)NW"]
    s = position(pieces={"p0": {"settlements": ["(0,0)N"], "roads": rings}})
    assert s.road_length[0] == 11


def test_own_buildings_do_not_break_a_road() -> None:
    # Only an opponent's settlement breaks a road ("You can break an opponent's road").
    s = position(pieces={"p0": {"settlements": ["(-2,0)S", "(-1,0)SE"], "roads": EMILY_TRAIL}})
    assert s.road_length[0] == 7
    s = position(
        pieces={
            "p0": {"settlements": ["(-2,0)S"], "roads": EMILY_TRAIL},
            "p1": {"settlements": ["(-1,0)SE"], "roads": ["(-1,0)E"]},
        }
    )
    assert s.road_length[0] == 4  # an opponent's settlement does


def test_opponents_roads_touching_do_not_break_a_road() -> None:
    s = position(
        pieces={
            "p0": {"settlements": ["(-2,0)S"], "roads": EMILY_TRAIL},
            "p1": {"settlements": ["(0,-1)S"], "roads": ["(-1,0)E"]},  # ends on (-1,0)SE
        }
    )
    assert s.road_length[0] == 7


def test_special_case_holder_tied_after_a_break_keeps_the_card() -> None:
    # "If your longest road is broken and you are tied for longest road, you still keep the
    # 'Longest Road' card." Coleman's road of 5 comes from the north to (0,0)SE, where his
    # settlement cuts Emily's 7 into 5 and 2.
    coleman_north = {
        "settlements": ["(1,-2)S"],
        "roads": ["(1,-1)NW", "(1,-1)NE", "(1,-1)E", "(1,-1)SE", "(0,0)E"],
    }
    emily = {"settlements": ["(-2,0)S", "(1,0)SE"], "roads": EMILY_TRAIL + ["(-2,1)E"]}
    s = position(pieces={"p0": emily, "p1": coleman_north}, hands={"p1": SETTLEMENT}, current=1)
    assert s.longest_road == 0
    play(s, "p1 settlement (0,0)SE")
    assert s.road_length[0] == 5 and s.road_length[1] == 5
    assert s.longest_road == 0
    assert s.public_vp[0] == 4


def test_special_case_two_others_tie_card_set_aside_then_returns() -> None:
    # "If you no longer have the longest road but two or more players tie for the new
    # longest road, set the 'Longest Road' card aside ... The 'Longest Road' card comes into
    # play again when only 1 player has the longest road (of at least 5 road pieces)."
    s = position(
        Rules(players=3, map_kind="beginner"),
        pieces={"p0": EMILY, "p1": COLEMAN, "p2": NORTH_FIVE},
        hands={"p1": SETTLEMENT, "p2": "1brick+1lumber"},
        current=1,
    )
    assert s.longest_road == 0
    play(s, "p1 settlement (0,0)S")
    assert [s.road_length[p] for p in range(3)] == [4, 5, 5]
    assert s.longest_road == NOBODY  # set aside
    assert [s.public_vp[p] for p in range(3)] == [2, 2, 1]
    play(s, "p1 end", ("p2 roll", (1, 1)), "p2 road (2,-2)NE")
    assert s.road_length[2] == 6
    assert s.longest_road == 2
    assert s.public_vp[2] == 3


def test_special_case_nobody_has_five_then_the_card_returns() -> None:
    # "Do the same if no one has a 5+ segment road." Emily's 5 is cut into 3 and 2 by p1's
    # settlement on (-1,0)SE; she later builds back to 5 and takes the card again.
    s = position(
        Rules(players=3, map_kind="beginner"),
        pieces={
            "p0": {"settlements": ["(-2,0)S"], "roads": EMILY_TRAIL[:5]},
            "p1": {"settlements": ["(-1,0)N"], "roads": ["(0,-1)SW", "(-1,0)E"]},
        },
        hands={"p0": "2brick+2lumber", "p1": SETTLEMENT},
        current=1,
    )
    assert s.longest_road == 0
    play(s, "p1 settlement (-1,0)SE")
    assert s.road_length[0] == 3
    assert s.longest_road == NOBODY
    assert s.public_vp[0] == 1
    play(s, "p1 end", ("p2 roll", (1, 1)), "p2 end", ("p0 roll", (1, 1)))
    play(s, "p0 road (-2,0)SW")
    assert s.longest_road == NOBODY  # 4 is not enough
    play(s, "p0 road (-2,0)W")
    assert s.road_length[0] == 5
    assert s.longest_road == 0


# -- Largest Army ---------------------------------------------------------------------------------


def test_largest_army_first_to_three_knights() -> None:
    # "If you are the first player to play 3 knight cards, you receive this special card."
    s = position(dev={"p0": "knight"}, knights={"p0": 2, "p1": 2}, phase="pre_roll")
    assert s.largest_army == NOBODY
    play(s, "p0 knight")
    assert s.knights[0] == 3
    assert s.largest_army == 0
    assert s.public_vp[0] == 2


def test_largest_army_taken_only_by_more_knights() -> None:
    # "If another player plays more knight cards than you have, they immediately take the
    # special card." Equalling the holder is not enough.
    s = position(dev={"p0": "knight"}, knights={"p0": 2, "p1": 3}, phase="pre_roll")
    assert s.largest_army == 1
    play(s, "p0 knight")
    assert s.largest_army == 1
    s = position(dev={"p0": "knight"}, knights={"p0": 3, "p1": 3}, largest_army=1)
    play(s, "p0 knight")
    assert s.knights[0] == 4
    assert s.largest_army == 0
    assert s.public_vp[0] == 2 and s.public_vp[1] == 0
