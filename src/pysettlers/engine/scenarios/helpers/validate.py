"""The Helpers of CATAN's invariants: its part of ``validate`` (the scenario's hook).

What this is for: the shape of :class:`HelperState` (a loaded position may hold anything),
each helper in exactly one place (held, the display or the undealt stack), sides, turns,
Jean's rate, and the payload of the scenario's phases — each message naming the field.

What this is not: the base game's invariants (``engine/validate.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pysettlers.engine import data
from pysettlers.engine import phases as P
from pysettlers.engine.actions import helper_name
from pysettlers.engine.state import GameState
from pysettlers.engine.types import NOBODY, Helper, Phase, is_int

from . import phases as HP
from .state import HelperState

SETUP_PHASES = (P.SETUP_SETTLEMENT, P.SETUP_ROAD)
OWNER_PHASES = (HP.HELPER_AFTER, HP.HILDE_TAKE, HP.CANDAMIR_KEEP, HP.NASSIR_REPAY)
"""Helper phases in which the helper's owner (``helpers.owner``) decides."""
HELPER_PHASES = (*OWNER_PHASES, HP.HELPER_REACT)
HELPER_RESUME = (P.PRE_ROLL, P.DISCARD, P.MOVE_ROBBER, P.MAIN, P.BUILD)
"""Where the scenario's phases may lead back to (a use on one's turn, or a roll's window)."""


def validate_helpers(s: GameState) -> list[str]:
    """Every broken invariant of the helpers' part of ``s``, one message each."""
    hx = s.ext.get("helpers")
    if not isinstance(hx, HelperState):
        return ["helpers: the helper cards are missing"]
    out = _shape(hx, s.n)
    if out:
        return out
    _cards(s, hx, out)
    # The 7's window for Sean comes before the discards: discards may be owed in the
    # scenario's phases only then.
    if any(s.discards) and s.phase in HELPER_PHASES and hx.window != 7:
        out.append(f"discards: {s.discards} owed in {s.phase.name.lower()} without a 7")
    return out


def _shape(hx: HelperState, n: int) -> list[str]:
    out: list[str] = []
    for name in ("held", "side", "since", "used", "knights_discarded"):
        value = getattr(hx, name)
        if not isinstance(value, list) or len(value) != n or not all(map(is_int, value)):
            out.append(f"helpers.{name}: must be a list of {n} ints")
    for name in ("display", "stack", "jean", "owner", "window", "pending", "victim", "owed"):
        if not is_int(getattr(hx, name)):
            out.append(f"helpers.{name}: must be an int")
    if not isinstance(hx.resume, Phase):
        out.append("helpers.resume: must be a Phase")
    if not isinstance(hx.drawn, tuple) or not all(is_int(c) and 0 <= c < 5 for c in hx.drawn):
        out.append("helpers.drawn: must be a tuple of development cards")
    return out


def _seat(x: object, n: int) -> bool:
    return is_int(x) and 0 <= x < n


def _cards(s: GameState, hx: HelperState, out: list[str]) -> None:
    n = s.n
    ph = s.phase
    over = ph == P.GAME_OVER
    all_helpers = len(Helper)
    for p, h in enumerate(hx.held):
        if h != NOBODY and not 0 <= h < all_helpers:
            out.append(f"helpers.held: p{p} holds {h}, not a helper")
    if out:
        return
    held = [h for h in hx.held if h != NOBODY]
    if len(set(held)) != len(held):
        out.append(f"helpers.held: a helper in front of two players ({_names(held)})")
    if hx.display >> all_helpers or hx.display < 0:
        out.append(f"helpers.display: {hx.display:#x} names no helper")
    display = {h for h in range(all_helpers) if hx.display >> h & 1}
    if not 0 <= hx.stack <= len(data.HELPER_STACK):
        out.append(f"helpers.stack: {hx.stack} of {len(data.HELPER_STACK)} cards dealt")
        return
    stack = set(data.HELPER_STACK[hx.stack :])
    if display & set(held):
        out.append(f"helpers.display: {_names(sorted(display & set(held)))} also held")
    if stack & (display | set(held)):
        out.append(f"helpers.stack: {_names(sorted(stack & (display | set(held))))} not dealt")
    missing = set(range(all_helpers)) - display - set(held) - stack
    if missing:
        out.append(f"helpers: {_names(sorted(missing))} in no place (held, display or stack)")
    # "Take the helper card from the top of the stack" with one's second settlement: after
    # the set-up phase everyone has exactly one helper.
    if ph not in SETUP_PHASES and len(held) != n:
        out.append(f"helpers.held: after the set-up phase every player has a helper ({hx.held})")
    for p in range(n):
        if hx.side[p] not in (0, 1):
            out.append(f"helpers.side: p{p}'s side {hx.side[p]} (0 for A, 1 for B)")
        if hx.held[p] == NOBODY and hx.side[p]:
            out.append(f"helpers.side: p{p} has no helper but a B side")
        if hx.knights_discarded[p] < 0:
            out.append(f"helpers.knights_discarded: p{p} has {hx.knights_discarded[p]}")
        for name in ("since", "used"):
            turn = getattr(hx, name)[p]
            if turn != NOBODY and not 0 <= turn <= s.turn:
                out.append(f"helpers.{name}: p{p}'s turn {turn} is not from 0 to {s.turn}")
        if hx.held[p] != NOBODY and hx.since[p] == NOBODY:
            out.append(f"helpers.since: p{p} holds a helper received at no turn")
    if hx.jean != NOBODY:
        if not 0 <= hx.jean < 5:
            out.append(f"helpers.jean: {hx.jean} is not a resource")
        elif hx.used[s.current] != s.turn:
            out.append("helpers.jean: a 2:1 rate without Jean used this turn")
    if hx.resume not in HELPER_RESUME:
        out.append(f"helpers.resume: {hx.resume.name.lower()} is not a phase to return to")
    everyone = (1 << n) - 1
    # The owner decides in the scenario's phases after a use (a use can win the game, which
    # then ends in that state).
    if ph in OWNER_PHASES:
        if not _seat(hx.owner, n):
            out.append(f"helpers.owner: {ph.name.lower()} needs the helper's owner")
    elif hx.owner != NOBODY and not over:
        out.append(f"helpers.owner: p{hx.owner} outside the helper phases")
    if (ph == HP.HELPER_REACT) != bool(hx.pending) and not over:
        out.append(f"helpers.pending: {_seats(hx.pending, n)} in {ph.name.lower()}")
    if hx.pending & ~everyone:
        out.append("helpers.pending: names no player")
    if hx.window and not (hx.window == 7 or 2 <= hx.window <= 12):
        out.append(f"helpers.window: {hx.window} is not a roll")
    if ph == HP.HELPER_REACT and not hx.window:
        out.append("helpers.window: helper_react without the roll that opened it")
    if hx.window and ph not in (HP.HELPER_REACT, HP.HELPER_AFTER) and not over:
        out.append(f"helpers.window: a roll's window open in {ph.name.lower()}")
    if (ph == HP.NASSIR_REPAY) != bool(hx.owed) and not over:
        out.append(f"helpers.owed: {_seats(hx.owed, n)} in {ph.name.lower()}")
    if hx.owed & ~everyone or (_seat(hx.owner, n) and hx.owed >> hx.owner & 1):
        out.append("helpers.owed: names no opponent of the owner")
    if ph == HP.HILDE_TAKE:
        if not _seat(hx.victim, n) or hx.victim == hx.owner:
            out.append(f"helpers.victim: {hx.victim} is not an opponent of Hilde's owner")
    elif hx.victim != NOBODY and not over:
        out.append(f"helpers.victim: p{hx.victim} outside hilde_take")
    if (ph == HP.CANDAMIR_KEEP) != bool(hx.drawn) and not over:
        out.append(f"helpers.drawn: {len(hx.drawn)} card(s) in {ph.name.lower()}")
    if len(hx.drawn) > data.CANDAMIR_DRAW:
        out.append(f"helpers.drawn: Candamir draws {data.CANDAMIR_DRAW} cards, not more")
    need = [0] * 5
    for d in hx.drawn:
        need[d] += 1
    if any(need[d] > s.deck[d] for d in range(5)):
        out.append("helpers.drawn: Candamir's cards are not in the deck")
    if ph == P.SPECIAL_BUILD and hx.jean != NOBODY:
        out.append("helpers.jean: a 2:1 rate in the Special Building Phase")


def _names(hs: Sequence[int]) -> str:
    return ", ".join(helper_name(h) for h in hs)


def _seats(mask: int, n: int) -> str:
    return "[" + ", ".join(f"p{q}" for q in range(n) if mask >> q & 1) + "]"
