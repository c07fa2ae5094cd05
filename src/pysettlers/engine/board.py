"""One game's map: terrain, number tokens and harbors on a board shape, and how to lay it out.

What this is for: the static facts of a game's island (which hex is what, which number it
carries, which intersections touch which harbor) and the three ways to lay it out —
``beginner`` (Illustration A), ``variable`` (shuffled terrain and harbors, tokens A–R along
the counter-clockwise spiral) and ``random`` (shuffled tokens with no red numbers touching).
The 1996 rules' maps (Islands of Catan, Big Islands, Big Island, Peanut) and a user's own
are map descriptions laid out by ``engine/maps`` (``DESCRIBED_KINDS``).
Built once at the start of a game and shared, never copied, by every state of that game.

Validation comes in two levels. ``Board(...)`` and ``Board.from_json`` refuse what no
board can be (a 7 token, a token outside 2..12, a numbered desert or an unnumbered productive
hex, a harbor off the coast, malformed JSON); :func:`check_board` refuses a board that the
*rules* do not lay out (the wrong island, terrain, tokens or harbors for the player count, or
not Illustration A on the beginner map). ``replay`` runs both on a record's board, and so
should anything that loads a board from outside (positions).

Sea inside the map (the 1996 *Islands of Catan* maps and described maps, ``engine/maps``):
``sea`` lists the water hexes and ``ports`` the port hexes (a sea hex with a harbor on one
of its edges, the 1996 components) with the side facing land, or ``None`` when none does.
They are not land, so the topology does not hold them; a port hex facing land becomes a
harbor on that coastal path, like a frame harbor. One intersection may touch two harbors
("If two ports end up touching the same intersection, that's fine. A player who builds on
that intersection can trade at either rate", 003): ``harbors_at`` lists them all and a
settlement there gains every rate. A board with ``bridges`` has the bridge paths over its
water (``topology.py``). With Seafarers ships its topology also has the open sea
(:func:`sea_hexes`, ``open_sea`` in its JSON): ``make_board`` and ``fresh_state`` give a
game with ships that board, and a game without ships the board without it.

What this is not: pieces and the robber's current hex are game state (``state.py``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from . import data
from .config import Rules
from .jsonfields import shown
from .topology import Topology, parse_coord, ring, topology_for
from .types import NOBODY, Harbor, HexId, IntersectionId, PathId, Side, Terrain

Coord = tuple[int, int]
Port = tuple[Coord, Harbor, Side | None]
"""A port hex: where it lies, its harbor type, and the side facing land (``None``: none)."""

MAX_HEXES = 200
"""Most land hexes a board read from JSON may have (the largest island has 30), so that a
hostile document cannot make the topology builder work on a huge shape."""


class Board:
    """Terrain, numbers and harbors of one game, with lookup tables derived from them."""

    __slots__ = (
        "harbors",
        "hex_resource",
        "intersection_harbor",
        "number_hexes",
        "numbers",
        "ports",
        "robber_start",
        "sea",
        "terrain",
        "topology",
    )

    def __init__(
        self,
        topology: Topology,
        terrain: tuple[Terrain, ...],
        numbers: tuple[int, ...],
        harbors: tuple[tuple[Harbor, PathId], ...],
        sea: tuple[Coord, ...] = (),
        ports: tuple[Port, ...] = (),
    ) -> None:
        if len(terrain) != topology.n_hexes or len(numbers) != topology.n_hexes:
            raise ValueError("terrain and numbers must give one value per land hex")
        _check_hexes(topology, terrain, numbers)
        self.topology = topology
        self.terrain = terrain
        self.numbers = numbers
        self.harbors = harbors
        self.sea = sea
        self.ports = ports
        _check_sea(topology, sea, ports, harbors)
        deserts = [h for h, t in enumerate(terrain) if t == Terrain.DESERT]
        # "The robber begins the game in the desert" (Almanac, Robber); with several
        # deserts (5–6 players) "on any one of the desert hexes": the first one. A map
        # without a desert (Big Islands of Catan: "remove the desert") names no start; the
        # reading taken is the first hex with the fewest dots (a 2 or a 12), where the
        # robber costs the least until the first 7 moves it.
        if deserts:
            self.robber_start: HexId = deserts[0]
        else:
            self.robber_start = min(range(len(numbers)), key=lambda h: (data.pips(numbers[h]), h))
        self.hex_resource: tuple[int, ...] = tuple(
            NOBODY if t == Terrain.DESERT else int(t) for t in terrain
        )
        ih = [NOBODY] * topology.n_intersections
        if len({path for _, path in harbors}) != len(harbors):
            raise ValueError("two harbors on one path")
        for kind, path in harbors:
            if not 0 <= path < topology.n_paths:
                raise ValueError(f"harbor on path {path}, which is not a path of this board")
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
        out: dict[str, Any] = {
            "hexes": [
                {"hex": t.hex_names[h], "terrain": self.terrain[h].name.lower(), "number": n}
                for h, n in enumerate(self.numbers)
            ],
            "harbors": [
                {"path": t.path_names[p], "type": kind.name.lower()} for kind, p in self.harbors
            ],
        }
        # Written only when present, so boards without sea stay exactly as before.
        if self.sea:
            out["sea"] = [_name(c) for c in self.sea]
        if self.ports:
            out["ports"] = [
                {
                    "hex": _name(c),
                    "type": kind.name.lower(),
                    "side": None if side is None else side.name,
                }
                for c, kind, side in self.ports
            ]
        if t.n_bridge_paths or self.sea or self.ports:
            out["bridges"] = t.n_bridge_paths > 0
        if t.sea_hexes:  # Seafarers ships: the open sea's intersections and paths
            out["open_sea"] = True
        return out

    @classmethod
    def from_json(cls, obj: object) -> Board:
        """A board from :meth:`to_json` data; raises ``ValueError`` naming what is wrong."""
        if not isinstance(obj, dict):
            raise ValueError(f"board must be a JSON object (got {type(obj).__name__})")
        hexes = _list(obj, "hexes")
        if not hexes:
            raise ValueError("board.hexes is empty: a board needs land hexes")
        if len(hexes) > MAX_HEXES:
            raise ValueError(f"board.hexes has {len(hexes)} hexes; at most {MAX_HEXES}")
        coords: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        items: list[tuple[Terrain, int]] = []
        for i, item in enumerate(hexes):
            where = f"board.hexes[{i}]"
            coord = parse_coord(_str(item, "hex", where))
            if coord in seen:
                raise ValueError(f"{where}: hex {_name(coord)} is listed twice")
            seen.add(coord)
            coords.append(coord)
            terrain = _terrain(_str(item, "terrain", where), f"{where}.terrain")
            number = item.get("number")
            if not isinstance(number, int) or isinstance(number, bool):
                raise ValueError(f"{where}.number must be an integer (got {shown(number)})")
            items.append((terrain, number))
        sea = tuple(_coords(obj.get("sea", []), "board.sea"))
        ports = tuple(_ports(obj.get("ports", [])))
        overlap = (
            (seen & set(sea))
            | (seen & {c for c, _, _ in ports})
            | (set(sea) & {c for c, _, _ in ports})
        )
        if overlap:
            raise ValueError(f"hex {_name(min(overlap))} is listed as two kinds of hex")
        if len(sea) + len(ports) + len(coords) > MAX_HEXES * 2:
            raise ValueError(f"board has more than {MAX_HEXES * 2} hexes")
        bridges = obj.get("bridges", False)
        if not isinstance(bridges, bool):
            raise ValueError(f"board.bridges must be true or false (got {bridges!r})")
        open_sea = obj.get("open_sea", False)
        if not isinstance(open_sea, bool):
            raise ValueError(f"board.open_sea must be true or false (got {open_sea!r})")
        land = tuple(sorted(coords, key=lambda c: (c[1], c[0])))
        topo = topology_for(land, bridges, sea_hexes(land, sea, ports) if open_sea else ())
        terrain_of = [Terrain.DESERT] * topo.n_hexes
        numbers = [0] * topo.n_hexes
        for (t, n), c in zip(items, coords):
            h = topo.hex_index[c]
            terrain_of[h], numbers[h] = t, n
        harbors = []
        for i, item in enumerate(_list(obj, "harbors")):
            where = f"board.harbors[{i}]"
            kind = _harbor(_str(item, "type", where), f"{where}.type")
            harbors.append((kind, topo.parse_path(_str(item, "path", where))))
        return cls(topo, tuple(terrain_of), tuple(numbers), tuple(harbors), sea, ports)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            # The same shape: its topology is normally the same shared object, but the
            # topology cache is bounded, so an evicted and rebuilt one must compare equal.
            and self.topology.hexes == other.topology.hexes
            and self.terrain == other.terrain
            and self.numbers == other.numbers
            and self.harbors == other.harbors
            and self.sea == other.sea
            and self.ports == other.ports
            and self.topology.n_bridge_paths == other.topology.n_bridge_paths
            and self.topology.sea_hexes == other.topology.sea_hexes
        )

    def with_open_sea(self, on: bool) -> Board:
        """This board with the open sea's intersections and paths in its topology (``on``) or
        without them; ``self`` when it already is so. Every other id is the same either way
        (``topology.py``): harbors, terrain and numbers carry over unchanged."""
        t = self.topology
        if bool(t.sea_hexes) == on:
            return self
        sea = sea_hexes(t.hexes, self.sea, self.ports) if on else ()
        topo = topology_for(t.hexes, t.n_bridge_paths > 0, sea)
        return Board(topo, self.terrain, self.numbers, self.harbors, self.sea, self.ports)

    def __hash__(self) -> int:
        return hash((self.terrain, self.numbers, self.harbors, self.sea, self.ports))


def sea_hexes(
    land: tuple[Coord, ...], sea: tuple[Coord, ...], ports: tuple[Port, ...]
) -> tuple[Coord, ...]:
    """The sea a ship may sail (Seafarers, ``scenarios/ships``): the board's water and port
    hexes, and its frame — every hex beside a land hex that is not land. On the frame maps
    that is the frame round the island; on the islands maps it is their water and port
    hexes, and the sea beyond the hexagon's rim next to a land hex there ("treat beyond the
    rim as sea", board-data §7; a coast on the rim was sea for ships already). Farther out
    nothing is laid, so no ship goes there."""
    out = (ring(land) | set(sea) | {c for c, _, _ in ports}) - set(land)
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))


def _name(coord: tuple[int, int]) -> str:
    return f"({coord[0]},{coord[1]})"


def _coords(value: object, where: str) -> list[Coord]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of hex names (got {type(value).__name__})")
    if len(value) > MAX_HEXES:
        raise ValueError(f"{where} has {len(value)} hexes; at most {MAX_HEXES}")
    out: list[Coord] = []
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ValueError(f"{where}[{i}] must be a hex name like '(0,-1)' (got {item!r})")
        out.append(parse_coord(item))
    if len(set(out)) != len(out):
        raise ValueError(f"{where} lists a hex twice")
    return out


def _ports(value: object) -> list[Port]:
    if not isinstance(value, list):
        raise ValueError(f"board.ports must be a list (got {type(value).__name__})")
    if len(value) > MAX_HEXES:
        raise ValueError(f"board.ports has {len(value)} hexes; at most {MAX_HEXES}")
    out: list[Port] = []
    for i, item in enumerate(value):
        where = f"board.ports[{i}]"
        coord = parse_coord(_str(item, "hex", where))
        kind = _harbor(_str(item, "type", where), f"{where}.type")
        side = item.get("side")
        if side is None:
            out.append((coord, kind, None))
            continue
        if not isinstance(side, str) or side.upper() not in Side.__members__:
            raise ValueError(f"{where}.side must be one of {list(Side.__members__)} or null")
        out.append((coord, kind, Side[side.upper()]))
    if len({c for c, _, _ in out}) != len(out):
        raise ValueError("board.ports lists a hex twice")
    return out


def port_harbor_path(topo: Topology, coord: Coord, side: Side) -> PathId | None:
    """The coastal path a port hex at ``coord`` serves through ``side`` (``None`` when the
    hex across that side is not land)."""
    dq, dr = SIDE_OFFSETS[side]
    land = (coord[0] + dq, coord[1] + dr)
    if land not in topo.hex_index:
        return None
    return topo.side(land, Side((side + 3) % 6))


SIDE_OFFSETS: tuple[Coord, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""Axial offset of the hex across each side NE, E, SE, SW, W, NW (``topology.SIDE_NEIGHBOR``)."""


def _check_sea(
    topo: Topology,
    sea: tuple[Coord, ...],
    ports: tuple[Port, ...],
    harbors: tuple[tuple[Harbor, PathId], ...],
) -> None:
    """Sea and port hexes are not land, and a port hex facing land is a harbor there."""
    land = topo.hex_index
    for c in sea:
        if c in land:
            raise ValueError(f"hex {_name(c)} is listed both as land and as water")
    for c, kind, side in ports:
        if c in land:
            raise ValueError(f"hex {_name(c)} is listed both as land and as a port hex")
        if side is None:
            continue
        path = port_harbor_path(topo, c, side)
        if path is None:
            raise ValueError(
                f"port hex {_name(c)}: its harbor side {side.name} does not face a land hex"
            )
        if (kind, path) not in harbors:
            raise ValueError(
                f"port hex {_name(c)} faces land on {topo.path_names[path]}, but the board "
                f"has no {kind.name.lower()} harbor there"
            )


def _list(obj: dict[Any, Any], key: str) -> list[Any]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise ValueError(f"board.{key} must be a list (got {type(value).__name__})")
    return value


def _str(item: object, key: str, where: str) -> str:
    if not isinstance(item, dict):
        raise ValueError(f"{where} must be a JSON object (got {type(item).__name__})")
    value = item.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{where}.{key} must be a string (got {shown(value)})")
    return value


def _terrain(text: str, where: str) -> Terrain:
    return Terrain[_member_name(Terrain, text, where)]


def _harbor(text: str, where: str) -> Harbor:
    return Harbor[_member_name(Harbor, text, where)]


def _member_name(kind: type[Terrain] | type[Harbor], text: str, where: str) -> str:
    """The enum member name ``text`` spells (any case), or a ValueError naming ``where``."""
    names = [m.name.lower() for m in kind]
    if text.strip().lower() not in names:
        raise ValueError(f"{where} must be one of {names} (got {text[:40]!r})")
    return text.strip().upper()


def _check_hexes(topo: Topology, terrain: tuple[Terrain, ...], numbers: tuple[int, ...]) -> None:
    """What no board can be, whatever the rules: each productive hex carries one number
    token from 2 to 12 but never 7 (R5 "number tokens": 2–6 and 8–12), a desert none."""
    for h, (t, n) in enumerate(zip(terrain, numbers)):
        name = topo.hex_names[h]
        if not isinstance(t, Terrain):
            raise ValueError(f"hex {name}: {t!r} is not a terrain")
        if t == Terrain.DESERT:
            if n != 0:
                raise ValueError(f"hex {name} is a desert with number {n}: a desert has no token")
            continue
        if n == 7:
            raise ValueError(f"hex {name} has number 7: no number token carries a 7")
        if not 2 <= n <= 12:
            what = "no number token" if n == 0 else f"number {n}, not a token from 2 to 12"
            raise ValueError(f"hex {name} ({t.name.lower()}) has {what}")


# -- laying out the island -----------------------------------------------------------------


class Layout(NamedTuple):
    """What a frame map draws from: the island's shape, its tiles, tokens and harbors (the
    tokens go along one spiral from a corner drawn at random)."""

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


DESCRIBED_KINDS: tuple[str, ...] = (
    "islands",
    "big-islands",
    "big-island",
    "peanut",
    "described",
)
"""The map kinds laid out from map descriptions (``engine/maps``), not from a frame layout."""


def layout_for(rules: Rules) -> Layout:
    """The frame layout of the rules' map (the 5–6 island with the extension)."""
    if rules.map_kind in DESCRIBED_KINDS:
        raise ValueError(f"the {rules.map_kind} map is laid out from a description (engine/maps)")
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


def check_board(board: Board, rules: Rules) -> None:
    """Raise ``ValueError`` naming the problem unless the rules could have laid out ``board``.

    A described map (``DESCRIBED_KINDS``) must be one its description lays out
    (``maps.check_described_board``). On a frame map the land must be the island of the
    rules' player count (``layout_for``: 19 hexes for 2–4 players, 30 for 5–6), with its
    terrain tiles, number tokens and
    harbor markers (the counts of R5 / ``board-data.md`` in ``data.py``), the markers on the
    frame's harbor slots. The beginner map is Illustration A exactly; on a random map no 6
    or 8 touches another 6 or 8. ``Board`` itself has already refused 7s, numbered deserts
    and the like.
    """
    if rules.map_kind in DESCRIBED_KINDS:
        from .maps import check_described_board  # the maps laid out from descriptions

        check_described_board(board, rules)
        return
    if board.sea or board.ports:
        raise ValueError(f"a {rules.map_kind} map has no water or port hexes inside it")
    layout = layout_for(rules)
    topo = board.topology
    land, want = set(topo.hexes), set(layout.land)
    if land != want:
        extra = sorted(land - want, key=lambda c: (c[1], c[0]))[:3]
        missing = sorted(want - land, key=lambda c: (c[1], c[0]))[:3]
        raise ValueError(
            f"the board's land ({len(land)} hexes) is not the {len(want)}-hex island of a "
            f"{rules.players}-player game (extra: {', '.join(map(_name, extra)) or 'none'}; "
            f"missing: {', '.join(map(_name, missing)) or 'none'})"
        )
    if rules.map_kind == "beginner":
        _check_beginner(board)
        return
    have_t = Counter(board.terrain)
    if have_t != Counter(layout.terrain_counts):
        raise ValueError(
            f"terrain tiles {_counts(have_t)} are not the set of the rules "
            f"{_counts(Counter(layout.terrain_counts))}"
        )
    have_n = Counter(n for n in board.numbers if n)
    if have_n != Counter(layout.tokens):
        raise ValueError(
            f"number tokens {_counts(have_n)} are not the set of the rules "
            f"{_counts(Counter(layout.tokens))}"
        )
    have_h = Counter(kind for kind, _ in board.harbors)
    if have_h != Counter(layout.harbor_markers):
        raise ValueError(
            f"harbor markers {_counts(have_h)} are not the set of the rules "
            f"{_counts(Counter(layout.harbor_markers))}"
        )
    off_frame = {p for _, p in board.harbors} - set(_slots(topo, layout))
    if off_frame:
        names = ", ".join(sorted(topo.path_names[p] for p in off_frame))
        raise ValueError(f"harbors on {names}, which is not a harbor slot of the frame")
    if rules.map_kind == "random" and red_numbers_touch(topo, board.numbers):
        raise ValueError("a 6 or 8 touches another 6 or 8, which a random map forbids")


def _check_beginner(board: Board) -> None:
    want = beginner_board(board.topology)
    t = board.topology
    for h in range(t.n_hexes):
        if (board.terrain[h], board.numbers[h]) != (want.terrain[h], want.numbers[h]):
            raise ValueError(
                f"the beginner map is Illustration A: hex {t.hex_names[h]} is "
                f"{want.terrain[h].name.lower()} {want.numbers[h]}, not "
                f"{board.terrain[h].name.lower()} {board.numbers[h]}"
            )
    if sorted(board.harbors) != sorted(want.harbors):
        raise ValueError("the beginner map is Illustration A: its harbors differ")


def _counts(c: Counter[Any]) -> str:
    def label(k: object) -> str:
        return k.name.lower() if isinstance(k, Terrain | Harbor) else str(k)

    return "{" + ", ".join(f"{label(k)}: {v}" for k, v in sorted(c.items())) + "}"


def make_board(rules: Rules) -> Board:
    """The map of a game, a pure function of its rules (map kind and seed); with Seafarers
    ships its topology has the open sea (:meth:`Board.with_open_sea`)."""
    board = _laid_out(rules)
    return board.with_open_sea(True) if rules.ships else board


def _laid_out(rules: Rules) -> Board:
    if rules.map_kind in DESCRIBED_KINDS:
        from .maps import make_described_board  # the maps laid out from descriptions

        return make_described_board(rules)
    layout = layout_for(rules)
    topo = topology_for(layout.land)
    if rules.map_kind == "beginner":
        return beginner_board(topo)
    rng = random.Random(rules.seed)  # a local generator: the engine never uses global random
    if rules.map_kind != "random":  # variable, and the 1996 maps (tokens by the spiral)
        return variable_board(rng, topo, layout)
    return random_board(rng, topo, layout)
