"""The ``pysettlers`` command: the demo plays a seeded game reproducibly; render shows a map."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pysettlers.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out = capsys.readouterr().out
    return out


def test_demo_plays_a_game_to_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "demo", "--seed", "1")
    lines = out.splitlines()
    assert lines[0].startswith("pysettlers demo: 4 random bots, variable map, seed 1")
    assert "Board at the start of play:" in out
    assert "Legend:" in out
    assert sum(line.startswith("  set-up  p") for line in lines) == 8
    assert "Board after turn " in out
    assert "Final position:" in out
    winner = [line for line in lines if line.startswith("Winner: p")]
    assert len(winner) == 1
    assert "WINS with" in out
    assert "\x1b" not in out  # plain text, no colour codes
    assert len(lines) < 700
    # The log names things in the notation.
    assert any(" road (" in line for line in lines)
    assert any("rolls 7" in line and "robber (" in line for line in lines)


def test_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("demo", "--seed", "7", "--players", "3", "--map", "random")
    first = run(capsys, *args)
    assert run(capsys, *args) == first
    assert run(capsys, "demo", "--seed", "8", "--players", "3", "--map", "random") != first


def test_unfinished_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "demo", "--seed", "2", "--max-turns", "12")
    assert "Unfinished: nobody reached 10 VP within 12 turns." in out
    assert "Winner:" not in out
    log = out.split("turn     player:")[1].split("Final position:")[0]
    last = log.strip().splitlines()[-1]
    assert last.split()[0].split("-")[-1] == "12"


def test_beginner_demo_with_boards_every_ten_turns(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "demo", "--map", "beginner", "--players", "2", "--vp", "6",
              "--board-every", "10")  # fmt: skip
    assert "Beginner set-up" in out
    assert "Board after turn 10." in out and "Board after turn 20." in out
    assert "Winner: p" in out


def test_render_shows_a_fresh_board(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "render", "--seed", "3", "--map", "random")
    assert out.startswith("random map, seed 3, 4 players")
    assert "ROBBER" in out and "desert" in out
    assert "Bank:" not in out
    assert "Bank:" in run(capsys, "render", "--status")


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "demo" in capsys.readouterr().out


def test_bad_options_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--vp", "99"])
    assert exc.value.code == 2
    assert "vp_target" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["demo", "--map", "moon"])


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pysettlers", "render", "--map", "beginner"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "beginner map" in done.stdout and "s0" in done.stdout
