"""One declaration per option: an option added in a test-only declaration (a ``Rules``
subclass with one more field and its :class:`Option`) is found in every face derived from
the declarations — the flags of every sub-command it applies to (with its help and default),
a refusal naming its flag, the lobby's schema, the server's request model, the records' and
the arena's JSON, the simulator's headline. A server limit added the same way (a ``Limits``
subclass) is a ``serve`` flag with its help, default and refusal, and a checked field of the
limits; and the command reads the server's declarations without the ``web`` extra."""

from __future__ import annotations

import argparse
import inspect
import os
import subprocess
import sys
from dataclasses import dataclass
from typing import Any, ClassVar

import pydantic
import pytest

from pysettlers.cli import build_parser, main, serve
from pysettlers.cli.options import rules_from
from pysettlers.cli.serve import app_values, limit_values
from pysettlers.engine import Rules
from pysettlers.engine.options import RULES_OPTIONS, Option, OptionError, Options
from pysettlers.server import protocol
from pysettlers.server.limits import Limits
from pysettlers.server.options import (
    APP_OPTIONS,
    GAME_OPTIONS,
    LIMIT_OPTIONS,
    LISTEN_OPTIONS,
    schema,
)
from pysettlers.sim import arena, report
from support.paths import SRC

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


def test_every_lobby_option_is_in_a_group_of_the_form_in_its_order() -> None:
    served = schema()
    groups = [g["name"] for g in served["groups"]]
    for listed in (served["rules"], served["game"]):
        ranks = [groups.index(o["group"]) for o in listed]  # (ValueError: a group not drawn)
        assert ranks == sorted(ranks)  # each list by group, then by its options' order
    assert [o["name"] for o in served["rules"]][:4] == ["players", "map_kind", "seed", "vp_target"]


# -- the server's limits --------------------------------------------------------------------

FLOODS = Option(
    "floods_per_hour",
    "int",
    3,
    "floods one address may start an hour",
    low=0,
    applies=frozenset({"serve"}),
)


@dataclass(frozen=True)
class FloodLimits(Limits):
    floods_per_hour: int = 3
    options: ClassVar[Options] = LIMIT_OPTIONS.plus(FLOODS)


def test_a_limit_added_is_a_serve_flag_with_its_help_default_and_refusal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = build_parser(limits=FloodLimits.options)
    text = sub_parser(parser, "serve").format_help()
    assert "--floods-per-hour N" in text and "floods one address may start an hour (3)" in text
    assert "--floods-per-hour" not in sub_parser(build_parser(), "serve").format_help()
    with pytest.raises(SystemExit) as exc:
        parser.parse_args(["serve", "--floods-per-hour", "-1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "pysettlers serve: error: argument --floods-per-hour: must be at least 0 (got -1)" in err


def test_a_limit_added_is_a_field_of_the_limits_checked_by_its_declaration() -> None:
    args = build_parser(limits=FloodLimits.options).parse_args(
        ["serve", "--floods-per-hour", "5", "--max-connections", "9"]
    )
    limits = FloodLimits(**limit_values(args))
    assert (limits.floods_per_hour, limits.connections) == (5, 9)
    assert FloodLimits().floods_per_hour == 3
    with pytest.raises(OptionError, match="floods_per_hour must be at least 0") as bad:
        FloodLimits(floods_per_hour=-2)
    assert bad.value.option == "floods_per_hour"


def test_the_limits_flags_are_the_declared_ones() -> None:
    text = sub_parser(build_parser(), "serve").format_help()
    for o in LIMIT_OPTIONS:
        assert o.cli_flag in text, o.name
    assert LIMIT_OPTIONS["connections"].cli_flag == "--max-connections"  # (as it always was)
    assert Limits(**limit_values(build_parser().parse_args(["serve"]))) == Limits()


def test_the_command_needs_no_web_extra_until_it_serves() -> None:
    """``pysettlers --help``, ``serve --help`` (its flags from the server's declarations) and
    a demo run where the server's dependencies are missing; ``serve`` says what to install."""
    blocked = ("fastapi", "pydantic", "uvicorn", "starlette", "sqlalchemy", "alembic", "orjson")
    code = f"""
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Missing())
from pysettlers.cli import main
sys.exit(main(sys.argv[1:]))
"""

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        return subprocess.run(
            [sys.executable, "-c", code, *argv],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    assert run("--help").returncode == 0
    served = run("serve", "--help")
    assert served.returncode == 0 and "--max-connections N" in served.stdout
    assert run("demo", "--players", "2", "--vp", "3").returncode == 0
    refused = run("serve")
    assert refused.returncode == 1 and "pip install 'pysettlers[web]'" in refused.stderr


# -- serve's own flags and a game's server options' defaults --------------------------------

ROOM = Option("room", "text", "hall", "the room the server is in", applies=frozenset({"serve"}))


def test_every_serve_flag_is_a_declared_one() -> None:
    serve_parser = sub_parser(build_parser(), "serve")
    flags = {s for a in serve_parser._actions for s in a.option_strings} - {"-h", "--help"}
    declared = (*APP_OPTIONS, *LISTEN_OPTIONS, *LIMIT_OPTIONS)
    assert flags == {o.cli_flag for o in declared}
    args = build_parser().parse_args(["serve"])
    for o in declared:
        assert getattr(args, o.name) == o.default, o.name


def test_create_app_and_the_hub_take_the_declared_defaults() -> None:
    from pysettlers.server import create_app
    from pysettlers.server.hub import Hub

    app = inspect.signature(create_app).parameters
    hub = inspect.signature(Hub).parameters
    for o in APP_OPTIONS:
        assert app["db_url" if o.name == "db" else o.name].default == o.default, o.name
        if o.name in hub:
            assert hub[o.name].default == o.default, o.name
    assert set(app_values(build_parser().parse_args(["serve"]))) == set(APP_OPTIONS.names())
    given = build_parser().parse_args(["serve", "--max-bot-games", "3", "--park-after", "9.5"])
    assert (app_values(given)["max_bot_games"], app_values(given)["park_after"]) == (3, 9.5)


def test_a_serve_option_added_is_a_flag_with_its_help_default_and_refusal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = argparse.ArgumentParser(prog="pysettlers")
    serve.add(parser.add_subparsers(), app=APP_OPTIONS.plus(ROOM))
    text = sub_parser(parser, "serve").format_help()
    assert "--room ROOM" in text and "the room the server is in (hall)" in text
    assert app_values(parser.parse_args(["serve", "--room", "attic"]))["room"] == "attic"
    with pytest.raises(SystemExit) as exc:
        parser.parse_args(["serve", "--bot-threads", "0"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "pysettlers serve: error: argument --bot-threads: must be at least 1 (got 0)" in err


def test_a_game_without_a_server_option_has_its_declared_default() -> None:
    """A game recorded before an option existed reads the declaration's default."""
    from types import SimpleNamespace

    from pysettlers.server.session import BOT_SPEEDS, GameSession

    old = SimpleNamespace(info=SimpleNamespace(options={}), pace=1.0)
    old.option = lambda name: GameSession.option(old, name)  # type: ignore[arg-type]
    for o in GAME_OPTIONS:
        assert GameSession.option(old, o.name) == o.default, o.name  # type: ignore[arg-type]
    assert GameSession.offer_time.fget(old) == GAME_OPTIONS["offer_time"].default  # type: ignore[attr-defined]
    assert GameSession.bot_speed.fget(old) == BOT_SPEEDS[GAME_OPTIONS["bot_speed"].default]  # type: ignore[attr-defined]
    old.info.options = {"bot_speed": "glacial"}  # (no speed of this server's)
    assert GameSession.bot_speed.fget(old) == BOT_SPEEDS["normal"]  # type: ignore[attr-defined]
