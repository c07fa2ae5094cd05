"""Recomputing the state's cached fields from scratch.

What this is for: the state caches values that follow from the pieces on the board
(points, blocked intersections, harbor ratios, road lengths, pieces left, the robber's
victims per hex, the road and settlement frontiers, the production of each number). Loading a saved
position rebuilds them here, and the invariant harness compares them with the incremental
values the rules maintain.

What this is not: award *holders* are history (a holder keeps a tied Longest Road), so
they are stored, not derived; only their points are recounted.
"""

from __future__ import annotations

from typing import Any

from . import data
from .awards import longest_road_of
from .building import scan_road_sites, scan_settlement_sites
from .hands import cards_played
from .scenario import path_pieces_of
from .state import GameState, blocked_at_start
from .types import NOBODY, DevCard, Harbor


def recount(s: GameState) -> dict[str, Any]:
    """Cached per-player/per-intersection values as a from-scratch recount would give them."""
    n = s.n
    topo = s.topo
    public = [0] * n
    settlements_left = [data.SETTLEMENTS_PER_PLAYER] * n
    cities_left = [data.CITIES_PER_PLAYER] * n
    roads_left = [data.ROADS_PER_PLAYER] * n
    blocked = blocked_at_start(topo)
    rates = [[4] * 5 for _ in range(n)]  # per seat, per resource
    for v, o in enumerate(s.building_owner):
        if o == NOBODY:
            continue
        if s.building_level[v] == 2:
            public[o] += 2
            cities_left[o] -= 1
        else:
            public[o] += 1
            settlements_left[o] -= 1
        blocked[v] += 1
        for w in topo.intersection_neighbors[v]:
            blocked[w] += 1
        for kind in s.board.harbors_at(v):
            for r in range(5):
                if kind == Harbor.GENERIC:
                    rates[o][r] = min(rates[o][r], 3)
                elif r == kind:
                    rates[o][r] = 2
    for o in s.road_owner:
        if o != NOBODY:
            roads_left[o] -= 1
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None  # Seafarers
    hex_owners = [0] * topo.n_hexes
    prod: list[list[tuple[int, int]]] = [[] for _ in range(13)]
    numbers = s.board.numbers
    for h in range(topo.n_hexes):
        for v in topo.hex_corners[h]:
            o = s.building_owner[v]
            if o != NOBODY:
                hex_owners[h] |= 1 << o
                if numbers[h]:
                    prod[numbers[h]].append((h, v))
    for holder in (s.longest_road, s.largest_army):
        if holder != NOBODY:
            public[holder] += data.AWARD_POINTS
    if s.rules.alternate and s.rules.has("victory_points_played"):
        for p in range(n):  # alternate rule 1: victory point cards played face up count
            public[p] += cards_played(s, p, DevCard.VICTORY_POINT)
    return {
        "public_vp": public,
        "settlements_left": settlements_left,
        "cities_left": cities_left,
        "roads_left": roads_left,
        "blocked": blocked,
        "ratios": [x for seat in rates for x in seat],  # the state's flat layout (hands.py)
        "road_length": [longest_road_of(s, p) for p in range(n)],
        "hex_owners": hex_owners,
        "road_frontier": [_mask(scan_road_sites(s, p, ships)) for p in range(n)],
        "settle_frontier": [_mask(scan_settlement_sites(s, p, blocked, ships)) for p in range(n)],
        "prod": tuple(tuple(sorted(pairs)) for pairs in prod),
    }


def _mask(ids: list[int]) -> int:
    m = 0
    for i in ids:
        m |= 1 << i
    return m


def rebuild_caches(s: GameState) -> None:
    """Set every cached field of ``s`` from its pieces (used when loading a position)."""
    for name, value in recount(s).items():
        setattr(s, name, value)
