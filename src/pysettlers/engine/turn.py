"""The end of a turn, the Special Building Phase, and winning.

What this is for: the ``EndTurn`` rule (a turn, or a special build turn, ends; the next
player's turn begins, or the Special Building Phase of the 5–6 Player Extension goes round
the table first) and winning (``game.apply`` checks the condition after every action).

What this is not: who decides (``flow.py``) or what may be built (``building.py``).
"""

from __future__ import annotations

from . import kinds as K
from . import phases as P
from .actions import Action, Outcome
from .building import can_build_anything
from .events import SpecialBuildTurn, TurnStarted, Won, make
from .flow import TURN_RULE
from .registry import Rule, register
from .state import GameState
from .tables import ActionTable
from .types import NOBODY


class EndTurn(Rule):
    kind = K.END_TURN
    name = TURN_RULE
    phases = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})
    order = 90  # listed last but for domestic offers (``trade.OfferTrade``)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(t.end[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        end_turn(s)
        return None


def end_turn(s: GameState) -> None:
    """End a turn or a special build turn; start the Special Building Phase or the next turn."""
    if s.phase != P.SPECIAL_BUILD:
        s.dev_played = False
        for x in s.ruleset.scenarios:
            x.end_turn(s)
        if s.ruleset.special_building:
            s.phase = P.SPECIAL_BUILD
            s.special_builder = s.current
    if s.phase == P.SPECIAL_BUILD and _next_special_builder(s):
        return
    s.dev_new = [0] * len(s.dev_new)  # cards bought this turn (or in its special build) are now old
    s.special_builder = NOBODY
    s.current = (s.current + 1) % s.n
    s.turn += 1
    s.phase = P.PRE_ROLL
    s.events.append(make(TurnStarted, (s.current, s.turn)))


def _next_special_builder(s: GameState) -> bool:
    """Hand the special build turn to the next player clockwise who could build anything.

    "In clockwise order, each player then takes a special build turn" (R5 p. 7). A player
    who can afford nothing could only pass, so they are skipped without being asked.
    Returns ``False`` when every other player has had their special build turn.
    """
    p = s.special_builder
    for _ in range(s.n):
        p = (p + 1) % s.n
        if p == s.current:
            return False
        if can_build_anything(s, p):
            s.special_builder = p
            s.events.append(SpecialBuildTurn(p))
            return True
    return False  # (only for an inconsistent position; bounded so it never loops)


def win(s: GameState, p: int) -> None:
    """Game over: ``p`` reveals any victory point cards and wins."""
    s.winner = p
    s.phase = P.GAME_OVER
    s.free_roads = 0  # a free road may have won the game; none is left to place
    s.events.append(Won(p, s.total_vp(p), s.hidden_vp(p)))


# Registered by call, not by decorator: mypyc compiles only undecorated classes.
for _rule in (EndTurn,):
    register(_rule)
