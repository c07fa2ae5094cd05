"""The ``pysettlers`` command as a new user meets it: the demo plays a seeded game
reproducibly and its log says who did what; render shows a map; errors are short messages
with the sub-command's usage (exit 2) or without (exit 1), never a Python exception's name;
a demo's record replays, and a broken record names its file, line and action."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections import Counter
from importlib.metadata import version
from pathlib import Path

import pytest

from pysettlers.bots import bot_rng, make_bot
from pysettlers.cli import main, run_demo
from pysettlers.engine import Rules, observe
from pysettlers.engine import events as ev
from pysettlers.words import places
from support.paths import ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out = capsys.readouterr().out
    return out


def test_demo_plays_a_game_to_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "demo", "--seed", "1")
    lines = out.splitlines()
    # A newcomer's demo: the hard and medium levels in turn, not random bots (issue 28).
    assert lines[0].startswith(
        "pysettlers demo: 4 bots (hard, medium, hard, medium), variable map, seed 1"
    )
    assert "Board at the start of play:" in out
    assert "Legend:" in out
    assert sum(line.startswith("  set-up  p") for line in lines) == 8
    assert "Board after turn " in out
    assert "Final position:" in out
    winner = [line for line in lines if line.startswith("Winner: p")]
    assert len(winner) == 1
    assert "wins with" in out
    assert "\x1b" not in out  # plain text, no colour codes
    assert len(lines) < 700
    # The log names places in words (pysettlers.words), never by the notation's coordinates.
    log = out.split("turn     player:")[1].split("Board after turn")[0]
    assert re.search(r"builds a road (between|on) the ", log)
    assert any("rolls 7" in line and "moves the robber to the " in line for line in lines)
    assert not re.search(r"\(-?\d,-?\d\)", log)


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


# "ValueError: ...", "FileNotFoundError", "Traceback": what a player should never read.
PYTHON_WORDS = re.compile(r"[A-Z][A-Za-z]*(Error|Exception)\b|Traceback")


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The stderr of a command refused as a usage error (exit status 2)."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert not PYTHON_WORDS.search(err), err
    return err


def failure(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The stderr of a command that failed (exit status 1): one clean message, no usage."""
    assert main(list(argv)) == 1
    err = capsys.readouterr().err
    assert not PYTHON_WORDS.search(err), err
    assert "usage:" not in err
    return err


def test_bad_options_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--vp must be between" in usage_error(capsys, "demo", "--vp", "99")
    usage_error(capsys, "demo", "--map", "moon")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["demo", "--vp", "99"], "--vp must be between 3 and 30"),  # checked by Rules
        # Rules name their fields; the command line names its flags.
        (
            ["render", "--players", "7", "--map", "variable"],
            "(--map big-island or peanut) or a map of your own (--map-file), not --map variable",
        ),
        (["render", "--players", "5", "--map", "islands"], "with 5–6 use --map big-islands"),
        (["sim", "--players", "random,random", "--discard-limit", "1"], "--discard-limit must"),
        (["demo", "--max-turns", "-3"], "--max-turns: must be at least 1"),
        (["demo", "--board-every", "x"], "'x' is not a whole number"),
        (["render", "--seed", "-1"], "seed must be"),
        (["sim", "--players", "foo"], "2 to 8 players"),
        (["sim", "--workers", "0"], "--workers: must be at least 1"),
        (["sim", "--players", "random,nosuch:no_such_module.Bot"], "cannot import"),
        (["replay", "x.json", "--step", "-1"], "--step: must be at least 0"),
        (["sim", "--bogus"], "unrecognized arguments: --bogus"),  # an option it lacks
        # Checked before the server starts (a traceback from its start-up before).
        (["serve", "--db", "games.db"], "--db: 'games.db' is not a database URL: use sqlite:///"),
        (["serve", "--db", "mysql://u@h/db"], "--db: 'mysql' databases are not supported"),
        (["arena", "random", "random", "--turbo", "2"], "unrecognized arguments: --turbo 2"),
        # Bad options, though only the command can tell (not argparse): still exit 2 and
        # the usage (docs/playing.md).
        (["play", "--terminal", "--seat", "7"], "--seat must be from 0 to 3 (got 7)"),
        (["play", "--terminal", "--players", "3", "--seat", "-1"], "from 0 to 2 (got -1)"),
        (
            ["render", "--map", "beginner", "--map-file", "examples/maps/channel.json"],
            "give --map or --map-file, not both",
        ),
    ],
)
def test_a_sub_commands_error_shows_its_own_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    err = usage_error(capsys, *argv)
    assert err.startswith(f"usage: pysettlers {argv[0]} ")
    assert f"pysettlers {argv[0]}: error: " in err and says in err


def test_the_description_names_the_game_and_the_software_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "pysettlers: the board game's rules engine, bots and tools." in out
    assert "catan" not in out.lower()  # the trademark: the docs may say what is implemented


def test_version_comes_from_the_installed_package(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"pysettlers {version('pysettlers')}\n"


def test_files_that_cannot_be_used_are_failures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere" / "x.json"
    err = failure(capsys, "replay", str(missing))
    assert err == f"pysettlers replay: error: cannot read {missing}: No such file or directory\n"
    assert "cannot read" in failure(capsys, "replay", str(tmp_path))  # a directory
    err = failure(capsys, "demo", "--out", str(missing), "--max-turns", "1")
    assert err.startswith(f"pysettlers demo: error: cannot write {missing}")
    assert capsys.readouterr().out == ""  # refused before the game is played
    assert "cannot write" in failure(capsys, "sim", "--games", "1", "--out", str(missing))


# -- demo --out and replay -----------------------------------------------------------------


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rules = Rules(players=3, seed=4)
    game = run_demo(rules, [make_bot("random", bot_rng(4, p)) for p in range(3)], out=io.StringIO())
    path = tmp_path_factory.mktemp("demo") / "game.json"
    path.write_text(json.dumps(game.to_json()) + "\n")
    return path


def test_demo_out_saves_a_record_that_replay_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    demo = run(capsys, "demo", "--seed", "4", "--players", "3", "--out", str(path))
    assert demo.splitlines()[-1] == f"The game's record is in {path}: pysettlers replay {path}"
    record = json.loads(path.read_text())
    # (the winner named by the level the header gives its seat: hard or medium)
    winner = re.search(r"Winner: p(\d) \((hard|medium)\) on turn (\d+)\.", demo)
    assert winner is not None
    assert record["result"]["winner"] == int(winner[1])
    assert record["result"]["turns"] == int(winner[3])
    shown = run(capsys, "replay", str(path))
    total = len(record["actions"])
    assert shown.startswith("seed 4: 3 players, variable map, 10 VP")
    assert f"p{winner[1]} won on turn {winner[3]} after {total} actions" in shown
    assert f"Position after step {total} of {total}" in shown
    # The same board, piece for piece, as the demo's final position.
    final = demo.split("Final position:\n")[1].split("\n\n")[0]
    assert final in shown


def broken(tmp_path: Path, record_file: Path, name: str, edit: str, *, indent: int | None) -> Path:
    record = json.loads(record_file.read_text())
    record["actions"][40] = [edit]  # action 41, counted from 1
    path = tmp_path / name
    path.write_text(json.dumps(record, indent=indent) + "\n")
    return path


def test_a_bad_action_names_file_line_and_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record_file: Path
) -> None:
    one_line = broken(tmp_path, record_file, "bad.json", "p0 city (9,9)N", indent=None)
    err = failure(capsys, "replay", str(one_line))
    assert err.startswith(f"pysettlers replay: error: {one_line}:1: action 41 ('p0 city (9,9)N')")
    # Pretty-printed, the line is the action's own.
    pretty = broken(tmp_path, record_file, "bad_pretty.json", "p0 city (9,9)N", indent=2)
    line = 1 + pretty.read_text().split('"p0 city (9,9)N"')[0].count("\n")
    err = failure(capsys, "replay", str(pretty))
    assert err.startswith(f"pysettlers replay: error: {pretty}:{line}: action 41 (")
    # Notation that parses but is not legal there.
    illegal = broken(tmp_path, record_file, "illegal.json", "p1 road (0,0)NE", indent=None)
    assert f"{illegal}:1: action 41 ('p1 road (0,0)NE')" in failure(capsys, "replay", str(illegal))
    # Before the bad action the record is fine: --step 40 shows the position.
    assert main(["replay", str(pretty), "--step", "40"]) == 0


def test_truncated_json_names_its_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record_file: Path
) -> None:
    cut = tmp_path / "cut.json"
    cut.write_text(record_file.read_text()[:2000])
    err = failure(capsys, "replay", str(cut))
    assert err.startswith(f"pysettlers replay: error: {cut}:1:") and "not valid JSON" in err
    pretty = tmp_path / "cut_pretty.json"
    text = json.dumps(json.loads(record_file.read_text()), indent=1)
    pretty.write_text(text[: len(text) // 2])
    err = failure(capsys, "replay", str(pretty))
    assert f"{pretty}:{text[: len(text) // 2].count(chr(10)) + 1}:" in err


def test_sim_records_with_one_bad_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["sim", "--players", "random,random", "--games", "3", "--max-turns", "20"]
    assert main([*argv, "--out", str(out), "--json"]) == 0
    capsys.readouterr()
    lines = out.read_text().splitlines()
    record = json.loads(lines[1])
    record["actions"][6][0] = "p9 roll"
    lines[1] = json.dumps(record)
    lines[2] = lines[2][:300]  # cut short
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(bad)]) == 0  # game 0 is intact
    capsys.readouterr()
    err = failure(capsys, "replay", str(bad), "--game", "1")
    assert err.startswith(f"pysettlers replay: error: {bad}:2: action 7 ('p9 roll')")
    err = failure(capsys, "replay", str(bad), "--game", "2")
    assert err.startswith(f"pysettlers replay: error: {bad}:3:") and "not valid JSON" in err
    assert "--game 3 is not one" in usage_error(capsys, "replay", str(bad), "--game", "3")


def test_a_file_that_is_no_record_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    readme = ROOT / "README.md"
    assert f"{readme}:1:1: not valid JSON" in failure(capsys, "replay", str(readme))


# -- the demo's log --------------------------------------------------------------------------

_HEAD = re.compile(r"^ *(\d+)(-\d+)? +(p\d|rolls only):(.*)$")


def log_entries(text: str) -> list[tuple[int, int, str]]:
    """The log's lines as (turn, player named at the start of the line, text), with the
    wrapped lines joined; the boards between them are left out."""
    body = text.split("turn     player:", 1)[1].split("\nFinal position:", 1)[0]
    entries: list[tuple[int, int, str]] = []
    joining = False
    for line in body.splitlines()[2:]:
        m = _HEAD.match(line)
        if m and m[3] != "rolls only":
            entries.append((int(m[1]), int(m[3][1:]), m[4]))
            joining = True
        elif joining and line.startswith(" " * 12) and not _HEAD.match(line):
            turn, p, said = entries[-1]
            entries[-1] = (turn, p, said + " " + line.strip())
        else:
            joining = False
    return entries


def test_demo_log_names_who_acted_and_shows_helpers() -> None:
    rules = Rules(players=5, seed=3, helpers=True)
    bots = [make_bot("weighted", bot_rng(3, p)) for p in range(5)]
    out = io.StringIO()
    game = run_demo(rules, bots, out=out)
    text = out.getvalue()
    entries = log_entries(text)
    assert entries and not [e for e in entries if not e[2].strip()]  # no empty lines
    # Every piece built in play, by whom, as the log says it: an item is its line's
    # player's unless it starts with another player's name.
    said: Counter[tuple[int, str]] = Counter()
    for _, p, line in entries:
        for item in line.removeprefix(" special build:").strip().split("; "):
            m = re.fullmatch(r"(?:p(\d) )?(builds an? (?:road|settlement|city) .+)", item)
            if m:
                said[(int(m[1]) if m[1] else p, m[2])] += 1
    pieces: list[tuple[int, str]] = []
    where = places(game.state.board)  # the log names places in words (pysettlers.words)
    for e in observe(game.state, None, 0).events:
        if isinstance(e, ev.RoadBuilt):
            pieces.append((e.player, f"builds a road {where.path(e.path)}"))
        elif isinstance(e, ev.SettlementBuilt | ev.CityBuilt):
            pieces.append((e.player, f"builds a {e.kind} at {where.intersection(e.intersection)}"))
    built = Counter(pieces[4 * rules.players :])  # after the set-up's two of each, apart
    assert said == built and built
    # The Special Building Phase has lines of its own, named after the builder.
    special = [(t, p) for t, p, line in entries if line.startswith(" special build:")]
    assert special and any(p != (game.first_player + t - 1) % 5 for t, p in special)
    # Helpers: dealt in the set-up, used, flipped or exchanged, and Marianne or Sean used
    # by their owner on another player's roll.
    assert re.search(r"^  set-up  p\d .*; gets the helper [A-Z][a-z]+$", text, re.M)
    assert any(re.search(r"; p\d uses (Marianne|Sean) and takes", x) for _, _, x in entries)
    assert any(
        re.search(r"exchanges [A-Z][a-z]+ for|turns [A-Z][a-z]+ to the B side", line)
        for _, _, line in entries
    )


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pysettlers", "render", "--map", "beginner"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "beginner map" in done.stdout and "s0" in done.stdout


# -- 7–8 players on the 1996 maps ------------------------------------------------------------------


@pytest.mark.parametrize("map_kind", ["big-island", "peanut"])
def test_render_seven_eight_player_maps(capsys: pytest.CaptureFixture[str], map_kind: str) -> None:
    out = run(capsys, "render", "--players", "8", "--map", map_kind, "--status")
    assert out.startswith(f"{map_kind} map, seed 1, 8 players")
    assert "(0,0)" in out and "p7" in out


def test_seven_eight_players_default_to_big_island(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "render", "--players", "7").startswith("big-island map")


def test_seven_eight_player_maps_need_seven_or_eight(capsys: pytest.CaptureFixture[str]) -> None:
    assert "7–8 player map" in usage_error(capsys, "render", "--map", "peanut")
    assert "--map big-island or peanut" in usage_error(
        capsys, "demo", "--players", "8", "--map", "variable"
    )


def test_demo_with_eight_players(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "demo", "--players", "8", "--map", "peanut", "--bot", "weighted")
    assert "Winner: p" in out and "  p7 " in out


def test_sim_of_eight_bots_finishes(capsys: pytest.CaptureFixture[str]) -> None:
    bots = "random,weighted,greedy,weighted,greedy,random,weighted,greedy"
    out = run(capsys, "sim", "--players", bots, "--map", "big-island", "--games", "3")
    assert "(unfinished)     0" in out and "p7" in out
