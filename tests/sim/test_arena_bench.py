"""The arena as a benchmark: each seat's trade and chat measures against a count of the
record, the stats protocol, the negotiation table, results read back (and results written
before these measures existed), and the Markdown page."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from pysettlers.cli import main
from pysettlers.engine import Game, Rules
from pysettlers.sim import arena, arena_page
from pysettlers.sim.measures import (
    MEASURES,
    SeatMeasures,
    bot_stats,
    resource_values,
    split_wall_clock,
)
from pysettlers.sim.runner import (
    SimConfig,
    check_specs,
    labelled_specs,
    parse_players,
    run_game,
)
from support.paths import GOLDEN

OLD = GOLDEN / "arena_results_v1.json"  # written by the arena before the measures existed

_BUNDLE = re.compile(r"(\d+)(brick|lumber|wool|grain|ore)")
_NAMES = ("brick", "lumber", "wool", "grain", "ore")


def _bundle(text: str) -> tuple[int, ...]:
    counts = dict.fromkeys(_NAMES, 0)
    for n, name in _BUNDLE.findall(text):
        counts[name] += int(n)
    return tuple(counts[r] for r in _NAMES)


def _count_from_record(record: dict[str, Any], worth: tuple[float, ...]) -> list[dict[str, Any]]:
    """The measures counted again from the record's notation and chat, another way: offers
    numbered in order, a confirmation trading on the counter-offer's terms when its partner
    countered, else on the offer's."""
    n = len(record["sim"]["seats"])
    out = [dict.fromkeys(MEASURES, 0) for _ in range(n)]
    terms: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]] = {}  # offer -> p, give, get
    counters: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
    value = [0.0] * n
    for item in record["actions"]:
        text = item[0]
        if m := re.fullmatch(r"p(\d) offer (\S+) for (\S+) to .*", text):
            p = int(m[1])
            out[p]["offers"] += 1
            terms[len(terms) + 1] = (p, _bundle(m[2]), _bundle(m[3]))
        elif m := re.fullmatch(r"p(\d) counter (\S+) for (\S+) #(\d+)", text):
            q = int(m[1])
            out[q]["counters"] += 1
            counters[int(m[4]), q] = (_bundle(m[2]), _bundle(m[3]))
        elif m := re.fullmatch(r"p(\d) confirm p(\d) #(\d+)", text):
            p, q, k = int(m[1]), int(m[2]), int(m[3])
            _, give, get = terms[k]
            if (k, q) in counters:  # written from q's side
                get, give = counters[k, q]
                out[q]["counters_traded"] += 1
            out[p]["offers_traded"] += 1
            for seat, got, gave in ((p, get, give), (q, give, get)):
                out[seat]["trades"] += 1
                out[seat]["cards_in"] += sum(got)
                out[seat]["cards_out"] += sum(gave)
                value[seat] += sum(c * w for c, w in zip(got, worth)) - sum(
                    c * w for c, w in zip(gave, worth)
                )
    for _, seat, line in record.get("chat", []):
        out[seat]["chat_lines"] += 1
        out[seat]["chat_chars"] += len(line)
    for seat in range(n):
        out[seat]["value_balance"] = round(value[seat], 3)
    return out


def test_seat_measures_agree_with_a_count_of_the_record() -> None:
    specs = parse_players("greedy,talk:support.talkers.Talker:every=7,weighted,greedy")
    config = SimConfig(Rules(players=4), specs, games=1, seed=3)
    result = run_game(config, 0, keep_record=True, measure=True)
    assert result.record is not None
    board = Game.new(Rules(players=4, seed=result.seed))  # the same board, the same values
    expected = _count_from_record(result.record, resource_values(board))
    got = [{name: getattr(m, name) for name in MEASURES} for m in result.measures]
    for seat in range(4):
        assert got[seat] == pytest.approx(expected[seat], abs=1e-6), seat
    # Something was measured on every side: greedy bots trade, the talker talks.
    assert sum(m.trades for m in result.measures) >= 2
    assert sum(m.counters_traded for m in result.measures) >= 1
    assert sum(m.chat_lines for m in result.measures) == len(result.record["chat"]) > 0
    # What one seat gives another gets: the balances sum to nothing.
    assert sum(m.card_balance for m in result.measures) == 0
    assert sum(m.value_balance for m in result.measures) == pytest.approx(0, abs=1e-6)


def test_a_rarer_resource_is_worth_more() -> None:
    game = Game.new(Rules(seed=5))
    worth = resource_values(game)
    board = game.state.board
    dots = [0] * 5
    for h, r in enumerate(board.hex_resource):
        if r >= 0:
            dots[r] += 6 - abs(7 - board.numbers[h])
    rarest, commonest = dots.index(min(dots)), dots.index(max(dots))
    assert worth[rarest] > 1 > worth[commonest]
    assert sum(d * w for d, w in zip(dots, worth)) == pytest.approx(sum(dots), rel=0.01)


class _Stats:
    def to_json(self) -> dict[str, Any]:
        return {"decisions": 3, "latency_total": 0.5, "latency_max": 0.25}


class _Counts:
    def stats(self) -> _Stats:
        return _Stats()


class _Broken:
    def stats(self) -> int:
        return 3


def test_the_stats_protocol_and_the_wall_clock_kept_apart() -> None:
    assert bot_stats(object()) is None
    data = bot_stats(_Counts())
    assert split_wall_clock(data) == (
        {"decisions": 3},
        {"latency_total": 0.5, "latency_max": 0.25},
    )
    with pytest.raises(TypeError, match=r"_Broken.stats\(\) must return an object with to_json"):
        bot_stats(_Broken())


def test_a_bot_breaking_the_stats_protocol_is_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pysettlers.sim.runner as runner

    monkeypatch.setattr(runner, "build_bot", lambda spec, rng: _Broken())
    with pytest.raises(ValueError, match=r"bot 'random': TypeError: _Broken\.stats"):
        check_specs(labelled_specs(["random"]))


def _arena(tmp_path: Path, *extra: str, name: str = "r") -> tuple[dict[str, Any], Path]:
    out = tmp_path / f"{name}.json"
    argv = ["arena", "random", "greedy", "weighted", "--players", "3", "--games", "3"]
    assert main([*argv, "--seed", "4", "--quiet", "--out", str(out), *extra]) == 0
    return json.loads(out.read_text()), out


def test_negotiation_is_summed_per_entrant_and_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc, _ = _arena(tmp_path)
    printed = capsys.readouterr().out
    assert "Domestic trade and chat, per seat-game" in printed
    assert "Language models" not in printed and doc["models"] == []
    labels = [e["label"] for e in doc["config"]["entrants"]]
    for e, row in enumerate(doc["negotiation"]):
        assert row["label"] == labels[e]
        seats = [(g, s) for g in doc["games"] for s, x in enumerate(g["seats"]) if x == e]
        assert row["seat_games"] == len(seats) == 3
        for name in ("offers", "trades", "cards_in", "counters_traded"):
            assert row[name] == sum(g["measures"][name][s] for g, s in seats if "measures" in g)
        assert row["per_game"]["trades"] == round(row["trades"] / 3, 3)
    assert sum(r["card_balance"] for r in doc["negotiation"]) == 0
    assert any(r["trades"] for r in doc["negotiation"])


def test_results_round_trip_through_from_and_the_page_has_its_sections(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "results.md"
    doc, out = _arena(tmp_path, "--page", str(page))
    capsys.readouterr()
    again = tmp_path / "again.json"
    assert main(["arena", "--from", str(out), "--out", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()  # no model here: nothing left out
    text = page.read_text()
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert headings == [
        "# Arena results",
        "## Configuration",
        "## Ratings",
        "## Gaps",
        "## Pairwise",
        "## Domestic trade and chat",
        "## Language models",
        "## Reproduce",
    ]
    assert "master seed 4" in text and "every table in every seat rotation" in text
    for e in doc["entrants"]:
        assert f"| {e['label']} | {e['rating']:+.0f} | {e['ci95'][0]:+.0f} .. " in text
    command = re.search(r"```bash\n(.*)\n```", text)
    assert command is not None
    assert command[1] == (
        f"pysettlers arena random greedy weighted --format round-robin --games 3 --seed 4 "
        f"--players 3 --out {out}"
    )
    # The command plays the same games: the same bytes.
    replay = command[1].split()[1:]
    replay[-1] = str(tmp_path / "replayed.json")
    assert main([*replay, "--quiet"]) == 0
    capsys.readouterr()
    assert (tmp_path / "replayed.json").read_bytes() == out.read_bytes()


def test_the_page_names_every_changed_rule_as_a_flag() -> None:
    cfg = arena.ArenaConfig(
        Rules(players=3, vp_target=8, scenarios=("helpers",), map_kind="beginner"),
        labelled_specs(["random", "weighted"]),
        games=1,
        seed=2,
    ).to_json()
    flags = arena_page.rules_flags(cfg)
    assert flags == [
        "--players",
        "3",
        "--vp",
        "8",
        "--map",
        "beginner",
        "--scenario",
        "helpers",
    ]


def test_results_written_before_the_measures_still_load_merge_and_make_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old.json"
    shutil.copy(OLD, old)
    stored = json.loads(old.read_text())
    assert "negotiation" not in stored and "measures" not in stored["games"][0]
    page = tmp_path / "old.md"
    assert main(["arena", "--from", str(old), "--json", "--page", str(page)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [e["rating"] for e in doc["entrants"]] == [e["rating"] for e in stored["entrants"]]
    assert all(r["trades"] == 0 and r["seat_games"] == 3 for r in doc["negotiation"])
    assert doc["models"] == []
    assert "## Domestic trade and chat" not in page.read_text()  # nothing to show
    # An old file and a new one merge: the new games' measures count, the old ones' are 0.
    new = tmp_path / "new.json"
    argv = ["arena", "random", "weighted", "greedy", "--players", "3", "--games", "3"]
    assert main([*argv, "--seed", "9", "--quiet", "--out", str(new)]) == 0
    capsys.readouterr()
    assert main(["arena", "--from", str(old), "--from", str(new), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    fresh = json.loads(new.read_text())
    for row in merged["negotiation"]:
        mine = next(r for r in fresh["negotiation"] if r["label"] == row["label"])
        assert row["trades"] == mine["trades"] and row["seat_games"] == 6


def test_a_game_without_anything_measured_writes_no_measures() -> None:
    config = SimConfig(Rules(players=2), parse_players("random,random"), 1, 1)
    result = run_game(config, 0, measure=True)
    quiet = result.__class__(**{**_fields(result), "measures": (SeatMeasures(),) * 2})
    assert "measures" not in arena.game_json(quiet, (0, 1))
    assert any(m.trades for m in result.measures)  # random bots trade now and then
    assert arena.game_json(result, (0, 1))["measures"]["trades"] == [
        m.trades for m in result.measures
    ]


def _fields(result: Any) -> dict[str, Any]:
    return {name: getattr(result, name) for name in result.__dataclass_fields__}
