"""Chat in game records (issue 31, point 3): ``ChatLine``, ``clean_chat``, the record's
optional ``"chat"`` field — written only when someone spoke, read back by ``replay``,
refused naming the field and the line when malformed, kept by ``record_for``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pysettlers.engine import (
    CHAT_MAX,
    ChatLine,
    Game,
    Rules,
    clean_chat,
    legal_actions,
    record_for,
    replay,
    to_move,
)


def _game(actions: int = 12, seed: int = 4) -> Game:
    game = Game.new(Rules(players=3, seed=seed))
    rng = random.Random(seed)
    for _ in range(actions):
        s = game.state
        game.play(rng.choice(legal_actions(s, to_move(s))))
    return game


def _record_with_chat() -> dict[str, Any]:
    game = _game()
    game.chat = [ChatLine(0, 1, "good luck"), ChatLine(5, 0, "anyone\twood?\nplease"),
                 ChatLine(5, 2, "no"), ChatLine(12, 1, "gg")]  # fmt: skip
    return game.to_json()


def test_clean_chat_strips_drops_control_characters_and_bounds_the_length() -> None:
    assert clean_chat("  hello  ") == "hello"
    assert clean_chat("a\x00b\x1b[2Jc\x7fd\x85e") == "ab[2Jcde"
    assert clean_chat("one\r\ntwo\rthree\tfour") == "one\ntwo\nthree\tfour"
    assert clean_chat("\udfffok") == "ok"  # a lone surrogate cannot be stored
    assert clean_chat("x" * 600) == "x" * CHAT_MAX
    assert clean_chat("y" * (CHAT_MAX - 1) + " z") == "y" * (CHAT_MAX - 1)  # no blank end
    for nothing in ("", "   ", "\n\t", "\x00\x01"):
        assert clean_chat(nothing) is None
    for text in ("a\nb", "é🎲", "x" * 700, " \x07 p1: 1 ore for 2 wool? "):
        once = clean_chat(text)
        assert once is not None and clean_chat(once) == once  # cleaning a clean line: nothing


def test_a_record_without_chat_has_no_chat_field() -> None:
    record = _game().to_json()
    assert "chat" not in record
    assert replay(record).chat == []


def test_a_record_with_chat_writes_and_replays_it() -> None:
    record = _record_with_chat()
    assert record["chat"] == [[0, 1, "good luck"], [5, 0, "anyone\twood?\nplease"],
                              [5, 2, "no"], [12, 1, "gg"]]  # fmt: skip
    again = replay(record)
    assert again.chat == [ChatLine(*line) for line in record["chat"]]
    assert again.to_json() == record
    # A replay stopped part way has the lines said until then.
    assert [line.step for line in replay(record, upto=5).chat] == [0, 5, 5]
    assert replay(record, upto=0).chat == [ChatLine(0, 1, "good luck")]


def test_record_for_keeps_the_chat_everyone_at_the_table_saw() -> None:
    game = _game()
    game.chat = [ChatLine(3, 2, "hi")]
    for viewer in (None, 0, 1, 2):
        assert record_for(game, viewer)["chat"] == [[3, 2, "hi"]]


@pytest.mark.parametrize(
    ("chat", "said"),
    [
        ("hi", "chat must be a list"),
        ([[0, 1]], "chat[0] (line 1) must be a list [step, seat, text]"),
        ([{"step": 0}], "chat[0] (line 1) must be a list [step, seat, text]"),
        ([[0, 1, "a"], [13, 1, "b"]], "chat[1] (line 2): the step must be an integer from 0 to 12"),
        ([[-1, 1, "a"]], "chat[0] (line 1): the step must be an integer from 0 to 12"),
        ([[5, 1, "a"], [4, 1, "b"]], "chat[1] (line 2): the step must be an integer from 5 to 12"),
        ([["3", 1, "a"]], "chat[0] (line 1): the step must be an integer"),
        ([[1.0, 1, "a"]], "chat[0] (line 1): the step must be an integer"),
        ([[0, 3, "a"]], "chat[0] (line 1): the seat must be a seat from 0 to 2 (got 3)"),
        ([[0, True, "a"]], "chat[0] (line 1): the seat must be a seat from 0 to 2 (got True)"),
        ([[0, None, "a"]], "chat[0] (line 1): the seat must be a seat"),
        ([[0, 1, 7]], "chat[0] (line 1): the text must be a string (got 7)"),
        ([[0, 1, " "]], "chat[0] (line 1): the text is empty"),
        ([[0, 1, "x" * 501]], "chat[0] (line 1): the text has 501 characters; at most 500"),
        ([[0, 1, "a\x07b"]], "chat[0] (line 1): the text holds the control character '\\x07'"),
        ([[0, 1, "a\r\nb"]], "chat[0] (line 1): the text holds the control character '\\r'"),
    ],
)
def test_a_malformed_chat_field_is_refused_naming_it(chat: object, said: str) -> None:
    record = _record_with_chat()
    record["chat"] = chat
    with pytest.raises(ValueError) as err:
        replay(record)
    assert said in str(err.value)
