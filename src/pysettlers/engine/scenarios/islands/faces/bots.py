"""The Islands maps' bots face (``pysettlers.bots.scenarios`` says what one defines): the greedy
bot weighs a bridge like a road that costs a wool more, the weighted bot like a road
(``PATH_BUILDS``). What this is not: the rules."""

from __future__ import annotations

from pysettlers.bots.options import HeuristicOptions
from pysettlers.bots.scenarios import PathBuild
from pysettlers.bots.turn_context import TurnContext
from pysettlers.engine import Action
from pysettlers.engine import ActionKind as K
from pysettlers.engine.data import BRIDGE_COST
from pysettlers.engine.types import Phase


def score_bridge(t: TurnContext, a: Action, options: HeuristicOptions) -> float:
    """Like a road (Islands of Catan), for a wool more; free in Road Building."""
    hand = t.hand
    h0 = t.hand_value(hand)
    d, near, settle = t.road_delta(a.path)
    if t.view.phase == Phase.ROAD_BUILDING:
        return d + t.q_value(hand, near, settle) - h0
    paid = [h - c for h, c in zip(hand, BRIDGE_COST)]
    return d + t.q_value(paid, near, settle) - h0


SCORES = {K.BUILD_BRIDGE: score_bridge}
PATH_BUILDS = {K.BUILD_BRIDGE: PathBuild(BRIDGE_COST)}
