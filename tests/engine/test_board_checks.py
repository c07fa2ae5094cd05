"""Invalid boards are refused with a ``ValueError`` naming the problem.

What this is for: regression tests for ``Board(...)``/``Board.from_json`` (what no board can
be: a 7 token, a token outside 2..12, a numbered desert, an unnumbered productive hex,
malformed JSON) and for :func:`check_board` (a board the rules would not lay out: the wrong
island, terrain, tokens or harbors, not Illustration A on the beginner map, touching reds on
a random map). Every board ``make_board`` lays out must pass. Not a test of how boards are
laid out (``test_rules_board.py``).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysettlers.engine import Board, Rules, make_board
from pysettlers.engine.board import beginner_board, check_board, layout_for
from pysettlers.engine.topology import topology_for
from pysettlers.engine.types import Harbor, Terrain

BASE = Rules(seed=3)
EXT = Rules(players=5, seed=3)


def doc(rules: Rules = BASE) -> dict[str, Any]:
    return make_board(rules).to_json()


def hex_item(d: dict[str, Any], terrain: str) -> dict[str, Any]:
    return next(item for item in d["hexes"] if item["terrain"] == terrain)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 6),
    kind=st.sampled_from(["variable", "random", "beginner"]),
    seed=st.integers(0, 2**63 - 1),
)
def test_every_laid_out_board_passes(players: int, kind: str, seed: int) -> None:
    if kind == "beginner" and players > 4:
        kind = "variable"
    rules = Rules(players=players, map_kind=kind, seed=seed)  # type: ignore[arg-type]
    board = make_board(rules)
    check_board(board, rules)
    again = Board.from_json(board.to_json())
    assert again == board
    check_board(again, rules)


# -- what no board can be ------------------------------------------------------------------------


def with_number(d: dict[str, Any], terrain: str, number: object) -> dict[str, Any]:
    hex_item(d, terrain)["number"] = number
    return d


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: with_number(doc(), "hills", 7), "has number 7: no number token carries a 7"),
        (lambda: with_number(doc(), "hills", 13), "number 13, not a token from 2 to 12"),
        (lambda: with_number(doc(), "hills", 1), "number 1, not a token from 2 to 12"),
        (lambda: with_number(doc(), "hills", -4), "number -4, not a token from 2 to 12"),
        (lambda: with_number(doc(), "hills", 0), r"\(hills\) has no number token"),
        (lambda: with_number(doc(), "desert", 6), "is a desert with number 6"),
        (lambda: with_number(doc(), "hills", 6.0), r"board.hexes\[\d+\].number must be an int"),
        (lambda: with_number(doc(), "hills", True), r"number must be an integer"),
        (lambda: with_number(doc(), "hills", "6"), r"number must be an integer"),
    ],
)
def test_impossible_hexes_are_refused(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board.from_json(make())


def test_the_constructor_refuses_them_too() -> None:
    b = make_board(BASE)
    hills = b.terrain.index(Terrain.HILLS)
    numbers = list(b.numbers)
    numbers[hills] = 7
    with pytest.raises(ValueError, match="no number token carries a 7"):
        Board(b.topology, b.terrain, tuple(numbers), b.harbors)
    with pytest.raises(ValueError, match="two harbors on one path"):
        Board(b.topology, b.terrain, b.numbers, (*b.harbors, b.harbors[0]))
    with pytest.raises(ValueError, match="not a path of this board"):
        Board(b.topology, b.terrain, b.numbers, ((Harbor.ORE, 10**6),))


def mutate(path: str, value: object) -> dict[str, Any]:
    d = doc()
    target: Any = d
    keys = path.split(".")
    for k in keys[:-1]:
        target = target[int(k)] if k.isdigit() else target[k]
    last = keys[-1]
    if value is KeyError:
        del target[int(last) if last.isdigit() else last]
    elif last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return d


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (None, "board must be a JSON object"),
        ([], "board must be a JSON object"),
        ({}, "board.hexes must be a list"),
        ({"hexes": [], "harbors": []}, "a board needs land hexes"),
        (mutate("hexes", "all"), "board.hexes must be a list"),
        (mutate("harbors", KeyError), "board.harbors must be a list"),
        (mutate("hexes.0", "(0,0)"), r"board.hexes\[0\] must be a JSON object"),
        (mutate("hexes.0.hex", KeyError), r"board.hexes\[0\].hex must be a string"),
        (mutate("hexes.0.hex", 5), r"board.hexes\[0\].hex must be a string"),
        (mutate("hexes.0.hex", "(0,0)N"), "is not a hex name"),
        (mutate("hexes.0.hex", "(" + "9" * 5000 + ",0)"), "at most 3 digits"),
        (mutate("hexes.0.hex", "(0,0)"), "is listed twice"),
        (mutate("hexes.0.terrain", "lava"), r"board.hexes\[0\].terrain must be one of"),
        (mutate("hexes.0.terrain", None), r"board.hexes\[0\].terrain must be a string"),
        (mutate("hexes.0.number", KeyError), r"board.hexes\[0\].number must be an integer"),
        (mutate("harbors.0", 3), r"board.harbors\[0\] must be a JSON object"),
        (mutate("harbors.0.type", "gold"), r"board.harbors\[0\].type must be one of"),
        (mutate("harbors.0.path", "(9,9)NE"), "is not a path of this board"),
        (mutate("harbors.0.path", "(0,0)"), "is not a path of this board"),
    ],
)
def test_malformed_json_is_a_value_error_naming_the_field(obj: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board.from_json(obj)


def test_a_huge_board_is_refused_before_its_topology_is_built() -> None:
    hexes = [
        {"hex": f"({q},{r})", "terrain": "desert", "number": 0}
        for q in range(30)
        for r in range(30)
    ]
    with pytest.raises(ValueError, match="at most 200"):
        Board.from_json({"hexes": hexes, "harbors": []})


def test_an_interior_harbor_is_refused() -> None:
    d = doc()
    d["harbors"][0]["path"] = "(0,0)NE"  # between two land hexes
    with pytest.raises(ValueError, match="not a coast"):
        Board.from_json(d)


# -- what the rules do not lay out ---------------------------------------------------------------


def swap_terrain(d: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """Turn a hex of terrain ``a`` into ``b`` (keeping its number)."""
    hex_item(d, a)["terrain"] = b
    return d


def test_the_island_must_be_the_rules_island() -> None:
    with pytest.raises(ValueError, match=r"19 hexes.*30-hex island of a 5-player game"):
        check_board(make_board(BASE), EXT)
    with pytest.raises(ValueError, match=r"30 hexes.*19-hex island of a 4-player game"):
        check_board(make_board(EXT), BASE)
    d = doc()
    d["hexes"] = d["hexes"][:-1]  # 18 hexes
    with pytest.raises(ValueError, match=r"18 hexes.*missing: \(0,2\)"):
        check_board(Board.from_json(d), BASE)


@pytest.mark.parametrize("rules", [BASE, EXT], ids=["base", "ext"])
def test_terrain_tokens_and_harbors_must_be_the_sets_of_the_layout(rules: Rules) -> None:
    d = swap_terrain(doc(rules), "hills", "forest")
    with pytest.raises(ValueError, match=r"terrain tiles .*forest: [57].* are not the set"):
        check_board(Board.from_json(d), rules)

    d = doc(rules)
    item = next(i for i in d["hexes"] if i["number"] == 2)
    item["number"] = 12
    with pytest.raises(ValueError, match=r"number tokens .* are not the set of the rules"):
        check_board(Board.from_json(d), rules)

    d = doc(rules)
    d["harbors"][0]["type"] = "ore" if d["harbors"][0]["type"] != "ore" else "brick"
    with pytest.raises(ValueError, match=r"harbor markers .* are not the set of the rules"):
        check_board(Board.from_json(d), rules)

    d = doc(rules)
    del d["harbors"][0]
    with pytest.raises(ValueError, match="harbor markers"):
        check_board(Board.from_json(d), rules)


def test_harbors_must_sit_on_the_frames_slots() -> None:
    b = make_board(BASE)
    slots = {p for _, p in b.harbors}
    other = next(p for p in b.topology.coastal_paths if p not in slots)
    moved = ((b.harbors[0][0], other), *b.harbors[1:])
    bad = Board(b.topology, b.terrain, b.numbers, moved)
    with pytest.raises(ValueError, match="not a harbor slot of the frame"):
        check_board(bad, BASE)


def test_a_desert_with_a_token_moved_to_it_is_refused_everywhere() -> None:
    # Moving the desert keeps the multisets but leaves a numbered desert: Board refuses it.
    d = doc()
    desert, hills = hex_item(d, "desert"), hex_item(d, "hills")
    desert["terrain"], hills["terrain"] = "hills", "desert"
    with pytest.raises(ValueError, match="is a desert with number"):
        Board.from_json(d)


def test_the_beginner_map_is_illustration_a_exactly() -> None:
    rules = Rules(map_kind="beginner")
    topo = topology_for(layout_for(rules).land)
    check_board(beginner_board(topo), rules)
    # A variable board has the right sets but is not Illustration A.
    variable = make_board(Rules(seed=5))
    with pytest.raises(ValueError, match="the beginner map is Illustration A: hex"):
        check_board(variable, rules)
    b = beginner_board(topo)
    swapped = ((b.harbors[1][0], b.harbors[0][1]), (b.harbors[0][0], b.harbors[1][1]))
    other = Board(topo, b.terrain, b.numbers, swapped + b.harbors[2:])
    with pytest.raises(ValueError, match="its harbors differ"):
        check_board(other, rules)


def test_a_random_map_has_no_touching_reds() -> None:
    rules = Rules(map_kind="random", seed=4)
    b = make_board(rules)
    topo = b.topology
    # Swap tokens so that a 6 and an 8 touch (same multisets, so only this rule can fail).
    numbers = list(b.numbers)
    six = numbers.index(6)
    neighbour = next(g for g in topo.hex_neighbors[six] if numbers[g] not in (0, 6, 8))
    eight = numbers.index(8)
    numbers[neighbour], numbers[eight] = 8, numbers[neighbour]
    bad = Board(topo, b.terrain, tuple(numbers), b.harbors)
    with pytest.raises(ValueError, match="a 6 or 8 touches another 6 or 8"):
        check_board(bad, rules)
    check_board(bad, Rules(map_kind="variable", seed=4))  # the variable set-up allows it


def test_equal_boards_compare_equal_across_topology_rebuilds() -> None:
    b = make_board(BASE)
    topology_for.cache_clear()
    again = Board.from_json(copy.deepcopy(b.to_json()))
    assert again.topology is not b.topology and again == b
