"""The island: its shape, the beginner map, the variable and random set-ups, the dice.

Sources: "Set-up, Variable" (terrain shuffled, harbors shuffled, tokens A–R along the
counter-clockwise spiral skipping the desert; fully random tokens with no red numbers
adjacent), "Starting Set-up for Beginners" (Illustration A), "Number Tokens", "Robber" (it
starts in the desert), and board-data.md (BD) for what the illustrations carried.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pysettlers.engine import Harbor, Rules, Terrain, chance_outcomes, make_board, new_game
from pysettlers.engine.actions import Action
from pysettlers.engine.board import beginner_board, red_numbers_touch, spiral_numbers
from pysettlers.engine.data import BASE_LAND, BASE_TOKENS
from pysettlers.engine.topology import topology_for
from pysettlers.engine.types import ActionKind

TOPO = topology_for(BASE_LAND)
TERRAIN_COUNTS = {
    Terrain.HILLS: 3,
    Terrain.FOREST: 4,
    Terrain.PASTURE: 4,
    Terrain.FIELDS: 4,
    Terrain.MOUNTAINS: 3,
    Terrain.DESERT: 1,
}
HARBOR_COUNTS = {Harbor.GENERIC: 4, **{h: 1 for h in Harbor if h != Harbor.GENERIC}}


def test_island_shape() -> None:
    # BD §0: 19 hexes in rows 3-4-5-4-3; 54 intersections, 72 paths, 30 of them on the coast.
    assert TOPO.n_hexes == 19
    assert (TOPO.n_intersections, TOPO.n_paths, len(TOPO.coastal_paths)) == (54, 72, 30)
    # "Intersections are the points where 3 hexes meet or 1 or 2 hexes meet the frame."
    assert Counter(len(h) for h in TOPO.intersection_hexes) == {1: 18, 2: 12, 3: 24}


def test_names_of_one_intersection_and_one_path() -> None:
    # BD §0: "(0,-1) N = (0,-2) SE = (1,-2) SW"; a path shared by two hexes has two names.
    v = TOPO.parse_intersection("(0,-1)N")
    assert TOPO.parse_intersection("(0,-2)SE") == v == TOPO.parse_intersection("(1,-2)SW")
    assert TOPO.parse_path("(0,-1)NE") == TOPO.parse_path("(1,-2)SW")


def test_beginner_map_is_illustration_a() -> None:
    # BD §1.1 row by row, west to east.
    rows = [
        "mountains 10, pasture 2, forest 9",
        "fields 12, hills 6, pasture 4, hills 10",
        "fields 9, forest 11, desert 0, forest 3, mountains 8",
        "forest 8, mountains 3, fields 4, pasture 5",
        "hills 5, fields 6, pasture 11",
    ]
    b = beginner_board(TOPO)
    got: list[str] = []
    for r in range(-2, 3):
        hexes = [h for h, (q, rr) in enumerate(TOPO.hexes) if rr == r]
        got.append(", ".join(f"{b.terrain[h].name.lower()} {b.numbers[h]}" for h in hexes))
    assert got == rows
    assert TOPO.hex_names[b.robber_start] == "(0,0)"
    harbors = {TOPO.path_names[p]: h.name.lower() for h, p in b.harbors}
    assert harbors == {
        TOPO.path_names[TOPO.parse_path(name)]: kind
        for name, kind in [
            ("(0,-2)NW", "generic"),
            ("(1,-2)NE", "grain"),
            ("(2,-1)NE", "ore"),
            ("(2,0)E", "generic"),
            ("(1,1)SE", "wool"),
            ("(-1,2)SE", "generic"),
            ("(-2,2)SW", "generic"),
            ("(-2,1)W", "brick"),
            ("(-1,-1)W", "lumber"),
        ]
    }


@pytest.mark.parametrize("kind", ["variable", "random"])
def test_shuffled_maps_use_the_components(kind: str) -> None:
    # 19 terrain hexes (3 hills, 4 forest, 4 pasture, 4 fields, 3 mountains, 1 desert), 18
    # number tokens with no 7 and none on the desert, 9 harbors (4 generic, one 2:1 each),
    # the robber in the desert.
    maps = set()
    for seed in range(25):
        b = make_board(Rules(map_kind=kind, seed=seed))
        assert Counter(b.terrain) == TERRAIN_COUNTS
        assert sorted(n for n in b.numbers if n) == sorted(BASE_TOKENS)
        for h in range(19):
            assert (b.numbers[h] == 0) == (b.terrain[h] == Terrain.DESERT)
        assert b.terrain[b.robber_start] == Terrain.DESERT
        assert Counter(h for h, _ in b.harbors) == HARBOR_COUNTS
        assert b == make_board(Rules(map_kind=kind, seed=seed))  # same seed, same map
        maps.add((b.terrain, b.numbers, b.harbors))
    assert len(maps) == 25


def test_variable_tokens_follow_the_spiral() -> None:
    # Set-up, Variable 3: tokens in alphabetical order from a corner, counter-clockwise,
    # toward the centre, skipping the desert. BD §2.3's worked example: A on (0,-2), desert
    # in the centre.
    expected = {
        "(0,-2)": 5, "(-1,-1)": 2, "(-2,0)": 6, "(-2,1)": 3, "(-2,2)": 8, "(-1,2)": 10,
        "(0,2)": 9, "(1,1)": 12, "(2,0)": 11, "(2,-1)": 4, "(2,-2)": 8, "(1,-2)": 10,
        "(0,-1)": 9, "(-1,0)": 4, "(-1,1)": 5, "(0,1)": 6, "(1,0)": 3, "(1,-1)": 11,
        "(0,0)": 0,
    }  # fmt: skip
    terrain = [Terrain.FIELDS] * 19
    terrain[TOPO.parse_hex("(0,0)")] = Terrain.DESERT
    numbers = spiral_numbers(TOPO, terrain, (0, -2))
    assert {TOPO.hex_names[h]: n for h, n in enumerate(numbers)} == expected


def test_variable_maps_never_put_red_numbers_together() -> None:
    # BD §2.3, computed: the spiral never puts a 6 or 8 next to another 6 or 8.
    for seed in range(40):
        b = make_board(Rules(map_kind="variable", seed=seed))
        assert not red_numbers_touch(TOPO, b.numbers)


def test_random_maps_never_put_red_numbers_together() -> None:
    # "the tokens with the red numbers must not be next to each other."
    for seed in range(40):
        b = make_board(Rules(map_kind="random", seed=seed))
        for h in range(19):
            if b.numbers[h] in (6, 8):
                assert all(b.numbers[g] not in (6, 8) for g in TOPO.hex_neighbors[h])


def test_dice_odds() -> None:
    # Odds for dice rolls (Illustration A's table): 7 = 6/36, 6 and 8 = 5/36, 2 and 12 = 1/36.
    s = new_game(Rules(map_kind="beginner"))
    sums: Counter[int] = Counter()
    for (d1, d2), p in chance_outcomes(s, Action(0, ActionKind.ROLL)):
        assert isinstance(d1, int) and isinstance(d2, int)
        sums[d1 + d2] += round(p * 36)
    assert sums == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
