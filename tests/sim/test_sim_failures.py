"""How ``sim`` and ``arena`` say that games went wrong: a language model's fallback bot
counted per bot (text and JSON), the missing ``llm`` extra refused before any game, a run
whose every game ended in an error failing (exit 1), and the arena's distinct error messages.

The model is the local fake endpoint (``pysettlers.llm.fake``): nothing leaves localhost.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from pysettlers.cli import main
from pysettlers.engine import Action, Game, Rules, View, legal_actions, record_for
from pysettlers.llm.endpoint import reset_ledgers
from pysettlers.llm.fake import FakeEndpoint

HERE = __name__  # the module name under which pytest imported this file


class Raises:
    """A bot whose every choice raises: each of its games ends in an error."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("boom")


@pytest.fixture(autouse=True)
def _fresh_ledgers() -> Iterator[None]:
    reset_ledgers()
    yield
    reset_ledgers()


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeEndpoint]:
    with FakeEndpoint() as f:
        yield f


def test_sim_counts_the_decisions_a_failing_model_left_to_its_fallback(
    fake: FakeEndpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    # fake-500 answers every request with HTTP 500: the fallback bot makes every decision.
    llm = f"llm:model=fake-500:base_url={fake.url}"
    argv = ["sim", "--players", f"{llm},weighted", "--games", "1", "--max-turns", "8"]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    m = summary["models"][llm]
    assert m["decisions"] > 0 and m["fallbacks"] == {"error": m["decisions"]}
    assert m["fallback_total"] == m["decisions"] and m["fallback_rate"] == 1.0
    assert m["seat_games"] == 1 and "latency_total" not in m  # (no wall clock in a summary)
    assert list(summary["models"]) == [llm]  # weighted keeps no accounting

    assert main(argv) == 0
    text = capsys.readouterr().out
    n = m["decisions"]
    assert f"{llm}: {n} decisions, {n} by the fallback bot (error {n})" in text
    assert "every decision was the fallback's" in text


def test_sim_without_a_model_bot_has_no_models_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "random,random", "--games", "1", "--json"]) == 0
    assert "models" not in json.loads(capsys.readouterr().out)


def test_without_the_llm_extra_the_llm_bot_is_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)  # import openai fails, installed or not
    for argv in (
        ["sim", "--players", "llm:model=x,weighted", "--games", "1"],
        ["arena", "llm:model=x", "weighted", "--games", "2"],
    ):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "the llm bot needs the OpenAI SDK" in err
        assert "pip install 'pysettlers[llm]'" in err


def test_sim_fails_when_every_game_ended_in_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "--players", f"random,r:{HERE}.Raises", "--games", "2"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "raised RuntimeError: boom" in captured.out
    assert "every game (2) ended in an error" in captured.err


def test_arena_shows_why_games_ended_in_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "weighted", f"r:{HERE}.Raises", "--games", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    # One message, though r sat in a different seat each game: counted, with its first game.
    errors = [line for line in out.splitlines() if line.startswith("error in ")]
    assert errors == [
        line for line in errors if line.startswith("error in 4 games (first: game 0, seed ")
    ]
    assert len(errors) == 1 and errors[0].endswith("(r) raised RuntimeError: boom"), out


def test_replaying_a_spectators_record_of_a_running_game_says_where_it_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.new(Rules(players=3, seed=8))
    rng = random.Random(8)
    hidden: list[int] = []
    while not hidden:  # until a step the spectator may not know (a card stolen or drawn)
        for _ in range(50):
            game.play(rng.choice(legal_actions(game.state)))
        record = record_for(game, None)
        hidden = [
            i
            for i, item in enumerate(record["actions"])
            if len(item) == 1 and game.steps[i].outcome is not None
        ]
    path = tmp_path / "spectator.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    stop = hidden[0]  # actions before the first hidden outcome replay
    assert f"action {stop + 1} (" in err and "lacks the chance outcome" in err
    assert f"--step {stop} shows the position before it" in err
    assert main(["replay", str(path), "--step", str(stop)]) == 0
