"""The rules options' declarations (``engine/options.py``): one per field of ``Rules``, the
checks ``Rules`` takes from them, and the records' JSON they write and read."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

import pytest

from pysettlers.engine import Rules
from pysettlers.engine.options import (
    RULES_OPTIONS,
    Mention,
    Option,
    OptionError,
    Options,
    fields_match,
)


def test_every_field_of_rules_is_declared_once_with_its_default() -> None:
    assert [f.name for f in fields(Rules)] == list(RULES_OPTIONS.names())
    for f in fields(Rules):
        assert RULES_OPTIONS[f.name].default == f.default, f.name
        assert RULES_OPTIONS[f.name].help, f.name


def test_a_field_without_its_option_is_refused() -> None:
    @dataclass(frozen=True)
    class Undeclared(Rules):
        fog: int = 0

    with pytest.raises(TypeError, match=r"fields .* are not its options"):
        fields_match(Undeclared, Rules.options)
    with pytest.raises(ValueError, match="declared twice"):
        RULES_OPTIONS.plus(RULES_OPTIONS["players"])


@pytest.mark.parametrize(
    ("options", "option", "says"),
    [
        ({"players": 9}, "players", "players must be from 2 to 8 (got 9)"),
        ({"vp_target": 2}, "vp_target", "vp_target must be between 3 and 30 (got 2)"),
        ({"discard_limit": 1}, "discard_limit", "discard_limit must be between 2 and 30"),
        ({"seed": -1}, "seed", "seed must be a non-negative 63-bit integer"),
        ({"map_kind": "moon"}, "map_kind", "map_kind must be one of"),
        ({"alternate": ("nope",)}, "alternate", "unknown alternate rule 'nope'"),
        ({"alternate": ["open_hands"] * 2}, "alternate", "an alternate rule is named twice"),
        ({"alternate": "open_hands"}, "alternate", "alternate must be a list of rule names"),
        ({"ships": "yes"}, "ships", "ships must be true or false"),
        ({"map_description": 5, "map_kind": "described"}, "map_description", "must be text"),
        # Checks of several options name the one at fault.
        ({"players": 8}, "map_kind", "or a map of your own (map_description), not map_kind"),
        ({"players": 7, "helpers": True, "map_kind": "peanut"}, "scenarios", "at most 6 players"),
        ({"vp_target": 25}, "vp_target", "vp_target 25 cannot be reached"),
    ],
)
def test_a_refusal_names_its_option(options: dict[str, object], option: str, says: str) -> None:
    with pytest.raises(OptionError) as refused:
        Rules(**options)  # type: ignore[arg-type]
    assert refused.value.option == option
    assert says in str(refused.value)


def test_a_refusal_can_be_said_in_other_words() -> None:
    with pytest.raises(OptionError) as refused:
        Rules(players=8, map_kind="variable")
    flags = refused.value.say(lambda m: f"<{m.option}:{'|'.join(m.values)}>")
    assert "(<map_kind:big-island|peanut>) or a map of your own (<map_description:>)" in flags
    assert Mention("map_kind", ("a", "b")).words() == "map_kind 'a' or 'b'"


def test_records_keep_their_json() -> None:
    # The scenario options are written only when on: older records stay byte for byte.
    assert list(Rules().to_json()) == [
        "players",
        "vp_target",
        "discard_limit",
        "map_kind",
        "trade_build",
        "large_game_variant",
        "seed",
    ]
    r = Rules(players=3, alternate=("open_hands",), pirate=True, ships=True, helpers=True)
    d = r.to_json()
    assert d["alternate"] == ["open_hands"] and "map_description" not in d
    assert d["scenarios"] == ["helpers", "pirate", "ships"]
    assert Rules.from_json(d) == r


def test_a_registry_of_names_fits_the_list_kind() -> None:
    """A set of names checked against a registry (the scenarios, later): the names known
    are the registry's when asked."""
    known = ["a", "b"]
    o = Option("scenarios", "choices", (), "scenarios in play", registry=lambda: tuple(known))
    o.check(("a",))
    with pytest.raises(OptionError, match="unknown name 'c'"):
        o.check(("c",))
    known.append("c")
    o.check(("c",))
    assert Options((o,)).schema()[0]["choices"] == [["a", "a"], ["b", "b"], ["c", "c"]]


@dataclass(frozen=True, slots=True)
class _Quiet(Rules):
    quiet: bool = False
    options: ClassVar[Options] = RULES_OPTIONS.plus(
        Option("quiet", "bool", False, "nobody speaks", omit_default=True)
    )


def test_an_option_written_only_when_on_round_trips() -> None:
    assert "quiet" not in _Quiet().to_json()
    assert _Quiet(quiet=True).to_json()["quiet"] is True
    assert _Quiet.from_json(_Quiet(quiet=True).to_json()) == _Quiet(quiet=True)
    assert _Quiet.from_json(Rules().to_json()) == _Quiet()  # an old record still reads


def test_a_range_open_at_one_end_is_said_so_and_the_form_order_is_declared() -> None:
    floor = Option("waits", "int", 1, "waits", low=0)
    with pytest.raises(OptionError, match=r"waits must be at least 0 \(got -1\)"):
        floor.check(-1)
    floor.check(10**12)  # (no upper bound)
    ceiling = Option("tries", "number", 1, "tries", high=9)
    with pytest.raises(OptionError, match=r"tries must be at most 9 \(got 10\)"):
        ceiling.check(10)
    # The form's order is the options' ``order``, not their declaration order (which stays
    # the flags' and the JSON's).
    later, first = (
        Option("b", "bool", False, "b", order=2),
        Option("a", "bool", False, "a", order=1),
    )
    assert [o["name"] for o in Options((later, first)).schema()] == ["a", "b"]
    assert Options((later, first)).names() == ("b", "a")
