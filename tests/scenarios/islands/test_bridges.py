"""Bridges and the distance exception of the 1996 Islands of Catan (003, 5.), and its harbors.

    "Bridges can be built over edges of two water or port hexes. Bridges cost one wood, one
    brick, and one sheep and are treated exactly like roads, even for purposes of the Longest
    Road. A Road Building card can be used to build bridges. The second rule is: when two
    intersections are separated by nothing but water or port hexes, ignore the rule that
    settlements must be placed at least two intersections away."

    "If two ports end up touching the same intersection, that's fine. A player who builds on
    that intersection can trade at either rate."

The positions are on ``examples/maps/channel.json``: a row of land ``(0,-2) (1,-2) (2,-2)``
and a row ``(-2,0) .. (2,0)`` with a channel of water ``(-1,-1) (0,-1) (1,-1)`` between,
so ``(1,-2)S`` and ``(0,0)N`` face each other across the water edge ``(0,-1)E``; the port
hexes ``(-1,1)`` (wool) and ``(0,1)`` (ore) both serve coasts of ``(0,0)`` ending at
``(0,0)S``.
"""

from __future__ import annotations

import pytest

from pysettlers.engine import (
    Action,
    NotationError,
    Rules,
    format_action,
    legal_actions,
    make_board,
    new_game,
    parse_action,
)
from pysettlers.engine.building import DISTANCE_RULE, road_sites
from pysettlers.engine.scenarios.islands import BRIDGE_RULE
from pysettlers.engine.topology import Topology, topology_for
from pysettlers.engine.trade import rates
from pysettlers.engine.types import ActionKind
from support.builders import assert_illegal, hand, play, position, targets
from support.paths import EXAMPLES

CHANNEL = (EXAMPLES / "maps" / "channel.json").read_text()
RULES = Rules(players=3, map_kind="described", map_description=CHANNEL)
BRIDGE_COST_HAND = "1brick+1lumber+1wool"


def at_bridge(hand_text: str = BRIDGE_COST_HAND, **kw: object) -> object:
    return position(
        RULES,
        pieces={"p0": {"settlements": ["(1,-2)S"]}, "p1": {"settlements": ["(-2,0)N"]}},
        hands={"p0": hand_text},
        **kw,  # type: ignore[arg-type]
    )


# -- the topology ------------------------------------------------------------------------------


def test_bridge_paths_come_after_every_land_path_and_keep_land_ids() -> None:
    land = make_board(RULES).topology.hexes
    plain, bridged = Topology(land), topology_for(land, True)
    assert plain.n_bridge_paths == 0
    assert bridged.n_land_paths == plain.n_paths
    assert bridged.path_names[: plain.n_paths] == plain.path_names
    assert bridged.intersection_names == plain.intersection_names
    names = set(bridged.path_names[bridged.n_land_paths :])
    assert names == {"(-1,-1)E", "(0,-1)E", "(1,-1)E", "(-2,1)E", "(0,1)E"}
    # Each is between two hexes that are not land, its ends land intersections.
    p = bridged.parse_path("(0,-1)E")
    assert bridged.parse_path("(1,-1)W") == p  # the other water hex's name for it
    assert bridged.path_hexes[p] == ()
    ends = {bridged.intersection_names[v] for v in bridged.path_ends[p]}
    assert ends == {"(1,-2)S", "(0,0)N"}


def test_intersections_joined_only_across_water_are_not_neighbours() -> None:
    t = make_board(RULES).topology
    a, b = t.parse_intersection("(1,-2)S"), t.parse_intersection("(0,0)N")
    assert b not in t.intersection_neighbors[a] and a not in t.intersection_neighbors[b]
    # ... but a bridge joins them for roads (connection, Longest Road).
    assert set(t.intersection_paths[a]) & set(t.intersection_paths[b])
    # Across land they are neighbours as ever.
    assert t.parse_intersection("(1,-2)SW") in t.intersection_neighbors[a]


def test_a_convex_island_has_no_bridge_path() -> None:
    base = make_board(Rules()).topology
    assert topology_for(base.hexes, True).n_bridge_paths == 0


# -- building a bridge ------------------------------------------------------------------------


def test_a_bridge_costs_lumber_brick_and_wool_and_is_a_road_piece() -> None:
    s = at_bridge()
    assert targets(s, "bridge") == {"(0,-1)E"}
    play(s, "p0 bridge (0,-1)E")
    assert hand(s, 0) == "nothing"
    e = s.topo.parse_path("(0,-1)E")
    assert s.road_owner[e] == 0 and s.roads_left[0] == 14  # one of the 15 road pieces


def test_a_bridge_needs_its_wool() -> None:
    s = at_bridge("1brick+1lumber")
    assert_illegal(s, "p0 bridge (0,-1)E", "Building Costs")


def test_bridges_only_over_water_and_roads_never_over_water() -> None:
    s = at_bridge("2brick+2lumber+1wool")
    assert_illegal(s, "p0 bridge (1,-2)SW", BRIDGE_RULE)  # along a land hex
    assert_illegal(s, "p0 road (0,-1)E", "Roads")
    assert "(0,-1)E" not in targets(s, "road")


def test_a_bridge_connects_like_a_road() -> None:
    s = at_bridge("2brick+2lumber+2wool+1grain")
    # Not connected: the bridge over (-1,-1)E touches none of p0's pieces.
    assert_illegal(s, "p0 bridge (-1,-1)E", BRIDGE_RULE)
    play(s, "p0 bridge (0,-1)E")
    # The far end of the bridge is p0's to settle (and, by the distance exception, free).
    assert "(0,0)N" in targets(s, "settlement")
    play(s, "p0 settlement (0,0)N")
    assert s.building_owner[s.topo.parse_intersection("(0,0)N")] == 0
    # ... and roads go on from the bridge on the other side (ignoring cost).
    sites = {s.topo.path_names[e] for e in road_sites(s, 0)}
    assert {"(0,0)NW", "(0,0)NE"} <= sites


def test_the_longest_road_runs_across_a_bridge() -> None:
    s = position(
        RULES,
        pieces={
            "p0": {
                "settlements": ["(1,-2)NW", "(0,0)SE"],
                "roads": ["(1,-2)W", "(1,-2)SW", "(0,0)NE", "(0,0)E"],
            },
            "p1": {"settlements": ["(-2,0)N"]},
        },
        hands={"p0": BRIDGE_COST_HAND},
        longest_road=None,
    )
    assert s.road_length[0] == 2 and s.longest_road == -1
    play(s, "p0 bridge (0,-1)E")  # joins the two stretches: 2 + bridge + 2 = 5
    assert s.road_length[0] == 5 and s.longest_road == 0


def test_road_building_builds_bridges() -> None:
    s = position(
        RULES,
        pieces={"p0": {"settlements": ["(1,-2)S"]}, "p1": {"settlements": ["(-2,0)N"]}},
        dev={"p0": "road-building"},
    )
    play(s, "p0 road-building")
    assert "(0,-1)E" in targets(s, "bridge")
    play(s, "p0 bridge (0,-1)E", "p0 road (0,0)NE")
    assert hand(s, 0) == "nothing" and s.roads_left[0] == 13


def test_no_bridge_in_the_set_up_phase() -> None:
    s = new_game(RULES, first_player=0)
    play(s, "p0 settlement (1,-2)S")
    kinds = {a.kind for a in legal_actions(s)}
    assert ActionKind.BUILD_BRIDGE not in kinds
    assert "(0,-1)E" not in targets(s, "road")


# -- the distance exception --------------------------------------------------------------------


def test_settlements_separated_by_nothing_but_water_may_be_adjacent() -> None:
    s = new_game(RULES, first_player=0)
    play(s, "p0 settlement (1,-2)S", "p0 road (1,-2)SW")
    # (0,0)N faces (1,-2)S across the water edge (0,-1)E: the exception lets p1 settle there.
    assert "(0,0)N" in targets(s, "settlement")
    play(s, "p1 settlement (0,0)N")


def test_the_exception_does_not_apply_across_land() -> None:
    s = new_game(RULES, first_player=0)
    play(s, "p0 settlement (1,-2)S", "p0 road (1,-2)SW")
    assert "(1,-2)SW" not in targets(s, "settlement")
    assert_illegal(s, "p1 settlement (1,-2)SE", DISTANCE_RULE)


# -- harbors of port hexes ------------------------------------------------------------------


def test_two_harbors_at_one_intersection_both_trade() -> None:
    s = position(
        RULES,
        pieces={"p0": {"settlements": ["(0,0)S"]}, "p1": {"settlements": ["(-2,0)N"]}},
        hands={"p0": "2wool+2ore"},
    )
    v = s.topo.parse_intersection("(0,0)S")
    assert {h.name for h in s.board.harbors_at(v)} == {"WOOL", "ORE"}
    assert rates(s, 0, 2)[0] == 2 and rates(s, 0, 4)[0] == 2  # wool 2:1 and ore 2:1
    assert rates(s, 0, 0)[0] == 4
    play(s, "p0 maritime 2wool for 1grain", "p0 maritime 2ore for 1brick")
    assert hand(s, 0) == "1brick+1grain"


@pytest.mark.parametrize("seed", range(3))
def test_islands_games_list_bridges_only_over_water(seed: int) -> None:
    s = new_game(Rules(map_kind="islands", seed=seed), first_player=0)
    t = s.topo
    assert t.n_bridge_paths > 0
    for e in range(t.n_land_paths, t.n_paths):
        assert t.path_hexes[e] == ()


def test_the_bridge_notation_round_trips() -> None:
    s = at_bridge()
    t = s.topo
    a = parse_action("p0 bridge (1,-1)W", t)  # the other water hex's name for the path
    assert a == Action(0, ActionKind.BUILD_BRIDGE, t.parse_path("(0,-1)E"))
    assert format_action(a, t) == "p0 bridge (0,-1)E"
    assert parse_action(format_action(a, t), t) == a
    with pytest.raises(NotationError, match="'bridge' takes 1 argument"):
        parse_action("p0 bridge", t)
    play(s, "p0 bridge (0,-1)E")
    assert [e.kind for e in s.events][-1:] == ["bridge"]


def test_a_bridge_may_be_built_in_the_special_building_phase() -> None:
    rules = Rules(players=5, map_kind="described", map_description=CHANNEL)
    s = position(
        rules,
        pieces={"p0": {"settlements": ["(1,-2)S"]}, "p1": {"settlements": ["(-2,0)N"]}},
        hands={"p0": BRIDGE_COST_HAND},
        current=4,
    )
    play(s, "p4 end")
    # p0 can afford nothing but a bridge, and is asked (a bridge counts as something to build).
    assert s.phase.name == "SPECIAL_BUILD" and s.special_builder == 0
    assert targets(s, "bridge") == {"(0,-1)E"}
    play(s, "p0 bridge (0,-1)E")
    assert hand(s, 0) == "nothing"
