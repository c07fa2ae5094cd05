"""The rules of Seafarers ships: where a ship may be built, which ship may move, and the two
action kinds (``BUILD_SHIP``, ``MOVE_SHIP``) with legality, options and transition side by
side. The readings taken are in the package docstring (``__init__.py``).

What this is not: the Longest Trade Route's measure (``awards.route_length``) or the base
game's building rules, which read the ships through ``scenario.path_pieces_of``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from pysettlers.engine import phases as P
from pysettlers.engine.actions import Action, Outcome
from pysettlers.engine.awards import update_longest_road
from pysettlers.engine.building import (
    free_piece_placed,
    pay,
    refresh_road_frontiers,
    require_cost,
)
from pysettlers.engine.data import SHIP_COST, SHIPS_PER_PLAYER
from pysettlers.engine.flow import enter_build
from pysettlers.engine.registry import Rule
from pysettlers.engine.state import GameState
from pysettlers.engine.tables import ActionTable
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import NOBODY, Phase

from . import kinds as K
from .events import ShipBuilt, ShipMoved
from .part import ShipsPart, part_of

SHIP_RULE = "Ships (Seafarers)"
MOVE_RULE = "Moving ships (Seafarers)"
_PAID: Final = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})


@cache
def sea_paths(topo: Topology) -> frozenset[int]:
    """The paths touching the sea: a land path with a land hex on one side only (the other
    is a water or port hex, or the sea beyond the rim), and every path over water (a bridge
    path, between two water or port hexes, and every path of the open sea). "Ships ... serve
    as roads over water or along the coast" (002)."""
    return frozenset(e for e in range(topo.n_paths) if len(topo.path_hexes[e]) < 2)


def ship_connects(s: GameState, owner: list[int], p: int, e: int) -> bool:
    """Whether a ship of ``p`` on ``e`` would join ``p``'s settlement or city, or ``p``'s
    line of ships through an intersection holding no opponent's building. A road does not
    continue a line of ships: "A settlement must first be built before a player can switch
    from building roads to building ships" (002)."""
    topo = s.topo
    bo = s.building_owner
    for v in topo.path_ends[e]:
        o = bo[v]
        if o == p:
            return True
        if o != NOBODY:
            continue  # an opponent's building breaks a line, as it breaks a road
        for f in topo.intersection_paths[v]:
            if f != e and owner[f] == p:
                return True
    return False


def ship_sites(s: GameState, p: int, x: ShipsPart | None = None) -> list[int]:
    """The free sea paths where ``p`` may build a ship now (ignoring cost), in id order."""
    if x is None:
        x = part_of(s)
    if x.left[p] <= 0 or s.setup_vertex != NOBODY:
        return []
    topo = s.topo
    sea = sea_paths(topo)
    owner = x.owner
    ro = s.road_owner
    bo = s.building_owner
    sources = {v for v, o in enumerate(bo) if o == p}
    for e, o in enumerate(owner):
        if o == p:
            for v in topo.path_ends[e]:
                if bo[v] == NOBODY or bo[v] == p:
                    sources.add(v)
    out = {
        f
        for v in sources
        for f in topo.intersection_paths[v]
        if f in sea and owner[f] == NOBODY and ro[f] == NOBODY
    }
    return sorted(out)


def ship_error(s: GameState, p: int, e: int) -> str | None:
    """Why ``p`` may not build a ship on ``e`` now (ignoring cost), or ``None``."""
    topo = s.topo
    if not 0 <= e < topo.n_paths:
        return f"there is no path {e}"
    if e not in sea_paths(topo):
        return f"{topo.path_names[e]} touches no sea: ships are built only on paths by the sea"
    x = part_of(s)
    if x.owner[e] != NOBODY or s.road_owner[e] != NOBODY:
        return f"a path holds one piece; {topo.path_names[e]} is taken"
    if s.setup_vertex != NOBODY:
        return "no ship in the set-up phase: the set-up places a road"
    if x.left[p] <= 0:
        return f"you have built all {SHIPS_PER_PLAYER} of your ships"
    if not ship_connects(s, x.owner, p, e):
        return (
            "a ship must join one of your settlements or cities or your line of ships (not a "
            "road: roads and ships meet only at your settlement or city), and cannot continue "
            "through an opponent's building"
        )
    return None


# -- moving ------------------------------------------------------------------------------------


def _joined(s: GameState, owner: list[int], p: int, e: int, v: int) -> bool:
    """Whether ``p``'s ship on ``e`` continues at ``v`` in another of ``p``'s ships of the
    same line (no building at all on ``v``: a line ends at a building)."""
    if s.building_owner[v] != NOBODY:
        return False
    return any(f != e and owner[f] == p for f in s.topo.intersection_paths[v])


def line_of(s: GameState, owner: list[int], p: int, e: int) -> set[int]:
    """The paths of the line of ships that ``p``'s ship on ``e`` belongs to: ``p``'s ships
    joined end to end at intersections holding no building."""
    topo = s.topo
    line = {e}
    todo = [e]
    while todo:
        f = todo.pop()
        for v in topo.path_ends[f]:
            if not _joined(s, owner, p, f, v):
                continue
            for g in topo.intersection_paths[v]:
                if owner[g] == p and g not in line:
                    line.add(g)
                    todo.append(g)
    return line


def is_closed(s: GameState, owner: list[int], p: int, line: set[int]) -> bool:
    """Whether the line is "anchored at both ends by different settlements" (002): it
    touches ``p``'s settlements or cities on two different intersections."""
    bo = s.building_owner
    ends = s.topo.path_ends
    return len({v for f in line for v in ends[f] if bo[v] == p}) >= 2


def open_end(s: GameState, owner: list[int], p: int, e: int) -> bool:
    """Whether ``p``'s ship on ``e`` is at an open end: one of its ends holds no building of
    ``p`` and no other ship of its line."""
    bo = s.building_owner
    return any(bo[v] != p and not _joined(s, owner, p, e, v) for v in s.topo.path_ends[e])


def move_error_from(s: GameState, p: int, e: int) -> str | None:
    """Why ``p`` may not move the ship on ``e`` now (wherever to), or ``None``."""
    topo = s.topo
    if not 0 <= e < topo.n_paths:
        return f"there is no path {e}"
    x = part_of(s)
    if x.owner[e] != p:
        return f"you have no ship on {topo.path_names[e]}"
    if x.moved == s.turn:
        return "a ship may be moved only once per turn"
    if x.built[e] == s.turn:
        return "a ship built this turn may not be moved"
    if not open_end(s, x.owner, p, e):
        return "only the ship at the open end of a line may move"
    if is_closed(s, x.owner, p, line_of(s, x.owner, p, e)):
        return "this line is closed between two of your settlements or cities"
    return None


def move_targets(s: GameState, p: int, e: int) -> list[int]:
    """Where ``p``'s movable ship on ``e`` may go: the sites of a new ship once it is lifted
    (joined to ``p``'s buildings or remaining ships), other than ``e`` itself."""
    x = part_of(s)
    x.owner[e] = NOBODY
    x.left[p] += 1
    try:
        return [f for f in ship_sites(s, p, x) if f != e]
    finally:
        x.owner[e] = p
        x.left[p] -= 1


def movable(s: GameState, p: int) -> list[int]:
    """The paths of ``p``'s ships that may move now."""
    x = part_of(s)
    if x.moved == s.turn:
        return []
    return [e for e, o in enumerate(x.owner) if o == p and move_error_from(s, p, e) is None]


# -- placing -----------------------------------------------------------------------------------


def place_ship(s: GameState, p: int, e: int) -> None:
    """Put ``p``'s ship on ``e``, keeping the base game's frontiers and the trade route."""
    x = part_of(s)
    s.pieces_changed += 1
    x.owner[e] = p
    x.built[e] = s.turn
    x.left[p] -= 1
    fr = s.road_frontier
    bit = ~(1 << e)
    for q in range(s.n):
        fr[q] &= bit  # no road on a path with a ship
    blocked = s.blocked
    for v in s.topo.path_ends[e]:
        if not blocked[v]:
            s.settle_frontier[p] |= 1 << v  # a settlement may end the line here
    update_longest_road(s, (p,))


def lift_ship(s: GameState, e: int) -> None:
    """Take the ship off ``e`` back into its owner's supply (a move's first half)."""
    x = part_of(s)
    p = x.owner[e]
    s.pieces_changed += 1
    x.owner[e] = NOBODY
    x.built[e] = NOBODY
    x.left[p] += 1
    refresh_road_frontiers(s, (e,))
    topo = s.topo
    ro = s.road_owner
    for v in topo.path_ends[e]:
        mine = any(ro[f] == p or x.owner[f] == p for f in topo.intersection_paths[v])
        if mine and not s.blocked[v]:
            s.settle_frontier[p] |= 1 << v
        else:
            s.settle_frontier[p] &= ~(1 << v)


# -- the rules ---------------------------------------------------------------------------------


class BuildShip(Rule):
    kind = K.BUILD_SHIP
    name = SHIP_RULE
    phases = frozenset({P.MAIN, P.BUILD, P.ROAD_BUILDING, P.SPECIAL_BUILD})
    order = 14
    fields: tuple[str, ...] = ("a",)
    spends = True

    def needs(self, phase: Phase) -> int:
        return 0b00110 if phase in _PAID else 0  # lumber, wool

    def error(self, s: GameState, a: Action) -> str | None:
        err = ship_error(s, a.player, a.path)
        if err is None and s.phase in _PAID:
            require_cost(s, a.player, SHIP_COST, "a ship")
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if s.phase == P.ROAD_BUILDING or s.holds(p, SHIP_COST):
            out.extend([Action(p, K.BUILD_SHIP, e) for e in ship_sites(s, p)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        e = a.path
        if s.phase == P.ROAD_BUILDING:
            # Road Building: each of its two free pieces may be a road or a ship (README).
            s.events.append(ShipBuilt(p, e))
            place_ship(s, p, e)
            free_piece_placed(s, p)
            return None
        pay(s, p, SHIP_COST)
        s.events.append(ShipBuilt(p, e))
        place_ship(s, p, e)
        enter_build(s)
        return None


class MoveShip(Rule):
    kind = K.MOVE_SHIP
    name = MOVE_RULE
    # On one's own turn, after the roll (not in a Special Building Phase: "once per turn").
    phases = frozenset({P.MAIN, P.BUILD})
    order = 15
    fields: tuple[str, ...] = ("a", "b")

    def error(self, s: GameState, a: Action) -> str | None:
        e, f = a.path, a.to_path
        err = move_error_from(s, a.player, e)
        if err is not None:
            return err
        topo = s.topo
        if not 0 <= f < topo.n_paths:
            return f"there is no path {f}"
        if f == e:
            return "a ship must move to another path"
        if f not in move_targets(s, a.player, e):
            return (
                f"a ship cannot go to {topo.path_names[f]}: it must go to a free path by "
                "the sea where a new ship could be built once this one is lifted"
            )
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        for e in movable(s, p):
            out.extend([Action(p, K.MOVE_SHIP, e, f) for f in move_targets(s, p, e)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        x = part_of(s)
        e, f = a.path, a.to_path
        s.events.append(ShipMoved(p, e, f))
        built = x.built[e]
        lift_ship(s, e)
        place_ship(s, p, f)
        x.built[f] = built  # the same ship, built when it was
        x.moved = s.turn
        enter_build(s)
        return None
