"""Chat as a channel of the game driver (issue 31, point 3): choosers that talk
(``hear``/``said``), ``Match.say`` for drivers, chat observers, the lines in the game's
record with their steps, and the simulator's records and summary carrying them."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pysettlers.bots import make_bot
from pysettlers.cli import main
from pysettlers.engine import Action, ChatLine, Game, Rules, View, new_game, replay
from pysettlers.match import ERROR, FINISHED, BotError, Chooser, Match
from pysettlers.sim import SimConfig, parse_players, run_game, simulate
from support.talkers import Talker

RULES = Rules(players=3, seed=5)


def _talkers(every: Sequence[int] = (2, 3, 5)) -> list[Talker]:
    return [Talker(random.Random(10 + p), every=e) for p, e in enumerate(every)]


def test_lines_land_in_the_record_with_the_step_after_the_action_they_came_with() -> None:
    talkers = _talkers()
    game = Game.new(RULES)
    ended = Match(game, talkers, max_turns=40).run()
    assert ended.status in (FINISHED, "unfinished")
    assert game.chat and {line.seat for line in game.chat} == {0, 1, 2}
    for p, t in enumerate(talkers):
        mine = [line for line in game.chat if line.seat == p]
        assert [line.text for line in mine] == t.lines
        # Each line was said with the choice made on the view of version v: after that
        # choice's action, so at step v + 1 (and the record's action count bounds it).
        chosen_at = [t.versions[k - 1] for k in range(t.every, t.chosen + 1, t.every)]
        assert [line.step for line in mine] == [v + 1 for v in chosen_at[: len(mine)]]
        assert len(mine) == t.chosen // t.every
    assert [line.step for line in game.chat] == sorted(line.step for line in game.chat)
    record = game.to_json()
    assert record["chat"] == [list(line) for line in game.chat]
    again = replay(json.loads(json.dumps(record)))
    assert again.chat == game.chat and again.to_json() == record


def test_each_chooser_hears_every_line_in_order_before_it_next_chooses() -> None:
    talkers = _talkers()
    game = Game.new(RULES)
    Match(game, talkers, max_turns=30).run()
    for t in talkers:
        heard = t.all_heard()
        assert heard == game.chat[: len(heard)]  # every line once, in order, its own too
        assert {line.seat for line in heard} == {0, 1, 2}
        # Each batch came before a choice, and holds only what was said until then.
        # Nothing withheld: by each choice (on version v) it had heard every line said
        # until then — the lines of steps up to v.
        for version, known in zip(t.versions, t.known, strict=True):
            assert known == sum(1 for line in game.chat if line.step <= version)
        assert len(t.heard_before) == len(t.heard)
        for batch, version in zip(t.heard, t.heard_before, strict=True):
            assert batch and all(line.step <= version for line in batch)


def test_a_driver_says_lines_and_chat_observers_hear_every_line() -> None:
    seen: list[ChatLine] = []
    game = Game.new(RULES)
    bots: list[Chooser] = [make_bot("random", random.Random(p)) for p in range(3)]
    match = Match(game, bots, chat_observers=[seen.append])
    assert not match.talks  # plain bots: run's speed device, nothing asked of them
    assert match.say(1, "  hello\x07 ") == ChatLine(0, 1, "hello")
    assert match.say(2, " \n ") is None  # nothing left to say: no line
    for _ in range(7):
        match.step()
    assert match.say(0, "x" * 900) == ChatLine(7, 0, "x" * 500)
    assert seen == game.chat == match.chat == [ChatLine(0, 1, "hello"), ChatLine(7, 0, "x" * 500)]
    with pytest.raises(ValueError, match="seat 3 is not a seat"):
        match.say(3, "hi")


def test_a_bare_state_keeps_the_chat_on_the_match_at_its_version() -> None:
    s = new_game(RULES)
    match = Match(s, _talkers((1, 1, 1)), max_steps=6)
    match.run()
    # Every choice of the set-up said a line (every=1), placed at the state's version.
    assert [line.step for line in match.chat] == [1, 2, 3, 4, 5, 6] and s.version == 6


def test_a_shell_using_the_halves_sees_the_chat_step_does() -> None:
    """decide → choose → said → (apply) → say, as the server's shell does."""
    by_step, by_halves = Game.new(RULES), Game.new(RULES)
    Match(by_step, _talkers(), max_steps=60).run()
    match = Match(by_halves, _talkers())
    for _ in range(60):
        d = match.decide()
        action = match.choose(d)
        text = match.said(d.seat) if d.view is not None else None
        outcome = by_halves.play(action)
        match.applied(action, outcome)
        if text is not None:
            match.say(d.seat, text)
    assert by_halves.chat == by_step.chat and by_halves.chat


class _BadTalker:
    def __init__(self, said: object) -> None:
        self.rng = random.Random(1)
        self._said = said

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))

    def said(self) -> object:
        if isinstance(self._said, Exception):
            raise self._said
        return self._said


@pytest.mark.parametrize(
    ("said", "message"),
    [(RuntimeError("no words"), "raised RuntimeError: no words"), (42, "said 42, which is not")],
)
def test_a_chooser_whose_said_fails_ends_the_match_with_its_error(
    said: object, message: str
) -> None:
    game = Game.new(RULES)
    choosers: list[Chooser] = [_BadTalker(said), *_talkers()[1:]]
    ended = Match(game, choosers, labels=["bad", "t1", "t2"]).run()
    assert ended.status == ERROR and isinstance(ended.error, BotError)
    assert ended.error.seat == 0 and message in str(ended.error)
    assert "seat 0 (bad)" in str(ended.error)
    assert len(game.steps) == ended.steps  # nothing of the failed decision applied


# -- the simulator ----------------------------------------------------------------------------

TALKING = "talk:support.talkers.Talker:every=4,random,random"


def test_sim_records_carry_chat_and_the_result_counts_it_by_seat() -> None:
    config = SimConfig(Rules(players=3), parse_players(TALKING), games=3, seed=2, max_turns=60)
    for i in range(3):
        r = run_game(config, i, keep_record=True)
        assert r.record is not None
        talker_seat = r.seats.index(0)  # the talker is entry 0 of the list
        lines = r.record["chat"]
        assert lines and {seat for _, seat, _ in lines} == {talker_seat}
        assert r.chat == tuple(len(lines) if p == talker_seat else 0 for p in range(3))
        assert replay(r.record).chat == [ChatLine(*line) for line in lines]
    quiet = SimConfig(Rules(players=3), parse_players("random,random,random"), games=1, seed=2)
    r = run_game(quiet, 0, keep_record=True)
    assert r.chat == () and r.record is not None and "chat" not in r.record


def test_the_summary_counts_chat_only_when_someone_spoke() -> None:
    specs = parse_players(TALKING)
    tally, _ = simulate(SimConfig(Rules(players=3), specs, games=3, seed=2, max_turns=60))
    summary = tally.summary(seconds=1.0, workers=1)
    chat = summary["chat"]
    assert chat["games"] == 3 and chat["lines"] > 0
    assert chat["by_player"] == {"talk:every=4": chat["lines"], "random#1": 0, "random#2": 0}
    assert chat["per_game"] == pytest.approx(chat["lines"] / 3, abs=1e-6)
    quiet, _ = simulate(
        SimConfig(Rules(players=3), parse_players("random,random,random"), games=1, seed=2)
    )
    assert "chat" not in quiet.summary(seconds=1.0, workers=1)


def test_pysettlers_sim_writes_chat_in_its_records_and_reports_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["sim", "--players", TALKING, "--games", "2", "--max-turns", "50", "--out", str(out)]
    assert main(argv) == 0
    table = capsys.readouterr().out
    records: list[dict[str, Any]] = [json.loads(line) for line in out.read_text().splitlines()]
    total = sum(len(r["chat"]) for r in records)
    assert total > 0
    assert f"chat: {total} lines in 2 games" in table and "talk:every=4 " in table
    for r in records:
        assert replay(r).chat == [ChatLine(*line) for line in r["chat"]]
