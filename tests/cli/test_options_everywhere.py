"""One declaration per option: an option added in a test-only declaration (a ``Rules``
subclass with one more field and its :class:`Option`) is found in every face derived from
the declarations — the flags of every sub-command it applies to (with its help and default),
a refusal naming its flag, the lobby's schema, the server's request model, the records' and
the arena's JSON, the simulator's headline."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, ClassVar

import pydantic
import pytest

from pysettlers.cli import build_parser, main
from pysettlers.cli.options import rules_from
from pysettlers.engine import Rules
from pysettlers.engine.options import RULES_OPTIONS, Option, OptionError, Options
from pysettlers.server import protocol
from pysettlers.server.options import GAME_OPTIONS, schema
from pysettlers.sim import arena, report

FOG = Option(
    "fog_depth",
    "int",
    0,
    "how thick the fog over the sea is",
    low=0,
    high=5,
    label="Fog",
    term="fog",
)


@dataclass(frozen=True, slots=True)
class FoggyRules(Rules):
    fog_depth: int = 0
    options: ClassVar[Options] = RULES_OPTIONS.plus(FOG)


COMMANDS = ("demo", "play", "render", "sim", "arena")


def sub_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = subs.choices[command]
    return found


@pytest.mark.parametrize("command", COMMANDS)
def test_the_flag_is_in_every_sub_command_with_its_help_and_default(command: str) -> None:
    text = sub_parser(build_parser(FoggyRules), command).format_help()
    assert "--fog-depth N" in text and "how thick the fog over the sea is (0)" in text
    assert "--fog-depth" not in sub_parser(build_parser(), command).format_help()


def test_the_flag_makes_the_rules() -> None:
    args = build_parser(FoggyRules).parse_args(["render", "--fog-depth", "3", "--players", "3"])
    rules = rules_from(args, "render")
    assert isinstance(rules, FoggyRules) and (rules.fog_depth, rules.players) == (3, 3)


def test_a_bad_value_is_refused_naming_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["render", "--fog-depth", "9"], rules=FoggyRules)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "pysettlers render: error: --fog-depth must be between 0 and 5 (got 9)" in err


def test_the_lobby_schema_lists_it() -> None:
    listed = {o["name"]: o for o in schema(FoggyRules)["rules"]}
    assert listed["fog_depth"] == {
        "name": "fog_depth",
        "type": "int",
        "default": 0,
        "help": "how thick the fog over the sea is",
        "label": "Fog",
        "group": "rules",
        "optional": False,
        "low": 0,
        "high": 5,
    }
    assert "fog_depth" not in {o["name"] for o in schema()["rules"]}


def test_the_request_model_accepts_and_refuses_it_by_name() -> None:
    model = protocol.request_model(FoggyRules.options.plus(*GAME_OPTIONS))
    assert model.model_validate({"fog_depth": 2}).fog_depth == 2  # type: ignore[attr-defined]
    with pytest.raises(pydantic.ValidationError) as refused:
        model.model_validate({"fog_depth": 9})
    assert refused.value.errors()[0]["loc"] == ("fog_depth",)
    # The server's own check of the rules object (422 bad_rules) names it too.
    with pytest.raises(OptionError, match="fog_depth must be between 0 and 5") as bad:
        FoggyRules.from_json({"fog_depth": 9})
    assert bad.value.option == "fog_depth"


def test_the_records_and_the_arenas_json_carry_it() -> None:
    rules = FoggyRules(fog_depth=4, players=3)
    assert rules.to_json()["fog_depth"] == 4
    assert FoggyRules.from_json(rules.to_json()) == rules
    assert arena.rules_json(rules)["fog_depth"] == 4


def summary(rules: Rules) -> dict[str, Any]:
    r = rules.to_json()
    del r["seed"]  # (as the simulator's summary has them)
    return {"rules": r, "rotate": True, "games": 2, "seed": 1, "max_turns": 9, "max_decisions": 9}


def test_the_headline_names_it_when_not_its_default() -> None:
    assert "fog 4" in report.headline(summary(FoggyRules(fog_depth=4)), FoggyRules.options)
    assert "fog" not in report.headline(summary(FoggyRules()), FoggyRules.options)


def test_the_headline_names_every_option_not_at_its_default() -> None:
    line = report.headline(
        summary(Rules(pirate=True, ships=True, alternate=("open_hands",), trade_build="separate"))
    )
    for said in ("pirate", "ships", "alternate rules: open_hands", "separate trade/build"):
        assert said in line, line


# -- the server's own options -------------------------------------------------------------


def test_the_game_request_fields_are_the_declared_ones() -> None:
    made = protocol.request_model(GAME_OPTIONS).model_json_schema()["properties"]
    served = protocol.GameIn.model_json_schema()["properties"]
    for o in GAME_OPTIONS:
        assert served[o.name] == made[o.name], o.name


def test_the_bot_speeds_are_the_sessions() -> None:
    from pysettlers.server.session import BOT_SPEEDS

    assert GAME_OPTIONS["bot_speed"].choices == tuple(BOT_SPEEDS)


def test_a_game_option_added_is_in_the_request_and_the_schema() -> None:
    more = GAME_OPTIONS.plus(Option("ponder", "number", 1, "seconds", low=0, high=9))
    model = protocol.request_model(more)
    with pytest.raises(pydantic.ValidationError) as refused:
        model.model_validate({"ponder": 10})
    assert refused.value.errors()[0]["loc"] == ("ponder",)
    assert "ponder" in {o["name"] for o in schema(game=more)["game"]}
