"""Bridges on the 1996 Islands of Catan maps (and any described map with water inside).

    "The game is then played normally. There are two rule changes to accommodate the odd
    positioning of water hexes. Bridges can be built over edges of two water or port hexes.
    Bridges cost one wood, one brick, and one sheep and are treated exactly like roads, even
    for purposes of the Longest Road. A Road Building card can be used to build bridges. The
    second rule is: when two intersections are separated by nothing but water or port hexes,
    ignore the rule that settlements must be placed at least two intersections away;
    settlements separated by nothing but water can be placed on adjacent intersections."
    (003, 5. Islands of Catan; Big Islands of Catan is played "with the Islands arrangement")

Where each part lives: the bridge paths (an edge between two hexes that are not land, both
of whose ends are land intersections; "beyond the rim" counts as sea) and the distance
exception (such intersections are not neighbours) are the topology's (``topology.py``); a
bridge is a road piece on such a path, in ``road_owner``, so connection, breaking by an
opponent's settlement and the Longest Road treat it "exactly like roads" with no code of
their own. This package adds the action that builds one (``p0 bridge (1,0)E``).

Readings chosen (the text is silent on each):

* **Pieces.** A bridge uses one of the player's 15 road pieces: the 1996 box has no bridge
  pieces, and "treated exactly like roads" includes the supply.
* **Set-up.** No bridge in the set-up phase: the set-up places "a road" for free, and the
  text lists only building for its cost and the Road Building card as ways to get one.
* **Road Building.** Each of the card's two free roads may be a road or a bridge.
* **Special Building Phase** (5–6 players): a bridge may be built there, like a road.
* A road can never be built over water (``BuildRoad`` refuses a bridge path), nor a bridge
  on land.

What this is not: the maps themselves (``engine/maps``), or ships (Seafarers).
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine import phases as P
from pysettlers.engine.actions import Action, Outcome, register_notation
from pysettlers.engine.building import (
    bridge_sites,
    free_piece_placed,
    path_site_error,
    pay,
    place_road,
    require_cost,
    sea_path_error,
)
from pysettlers.engine.config import Rules
from pysettlers.engine.data import BRIDGE_COST
from pysettlers.engine.flow import enter_build
from pysettlers.engine.registry import Rule, register_scenario
from pysettlers.engine.scenario import StatelessRule
from pysettlers.engine.state import GameState
from pysettlers.engine.tables import ActionTable
from pysettlers.engine.types import NOBODY, ActionKind, Phase

from . import kinds as K
from .events import BridgeBuilt
from .notation import format_bridge, parse_bridge

BRIDGE_RULE = "Bridges (Islands of Catan)"
MAP_KINDS_WITH_BRIDGES: Final = ("islands", "big-islands", "described")
_PAID: Final = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})


def bridge_error(s: GameState, p: int, e: int) -> str | None:
    """Why ``p`` may not build a bridge on path ``e`` now (ignoring cost), or ``None``."""
    topo = s.topo
    if not 0 <= e < topo.n_paths:
        return f"there is no path {e}"
    if e < topo.n_land_paths:
        return (
            f"{topo.path_names[e]} runs along a land hex: bridges are built only over edges "
            "of two water or port hexes"
        )
    if e >= topo.n_road_paths:
        return sea_path_error(topo.path_names[e])
    if s.setup_vertex != NOBODY:
        return "no bridge in the set-up phase: the set-up places a road"
    return path_site_error(s, p, e)


class BuildBridge(Rule):
    kind = K.BUILD_BRIDGE
    name = BRIDGE_RULE
    phases = frozenset({P.MAIN, P.BUILD, P.ROAD_BUILDING, P.SPECIAL_BUILD})
    order = 13
    fields: tuple[str, ...] = ("a",)
    spends = True

    def needs(self, phase: Phase) -> int:
        return 0b00111 if phase in _PAID else 0  # brick, lumber, wool

    def error(self, s: GameState, a: Action) -> str | None:
        err = bridge_error(s, a.player, a.path)
        if err is None and s.phase in _PAID:
            require_cost(s, a.player, BRIDGE_COST, "a bridge")
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if not s.topo.n_bridge_paths:
            return
        if s.phase == P.ROAD_BUILDING or s.holds(p, BRIDGE_COST):
            out.extend([Action(p, K.BUILD_BRIDGE, e) for e in bridge_sites(s, p)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        e = a.path
        if s.phase == P.ROAD_BUILDING:
            # "A Road Building card can be used to build bridges": one of its free pieces.
            s.events.append(BridgeBuilt(p, e))
            place_road(s, p, e)
            free_piece_placed(s, p)
            return None
        pay(s, p, BRIDGE_COST)
        s.events.append(BridgeBuilt(p, e))
        place_road(s, p, e)  # a road piece: connection, breaking and the Longest Road
        enter_build(s)
        return None


class Bridges(StatelessRule):
    """Bridges through the scenario hooks, on the maps that may have water inside."""

    name = "bridges"

    def enabled(self, rules: Rules) -> bool:
        return rules.map_kind in MAP_KINDS_WITH_BRIDGES

    def kinds(self) -> tuple[ActionKind, ...]:
        return (K.BUILD_BRIDGE,)

    def rules(self) -> tuple[Rule, ...]:
        return (BuildBridge(),)

    def validate(self, s: GameState) -> list[str]:
        topo = s.topo
        return [
            f"bridges: a bridge on {topo.path_names[e]} with no water on either side"
            for e in range(topo.n_land_paths, topo.n_paths)
            if s.road_owner[e] != NOBODY and topo.path_hexes[e]
        ]


register_notation(K.BUILD_BRIDGE, "bridge", format_bridge, parse_bridge)
register_scenario(Bridges())
