"""Seafarers ships' bots face (``pysettlers.bots.scenarios`` says what one defines): the greedy
bot weighs a ship like a road paid in lumber and wool, counted in the Longest Trade Route.
Moving a ship is left unscored (-1: never chosen over ending the turn). The weighted bot
weighs a ship like a road too (``PATH_BUILDS``) and never moves one. What this is not:
the rules."""

from __future__ import annotations

from pysettlers.bots.options import HeuristicOptions
from pysettlers.bots.scenarios import PathBuild
from pysettlers.bots.turn_context import TurnContext
from pysettlers.engine import Action
from pysettlers.engine import ActionKind as K
from pysettlers.engine.data import SHIP_COST
from pysettlers.engine.types import Phase


def score_ship(t: TurnContext, a: Action, options: HeuristicOptions) -> float:
    """Like a road that is paid in lumber and wool; free in Road Building."""
    hand = t.hand
    h0 = t.hand_value(hand)
    d, near, settle = t.road_delta(a.path, ship=True)
    if t.view.phase == Phase.ROAD_BUILDING:
        return d + t.q_value(hand, near, settle) - h0
    paid = [h - c for h, c in zip(hand, SHIP_COST)]
    return d + t.q_value(paid, near, settle) - h0


SCORES = {K.BUILD_SHIP: score_ship}
PATH_BUILDS = {K.BUILD_SHIP: PathBuild(SHIP_COST, road=False)}
"""A ship: on the view's path pieces, counted in the Longest Trade Route."""
