"""Helpers of CATAN: the helper cards, the prohibitions, and when each helper may act.

What this is for: the scenario's card mechanics (R5 "Helpers Rules", p. 8) around the ten
advantages of ``helper_build.py`` and ``helper_trade.py``:

* **Set-up** — the six numbered helpers form a stack A1…A6 (``data.HELPER_STACK``), the other
  four the display. "As soon as you build your second settlement and road in the set-up
  phase, take the helper card from the top of the stack ... A side up"; the cards left over
  then join the display. On the beginner map, whose pieces are already placed, the cards go
  out in the order of the second set-up round all the same (A1 to the starting player's
  right, the starting player last).
* **Always exactly one helper** in front of each player. After using its advantage the owner
  decides (phase HELPER_AFTER): an A-side helper may be flipped to its B side, and any
  helper may be exchanged — returned to the display for another one from it (not the one
  just returned), A side up. A B-side helper must be exchanged.
* **Prohibitions** — never during the turn it was received; at most once per turn; never
  during the Special Building Phase.
* **Windows on any player's turn** — Marianne after a production roll that is not a 7 and
  Sean after a 7 are asked of their owners right after the roll (phase HELPER_REACT), before
  the roll's player may act and before anyone discards, like the discards of a 7: every
  eligible owner clockwise from the current player, each using or declining.

The engine hooks here from ``game`` (set-up, roll, end of turn, check/apply), ``flow``
(who decides), ``legal`` (what is listed), ``trade`` (Jean's 2:1), ``views`` and ``records``.
With ``Rules.helpers`` off the state carries ``helpers = None`` and none of this runs.

What this is not: the advantages themselves (``helper_build.py``, ``helper_trade.py``, with
the prebuilt unit forms in ``helper_table.py``), nor the turn structure they plug into
(``game.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from . import data
from .actions import Action, Outcome, helper_name
from .errors import IllegalActionError
from .flow import PHASE_KINDS
from .helper_build import (
    candamir_apply,
    candamir_draws,
    candamir_error,
    candamir_options,
    candamir_outcome_error,
    keep_apply,
    keep_error,
    keep_options,
    lin_apply,
    lin_error,
    lin_options,
    louis_apply,
    louis_error,
    louis_options,
    vincent_apply,
    vincent_error,
    vincent_options,
    william_apply,
    william_error,
    william_options,
)
from .helper_table import HelperTable, Result, helper_table
from .helper_trade import (
    hilde_apply,
    hilde_error,
    hilde_options,
    jean_apply,
    jean_error,
    jean_options,
    marianne_apply,
    marianne_error,
    marianne_options,
    nassir_apply,
    nassir_error,
    nassir_options,
    repay_apply,
    repay_error,
    repay_options,
    sean_apply,
    sean_can_help,
    sean_error,
    sean_options,
    take_apply,
    take_error,
    take_options,
    trade_ratios,
)
from .state import GameState, HelperState
from .types import NOBODY, ActionKind, Helper, Phase

__all__ = [
    "HELPERS_RULE",
    "USED_FIELDS",
    "apply",
    "chance_outcomes",
    "check_outcome",
    "deal",
    "deal_all",
    "end_turn",
    "kind_error",
    "open_window",
    "phase_actions",
    "trade_ratios",
    "turn_actions",
]

K = ActionKind
P = Phase
HELPERS_RULE = "Helpers of CATAN"

HELPER_OF: dict[ActionKind, Helper] = {
    K.HELPER_CANDAMIR: Helper.CANDAMIR,
    K.HELPER_HILDE: Helper.HILDE,
    K.HELPER_JEAN: Helper.JEAN,
    K.HELPER_LIN: Helper.LIN,
    K.HELPER_LOUIS: Helper.LOUIS,
    K.HELPER_MARIANNE: Helper.MARIANNE,
    K.HELPER_NASSIR: Helper.NASSIR,
    K.HELPER_SEAN: Helper.SEAN,
    K.HELPER_VINCENT: Helper.VINCENT,
    K.HELPER_WILLIAM: Helper.WILLIAM,
}
KIND_OF: dict[Helper, ActionKind] = {h: k for k, h in HELPER_OF.items()}

# The fields each helper kind uses (``game.check`` insists the others keep their defaults).
USED_FIELDS: dict[ActionKind, tuple[str, ...]] = {
    K.HELPER_CANDAMIR: ("give",),
    K.HELPER_HILDE: ("a",),
    K.HELPER_JEAN: ("a",),
    K.HELPER_LIN: ("a",),
    K.HELPER_LOUIS: ("a", "b"),
    K.HELPER_MARIANNE: ("a",),
    K.HELPER_NASSIR: ("a", "to"),
    K.HELPER_SEAN: ("a",),
    K.HELPER_VINCENT: ("a", "b"),
    K.HELPER_WILLIAM: ("a", "give"),
    K.HELPER_EXCHANGE: ("a",),
    K.HELPER_TAKE: ("a",),
    K.HELPER_KEEP: ("a",),
    K.HELPER_REPAY: ("a", "b"),
}


# -- the ten advantages: (error, options, apply) each, from helper_build / helper_trade -------

Error = Callable[[GameState, int, Action], "str | None"]
Options = Callable[[GameState, int, HelperTable, list[Action]], None]
Apply = Callable[[GameState, int, Action, Outcome], Result]
Decide = Callable[[GameState, int, Action], bool]

ADVANTAGES: dict[ActionKind, tuple[Error, Options, Apply]] = {
    K.HELPER_CANDAMIR: (candamir_error, candamir_options, candamir_apply),
    K.HELPER_HILDE: (hilde_error, hilde_options, hilde_apply),
    K.HELPER_JEAN: (jean_error, jean_options, jean_apply),
    K.HELPER_LIN: (lin_error, lin_options, lin_apply),
    K.HELPER_LOUIS: (louis_error, louis_options, louis_apply),
    K.HELPER_MARIANNE: (marianne_error, marianne_options, marianne_apply),
    K.HELPER_NASSIR: (nassir_error, nassir_options, nassir_apply),
    K.HELPER_SEAN: (sean_error, sean_options, sean_apply),
    K.HELPER_VINCENT: (vincent_error, vincent_options, vincent_apply),
    K.HELPER_WILLIAM: (william_error, william_options, william_apply),
}
"""Per advantage: (error, options, apply)."""

FOLLOW_UPS: dict[ActionKind, tuple[Error, Options, Decide]] = {
    K.HELPER_TAKE: (take_error, take_options, take_apply),
    K.HELPER_KEEP: (keep_error, keep_options, keep_apply),
    K.HELPER_REPAY: (repay_error, repay_options, repay_apply),
}
"""The decisions inside an advantage: (error, options, apply → whether the use is over)."""

BUILDS = frozenset({K.HELPER_CANDAMIR, K.HELPER_LOUIS, K.HELPER_VINCENT, K.HELPER_WILLIAM})
"""Advantages that build or buy: in the beginners' separate phases they end the trade phase."""


def rule_of(h: int) -> str:
    """The rule a helper's advantage is refused under: its entry in "Helpers in Detail"."""
    return f"Helpers in Detail ({helper_name(h).capitalize()})"


def _hx(s: GameState) -> HelperState:
    hx = s.helpers
    assert hx is not None
    return hx


# -- set-up --------------------------------------------------------------------------------------


def deal(s: GameState, p: int) -> None:
    """``p`` has built their second settlement and road: they take the top of the stack."""
    hx = _hx(s)
    h = data.HELPER_STACK[hx.stack]
    hx.stack += 1
    hx.held[p] = h
    hx.side[p] = 0
    hx.since[p] = s.turn
    s.events.append(("helper_dealt", p, int(h)))
    if hx.stack == s.n:
        # "Once everyone has their starting helper card, add any remaining helpers from the
        # stack to the display beside the board."
        rest = data.HELPER_STACK[hx.stack :]
        for x in rest:
            hx.display |= 1 << x
        hx.stack = len(data.HELPER_STACK)
        s.events.append(("helper_display", tuple(int(x) for x in rest)))


def deal_all(s: GameState) -> None:
    """The beginner map: deal in the order of the second set-up round (A1 to the starting
    player's right, then counter-clockwise, the starting player last)."""
    n = s.n
    for k in range(n - 1, -1, -1):
        deal(s, (s.first_player + k) % n)


# -- the prohibitions ----------------------------------------------------------------------------


def _prohibition(s: GameState, p: int, h: Helper) -> str | None:
    hx = _hx(s)
    held = hx.held[p]
    if held == NOBODY:
        return "you have no helper yet (you take one with your second settlement)"
    if held != h:
        return f"your helper is {helper_name(held).capitalize()}, not {helper_name(h).capitalize()}"
    if s.phase == P.SPECIAL_BUILD:
        return "you may never use a helper during the Special Building Phase"
    if hx.since[p] == s.turn:
        return "you can never use a helper card during the same turn that you receive it"
    if hx.used[p] == s.turn:
        return "you can never use the helper more than once during a turn"
    return None


def _may_use(hx: HelperState, p: int, turn: int) -> bool:
    return hx.held[p] != NOBODY and hx.since[p] != turn and hx.used[p] != turn


# -- windows on any player's turn ------------------------------------------------------------


def open_window(s: GameState, total: int) -> None:
    """After a roll: ask Marianne's (not 7) or Sean's (7) owner, if the advantage applies.

    Called once the roll is resolved as far as the base rules go right away: production paid
    out, or the discards of a 7 set (but not yet made). Marianne's owner must have received
    nothing from this roll ("you get to use this advantage before any other helper is used
    by one of your opponents": the window comes before the roll's player may act).
    """
    hx = _hx(s)
    turn = s.turn
    pending = 0
    if total == 7:
        for p in range(s.n):
            if hx.held[p] == Helper.SEAN and _may_use(hx, p, turn) and sean_can_help(s, p):
                pending |= 1 << p
    else:
        got = _received(s)
        for p in range(s.n):
            if (
                hx.held[p] == Helper.MARIANNE
                and _may_use(hx, p, turn)
                and not any(got[5 * p : 5 * p + 5])
                and any(s.bank)
            ):
                pending |= 1 << p
    if pending:
        hx.window = total
        hx.pending = pending
        hx.resume = s.phase
        s.phase = P.HELPER_REACT


def _received(s: GameState) -> tuple[int, ...]:
    """What each player received from the roll just paid out (after the bank's limits)."""
    for e in reversed(s.events):
        if e[0] == "produce":
            got = e[2]
            assert isinstance(got, tuple)
            return got
    return (0,) * (5 * s.n)


def _continue_window(s: GameState) -> None:
    hx = _hx(s)
    if hx.pending:
        s.phase = P.HELPER_REACT
        return
    seven = hx.window == 7
    hx.window = 0
    if seven:
        # Sean may have spared the only player who had to discard.
        s.phase = P.DISCARD if any(s.discards) else P.MOVE_ROBBER
    else:
        s.phase = hx.resume


# -- legality ------------------------------------------------------------------------------------


def kind_error(s: GameState, kind: ActionKind, a: Action) -> tuple[str, str | None]:
    """Why a helper action is illegal now (phase and decider already checked by ``check``)."""
    hx = s.helpers
    if hx is None:
        return (HELPERS_RULE, "the Helpers of CATAN scenario is not in play (Rules.helpers)")
    p = a.player
    if kind in ADVANTAGES:
        h = HELPER_OF[kind]
        err = _prohibition(s, p, h)
        if err:
            return (HELPERS_RULE, err)
        return (rule_of(h), ADVANTAGES[kind][0](s, p, a))
    if kind in FOLLOW_UPS:
        return (rule_of(hx.held[p]), FOLLOW_UPS[kind][0](s, p, a))
    if kind == K.HELPER_FLIP:
        if hx.side[p]:
            return (HELPERS_RULE, "a helper on its B side must be exchanged after use")
        return (HELPERS_RULE, None)
    if kind == K.HELPER_EXCHANGE:
        if not 0 <= a.a < len(Helper) or not hx.display >> a.a & 1:
            return (HELPERS_RULE, "exchange for one of the other helpers in the display")
        return (HELPERS_RULE, None)
    return (HELPERS_RULE, None)  # HELPER_DECLINE: being asked (a decider) is all it needs


def check_outcome(s: GameState, kind: ActionKind, outcome: Outcome) -> None:
    if kind == K.HELPER_CANDAMIR:
        err = candamir_outcome_error(s, outcome)
        if err:
            raise IllegalActionError(rule_of(Helper.CANDAMIR), err)
        return
    raise IllegalActionError("Chance", f"'{kind.name.lower()}' involves no chance")


def chance_outcomes(s: GameState, a: Action) -> list[tuple[Outcome, float]]:
    if a.kind == K.HELPER_CANDAMIR:
        return [(o, w) for o, w in candamir_draws(s.deck)]
    return []


def turn_actions(s: GameState, p: int, out: list[Action]) -> None:
    """Append the helper uses the current player ``p`` may make now (PRE_ROLL, MAIN, BUILD)."""
    hx = _hx(s)
    h = hx.held[p]
    if h == NOBODY or hx.since[p] == s.turn or hx.used[p] == s.turn:
        return
    kind = KIND_OF[Helper(h)]
    if kind in PHASE_KINDS[s.phase] and s.phase != P.SPECIAL_BUILD:
        ADVANTAGES[kind][1](s, p, helper_table(s.n, s.topo), out)


def phase_actions(s: GameState, p: int) -> list[Action]:
    """Everything ``p`` (a decider) may do in one of the scenario's own phases."""
    hx = _hx(s)
    t = helper_table(s.n, s.topo)
    ph = s.phase
    out: list[Action] = []
    if ph == P.HELPER_AFTER:
        if not hx.side[p]:
            out.append(t.flip[p])
        row = t.exchange[p]
        out.extend([row[h] for h in range(len(Helper)) if hx.display >> h & 1])
    elif ph == P.HELPER_REACT:
        h = hx.held[p]
        ADVANTAGES[KIND_OF[Helper(h)]][1](s, p, t, out)
        out.append(t.decline[p])
    elif ph == P.HILDE_TAKE:
        FOLLOW_UPS[K.HELPER_TAKE][1](s, p, t, out)
    elif ph == P.CANDAMIR_KEEP:
        FOLLOW_UPS[K.HELPER_KEEP][1](s, p, t, out)
    elif ph == P.NASSIR_REPAY:
        FOLLOW_UPS[K.HELPER_REPAY][1](s, p, t, out)
    return out


# -- applying ------------------------------------------------------------------------------------


def apply(s: GameState, a: Action, outcome: Outcome) -> Outcome:
    """Carry out a legal helper action; returns the chance outcome (Candamir's draw)."""
    hx = _hx(s)
    kind = a.kind
    p = a.player
    if kind in ADVANTAGES:
        hx.used[p] = s.turn
        if kind == K.HELPER_MARIANNE or kind == K.HELPER_SEAN:
            hx.pending &= ~(1 << p)
        else:
            hx.resume = s.phase
            if kind in BUILDS and s.phase == P.MAIN and s.rules.trade_build == "separate":
                # Beginners' separate phases: building or buying ends the trade phase.
                hx.resume = P.BUILD
        outcome, done = ADVANTAGES[kind][2](s, p, a, outcome)
        if done:
            _after_use(s, p)
        return outcome
    if kind in FOLLOW_UPS:
        if FOLLOW_UPS[kind][2](s, p, a):
            _after_use(s, p)
        return None
    if kind == K.HELPER_DECLINE:
        hx.pending &= ~(1 << p)
        s.events.append(("helper_decline", p, hx.held[p]))
        _continue_window(s)
        return None
    if kind == K.HELPER_FLIP:
        hx.side[p] = 1
        s.events.append(("helper_flip", p, hx.held[p]))
    else:  # HELPER_EXCHANGE
        old = hx.held[p]
        hx.display = (hx.display | 1 << old) & ~(1 << a.a)
        hx.held[p] = a.a
        hx.side[p] = 0
        hx.since[p] = s.turn
        s.events.append(("helper_exchange", p, old, a.a))
    hx.owner = NOBODY
    if hx.window:
        _continue_window(s)
    else:
        s.phase = hx.resume
    return None


def _after_use(s: GameState, p: int) -> None:
    """The advantage is used: the owner now flips or exchanges the helper."""
    hx = _hx(s)
    hx.owner = p
    s.phase = P.HELPER_AFTER


def end_turn(s: GameState) -> None:
    """Jean's 2:1 lasts "during this turn" only."""
    _hx(s).jean = NOBODY
