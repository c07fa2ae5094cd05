"""Seafarers ships on the open sea (002: ships "serve as roads over water or along the coast"):
the sea intersections and paths of ``topology.py`` and the rules on them, from the text.

The 19-hex island's frame is sea: ``(1,-2)N`` is a coastal intersection between the frame
hexes ``(1,-3)`` and ``(2,-3)``; the side between those two, ``(1,-3)E``, is a path of the
open sea running out from the coast to the sea intersection ``(1,-3)NE`` on the frame's
outer rim, from which ``(1,-3)NE`` (the path) and ``(2,-3)NW`` run on round the rim.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    Board,
    Game,
    Rules,
    legal_actions,
    load_state,
    make_board,
    new_game,
    save_state,
)
from pysettlers.engine.records import replay
from pysettlers.engine.scenarios.islands import BRIDGE_RULE
from pysettlers.engine.scenarios.ships import SHIP_RULE, part_of, sea_paths
from pysettlers.engine.topology import CORNER_OFFSETS, Topology
from pysettlers.engine.types import ActionKind, Phase
from pysettlers.engine.validate import validate
from support.builders import assert_illegal, hand, play, targets
from support.ships import COAST, ISLES, SHIP, at

SIDES = ("NE", "E", "SE", "SW", "W", "NW")
OUT = "(1,-3)E"  # from the coast at (1,-2)N out to the open sea
RIM = ("(1,-3)NE", "(1,-3)NW", "(0,-3)NE")  # on round the frame's outer rim, westwards
MAPS = [
    COAST,
    Rules(players=5, ships=True, seed=2),
    Rules(players=4, map_kind="islands", ships=True, seed=7),
    Rules(players=6, map_kind="big-islands", ships=True, seed=8),
    Rules(players=8, map_kind="peanut", ships=True, seed=9),
    ISLES,
]


def _ids(rules: Rules) -> str:
    return f"{rules.map_kind}-{rules.players}"


# -- the topology ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", MAPS, ids=_ids)
def test_the_open_sea_comes_after_every_other_id(rules: Rules) -> None:
    plain = make_board(replace(rules, ships=False)).topology
    t = make_board(rules).topology
    assert plain.n_sea_paths == 0 and plain.n_land_intersections == plain.n_intersections
    assert t.n_sea_paths > 0 and t.n_intersections > t.n_land_intersections
    # Every id of the board without ships is the same id with the same ends and name.
    k, e = plain.n_intersections, plain.n_paths
    assert t.n_land_intersections == k and t.n_road_paths == e
    assert t.intersection_xy[:k] == plain.intersection_xy
    assert t.intersection_names[:k] == plain.intersection_names
    assert t.path_ends[:e] == plain.path_ends and t.path_names[:e] == plain.path_names
    assert t.intersection_neighbors[:k] == plain.intersection_neighbors
    assert t.hexes == plain.hexes and t.hex_corners == plain.hex_corners
    # The open sea touches no land hex and is nobody's neighbour for the distance rule.
    for v in range(k, t.n_intersections):
        assert t.intersection_hexes[v] == () and t.intersection_neighbors[v] == ()
        assert t.is_sea_intersection(v) and t.intersection_paths[v]
    for p in range(e, t.n_paths):
        assert t.path_hexes[p] == () and t.is_sea_path(p) and not t.is_bridge(p)
        assert p in sea_paths(t)
    assert all(
        v not in t.intersection_neighbors[w] for w in range(k) for v in range(k, t.n_intersections)
    )


@pytest.mark.parametrize("rules", MAPS, ids=_ids)
def test_every_sea_name_and_alias_parses_to_what_lies_there(rules: Rules) -> None:
    board = make_board(rules)
    t = board.topology
    for v, name in enumerate(t.intersection_names):
        assert t.parse_intersection(name) == v
    for p, name in enumerate(t.path_names):
        assert t.parse_path(name) == p
    # Each corner and side of each sea hex, parsed, is the intersection or path at that spot
    # of the lattice (topology.py's corner keys), land or sea.
    xy = {k: v for v, k in enumerate(t.intersection_xy)}
    sides = ("NE", "E", "SE", "SW", "W", "NW")
    corners = ("N", "NE", "SE", "S", "SW", "NW")
    for q, r in t.sea_hexes:
        keys = [(2 * q + r + dx, 3 * r + dy) for dx, dy in CORNER_OFFSETS]
        for c, name in enumerate(corners):
            assert t.parse_intersection(f"({q},{r}){name}") == xy[keys[c]]
        for s, name in enumerate(sides):
            ends = {xy[keys[s]], xy[keys[(s + 1) % 6]]}
            assert set(t.path_ends[t.parse_path(f" ( {q} , {r} ) {name.lower()}")]) == ends
    # A sea intersection's and a sea path's name is a sea hex's.
    for name in t.intersection_names[t.n_land_intersections :] + t.path_names[t.n_road_paths :]:
        coord = tuple(int(x) for x in name[1 : name.index(")")].split(","))
        assert coord in t.sea_hexes


def test_the_sea_is_the_frame_and_the_water_and_port_hexes() -> None:
    t = new_game(COAST).topo
    assert len(t.sea_hexes) == 18  # the frame round the 19-hex island
    assert t.parse_intersection("(1,-3)NE") >= t.n_land_intersections
    assert t.parse_path(OUT) >= t.n_road_paths
    board = make_board(Rules(players=4, map_kind="islands", ships=True, seed=7))
    sea = set(board.topology.sea_hexes)
    assert set(board.sea) | {c for c, _, _ in board.ports} <= sea
    assert not sea & set(board.topology.hexes)


def test_games_without_ships_build_the_topology_they_always_did() -> None:
    t = new_game(Rules()).topo
    assert (t.n_intersections, t.n_paths, t.sea_hexes) == (54, 72, ())
    s = new_game(Rules(players=4, map_kind="islands", seed=7))
    assert s.topo.n_sea_paths == 0 and "open_sea" not in s.board.to_json()
    with pytest.raises(ValueError, match="not a path"):
        t.parse_path(OUT)


# -- building and moving on the open sea -----------------------------------------------------


def test_a_ship_on_the_open_sea_joined_to_ones_line_is_built() -> None:
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, hands={"p0": SHIP * 1 + "+1ore"})
    assert OUT in targets(s, "ship")
    play(s, f"p0 ship {OUT}")
    assert hand(s, 0) == "1ore"
    # The line goes on from the ship's far end, a sea intersection on the rim.
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, ships={OUT: "p0"}, hands={"p0": SHIP})
    assert set(RIM[:1]) | {"(2,-3)NW"} <= targets(s, "ship")
    play(s, f"p0 ship {RIM[0]}")
    assert validate(s) == []


def test_a_ship_on_the_open_sea_not_joined_is_refused() -> None:
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, hands={"p0": SHIP})
    for far in RIM:  # the rim, not yet reached by a line of p0's
        assert far not in targets(s, "ship")
        assert_illegal(s, f"p0 ship {far}", SHIP_RULE)
    # Another player's line does not carry p0's ship.
    s = at(
        COAST,
        {"p0": {"settlements": ["(0,-2)N"]}, "p1": {"settlements": ["(1,-2)N"]}},
        ships={OUT: "p1"},
        hands={"p0": SHIP},
    )
    assert_illegal(s, f"p0 ship {RIM[0]}", SHIP_RULE)


def test_roads_and_bridges_never_go_on_the_open_sea() -> None:
    s = at(
        COAST,
        {"p0": {"settlements": ["(1,-2)N"], "roads": ["(1,-2)NW"]}},
        hands={"p0": "1brick+1lumber"},
    )
    assert OUT not in targets(s, "road")
    err = assert_illegal(s, f"p0 road {OUT}", "Roads")
    assert "open sea" in str(err)
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, dev={"p0": "road-building"})
    play(s, "p0 road-building")
    assert OUT in targets(s, "ship") and OUT not in targets(s, "road")
    assert_illegal(s, f"p0 road {OUT}", "Roads")
    # With bridges (the islands maps) a sea path takes no bridge either.
    isl = at(ISLES, {"p0": {"settlements": ["(1,-2)S"]}}, hands={"p0": "1brick+1lumber+1wool"})
    t = isl.topo
    assert t.n_bridge_paths and t.n_sea_paths
    sea = next(t.path_names[e] for e in range(t.n_road_paths, t.n_paths))
    assert "open sea" in str(assert_illegal(isl, f"p0 bridge {sea}", BRIDGE_RULE))


def test_no_settlement_on_a_sea_intersection() -> None:
    s = at(
        COAST,
        {"p0": {"settlements": ["(1,-2)N"]}},
        ships={OUT: "p0"},
        hands={"p0": "1brick+1lumber+1wool+1grain"},
    )
    t = s.topo
    far = t.parse_intersection("(1,-3)NE")
    assert far >= t.n_land_intersections
    assert t.intersection_names[far] not in targets(s, "settlement")
    err = assert_illegal(s, "p0 settlement (1,-3)NE", "Settlements")
    assert "open sea" in str(err)
    # Never a set-up site either.
    s = new_game(COAST)
    sites = {a.a for a in legal_actions(s) if a.kind == ActionKind.BUILD_SETTLEMENT}
    assert sites == set(range(t.n_land_intersections))


def test_the_open_end_ship_moves_onto_the_open_sea() -> None:
    s = at(COAST, {"p0": {"settlements": ["(2,-2)N"]}}, ships={"(2,-2)NW": "p0", "(1,-2)NE": "p0"})
    # Lifted, it may go where the line's other ship or the settlement reaches: out from
    # (2,-2)N between the frame hexes (2,-3) and (3,-3).
    away = "(2,-3)E"
    assert s.topo.is_sea_path(s.topo.parse_path(away))
    assert f"(1,-2)NE to {away}" in targets(s, "move-ship")
    play(s, f"p0 move-ship (1,-2)NE to {away}")
    x = part_of(s)
    assert x.owner[s.topo.parse_path(away)] == 0 and x.owner[s.topo.parse_path("(1,-2)NE")] == -1
    assert validate(s) == []
    # And on out: the ship at the open end of a line on the open sea moves again next turn.
    s = at(
        COAST,
        {"p0": {"settlements": ["(1,-2)N"]}},
        ships={OUT: "p0", RIM[0]: "p0"},
    )
    assert f"{RIM[0]} to {RIM[1]}" not in targets(s, "move-ship")  # not joined once lifted
    assert f"{RIM[0]} to (2,-3)NW" in targets(s, "move-ship")
    play(s, f"p0 move-ship {RIM[0]} to (2,-3)NW")


def test_the_longest_trade_route_counts_ships_on_the_open_sea() -> None:
    ships = {OUT: "p0", RIM[0]: "p0", RIM[1]: "p0", RIM[2]: "p0"}
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, ships=ships, hands={"p0": SHIP})
    assert s.road_length[0] == 4 and s.longest_road == -1
    play(s, "p0 ship (0,-3)NW")  # the fifth, on round the rim
    assert s.road_length[0] == 5 and s.longest_road == 0


# -- records, saved positions, JSON ----------------------------------------------------------


def test_a_game_with_ships_on_the_open_sea_saves_and_replays() -> None:
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, ships={OUT: "p0"}, hands={"p0": SHIP})
    play(s, f"p0 ship {RIM[0]}")
    again = load_state(json.loads(json.dumps(save_state(s))))
    assert again == s and again.topo.n_sea_paths
    assert save_state(again)["board"]["open_sea"] is True
    board = Board.from_json(s.board.to_json())
    assert board == s.board and board.topology is s.topo
    # A record: the board's JSON says open_sea, and the replay parses sea names.
    game = Game.new(COAST)
    assert game.to_json()["board"]["open_sea"] is True
    assert replay(game.to_json()).state.topo.n_sea_paths


def test_the_rules_decide_whether_a_board_has_the_open_sea() -> None:
    with_sea = make_board(COAST)
    plain = make_board(replace(COAST, ships=False))
    assert with_sea != plain and with_sea.with_open_sea(False) == plain
    # A board without the open sea, in a game with ships, gets it (and the other way).
    assert new_game(COAST, board=plain).topo == with_sea.topology
    s = new_game(replace(COAST, ships=False), board=with_sea)
    assert s.topo.n_sea_paths == 0 and s.phase == Phase.SETUP_SETTLEMENT
    doc = with_sea.to_json()
    doc["open_sea"] = "yes"
    with pytest.raises(ValueError, match="open_sea"):
        Board.from_json(doc)
    assert isinstance(with_sea.topology, Topology)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    kind=st.sampled_from(["islands", "big-islands", "variable", "random"]),
)
def test_any_laid_out_board_keeps_its_ids_and_names_with_the_open_sea(seed: int, kind: str) -> None:
    players = 5 if kind == "big-islands" else 4
    plain = make_board(Rules(players=players, map_kind=kind, seed=seed))
    board = plain.with_open_sea(True)
    t, p = board.topology, plain.topology
    assert board.with_open_sea(False) == plain and board.with_open_sea(True) is board
    assert t.path_ends[: p.n_paths] == p.path_ends
    assert t.intersection_xy[: p.n_intersections] == p.intersection_xy
    assert t.n_road_paths == p.n_paths and t.n_land_intersections == p.n_intersections
    assert Board.from_json(board.to_json()) == board
    for e in range(t.n_road_paths, t.n_paths):
        assert t.parse_path(t.path_names[e]) == e
    for v in range(t.n_land_intersections, t.n_intersections):
        assert t.parse_intersection(t.intersection_names[v]) == v
    # Every sea path is a side of a sea hex, and every side of a sea hex a path.
    sides = {t.parse_path(f"({q},{r}){s}") for q, r in t.sea_hexes for s in SIDES}
    assert set(range(t.n_road_paths, t.n_paths)) <= sides
