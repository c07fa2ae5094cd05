"""The field (``sim/field.py``, ``pysettlers arena --field BOT``): its members, the schedule
of one BOT against three copies of each member, the head-to-head results, the command and
its bad input. Games are short (``vp_target`` 4) and few."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pysettlers.bots import bot_names
from pysettlers.cli import main
from pysettlers.engine import Rules
from pysettlers.sim import arena, field
from pysettlers.sim.runner import check_specs, labelled_specs


def test_the_field_holds_every_style_noise_level_and_plain_bot() -> None:
    members = field.members()
    for bot in ("weighted", "greedy"):
        assert bot in members
        for style in ("roads", "cards", "cities", "harbors", "robber"):
            assert f"{bot}:style={style}" in members
    assert {"random", "weighted:noise=8", "greedy:noise=0.333"} <= set(members)
    # The MCTS bot is looked up by name: in the field exactly when it is registered.
    assert ("mcts" in members) == ("mcts" in bot_names())
    check_specs(labelled_specs(members))  # every member builds with its options


def test_exclude_drops_members_by_spec_or_bot_name_and_refuses_a_stranger() -> None:
    members = field.members(["greedy", "weighted:style=cards"])
    assert not any(m.startswith("greedy") for m in members)
    assert "weighted:style=cards" not in members and "weighted:style=roads" in members
    with pytest.raises(ValueError, match="--exclude: 'nosuchbot' is no member"):
        field.members(["nosuchbot"])


def test_the_bot_is_first_and_not_its_own_opponent() -> None:
    labels = [e.label for e in field.entrants("greedy")]
    assert labels[0] == "greedy" and labels.count("greedy") == 1
    assert "greedy:style=roads" in labels


def test_each_member_is_one_table_against_the_bot_in_every_rotation() -> None:
    config = arena.ArenaConfig(
        Rules(players=4, vp_target=4),
        labelled_specs(["weighted", "random", "greedy"]),
        games=1,
        seed=3,
        fmt="field",
    )
    seatings = config.seatings()
    assert sorted(seatings) == sorted(
        [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0)]
        + [(0, 2, 2, 2), (2, 0, 2, 2), (2, 2, 0, 2), (2, 2, 2, 0)]
    )


def test_head_to_head_counts_the_bots_wins_against_each_member() -> None:
    config = {"entrants": [{"label": x} for x in ("b", "m1", "m2")], "players": 4}
    g = [
        {"seats": [0, 1, 1, 1], "winner": 0},
        {"seats": [1, 0, 1, 1], "winner": 1},
        {"seats": [0, 1, 1, 1], "winner": 2},
        {"seats": [0, 2, 2, 2], "winner": 3},
        {"seats": [2, 0, 2, 2], "winner": None},
    ]
    h = field.head_to_head(config, g)
    m1, m2 = h["members"]
    assert (m1["games"], m1["wins"], m1["member_wins"], m1["win_share"]) == (3, 2, 1, 0.6667)
    assert (m2["games"], m2["wins"], m2["unfinished"], m2["win_share"]) == (2, 0, 1, 0.0)
    assert m1["ci95"][0] < 0.6667 < m1["ci95"][1] and m2["ci95"][0] == 0.0
    assert h["worst"] == "m2" and h["fair_share"] == 0.25


ARGS = ["arena", "--field", "weighted", "--exclude", "greedy", "--exclude", "random"]
SMALL = ["--games", "6", "--vp", "4", "--quiet"]  # 6 members: one rotation each, 24 games


@pytest.fixture
def no_mcts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the slow MCTS bot out of the command's games, registered or not."""
    monkeypatch.setattr(field, "FIELD", tuple(m for m in field.FIELD if m != "mcts"))


@pytest.mark.usefixtures("no_mcts")
def test_arena_field_reports_a_rating_and_every_head_to_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, page = tmp_path / "field.json", tmp_path / "field.md"
    assert main([*ARGS, *SMALL, "--out", str(out), "--page", str(page)]) == 0
    text = capsys.readouterr().out
    doc = json.loads(out.read_text())
    assert doc["config"]["format"] == "field" and len(doc["games"]) == 24
    h = doc["field"]
    assert h["bot"] == "weighted" and len(h["members"]) == 6
    assert all(r["games"] == 4 for r in h["members"])
    assert sum(r["wins"] for r in h["members"]) == doc["entrants"][0]["wins"]
    worst = min(h["members"], key=lambda r: r["win_share"])
    assert h["worst"] == worst["member"]
    assert "The field: weighted against 3x each member" in text and "<- worst" in text
    # The page has the same table under its own heading.
    md = page.read_text()
    assert "\n## The field\n\nThe field: weighted against 3x each member" in md
    assert f"| {worst['member']}  <- worst |" in md
    # ... and a command that plays the same games again.
    command = re.search(r"```bash\n(.*)\n```", md)
    assert command is not None and command[1].startswith("pysettlers arena weighted ")
    replayed = tmp_path / "replayed.json"
    argv = command[1].split()[1:]
    argv[-1] = str(replayed)
    assert main([*argv, "--quiet"]) == 0
    assert json.loads(replayed.read_text())["games"] == doc["games"]
    capsys.readouterr()
    # Deterministic per seed: read back, the games give the same document.
    assert arena.load(out.read_text(), "x") == doc
    assert main([*ARGS, *SMALL, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == doc


def test_format_field_takes_a_field_of_ones_own(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--format", "field", "weighted", "random", "weighted:style=cards", "--json"]
    assert main([*argv, "--games", "8", "--vp", "4", "--quiet"]) == 0
    h = json.loads(capsys.readouterr().out)["field"]
    assert [r["member"] for r in h["members"]] == ["random", "weighted:style=cards"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["arena", "--field", "greedy", "random"], "--field rates one BOT"),
        (["arena", "--field"], "--field rates one BOT"),
        (["arena", "greedy", "random", "--exclude", "mcts"], "--exclude: only with --field"),
        (["arena", "--field", "greedy", "--exclude", "boats"], "'boats' is no member"),
        (["arena", "--field", "greedy", "--format", "gauntlet"], "--field plays --format field"),
    ],
)
def test_bad_field_input_is_refused_naming_the_option(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err
