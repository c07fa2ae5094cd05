"""One vocabulary for every client (issue 30, point 3): a log that names the subject itself
(the demo's turns) reads the same clauses as the sentences everyone else gets, and a
replay step's ``event_words`` are those sentences."""

from __future__ import annotations

import random

import pytest

from pysettlers.bots import make_bot
from pysettlers.engine import Game, Rules, observe, replay
from pysettlers.engine.events import Rolled
from pysettlers.match import Match
from pysettlers.words import Words


def _game(seed: int = 4, turns: int = 25) -> Game:
    game = Game.new(Rules(players=3, seed=seed))
    bots = [make_bot("weighted", random.Random(seed + p)) for p in range(3)]
    Match(game, bots, max_turns=turns).run()
    return game


def test_a_clause_is_the_sentence_without_its_subject() -> None:
    game = _game()
    s = game.state
    names = ["Anna", "Ben", "Cleo"]
    said = 0
    for reader in (None, 1):
        words = Words(s.board, names, reader, s.rules.ships)
        for e in observe(s, reader, since_version=-1).events:
            sentence = words.event(e)
            got = words.clause(e)
            assert (sentence is None) == (got is None)
            if got is None or sentence is None:
                continue
            who, text = got
            assert "{" not in text  # every braced verb conjugated
            if who < 0:
                assert sentence.startswith(text)
            elif who != reader:  # "You roll 8" is second person; the clause stays third
                assert sentence.startswith(f"{words.subject(who)} {text}")
            said += 1
    assert said > 50
    words = Words(s.board, names, 0)
    assert words.clause(Rolled(0, (3, 5))) == (0, "rolls 8")  # third person, even for "you"
    assert words.event(Rolled(0, (3, 5))) == "You roll 8."


def test_a_replay_step_says_its_events_in_the_words_of_everyone_else() -> None:
    pytest.importorskip("fastapi")
    from pysettlers.server.replays import replay_view

    game = _game(seed=6, turns=12)
    record = game.to_json()
    names = ["Anna", "Ben", "Cleo"]
    for step in (1, 10, len(game.steps) // 2, len(game.steps)):
        out = replay_view(record, step, 1, names)
        at = replay(record, upto=step).state
        seen = observe(at, 1, since_version=step - 1)  # that step's events, as p1 saw them
        words = Words(at.board, names, None, at.rules.ships)  # a replay has no "you"
        assert out["event_words"] == [words.event(e) for e in seen.events]
        assert len(out["event_words"]) == len(out["view"]["events"])
