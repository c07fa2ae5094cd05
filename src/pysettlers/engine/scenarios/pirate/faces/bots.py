"""The 1996 pirate's bots face (``pysettlers.bots.scenarios`` says what one defines): the greedy
bot weighs a pirate move as a robber move to the harbor's site (``n_hexes + path``).
What this is not: the rules."""

from __future__ import annotations

from pysettlers.bots.options import HeuristicOptions
from pysettlers.bots.turn_context import TurnContext
from pysettlers.engine import Action
from pysettlers.engine import ActionKind as K


def score_pirate(t: TurnContext, a: Action, options: HeuristicOptions) -> float:
    """The robber term of the harbor's site (the trade it closes to each player)."""
    return t.robber_delta(t.info.n_hexes + a.path, a.victim)


SCORES = {K.MOVE_PIRATE: score_pirate}
