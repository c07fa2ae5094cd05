"""The Helpers of CATAN as one seat knows them: the scenario's part of a view.

What this is for: :class:`HelperView` — the helper cards, their sides and the display are
public; the hand Hilde looks at is known to Hilde's owner and the victim only, and the cards
Candamir draws to Candamir's owner only. ``observe`` puts it in ``View.ext["helpers"]``
through the scenario's ``view`` hook.

What this is not: no state is changed and nothing private to another seat is copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pysettlers.engine.actions import dev_name, helper_name, resource_name
from pysettlers.engine.data import HELPER_STACK
from pysettlers.engine.state import Bundle, GameState
from pysettlers.engine.types import NOBODY, Phase

from .state import hx_of

_RES = tuple(resource_name(r) for r in range(5))


def _holder(p: int) -> int | None:
    return None if p == NOBODY else p


@dataclass(frozen=True, slots=True)
class HelperView:
    """The Helpers of CATAN as one seat knows them (see :func:`helper_view`).

    Public: each player's helper (``-1``: none yet), its side (0 A, 1 B), the turn it was
    received and last used, the knights each discarded for Vincent, the display and what is
    left of the numbered stack, Jean's resource this turn, and the payload of the helper
    phases. Private: ``look`` — the hand Hilde's owner is looking at (to that owner and the
    victim); ``drawn`` — Candamir's cards (to their owner; others see ``drawn_count``).
    """

    held: tuple[int, ...]
    sides: tuple[int, ...]
    received_turn: tuple[int, ...]
    used_turn: tuple[int, ...]
    knights_discarded: tuple[int, ...]
    display: tuple[int, ...]
    stack: tuple[int, ...]
    jean: int
    owner: int
    resume: Phase
    window: int
    pending: tuple[int, ...]
    victim: int
    owed: tuple[int, ...]
    look: Bundle | None
    drawn: tuple[int, ...] | None
    drawn_count: int

    def to_json(self) -> dict[str, Any]:
        def name(h: int) -> str | None:
            return None if h == NOBODY else helper_name(h)

        return {
            "players": [
                {
                    "helper": name(h),
                    "side": "AB"[side],
                    "received_turn": _holder(self.received_turn[p]),
                    "used_turn": _holder(self.used_turn[p]),
                    "knights_discarded": self.knights_discarded[p],
                }
                for p, (h, side) in enumerate(zip(self.held, self.sides))
            ],
            "display": [helper_name(h) for h in self.display],
            "stack": [helper_name(h) for h in self.stack],
            "jean": None if self.jean == NOBODY else resource_name(self.jean),
            "owner": _holder(self.owner),
            "resume": self.resume.name.lower(),
            "window": self.window or None,
            "pending": list(self.pending),
            "victim": _holder(self.victim),
            "owed": list(self.owed),
            "look": None if self.look is None else dict(zip(_RES, self.look)),
            "drawn": None if self.drawn is None else [dev_name(d) for d in self.drawn],
            "drawn_count": self.drawn_count,
        }


def helper_view(s: GameState, viewer: int | None) -> HelperView:
    """The Helpers of CATAN part of seat ``viewer``'s view (``None``: a spectator)."""
    hx = hx_of(s)
    n = s.n
    look = None
    if s.phase == Phase.HILDE_TAKE and viewer is not None and viewer in (hx.owner, hx.victim):
        look = s.hand(hx.victim)
    drawn = None
    if s.phase == Phase.CANDAMIR_KEEP and viewer == hx.owner:
        drawn = hx.drawn
    return HelperView(
        held=tuple(hx.held),
        sides=tuple(hx.side),
        received_turn=tuple(hx.since),
        used_turn=tuple(hx.used),
        knights_discarded=tuple(hx.knights_discarded),
        display=tuple(h for h in range(10) if hx.display >> h & 1),
        stack=tuple(int(h) for h in HELPER_STACK[hx.stack :]),
        jean=hx.jean,
        owner=hx.owner,
        resume=hx.resume,
        window=hx.window,
        pending=tuple(q for q in range(n) if hx.pending >> q & 1),
        victim=hx.victim,
        owed=tuple(q for q in range(n) if hx.owed >> q & 1),
        look=look,
        drawn=drawn,
        drawn_count=len(hx.drawn),
    )
