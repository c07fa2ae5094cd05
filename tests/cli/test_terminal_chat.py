"""Chat at the terminal (issue 31, point 3): the person types ``say TEXT`` and the line goes
to the game's record; the bots' lines are printed as they say them."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence

import pytest

from pysettlers.bots import base
from pysettlers.engine import Rules, replay
from pysettlers.terminal import HELP, play_terminal
from support.talkers import Talker


def test_the_person_says_lines_and_sees_the_bots_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(base._REGISTRY, "talker", Talker)  # a bot that talks every 3rd choice
    rng = random.Random(3)
    prompts = 0

    def read(prompt: str, legal: Sequence[str]) -> str:
        nonlocal prompts
        prompts += 1
        if prompts == 1:
            return "say  hello\x07 there "
        if prompts == 2:
            return "say   "
        if prompts > 60:
            return "quit"
        quiet = [a for a in legal if " offer " not in a] or list(legal)
        return rng.choice(quiet).split(" ", 1)[1]

    out = io.StringIO()
    game = play_terminal(Rules(players=3, seed=8), bot="talker", read=read, out=out)
    text = out.getvalue()
    assert "  You say: hello there\n" in text
    assert "Nothing to say: type say and your words.\n" in text
    # Said at the person's first decision, in the set-up (before its first piece).
    person = [line for line in game.chat if line.seat == 0]
    assert len(person) == 1 and person[0].text == "hello there" and person[0].step < 6
    bots = [line for line in game.chat if line.seat != 0]
    assert bots and {line.seat for line in bots} == {1, 2}
    # The bots' lines reach the person as they come, except those after its last choice.
    shown = [f"  p{line.seat} says: {line.text}\n" for line in bots]
    assert sum(s in text for s in shown) >= len(shown) - 2
    assert "  p0 says:" not in text  # the person's own lines are not printed back to it
    assert replay(game.to_json(), upto=len(game.steps)).chat == game.chat


def test_help_names_say() -> None:
    assert "say TEXT" in HELP
