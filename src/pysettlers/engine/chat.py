"""Chat lines of a game: who said what, and after how many actions; cleaned once for all.

What this is for: players talk — people at the server's table or a terminal, bots that
negotiate (a language-model bot writes a short line with its offer and reads the others').
A line is a :class:`ChatLine` ``(step, seat, text)``: ``step`` is the number of actions
applied before it was said (``len(game.steps)`` then), so a record places every line
between two actions and a replay can show it there.

* :func:`clean_chat` is the one bound of every line, whoever says it — the game driver
  (``pysettlers.match``: a chooser's ``said()``, ``Match.say``), the server (a person's
  ``chat`` message, a bot seat's line) and the terminal: surrounding blanks stripped,
  control characters dropped (a line break and a tab are kept; a carriage return becomes a
  line break), at most :data:`CHAT_MAX` characters; nothing left is no line.
* :func:`read_chat` reads a record's ``"chat"`` field (``[[step, seat, text], ...]``) and
  refuses a malformed one with a ``ValueError`` naming the field and the line.

What this is not: a rule — chat changes nothing in the game, so it is kept beside the
actions (``Game.chat``), never in the state, and no position key or view depends on it;
the server's rate limits and storage are the server's.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .jsonfields import shown
from .types import is_int

CHAT_MAX = 500
"""The most characters of one chat line (the server's ``chat`` message bound too)."""

# Control characters (C0 but tab and line feed, DEL, C1) and lone surrogates, which no
# UTF-8 text can hold (PostgreSQL refuses them, and so would a record written as JSON).
# (A raw pattern: the regex reads the escapes, as mypyc compiles no literal with surrogates.)
_DROPPED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


class ChatLine(NamedTuple):
    """One line of chat: ``seat`` said ``text`` when ``step`` actions had been applied.

    A named tuple, so ``list(line)`` is its record form ``[step, seat, text]``."""

    step: int
    seat: int
    text: str


def clean_chat(text: str) -> str | None:
    """``text`` as a chat line may hold it (module docstring), or ``None`` if nothing is
    left. Cleaning a clean line changes nothing."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _DROPPED.sub("", text).strip()[:CHAT_MAX].rstrip()
    return text or None


def chat_problem(text: object) -> str | None:
    """What keeps ``text`` from being a chat line of a record (``None``: nothing)."""
    if not isinstance(text, str):
        return f"the text must be a string (got {shown(text)})"
    if not text.strip():
        return "the text is empty"
    if len(text) > CHAT_MAX:
        return f"the text has {len(text)} characters; at most {CHAT_MAX} are allowed"
    found = _DROPPED.search(text)
    if found is not None:
        return (
            f"the text holds the control character {found.group()!a} at {found.start()} "
            "(only line breaks and tabs are allowed)"
        )
    return None


def chat_json(lines: list[ChatLine]) -> list[list[int | str]]:
    """The record's ``"chat"`` field: ``[[step, seat, text], ...]``."""
    return [[line.step, line.seat, line.text] for line in lines]


def read_chat(items: object, players: int, actions: int) -> list[ChatLine]:
    """A record's ``"chat"`` field as lines, for a game of ``players`` seats and ``actions``
    actions: each a list ``[step, seat, text]`` — integers, the seat one of the game's, the
    step from 0 to ``actions`` and never before the line above it (chat is in the order it
    was said), the text as :func:`chat_problem` wants it. Raises ``ValueError`` naming the
    field and the line (numbered from 1)."""
    if not isinstance(items, list):
        raise ValueError(f"chat must be a list of [step, seat, text] (got {shown(items)})")
    lines: list[ChatLine] = []
    before = 0
    for i, item in enumerate(items):
        where = f"chat[{i}] (line {i + 1})"
        if not isinstance(item, list) or len(item) != 3:
            raise ValueError(f"{where} must be a list [step, seat, text] (got {shown(item)})")
        step, seat, text = item
        if not is_int(step) or not before <= step <= actions:
            raise ValueError(
                f"{where}: the step must be an integer from {before} to {actions} "
                f"(the line before it, the record's actions; got {shown(step)})"
            )
        if not is_int(seat) or not 0 <= seat < players:
            raise ValueError(
                f"{where}: the seat must be a seat from 0 to {players - 1} (got {shown(seat)})"
            )
        problem = chat_problem(text)
        if problem is not None:
            raise ValueError(f"{where}: {problem}")
        assert isinstance(text, str)  # (chat_problem checked it)
        lines.append(ChatLine(step, seat, text))
        before = step
    return lines


__all__ = ["CHAT_MAX", "ChatLine", "chat_json", "chat_problem", "clean_chat", "read_chat"]
