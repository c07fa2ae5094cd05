"""The engine's entry points that strangers' data reaches: refused in words, never a hang.

What this is for: the regression tests of issue 29's point 7 and the engine side of its
point 1 — pieces beyond the supply refused before any road is measured (``position``,
``load_state``, ``validate``), the road walk's own bound, deeply nested JSON refused as a
``ValueError`` (map descriptions, rules, saved positions, records, ``--map-file``), a map
description checked when the rules are made, raw ``Action`` values with out-of-range fields
refused by ``check`` (or, where ``check`` accepts one, applied cleanly), a victory point
card listed as playable under alternate rule 1, a Seafarers ship joined to nothing
refused, the Gymnasium env made from a plain dict of rules, and a ``vp_target`` no player
can reach refused naming the reachable maximum.

What this is not: the property test that feeds mutated documents to these entry points
(``test_entry_points_fuzz.py``), nor the server's handling of the same input.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pysettlers.cli import main
from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    Rules,
    apply,
    awards,
    check,
    format_action,
    legal_actions,
    load_state,
    save_state,
    validate,
)
from pysettlers.engine.maps import description_json, load_description, parse_description
from pysettlers.engine.maps.tables import ISLANDS
from pysettlers.engine.position import position
from pysettlers.engine.records import position_key, replay
from pysettlers.engine.registry import ruleset_for

K = ActionKind


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.fixture
def no_road_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if anything starts measuring roads: the supply must refuse first."""

    class Refused:
        def __init__(self, *args: object) -> None:
            raise AssertionError("a road was measured before the supply was checked")

    monkeypatch.setattr(awards, "_Walker", Refused)
    monkeypatch.setattr(awards, "_RouteWalker", Refused)


# -- pieces beyond the supply: refused before any walk ---------------------------------------------


@pytest.mark.usefixtures("no_road_walk")
@pytest.mark.parametrize("count", [16, 60, 74])
def test_position_with_roads_beyond_the_supply_is_refused_before_any_walk(count: int) -> None:
    with pytest.raises(ValueError, match=f"roads_left: p0 has {count} roads on the board"):
        position(Rules(players=6), roads={e: 0 for e in range(count)})


@pytest.mark.usefixtures("no_road_walk")
def test_position_with_193_ships_is_refused_before_any_walk() -> None:
    rules = Rules(players=8, map_kind="big-island", ships=True)
    with pytest.raises(ValueError, match=r"ships: p0 has 193 ships on the board \(supply 15\)"):
        position(rules, scenarios={"ships": {e: 0 for e in range(193)}})


def _saved_with_roads(count: int) -> dict[str, Any]:
    s = position(Rules(players=6))
    doc = save_state(s)
    doc["roads"] = {s.topo.path_names[e]: 0 for e in range(count)}
    return doc


@pytest.mark.usefixtures("no_road_walk")
def test_load_state_with_roads_beyond_the_supply_is_refused_before_any_walk() -> None:
    with pytest.raises(ValueError, match="roads_left: p0 has 74 roads on the board"):
        load_state(_saved_with_roads(74))


def test_load_state_with_ships_beyond_the_supply_is_refused() -> None:
    s = position(Rules(ships=True))
    doc = save_state(s)
    doc["ships"]["ships"] = [
        {"path": name, "player": 1, "built_turn": 0} for name in s.topo.path_names[:40]
    ]
    with pytest.raises(ValueError, match="ships: p1 has 40 ships on the board"):
        load_state(doc)


def test_validate_stops_at_the_supply() -> None:
    s = position(Rules(players=6))
    for e in range(60):
        s.road_owner[e] = 2
    problems = validate(s)
    assert "roads_left: p2 has 60 roads on the board (supply 15)" in problems
    # (the cached fields are not recounted: that would measure 60 roads)
    assert not any("differs from the recount" in p for p in problems)


def test_the_road_walk_refuses_more_pieces_than_a_player_can_have() -> None:
    s = position(Rules(players=6))
    t = s.topo
    roads = [0 if e <= awards.MAX_PATH_PIECES else -1 for e in range(t.n_paths)]
    with pytest.raises(ValueError, match="pieces on paths"):
        awards.trail_length(t, roads, s.building_owner, 0)
    ships = [-1] * t.n_paths
    ships[t.n_paths - 1] = 0
    with pytest.raises(ValueError, match="pieces on paths"):
        awards.trail_length(t, roads, s.building_owner, 0, ships)
    roads[0] = -1  # 30 pieces: the most a player can hold, measured
    assert awards.trail_length(t, roads, s.building_owner, 0) > 0


# -- deeply nested JSON ----------------------------------------------------------------------------

DEEP_TEXT = "[" * 5000 + "]" * 5000


def test_a_deeply_nested_map_description_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nests too deeply"):
        load_description(DEEP_TEXT)
    with pytest.raises(ValueError, match="nests too deeply"):
        load_description('{"cells": ' + DEEP_TEXT + "}")
    with pytest.raises(ValueError, match="nests too deeply"):
        parse_description({"cells": _deep(5000)})


@pytest.mark.parametrize("text", ["{", DEEP_TEXT, '{"cells": {"hexagon": 2}, "pool": {}}'])
def test_rules_refuse_a_bad_map_description_when_made(text: str) -> None:
    with pytest.raises(ValueError, match=r"^map_description: map"):
        Rules(map_kind="described", map_description=text)


def test_rules_refuse_a_deeply_nested_option() -> None:
    for name in ("players", "map_kind", "alternate", "helpers"):
        with pytest.raises(ValueError, match="nests too deeply"):
            Rules.from_json({name: _deep(5000)})


def _short_record() -> dict[str, Any]:
    g = Game.new(Rules(seed=2))
    rng = random.Random(2)
    for _ in range(30):
        g.play(rng.choice(legal_actions(g.state)))
    return g.to_json()


def test_replay_refuses_a_deeply_nested_record() -> None:
    record = _short_record()
    bad = {**record, "rules": {**record["rules"], "map_kind": "described"}}
    bad["rules"]["map_description"] = DEEP_TEXT
    with pytest.raises(ValueError, match="map_description: map: the description nests too deeply"):
        replay(bad)
    bad = {**record, "actions": [[_deep(5000)]]}
    with pytest.raises(ValueError, match=r"action must be a string \(got a deeply nested list"):
        replay(bad)
    bad = {**record, "board": {"hexes": [{"hex": _deep(5000)}]}}
    with pytest.raises(ValueError):
        replay(bad)


def test_load_state_refuses_a_deeply_nested_value() -> None:
    for field in ("current", "roads", "board"):
        doc = save_state(position(Rules()))
        doc[field] = _deep(5000) if field != "board" else {"hexes": [{"hex": _deep(5000)}]}
        with pytest.raises(ValueError):
            load_state(doc)


def test_cli_map_file_nesting_too_deeply_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP_TEXT)
    assert main(["demo", "--map-file", str(path)]) != 0
    err = capsys.readouterr().err
    assert "deep.json" in err and "nests too deeply" in err


# -- raw actions with out-of-range fields ----------------------------------------------------------


def _with_cards() -> Any:
    return position(
        Rules(map_kind="beginner"),
        buildings={"(0,-1)N": (0, "settlement"), "(0,1)N": (1, "city")},
        roads={"(0,-1)NE": 0, "(0,1)NE": 1},
        hands={0: "2brick+2lumber+2wool+2grain+3ore", 1: "2ore"},
        development_cards={0: "knight+road-building+year-of-plenty+monopoly"},
    )


@pytest.mark.parametrize("value", [5, 6, -1, -2, 99, 2**40, -(2**40)])
def test_monopoly_and_year_of_plenty_naming_no_resource_are_refused(value: int) -> None:
    s = _with_cards()
    key = position_key(s)
    for a in (
        Action(0, K.PLAY_MONOPOLY, value),
        Action(0, K.PLAY_YEAR_OF_PLENTY, value, 0),
        Action(0, K.PLAY_YEAR_OF_PLENTY, 0, value),
    ):
        with pytest.raises(IllegalActionError):
            check(s, a)
    assert position_key(s) == key


def test_board_and_seat_fields_out_of_range_are_refused() -> None:
    s = _with_cards()
    t = s.topo
    n = s.n
    for a in (
        Action(0, K.BUILD_ROAD, t.n_paths),
        Action(0, K.BUILD_ROAD, -2),
        Action(0, K.BUILD_SETTLEMENT, t.n_intersections),
        Action(0, K.BUILD_CITY, -2),
        Action(0, K.OFFER_TRADE, give=(1, 0, 0, 0, 0), get=(0, 0, 0, 0, 1), to=1 << n),
        Action(0, K.OFFER_TRADE, give=(1, 0, 0, 0, 0), get=(0, 0, 0, 0, 1), to=-2),
        Action(0, K.MARITIME_TRADE, give=(-4, 0, 0, 0, 0), get=(0, 0, 0, 0, 1)),
        Action(n, K.END_TURN),
        Action(-1, K.END_TURN),
    ):
        with pytest.raises(IllegalActionError):
            check(s, a)


def _games() -> Iterator[Any]:
    """States along short random games under several rules (seeded: the same each run)."""
    for rules in (
        Rules(seed=1),
        Rules(players=6, helpers=True, seed=2),
        Rules(ships=True, pirate=True, seed=3),
        Rules(map_kind="islands", alternate=("victory_points_played", "knight_interrupts"), seed=4),
    ):
        g = Game.new(rules)
        rng = random.Random(rules.seed)
        for _ in range(160):
            acts = legal_actions(g.state)
            if not acts:
                break
            yield g.state
            g.play(rng.choice(acts))


def test_every_integer_field_out_of_range_is_refused_or_applies_cleanly() -> None:
    """Every listed action with one integer field replaced by a value outside (or at the
    edge of) every range: ``check`` refuses it with IllegalActionError, or — where the
    value happens to name something real — it applies and leaves a valid position."""
    refused = 0
    for s in _games():
        t = s.topo
        edges = (-2, 5, s.n, t.n_hexes, t.n_paths, t.n_intersections, 2**40, -(2**40))
        for base in legal_actions(s)[:25]:
            rule = s.ruleset.by_kind[base.kind]
            assert rule is not None
            for name in ("a", "b", "to", "offer"):
                if name not in rule.fields:
                    continue
                for value in edges:
                    a = base._replace(**{name: value})
                    try:
                        check(s, a)
                    except IllegalActionError:
                        refused += 1
                        continue
                    after = s.copy()
                    apply(after, a)  # accepted: must apply without an error
                    assert validate(after) == [], format_action(a, t)
    assert refused > 1000  # the sweep reached many kinds of action


# -- alternate rule 1: a victory point card alone is listed ----------------------------------------


def test_victory_point_card_alone_is_listed_with_alternate_rule_1() -> None:
    rules = Rules(map_kind="beginner", alternate=("victory_points_played",))
    s = position(
        rules,
        buildings={"(0,-1)N": (0, "settlement")},
        roads={"(0,-1)NE": 0},
        development_cards={0: "victory-point"},
    )
    assert Action(0, K.PLAY_VICTORY_POINT) in legal_actions(s)
    # bought this turn: not yet
    s = position(
        rules,
        buildings={"(0,-1)N": (0, "settlement")},
        roads={"(0,-1)NE": 0},
        development_cards={0: "victory-point"},
        bought={0: "victory-point"},
    )
    assert Action(0, K.PLAY_VICTORY_POINT) not in legal_actions(s)
    # without the rule the card is never played
    s = position(
        Rules(map_kind="beginner"),
        buildings={"(0,-1)N": (0, "settlement")},
        roads={"(0,-1)NE": 0},
        development_cards={0: "victory-point"},
    )
    assert not any(a.kind == K.PLAY_VICTORY_POINT for a in legal_actions(s))


# -- Seafarers: a ship joined to nothing -----------------------------------------------------------


def _ships_position() -> Any:
    rules = Rules(map_kind="beginner", ships=True)
    s = position(rules)
    t = s.topo
    sea = sorted(e for e in range(t.n_road_paths, t.n_paths))
    return rules, t, sea


def test_load_state_refuses_a_ship_joined_to_nothing() -> None:
    rules, t, sea = _ships_position()
    s = position(rules, buildings={"(0,-1)N": (0, "settlement")}, roads={"(0,-1)NE": 0})
    doc = save_state(s)
    doc["ships"]["ships"] = [{"path": t.path_names[sea[-1]], "player": 0, "built_turn": 0}]
    with pytest.raises(ValueError, match="connect to none of p0's buildings"):
        load_state(doc)
    with pytest.raises(ValueError, match="connect to none of p0's buildings"):
        position(
            rules,
            buildings={"(0,-1)N": (0, "settlement")},
            roads={"(0,-1)NE": 0},
            scenarios={"ships": {sea[-1]: 0}},
        )


def test_a_ship_at_its_owners_settlement_loads() -> None:
    g = Game.new(Rules(ships=True, seed=5))
    rng = random.Random(5)
    built = False
    for _ in range(3000):
        acts = legal_actions(g.state)
        ships = [a for a in acts if a.kind == K.BUILD_SHIP]
        g.play(ships[0] if ships else rng.choice(acts))
        if ships:
            built = True
            break
    assert built
    assert load_state(save_state(g.state)) is not None


# -- the Gymnasium env from a plain dict -----------------------------------------------------------


def test_gym_make_takes_a_plain_dict_of_rules() -> None:
    gym = pytest.importorskip("gymnasium")
    import pysettlers.rl  # noqa: F401  (registers the env)

    env = gym.make("pysettlers/Settlers-v0", rules={"players": 4, "vp_target": 8})
    assert env.unwrapped.rules == Rules(players=4, vp_target=8)
    env.reset(seed=3)
    assert env.unwrapped.action_masks().any()
    with pytest.raises(ValueError, match="unknown rules options"):
        gym.make("pysettlers/Settlers-v0", rules={"players": 4, "colour": "red"})
    with pytest.raises(ValueError, match="vp_target"):
        gym.make("pysettlers/Settlers-v0", rules={"vp_target": 40})
    with pytest.raises(TypeError, match="rules must be"):
        gym.make("pysettlers/Settlers-v0", rules=[4])


def test_the_aec_env_takes_a_plain_dict_of_rules() -> None:
    pytest.importorskip("pettingzoo")
    from pysettlers.rl import aec_env

    env = aec_env(rules={"players": 3})
    assert env.unwrapped.table.rules == Rules(players=3)


# -- a target no player can reach ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "most"),
    [
        ({}, 22),
        ({"players": 6}, 22),
        ({"players": 6, "helpers": True}, 22),
        ({"alternate": ["victory_points_played"]}, 22),
        ({"ships": True, "map_kind": "islands"}, 22),
        ({"players": 8, "map_kind": "peanut"}, 27),
    ],
)
def test_vp_target_beyond_the_reachable_maximum_is_refused(
    options: dict[str, Any], most: int
) -> None:
    assert Rules.from_json({**options, "vp_target": most}).max_points == most
    with pytest.raises(ValueError) as info:
        Rules.from_json({**options, "vp_target": most + 1})
    message = str(info.value)
    assert f"vp_target {most + 1} cannot be reached" in message
    assert f"at most {most} points" in message
    assert "4 cities" in message and "victory point cards" in message


def test_vp_target_30_is_refused_naming_the_option() -> None:
    with pytest.raises(ValueError, match="vp_target 30 cannot be reached: a player can hold at"):
        Rules(vp_target=30)


def test_the_reachable_maximum_follows_the_deck() -> None:
    rules = Rules(players=8, map_kind="big-island")
    assert rules.max_points == 13 + 4 + rules.deck[4]
    assert ruleset_for(rules).vp_target == 10


def test_a_good_map_description_still_makes_rules() -> None:
    text = json.dumps(description_json(ISLANDS))
    assert Rules(map_kind="described", map_description=text).map_description == text
