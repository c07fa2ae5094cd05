"""Terminal play: a person plays a local game against bots, with no server.

What this is for: ``pysettlers play --terminal``. The board is drawn by the terminal
renderer (``render.py``); the person types actions in the engine's notation (``p0 roll``,
``p0 settlement (0,-1)N``, ``p0 discard 2ore+1wool``...), with Tab completing the legal
ones (the standard library's ``readline`` where the terminal has it); ``?`` lists them,
``board`` draws the board again, ``quit`` stops. A refused action prints the engine's
message and the rule it names, and nothing changes. Bots play the other seats from their
views only, as everywhere else.

What this is not: rules (the engine checks every action) or the browser client.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from pysettlers.bots import bot_rng, make_bot
from pysettlers.engine import (
    Game,
    IllegalActionError,
    NotationError,
    Rules,
    deciders,
    event_to_json,
    format_action,
    is_over,
    legal_actions,
    observe,
    to_move,
)
from pysettlers.render import render_view, to_do

Reader = Callable[[str, Sequence[str]], str]
"""Reads one line after a prompt, given the legal actions (for completion)."""


def tty_reader(prompt: str, legal: Sequence[str]) -> str:
    """``input()`` with Tab completing the legal actions (readline, when available)."""
    try:
        import readline
    except ImportError:  # no readline (Windows): plain input
        return input(prompt)

    def complete(text: str, state: int) -> str | None:
        line = readline.get_line_buffer()
        # Complete the whole line, word by word: offer the rest of the word being typed.
        start = len(line) - len(text)
        hits = [a[start:] for a in legal if a.startswith(line)]
        hits = sorted({h.split(" ", 1)[0] + (" " if " " in h else "") for h in hits})
        return hits[state] if state < len(hits) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    return input(prompt)


def _event_words(e: dict[str, object]) -> str:
    kind = str(e.pop("event"))
    who = e.pop("player", None)
    rest = ", ".join(f"{k} {v}" for k, v in e.items() if v is not None)
    return (
        f"{'' if who is None else f'p{who} '}{kind.replace('_', ' ')}{f': {rest}' if rest else ''}"
    )


def play_terminal(
    rules: Rules,
    *,
    seat: int = 0,
    bot: str = "weighted",
    read: Reader = tty_reader,
    out: TextIO,
) -> Game:
    """Play one game: ``seat`` is the person's, every other seat a ``bot``."""
    game = Game.new(rules)
    s = game.state
    topo = s.topo
    bots = {p: make_bot(bot, bot_rng(rules.seed, p)) for p in range(rules.players) if p != seat}
    seen = -1  # the version up to which the person has read the events
    out.write(f"You are p{seat}; the others are {bot} bots. Type ? for your actions.\n")
    show_board = True
    while not is_over(s):
        p = seat if seat in deciders(s) else to_move(s)
        if p != seat:
            game.play(bots[p].choose(observe(s, p), legal_actions(s, p)), checked=False)
            continue
        view = observe(s, seat, since_version=seen)
        for e in view.events:
            out.write("  " + _event_words(event_to_json(e, topo)) + "\n")
        seen = s.version
        if show_board:
            out.write(render_view(view) + "\n")
            show_board = False
        legal = [format_action(a, topo) for a in legal_actions(s, seat)]
        try:
            text = read(f"{to_do(view)}\np{seat}> ", legal).strip()
        except EOFError:
            text = "quit"
        if text in ("quit", "exit"):
            out.write("Game left unfinished.\n")
            return game
        if text in ("?", "help"):
            out.write("Legal now: " + "; ".join(legal) + "\n")
            continue
        if text == "board":
            show_board = True
            continue
        if not text:
            continue
        if not text.startswith("p"):
            text = f"p{seat} {text}"  # "roll" is short for "p0 roll"
        try:
            game.play(text)
        except IllegalActionError as err:
            out.write(f"Refused: {err.message} (rule: {err.rule})\n")
            continue
        except NotationError as err:
            out.write(f"Refused: {err} (rule: Notation)\n")
            continue
        show_board = True
    view = observe(s, seat, since_version=seen)
    for e in view.events:
        out.write("  " + _event_words(event_to_json(e, topo)) + "\n")
    out.write(render_view(view) + f"\nGame over: p{s.winner} wins.\n")
    return game
