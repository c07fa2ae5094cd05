"""The Helpers of CATAN's part of a game state: the cards and the payload of its phases.

What this is for: :class:`HelperState`, kept in ``GameState.ext["helpers"]`` while the
scenario is in play and copied with the state; :func:`hx_of` reads it.

What this is not: any rule (``rules.py``, ``build.py``, ``trade.py``).
"""

from __future__ import annotations

from pysettlers.engine import data
from pysettlers.engine.state import GameState
from pysettlers.engine.types import NOBODY, Phase

NAME = "helpers"
"""The scenario's name: its key in ``GameState.ext`` and in saved positions."""


def hx_of(s: GameState) -> HelperState:
    """The helpers part of ``s`` (the scenario must be in play)."""
    hx: HelperState = s.ext[NAME]
    return hx


def helpers_of(s: GameState) -> HelperState | None:
    """The helpers part of ``s``, or ``None`` when the scenario is not in play."""
    return s.ext.get(NAME)


_HELPER_SLOTS = (
    "held",
    "side",
    "since",
    "used",
    "knights_discarded",
    "display",
    "stack",
    "jean",
    "owner",
    "resume",
    "window",
    "pending",
    "victim",
    "drawn",
    "owed",
)


class HelperState:
    """The Helpers of CATAN cards and the payload of the scenario's phases.

    Per player (lists indexed by seat): ``held`` — the helper in front of them (``-1`` until
    the set-up phase deals one); ``side`` — 0 for the A side, 1 for the B side; ``since`` —
    the turn they received it; ``used`` — the last turn they used a helper (both enforce the
    prohibitions); ``knights_discarded`` — played knights discarded for Vincent (they leave
    the game). Shared: ``display`` — bit mask of the helpers in the display; ``stack`` — how
    many of the numbered stack's cards have been dealt; ``jean`` — the resource the current
    player trades at 2:1 this turn (``-1``: none).

    Phase payload: ``owner`` — who decides in HELPER_AFTER / HILDE_TAKE / CANDAMIR_KEEP /
    NASSIR_REPAY; ``resume`` — the phase to return to afterwards; ``window`` — the roll that
    opened a HELPER_REACT window (0: none) and ``pending`` — bit mask of the players still to
    answer in it; ``victim`` — Hilde's chosen opponent; ``drawn`` — Candamir's cards (they
    stay counted in ``deck`` until one is kept); ``owed`` — bit mask of the opponents Nassir's
    owner still owes a card.
    """

    __slots__ = _HELPER_SLOTS

    held: list[int]
    side: list[int]
    since: list[int]
    used: list[int]
    knights_discarded: list[int]
    display: int
    stack: int
    jean: int
    owner: int
    resume: Phase
    window: int
    pending: int
    victim: int
    drawn: tuple[int, ...]
    owed: int

    @classmethod
    def fresh(cls, n: int) -> HelperState:
        """Before the set-up phase: the six numbered helpers stacked, the other four displayed."""
        h = HelperState.__new__(HelperState)
        h.held = [NOBODY] * n
        h.side = [0] * n
        h.since = [NOBODY] * n
        h.used = [NOBODY] * n
        h.knights_discarded = [0] * n
        h.display = sum(1 << int(x) for x in data.HELPER_DISPLAY)
        h.stack = 0
        h.jean = NOBODY
        h.owner = NOBODY
        h.resume = Phase.MAIN
        h.window = 0
        h.pending = 0
        h.victim = NOBODY
        h.drawn = ()
        h.owed = 0
        return h

    def copy(self) -> HelperState:
        h = HelperState.__new__(HelperState)
        h.held = self.held[:]
        h.side = self.side[:]
        h.since = self.since[:]
        h.used = self.used[:]
        h.knights_discarded = self.knights_discarded[:]
        h.display = self.display
        h.stack = self.stack
        h.jean = self.jean
        h.owner = self.owner
        h.resume = self.resume
        h.window = self.window
        h.pending = self.pending
        h.victim = self.victim
        h.drawn = self.drawn
        h.owed = self.owed
        return h

    def fields(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in _HELPER_SLOTS}

    def key_ints(self) -> list[int]:
        """Every field as plain ints, for ``records.position_key``."""
        out = [*self.held, *self.side, *self.since, *self.used, *self.knights_discarded]
        out += (self.display, self.stack, self.jean, self.owner, int(self.resume), self.window)
        out += (self.pending, self.victim, self.owed, len(self.drawn), *self.drawn)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HelperState):
            return NotImplemented
        return self.fields() == other.fields()

    def __repr__(self) -> str:
        return f"HelperState({self.fields()!r})"

    __hash__ = None  # type: ignore[assignment]
