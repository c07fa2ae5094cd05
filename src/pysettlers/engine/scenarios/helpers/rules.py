"""Helpers of CATAN: the helper cards, the prohibitions, and when each helper may act.

What this is for: the scenario's card mechanics (R5 "Helpers Rules", p. 8) around the ten
advantages of ``build.py`` and ``trade.py``:

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

Each action kind of the scenario is a :class:`~pysettlers.engine.registry.Rule` here: the
ten advantages (:class:`Advantage`, whose legality, options and effect come side by side
from ``build.py`` / ``trade.py``), the decisions inside an advantage (:class:`FollowUp`),
and declining, flipping and exchanging. The scenario's hooks (``__init__.py``) call the
set-up, window and end-of-turn functions below.

What this is not: the advantages' details (``build.py``, ``trade.py``, with the prebuilt
unit forms in ``table.py``), nor the turn structure they plug into.
"""

from __future__ import annotations

from collections.abc import Callable

from pysettlers.engine import data
from pysettlers.engine import phases as P
from pysettlers.engine.actions import Action, Outcome, helper_name
from pysettlers.engine.errors import IllegalActionError
from pysettlers.engine.events import Produced
from pysettlers.engine.hands import seat_slice
from pysettlers.engine.registry import Rule
from pysettlers.engine.state import GameState
from pysettlers.engine.tables import ActionTable
from pysettlers.engine.types import NOBODY, ActionKind, Helper, Phase

from . import kinds as K
from . import phases as HP
from .build import (
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
from .events import (
    HelperDealt,
    HelperDeclined,
    HelperDisplayed,
    HelperExchanged,
    HelperFlipped,
)
from .state import HelperState, hx_of
from .table import HelperTable, Result, helper_table
from .trade import (
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
)

HELPERS_RULE = "Helpers"


def rule_of(h: int) -> str:
    """The rule a helper's advantage is refused under: its entry in "Helpers in Detail"."""
    return f"Helpers in Detail ({helper_name(h).capitalize()})"


# -- set-up --------------------------------------------------------------------------------------


def deal(s: GameState, p: int) -> None:
    """``p`` has built their second settlement and road: they take the top of the stack."""
    hx = hx_of(s)
    h = data.HELPER_STACK[hx.stack]
    hx.stack += 1
    hx.held[p] = h
    hx.side[p] = 0
    hx.since[p] = s.turn
    s.events.append(HelperDealt(p, int(h)))
    if hx.stack == s.n:
        # "Once everyone has their starting helper card, add any remaining helpers from the
        # stack to the display beside the board."
        rest = data.HELPER_STACK[hx.stack :]
        for x in rest:
            hx.display |= 1 << x
        hx.stack = len(data.HELPER_STACK)
        s.events.append(HelperDisplayed(tuple(int(x) for x in rest)))


def deal_all(s: GameState) -> None:
    """The beginner map: deal in the order of the second set-up round (A1 to the starting
    player's right, then counter-clockwise, the starting player last)."""
    n = s.n
    for k in range(n - 1, -1, -1):
        deal(s, (s.first_player + k) % n)


# -- the prohibitions ----------------------------------------------------------------------------


def _prohibition(s: GameState, p: int, h: Helper) -> str | None:
    hx = hx_of(s)
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
    hx = hx_of(s)
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
                and not any(got[seat_slice(p)])
                and any(s.bank)
            ):
                pending |= 1 << p
    if pending:
        hx.window = total
        hx.pending = pending
        hx.resume = s.phase
        s.phase = HP.HELPER_REACT


def _received(s: GameState) -> tuple[int, ...]:
    """What each player received from the roll just paid out (after the bank's limits)."""
    for e in reversed(s.events):
        if isinstance(e, Produced):
            return e.received
    return (0,) * (5 * s.n)


def _continue_window(s: GameState) -> None:
    hx = hx_of(s)
    if hx.pending:
        s.phase = HP.HELPER_REACT
        return
    seven = hx.window == 7
    hx.window = 0
    if seven:
        # Sean may have spared the only player who had to discard.
        s.phase = P.DISCARD if any(s.discards) else P.MOVE_ROBBER
    else:
        s.phase = hx.resume


def _after_use(s: GameState, p: int) -> None:
    """The advantage is used: the owner now flips or exchanges the helper."""
    hx = hx_of(s)
    hx.owner = p
    s.phase = HP.HELPER_AFTER


def end_turn(s: GameState) -> None:
    """Jean's 2:1 lasts "during this turn" only."""
    hx_of(s).jean = NOBODY


# -- the rules -----------------------------------------------------------------------------------

Error = Callable[[GameState, int, Action], "str | None"]
Options = Callable[[GameState, int, HelperTable, list[Action]], None]
Apply = Callable[[GameState, int, Action, Outcome], Result]
Decide = Callable[[GameState, int, Action], bool]

# Own-turn advantages ("Helpers in Detail"): those that build, buy, take or move the robber
# once the roll is resolved (in the build phase too); Jean and Nassir are trades (trade
# phase only); Lin also "before ... your production roll"; Marianne and Sean only in the
# window after a roll. The Special Building Phase is named so that using a helper there is
# refused under the helpers' own rule ("never during the Special Building Phase").
_AFTER_ROLL = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})
_TRADE = frozenset({P.MAIN})
_REACT = frozenset({HP.HELPER_REACT})

# Advantages that build or buy: in the beginners' separate phases they end the trade phase.
_BUILDS = frozenset({K.HELPER_CANDAMIR, K.HELPER_LOUIS, K.HELPER_VINCENT, K.HELPER_WILLIAM})
# Those that pay the bank for it (``Rule.spends``): Candamir the development card's cost,
# Vincent and William a building's cost lowered; Louis moves a settlement for nothing.
_SPENDS = frozenset({K.HELPER_CANDAMIR, K.HELPER_VINCENT, K.HELPER_WILLIAM})


class Advantage(Rule):
    """Using a helper's advantage: the prohibitions, then the helper's own rule."""

    name = HELPERS_RULE
    order = 40  # after building, cards and trades, before ending the turn

    def __init__(
        self,
        kind: ActionKind,
        helper: Helper,
        phases: frozenset[Phase],
        fields: tuple[str, ...],
        error: Error,
        options: Options,
        apply: Apply,
    ) -> None:
        self.kind = kind
        self.helper = helper
        self.spends = kind in _SPENDS
        self.phases = phases
        self.fields = fields
        self._error = error
        self._options = options
        self._apply = apply

    def error(self, s: GameState, a: Action) -> str | None:
        err = _prohibition(s, a.player, self.helper)
        if err:
            return err
        err = self._error(s, a.player, a)
        if err:
            raise IllegalActionError(rule_of(self.helper), err)
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        hx = hx_of(s)
        if hx.held[p] != self.helper or s.phase == P.SPECIAL_BUILD:
            return
        if hx.since[p] == s.turn or hx.used[p] == s.turn:
            return
        self._options(s, p, helper_table(s.n, s.topo), out)

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        hx = hx_of(s)
        p = a.player
        kind = self.kind
        hx.used[p] = s.turn
        if kind == K.HELPER_MARIANNE or kind == K.HELPER_SEAN:
            hx.pending &= ~(1 << p)
        else:
            hx.resume = s.phase
            if kind in _BUILDS and s.phase == P.MAIN and s.rules.trade_build == "separate":
                # Beginners' separate phases: building or buying ends the trade phase.
                hx.resume = P.BUILD
        outcome, done = self._apply(s, p, a, outcome)
        if done:
            _after_use(s, p)
        return outcome


class Candamir(Advantage):
    """Candamir draws 3 development cards: the advantage with chance."""

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        return [(o, w) for o, w in candamir_draws(s.deck)]

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        err = candamir_outcome_error(s, outcome)
        if err:
            raise IllegalActionError(rule_of(Helper.CANDAMIR), err)
        return None


class FollowUp(Rule):
    """A decision inside an advantage (Hilde's card, Candamir's card kept, Nassir's repay)."""

    name = HELPERS_RULE
    order = 40

    def __init__(
        self,
        kind: ActionKind,
        phase: Phase,
        fields: tuple[str, ...],
        error: Error,
        options: Options,
        apply: Decide,
    ) -> None:
        self.kind = kind
        self.phases = frozenset({phase})
        self.fields = fields
        self._error = error
        self._options = options
        self._apply = apply

    def error(self, s: GameState, a: Action) -> str | None:
        err = self._error(s, a.player, a)
        if err:
            raise IllegalActionError(rule_of(hx_of(s).held[a.player]), err)
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        self._options(s, p, helper_table(s.n, s.topo), out)

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        if self._apply(s, a.player, a):
            _after_use(s, a.player)
        return None


def _done_with_helper(s: GameState) -> None:
    """Flipped or exchanged: back to the window of a roll, or to where the use began."""
    hx = hx_of(s)
    hx.owner = NOBODY
    if hx.window:
        _continue_window(s)
    else:
        s.phase = hx.resume


class Decline(Rule):
    """Marianne's or Sean's owner lets the chance pass (being asked is all it needs)."""

    kind = K.HELPER_DECLINE
    name = HELPERS_RULE
    phases = _REACT
    order = 62

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(helper_table(s.n, s.topo).decline[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        hx = hx_of(s)
        p = a.player
        hx.pending &= ~(1 << p)
        s.events.append(HelperDeclined(p, hx.held[p]))
        _continue_window(s)
        return None


class Flip(Rule):
    """After use: turn an A-side helper to its B side."""

    kind = K.HELPER_FLIP
    name = HELPERS_RULE
    phases = frozenset({HP.HELPER_AFTER})
    order = 60

    def error(self, s: GameState, a: Action) -> str | None:
        if hx_of(s).side[a.player]:
            return "a helper on its B side must be exchanged after use"
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if not hx_of(s).side[p]:
            out.append(helper_table(s.n, s.topo).flip[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        hx = hx_of(s)
        hx.side[a.player] = 1
        s.events.append(HelperFlipped(a.player, hx.held[a.player]))
        _done_with_helper(s)
        return None


class Exchange(Rule):
    """After use: return the helper to the display and take another one from it."""

    kind = K.HELPER_EXCHANGE
    name = HELPERS_RULE
    phases = frozenset({HP.HELPER_AFTER})
    order = 61
    fields: tuple[str, ...] = ("a",)

    def error(self, s: GameState, a: Action) -> str | None:
        if not 0 <= a.helper < len(Helper) or not hx_of(s).display >> a.helper & 1:
            return "exchange for one of the other helpers in the display"
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        display = hx_of(s).display
        row = helper_table(s.n, s.topo).exchange[p]
        out.extend([row[h] for h in range(len(Helper)) if display >> h & 1])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        hx = hx_of(s)
        p = a.player
        old = hx.held[p]
        hx.display = (hx.display | 1 << old) & ~(1 << a.helper)
        hx.held[p] = a.helper
        hx.side[p] = 0
        hx.since[p] = s.turn
        s.events.append(HelperExchanged(p, old, a.helper))
        _done_with_helper(s)
        return None


RULES: tuple[Rule, ...] = (
    Candamir(
        K.HELPER_CANDAMIR,
        Helper.CANDAMIR,
        _AFTER_ROLL,
        ("give",),
        candamir_error,
        candamir_options,
        candamir_apply,
    ),
    Advantage(
        K.HELPER_HILDE, Helper.HILDE, _AFTER_ROLL, ("a",), hilde_error, hilde_options, hilde_apply
    ),
    Advantage(K.HELPER_JEAN, Helper.JEAN, _TRADE, ("a",), jean_error, jean_options, jean_apply),
    Advantage(
        K.HELPER_LIN,
        Helper.LIN,
        _AFTER_ROLL | {P.PRE_ROLL},
        ("a",),
        lin_error,
        lin_options,
        lin_apply,
    ),
    Advantage(
        K.HELPER_LOUIS,
        Helper.LOUIS,
        _AFTER_ROLL,
        ("a", "b"),
        louis_error,
        louis_options,
        louis_apply,
    ),
    Advantage(
        K.HELPER_MARIANNE,
        Helper.MARIANNE,
        _REACT,
        ("a",),
        marianne_error,
        marianne_options,
        marianne_apply,
    ),
    Advantage(
        K.HELPER_NASSIR,
        Helper.NASSIR,
        _TRADE,
        ("a", "to"),
        nassir_error,
        nassir_options,
        nassir_apply,
    ),
    Advantage(K.HELPER_SEAN, Helper.SEAN, _REACT, ("a",), sean_error, sean_options, sean_apply),
    Advantage(
        K.HELPER_VINCENT,
        Helper.VINCENT,
        _AFTER_ROLL,
        ("a", "b"),
        vincent_error,
        vincent_options,
        vincent_apply,
    ),
    Advantage(
        K.HELPER_WILLIAM,
        Helper.WILLIAM,
        _AFTER_ROLL,
        ("a", "give"),
        william_error,
        william_options,
        william_apply,
    ),
    FollowUp(K.HELPER_TAKE, HP.HILDE_TAKE, ("a",), take_error, take_options, take_apply),
    FollowUp(K.HELPER_KEEP, HP.CANDAMIR_KEEP, ("a",), keep_error, keep_options, keep_apply),
    FollowUp(K.HELPER_REPAY, HP.NASSIR_REPAY, ("a", "b"), repay_error, repay_options, repay_apply),
    Decline(),
    Flip(),
    Exchange(),
)
"""Every action kind of the scenario, one rule each."""
