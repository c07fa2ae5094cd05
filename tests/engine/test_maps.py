"""Map descriptions and the 1996 Islands of Catan maps (003, 5. and 6.; board-data.md §7).

What this is for: the description's validation (each error names its field, nothing is built),
the named maps' counts, the Islands token re-draw and last-counter swap, port hexes rotated
clockwise to land, ``check_board`` on these maps, the board JSON with sea, the frame maps as
descriptions, the CLI's ``--map``/``--map-file``, and the golden boards of a fixed seed
(``tests/golden/maps_boards.json``; regenerate as ``test_golden.py`` says).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pysettlers.cli import main
from pysettlers.engine import Board, Rules, make_board
from pysettlers.engine.board import BASE_LAYOUT, EXT_LAYOUT, check_board
from pysettlers.engine.maps import (
    BIG_ISLAND,
    BIG_ISLANDS,
    ISLANDS,
    NAMED,
    PEANUT,
    conflict,
    description_json,
    layout_description,
    load_description,
    parse_description,
)
from pysettlers.engine.maps.layout import _islands_once, _ports, check_laid_out, lay_out
from pysettlers.engine.topology import Topology, topology_for
from pysettlers.engine.types import Harbor, Side, Terrain
from support.paths import GOLDEN, ROOT

CHANNEL = (ROOT / "examples" / "maps" / "channel.json").read_text()
GOLDEN = GOLDEN / "maps_boards.json"
REGEN = os.environ.get("PYSETTLERS_REGEN_GOLDEN") == "1"


def islands(seed: int, players: int = 4) -> Board:
    return make_board(Rules(players=players, map_kind="islands", seed=seed))


def big(seed: int) -> Board:
    return make_board(Rules(players=5, map_kind="big-islands", seed=seed))


def kinds(board: Board) -> Counter[str]:
    c: Counter[str] = Counter(t.name.lower() for t in board.terrain)
    c["water"] = len(board.sea)
    c["port"] = len(board.ports)
    return c


# -- the named maps --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_islands_shuffles_19_land_9_water_9_ports_into_the_37_hex_hexagon(seed: int) -> None:
    b = islands(seed)
    cells = {*b.topology.hexes, *b.sea, *(c for c, _, _ in b.ports)}
    assert cells == {(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3}
    assert kinds(b) == Counter(
        hills=3, forest=4, pasture=4, fields=4, mountains=3, desert=1, water=9, port=9
    )
    assert Counter(h for _, h, _ in b.ports) == Counter(
        {Harbor.GENERIC: 4, Harbor.BRICK: 1, Harbor.LUMBER: 1, Harbor.WOOL: 1, Harbor.GRAIN: 1}
        | {Harbor.ORE: 1}
    )
    # "Take all the number counters": the 18 of the box, one per productive hex.
    assert sorted(n for n in b.numbers if n) == sorted(
        (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
    )
    check_board(b, Rules(map_kind="islands", seed=seed))


@pytest.mark.parametrize("seed", range(30))
def test_islands_tokens_never_touch_the_same_number_or_6_and_8(seed: int) -> None:
    for b in (islands(seed), big(seed)):
        t = b.topology
        for h, n in enumerate(b.numbers):
            for g in t.hex_neighbors[h]:
                assert not (n and b.numbers[g] and conflict(n, b.numbers[g])), (seed, h, g)


@pytest.mark.parametrize("seed", range(6))
def test_big_islands_counts_fill_the_61_hex_hexagon(seed: int) -> None:
    b = big(seed)
    assert len(b.topology.hexes) + len(b.sea) + len(b.ports) == 61
    # "remove the desert and add 2 of each land hex, 9 plain water hexes, and one of each
    # port hex (including a generic port)"
    assert kinds(b) == Counter(
        hills=5, forest=6, pasture=6, fields=6, mountains=5, water=18, port=15
    )
    assert Counter(h for _, h, _ in b.ports)[Harbor.GENERIC] == 5
    # "two full sets of numbers ... remove a 3, 5, and 10": 28 drawn from 33, 5 unused.
    drawn = Counter(n for n in b.numbers if n)
    pool = Counter(BIG_ISLANDS.tokens[0].counters)
    assert sum(drawn.values()) == 28 and sum(pool.values()) == 33 and not drawn - pool
    assert pool[3] == 3 and pool[5] == 3 and pool[10] == 3 and pool[6] == 4
    check_board(b, Rules(players=5, map_kind="big-islands", seed=seed))


def test_big_islands_discards_above_ten_and_needs_5_or_6_players() -> None:
    assert Rules(players=6, map_kind="big-islands").discard_max == 10
    assert Rules(players=4, map_kind="islands").discard_max == 7
    with pytest.raises(ValueError, match=r"big-islands map .* 5–6 players"):
        Rules(players=4, map_kind="big-islands")
    with pytest.raises(ValueError, match=r"islands map .* 3–4 players"):
        Rules(players=5, map_kind="islands")


def test_without_a_desert_the_robber_starts_on_the_least_productive_hex() -> None:
    b = big(1)
    assert Terrain.DESERT not in b.terrain
    assert b.numbers[b.robber_start] in (2, 12)


# -- the token re-draw ------------------------------------------------------------------------


class FirstChoice(random.Random):
    """Always the first choice: makes the re-draw's path predictable."""

    def choice(self, seq: Any) -> Any:
        return seq[0]

    def randrange(self, *args: Any, **kw: Any) -> int:
        return 0


def test_the_very_last_counter_is_traded_for_the_very_first() -> None:
    # A line A - B - C, placed in the order A, C, B; counters 3, 5, 5 drawn first-first:
    # A = 3, C = 5, and the last counter 5 conflicts at B with C's 5; traded for the first
    # counter (A's 3) it fits: A = 5, B = 3, C = 5.
    t = Topology([(0, 0), (1, 0), (2, 0)])
    a, b, c = (t.hex_index[x] for x in ((0, 0), (1, 0), (2, 0)))
    numbers = [0, 0, 0]
    assert _islands_once(t, [a, c, b], [3, 5, 5], numbers, FirstChoice())
    assert (numbers[a], numbers[b], numbers[c]) == (5, 3, 5)


def test_when_the_trade_with_the_first_conflicts_the_next_counter_is_tried() -> None:
    # A line A - B - C - D, placed in the order A, D, C, B with counters 9, 4, 5, 9.
    t = Topology([(0, 0), (1, 0), (2, 0), (3, 0)])
    a, b, c, d = (t.hex_index[(q, 0)] for q in range(4))
    numbers = [0, 0, 0, 0]
    # A = 9, D = 4, C = 5, B: last counter 9 conflicts with A. Trade with the first (A): B = 9
    # next to A = 9 again — conflict; the next counter counter-clockwise (D = 4): B = 4,
    # D = 9: B's neighbours 9 and 5, D's neighbour C = 5: it works.
    assert _islands_once(t, [a, d, c, b], [9, 4, 5, 9], numbers, FirstChoice())
    assert (numbers[a], numbers[b], numbers[c], numbers[d]) == (9, 4, 5, 9)


def test_no_working_trade_starts_the_placement_again() -> None:
    t = Topology([(0, 0), (1, 0)])
    numbers = [0, 0]
    assert not _islands_once(t, [0, 1], [8, 8], numbers, FirstChoice())
    assert numbers == [0, 0]


def test_conflicts_are_the_same_number_and_6_with_8() -> None:
    assert conflict(5, 5) and conflict(6, 8) and conflict(8, 6) and conflict(6, 6)
    assert not conflict(5, 9) and not conflict(6, 5)


# -- port hexes rotated to land -----------------------------------------------------------


def test_a_port_hex_is_rotated_clockwise_until_its_harbor_faces_land() -> None:
    desc = parse_description(
        {
            "cells": ["(0,0)", "(1,0)"],
            "fixed": [
                {"hex": "(0,0)", "kind": "port", "harbor": "ore", "side": "SE"},
                {"hex": "(1,0)", "kind": "desert"},
            ],
        }
    )
    topo = topology_for(((1, 0),))
    kind = {(0, 0): "port", (1, 0): "desert"}
    # Laid facing SE (water), turned clockwise SE → SW → W → NW → NE → E: land at E.
    (port,) = _ports(desc, topo, kind, {(0, 0): Harbor.ORE}, {(0, 0): Side.SE}, random.Random())
    assert port == ((0, 0), Harbor.ORE, Side.E)
    board = lay_out(desc, random.Random(0))
    assert board.harbors == ((Harbor.ORE, topo.side((1, 0), Side.W)),)


def test_a_port_hex_touching_no_land_is_not_rotated_and_has_no_harbor() -> None:
    desc = parse_description(
        {
            "cells": ["(0,0)", "(3,0)"],
            "fixed": [
                {"hex": "(0,0)", "kind": "port", "harbor": "wool", "side": "W"},
                {"hex": "(3,0)", "kind": "desert"},
            ],
        }
    )
    board = lay_out(desc, random.Random(0))
    assert board.ports == (((0, 0), Harbor.WOOL, None),) and board.harbors == ()


@pytest.mark.parametrize("seed", range(5))
def test_every_islands_port_touching_land_serves_it(seed: int) -> None:
    b = islands(seed)
    land = set(b.topology.hexes)
    for (q, r), _, side in b.ports:
        touches = any(
            (q + dq, r + dr) in land
            for dq, dr in ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
        )
        assert (side is not None) == touches
    assert len(b.harbors) == sum(1 for _, _, side in b.ports if side is not None)


# -- validation of descriptions -----------------------------------------------------------


BAD: list[tuple[Any, str]] = [
    ("[1, 2", "map: not valid JSON"),
    ([], "map: a description is a JSON object"),
    ({"cells": {"hexagon": 3}, "colour": "red"}, r"map: unknown fields \['colour'\]"),
    ({"cells": {"hexagon": 99}}, "map.cells.hexagon must be a radius from 1 to 7"),
    ({"cells": ["(0,0)", "(0,0)"]}, r"map.cells lists hex \(0,0\) twice"),
    ({"cells": ["(0,x)"]}, r"map.cells\[0\]: '\(0,x\)' is not a hex name"),
    ({"cells": [f"({i},0)" for i in range(300)]}, "map.cells has 300 hexes; at most 200"),
    (
        {"cells": ["(0,0)"], "fixed": [{"hex": "(0,0)", "kind": "lava"}]},
        r"map.fixed\[0\].kind must be one of",
    ),
    (
        {"cells": ["(0,0)"], "fixed": [{"hex": "(5,5)", "kind": "hills"}]},
        r"map.fixed\[0\].hex \(5,5\) is not one of map.cells",
    ),
    ({"cells": ["(0,0)", "(1,0)"], "pool": {"hills": 1}}, "map.pool: 1 hexes in the pool for 2"),
    ({"cells": ["(0,0)"], "pool": {"water": 1}}, "map: no land hex"),
    (
        {"cells": ["(0,0)"], "fixed": [{"hex": "(0,0)", "kind": "hills", "number": 7}]},
        r"map.fixed\[0\].number must be a token 2–6 or 8–12",
    ),
    (
        {"cells": ["(0,0)"], "fixed": [{"hex": "(0,0)", "kind": "hills"}]},
        r"map.fixed: hex \(0,0\) \(hills\) has no number",
    ),
    (
        {
            "cells": ["(0,0)", "(1,0)"],
            "pool": {"hills": 2},
            "tokens": {"method": "spiral", "counters": [5]},
        },
        "map.tokens.counters: 1 counters for 2 productive land hexes",
    ),
    (
        {"cells": ["(0,0)"], "pool": {"hills": 1}, "tokens": {"method": "dice"}},
        r"map.tokens.method must be one of",
    ),
    (
        {
            "cells": ["(0,0)", "(1,0)"],
            "fixed": [
                {"hex": "(0,0)", "kind": "desert"},
                {"hex": "(1,0)", "kind": "port", "harbor": "ore", "side": "E"},
            ],
            "port_rotation": "none",
        },
        r"port hex \(1,0\) has side E, which does not face a land hex",
    ),
    (
        {
            "cells": ["(0,0)", "(1,0)"],
            "fixed": [{"hex": "(0,0)", "kind": "desert"}, {"hex": "(1,0)", "kind": "desert"}],
            "harbors": {"slots": ["(0,0)E"], "markers": ["ore"]},
        },
        r"map.harbors.slots\[0\]: \(0,0\)E is not on the coast",
    ),
    (
        {
            "cells": ["(0,0)"],
            "fixed": [{"hex": "(0,0)", "kind": "desert"}],
            "harbors": {"slots": ["(0,0)E"], "markers": []},
        },
        "map.harbors: 0 markers for 1 slots",
    ),
    (
        {"cells": ["(0,0)"], "fixed": [{"hex": "(0,0)", "kind": "desert"}], "bridges": "yes"},
        "map.bridges must be true or false",
    ),
    (
        {"cells": ["(0,0)", "(1,0)"], "pool": [{"hills": 1}, {"forest": 1}]},
        r"map.pool\[0\]: with several pools each names its cells",
    ),
    (
        {
            "cells": ["(0,0)", "(1,0)"],
            "pool": [{"hills": 1, "cells": ["(0,0)"]}, {"forest": 1, "cells": ["(0,0)"]}],
        },
        r"map.pool\[1\].cells: \(0,0\) is in an earlier pool",
    ),
    (
        {
            "cells": ["(0,0)", "(1,0)"],
            "pool": [{"hills": 2, "cells": ["(0,0)"]}, {"forest": 0, "cells": ["(1,0)"]}],
        },
        r"map.pool\[0\]: 2 hexes for its 1 positions",
    ),
    (
        {"cells": ["(0,0)", "(1,0)", "(2,0)"], "pool": [{"hills": 2, "cells": ["(0,0)", "(1,0)"]}]},
        "map.pool: 2 hexes in the pool for 3 positions",
    ),
    (
        {
            "cells": ["(0,0)", "(1,0)"],
            "fixed": [{"hex": "(1,0)", "kind": "desert"}],
            "pool": {"hills": 1, "cells": ["(1,0)"]},
        },
        r"map.pool.cells: \(1,0\) is fixed on map.fixed",
    ),
    (
        {"cells": ["(0,0)"], "pool": {"hills": 1, "cells": ["(4,4)"]}},
        r"map.pool.cells: \(4,4\) is not one of map.cells",
    ),
    ({"cells": ["(0,0)"], "pool": []}, "map.pool: a list of pools needs at least one pool"),
]


@pytest.mark.parametrize(("doc", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_a_bad_description_is_refused_naming_the_field(doc: Any, message: str) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(ValueError, match=message):
        lay_out(load_description(text), random.Random(0))


def test_the_example_description_round_trips() -> None:
    desc = load_description(CHANNEL)
    again = parse_description(json.loads(json.dumps(description_json(desc))))
    assert again == desc
    for named in (ISLANDS, BIG_ISLANDS, BIG_ISLAND, PEANUT):
        assert parse_description(json.loads(json.dumps(description_json(named)))) == named


def test_each_pool_fills_only_its_own_cells() -> None:
    # Two pools on a strip of four: whatever the draws, each pool's tiles stay on its cells
    # (Peanut's halves, "each a normal island").
    doc = {
        "cells": ["(0,0)", "(1,0)", "(2,0)", "(3,0)"],
        "pool": [
            {"hills": 1, "forest": 1, "cells": ["(0,0)", "(1,0)"]},
            {"pasture": 1, "fields": 1, "cells": ["(2,0)", "(3,0)"]},
        ],
        "tokens": {"method": "random", "counters": [2, 3, 4, 5]},
    }
    desc = load_description(json.dumps(doc))
    seen = set()
    for seed in range(30):
        b = lay_out(desc, random.Random(seed))
        t = b.topology
        left = {b.terrain[t.hex_index[c]] for c in ((0, 0), (1, 0))}
        assert left == {Terrain.HILLS, Terrain.FOREST}
        seen.add(b.terrain[t.hex_index[(0, 0)]])
        check_laid_out(b, desc)
    assert seen == {Terrain.HILLS, Terrain.FOREST}  # both orders occur: it is shuffled
    # A board with a tile moved across the pools' boundary is refused by name.
    b = lay_out(desc, random.Random(0))
    terrain = list(b.terrain)
    terrain[0], terrain[2] = terrain[2], terrain[0]
    swapped = Board(b.topology, tuple(terrain), b.numbers, b.harbors)
    with pytest.raises(ValueError, match="in pool 1 of the map 'described'"):
        check_laid_out(swapped, desc)


@pytest.mark.parametrize("map_kind", ["big-island", "peanut"])
def test_the_seven_eight_player_maps_are_descriptions_a_user_can_load(map_kind: str) -> None:
    # The named 7–8 maps are the same kind of description as a --map-file: written out as
    # JSON and loaded as a described map, a seed lays out the same board.
    text = json.dumps(description_json(NAMED[map_kind]))
    for seed in range(3):
        named = make_board(Rules(players=8, map_kind=map_kind, seed=seed))
        described = make_board(
            Rules(players=8, map_kind="described", map_description=text, seed=seed)
        )
        assert described == named


def test_a_board_with_sea_round_trips_through_json() -> None:
    for b in (
        islands(3),
        big(3),
        make_board(Rules(players=3, map_kind="described", map_description=CHANNEL)),
    ):
        again = Board.from_json(copy.deepcopy(b.to_json()))
        assert again == b and again.topology is b.topology


def test_the_frame_maps_are_descriptions_too() -> None:
    for layout, rules in ((BASE_LAYOUT, Rules()), (EXT_LAYOUT, Rules(players=5))):
        for seed in range(3):
            b = lay_out(layout_description(layout), random.Random(seed))
            check_board(b, rules)
            assert b.topology is make_board(rules).topology


def test_check_board_refuses_a_board_the_map_could_not_give() -> None:
    rules = Rules(map_kind="islands", seed=5)
    b = islands(5)
    doc = b.to_json()
    doc["hexes"][0]["number"], doc["hexes"][1]["number"] = 6, 6
    doc["hexes"][0]["terrain"] = doc["hexes"][1]["terrain"] = "hills"
    with pytest.raises(ValueError):
        check_board(Board.from_json(doc), rules)
    with pytest.raises(ValueError, match="no water or port hexes"):
        check_board(b, Rules())
    with pytest.raises(ValueError, match="positions of the map"):
        check_board(make_board(Rules()), rules)


# -- the command line -------------------------------------------------------------------------


def test_cli_renders_the_named_maps_and_a_map_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["render", "--map", "islands", "--seed", "2"]) == 0
    assert "~ port ~" in capsys.readouterr().out
    assert main(["render", "--map", "big-islands", "--players", "6"]) == 0
    assert "~ sea ~" in capsys.readouterr().out
    path = tmp_path / "m.json"
    path.write_text(CHANNEL)
    assert main(["render", "--map-file", str(path), "--players", "3"]) == 0
    assert "2:1 ore" in capsys.readouterr().out


def test_cli_names_the_field_of_a_bad_map_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"cells": {"hexagon": 2}, "pool": {"lava": 19}}))
    assert main(["demo", "--map-file", str(path)]) != 0
    err = capsys.readouterr().err
    assert "bad.json" in err and "map.pool's keys must be one of" in err
    assert main(["render", "--map-file", str(tmp_path / "none.json")]) != 0
    assert "cannot read" in capsys.readouterr().err


# -- golden boards --------------------------------------------------------------------------


def _golden_boards() -> dict[str, Any]:
    return {
        "islands seed 1": islands(1).to_json(),
        "big-islands seed 1": big(1).to_json(),
        "channel.json": make_board(
            Rules(players=3, map_kind="described", map_description=CHANNEL)
        ).to_json(),
    }


def test_golden_boards_of_the_named_maps() -> None:
    if REGEN:
        GOLDEN.write_text(json.dumps(_golden_boards(), indent=1, sort_keys=True) + "\n")
        pytest.skip("rewrote tests/golden/maps_boards.json")
    assert GOLDEN.exists(), "missing golden file; regenerate with PYSETTLERS_REGEN_GOLDEN=1"
    assert json.loads(GOLDEN.read_text()) == json.loads(json.dumps(_golden_boards()))


def test_a_saved_islands_game_loads_equal_after_its_topology_left_the_cache() -> None:
    # Each islands map has a land shape of its own, so the bounded topology cache evicts
    # them in a long run; a rebuilt topology of the same shape must compare equal.
    from pysettlers.engine import load_state, new_game, save_state

    s = new_game(Rules(map_kind="islands", seed=8), first_player=0)
    topology_for.cache_clear()
    again = load_state(json.loads(json.dumps(save_state(s))))
    assert again.topo is not s.topo and again.topo == s.topo and again == s
    assert hash(again.topo) == hash(s.topo)
    assert topology_for(s.topo.hexes) != s.topo  # no bridge paths: another topology


def test_counters_that_cannot_keep_6s_and_8s_apart_are_refused_at_once() -> None:
    # Every counter a 6 on the 19 hexes of the base board: no order keeps the red counters
    # apart. The map is refused by its search (no shuffles), naming the rule; once it took
    # 100,000 shuffles (seconds of a server's event loop) to give up.
    from itertools import combinations

    from pysettlers.engine.maps.layout import RANDOM_TRIES, reds_can_part

    doc = {
        "cells": {"hexagon": 2},
        "pool": {"hills": 19},
        "tokens": {"method": "random", "counters": [6] * 19},
    }
    desc = load_description(json.dumps(doc))
    shuffles: list[int] = []

    class Counting(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            shuffles.append(len(x))
            super().shuffle(x)

    with pytest.raises(ValueError, match=r"19 red counters .* cannot be kept apart"):
        lay_out(desc, Counting(1))
    assert len(shuffles) < 3 < RANDOM_TRIES  # the pool's shuffle, none of the counters'
    # A map that can be laid out still is (with the board its seed always gave).
    ok = dict(doc, tokens={"method": "random", "counters": [6, 8, 6, 8] + [5] * 15})
    board = lay_out(load_description(json.dumps(ok)), random.Random(3))
    assert sorted(n for n in board.numbers if n) == sorted([6, 8, 6, 8] + [5] * 15)
    # The search agrees with trying every choice of hexes on that board.
    topo = board.topology
    hexes = list(range(topo.n_hexes))

    def apart(chosen: tuple[int, ...]) -> bool:
        return not any(g in chosen for h in chosen for g in topo.hex_neighbors[h])

    most = max(k for k in range(1, 9) if any(map(apart, combinations(hexes, k))))
    assert reds_can_part(topo, hexes, most) is True
    assert reds_can_part(topo, hexes, most + 1) is False
