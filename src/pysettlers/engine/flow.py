"""Turn flow: who decides now, and which kinds of action each phase allows.

What this is for: the one table of what may be done in each phase (``PHASE_KINDS``), the
set-up phase's snake order, and ``deciders`` / ``to_move`` — the current player, each
player who owes a discard (clockwise from the current player), or each player who must
answer a trade offer. Both ``legal.py`` and ``game.py`` read it.

With the Helpers of CATAN scenario the table also says when each helper's advantage may be
used on one's own turn (``helpers.py`` adds the prohibitions), and ``deciders`` names the
helper's owner in the scenario's own phases.

What this is not: the legality of a particular action (rule modules) or its effects.
"""

from __future__ import annotations

from .state import PENDING, GameState
from .types import NOBODY, ActionKind, Phase

K = ActionKind
P = Phase

_DEV_PLAYS = (K.PLAY_KNIGHT, K.PLAY_ROAD_BUILDING, K.PLAY_YEAR_OF_PLENTY, K.PLAY_MONOPOLY)
_BUILDS = (K.BUILD_ROAD, K.BUILD_SETTLEMENT, K.BUILD_CITY, K.BUY_DEVELOPMENT)
# Helpers of CATAN, own-turn advantages (each helper's "Helpers in Detail" text): those that
# build, buy, take or move the robber once the roll is resolved (in the build phase too);
# Jean and Nassir are trades (trade phase only); Lin also "before ... your production roll".
_HELPERS_AFTER_ROLL = (
    K.HELPER_CANDAMIR,
    K.HELPER_HILDE,
    K.HELPER_LIN,
    K.HELPER_LOUIS,
    K.HELPER_VINCENT,
    K.HELPER_WILLIAM,
)
_HELPERS_TRADE = (K.HELPER_JEAN, K.HELPER_NASSIR)

# What may be done in each phase, by the phase's actor (see ``deciders``).
PHASE_KINDS: dict[Phase, frozenset[ActionKind]] = {
    P.SETUP_SETTLEMENT: frozenset({K.BUILD_SETTLEMENT}),
    P.SETUP_ROAD: frozenset({K.BUILD_ROAD}),
    P.PRE_ROLL: frozenset({K.ROLL, *_DEV_PLAYS, K.HELPER_LIN}),
    P.DISCARD: frozenset({K.DISCARD}),
    P.MOVE_ROBBER: frozenset({K.MOVE_ROBBER}),
    P.MAIN: frozenset(
        {
            K.END_TURN,
            *_BUILDS,
            *_DEV_PLAYS,
            K.MARITIME_TRADE,
            K.OFFER_TRADE,
            *_HELPERS_AFTER_ROLL,
            *_HELPERS_TRADE,
        }
    ),
    P.BUILD: frozenset({K.END_TURN, *_BUILDS, *_DEV_PLAYS, *_HELPERS_AFTER_ROLL}),
    P.ROAD_BUILDING: frozenset({K.BUILD_ROAD}),
    P.TRADE_RESPONSE: frozenset({K.ACCEPT_TRADE, K.REJECT_TRADE, K.COUNTER_TRADE, K.CANCEL_TRADE}),
    P.TRADE_CONFIRM: frozenset({K.CONFIRM_TRADE, K.CANCEL_TRADE}),
    P.GAME_OVER: frozenset(),
    # "You are not allowed to play development cards, nor trade ... nor use maritime trade"
    # (R5 Special Build Phase); END_TURN ends one's special build turn.
    # The helpers that build are named here only so that using one is refused under its
    # own rule ("never during the Special Building Phase", helpers.py), never listed.
    P.SPECIAL_BUILD: frozenset({*_BUILDS, K.END_TURN, *_HELPERS_AFTER_ROLL}),
    # Helpers of CATAN's own phases (payload in ``GameState.helpers``).
    P.HELPER_AFTER: frozenset({K.HELPER_FLIP, K.HELPER_EXCHANGE}),
    P.HELPER_REACT: frozenset({K.HELPER_MARIANNE, K.HELPER_SEAN, K.HELPER_DECLINE}),
    P.HILDE_TAKE: frozenset({K.HELPER_TAKE}),
    P.CANDAMIR_KEEP: frozenset({K.HELPER_KEEP}),
    P.NASSIR_REPAY: frozenset({K.HELPER_REPAY}),
}

TURN_RULE = "Turn Overview"


def setup_player(s: GameState, step: int) -> int:
    """Who places in set-up step ``step``: round one clockwise, round two back again."""
    n = s.n
    k = step if step < n else 2 * n - 1 - step
    return (s.first_player + k) % n


# -- who decides --------------------------------------------------------------------------------


def deciders(s: GameState) -> tuple[int, ...]:
    """Every player who may act now, in the deterministic order :func:`to_move` uses."""
    ph = s.phase
    if ph == P.GAME_OVER:
        return ()
    n = s.n
    c = s.current
    if ph == P.DISCARD:
        return tuple(p for p in ((c + i) % n for i in range(n)) if s.discards[p] > 0)
    if ph == P.TRADE_RESPONSE:
        pend = tuple(p for p in ((c + i) % n for i in range(1, n)) if s.offer_answers[p] == PENDING)
        return pend + (c,)
    if ph == P.SPECIAL_BUILD:
        return (s.special_builder,)
    if ph > P.SPECIAL_BUILD:  # the Helpers of CATAN phases
        hx = s.helpers
        assert hx is not None
        if ph == P.HELPER_REACT:  # Marianne's or Sean's owner, clockwise from the roller
            return tuple(p for p in ((c + i) % n for i in range(n)) if hx.pending >> p & 1)
        return (hx.owner,)
    return (c,)


def to_move(s: GameState) -> int:
    """The player whose decision the engine asks for next (``-1`` once the game is over)."""
    d = deciders(s)
    return d[0] if d else NOBODY


def is_over(s: GameState) -> bool:
    return s.phase == P.GAME_OVER
