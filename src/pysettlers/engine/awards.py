"""Longest Road and Largest Army: measuring roads and moving the special cards.

What this is for: the length of each player's longest single road branch, and the
Almanac's rules for who holds each special card, kept as cached fields of the state
(``road_length``, ``longest_road``, ``largest_army``, ``public_vp``) and updated only when a
piece that can change them is placed.

What this is not: the building rules themselves (``building.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .data import (
    AWARD_POINTS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    ROADS_PER_PLAYER,
    SHIPS_PER_PLAYER,
)
from .events import LargestArmyMoved, LongestRoadMoved
from .scenario import path_pieces_of
from .state import GameState
from .topology import Topology
from .types import NOBODY

MAX_PATH_PIECES = ROADS_PER_PLAYER + SHIPS_PER_PLAYER
"""The most pieces one player can have on paths (15 roads, and 15 ships with Seafarers):
the walks below refuse more. The number of trails grows exponentially with the pieces (60
roads of one player took 5 CPU-seconds, 193 ships never finished); within the supply the
worst case measured is about 20 ms (a 30-piece network filling the 30 sides of seven hexes,
every intersection tried as a start: ``route_length``; 15 roads: under 1 ms)."""


def _bound(count: int, p: int) -> None:
    # Legal positions never come here (``validate.check_supply`` refuses them first); a
    # caller's hand-made board does, and learns why instead of waiting forever.
    if count > MAX_PATH_PIECES:
        raise ValueError(
            f"p{p} has {count} pieces on paths: more than the supply's {ROADS_PER_PLAYER} "
            f"roads and {SHIPS_PER_PLAYER} ships, too many to measure a road"
        )


def longest_road_of(s: GameState, p: int) -> int:
    """The length of ``p``'s longest road in ``s`` (see :func:`trail_length`); with
    Seafarers ships, of ``p``'s longest trade route."""
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None
    return trail_length(s.topo, s.road_owner, s.building_owner, p, ships)


def trail_length(
    topo: Topology,
    road_owner: Sequence[int],
    building_owner: Sequence[int],
    p: int,
    ship_owner: Sequence[int] | None = None,
) -> int:
    """The longest trail of ``p``'s roads (no path used twice), counting only one branch.

    With ``ship_owner`` (Seafarers ships) it is the Longest Trade Route: "calculated by
    counting the number of contiguous ships plus roads that a player has. A settlement or
    city is necessary between a road and a ship for the two to be considered continuous"
    (002) — :func:`route_length`.

    Takes the board as plain sequences so that a view (a bot weighing a road it might
    build) measures roads by the same rule as the engine.

    A road "is broken" by an opponent's building on an intersection: the trail may end
    there but not pass through it. One's own buildings never break a road (Almanac,
    Longest Road).

    Only some intersections need to be tried as the start of the trail. A longest trail
    that is not closed ends where it cannot be extended: at an intersection where ``p``
    has an odd number of roads, or at an opponent's building. A closed one uses every road
    of its part of the network (else it could be extended from where one branches off), so
    any intersection of that part will do: parts whose walks never covered all their
    roads get a start of their own.
    """
    if ship_owner is not None and p in ship_owner:
        return route_length(topo, road_owner, ship_owner, building_owner, p)
    ro = road_owner
    mine = [e for e, o in enumerate(ro) if o == p]
    if len(mine) <= 1:
        return len(mine)
    _bound(len(mine), p)
    ends = topo.path_ends
    bo = building_owner
    degree: dict[int, int] = {}
    for e in mine:
        for v in ends[e]:
            degree[v] = degree.get(v, 0) + 1
    starts = sorted(v for v, d in degree.items() if d % 2 or (bo[v] != NOBODY and bo[v] != p))
    walker = _Walker(topo, ro, bo, p)
    for v in starts:
        walker.walk(v, 0)
        if walker.best == len(mine):
            return walker.best
    for e in mine:  # the parts made only of loops
        if e not in walker.seen:
            walker.walk(ends[e][0], 0)
    return walker.best


def trail_from(
    topo: Topology, road_owner: Sequence[int], building_owner: Sequence[int], p: int, v: int
) -> int:
    """The longest trail of ``p``'s roads that starts at intersection ``v``."""
    walker = _Walker(topo, road_owner, building_owner, p)
    walker.walk(v, 0)
    return walker.best


class _Walker:
    """Depth-first walks over ``p``'s roads, each road used at most once per trail.

    ``used`` holds the roads of the trail being walked; ``seen`` every road any walk used."""

    __slots__ = ("best", "bo", "ends", "p", "ro", "seen", "used", "vpaths")

    def __init__(self, topo: Topology, ro: Sequence[int], bo: Sequence[int], p: int) -> None:
        self.ro = ro
        self.bo = bo
        self.p = p
        self.ends = topo.path_ends
        self.vpaths = topo.intersection_paths
        self.used: set[int] = set()
        self.seen: set[int] = set()
        self.best = 0

    def walk(self, v: int, length: int) -> None:
        if length > self.best:
            self.best = length
        bo = self.bo
        p = self.p
        if length and bo[v] != NOBODY and bo[v] != p:
            return  # an opponent's settlement or city breaks the road here
        ro = self.ro
        used = self.used
        for e in self.vpaths[v]:
            if ro[e] == p and e not in used:
                used.add(e)
                self.seen.add(e)
                a, b = self.ends[e]
                self.walk(b if a == v else a, length + 1)
                used.discard(e)


def route_length(
    topo: Topology,
    road_owner: Sequence[int],
    ship_owner: Sequence[int],
    building_owner: Sequence[int],
    p: int,
) -> int:
    """The longest trade route of ``p``: the longest trail over ``p``'s roads and ships
    together, passing from a road to a ship (or back) only at an intersection holding
    ``p``'s own settlement or city (002); an opponent's building breaks it as it breaks a
    road. Every intersection touching ``p``'s pieces is tried as a start (the parity
    argument of :func:`trail_length` does not survive the junction rule); the walks stop
    early once a trail uses every piece.
    """
    pieces = [e for e, o in enumerate(road_owner) if o == p]
    pieces += [e for e, o in enumerate(ship_owner) if o == p]
    if len(pieces) <= 1:
        return len(pieces)
    _bound(len(pieces), p)
    ends = topo.path_ends
    starts = sorted({v for e in pieces for v in ends[e]})
    walker = _RouteWalker(topo, road_owner, ship_owner, building_owner, p)
    for v in starts:
        walker.walk(v, 0, -1)
        if walker.best == len(pieces):
            break
    return walker.best


class _RouteWalker:
    """Depth-first walks over ``p``'s roads (kind 0) and ships (kind 1), each piece used at
    most once per trail, changing kind only at ``p``'s own building."""

    __slots__ = ("best", "bo", "ends", "p", "ro", "so", "used", "vpaths")

    def __init__(
        self,
        topo: Topology,
        ro: Sequence[int],
        so: Sequence[int],
        bo: Sequence[int],
        p: int,
    ) -> None:
        self.ro = ro
        self.so = so
        self.bo = bo
        self.p = p
        self.ends = topo.path_ends
        self.vpaths = topo.intersection_paths
        self.used: set[int] = set()
        self.best = 0

    def walk(self, v: int, length: int, came: int) -> None:
        if length > self.best:
            self.best = length
        p = self.p
        o = self.bo[v]
        if length and o != NOBODY and o != p:
            return  # an opponent's settlement or city breaks the route here
        used = self.used
        for e in self.vpaths[v]:
            if e in used:
                continue
            if self.ro[e] == p:
                kind = 0
            elif self.so[e] == p:
                kind = 1
            else:
                continue
            if came >= 0 and kind != came and o != p:
                continue  # a road and a ship join only at one's own settlement or city
            used.add(e)
            a, b = self.ends[e]
            self.walk(b if a == v else a, length + 1, kind)
            used.discard(e)


def _award(holder: int, values: list[int], minimum: int) -> int:
    """Who holds a special card after a change, by the Almanac's rules.

    The holder keeps it while they still have the largest value (even if now tied, e.g. a
    broken road); otherwise it goes to the single player with the largest value of at
    least ``minimum``; if several tie for that or nobody reaches it, it is set aside.
    """
    best = max(values)
    if holder != NOBODY and values[holder] == best and best >= minimum:
        return holder
    if best < minimum:
        return NOBODY
    leaders = [p for p, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else NOBODY


def _move_card(s: GameState, old: int, new: int) -> None:
    if old != NOBODY:
        s.public_vp[old] -= AWARD_POINTS
    if new != NOBODY:
        s.public_vp[new] += AWARD_POINTS


def update_longest_road(s: GameState, players: Iterable[int]) -> None:
    """Re-measure the roads of ``players`` and move the Longest Road card if needed."""
    for p in players:
        s.road_length[p] = longest_road_of(s, p)
    _award_longest_road(s)


def _award_longest_road(s: GameState) -> None:
    old = s.longest_road
    new = _award(old, s.road_length, LONGEST_ROAD_MIN)
    if new != old:
        _move_card(s, old, new)
        s.longest_road = new
        s.events.append(LongestRoadMoved(new))


def extend_longest_road(s: GameState, p: int, e: int) -> None:
    """``p`` placed a road on ``e``: re-measure ``p``'s roads, as cheaply as the road allows.

    A road with an end where ``p`` has no other road (a leaf) can only lengthen trails that
    end there, so the new longest trail is the old one or the longest trail from that leaf;
    a road joining roads at both ends may join two trails, and is measured from scratch.
    """
    if s.ruleset.path_pieces:
        update_longest_road(s, (p,))  # the trade route: measured whole (route_length)
        return
    topo = s.topo
    ro = s.road_owner
    vpaths = topo.intersection_paths
    a, b = topo.path_ends[e]
    leaf = NOBODY
    if not any(f != e and ro[f] == p for f in vpaths[b]):
        leaf = b
    elif not any(f != e and ro[f] == p for f in vpaths[a]):
        leaf = a
    if leaf == NOBODY:
        update_longest_road(s, (p,))
        return
    length = trail_from(topo, ro, s.building_owner, p, leaf)
    if length > s.road_length[p]:
        s.road_length[p] = length
        _award_longest_road(s)


def update_largest_army(s: GameState) -> None:
    """Move the Largest Army card after the number of played knights changed."""
    old = s.largest_army
    new = _award(old, s.knights, LARGEST_ARMY_MIN)
    if new != old:
        _move_card(s, old, new)
        s.largest_army = new
        s.events.append(LargestArmyMoved(new))
