"""7–8 players on the 1996 rules' Big Island and Peanut maps (003, "Alternate Rules for
Experienced Players" 4 and 7; ``board-data.md`` §7).

What this is for: the rule tests taken from the text — "use two complete sets of resource
and development cards" (38 of each resource, 50 development cards), each player with their
own pieces, the discard limit of "more than thirteen cards", the set-up order of 7 and 8
seats, the Special Building Phase as an option; the maps' shapes, tiles, tokens and harbors
(each harbor table checked against the rule that places it: "every other space" of the sea
frame, facing "the direction with the most land hexes, as in the normal game" — the same
rule gives the standard frame's nine slots), Peanut's two token spirals, and ``check_board``
on these maps.

What this is not: the invariant harness over 7–8 player games (``test_invariants_eight.py``).
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from pysettlers.engine import (
    Phase,
    Rules,
    apply_checked,
    data,
    legal_actions,
    make_board,
    new_game,
    to_move,
)
from pysettlers.engine.board import Board, check_board
from pysettlers.engine.maps import BIG_ISLAND, PEANUT
from pysettlers.engine.topology import SIDE_NEIGHBOR, Topology, topology_for
from pysettlers.engine.types import Harbor, Side, Terrain
from support.builders import play, position

MAPS = ("big-island", "peanut")
Coord = tuple[int, int]


# -- the rules option -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [7, 8])
@pytest.mark.parametrize("map_kind", MAPS)
def test_seven_and_eight_players_on_the_1996_maps(players: int, map_kind: str) -> None:
    r = Rules(players=players, map_kind=map_kind)
    assert r.two_sets and not r.extension


@pytest.mark.parametrize("map_kind", ["variable", "random", "beginner"])
def test_seven_or_eight_players_need_a_1996_map(map_kind: str) -> None:
    with pytest.raises(ValueError, match="'big-island' or 'peanut'"):
        Rules(players=8, map_kind=map_kind)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("map_kind", MAPS)
def test_the_1996_maps_are_for_seven_or_eight(players: int, map_kind: str) -> None:
    # "4. Big Island (7-8 Player)", "7. Peanut (7-8 Player)".
    with pytest.raises(ValueError, match="7–8 player map"):
        Rules(players=players, map_kind=map_kind)


def test_no_helpers_for_seven_or_eight() -> None:
    # The helper stack holds six numbered helpers, one dealt to each player at set-up.
    with pytest.raises(ValueError, match="at most 6 players"):
        Rules(players=7, map_kind="big-island", helpers=True)


@pytest.mark.parametrize("map_kind", MAPS)
def test_alternate_rules_play_with_eight(map_kind: str) -> None:
    from support import harness

    alt = ("victory_points_played", "no_early_sevens", "ignore_seven", "knight_interrupts")
    tally = harness.run_game(Rules(players=8, map_kind=map_kind, alternate=alt, seed=5))
    assert not tally.failures, tally.failures[0]
    assert tally.finished


def test_nine_players_refused() -> None:
    with pytest.raises(ValueError, match="players must be from 2 to 8"):
        Rules(players=9, map_kind="peanut")


# -- components: "Use two complete sets of resource and development cards" ----------------------


@pytest.mark.parametrize("map_kind", MAPS)
def test_two_complete_sets_of_cards(map_kind: str) -> None:
    s = new_game(Rules(players=8, map_kind=map_kind, seed=1))
    assert s.bank == [2 * 19] * 5
    assert s.deck == [2 * k for k in data.DECK_BASE] == [28, 4, 4, 4, 10]
    assert sum(s.deck) == 50
    # "Players will need building pieces from two sets": each still has their own pieces.
    assert s.roads_left == [15] * 8 and s.settlements_left == [5] * 8 and s.cities_left == [4] * 8


# -- "the robber only forces a player to discard half their cards if the player has more than
# thirteen cards" --------------------------------------------------------------------------------


@pytest.mark.parametrize("map_kind", MAPS)
def test_discard_above_thirteen_cards(map_kind: str) -> None:
    rules = Rules(players=8, map_kind=map_kind, seed=2)
    assert rules.discard_max == 13
    assert Rules(players=7, map_kind=map_kind, large_game_variant="mayfair").discard_max == 13
    s = position(
        rules,
        hands={"p1": "3brick+3lumber+3wool+2grain+2ore", "p2": "3brick+3lumber+3wool+3grain+2ore"},
        phase="pre_roll",
    )
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.DISCARD
    assert list(s.discards) == [0, 0, 7, 0, 0, 0, 0, 0]  # 13 keeps all; 14 gives up 7


def test_discard_limit_option_still_wins() -> None:
    assert Rules(players=8, map_kind="peanut", discard_limit=9).discard_max == 9


# -- turn order and the set-up snake --------------------------------------------------------------


@pytest.mark.parametrize("players", [7, 8])
def test_setup_order_of_seven_and_eight(players: int) -> None:
    s = new_game(Rules(players=players, map_kind="peanut", seed=4), first_player=5)
    order = []
    while s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
        if s.phase == Phase.SETUP_SETTLEMENT:
            order.append(to_move(s))
        apply_checked(s, legal_actions(s)[0])
    first = [(5 + i) % players for i in range(players)]
    assert order == first + first[::-1]  # clockwise, then back: the first places last
    assert s.phase == Phase.PRE_ROLL and to_move(s) == 5
    for _ in range(players + 1):  # turns go clockwise round all the seats
        p = s.current
        play(s, (f"p{p} roll", (1, 2)), f"p{p} end")
        while s.phase == Phase.SPECIAL_BUILD:
            play(s, f"p{s.special_builder} end")
        assert s.phase == Phase.PRE_ROLL and s.current == (p + 1) % players


# -- the Special Building Phase: an option (the 5–6 rule; the 7–8 text is silent) -----------------


@pytest.mark.parametrize("map_kind", MAPS)
def test_special_building_phase_default_on_and_optional(map_kind: str) -> None:
    assert Rules(players=8, map_kind=map_kind).special_building
    assert not Rules(players=8, map_kind=map_kind, large_game_variant="mayfair").special_building


def test_special_building_phase_goes_round_seven_others() -> None:
    rules = Rules(players=8, map_kind="big-island", seed=6)
    rich = "1wool+1grain+1ore"  # a development card
    s = position(rules, hands={f"p{p}": rich for p in range(1, 8)}, phase="pre_roll")
    play(s, ("p0 roll", (1, 2)), "p0 end")
    seen = []
    while s.phase == Phase.SPECIAL_BUILD:
        seen.append(s.special_builder)
        play(s, f"p{s.special_builder} end")
    assert seen == [1, 2, 3, 4, 5, 6, 7]
    assert s.phase == Phase.PRE_ROLL and s.current == 1


# -- the maps -----------------------------------------------------------------------------------


def _xy(c: Coord) -> tuple[float, float]:
    return math.sqrt(3) * (c[0] + c[1] / 2), 1.5 * c[1]


def frame_ring(land: tuple[Coord, ...], start: Coord) -> list[Coord]:
    """The sea hexes round ``land``, as a cycle walked clockwise from ``start``."""
    lset = set(land)
    ring = {(q + dq, r + dr) for q, r in land for dq, dr in SIDE_NEIGHBOR} - lset
    nbrs = {c: [(c[0] + dq, c[1] + dr) for dq, dr in SIDE_NEIGHBOR] for c in ring}
    nbrs = {c: [d for d in ns if d in ring] for c, ns in nbrs.items()}
    assert {len(v) for v in nbrs.values()} == {2}  # a simple ring
    mx = sum(_xy(c)[0] for c in land) / len(land)
    my = sum(_xy(c)[1] for c in land) / len(land)

    def angle(c: Coord) -> float:  # y grows down the page: clockwise is increasing angle
        x, y = _xy(c)
        return math.atan2(y - my, x - mx)

    a0 = angle(start)
    order = [start, min(nbrs[start], key=lambda c: (angle(c) - a0) % (2 * math.pi))]
    while len(order) < len(ring):
        order.append(next(c for c in nbrs[order[-1]] if c != order[-2]))
    return order


def _land_in_line(c: Coord, d: Coord, land: set[Coord]) -> int:
    """Land hexes in a straight line from ``c`` in direction ``d``, up to the first sea."""
    n, (q, r) = 0, c
    while (q + d[0], r + d[1]) in land:
        n, q, r = n + 1, q + d[0], r + d[1]
    return n


def _across(port: Coord, s: int) -> Coord:
    return port[0] + SIDE_NEIGHBOR[s][0], port[1] + SIDE_NEIGHBOR[s][1]


def port_slot(port: Coord, land: set[Coord], ahead: Coord) -> tuple[Coord, Side]:
    """The harbor of a port hex: on its edge that looks across the most land hexes in a
    straight line; on a tie, toward the row nearer the middle row ("toward the largest row"),
    then toward ``ahead`` (the next port hex of the clockwise walk). As (land hex, side)."""
    faces = [s for s in range(6) if _across(port, s) in land]
    best = max(_land_in_line(port, SIDE_NEIGHBOR[s], land) for s in faces)
    faces = [s for s in faces if _land_in_line(port, SIDE_NEIGHBOR[s], land) == best]
    row = min(abs(_across(port, s)[1]) for s in faces)
    faces = [s for s in faces if abs(_across(port, s)[1]) == row]
    # Still two only at the top and bottom mid-side port hexes of Big Island.
    s = min(faces, key=lambda s: math.dist(_xy(ahead), _xy(_across(port, s))))
    return _across(port, s), Side((s + 3) % 6)


def every_other_slot(land: tuple[Coord, ...], start: Coord) -> tuple[tuple[Coord, Side], ...]:
    ring = frame_ring(land, start)
    ports = ring[::2]
    lset = set(land)
    return tuple(port_slot(p, lset, ring[(2 * i + 1) % len(ring)]) for i, p in enumerate(ports))


def test_the_port_rule_gives_the_standard_frame() -> None:
    # "As in the normal game": every other frame hex from the top corner, facing the most land.
    assert every_other_slot(data.BASE_LAND, (0, -3)) == data.BASE_HARBOR_SLOTS


def test_big_island_shape() -> None:
    topo = topology_for(tuple(sorted(data.BIG_ISLAND_LAND, key=lambda c: (c[1], c[0]))))
    rows = Counter(r for _, r in topo.hexes)
    assert [rows[r] for r in range(-3, 4)] == [4, 5, 6, 7, 6, 5, 4]  # "a line of seven"
    assert len(frame_ring(data.BIG_ISLAND_LAND, (-2, 4))) == 24
    # "Two complete sets of land hexes, minus one desert".
    assert data.BIG_ISLAND_TERRAIN_COUNTS == {
        Terrain.HILLS: 6,
        Terrain.FOREST: 8,
        Terrain.PASTURE: 8,
        Terrain.FIELDS: 8,
        Terrain.MOUNTAINS: 6,
        Terrain.DESERT: 1,
    }


def test_big_island_harbors_every_other_space_from_the_closest() -> None:
    # The frame hex closest to the player is the middle of the bottom side, (-2,4).
    assert every_other_slot(data.BIG_ISLAND_LAND, (-2, 4)) == data.BIG_ISLAND_HARBOR_SLOTS
    # "One set of ports and add three generic ports": 4 + 3 generic, one 2:1 of each.
    counts = Counter(data.BIG_ISLAND_HARBORS)
    assert counts[Harbor.GENERIC] == 7 and len(data.BIG_ISLAND_HARBORS) == 12
    assert all(counts[h] == 1 for h in Harbor if h != Harbor.GENERIC)


def test_peanut_shape() -> None:
    a, b = (set(h) for h in data.PEANUT_HALVES)
    assert len(a) == len(b) == 19 and not a & b
    touching = {(x, y) for x in a for y in b if (y[0] - x[0], y[1] - x[1]) in SIDE_NEIGHBOR}
    # "Touching one edge of the first island": along a whole side of three hexes.
    assert {x for x, _ in touching} == {(2, -2), (2, -1), (2, 0)}
    assert {y for _, y in touching} == {(3, -2), (3, -1), (3, 0)}
    assert len(frame_ring(data.PEANUT_LAND, (-3, 0))) == 28


def test_peanut_harbors_from_a_far_corner() -> None:
    ring = frame_ring(data.PEANUT_LAND, (-3, 0))
    mx = sum(_xy(c)[0] for c in data.PEANUT_LAND) / 38
    my = sum(_xy(c)[1] for c in data.PEANUT_LAND) / 38
    far = max(math.dist(_xy(c), (mx, my)) for c in ring)
    assert math.isclose(math.dist(_xy((-3, 0)), (mx, my)), far)  # one of the far corners
    assert every_other_slot(data.PEANUT_LAND, (-3, 0)) == data.PEANUT_HARBOR_SLOTS
    # "Mix two sets of ports, but take out 4 generic": 4 generic, two 2:1 of each.
    counts = Counter(data.PEANUT_HARBORS)
    assert counts[Harbor.GENERIC] == 4 and len(data.PEANUT_HARBORS) == 14
    assert all(counts[h] == 2 for h in Harbor if h != Harbor.GENERIC)


@pytest.mark.parametrize("seed", range(6))
def test_peanut_tokens_two_separate_boards(seed: int) -> None:
    # "The number counters are placed as if you were placing numbers on two separate boards
    # ... Start each half of the island at the hex closest to you, and continue both
    # counter-clockwise": each half an A–R set along its own spiral, skipping its desert.
    board = make_board(Rules(players=8, map_kind="peanut", seed=seed))
    topo = board.topology
    for half, start in zip(data.PEANUT_HALVES, ((0, 2), (3, 0))):
        order = _half_spiral(topo, half, start)
        assert topo.hexes[order[0]] == start
        assert sorted(order) == sorted(topo.hex_index[c] for c in half)
        laid = [board.numbers[h] for h in order if board.terrain[h] != Terrain.DESERT]
        assert laid == list(data.BASE_TOKENS)
        # Each half is "a normal island": one set of land hexes.
        assert Counter(board.terrain[h] for h in order) == data.BASE_TERRAIN_COUNTS


def _half_spiral(topo: Topology, half: tuple[Coord, ...], start: Coord) -> list[int]:
    """The hexes of one half (ids of ``topo``) in the half's own spiral from ``start``."""
    own = topology_for(tuple(sorted(half, key=lambda c: (c[1], c[0]))))
    return [topo.hex_index[own.hexes[h]] for h in own.spiral(start)]


def test_peanut_is_described_half_by_half() -> None:
    # One pool and one token spiral per half, from the halves' starts (003's words in
    # maps/tables.py), and the frame's markers shuffled on its slots.
    assert [p.cells for p in PEANUT.pools] == list(data.PEANUT_HALVES)
    assert [(t.method, t.start, t.cells) for t in PEANUT.tokens] == [
        ("spiral", start, half) for half, start in zip(data.PEANUT_HALVES, ((0, 2), (3, 0)))
    ]
    assert PEANUT.shuffle_harbors and len(PEANUT.harbor_slots) == 14
    assert BIG_ISLAND.tokens[0].start is None  # a corner drawn at random


def test_peanut_spiral_of_the_first_half() -> None:
    topo = make_board(Rules(players=7, map_kind="peanut")).topology
    order = [topo.hexes[h] for h in _half_spiral(topo, data.PEANUT_HALVES[0], (0, 2))]
    # From the bottom-right corner of the left half, counter-clockwise, then inward.
    assert order[:13] == [
        (0, 2), (1, 1), (2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0),
        (-2, 1), (-2, 2), (-1, 2), (0, 1),
    ]  # fmt: skip
    assert order[-1] == (0, 0)


@pytest.mark.parametrize("seed", range(6))
def test_big_island_tokens_along_one_spiral(seed: int) -> None:
    board = make_board(Rules(players=8, map_kind="big-island", seed=seed))
    topo = board.topology
    corner = next(
        c
        for c in topo.corner_hexes()
        if [board.numbers[h] for h in topo.spiral(c) if board.numbers[h]]
        == list(data.BIG_ISLAND_TOKENS)
    )
    assert corner in {(0, -3), (3, -3), (3, 0), (0, 3), (-3, 3), (-3, 0)}


@pytest.mark.parametrize("map_kind", MAPS)
@pytest.mark.parametrize("seed", range(4))
def test_boards_pass_check_board(map_kind: str, seed: int) -> None:
    rules = Rules(players=7, map_kind=map_kind, seed=seed)
    board = make_board(rules)
    check_board(board, rules)
    assert Board.from_json(board.to_json()) == board
    want = data.BIG_ISLAND_HARBOR_SLOTS if map_kind == "big-island" else data.PEANUT_HARBOR_SLOTS
    slots = {board.topology.side(c, s) for c, s in want}
    assert {p for _, p in board.harbors} == slots
    assert board.terrain[board.robber_start] == Terrain.DESERT


def test_check_board_refuses_a_wrong_board() -> None:
    rules = Rules(players=8, map_kind="peanut", seed=3)
    good = make_board(rules).to_json()
    with pytest.raises(ValueError, match="not the 38 positions of the map 'peanut'"):
        check_board(make_board(Rules(players=8, map_kind="big-island")), rules)
    # Swap two tiles between the halves: the whole keeps its counts, each half does not.
    doc = make_board(rules).to_json()
    halves = [{f"({q},{r})" for q, r in half} for half in data.PEANUT_HALVES]
    left, right = (
        next(h for h in doc["hexes"] if h["hex"] in half and h["terrain"] == want)
        for half, want in zip(halves, ("hills", "forest"))
    )
    left["terrain"], right["terrain"] = right["terrain"], left["terrain"]
    with pytest.raises(ValueError, match="in pool 1 of the map 'peanut'"):
        check_board(Board.from_json(doc), rules)
    # A harbor off the frame's slots.
    doc = dict(good)
    last = good["harbors"][-1]["type"]
    doc["harbors"] = [*good["harbors"][:-1], {"path": "(0,-2)NW", "type": last}]
    with pytest.raises(ValueError, match="not a harbor slot of the frame"):
        check_board(Board.from_json(doc), rules)


def test_big_island_red_numbers_do_touch() -> None:
    # A computed fact of the spiral reading (README): two A–R sets round rings of 18, 12, 6
    # put some 6 or 8 next to another on every Big Island board.
    from pysettlers.engine.board import red_numbers_touch

    rng = random.Random(0)
    for seed in rng.sample(range(10**6), 10):
        board = make_board(Rules(players=8, map_kind="big-island", seed=seed))
        assert red_numbers_touch(board.topology, board.numbers)


def test_replay_checks_the_board_of_a_seven_eight_player_record() -> None:
    from pysettlers.engine import replay
    from support import harness

    game = harness.random_game(Rules(players=8, map_kind="peanut", seed=9), 300)
    record = game.to_json()
    assert replay(record).state.board == game.state.board
    # The same tiles, but a hills and a forest swapped between the halves.
    halves = [{f"({q},{r})" for q, r in half} for half in data.PEANUT_HALVES]
    hexes = record["board"]["hexes"]
    left, right = (
        next(h for h in hexes if h["hex"] in half and h["terrain"] == want)
        for half, want in zip(halves, ("hills", "forest"))
    )
    left["terrain"], right["terrain"] = right["terrain"], left["terrain"]
    with pytest.raises(ValueError, match="in pool 1 of the map 'peanut'"):
        replay(record)
