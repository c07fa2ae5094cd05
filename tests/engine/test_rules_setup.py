"""The set-up phase and the starting set-up for beginners.

Almanac entries: "Set-up Phase" (round one clockwise from the starting player, round two
counter-clockwise, starting resources from the second settlement, the starting player rolls
first), "Starting Set-up for Beginners" and the Game Rules' "Setting up the game" (blue's
starred settlement: 1 brick, 1 lumber, 1 ore; with 3 players nobody plays red).
"""

from __future__ import annotations

import itertools

from pysettlers.engine import (
    ActionKind,
    Game,
    Phase,
    Rules,
    apply_checked,
    legal_actions,
    new_game,
    save_state,
    to_move,
    topology_for,
)
from pysettlers.engine.board import beginner_board
from pysettlers.engine.data import BASE_LAND
from pysettlers.engine.events import StartRoll
from pysettlers.engine.game import TURN_RULE
from support.builders import BEGINNER, assert_illegal, canonical, hand, play, targets

STARTING_HANDS = {  # the starred settlements of Illustration A (BD §1.3)
    "red": "2lumber+1grain",
    "blue": "1brick+1lumber+1ore",
    "white": "1lumber+1wool+1ore",
    "orange": "2grain+1ore",
}


def placement_order(rules: Rules, first_player: int) -> list[int]:
    """Who places, settlement by settlement, when everyone takes the first legal sites."""
    s = new_game(rules, first_player=first_player)
    order = []
    while s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
        p = to_move(s)
        if s.phase == Phase.SETUP_SETTLEMENT:
            order.append(p)
        apply_checked(s, legal_actions(s)[0])
        if s.phase == Phase.SETUP_ROAD:
            assert to_move(s) == p  # the same player places the adjoining road
    assert s.phase == Phase.PRE_ROLL
    assert to_move(s) == first_player  # "The starting player ... rolls both dice"
    assert s.turn == 1
    return order


def test_setup_order_four_players() -> None:
    # Round one clockwise from the starting player; round two counter-clockwise, "so the
    # starting player in round one places their second settlement last".
    assert placement_order(Rules(seed=3), 2) == [2, 3, 0, 1, 1, 0, 3, 2]
    assert placement_order(Rules(seed=3), 0) == [0, 1, 2, 3, 3, 2, 1, 0]


def test_setup_order_three_players() -> None:
    assert placement_order(Rules(players=3, seed=5), 1) == [1, 2, 0, 0, 2, 1]


# Playing Illustration A's placements through a normal set-up phase (red, blue, white,
# orange in seats 0–3; each colour's starred settlement placed in round two).
ROUND_ONE = [
    "p0 settlement (0,-1)N", "p0 road (0,-1)NE",
    "p1 settlement (0,2)N", "p1 road (0,1)E",
    "p2 settlement (-1,0)N", "p2 road (-1,0)NW",
    "p3 settlement (1,-1)NE", "p3 road (1,-1)NE",
]  # fmt: skip
ROUND_TWO = [
    "p3 settlement (-1,2)N", "p3 road (-1,2)NE",
    "p2 settlement (1,1)N", "p2 road (1,0)E",
    "p1 settlement (-2,2)N", "p1 road (-2,2)NE",
    "p0 settlement (-2,1)N", "p0 road (-2,1)NE",
]  # fmt: skip


def setup_game() -> Game:
    return Game.new(Rules(seed=1), first_player=0, board=beginner_board(topology_for(BASE_LAND)))


def test_starting_resources_come_from_the_second_settlement_only() -> None:
    # "Each player receives their starting resources immediately after building their
    # second settlement. For each terrain hex adjacent to this second settlement, take a
    # corresponding resource card from the supply."
    g = setup_game()
    for step in ROUND_ONE:
        g.play(step)
    assert [hand(g.state, p) for p in range(4)] == ["nothing"] * 4
    g.play(ROUND_TWO[0])
    assert hand(g.state, 3) == STARTING_HANDS["orange"]  # at once, before the road
    for step in ROUND_TWO[1:]:
        g.play(step)
    colours = ("red", "blue", "white", "orange")
    assert [hand(g.state, p) for p in range(4)] == [STARTING_HANDS[c] for c in colours]
    # The same position as the Starting Set-up for Beginners.
    a, b = save_state(g.state), save_state(new_game(BEGINNER))
    for key in ("buildings", "roads", "bank", "robber"):
        assert a[key] == b[key], key
    assert [p["hand"] for p in a["players"]] == [p["hand"] for p in b["players"]]
    assert [g.state.total_vp(p) for p in range(4)] == [2, 2, 2, 2]


def test_no_starting_resource_from_the_desert() -> None:
    # The desert "does not produce resources": a second settlement on it yields 2 cards.
    g = setup_game()
    for step in ROUND_ONE + ROUND_TWO[:6]:
        g.play(step)
    g.play("p0 settlement (0,0)N")  # Hills 6 (0,-1), Pasture 4 (1,-1) and the desert
    assert hand(g.state, 0) == "1brick+1wool"


def test_setup_road_adjoins_the_settlement_just_built() -> None:
    # Round one: "places a road adjacent to this settlement"; round two: "The second road
    # must attach to the second settlement (pointing in any of the 3 directions)."
    g = setup_game()
    g.play("p0 settlement (0,-1)N")
    assert_illegal(g.state, "p0 road (1,-1)E", "Roads")
    for step in ROUND_ONE[1:] + ROUND_TWO[:6]:
        g.play(step)
    g.play("p0 settlement (-2,1)N")
    s = g.state
    assert targets(s, "road") == canonical(s, "path", "(-2,0)E", "(-2,0)SE", "(-1,0)SW")
    assert_illegal(s, "p0 road (0,-2)E", "Roads")  # at the first settlement
    g.play("p0 road (-2,0)SE")
    assert s.phase == Phase.PRE_ROLL


def test_setup_distance_rule_and_no_road_needed() -> None:
    # "When placing all other settlements, the Distance Rule always applies"; the second
    # settlement "doesn't have to connect to the first".
    g = setup_game()
    play(g.state, "p0 settlement (0,-1)N", "p0 road (0,-1)NE")
    assert_illegal(g.state, "p1 settlement (0,-2)S", "Distance Rule")
    assert_illegal(g.state, "p1 settlement (0,-1)N", "Settlements")
    assert len(targets(g.state, "settlement")) == 54 - 4  # the site and its 3 neighbours


def test_setup_allows_nothing_else() -> None:
    g = setup_game()
    assert {a.kind for a in legal_actions(g.state)} == {ActionKind.BUILD_SETTLEMENT}
    assert_illegal(g.state, ("p0 roll", (3, 4)), TURN_RULE)
    assert_illegal(g.state, "p1 settlement (0,2)N", TURN_RULE)
    g.play("p0 settlement (0,-1)N")
    assert_illegal(g.state, "p0 settlement (0,2)N", TURN_RULE)  # the road comes first
    assert_illegal(g.state, "p0 end", TURN_RULE)


def test_starting_player_is_the_highest_roll_ties_reroll() -> None:
    # Set-up Phase, Round One: "Each player rolls both dice. The player who rolls highest
    # is the starting player." Tied highest players roll again (only they do).
    ties = 0
    starters = set()
    for seed in range(40):
        g = Game.new(Rules(seed=seed))
        rounds = [dict(e.rolls) for e in g.start_events if isinstance(e, StartRoll)]
        assert rounds and set(rounds[0]) == {0, 1, 2, 3}
        for before, after in itertools.pairwise(rounds):
            best = max(before.values())
            assert set(after) == {p for p, r in before.items() if r == best}
            assert len(after) > 1
            ties += 1
        last = rounds[-1]
        best = max(last.values())
        winners = [p for p, r in last.items() if r == best]
        assert winners == [g.first_player]
        assert all(2 <= r <= 12 for rnd in rounds for r in rnd.values())
        assert g.state.current == g.first_player
        assert g.state.phase == Phase.SETUP_SETTLEMENT
        starters.add(g.first_player)
    assert ties > 0  # some seed had a tie, so the re-roll was exercised
    assert len(starters) > 1


def test_same_seed_same_starting_player() -> None:
    assert Game.new(Rules(seed=11)).first_player == Game.new(Rules(seed=11)).first_player


def test_beginner_setup_four_players() -> None:
    # Game Rules: "Blue receives 1 brick card, 1 lumber card, and 1 ore card for his
    # leftmost settlement." Everyone gets the resources of their starred settlement; "the
    # oldest player takes the first turn and rolls" — seat 0 unless told otherwise.
    s = new_game(BEGINNER)
    assert s.phase == Phase.PRE_ROLL and s.current == 0 and s.turn == 1
    assert hand(s, 1) == "1brick+1lumber+1ore"
    colours = ("red", "blue", "white", "orange")
    assert [hand(s, p) for p in range(4)] == [STARTING_HANDS[c] for c in colours]
    assert [s.total_vp(p) for p in range(4)] == [2, 2, 2, 2]
    assert save_state(s)["bank"] == {"brick": 18, "lumber": 15, "wool": 18, "grain": 16, "ore": 16}
    assert new_game(BEGINNER, first_player=2).current == 2


def test_beginner_setup_three_players_no_red() -> None:
    # "If you are playing a 3-player game, nobody plays the red position."
    s = new_game(Rules(players=3, map_kind="beginner"))
    assert [hand(s, p) for p in range(3)] == [
        STARTING_HANDS["blue"],
        STARTING_HANDS["white"],
        STARTING_HANDS["orange"],
    ]
    buildings = save_state(s)["buildings"]
    assert len(buildings) == 6
    assert not {"(0,-1)N", "(-2,1)N"} & set(buildings)  # red's two settlements
    assert buildings["(-2,2)N"]["player"] == 0  # blue sits in seat 0
