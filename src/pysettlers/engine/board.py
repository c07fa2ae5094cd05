"""One game's map: terrain, number tokens and harbors on a board shape, and how to lay it out.

What this is for: the static facts of a game's island (which hex is what, which number it
carries, which intersections touch which harbor) and the three ways to lay it out —
``beginner`` (Illustration A), ``variable`` (shuffled terrain and harbors, tokens A–R along
the counter-clockwise spiral) and ``random`` (shuffled tokens with no red numbers touching).
Built once at the start of a game and shared, never copied, by every state of that game.

What this is not: pieces and the robber's current hex are game state (``state.py``).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from . import data
from .config import Rules
from .topology import Topology, topology_for
from .types import NOBODY, Harbor, HexId, IntersectionId, PathId, Side, Terrain


class Board:
    """Terrain, numbers and harbors of one game, with lookup tables derived from them."""

    __slots__ = (
        "harbors",
        "hex_resource",
        "intersection_harbor",
        "number_hexes",
        "numbers",
        "robber_start",
        "terrain",
        "topology",
    )

    def __init__(
        self,
        topology: Topology,
        terrain: tuple[Terrain, ...],
        numbers: tuple[int, ...],
        harbors: tuple[tuple[Harbor, PathId], ...],
    ) -> None:
        if len(terrain) != topology.n_hexes or len(numbers) != topology.n_hexes:
            raise ValueError("terrain and numbers must give one value per land hex")
        self.topology = topology
        self.terrain = terrain
        self.numbers = numbers
        self.harbors = harbors
        deserts = [h for h, t in enumerate(terrain) if t == Terrain.DESERT]
        # "The robber begins the game in the desert" (Almanac, Robber); with several
        # deserts (5–6 players) "on any one of the desert hexes": the first one.
        self.robber_start: HexId = deserts[0] if deserts else 0
        self.hex_resource: tuple[int, ...] = tuple(
            NOBODY if t == Terrain.DESERT else int(t) for t in terrain
        )
        ih = [NOBODY] * topology.n_intersections
        for kind, path in harbors:
            if len(topology.path_hexes[path]) != 1:
                raise ValueError(f"harbor on {topology.path_names[path]}, which is not a coast")
            for v in topology.path_ends[path]:
                # An intersection touching a 2:1 and a 3:1 harbor keeps both in effect via
                # the better ratio; record the specific one (it can only matter for display).
                if ih[v] == NOBODY or ih[v] == Harbor.GENERIC:
                    ih[v] = int(kind)
        self.intersection_harbor: tuple[int, ...] = tuple(ih)
        nh: list[list[HexId]] = [[] for _ in range(13)]
        for h, n in enumerate(numbers):
            if n:
                nh[n].append(h)
        self.number_hexes: tuple[tuple[HexId, ...], ...] = tuple(map(tuple, nh))

    def harbors_at(self, v: IntersectionId) -> tuple[Harbor, ...]:
        """Every harbor whose marker touches intersection ``v``."""
        ends = self.topology.path_ends
        return tuple(kind for kind, p in self.harbors if v in ends[p])

    # -- serialization --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        t = self.topology
        return {
            "hexes": [
                {"hex": t.hex_names[h], "terrain": self.terrain[h].name.lower(), "number": n}
                for h, n in enumerate(self.numbers)
            ],
            "harbors": [
                {"path": t.path_names[p], "type": kind.name.lower()} for kind, p in self.harbors
            ],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Board:
        coords = []
        for item in obj["hexes"]:
            text = item["hex"].strip().strip("()")
            q, r = (int(x) for x in text.split(","))
            coords.append((q, r))
        topo = topology_for(tuple(sorted(coords, key=lambda c: (c[1], c[0]))))
        terrain = [Terrain.DESERT] * topo.n_hexes
        numbers = [0] * topo.n_hexes
        for item, c in zip(obj["hexes"], coords):
            h = topo.hex_index[c]
            terrain[h] = Terrain[item["terrain"].upper()]
            numbers[h] = int(item["number"])
        harbors = tuple(
            (Harbor[item["type"].upper()], topo.parse_path(item["path"])) for item in obj["harbors"]
        )
        return cls(topo, tuple(terrain), tuple(numbers), harbors)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and self.topology is other.topology
            and self.terrain == other.terrain
            and self.numbers == other.numbers
            and self.harbors == other.harbors
        )

    def __hash__(self) -> int:
        return hash((self.terrain, self.numbers, self.harbors))


# -- laying out the island -----------------------------------------------------------------


class Layout(NamedTuple):
    """What a map kind draws from: the island's shape, its tiles, tokens and harbors."""

    land: tuple[tuple[int, int], ...]
    terrain_counts: dict[Terrain, int]
    tokens: tuple[int, ...]  # in letter order
    harbor_slots: tuple[tuple[tuple[int, int], Side], ...]
    harbor_markers: tuple[Harbor, ...]


BASE_LAYOUT = Layout(
    data.BASE_LAND,
    data.BASE_TERRAIN_COUNTS,
    data.BASE_TOKENS,
    data.BASE_HARBOR_SLOTS,
    data.BASE_HARBORS,
)
EXT_LAYOUT = Layout(
    data.EXT_LAND, data.EXT_TERRAIN_COUNTS, data.EXT_TOKENS, data.EXT_HARBOR_SLOTS, data.EXT_HARBORS
)


def layout_for(rules: Rules) -> Layout:
    return EXT_LAYOUT if rules.extension else BASE_LAYOUT


def _slots(topo: Topology, layout: Layout) -> list[PathId]:
    return [topo.side(c, s) for c, s in layout.harbor_slots]


def red_numbers_touch(topo: Topology, numbers: tuple[int, ...] | list[int]) -> bool:
    """Whether a 6 or 8 touches another 6 or 8 (forbidden on a random map, R5 Set-up)."""
    red = data.RED_NUMBERS
    return any(
        numbers[h] in red and any(numbers[g] in red for g in topo.hex_neighbors[h])
        for h in range(topo.n_hexes)
    )


def beginner_board(topo: Topology) -> Board:
    """Illustration A: the fixed map of the Starting Set-up for Beginners (BD §1)."""
    terrain = [Terrain.DESERT] * topo.n_hexes
    numbers = [0] * topo.n_hexes
    for coord, t, n in data.BEGINNER_HEXES:
        terrain[topo.hex_index[coord]] = t
        numbers[topo.hex_index[coord]] = n
    harbors = tuple(zip(data.BEGINNER_HARBORS, _slots(topo, BASE_LAYOUT)))
    return Board(topo, tuple(terrain), tuple(numbers), harbors)


def _shuffled_terrain(rng: random.Random, layout: Layout) -> list[Terrain]:
    tiles = [t for t, k in layout.terrain_counts.items() for _ in range(k)]
    rng.shuffle(tiles)
    return tiles


def _shuffled_harbors(
    rng: random.Random, topo: Topology, layout: Layout
) -> tuple[tuple[Harbor, PathId], ...]:
    # "Randomly place one [harbor marker] on top of each harbor on the frame" (Set-up,
    # Variable 2); with 5–6 players the 11 markers go at random on the 11 frame harbors.
    markers = list(layout.harbor_markers)
    rng.shuffle(markers)
    return tuple(zip(markers, _slots(topo, layout)))


def spiral_numbers(
    topo: Topology,
    terrain: list[Terrain],
    start: tuple[int, int],
    tokens: tuple[int, ...] = data.BASE_TOKENS,
) -> list[int]:
    """Tokens in letter order, laid counter-clockwise from ``start`` inward, skipping deserts."""
    numbers = [0] * topo.n_hexes
    it = iter(tokens)
    for h in topo.spiral(start):
        if terrain[h] != Terrain.DESERT:
            numbers[h] = next(it)
    return numbers


def variable_board(rng: random.Random, topo: Topology, layout: Layout = BASE_LAYOUT) -> Board:
    """Set-up, Variable: shuffled terrain and harbors; tokens along the spiral from a corner."""
    terrain = _shuffled_terrain(rng, layout)
    start = rng.choice(topo.corner_hexes())
    numbers = spiral_numbers(topo, terrain, start, layout.tokens)
    return Board(topo, tuple(terrain), tuple(numbers), _shuffled_harbors(rng, topo, layout))


def random_board(rng: random.Random, topo: Topology, layout: Layout = BASE_LAYOUT) -> Board:
    """The fully random set-up: tokens in random order, re-drawn until no red numbers touch."""
    terrain = _shuffled_terrain(rng, layout)
    land = [h for h in range(topo.n_hexes) if terrain[h] != Terrain.DESERT]
    tokens = list(layout.tokens)
    while True:
        rng.shuffle(tokens)
        numbers = [0] * topo.n_hexes
        for h, n in zip(land, tokens):
            numbers[h] = n
        if not red_numbers_touch(topo, numbers):
            break
    return Board(topo, tuple(terrain), tuple(numbers), _shuffled_harbors(rng, topo, layout))


def make_board(rules: Rules) -> Board:
    """The map of a game, a pure function of its rules (map kind and seed)."""
    layout = layout_for(rules)
    topo = topology_for(layout.land)
    if rules.map_kind == "beginner":
        return beginner_board(topo)
    rng = random.Random(rules.seed)  # a local generator: the engine never uses global random
    if rules.map_kind == "variable":
        return variable_board(rng, topo, layout)
    return random_board(rng, topo, layout)
