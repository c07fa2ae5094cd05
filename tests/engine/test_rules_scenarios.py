"""``Rules.scenarios``: the scenarios in play as one set of names, checked against the
registry, with the booleans the rules had before (``helpers``, ``pirate``, ``ships``) still
taken and read, and the JSON of older records, requests and results still read.

What this is for: the one field that names the scenarios — made either way and equal either
way, replaced, refused by name (the field and the names known), written only when some are
in play (a base game's record is byte for byte what it was), read from old records — and
its names coming from the registry (a scenario registered by name is a name the rules take,
a lobby checkbox and a flag). What this is not: what a scenario does (``tests/scenarios``).
"""

from __future__ import annotations

import inspect
import json
from dataclasses import fields, replace
from typing import Any

import pytest

from pysettlers.cli import build_parser
from pysettlers.cli.options import rules_from
from pysettlers.engine import (
    Rules,
    Scenario,
    position_key,
    registry,
    replay,
    save_state,
)
from pysettlers.engine.config import upgrade_json
from pysettlers.engine.options import OptionError
from pysettlers.engine.records import load_state
from pysettlers.engine.views import rules_json as view_rules_json
from pysettlers.server.options import schema
from pysettlers.sim import arena, report
from support import harness

NAMED = ("helpers", "pirate", "ships")


# -- made, compared, replaced ----------------------------------------------------------------


def test_the_booleans_and_the_names_make_equal_rules() -> None:
    assert Rules(helpers=True) == Rules(scenarios=("helpers",))
    assert hash(Rules(helpers=True)) == hash(Rules(scenarios=("helpers",)))
    both = Rules(pirate=True, ships=True)
    assert both.scenarios == ("pirate", "ships")
    # Kept sorted, a tuple, whatever order or sequence they were given in.
    assert Rules(scenarios=["ships", "pirate"]).scenarios == ("pirate", "ships")  # type: ignore[arg-type]
    assert Rules(scenarios=("ships", "pirate")) == both
    assert len({both, Rules(scenarios=("pirate", "ships")), Rules()}) == 2
    assert Rules().scenarios == ()
    # A name given both ways is one name; a false boolean takes the name away.
    assert Rules(scenarios=("pirate",), pirate=True).scenarios == ("pirate",)
    assert Rules(scenarios=("pirate", "ships"), pirate=False).scenarios == ("ships",)


def test_the_booleans_read_the_names() -> None:
    r = Rules(scenarios=("helpers", "ships"))
    assert (r.helpers, r.pirate, r.ships) == (True, False, True)
    assert not (Rules().helpers or Rules().pirate or Rules().ships)


def test_replace_takes_the_booleans_and_the_names() -> None:
    r = Rules(players=3, helpers=True, seed=5)
    assert replace(r, pirate=True).scenarios == ("helpers", "pirate")
    assert replace(r, helpers=False) == Rules(players=3, seed=5)
    assert replace(r, scenarios=("ships",)).scenarios == ("ships",)
    assert replace(r, seed=0) == Rules(players=3, helpers=True)  # (registry.ruleset_for's)
    with pytest.raises(OptionError) as refused:
        replace(r, pirate="yes")  # type: ignore[arg-type]
    assert refused.value.option == "pirate" and "pirate must be true or false" in str(refused.value)


def test_the_written_constructor_keeps_the_fields_and_their_declared_defaults() -> None:
    """``Rules.__init__`` is written out (for the booleans): its parameters are the fields,
    in order, with their declarations' defaults, then the booleans."""
    params = list(inspect.signature(Rules.__init__).parameters.values())[1:]
    names = [f.name for f in fields(Rules)]
    assert [p.name for p in params] == [*names, *NAMED]
    for p in params[: len(names)]:
        assert p.default == Rules.options[p.name].default, p.name
    assert all(p.kind is p.KEYWORD_ONLY and p.default is None for p in params[len(names) :])


# -- refused by name --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "says"),
    [
        (("moon",), "scenarios: unknown scenario 'moon' (known: helpers, pirate, ships)"),
        # Switched on by an option of their own, not by name: an alternate rule, the bridges.
        (("ignore_seven",), "unknown scenario 'ignore_seven'"),
        (("bridges",), "unknown scenario 'bridges'"),
        (("ships", "ships"), "a scenario is named twice in ['ships', 'ships']"),
        ("pirate", "scenarios must be a list of scenario names (got 'pirate')"),
        ((3,), "unknown scenario 3"),
    ],
)
def test_an_unknown_name_is_refused_naming_the_field_and_the_names_known(
    given: object, says: str
) -> None:
    with pytest.raises(OptionError) as refused:
        Rules(scenarios=given)  # type: ignore[arg-type]
    assert refused.value.option == "scenarios"
    assert says in str(refused.value)


def test_a_refusal_of_a_scenario_with_the_others_names_the_field() -> None:
    with pytest.raises(OptionError) as refused:
        Rules(players=7, map_kind="peanut", scenarios=("helpers",))
    assert refused.value.option == "scenarios" and "at most 6 players" in str(refused.value)


# -- JSON: written only when some are in play, old JSON read ---------------------------------


def test_the_json_names_them_only_when_some_are_in_play() -> None:
    assert "scenarios" not in Rules().to_json()
    assert not set(NAMED) & set(Rules(scenarios=NAMED).to_json())
    d = Rules(ships=True, pirate=True).to_json()
    assert d["scenarios"] == ["pirate", "ships"]
    assert Rules.from_json(d) == Rules(pirate=True, ships=True)
    assert Rules.from_json(json.loads(json.dumps(d))) == Rules(pirate=True, ships=True)


@pytest.mark.parametrize(
    ("old", "names"),
    [
        ({"helpers": True}, ("helpers",)),
        ({"pirate": True, "ships": True}, ("pirate", "ships")),
        ({"helpers": False, "pirate": False, "ships": False}, ()),
        ({"scenarios": ["ships"], "pirate": True}, ("pirate", "ships")),
        ({"scenarios": ["ships", "pirate"], "ships": False}, ("pirate",)),
    ],
)
def test_the_booleans_of_older_json_are_read(old: dict[str, Any], names: tuple[str, ...]) -> None:
    assert Rules.from_json({"players": 3, **old}) == Rules(players=3, scenarios=names)


def test_older_json_with_a_bad_boolean_or_an_unknown_key_is_refused_by_name() -> None:
    with pytest.raises(OptionError) as refused:
        Rules.from_json({"helpers": "yes"})
    assert refused.value.option == "helpers" and "helpers must be true or false" in str(
        refused.value
    )
    with pytest.raises(ValueError, match=r"unknown rules options: \['islands'\]"):
        Rules.from_json({"islands": True})
    with pytest.raises(OptionError, match="scenarios must be a list"):
        Rules.from_json({"scenarios": "pirate", "ships": True})
    assert upgrade_json([1]) == [1]  # (not an object: refused by the options' own reading)


def test_an_old_record_and_saved_position_of_a_scenario_replay() -> None:
    game = harness.random_game(Rules(players=3, seed=11, helpers=True, pirate=True), 300)
    record = game.to_json()
    assert record["rules"]["scenarios"] == ["helpers", "pirate"]
    old = json.loads(json.dumps(record))
    del old["rules"]["scenarios"]
    old["rules"].update(helpers=True, pirate=True)  # as written before ``scenarios``
    again = replay(old)
    assert position_key(again.state) == position_key(game.state)
    assert again.to_json() == record  # (written again in today's words)
    saved = save_state(game.state)
    assert saved["rules"]["scenarios"] == ["helpers", "pirate"]
    old_saved = json.loads(json.dumps(saved))
    del old_saved["rules"]["scenarios"]
    old_saved["rules"]["helpers"] = old_saved["rules"]["pirate"] = True
    assert save_state(load_state(old_saved)) == saved


def test_a_view_and_the_arena_write_the_names() -> None:
    assert view_rules_json(Rules(ships=True), over=False)["scenarios"] == ["ships"]
    assert "scenarios" not in view_rules_json(Rules(), over=False)
    assert arena.rules_json(Rules(pirate=True))["scenarios"] == ["pirate"]
    assert arena.rules_json(Rules())["scenarios"] == []


def test_older_arena_results_still_merge() -> None:
    """Results written before ``scenarios`` (every option written: the booleans too) share
    their rules with today's when the scenarios are the same, and differ when not."""
    before = {
        "vp_target": 10,
        "discard_limit": None,
        "map": "variable",
        "trade_build": "combined",
        "large_game_variant": "special_building",
        "helpers": False,
        "alternate": [],
        "pirate": True,
        "ships": False,
    }
    now = arena.rules_json(Rules(pirate=True))
    assert arena.shared_rules(before) == arena.shared_rules(now) == now
    assert arena.shared_rules(before) != arena.shared_rules(arena.rules_json(Rules()))


def test_an_older_summarys_headline_names_its_scenarios() -> None:
    rules = {**Rules().to_json(), "helpers": True}
    del rules["seed"]
    summary = {"rules": rules, "rotate": True, "games": 2, "seed": 1}
    line = report.headline({**summary, "max_turns": 9, "max_decisions": 9})
    assert "scenarios: helpers" in line


# -- the names come from the registry --------------------------------------------------------


def test_the_names_are_the_scenarios_registered_by_name() -> None:
    named = registry.named_scenarios()
    assert tuple(x.name for x in named) == NAMED
    assert Rules.options["scenarios"].all_choices == NAMED
    # Every other registered scenario is switched on by an option of its own.
    others = {x.name for x in registry.registered_scenarios()} - set(NAMED)
    assert {"bridges", "ignore_seven", "knight_interrupts"} <= others
    assert all(x.label and x.note for x in named)


@pytest.mark.compiled_differs("an interpreted class cannot subclass the native Scenario")
def test_a_scenario_registered_by_name_is_a_name_a_checkbox_and_a_flag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class _Fog(Scenario):
        name = "fog"
        by_name = True
        label = "Fog"
        note = "the sea is hidden"

    with pytest.raises(OptionError, match="unknown scenario 'fog'"):
        Rules(scenarios=("fog",))
    # (Registered for this test only: the registry's list, put back afterwards.)
    monkeypatch.setattr(registry, "_SCENARIOS", [*registry.registered_scenarios(), _Fog()])
    assert Rules(scenarios=("fog", "pirate")).scenarios == ("fog", "pirate")
    assert Rules.from_json({"scenarios": ["fog"]}).to_json()["scenarios"] == ["fog"]
    listed = next(o for o in schema()["rules"] if o["name"] == "scenarios")
    assert (
        listed["choices"][0] == ["fog", "Fog"] and listed["choice_notes"][0] == "the sea is hidden"
    )
    args = build_parser().parse_args(["render", "--fog", "--scenario", "ships"])
    assert rules_from(args, "render").scenarios == ("fog", "ships")


# -- the faces of the one option -------------------------------------------------------------


def test_the_lobby_draws_each_scenario_as_a_checkbox_with_its_note() -> None:
    listed = {o["name"]: o for o in schema()["rules"]}
    assert not set(NAMED) & set(listed)
    o = listed["scenarios"]
    assert (o["type"], o["group"], o["default"]) == ("choices", "scenarios", [])
    assert [c for c, _ in o["choices"]] == list(NAMED)
    assert dict(o["choices"])["helpers"] == "Helpers"
    assert len(o["choice_notes"]) == 3 and "folded" not in o
    assert listed["alternate"]["folded"] is True


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["--helpers"], ("helpers",)),
        (["--pirate", "--ships"], ("pirate", "ships")),
        (["--scenario", "ships", "--scenario", "helpers"], ("helpers", "ships")),
        (["--scenario", "pirate", "--ships"], ("pirate", "ships")),
        ([], ()),
    ],
)
def test_the_flags_set_the_names(argv: list[str], names: tuple[str, ...]) -> None:
    for command in ("demo", "play", "render", "sim", "arena"):
        args = build_parser().parse_args([command, *argv])
        assert args.scenarios == list(names) or sorted(args.scenarios) == list(names)
    assert rules_from(build_parser().parse_args(["render", *argv]), "render").scenarios == names


def test_an_unknown_scenario_flag_is_refused_with_the_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["render", "--scenario", "moon"])
    err = capsys.readouterr().err
    assert "--scenario: invalid choice: 'moon'" in err and "'pirate'" in err
