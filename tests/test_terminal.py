"""``pysettlers play --terminal``: a person against bots in the terminal (issue 12, point 9).

The person is played by a scripted reader that types legal actions (and, once, a refused
one and a malformed one); the game must reach its end with the refusals explained.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence

from pysettlers.engine import Rules, is_over, replay
from pysettlers.terminal import play_terminal


def test_a_whole_terminal_game_with_refusals_explained() -> None:
    rng = random.Random(7)
    typed: list[str] = []
    prompts: list[Sequence[str]] = []

    def read(prompt: str, legal: Sequence[str]) -> str:
        prompts.append(legal)
        if len(prompts) == 1:
            text = "p0 city (0,0)N"  # refused: no settlement there yet
        elif len(prompts) == 2:
            text = "p0 fly"  # not notation
        elif len(prompts) == 3:
            text = "?"
        else:
            quiet = [a for a in legal if " offer " not in a] or list(legal)
            text = rng.choice(quiet)
        typed.append(text)
        return text

    out = io.StringIO()
    game = play_terminal(Rules(players=3, vp_target=4, seed=11), bot="random", read=read, out=out)
    text = out.getvalue()
    assert is_over(game.state)
    assert "Refused: " in text and "(rule: " in text
    assert "unknown action 'fly'" in text
    assert "Legal now: p0 settlement" in text
    assert "Game over: p" in text
    # Every legal list offered to the person was the engine's, and the record replays.
    assert all(all(a.startswith("p0 ") for a in legal) for legal in prompts)
    assert replay(game.to_json()).state.winner == game.state.winner


def test_play_without_terminal_points_to_the_server(capsys: object) -> None:
    from pysettlers.cli import main

    assert main(["play"]) == 1
