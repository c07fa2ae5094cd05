"""The seat's text for players that read and write text (``pysettlers.seattext``)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from pysettlers.bots import bot_rng, make_bot
from pysettlers.engine import (
    Game,
    Rules,
    determinize,
    legal_actions,
    observe,
    parse_action,
    to_move,
)
from pysettlers.match import Match
from pysettlers.seattext import OFFER_HINT, SEAT_TEXT_FORMAT, legal_lines, seat_json, seat_text


def _played(rules: Rules, steps: int) -> Game:
    game = Game.new(rules)
    bots = [make_bot("weighted", bot_rng(rules.seed, p)) for p in range(rules.players)]
    Match(game, bots, max_steps=steps).run()
    return game


@pytest.mark.parametrize("steps", [0, 60, 140, 300])
def test_every_legal_line_is_notation_that_parses_back_to_its_action(steps: int) -> None:
    game = _played(Rules(seed=3), steps)
    s = game.state
    p = to_move(s)
    legal = legal_actions(s)
    lines = legal_lines(observe(s, p), legal)
    assert [parse_action(line.notation, s.topo) for line in lines] == list(legal)
    assert all(line.meaning and "\n" not in line.meaning for line in lines)


def test_the_sections_are_where_the_format_says() -> None:
    game = _played(Rules(seed=3), 140)
    s = game.state
    p = to_move(s)
    text = seat_text(observe(s, p, 120), legal_actions(s), chat=[(2, "anyone have brick?")])
    assert text.startswith(f"# {SEAT_TEXT_FORMAT}\nYou are p{p} in a game of 4 players")
    heads = [line for line in text.splitlines() if line.startswith("## ")]
    assert heads == [
        "## Since you last looked",
        "## Chat",
        "## Table",
        "## Board",
        "## Pieces",
        f"## Your legal actions ({len(legal_actions(s))})",
    ]
    assert "- p2: anyone have brick?" in text
    # Without the board, and without legal actions, those sections are left out.
    bare = seat_text(observe(s, p), board=False)
    assert "## Board" not in bare and "## Your legal actions" not in bare


def test_the_offer_hint_follows_the_list_when_an_offer_is_legal() -> None:
    game = _played(Rules(seed=3), 141)  # p0's main phase, offers among the legal actions
    s = game.state
    legal = legal_actions(s)
    assert any(a.kind.name == "OFFER_TRADE" for a in legal)
    assert seat_text(observe(s, to_move(s)), legal).rstrip().endswith(OFFER_HINT)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_text_holds_nothing_the_seat_cannot_see(seed: int) -> None:
    """Two full states that agree with a seat's view (the real one and one dealt again with
    other hands, development cards and deck) give that seat the same text."""
    game = _played(Rules(seed=seed), 200)
    s = game.state
    p = (to_move(s) + 1) % s.n  # a seat that does not decide now, so not the current one
    mine = observe(s, p)
    other = determinize(mine, random.Random(seed))
    assert other.hands != s.hands or other.dev != s.dev  # a different deal of the secrets
    theirs = observe(other, p)
    # (the dealt state has no history: compare without the events since the last look)
    a = seat_text(dataclasses.replace(mine, events=()))
    b = seat_text(dataclasses.replace(theirs, events=()))
    assert a == b
    assert (
        seat_json(dataclasses.replace(mine, events=()))["view"]
        == seat_json(dataclasses.replace(theirs, events=()))["view"]
    )


def test_ships_are_listed_with_their_owner() -> None:
    game = _played(Rules(seed=5, ships=True), 300)
    s = game.state
    text = seat_text(observe(s, 0))
    pieces = text.split("## Pieces\n", 1)[1]
    assert any(": ships (" in line for line in pieces.splitlines())
