"""The seat an MCP client plays, behind one small interface, and the refusals it answers.

What this is for: the MCP server's tools (``server.py``) talk to a :class:`Seat` — one seat
of one game — and never to a game directly, so that a game played in this process
(``local.py``) and a seat of a running ``pysettlers serve`` reached over HTTP are the same
to them. A seat writes what it knows as text or JSON (the format of
:mod:`pysettlers.seattext`), lists its legal actions, takes one action in notation, and
says and reads chat. :class:`Refused` is every refusal a seat gives: the engine's
(``IllegalActionError``: its message and the rule it names; ``NotationError``: rule
``Notation``) or the table's (another seat's action, a game that has stopped), each
naming its rule; nothing changes on a refusal.

What this is not: the games' bookkeeping (``lobby.py``), the tools' wording
(``server.py``) or any rule: the engine decides what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pysettlers.engine import IllegalActionError, NotationError

NOTATION_RULE = "Notation"
"""The rule a refusal names when the text is not an action in the engine's notation."""

SEAT_RULE = "Seat"
"""The rule a refusal names when the text is an action of another seat than the caller's."""


class Refused(Exception):
    """A seat refused what it was asked: ``message`` says why, ``rule`` names the rule
    (the engine's, or :data:`NOTATION_RULE`, :data:`SEAT_RULE`, ...)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"Refused: {message} (rule: {rule})")
        self.message = message
        self.rule = rule

    @classmethod
    def of(cls, err: IllegalActionError | NotationError) -> Refused:
        """The engine's refusal, said with the rule it names."""
        if isinstance(err, IllegalActionError):
            return cls(err.message, err.rule)
        return cls(str(err), NOTATION_RULE)


@dataclass(frozen=True, slots=True)
class ChatEntry:
    """One chat line as a seat reads it: who said it (a seat) and what."""

    seat: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "text": self.text}


class Seat(Protocol):
    """One seat of one game, as the MCP tools use it (see the module docstring).

    ``view_text`` and ``view_json`` carry what happened since the seat last looked (and
    the chat it has not read) and move that mark on; ``act`` plays one action and answers
    what happened after it, up to the seat's next decision or the game's end."""

    handle: str
    """The name the tools know this seat by (given by ``create_game`` / ``join_game``)."""

    def describe(self) -> dict[str, Any]:
        """The game and seat in a few public facts (never the seed)."""
        ...

    def view_text(self, *, board: bool = True) -> str:
        """The seat's game as seat text (``pysettlers-seat-text/1``)."""
        ...

    def view_json(self) -> dict[str, Any]:
        """The seat's game as seat JSON (``pysettlers-seat-json/1``)."""
        ...

    def legal_text(self) -> str:
        """The seat's legal actions, one per line: notation, then its meaning."""
        ...

    def act(self, text: str) -> str:
        """Play ``text`` (notation; the seat may be left out). Raises :class:`Refused`."""
        ...

    def say(self, text: str) -> ChatEntry:
        """Say ``text`` at the table. Raises :class:`Refused` (an empty line)."""
        ...

    def read_chat(self, *, every: bool = False) -> list[ChatEntry]:
        """The lines said since this seat last read (``every``: the whole game's)."""
        ...
