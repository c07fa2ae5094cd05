"""Ending the game: 10 points on one's own turn, hidden victory point cards, the VP target.

Almanac entries: "Ending the Game" (Siobhán's example), "Victory Points", "Victory Point
Cards", "Development Cards" (the exception for a victory point card bought this turn).
"""

from __future__ import annotations

from pysettlers.engine import DevCard, GameState, Phase, Rules, legal_actions
from pysettlers.engine.events import Won
from pysettlers.engine.types import NOBODY
from support.builders import BEGINNER, assert_illegal, play, position

ENDING = "Ending the Game"
EMILY_TRAIL = [
    "(-2,0)SE", "(-1,0)SW", "(-1,0)SE", "(0,0)SW", "(0,0)SE", "(1,0)SW", "(1,0)SE",
]  # fmt: skip


# Siobhán (p0): 2 settlements, 2 cities and a road of 4 pieces from (-2,0)S; one more road
# gives her the Longest Road.
SIOBHAN = {
    "p0": {
        "settlements": ["(-2,0)S", "(-2,2)S"],
        "cities": ["(0,-2)N", "(2,0)SE"],
        "roads": EMILY_TRAIL[:4] + ["(-2,2)SW", "(0,-2)NE", "(2,0)E"],
    }
}
NORTH_SIX = ["(0,-2)NW", "(0,-2)NE", "(1,-2)NW", "(1,-2)NE", "(2,-2)NW", "(2,-2)NE"]
BEGINNER_11 = Rules(map_kind="beginner", vp_target=11)
BEGINNER_8 = Rules(map_kind="beginner", vp_target=8)


def siobhan(rules: Rules = BEGINNER, hands: str = "1brick+1lumber") -> GameState:
    """Siobhán's position with her 2 victory point cards, on her turn after the roll."""
    return position(rules, pieces=SIOBHAN, dev={"p0": "2victory-point"}, hands={"p0": hands})


def test_siobhan_wins_revealing_her_victory_point_cards() -> None:
    # "Siobhán has 2 settlements (2 points), the Longest Road special card (2 points), 2
    # cities (4 points), and 2 victory point cards (2 points). She reveals her 2 victory
    # point cards, giving her the 10 points needed to win."
    s = siobhan()
    assert s.public_vp[0] == 6 and s.total_vp(0) == 8
    play(s, "p0 road (0,0)SE")
    assert s.longest_road == 0
    assert s.total_vp(0) == 10
    assert s.phase == Phase.GAME_OVER
    assert s.winner == 0
    assert Won(0, 10, 2) in s.events  # 10 points, 2 victory point cards revealed
    assert legal_actions(s) == []
    assert_illegal(s, "p0 end", ENDING)
    assert_illegal(s, ("p1 roll", (3, 4)), ENDING)


def test_victory_point_card_bought_this_turn_wins_at_once() -> None:
    # "If you buy a card and it is a victory point card that brings you to 10 points, you may
    # immediately reveal this card (and all other VP cards) and win the game."
    s = position(
        pieces={
            "p0": {
                "settlements": ["(-2,0)S", "(-2,2)S"],
                "cities": ["(0,-2)N", "(2,0)SE"],
                "roads": ["(-2,0)SE", "(-2,2)SW", "(0,-2)NE", "(2,0)E"],
            }
        },
        dev={"p0": "3victory-point"},
        hands={"p0": "2wool+2grain+2ore"},
    )
    assert s.total_vp(0) == 9
    play(s, ("p0 buy", DevCard.KNIGHT))
    assert s.phase == Phase.MAIN
    play(s, ("p0 buy", DevCard.VICTORY_POINT))
    assert s.phase == Phase.GAME_OVER and s.winner == 0


def test_ten_points_on_another_players_turn_wins_only_on_ones_own_turn() -> None:
    # "If you reach 10 points when it is not your turn, the game continues until any player
    # (including you) has 10 points on their turn." Here p0's settlement breaks p2's road
    # of 7, so the Longest Road passes to p1 (road of 6) during p0's turn: p1 has 10 points
    # but must wait for the start of his own turn.
    s = position(
        pieces={
            "p0": {
                "settlements": ["(1,1)SE"],
                "roads": ["(1,1)SE", "(1,1)SW", "(0,1)SE", "(0,1)SW", "(-1,1)E"],
            },
            "p1": {
                "settlements": ["(0,-2)NW", "(2,0)SE"],
                "cities": ["(2,-2)NE", "(-2,2)S"],
                "roads": NORTH_SIX + ["(2,0)E", "(-2,2)SW"],
            },
            "p2": {"settlements": ["(-2,0)S", "(1,0)SE"], "roads": EMILY_TRAIL},
        },
        dev={"p1": "2victory-point"},
        hands={"p0": "1brick+1lumber+1wool+1grain"},
    )
    assert s.longest_road == 2
    assert s.total_vp(1) == 8
    play(s, "p0 settlement (0,0)S")
    assert s.longest_road == 1
    assert s.total_vp(1) == 10
    assert s.phase == Phase.MAIN and s.winner == NOBODY  # not p1's turn
    play(s, "p0 end")
    assert s.phase == Phase.GAME_OVER
    assert s.winner == 1  # at the start of his turn, before rolling
    assert_illegal(s, ("p1 roll", (3, 4)), ENDING)


def test_nine_points_is_not_a_win() -> None:
    s = siobhan(hands="2brick+2lumber")
    play(s, "p0 road (-2,2)SE")  # no longest road from this one
    assert s.total_vp(0) == 8
    assert s.phase == Phase.MAIN


def test_victory_point_target_option() -> None:
    # The target is a rules option: with 11, Siobhán's 10 points do not end the game; an
    # eleventh does.
    s = siobhan(BEGINNER_11, "1brick+1lumber+1wool+1grain+1ore")
    play(s, "p0 road (0,0)SE")
    assert s.total_vp(0) == 10
    assert s.phase == Phase.MAIN
    play(s, ("p0 buy", DevCard.VICTORY_POINT))
    assert s.phase == Phase.GAME_OVER and s.winner == 0
    # With a target of 8 her 8 points win as soon as her turn begins.
    s = position(BEGINNER_8, pieces=SIOBHAN, dev={"p0": "2victory-point"}, current=3)
    assert s.total_vp(0) == 8 and s.phase == Phase.MAIN
    play(s, "p3 end")
    assert s.phase == Phase.GAME_OVER and s.winner == 0
