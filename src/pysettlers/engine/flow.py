"""Turn flow: who decides now, and the steps that move a turn along.

What this is for: ``deciders`` / ``to_move`` — the current player, each player who owes a
discard (clockwise from the current player), each player who must answer a trade offer,
the special builder, or whoever a scenario's own phase names — and the small transitions
several rules share: the set-up phase's snake order, the end of the beginners' trade phase
once something is built. Which kinds each phase allows is derived from the rules
themselves (``registry.Ruleset.phase_kinds``).

What this is not: the legality or effect of any action (the rule modules), the end of a
turn and the Special Building Phase (``turn.py``).
"""

from __future__ import annotations

from typing import Final

from . import phases as P
from .events import TurnStarted, make
from .state import PENDING, GameState
from .types import NOBODY

TURN_RULE = "Turn Overview"


def setup_player(s: GameState, step: int) -> int:
    """Who places in set-up step ``step``: round one clockwise, round two back again."""
    n = s.n
    k = step if step < n else 2 * n - 1 - step
    return (s.first_player + k) % n


def next_setup_step(s: GameState) -> None:
    """A set-up road is placed: the next player places, or the first turn begins."""
    s.setup_vertex = NOBODY
    s.setup_step += 1
    if s.setup_step >= 2 * s.n:
        # "The starting player (the last to place their second settlement) begins the game."
        s.current = s.first_player
        s.phase = P.PRE_ROLL
        s.turn = 1
        # The first turn starts as every later one does (``turn.end_turn``): said, so that a
        # log's turn 1 has its head like the others.
        s.events.append(make(TurnStarted, (s.current, s.turn)))
    else:
        s.current = setup_player(s, s.setup_step)
        s.phase = P.SETUP_SETTLEMENT


def enter_build(s: GameState) -> None:
    """Beginners' separate phases: once you build, the trade phase is over for this turn."""
    if s.phase == P.MAIN and s.rules.trade_build == "separate":
        s.phase = P.BUILD


# -- who decides --------------------------------------------------------------------------------

_CLOCKWISE: dict[tuple[int, int], tuple[int, ...]] = {}


def clockwise(n: int, first: int) -> tuple[int, ...]:
    """The ``n`` seats clockwise from ``first`` (``first`` included), made once per pair."""
    order = _CLOCKWISE.get((n, first))
    if order is None:
        order = _CLOCKWISE[(n, first)] = tuple((first + i) % n for i in range(n))
    return order


# The phases where the current player alone decides: most decisions of every game, so
# they are answered before the general rule below.
CURRENT_DECIDES: Final = frozenset(
    {
        P.SETUP_SETTLEMENT,
        P.SETUP_ROAD,
        P.PRE_ROLL,
        P.MOVE_ROBBER,
        P.MAIN,
        P.BUILD,
        P.ROAD_BUILDING,
        P.TRADE_CONFIRM,
    }
)


def deciders(s: GameState) -> tuple[int, ...]:
    """Every player who may act now, in the deterministic order :func:`to_move` uses."""
    ph = s.phase
    if ph in CURRENT_DECIDES:
        return (s.current,)
    if ph == P.GAME_OVER:
        return ()
    c = s.current
    if ph == P.DISCARD:
        owed = s.discards
        return tuple([p for p in clockwise(s.n, c) if owed[p] > 0])
    if ph == P.TRADE_RESPONSE:
        answers = s.offer_answers
        pend = [p for p in clockwise(s.n, c)[1:] if answers[p] == PENDING]
        pend.append(c)
        return tuple(pend)
    if ph == P.SPECIAL_BUILD:
        return (s.special_builder,)
    if ph > P.SPECIAL_BUILD:  # a scenario's own phase
        return s.ruleset.scenario_of_phase[ph].deciders(s)
    return (c,)


def decides(s: GameState, p: int) -> bool:
    """Whether seat ``p`` is among :func:`deciders` now (without building the tuple in the
    phases that say it at once: a discard owed, the special builder)."""
    ph = s.phase
    if ph in CURRENT_DECIDES:
        return p == s.current
    if ph == P.DISCARD:
        return s.discards[p] > 0
    if ph == P.SPECIAL_BUILD:
        return p == s.special_builder
    return p in deciders(s)


def to_move(s: GameState) -> int:
    """The player whose decision the engine asks for next (``-1`` once the game is over)."""
    if s.phase in CURRENT_DECIDES:
        return s.current
    d = deciders(s)
    return d[0] if d else NOBODY


def is_over(s: GameState) -> bool:
    return s.phase == P.GAME_OVER
