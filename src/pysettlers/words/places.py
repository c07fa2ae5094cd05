"""Places on the board in a player's words: a hex by its terrain and number, a harbor by its
rate, an intersection by what is around it, a path by the hexes it borders.

What this is for: every text a person reads names places as a player at the table would —
"the 6 fields", "the desert", "the 2:1 ore harbor", "the corner of the 6 fields, 9 hills
and the sea", "between the 6 fields and the 9 hills" — never by the notation's coordinates
(which stay in records, in the notation and in tooltips). :class:`Places` works them out
once per board and keeps them: a name must single out its place, so a hex whose terrain and
number another hex shares gets a compass word ("the northern desert"), a harbor of a kind
the board has several of is named by the hex it serves, and an intersection or path that
only one land hex touches is named by that hex's corner or coast.

What this is not: no rules and no game state: it reads a :class:`~pysettlers.engine.board.Board`
(the map never changes in a game), never a view's pieces or hands.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict

from pysettlers.engine.actions import resource_name
from pysettlers.engine.board import Board
from pysettlers.engine.data import pips
from pysettlers.engine.types import Corner, Harbor, Side, Terrain

TERRAIN_WORDS: dict[Terrain, str] = {
    Terrain.HILLS: "hills",
    Terrain.FOREST: "forest",
    Terrain.PASTURE: "pasture",
    Terrain.FIELDS: "fields",
    Terrain.MOUNTAINS: "mountains",
    Terrain.DESERT: "desert",
}
"""The rulebook's terrain names (Almanac, "Terrain")."""

_WINDS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
_WINDS_ADJ = (
    "eastern",
    "north-eastern",
    "northern",
    "north-western",
    "western",
    "south-western",
    "southern",
    "south-eastern",
)
_CORNER_WINDS = {
    Corner.N: "north",
    Corner.NE: "north-east",
    Corner.SE: "south-east",
    Corner.S: "south",
    Corner.SW: "south-west",
    Corner.NW: "north-west",
}
_SIDE_WINDS = {
    Side.NE: "north-east",
    Side.E: "east",
    Side.SE: "south-east",
    Side.SW: "south-west",
    Side.W: "west",
    Side.NW: "north-west",
}


def harbor_rate(kind: int) -> str:
    """``3:1`` for the generic harbor, ``2:1 ore`` for a special one."""
    return "3:1" if kind == Harbor.GENERIC else f"2:1 {resource_name(kind)}"


def _point(x: float, y: float) -> tuple[float, float]:
    """A lattice point (``topology.py``: a hex centre at ``(2q + r, 3r)``) on the plane, with
    north up: a hex of side 1, pointy-top."""
    return x * math.sqrt(3) / 2, -y / 2


def _wind(dx: float, dy: float) -> int:
    """The nearest of eight compass directions (index into ``_WINDS``) of a plane vector."""
    return round(math.atan2(dy, dx) / (math.pi / 4)) % 8


class Places:
    """The words for every place of one board (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        t = board.topology
        self.topo = t
        self._centre = [_point(2 * q + r, 3 * r) for q, r in t.hexes]
        labels = [self._label(h) for h in range(t.n_hexes)]
        # Hexes sharing terrain and number are told apart by where they lie in their group.
        groups: dict[str, list[int]] = defaultdict(list)
        for h, label in enumerate(labels):
            groups[label].append(h)
        self.hex_labels: list[str] = labels[:]
        for label, members in groups.items():
            if len(members) > 1:
                for h, qualifier in zip(members, self._qualifiers(members), strict=True):
                    self.hex_labels[h] = f"{qualifier} {label}"
        # Harbors: the rate, and the hex they serve when the board has more of that rate.
        kinds = Counter(kind for kind, _ in board.harbors)
        by_hex = Counter((kind, t.path_hexes[p][0]) for kind, p in board.harbors)
        self.harbor_words: dict[int, str] = {}
        for kind, p in board.harbors:
            text = f"the {harbor_rate(kind)} harbor"
            if kinds[kind] > 1:
                h = t.path_hexes[p][0]
                text += f" by {self.hex(h)}" if by_hex[kind, h] == 1 else f" {self.coast(p)}"
            self.harbor_words[p] = text
        self._corners: dict[int, str] = {}
        self._paths: dict[int, str] = {}
        self._corner_counts = Counter(
            self._around(v) for v in range(t.n_land_intersections) if self._around(v)
        )

    # -- hexes ------------------------------------------------------------------------------

    def _label(self, h: int) -> str:
        terrain = self.board.terrain[h]
        number = self.board.numbers[h]
        word = TERRAIN_WORDS[terrain]
        return f"{number} {word}" if number else word

    def _qualifiers(self, members: list[int]) -> list[str]:
        """A compass adjective for each of several like hexes, from the middle of the group;
        their coordinates where two would get the same word."""
        xs = [self._centre[h][0] for h in members]
        ys = [self._centre[h][1] for h in members]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        words = [_WINDS_ADJ[_wind(x - mx, y - my)] for x, y in zip(xs, ys, strict=True)]
        if len(set(words)) == len(words) and all(
            abs(x - mx) + abs(y - my) > 1e-9 for x, y in zip(xs, ys, strict=True)
        ):
            return words
        return [f"{self.topo.hex_names[h]}" for h in members]

    def hex_label(self, h: int) -> str:
        """A hex without its article: ``6 fields``, ``desert``, ``northern 5 pasture``."""
        return self.hex_labels[h]

    def hex(self, h: int) -> str:
        """A hex: ``the 6 fields``, ``the desert``."""
        return f"the {self.hex_labels[h]}"

    # -- harbors and robber sites -----------------------------------------------------------

    def harbor(self, path: int) -> str:
        """The harbor on a coastal path: ``the 2:1 ore harbor``, ``the 3:1 harbor by the 10
        mountains``."""
        return self.harbor_words.get(path, f"the harbor {self.coast(path)}")

    def site(self, site: int) -> str:
        """Where the robber stands: a hex, or with the pirate a harbor (``Topology.site_name``)."""
        n = self.topo.n_hexes
        return self.hex(site) if site < n else self.harbor(site - n)

    # -- intersections ----------------------------------------------------------------------

    def _sorted_hexes(self, hexes: tuple[int, ...]) -> list[int]:
        """The best producers first, as a player reads a spot (the desert last)."""
        return sorted(hexes, key=lambda h: (-pips(self.board.numbers[h]), h))

    def _around(self, v: int) -> str:
        """What is around a land intersection: ``the 6 fields, 9 hills and the sea`` (empty
        for one touching a single land hex, which needs its corner named)."""
        hexes = self._sorted_hexes(self.topo.intersection_hexes[v])
        if len(hexes) < 2:
            return ""
        # "the 6 fields, 9 hills and the desert": a number reads without its article
        items = [self.hex_labels[h] for h in hexes]
        items = [x if x[0].isdigit() and i else f"the {x}" for i, x in enumerate(items)]
        if len(hexes) < 3:
            items.append("the sea")
        return ", ".join(items[:-1]) + " and " + items[-1]

    def _corner_of(self, v: int, h: int) -> str:
        corners = self.topo.hex_corners[h]
        return f"the {_CORNER_WINDS[Corner(corners.index(v))]} corner of {self.hex(h)}"

    def intersection(self, v: int) -> str:
        """An intersection: ``the corner of the 6 fields, 9 hills and 5 pasture``, ``the
        north corner of the 10 mountains``, with the harbor it touches (``by the 3:1
        harbor``)."""
        text = self._corners.get(v)
        if text is not None:
            return text
        t = self.topo
        if v >= t.n_land_intersections:
            text = self._at_sea(t.intersection_xy[v], "at sea")
        else:
            around = self._around(v)
            if around and self._corner_counts[around] == 1:
                text = f"the corner of {around}"
            else:  # one land hex, or (an isthmus) two corners with the same hexes around
                hexes = self._sorted_hexes(t.intersection_hexes[v])
                text = self._corner_of(v, hexes[0])
            # (the intersection is named already: the harbor's rate says enough)
            harbors = [
                f"the {harbor_rate(kind)} harbor"
                for kind, p in self.board.harbors
                if v in t.path_ends[p]
            ]
            if harbors:
                text += ", by " + " and ".join(harbors)
        self._corners[v] = text
        return text

    def _at_sea(self, xy: tuple[float, float], lead: str) -> str:
        """A place with no land hex of its own: ``at sea north of the 6 fields``."""
        px, py = _point(*xy)
        h = min(
            range(self.topo.n_hexes),
            key=lambda k: (self._centre[k][0] - px) ** 2 + (self._centre[k][1] - py) ** 2,
        )
        cx, cy = self._centre[h]
        return f"{lead} {_WINDS[_wind(px - cx, py - cy)]} of {self.hex(h)}"

    # -- paths ------------------------------------------------------------------------------

    def coast(self, p: int) -> str:
        """A coastal path by its hex's side: ``on the north-east coast of the 10 mountains``."""
        t = self.topo
        h = t.path_hexes[p][0]
        return f"on the {_SIDE_WINDS[Side(t.hex_sides[h].index(p))]} coast of {self.hex(h)}"

    def path(self, p: int) -> str:
        """Where a path lies, to follow "a road": ``between the 6 fields and the 9 hills``,
        ``on the west coast of the 8 forest``, ``over the water south of the 4 fields``
        (a bridge), ``at sea north of the 6 fields`` (a sea path, for ships)."""
        text = self._paths.get(p)
        if text is not None:
            return text
        t = self.topo
        hexes = t.path_hexes[p]
        if len(hexes) == 2:
            a, b = self._sorted_hexes(hexes)
            text = f"between {self.hex(a)} and {self.hex(b)}"
        elif len(hexes) == 1:
            text = self.coast(p)
        else:
            (ax, ay), (bx, by) = (t.intersection_xy[v] for v in t.path_ends[p])
            lead = "over the water" if p < t.n_road_paths else "at sea"
            text = self._at_sea(((ax + bx) / 2, (ay + by) / 2), lead)
        self._paths[p] = text
        return text


_CACHE: dict[int, tuple[Board, Places]] = {}
_CACHE_SIZE = 256


def places(board: Board) -> Places:
    """The :class:`Places` of a board, made once and kept for the boards in use (a board is
    shared by every state and view of its game)."""
    hit = _CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    made = Places(board)
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[id(board)] = (board, made)
    return made
