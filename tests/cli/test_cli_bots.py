"""Bots on the command line: ``--bot`` of ``demo`` and ``play`` takes a spec with options as
``sim`` and ``arena`` do, with the same clear errors; the help texts list every registered
bot; a spec's stray part and a class that cannot be built as ``Class(rng, **options)`` are
refused naming the part (QA tour B, items 5, 11 and 13).

What this is not: the spec syntax's own tests (``tests/llm/test_llm_setup.py``, the
simulator's in ``tests/sim``) or the terminal game (``test_terminal.py``).
"""

from __future__ import annotations

import importlib.util
import io
import re

import pytest

from pysettlers.bots import bot_names
from pysettlers.cli import main
from pysettlers.cli.bots import bot_spec
from pysettlers.engine import Rules
from pysettlers.sim.runner import parse_spec
from pysettlers.terminal import play_terminal


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The stderr of a command refused as a usage error (exit status 2, its usage)."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Error:" not in err, err
    return err


def test_demo_bot_takes_a_spec_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--bot", "easy:noise=5", "--max-turns", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pysettlers demo: 4 easy:noise=5 bots, ")
    assert "Unfinished: nobody reached 10 VP within 2 turns." in out


def test_play_bot_takes_a_spec_with_options() -> None:
    out = io.StringIO()
    game = play_terminal(Rules(players=3, seed=5), bot="greedy:trade=0", read=quit_, out=out)
    assert out.getvalue().startswith("You are p0; the others are greedy:trade=0 bots.")
    assert game.state.turn == 0  # quit at the first prompt


def quit_(prompt: str, legal: object) -> str:
    return "quit"


@pytest.mark.skipif(importlib.util.find_spec("openai") is None, reason="needs the llm extra")
def test_the_llm_bot_is_taken_as_its_own_error_says() -> None:
    # "the llm bot needs a model: llm:model=NAME": and written so, it is taken.
    assert bot_spec("llm:model=some-model").options == (("model", "some-model"),)


@pytest.mark.parametrize("command", [["demo"], ["play", "--terminal"]])
@pytest.mark.parametrize(
    ("bot", "says"),
    [
        ("nosuch", "--bot: bot 'nosuch': unknown bot 'nosuch' (known: easy, "),
        ("easy:noise=500", "option 'noise' must be between 0 and 100"),
        ("llm", "the llm bot needs a model: llm:model=NAME"),
        ("greedy:noise=3:bogus", "bad part 'bogus' in bot spec 'greedy:noise=3:bogus'"),
    ],
)
def test_a_bad_bot_spec_is_a_usage_error_before_the_game(
    capsys: pytest.CaptureFixture[str], command: list[str], bot: str, says: str
) -> None:
    err = usage_error(capsys, *command, "--bot", bot)
    assert err.startswith(f"usage: pysettlers {command[0]} ")
    assert says in err


@pytest.mark.parametrize("command", ["sim", "arena", "demo", "play"])
def test_help_lists_every_registered_bot(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    # Every registered name, in the registry's order (a test's own bots too, where some
    # other test registered them): compared without blanks, as argparse wraps lines, even
    # at a hyphen.
    text = "".join(capsys.readouterr().out.split())
    assert ",".join(bot_names()) in text


@pytest.mark.parametrize(
    ("players", "says"),
    [
        # A number is never continued by a stray part (a text value may hold colons).
        (
            "random,f:string.Template:template=3:bogus",
            "bad part 'bogus' in bot spec 'f:string.Template:template=3:bogus': expected "
            "key=value or module.Class (it does not continue template=3: quote a value with "
            "':')",
        ),
        # A class that cannot be built as Class(rng, **options): said so, naming it.
        (
            "random,x:collections.OrderedDict",
            "bot 'x:collections.OrderedDict': collections.OrderedDict must be a class built "
            "as OrderedDict(rng, **options); OrderedDict(rng) fails: 'Random' object is not "
            "iterable",
        ),
        (
            "random,x:string.Formatter",
            "string.Formatter must be a class built as Formatter(rng, **options); "
            "Formatter(rng) fails: too many positional arguments",
        ),
        (
            "random,x:string.Template:flavor=1",
            "Template(rng, flavor=1) fails: got an unexpected keyword argument 'flavor'",
        ),
    ],
)
def test_a_bad_custom_bot_spec_names_the_part(
    capsys: pytest.CaptureFixture[str], players: str, says: str
) -> None:
    err = usage_error(capsys, "sim", "--games", "1", "--players", players)
    assert says in " ".join(err.split())


def test_a_text_value_may_still_hold_colons() -> None:
    # docs/llm.md: a model name or a URL written as it is; a number ends at its colon.
    _, _, options, _ = parse_spec("llm:model=llama3.1:8b:base_url=http://localhost:11434/v1")
    assert dict(options) == {"model": "llama3.1:8b", "base_url": "http://localhost:11434/v1"}
    with pytest.raises(ValueError, match=re.escape("bad part '8b'")):
        parse_spec("llm:temperature=0.5:8b")
