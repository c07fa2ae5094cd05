"""Seafarers ships (002) as an option, ``Rules(ships=True)``: rule tests from the text.

    "Ships ... serve as roads over water or along the coast. Each ship costs one lumber and
    one wool ... A settlement must first be built before a player can switch from building
    roads to building ships, or vice versa. Thus, a chain of ships is always anchored at a
    settlement on the coast. A shipping line that is not anchored at both ends by different
    settlements can also move the last ship at the open end, although this can only be done
    once per turn and may not be done with any ships that were created on the same turn. The
    "Longest Road" card is now renamed the "Longest Trade Route" ... counting the number of
    contiguous ships plus roads ... A settlement or city is necessary between a road and a
    ship for the two to be considered continuous" (002)

Positions: the north coast of the 19-hex island (``(0,-2)N`` ... ``(2,-2)N``, whose outer
paths face the sea beyond the rim), and ``examples/maps/channel.json`` (a water channel
between two rows of land; ``(0,-1)E`` is a path over water from ``(1,-2)S`` to ``(0,0)N``).
Every reading the package docstring lists has a test here.
"""

from __future__ import annotations

import pytest

from pysettlers.engine import (
    Action,
    NotationError,
    Rules,
    format_action,
    legal_actions,
    load_state,
    new_game,
    observe,
    parse_action,
    save_state,
)
from pysettlers.engine.data import SHIPS_PER_PLAYER
from pysettlers.engine.flow import TURN_RULE
from pysettlers.engine.scenarios.ships import MOVE_RULE, SHIP_RULE, part_of, sea_paths
from pysettlers.engine.types import ActionKind, Phase
from pysettlers.engine.validate import validate
from support.builders import assert_illegal, hand, legal, play, position, targets
from support.ships import COAST, ISLES, LINE, OPEN, SHIP, at

# -- where ships go ------------------------------------------------------------------------


def test_sea_paths_are_the_coast_and_the_paths_over_water() -> None:
    t = new_game(COAST).topo
    sea = sea_paths(t)
    assert t.parse_path("(1,-2)NE") in sea  # faces the sea beyond the rim
    assert t.parse_path("(1,-2)E") not in sea  # between two land hexes
    # No water inside this board: the coast, and the open sea of the frame round it.
    assert sea == frozenset(t.coastal_paths) | set(range(t.n_road_paths, t.n_paths))
    assert t.n_road_paths == t.n_land_paths < t.n_paths
    c = new_game(ISLES).topo
    assert c.parse_path("(0,-1)E") in sea_paths(c)  # over the channel
    assert all(e in sea_paths(c) for e in range(c.n_land_paths, c.n_paths))


def test_a_ship_costs_lumber_and_wool_and_joins_ones_settlement() -> None:
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, hands={"p0": SHIP + "+1ore"})
    # Both coasts, and the open sea's path between the frame hexes (1,-3) and (2,-3).
    assert targets(s, "ship") == {"(1,-2)NW", "(1,-2)NE", "(1,-3)E"}
    bank = s.bank[:]
    play(s, "p0 ship (1,-2)NE")
    assert hand(s, 0) == "1ore"
    assert s.bank[1] == bank[1] + 1 and s.bank[2] == bank[2] + 1
    assert part_of(s).owner[s.topo.parse_path("(1,-2)NE")] == 0
    assert part_of(s).left[0] == SHIPS_PER_PLAYER - 1
    assert_illegal(s, "p0 ship (1,-2)E", SHIP_RULE)  # inland: no sea
    # Without lumber and wool: refused naming the building costs.
    s2 = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, hands={"p0": "1lumber"})
    assert_illegal(s2, "p0 ship (1,-2)NE", "Building Costs")


def test_a_line_of_ships_grows_from_its_end_but_not_from_a_road() -> None:
    # "A settlement must first be built before a player can switch from building roads to
    # building ships": p0's road ends at (1,-2)N, which holds no settlement.
    s = at(
        COAST,
        {"p0": {"settlements": ["(0,-2)N"], "roads": ["(0,-2)NE", "(1,-2)NW"]}},
        hands={"p0": SHIP},
    )
    assert "(1,-2)NE" not in targets(s, "ship")
    assert_illegal(s, "p0 ship (1,-2)NE", SHIP_RULE)
    # From the settlement a ship may go to sea, and the next ship continues the line.
    s = at(
        COAST, {"p0": {"settlements": ["(2,-2)N"]}}, ships={"(2,-2)NW": "p0"}, hands={"p0": SHIP}
    )
    assert "(1,-2)NE" in targets(s, "ship")
    play(s, "p0 ship (1,-2)NE")


def test_an_opponents_settlement_breaks_a_line_of_ships() -> None:
    s = at(
        COAST,
        {"p0": {"settlements": ["(2,-2)N"]}, "p1": {"settlements": ["(1,-2)N"]}},
        ships={"(2,-2)NW": "p0", "(1,-2)NE": "p0"},
        hands={"p0": SHIP},
    )
    assert "(1,-2)NW" not in targets(s, "ship")
    assert_illegal(s, "p0 ship (1,-2)NW", SHIP_RULE)


def test_a_path_holds_one_piece() -> None:
    s = at(
        COAST,
        {"p0": {"settlements": ["(1,-2)N"], "roads": ["(1,-2)NW"]}, "p1": {"settlements": []}},
        ships={"(1,-2)NE": "p0"},
        hands={"p0": SHIP + "+1brick+1lumber"},
    )
    assert "(1,-2)NE" not in targets(s, "road")
    assert_illegal(s, "p0 road (1,-2)NE", "Roads")
    assert_illegal(s, "p0 ship (1,-2)NW", SHIP_RULE)  # a road stands there


def test_no_ship_in_the_set_up_phase() -> None:
    s = new_game(COAST)
    p = s.current
    play(s, f"p{p} settlement (1,-2)N")
    assert s.phase == Phase.SETUP_ROAD
    assert not [a for a in legal_actions(s) if a.kind == ActionKind.BUILD_SHIP]
    assert_illegal(s, f"p{p} ship (1,-2)NE", TURN_RULE)  # not a kind of the set-up phase


def test_a_settlement_may_be_built_at_the_end_of_a_ship_line() -> None:
    # Across the channel: the ship over water reaches (0,0)N from (1,-2)S.
    s = at(ISLES, {"p0": {"settlements": ["(1,-2)S"]}}, hands={"p0": "1brick+2lumber+2wool+1grain"})
    play(s, "p0 ship (0,-1)E")
    assert "(0,0)N" in targets(s, "settlement")
    play(s, "p0 settlement (0,0)N")
    assert validate(s) == []


# -- Road Building -------------------------------------------------------------------------


def test_road_building_builds_roads_or_ships() -> None:
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, dev={"p0": "road-building"})
    play(s, "p0 road-building")
    assert s.phase == Phase.ROAD_BUILDING
    assert {"(1,-2)NE", "(1,-2)NW"} <= targets(s, "ship")
    play(s, "p0 ship (1,-2)NE", "p0 road (1,-2)NW")
    assert s.phase == Phase.MAIN and hand(s, 0) == "nothing"
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, dev={"p0": "road-building"})
    play(s, "p0 road-building", "p0 ship (1,-2)NE", "p0 ship (2,-2)NW")
    assert s.phase == Phase.MAIN


# -- moving ----------------------------------------------------------------------------------


def test_the_ship_at_the_open_end_moves_once_per_turn() -> None:
    s = at(COAST, OPEN, ships=LINE)
    movers = {a.split(" to ")[0] for a in targets(s, "move-ship")}
    assert movers == {"(1,-2)NE"}  # not (2,-2)NW: not at the open end
    assert_illegal(s, "p0 move-ship (2,-2)NW to (2,-2)NE", MOVE_RULE)
    assert "(1,-2)NE to (2,-2)NE" in targets(s, "move-ship")  # round to the other side
    assert "(1,-2)NE to (1,-2)NE" not in targets(s, "move-ship")
    assert_illegal(s, "p0 move-ship (1,-2)NE to (1,-2)E", MOVE_RULE)  # inland
    play(s, "p0 move-ship (1,-2)NE to (2,-2)NE")
    t = s.topo
    assert part_of(s).owner[t.parse_path("(2,-2)NE")] == 0
    assert part_of(s).owner[t.parse_path("(1,-2)NE")] == -1
    assert not targets(s, "move-ship")  # once per turn
    assert_illegal(s, "p0 move-ship (2,-2)NE to (1,-2)NE", MOVE_RULE)
    assert validate(s) == []


def test_a_ship_built_this_turn_may_not_move() -> None:
    s = at(COAST, OPEN, ships={"(2,-2)NW": "p0"}, hands={"p0": SHIP})
    play(s, "p0 ship (1,-2)NE")
    movers = {a.split(" to ")[0] for a in targets(s, "move-ship")}
    assert "(1,-2)NE" not in movers
    assert_illegal(s, "p0 move-ship (1,-2)NE to (2,-2)NE", MOVE_RULE)


def test_a_line_closed_between_two_settlements_may_not_move() -> None:
    pieces = {"p0": {"settlements": ["(2,-2)N", "(0,-2)NE"]}}
    s = at(COAST, pieces, ships={"(2,-2)NW": "p0", "(1,-2)NE": "p0", "(1,-2)NW": "p0"})
    assert not targets(s, "move-ship")
    assert_illegal(s, "p0 move-ship (1,-2)NW to (2,-2)NE", MOVE_RULE)


def test_only_on_ones_own_turn_after_the_roll() -> None:
    s = at(COAST, OPEN, ships=LINE, phase="pre_roll")
    assert not targets(s, "move-ship")
    s = at(COAST, OPEN, ships=LINE, current=1)
    assert not targets(s, "move-ship", 0)


# -- the Longest Trade Route -----------------------------------------------------------------


def test_roads_and_ships_count_together_through_ones_own_settlement() -> None:
    pieces = {"p0": {"settlements": ["(1,-2)N"], "roads": ["(1,-2)NW", "(0,-2)NE"]}}
    s = at(COAST, pieces, ships={"(1,-2)NE": "p0", "(2,-2)NW": "p0"}, hands={"p0": SHIP})
    assert s.road_length[0] == 4 and s.longest_road == -1
    play(s, "p0 ship (2,-2)NE")
    assert s.road_length[0] == 5 and s.longest_road == 0


def test_a_road_and_a_ship_meeting_without_a_settlement_do_not_join() -> None:
    pieces = {
        "p0": {"settlements": ["(0,-2)N", "(2,-2)N"], "roads": ["(0,-2)NE", "(1,-2)NW"]},
    }
    ships = {"(2,-2)NW": "p0", "(1,-2)NE": "p0"}
    s = at(COAST, pieces, ships=ships, hands={"p0": "1brick+1lumber+1wool+1grain"})
    assert s.road_length[0] == 2  # two roads, or two ships, meeting at the empty (1,-2)N
    play(s, "p0 settlement (1,-2)N")  # joined to both the road and the ship line
    assert s.road_length[0] == 4


def test_an_opponents_settlement_breaks_the_trade_route() -> None:
    ships = {"(2,-2)NW": "p0", "(1,-2)NE": "p0", "(1,-2)NW": "p0"}
    whole = at(COAST, {"p0": {"settlements": ["(2,-2)N"]}}, ships=ships)
    assert whole.road_length[0] == 3
    pieces = {"p0": {"settlements": ["(2,-2)N"]}, "p1": {"settlements": ["(1,-2)N"]}}
    broken = at(COAST, pieces, ships=ships)
    assert broken.road_length[0] == 2


# -- notation, records, views ------------------------------------------------------------------


def test_notation_round_trips() -> None:
    t = new_game(COAST).topo
    for text in ("p0 ship (1,-2)NE", "p2 move-ship (1,-2)NE to (2,-2)NE"):
        a = parse_action(text, t)
        assert format_action(a, t) == text and parse_action(format_action(a, t), t) == a
    assert parse_action("p0 ship (1,-2)NE", t) == Action(
        0, ActionKind.BUILD_SHIP, t.parse_path("(1,-2)NE")
    )
    for bad in ("p0 ship", "p0 move-ship (1,-2)NE (2,-2)NE", "p0 move-ship (1,-2)NE to"):
        with pytest.raises(NotationError):
            parse_action(bad, t)


def test_save_load_and_the_view_keep_the_ships() -> None:
    s = at(COAST, OPEN, ships=LINE)
    play(s, "p0 move-ship (1,-2)NE to (2,-2)NE")
    again = load_state(save_state(s))
    assert again == s and part_of(again).moved == s.turn
    view = observe(s, 1)
    ships = view.ext["ships"]
    assert ships.to_json()["ships"] == {"(2,-2)NW": 0, "(2,-2)NE": 0}
    assert ships.path_pieces[s.topo.parse_path("(2,-2)NE")] == 0
    # The view's sites read the ships: no road where a ship stands.
    assert s.topo.parse_path("(2,-2)NE") not in view.sites_of(0)[0]


def test_a_bad_saved_ship_is_refused_naming_the_field() -> None:
    doc = save_state(at(COAST, OPEN))
    doc["ships"]["ships"] = [{"path": "(1,-2)E", "player": 0, "built_turn": 1}]
    with pytest.raises(ValueError, match="touches no sea"):
        load_state(doc)
    doc["ships"]["ships"] = [{"path": "(1,-2)NE", "player": 9, "built_turn": 1}]
    with pytest.raises(ValueError, match="player"):
        load_state(doc)


def test_ships_are_off_by_default_and_cannot_be_played_then() -> None:
    s = position(
        Rules(players=3, seed=1), pieces={"p0": {"settlements": ["(1,-2)N"]}}, hands={"p0": SHIP}
    )
    assert "ships" not in s.ext
    assert not [x for x in legal(s) if " ship " in f" {x} "]
    assert "scenarios" not in Rules().to_json()
    assert Rules(ships=True).to_json()["scenarios"] == ["ships"]


def test_the_robber_never_goes_to_sea() -> None:
    s = at(ISLES, {"p0": {"settlements": ["(1,-2)S"]}}, phase="move_robber")
    hexes = {a.split()[0] for a in targets(s, "robber")}
    land = {s.topo.hex_names[h] for h in range(s.topo.n_hexes)}
    assert hexes <= land and "(0,-1)" not in hexes


# -- supply and the Special Building Phase ---------------------------------------------------


def test_fifteen_ships_a_player() -> None:
    s = at(COAST, OPEN, hands={"p0": SHIP})
    assert part_of(s).left[0] == SHIPS_PER_PLAYER == 15
    part_of(s).left[0] = 0  # as if the other 15 stood elsewhere on the board
    assert not targets(s, "ship")
    err = assert_illegal(s, "p0 ship (2,-2)NW", SHIP_RULE)
    assert "15" in str(err)


def test_ships_are_built_in_the_special_building_phase_but_not_moved() -> None:
    rules = Rules(players=5, ships=True, seed=2)
    pieces = {"p0": {"settlements": ["(0,-3)N"]}, "p1": {"settlements": ["(2,-3)N"]}}
    s = at(rules, pieces, ships={"(2,-3)NW": "p1", "(1,-3)NE": "p1"}, hands={"p1": SHIP})
    play(s, "p0 end")
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 1
    assert "(2,-3)NE" in targets(s, "ship", 1)
    assert not targets(s, "move-ship", 1)
    play(s, "p1 ship (2,-3)NE")
    assert validate(s) == []
