"""The simulator: ``pysettlers sim`` / ``replay``, its runner, statistics and records.

Runs are tiny (a handful of games, often with a small turn cap) so the file stays fast;
what is checked is determinism across worker counts, that records replay to the same
position, that bots only ever get views, that capped and broken games are never wins, the
JSON keys, user bot classes, and the replay display.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from pysettlers.cli import main
from pysettlers.engine import (
    Action,
    ActionKind,
    Rules,
    View,
    apply,
    legal_actions,
    position_key,
    replay,
)
from pysettlers.sim import (
    TIMING_KEYS,
    SimConfig,
    game_seed,
    parse_players,
    play_game,
    run_game,
    seating,
    simulate,
    wilson,
)
from pysettlers.sim.report import have

# -- bots defined here, loaded by the simulator as ``label:test_sim.Class`` ---------------------


class TinyBot:
    """Takes the first (or, with ``pick=last``, the last) legal action."""

    def __init__(self, rng: random.Random, pick: str = "first") -> None:
        self.rng = rng
        self.pick = pick

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0] if self.pick == "first" else legal[-1]


class SpyBot:
    """A random player that notes the type of everything it is called with."""

    calls: ClassVar[list[tuple[type, int | None, bool, int]]] = []
    made: ClassVar[int] = 0

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seat: int | None = None
        # A serial number, not id(): ids of collected bots are reused.
        SpyBot.made += 1
        self.serial = SpyBot.made

    def choose(self, view: object, legal: Sequence[Action]) -> Action:
        assert isinstance(view, View)
        if self.seat is None:
            self.seat = view.viewer
        SpyBot.calls.append(
            (type(view), view.viewer, all(isinstance(a, Action) for a in legal), self.serial)
        )
        assert view.viewer == self.seat  # one bot, one seat, for the whole game
        ordinary = [a for a in legal if a.kind != ActionKind.OFFER_TRADE]
        return self.rng.choice(ordinary or list(legal))


class CheatBot:
    """Always ends the turn, even in the set-up: an illegal action at its first decision."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert view.viewer is not None
        return Action(view.viewer, ActionKind.END_TURN)


HERE = __name__  # the module name under which pytest imported this file


def sim_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["sim", *argv, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def config(players: str = "random,random,random", games: int = 3, **kw: Any) -> SimConfig:
    specs = parse_players(players)
    return SimConfig(Rules(players=len(specs)), specs, games=games, seed=kw.pop("seed", 5), **kw)


# -- determinism ----------------------------------------------------------------------------------


def test_same_summary_and_records_for_one_and_two_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["--players", "random,random,random", "--games", "6", "--seed", "3"]
    one = sim_json(capsys, *args, "--workers", "1", "--out", str(tmp_path / "one.jsonl"))
    two = sim_json(capsys, *args, "--workers", "2", "--out", str(tmp_path / "two.jsonl"))
    assert one["workers"] == 1 and two["workers"] == 2
    for key in TIMING_KEYS:
        del one[key], two[key]
    assert one == two
    assert one["finished"] == 6  # random 3-player games finish well within 1000 turns
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    # A different master seed gives different games.
    other = sim_json(capsys, *args[:-1], "4")
    assert other["mean_decisions"] != one["mean_decisions"]


def test_game_seeds_and_seating() -> None:
    seeds = [game_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert game_seed(1, 7) == seeds[7]  # a function of (master, index) only
    assert game_seed(2, 7) != seeds[7]
    assert [seating(i, 3) for i in range(4)] == [(0, 1, 2), (2, 0, 1), (1, 2, 0), (0, 1, 2)]
    assert seating(5, 3, rotate=False) == (0, 1, 2)


def test_records_replay_to_the_same_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    summary = sim_json(
        capsys, "--players", "random,random,random,random", "--games", "4", "--seed", "9",
        "--max-turns", "40", "--out", str(out),
    )  # fmt: skip
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 4
    cfg = config("random,random,random,random", games=4, seed=9, max_turns=40)
    for i, record in enumerate(records):
        assert record["sim"]["game"] == i and record["sim"]["seed"] == game_seed(9, i)
        fresh = play_game(
            replace(cfg.rules, seed=game_seed(9, i)),
            [cfg.specs[j] for j in seating(i, 4)],
            max_turns=40,
        )
        again = replay(record)
        assert position_key(again.state) == position_key(fresh.game.state)
        assert record["result"]["winner"] == fresh.winner
        assert record["result"]["points"] == list(fresh.points)
    finished = sum(r["sim"]["status"] == "finished" for r in records)
    assert summary["finished"] == finished
    assert summary["unfinished"] == 4 - finished


# -- bots only see views; broken bots and capped games are never wins ----------------------------


def test_bots_are_called_with_views_only() -> None:
    SpyBot.calls.clear()
    cfg = config(f"spy:{HERE}.SpyBot,random,spy:{HERE}.SpyBot", games=2, max_turns=30)
    tally, _ = simulate(cfg)
    assert tally.status["error"] == 0
    calls = SpyBot.calls
    assert len(calls) > 50
    assert {c[0] for c in calls} == {View}
    assert all(c[1] is not None and c[2] for c in calls)
    assert len({c[3] for c in calls}) == 4  # a fresh bot per game and seat
    assert {c[1] for c in calls} == {0, 1, 2}  # the rotation moved the spies around


def test_turn_cap_makes_games_unfinished_never_wins(capsys: pytest.CaptureFixture[str]) -> None:
    s = sim_json(capsys, "--players", "random,random", "--games", "4", "--max-turns", "3")
    assert s["games"] == 4 and s["unfinished"] == 4 and s["finished"] == 0
    assert s["wins"] == {"random#1": 0, "random#2": 0}
    assert set(s["win_rate"].values()) == {0.0}
    assert s["seat_wins"] == [0, 0] and s["seat_win_rate"] == [0.0, 0.0]
    assert s["mean_turns"] is None and s["turns"] is None
    assert all(p is not None and p >= 2 for p in s["mean_points"].values())  # the set-up


def test_decision_cap_stops_a_bot_that_never_ends_its_turn() -> None:
    # The last legal action in a main phase is a domestic offer (talk ends the list); the
    # rules do not limit offers, so this bot offers for ever and the turn cap alone would
    # never be reached.
    specs = parse_players(f"loop:{HERE}.TinyBot:pick=last,random")
    played = play_game(Rules(players=2, seed=5), specs, max_turns=10)
    assert played.status == "unfinished" and played.winner is None
    assert played.decisions == 10 * 50 and played.turns <= 10
    s = simulate(SimConfig(Rules(players=2), specs, games=2, seed=1, max_decisions=120))[0]
    assert s.status == {"finished": 0, "unfinished": 2, "error": 0} and sum(s.wins) == 0
    assert s.summary(seconds=1.0, workers=1)["max_decisions"] == 120


def test_an_illegal_action_ends_the_game_as_an_error() -> None:
    cfg = config(f"cheat:{HERE}.CheatBot,random,random", games=3)
    results = [run_game(cfg, i, keep_record=True) for i in range(3)]
    for r in results:
        assert r.status == "error" and r.winner is None
        assert r.error is not None and "illegal action" in r.error and "cheat" in r.error
        assert r.record is not None and r.record["sim"]["error"] == r.error
        replay(r.record)  # the record stops before the bad step: still replayable
    tally, _ = simulate(cfg)
    s = tally.summary(seconds=1.0, workers=1)
    assert s["errors"] == 3 and sum(s["wins"].values()) == 0
    assert [e["game"] for e in s["error_games"]] == [0, 1, 2]


# -- the summary ----------------------------------------------------------------------------------


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    s = sim_json(
        capsys, "--players", "random,random,random", "--games", "3", "--seed", "1",
        "--max-turns", "300",
    )  # fmt: skip
    for key in (
        "games", "finished", "unfinished", "errors", "wins", "win_rate", "win_ci95",
        "seat_win_rate", "order_win_rate", "mean_points", "mean_turns", "mean_decisions",
        "turns", "decisions", "games_per_second", "seconds", "seed", "rules", "players",
    ):  # fmt: skip
        assert key in s, key
    labels = ["random#1", "random#2", "random#3"]
    assert [p["label"] for p in s["players"]] == labels
    assert list(s["wins"]) == list(s["win_rate"]) == list(s["mean_points"]) == labels
    assert s["games"] == s["finished"] + s["unfinished"] + s["errors"] == 3
    assert sum(s["wins"].values()) == s["finished"] == sum(s["seat_wins"])
    for lab in labels:
        lo, hi = s["win_ci95"][lab]
        assert lo <= s["win_rate"][lab] <= hi
    assert len(s["seat_win_rate"]) == 3 and s["seed"] == 1
    assert s["rules"]["players"] == 3 and "seed" not in s["rules"]


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "random,random", "--games", "2", "--max-turns", "300"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pysettlers sim: 2 games, 2 players (seats rotate)")
    for text in ("random#1", "random#2", "95% CI (Wilson)", "win rate by seat", "turns",
                 "decisions", "games/s", "(unfinished)"):  # fmt: skip
        assert text in out
    assert "\x1b" not in out  # not a terminal: plain text


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(3, 10) == pytest.approx((1 - wilson(7, 10)[1], 1 - wilson(7, 10)[0]))
    assert wilson(0, 0) == (0.0, 1.0)


# -- bot specs --------------------------------------------------------------------------------


def test_labels_and_options() -> None:
    specs = parse_players("random,greedy:trade=0,offers=0.2,random,weighted:trade=on")
    assert [s.label for s in specs] == [
        "random#1", "greedy:trade=0:offers=0.2", "random#2", "weighted:trade=on",
    ]  # fmt: skip
    assert dict(specs[1].options) == {"trade": 0, "offers": 0.2}
    assert dict(specs[3].options) == {"trade": True}
    for bad in ("random", "random,x y", "random,random:oops", ",random", "a,b,c,d,e,f,g,h,i"):
        with pytest.raises(ValueError):
            parse_players(bad)


def test_user_bot_class(capsys: pytest.CaptureFixture[str]) -> None:
    s = sim_json(
        capsys, "--players", f"mybot:{HERE}.TinyBot:pick=last,random", "--games", "2",
        "--max-turns", "20",
    )  # fmt: skip
    assert list(s["wins"]) == ["mybot:pick=last", "random"]
    assert s["players"][0]["class"] == f"{HERE}.TinyBot"
    assert s["errors"] == 0
    with pytest.raises(SystemExit):  # unknown option: refused before any game is played
        main(["sim", "--players", f"mybot:{HERE}.TinyBot:depth=3,random", "--games", "1"])
    assert "depth" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["sim", "--players", "nosuchbot,random", "--games", "1"])
    assert "unknown bot 'nosuchbot'" in capsys.readouterr().err


# -- replay and plot --------------------------------------------------------------------------


def test_replay_command_shows_the_board_and_the_step(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    sim_json(capsys, "--players", "random,random,random", "--games", "2", "--max-turns", "15",
             "--out", str(out))  # fmt: skip
    record = json.loads(out.read_text().splitlines()[1])
    step = 30
    assert main(["replay", str(out), "--game", "1", "--step", str(step)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"game 1 (seed {record['sim']['seed']})")
    assert "Legend:" in text and "(0,0)" in text  # the board
    marked = [line for line in text.splitlines() if line.startswith("=>")]
    item = record["actions"][step - 1]  # [notation] or [notation, chance outcome]
    chance = f"  [{item[1]}]" if len(item) > 1 else ""
    assert marked == [f"=> {step}  {item[0]}{chance}"]
    assert f"after step {step} of {len(record['actions'])}" in text
    assert record["actions"][step - 2][0] in text and record["actions"][step][0] in text
    # The default is the final position.
    assert main(["replay", str(out), "--game", "1"]) == 0
    assert f"=> {len(record['actions'])}  " in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["replay", str(out), "--game", "5"])


def test_replay_shows_what_the_players_said_under_the_action_it_follows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    sim_json(capsys, "--players", "random,random,random", "--games", "1", "--max-turns", "10",
             "--out", str(out))  # fmt: skip
    record = json.loads(out.read_text().splitlines()[0])
    record["chat"] = [[0, 1, "good luck all"], [12, 2, "anyone have ore?"]]
    out.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(out), "--step", "12", "--context", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("=> 12"))
    assert lines[at + 1].strip() == "p2 says: anyone have ore?"
    assert not any("good luck" in line for line in lines)  # step 0 is outside steps 9-15
    assert main(["replay", str(out), "--step", "1", "--context", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("=> 1"))
    assert lines[first - 1].strip() == "p1 says: good luck all"  # said before the first action


def test_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "report.png"
    argv = ["sim", "--players", "random,random", "--games", "2", "--max-turns", "200"]
    if have("matplotlib"):
        assert main([*argv, "--plot", str(png)]) == 0
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        assert main([*argv, "--plot", str(png)]) == 2
        assert "--plot needs matplotlib" in capsys.readouterr().err
        assert not png.exists()


class LogBot:
    """A random player that keeps every event its views carry, and what it was offered."""

    seen: ClassVar[dict[int, list[object]]] = {}
    offered: ClassVar[list[int]] = []

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert view.viewer is not None
        LogBot.seen.setdefault(view.viewer, []).extend(view.events)
        LogBot.offered.append(len(legal))
        return self.rng.choice(list(legal))


def test_views_carry_every_event_since_the_seats_last_decision() -> None:
    # The runner plays forced moves (one legal action) without asking the bot; the bot's
    # next view must still carry those steps' events, so that the events a seat is given
    # over a game are exactly the log's events redacted for that seat, up to its last view.
    from pysettlers.engine.events import redact, since
    from pysettlers.sim.runner import play_game

    LogBot.seen.clear()
    LogBot.offered.clear()
    specs = parse_players(",".join([f"log:{HERE}.LogBot"] * 3))
    played = play_game(Rules(players=3, seed=11), specs, max_turns=40)
    assert played.status in ("finished", "unfinished")
    assert min(LogBot.offered) >= 2  # never asked to choose from a single action
    steps = played.game.steps
    forced = 0
    state = replay(played.game.to_json(), upto=0).state
    for step in steps:  # replay, counting the forced moves the bots were not asked about
        forced += len(legal_actions(state)) == 1
        apply(state, step.action, step.outcome)
    assert forced > 20
    log = since(played.game.state.log, -1)
    for seat, got in LogBot.seen.items():
        expected = [redact(e, seat) for e in log]
        assert got == expected[: len(got)]
        assert len(got) > len(log) // 2  # the seat's last view came late in the game
