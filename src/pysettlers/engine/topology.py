"""The static board graph: land hexes, intersections, paths and their adjacency tables.

What this is for: turning a set of land-hex coordinates (axial ``(q, r)``, pointy-top, the
conventions of ``board-data.md`` §0) into integer ids and flat adjacency tables, built once
per map shape and shared by every state of every game on that shape. It also names things:
``(0,-1)N`` is an intersection, ``(0,-1)NE`` a path, ``(0,-1)`` a hex; every alias of an
intersection or path (one per touching land hex) parses to the same id.

Bridges (the 1996 *Islands of Catan*, ``engine/maps``): built with ``bridges=True`` the
topology also has a path over every edge between two hexes that are not land (water, port
or beyond the map) whose two ends are intersections of the land — "Bridges can be built over
edges of two water or port hexes" (003, 5. Islands of Catan). These *bridge paths* take the
ids after every land path (``n_land_paths`` onwards), so a land path keeps its id whether or
not bridges are in play. They join ``intersection_paths`` and ``path_neighbors`` (a bridge is
"treated exactly like roads" for connection and the Longest Road) but never
``intersection_neighbors``: two intersections joined only across water are not neighbours
for the distance rule ("when two intersections are separated by nothing but water or port
hexes, ignore the rule that settlements must be placed at least two intersections away").
Without bridges such intersections have no path between them at all, so the distance
exception holds on any board with water inside. A bridge path is named after the non-land
hexes it lies between (``(1,0)E`` with ``(1,0)`` water); it touches no land hex.

Open sea (Seafarers ships, ``scenarios/ships``): built with ``sea`` — the board's sea hexes,
``board.sea_hexes`` — the topology also has a *sea intersection* at every corner of a sea
hex that is no corner of a land hex, and a *sea path* along every side of a sea hex that is
neither a land path nor a bridge path (a side on the outer rim, with nothing beyond it,
counts: it is a side of a sea hex). Their ids come after everything else: sea intersections
from ``n_land_intersections`` on, sea paths from ``n_road_paths`` (= land + bridge paths) on,
so every other id is the same with or without them. They join ``intersection_paths`` and
``path_neighbors`` (a line of ships runs through them) but never ``intersection_neighbors``
(no building stands on the sea, so the distance rule never meets them), hold no land hex
(``intersection_hexes`` and ``path_hexes`` are empty: no production, no robber), and are
named after a sea hex they touch (``(2,-3)S``, ``(2,-3)SE``); every corner and side of a sea
hex is an alias of what lies there, land intersections and coastal paths included.

What this is not: it knows nothing of terrain, numbers, harbors or pieces (see ``board.py``
and ``state.py``). Any shape works — the 19-hex island, the 30-hex 5–6 island, or an
irregular archipelago — because adjacency is derived from coordinates, never typed in.

Lattice used to identify corners: a hex centre is at ``X = 2q + r``, ``Y = 3r``; its corners
are at the offsets below, so shared corners of neighbouring hexes get equal integer keys.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache

from .types import Corner, HexId, IntersectionId, PathId, Side

Coord = tuple[int, int]

CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""Lattice offsets of the corners N, NE, SE, S, SW, NW from the hex centre."""

SIDE_NEIGHBOR: tuple[Coord, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""Axial offset of the hex across each side NE, E, SE, SW, W, NW."""

_NAME_RE = re.compile(r"^\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*([NSEWnsew]{0,2})$")
MAX_COORD_DIGITS = 3
"""Digits a coordinate may have in a name: far more than any island needs, and few enough
that a name of thousands of digits is refused before it is converted to an int."""
_SHOWN = 40  # characters of a bad name echoed in a message


def ring(hexes: Iterable[Coord]) -> set[Coord]:
    """The hexes beside any of ``hexes`` that are not among them: the frame round a map's
    land (where bridges can lie, and the sea a ship may sail, ``board.sea_hexes``)."""
    inside = set(hexes)
    return {(q + dq, r + dr) for q, r in inside for dq, dr in SIDE_NEIGHBOR} - inside


def _shown(text: str) -> str:
    """``text`` quoted for an error message, shortened when long."""
    if len(text) <= _SHOWN:
        return repr(text)
    return f"{text[:_SHOWN]!r}... ({len(text)} characters)"


class NameError_(ValueError):
    """A hex, intersection or path name that does not denote anything on this board."""


def _checked_coord(text: str, q: str, r: str) -> Coord:
    # Digits are counted before int() runs, so a name of thousands of digits costs nothing.
    if max(len(q.lstrip("-")), len(r.lstrip("-"))) > MAX_COORD_DIGITS:
        raise NameError_(f"{_shown(text)}: a coordinate has at most {MAX_COORD_DIGITS} digits")
    return int(q), int(r)


def parse_coord(text: str) -> Coord:
    """The axial coordinate ``(q, r)`` of a hex name such as ``(0,-1)``, on any board."""
    m = _NAME_RE.match(text.strip())
    if not m or m.group(3):
        raise NameError_(f"{_shown(text)} is not a hex name like '(0,-1)'")
    return _checked_coord(text, m.group(1), m.group(2))


class Topology:
    """Immutable adjacency tables for one board shape. Build with :func:`topology_for`."""

    __slots__ = (
        "_intersection_alias",
        "_path_alias",
        "_spirals",
        "coastal_paths",
        "hex_corners",
        "hex_index",
        "hex_names",
        "hex_neighbors",
        "hex_sides",
        "hexes",
        "intersection_hexes",
        "intersection_names",
        "intersection_neighbors",
        "intersection_paths",
        "intersection_xy",
        "n_bridge_paths",
        "n_hexes",
        "n_intersections",
        "n_land_intersections",
        "n_land_paths",
        "n_paths",
        "n_road_paths",
        "n_sea_paths",
        "path_ends",
        "path_hexes",
        "path_names",
        "path_neighbors",
        "sea_hexes",
    )

    def __init__(
        self, land: Iterable[Coord], bridges: bool = False, sea: Iterable[Coord] = ()
    ) -> None:
        # Row-major order (top to bottom, west to east) gives stable, readable hex ids.
        self._spirals: dict[Coord, tuple[HexId, ...]] = {}  # ``spiral`` by start, once each
        self.hexes: tuple[Coord, ...] = tuple(sorted(set(land), key=lambda c: (c[1], c[0])))
        self.hex_index: dict[Coord, HexId] = {c: i for i, c in enumerate(self.hexes)}
        self.n_hexes = len(self.hexes)

        corner_keys: dict[tuple[int, int], list[tuple[HexId, int]]] = {}
        for h, (q, r) in enumerate(self.hexes):
            cx, cy = 2 * q + r, 3 * r
            for c, (dx, dy) in enumerate(CORNER_OFFSETS):
                corner_keys.setdefault((cx + dx, cy + dy), []).append((h, c))
        # Intersections in reading order (by lattice row, then column).
        keys = sorted(corner_keys, key=lambda k: (k[1], k[0]))
        vid = {k: i for i, k in enumerate(keys)}
        self.n_intersections = len(keys)
        self.intersection_xy: tuple[tuple[int, int], ...] = tuple(keys)

        self.hex_corners: tuple[tuple[IntersectionId, ...], ...] = tuple(
            tuple(vid[(2 * q + r + dx, 3 * r + dy)] for dx, dy in CORNER_OFFSETS)
            for (q, r) in self.hexes
        )
        self.intersection_hexes: tuple[tuple[HexId, ...], ...] = tuple(
            tuple(sorted(h for h, _ in corner_keys[k])) for k in keys
        )  # the land intersections; the sea ones (no land hex) are added below

        # Paths: one per unordered pair of corners that are consecutive on some land hex.
        path_keys: dict[tuple[int, int], list[tuple[HexId, int]]] = {}
        for h, corners in enumerate(self.hex_corners):
            for s in range(6):
                a, b = corners[s], corners[(s + 1) % 6]
                path_keys.setdefault((min(a, b), max(a, b)), []).append((h, s))

        def path_order(k: tuple[int, int]) -> tuple[int, int]:
            (ax, ay), (bx, by) = keys[k[0]], keys[k[1]]
            return (ay + by, ax + bx)  # midpoint, reading order

        pkeys = sorted(path_keys, key=path_order)
        self.n_land_paths = len(pkeys)
        # Bridge paths (module docstring): edges of the hex lattice whose two ends are land
        # intersections but which lie along no land hex — both hexes beside them are water,
        # port hexes or outside the map. Only hexes touching a land intersection can have
        # such an edge, and each of those is a neighbour of a land hex.
        bridge_names: dict[tuple[int, int], list[str]] = {}
        if bridges:
            for q, r in sorted(ring(self.hexes), key=lambda c: (c[1], c[0])):
                cx, cy = 2 * q + r, 3 * r
                ks = [(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS]
                for s in range(6):
                    ka, kb = ks[s], ks[(s + 1) % 6]
                    if ka not in vid or kb not in vid:
                        continue
                    a, b = vid[ka], vid[kb]
                    key = (min(a, b), max(a, b))
                    if key in path_keys:
                        continue  # along a land hex: an ordinary path
                    bridge_names.setdefault(key, []).append(f"({q},{r}){Side(s).name}")
        bkeys = sorted(bridge_names, key=path_order)
        pkeys += bkeys
        self.n_bridge_paths = len(bkeys)
        self.n_road_paths = len(pkeys)
        self.n_land_intersections = len(keys)
        # Open sea (module docstring): the corners of the sea hexes that are no land
        # intersection, then the sides of the sea hexes that are no land or bridge path, each
        # in reading order after every id above, so those ids never change.
        self.sea_hexes: tuple[Coord, ...] = tuple(
            sorted(set(sea) - set(self.hexes), key=lambda c: (c[1], c[0]))
        )
        sea_corners: dict[tuple[int, int], list[tuple[Coord, int]]] = {}
        for q, r in self.sea_hexes:
            cx, cy = 2 * q + r, 3 * r
            for c, (dx, dy) in enumerate(CORNER_OFFSETS):
                sea_corners.setdefault((cx + dx, cy + dy), []).append(((q, r), c))
        for k in sorted((k for k in sea_corners if k not in vid), key=lambda k: (k[1], k[0])):
            vid[k] = len(keys)
            keys.append(k)
        self.n_intersections = len(keys)
        self.intersection_xy = tuple(keys)
        sea_names: dict[tuple[int, int], list[str]] = {}
        side_alias: dict[tuple[int, int], list[str]] = {}  # every sea hex side, by its ends
        for q, r in self.sea_hexes:
            cx, cy = 2 * q + r, 3 * r
            ids = [vid[(cx + dx, cy + dy)] for dx, dy in CORNER_OFFSETS]
            for s in range(6):
                a, b = ids[s], ids[(s + 1) % 6]
                key = (min(a, b), max(a, b))
                side_alias.setdefault(key, []).append(f"({q},{r}){Side(s).name}")
                if key not in path_keys and key not in bridge_names:
                    sea_names.setdefault(key, []).append(f"({q},{r}){Side(s).name}")
        skeys = sorted(sea_names, key=path_order)
        pkeys += skeys
        self.n_sea_paths = len(skeys)
        self.intersection_hexes += ((),) * (self.n_intersections - self.n_land_intersections)
        pid = {k: i for i, k in enumerate(pkeys)}
        self.n_paths = len(pkeys)
        self.path_ends: tuple[tuple[IntersectionId, IntersectionId], ...] = tuple(pkeys)
        self.path_hexes: tuple[tuple[HexId, ...], ...] = tuple(
            tuple(sorted(h for h, _ in path_keys.get(k, ()))) for k in pkeys
        )
        self.hex_sides: tuple[tuple[PathId, ...], ...] = tuple(
            tuple(pid[(min(cs[s], cs[(s + 1) % 6]), max(cs[s], cs[(s + 1) % 6]))] for s in range(6))
            for cs in self.hex_corners
        )
        self.coastal_paths: tuple[PathId, ...] = tuple(
            p for p in range(self.n_land_paths) if len(self.path_hexes[p]) == 1
        )

        vpaths: list[list[PathId]] = [[] for _ in range(self.n_intersections)]
        vnbrs: list[list[IntersectionId]] = [[] for _ in range(self.n_intersections)]
        for p, (a, b) in enumerate(self.path_ends):
            vpaths[a].append(p)
            vpaths[b].append(p)
            if p < self.n_land_paths:  # across water is no neighbour (distance exception)
                vnbrs[a].append(b)
                vnbrs[b].append(a)
        self.intersection_paths: tuple[tuple[PathId, ...], ...] = tuple(map(tuple, vpaths))
        self.intersection_neighbors: tuple[tuple[IntersectionId, ...], ...] = tuple(
            map(tuple, vnbrs)
        )
        self.path_neighbors: tuple[tuple[PathId, ...], ...] = tuple(
            tuple(sorted({q for v in ends for q in vpaths[v] if q != p}))
            for p, ends in enumerate(self.path_ends)
        )
        self.hex_neighbors: tuple[tuple[HexId, ...], ...] = tuple(
            tuple(
                self.hex_index[(q + dq, r + dr)]
                for dq, dr in SIDE_NEIGHBOR
                if (q + dq, r + dr) in self.hex_index
            )
            for (q, r) in self.hexes
        )

        # Names. An intersection's canonical name uses the hex for which it is the N or S
        # corner when that hex is land (as board-data.md does), else the first land hex.
        self.hex_names: tuple[str, ...] = tuple(f"({q},{r})" for q, r in self.hexes)
        inames: list[str] = []
        ialias: dict[str, IntersectionId] = {}
        for v, k in enumerate(keys[: self.n_land_intersections]):
            touching = sorted(corner_keys[k], key=lambda hc: (hc[1] not in (0, 3), hc[0]))
            for h, c in touching:
                ialias[self.hex_names[h] + Corner(c).name] = v
            h, c = touching[0]
            inames.append(self.hex_names[h] + Corner(c).name)
        sea_order = {c: i for i, c in enumerate(self.sea_hexes)}
        for k in keys:  # land intersections by a sea hex's corner too; sea ones only so
            if k not in sea_corners:
                continue
            ranked = sorted(sea_corners[k], key=lambda hc: (hc[1] not in (0, 3), sea_order[hc[0]]))
            for (q, r), c in ranked:
                ialias.setdefault(f"({q},{r}){Corner(c).name}", vid[k])
            if vid[k] >= self.n_land_intersections:
                (q, r), c = ranked[0]
                inames.append(f"({q},{r}){Corner(c).name}")
        self.intersection_names: tuple[str, ...] = tuple(inames)
        self._intersection_alias = ialias
        pnames: list[str] = []
        palias: dict[str, PathId] = {}
        for p, k in enumerate(pkeys):
            if p >= self.n_land_paths:  # a bridge or sea path: named by the hexes beside it
                aliases = bridge_names[k] if p < self.n_road_paths else sea_names[k]
                for name in aliases:
                    palias[name] = p
                pnames.append(aliases[0])
                continue
            touching = sorted(path_keys[k])
            for h, s in touching:
                palias[self.hex_names[h] + Side(s).name] = p
            h, s = touching[0]
            pnames.append(self.hex_names[h] + Side(s).name)
        for k, names in side_alias.items():  # a sea hex's side names whatever lies there
            for name in names:
                palias.setdefault(name, pid[k])
        self.path_names: tuple[str, ...] = tuple(pnames)
        self._path_alias = palias

    def __eq__(self, other: object) -> bool:
        # The same shape (and bridge paths) is the same topology: the shared one is normally
        # the same object, but the cache is bounded, and a map laid out from a shuffle (the
        # islands maps) has a shape of its own each game, so an evicted and rebuilt one
        # (loading a saved game) must compare equal.
        if self is other:
            return True
        if not isinstance(other, Topology):
            return NotImplemented
        return (
            self.hexes == other.hexes
            and self.n_paths == other.n_paths
            and self.sea_hexes == other.sea_hexes
        )

    def __hash__(self) -> int:
        return hash((self.hexes, self.n_paths, self.sea_hexes))

    # -- naming -------------------------------------------------------------------------------

    @staticmethod
    def _normalize(text: str) -> tuple[int, int, str]:
        m = _NAME_RE.match(text.strip())
        if not m:
            raise NameError_(
                f"{_shown(text)} is not a board name like '(0,-1)', '(0,-1)N' or '(0,-1)NE'"
            )
        q, r = _checked_coord(text, m.group(1), m.group(2))
        return q, r, m.group(3).upper()

    def parse_hex(self, text: str) -> HexId:
        """The hex id of a name such as ``(0,-1)``."""
        q, r, suffix = self._normalize(text)
        if suffix or (q, r) not in self.hex_index:
            raise NameError_(f"{_shown(text)} is not a land hex of this board")
        return self.hex_index[(q, r)]

    def parse_intersection(self, text: str) -> IntersectionId:
        """The intersection id of any of its names, e.g. ``(0,-1)N`` or ``(0,-2)SE``."""
        q, r, suffix = self._normalize(text)
        key = f"({q},{r}){suffix}"
        if key not in self._intersection_alias:
            raise NameError_(f"{_shown(text)} is not an intersection of this board")
        return self._intersection_alias[key]

    def parse_path(self, text: str) -> PathId:
        """The path id of any of its names, e.g. ``(0,-1)NE`` or ``(1,-2)SW``."""
        q, r, suffix = self._normalize(text)
        key = f"({q},{r}){suffix}"
        if key not in self._path_alias:
            raise NameError_(f"{_shown(text)} is not a path of this board")
        return self._path_alias[key]

    # -- the robber's sites ----------------------------------------------------------------
    # The robber stands on a hex, or with the 1996 pirate (``scenarios/pirate``) on a harbor,
    # which is a coastal path of the frame. One int says which: ``h`` for hex ``h``,
    # ``n_hexes + e`` for the harbor on path ``e``, so the state keeps one int and no hex
    # compares equal to a harbor site (nothing is blocked for production there).

    def site_name(self, site: int) -> str:
        """The name of a robber site: a hex's (``(0,0)``) or a harbor path's (``(0,-2)NE``)."""
        if site < self.n_hexes:
            return self.hex_names[site]
        return self.path_names[site - self.n_hexes]

    def parse_site(self, text: str) -> int:
        """A robber site from a hex's or a path's name (which paths are harbors is the
        board's to say)."""
        if not self._normalize(text)[2]:
            return self.parse_hex(text)
        return self.n_hexes + self.parse_path(text)

    def corner(self, coord: Coord, corner: Corner) -> IntersectionId:
        """The intersection at a corner of a land hex."""
        return self.hex_corners[self.hex_index[coord]][corner]

    def side(self, coord: Coord, side: Side) -> PathId:
        """The path along a side of a land hex."""
        return self.hex_sides[self.hex_index[coord]][side]

    def is_bridge(self, p: PathId) -> bool:
        """Whether path ``p`` lies over water between two land intersections (a bridge path;
        module docstring)."""
        return self.n_land_paths <= p < self.n_road_paths

    def is_sea_path(self, p: PathId) -> bool:
        """Whether path ``p`` is a path of the open sea (module docstring): ships only."""
        return p >= self.n_road_paths

    def is_sea_intersection(self, v: IntersectionId) -> bool:
        """Whether intersection ``v`` is a corner of sea hexes only (no land to build on)."""
        return v >= self.n_land_intersections

    def path_between(self, a: IntersectionId, b: IntersectionId) -> PathId | None:
        """The path joining two adjacent intersections, if any."""
        for p in self.intersection_paths[a]:
            if b in self.path_ends[p]:
                return p
        return None

    # -- shape queries used by map construction ----------------------------------------------

    def spiral(self, start: Coord) -> tuple[HexId, ...]:
        """All hexes in the token-placing order of the rulebook's variable set-up.

        Start on ``start`` (a corner hex of the island), go counter-clockwise round the outer
        ring, then continue on the next ring inwards starting "with the hex just inside of
        the first hex" (1996 rules), and so on to the centre. Works for any island whose
        rings are star-shaped around their centroid (the 19- and 30-hex islands).
        Worked out once per start (every variable board asks for one).
        """
        got = self._spirals.get(start)
        if got is None:
            got = self._spirals[start] = self._spiral(start)
        return got

    def _spiral(self, start: Coord) -> tuple[HexId, ...]:
        remaining = set(self.hexes)
        order: list[HexId] = []
        cur_start: Coord | None = start
        while remaining:
            ring = [
                c
                for c in remaining
                if sum((c[0] + dq, c[1] + dr) in remaining for dq, dr in SIDE_NEIGHBOR) < 6
            ]
            if cur_start is None or cur_start not in ring:
                raise ValueError(f"spiral start {cur_start} is not on the ring {sorted(ring)}")
            pts = {c: (math.sqrt(3) * (c[0] + c[1] / 2), 1.5 * c[1]) for c in ring}
            mx = sum(p[0] for p in pts.values()) / len(ring)
            my = sum(p[1] for p in pts.values()) / len(ring)

            # Counter-clockwise on the page (y grows downwards) is decreasing screen angle.
            def angle(
                c: Coord,
                mx: float = mx,
                my: float = my,
                pts: dict[Coord, tuple[float, float]] = pts,
            ) -> float:
                x, y = pts[c]
                return math.atan2(-(y - my), x - mx)

            a0 = angle(cur_start)
            ring.sort(key=lambda c: (angle(c) - a0) % (2 * math.pi))
            order.extend(self.hex_index[c] for c in ring)
            remaining.difference_update(ring)
            first = ring[0]
            inner = [
                (first[0] + dq, first[1] + dr)
                for dq, dr in SIDE_NEIGHBOR
                if (first[0] + dq, first[1] + dr) in remaining
            ]
            cur_start = None
            if inner:
                # Inner hexes of the next ring touching the first hex; if several, the
                # first of them counter-clockwise after the ring's start is used.
                next_ring = [
                    c
                    for c in remaining
                    if sum((c[0] + dq, c[1] + dr) in remaining for dq, dr in SIDE_NEIGHBOR) < 6
                ]
                cands = [c for c in inner if c in next_ring] or inner
                cur_start = cands[0]
        return tuple(order)

    def corner_hexes(self) -> tuple[Coord, ...]:
        """Hexes of the island with exactly three land neighbours (the corners of its outline)."""
        return tuple(c for h, c in enumerate(self.hexes) if len(self.hex_neighbors[h]) == 3)


class _SharedTopologies:
    """``topology_for``: :func:`_topology_for` with one cache key per shape and flag however
    the flag is passed (``lru_cache`` keys ``f(x)`` and ``f(x, False)`` apart, which would
    give one shape two topologies that do not compare equal)."""

    def __call__(
        self, land: tuple[Coord, ...], bridges: bool = False, sea: tuple[Coord, ...] = ()
    ) -> Topology:
        return _topology_for(land, bool(bridges), tuple(sorted(set(sea) - set(land))))

    def cache_clear(self) -> None:
        _topology_for.cache_clear()


@lru_cache(maxsize=32)
def _topology_for(land: tuple[Coord, ...], bridges: bool, sea: tuple[Coord, ...]) -> Topology:
    """The shared topology of a board shape (built once, then reused by every game).

    The cache is bounded: boards read from records or clients may have any shape, and each
    distinct one must not stay in memory for ever. The few shapes in play stay cached.
    ``bridges`` adds the bridge paths over water, ``sea`` the open sea's intersections and
    paths around those hexes (module docstring)."""
    return Topology(land, bridges, sea)


topology_for = _SharedTopologies()
