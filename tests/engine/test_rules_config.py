"""``Rules``: every wrong option, of any type, is a ``ValueError`` naming the option.

What this is for: regression tests that ``Rules("x")``, a float player count, a bool VP
target or a number as a map kind — in the constructor or in ``Rules.from_json`` — give one
clear ``ValueError`` instead of a ``TypeError`` from a comparison, and that the choice
tuples the CLI offers come from the same ``Literal`` types the options are declared with.
Not a test of what the options do (the rule tests).
"""

from __future__ import annotations

from typing import Any, get_args, get_type_hints

import pytest

from pysettlers.engine import Rules
from pysettlers.engine.config import LARGE_GAME_VARIANTS, MAP_KINDS, TRADE_BUILD_STYLES

BAD: list[tuple[dict[str, Any], str]] = [
    ({"players": "x"}, "players must be an integer"),
    ({"players": 4.5}, "players must be an integer"),
    ({"players": 4.0}, "players must be an integer"),
    ({"players": True}, "players must be an integer"),
    ({"players": None}, "players must be an integer"),
    ({"vp_target": 10.5}, "vp_target must be an integer"),
    ({"vp_target": False}, "vp_target must be an integer"),
    ({"vp_target": "10"}, "vp_target must be an integer"),
    ({"seed": 1.0}, "seed must be an integer"),
    ({"seed": True}, "seed must be an integer"),
    ({"seed": [1]}, "seed must be an integer"),
    ({"discard_limit": 7.5}, "discard_limit must be an integer or None"),
    ({"discard_limit": True}, "discard_limit must be an integer or None"),
    ({"map_kind": 1}, "map_kind must be one of"),
    ({"map_kind": None}, "map_kind must be one of"),
    ({"map_kind": ["beginner"]}, "map_kind must be one of"),
    ({"map_kind": "seafarers"}, "map_kind must be one of"),
    ({"trade_build": 0}, "trade_build must be one of"),
    ({"large_game_variant": {}}, "large_game_variant must be one of"),
    ({"helpers": 1}, "helpers must be true or false"),
    ({"helpers": "yes"}, "helpers must be true or false"),
]


@pytest.mark.parametrize(("options", "message"), BAD, ids=[repr(o) for o, _ in BAD])
def test_wrong_types_are_value_errors_naming_the_option(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**options)
    with pytest.raises(ValueError, match=message):
        Rules.from_json(options)


def test_a_positional_string_names_players() -> None:
    with pytest.raises(ValueError, match="players must be an integer"):
        Rules("x")  # type: ignore[arg-type]


@pytest.mark.parametrize("obj", [None, [], "rules", 4, [["players", 4]]])
def test_from_json_needs_an_object(obj: object) -> None:
    with pytest.raises(ValueError, match="rules must be a JSON object"):
        Rules.from_json(obj)


def test_from_json_names_unknown_options() -> None:
    with pytest.raises(ValueError, match="unknown rules options: \\['colour'\\]"):
        Rules.from_json({"colour": "red"})
    with pytest.raises(ValueError, match="unknown rules options"):
        Rules.from_json({1: 4})


def test_good_values_still_work_and_round_trip() -> None:
    r = Rules(players=6, vp_target=12, discard_limit=9, map_kind="random", seed=2**63 - 1)
    assert Rules.from_json(r.to_json()) == r
    assert Rules(helpers=True).helpers is True


def test_choice_tuples_come_from_the_literal_types() -> None:
    hints = get_type_hints(Rules)
    assert get_args(hints["map_kind"]) == MAP_KINDS
    assert MAP_KINDS == (
        "beginner",
        "variable",
        "random",
        "big-island",
        "peanut",
        "islands",
        "big-islands",
        "described",
    )
    assert get_args(hints["trade_build"]) == TRADE_BUILD_STYLES == ("combined", "separate")
    assert get_args(hints["large_game_variant"]) == LARGE_GAME_VARIANTS
    assert LARGE_GAME_VARIANTS == ("special_building", "mayfair")
