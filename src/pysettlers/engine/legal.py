"""Legal actions: everything a deciding player may do now, in a deterministic order.

What this is for: the hot path of every simulation and search. The list is derived from
the rule registry: for the current phase, each allowed kind's rule appends its options
(``registry.Ruleset.listers`` / ``by_have``, in the rules' declared listing order) from the prebuilt
action tables (``tables.py``), so listing allocates nothing but the output list. Composite
actions are listed in their unit form — one-card discards, one-card maritime trades at the
best rate, 1-for-1 offers and counter-offers — while ``check``/``apply`` accept any legal
bundle. Domestic talk ends every list it is in — offers (the main phase) or counter-offers
(answering an offer), never both — as a suffix of the list, so a bot that rarely talks can
split it off without a pass over the list (the invariant harness checks this every step).

Speed device: what the decider holds is read here in the hands' flat layout
(``hands.py``), written out rather than called, as this runs on every decision.

What this is not: the rules themselves. ``check`` in ``game.py`` is the authority; the
invariant harness verifies that everything listed here passes it.
"""

from __future__ import annotations

from .actions import Action
from .flow import CURRENT_DECIDES, decides, to_move
from .registry import NEEDS_DEV
from .state import GameState
from .types import NOBODY, is_int


def legal_actions(s: GameState, player: int | None = None, *, offers: bool = True) -> list[Action]:
    """What ``player`` (default: :func:`to_move`) may do now, in a deterministic order.

    A player who is not deciding now gets ``[]``; a value that is not a seat of this game
    is a ``ValueError``. ``offers=False`` leaves out domestic trade proposals (offers and
    counter-offers), for players who never propose a trade: the same list, filtered,
    without the cost of listing them.
    """
    ph = s.phase
    phi: int = ph  # indexes the ruleset's lists natively when compiled (``game.apply``)
    if player is None:
        # Most phases have one decider, the current player; only discards, trade answers,
        # special build turns and scenarios' phases need the general rule.
        p = s.current if ph in CURRENT_DECIDES else to_move(s)
        if p == NOBODY:
            return []
    else:
        if (type(player) is not int and not is_int(player)) or not 0 <= player < s.n:
            raise ValueError(f"player must be a seat from 0 to {s.n - 1} (got {player!r})")
        p = player
        if p != s.current if ph in CURRENT_DECIDES else not decides(s, p):
            return []
    out: list[Action] = []
    t = s.tables
    rs = s.ruleset
    by_have = (rs.by_have if offers else rs.quiet_by_have)[phi]
    if by_have is not None:
        # What p holds, as the rules' ``needs`` bits: only kinds that could list something.
        i = 5 * p
        if rs.needs_hand[phi]:
            h = s.hands
            have = (
                (h[i] > 0) | (h[i + 1] > 0) << 1 | (h[i + 2] > 0) << 2 | (h[i + 3] > 0) << 3
            ) | (h[i + 4] > 0) << 4
        else:
            have = 0
        d = s.dev
        if not s.dev_played and (
            d[i] or d[i + 1] or d[i + 2] or d[i + 3] or (rs.vp_cards_played and d[i + 4])
        ):
            have |= NEEDS_DEV
        for rule in by_have[have]:
            rule.options(s, p, t, out)
    else:
        for _, rule in (rs.listers if offers else rs.quiet_listers)[phi]:
            rule.options(s, p, t, out)
    return out
