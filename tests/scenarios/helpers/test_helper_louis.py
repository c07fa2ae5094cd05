"""Louis (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. You may remove 1 of your roads from the
board and rebuild it for free. Louis can only move a road where 1 of its 2 ends is not
connected to any of your other pieces (ignore opponents' pieces when you are checking
connections)."
"""

from __future__ import annotations

from pysettlers.engine import GameState, Phase
from support.builders import assert_illegal, canonical, hand, legal, play
from support.helper_positions import LOUIS_TWO, louis_position

RULE = "Helpers in Detail (Louis)"


# p0's settlement at (0,1)N with two roads in a row: (0,0)E from the settlement to (1,-1)S,
# then (1,-1)SW from (1,-1)S to (0,0)N, where nothing of p0's stands.
def moves(s: GameState) -> set[tuple[str, str]]:
    out = set()
    for text in legal(s):
        w = text.split()
        if w[1] == "louis":
            out.add((w[2], w[4]))
    return out


def test_move_a_road_with_a_free_end_and_rebuild_it_for_free() -> None:
    s = louis_position()
    # Only the road whose far end touches nothing of p0's; anywhere p0 could build a road.
    assert moves(s) == {("(1,-1)SW", "(0,0)SE"), ("(1,-1)SW", "(1,0)SW"), ("(1,-1)SW", "(1,-1)SE")}
    play(s, "p0 louis (1,-1)SW to (1,-1)SE")
    owned = {s.topo.path_names[e] for e, o in enumerate(s.road_owner) if o == 0}
    assert owned == {"(0,0)E", "(1,-1)SE"}
    assert s.roads_left[0] == 13 and hand(s, 0) == "1ore"  # rebuilt for free
    assert s.phase == Phase.HELPER_AFTER
    play(s, "p0 flip")
    assert s.phase == Phase.MAIN


def test_a_road_connected_at_both_ends_stays() -> None:
    s = louis_position()
    err = assert_illegal(s, "p0 louis (0,0)E to (0,0)SE", RULE)
    assert "both ends" in err.message
    # Between two of p0's settlements a road is connected at both ends too.
    pieces = {"p0": {"settlements": ["(0,1)N", "(0,0)N"], "roads": ["(0,0)E", "(1,-1)SW"]}}
    s = louis_position(pieces)
    assert moves(s) == set()
    assert "louis" not in " ".join(legal(s))


def test_opponents_pieces_are_ignored_when_checking_connections() -> None:
    # p1's settlement stands at the far end of p0's second road: that end is still free of
    # p0's own pieces, so the road may be moved.
    pieces = {**LOUIS_TWO, "p1": {"settlements": ["(0,0)N"]}}
    s = louis_position(pieces)
    assert ("(1,-1)SW", "(1,-1)SE") in moves(s)


def test_rebuilt_somewhere_else_and_by_the_building_rules() -> None:
    s = louis_position()
    assert_illegal(s, "p0 louis (1,-1)SW to (1,-1)SW", RULE)
    err = assert_illegal(s, "p0 louis (1,-1)SW to (2,0)E", RULE)
    assert "connect" in err.message
    assert_illegal(s, "p0 louis (0,-1)E to (1,-1)SE", RULE)  # not p0's road


def test_moving_a_road_can_lose_longest_road() -> None:
    five = {
        "p0": {
            "settlements": ["(0,1)N"],
            "roads": ["(0,0)E", "(1,-1)SW", "(0,-1)E", "(1,-2)SW", "(0,-2)E"],
        }
    }
    s = louis_position(five)
    assert s.longest_road == 0 and s.public_vp[0] == 3
    play(s, "p0 louis (0,-2)E to (1,-1)SE")
    assert s.road_length[0] == 4
    assert s.longest_road == -1 and s.public_vp[0] == 1  # set aside: nobody has 5


def test_only_after_the_roll() -> None:
    s = louis_position(phase="pre_roll")
    assert_illegal(s, "p0 louis (1,-1)SW to (1,-1)SE", "Turn Overview")
    assert canonical(s, "path", "(1,-1)SW") == {"(1,-1)SW"}
