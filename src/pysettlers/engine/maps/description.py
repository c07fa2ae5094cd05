"""Map descriptions: a board a user can write as JSON, read and checked before anything is built.

What this is for: one data form for every map the engine lays out — land hexes, water hexes
and port hexes (the 1996 components: a sea hex with a harbor on one edge), each either fixed
on a position or drawn from a pool shuffled into the positions left; the number tokens and
how they are placed (``fixed``, the ``spiral`` of the variable set-up, the ``islands``
re-draw of the 1996 *Islands of Catan*, or ``random`` with no 6 or 8 touching); harbor
markers on the coast (a frame's slots, shuffled or fixed); and whether bridges may be built.
The named 1996 maps are such descriptions (``tables.py``); ``layout.py`` lays a description
out into a :class:`~pysettlers.engine.board.Board`.

The JSON form (every key but ``cells`` optional; ``docs/maps.md`` has a worked example)::

    {"name": "...",
     "cells": {"hexagon": 3} | ["(0,0)", "(1,0)", ...],   # the positions to fill
     "fixed": [{"hex": "(0,0)", "kind": "desert"},
               {"hex": "(1,0)", "kind": "forest", "number": 8},
               {"hex": "(2,0)", "kind": "water"},
               {"hex": "(3,0)", "kind": "port", "harbor": "ore", "side": "W"}],
     "pool": {"hills": 3, "forest": 4, "water": 9, "port": {"generic": 4, "ore": 1}}
             (or a list of such, each with its "cells": a set of tiles per part of the map),
     "tokens": {"method": "spiral" | "islands" | "random" | "fixed",
                "counters": [5, 2, 6, ...], "start": "corner" | "(0,-2)", "cells": [...]}
               (or a list of such, each for its own ``cells``: two boards' spirals),
     "harbors": {"slots": ["(0,-2)NW", ...], "markers": ["generic", ...], "shuffle": true},
     "port_rotation": "clockwise" | "none",
     "bridges": true}

Pools: one pool is shuffled into every position not fixed. A list of pools, each naming its
``cells`` (positions not fixed, no two pools sharing one, together every position not fixed),
lays each part of the map out with its own tiles: Peanut's two halves, each "a normal
island" with one set of land hexes (003). Each pool is shuffled in the order listed.

Port hexes: a port's ``side`` is how it was laid (drawn at random for pooled ones); with
``port_rotation`` ``clockwise`` (the default, 003: "rotate the hex clockwise until both ports
touch the same land hex. If the port hex does not touch any land hexes, do not rotate it")
the harbor ends on the first side, clockwise from there, that faces land, or nowhere; with
``none`` the side must face land. A port hex that touches no land keeps no harbor (nobody
can build next to it), but stays a port hex for the board's picture and for bridges.
Hexes outside ``cells`` are sea ("treat beyond the rim as sea", board-data §7).

Every error is a ``ValueError`` that names the field (``map.fixed[2].kind: ...``), raised
before anything is built. What this is not: the laying out (``layout.py``).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..topology import NameError_, parse_coord
from ..types import Harbor, Side, Terrain

Coord = tuple[int, int]
TokenMethod = Literal["fixed", "spiral", "islands", "random"]
TOKEN_METHODS: tuple[TokenMethod, ...] = ("fixed", "spiral", "islands", "random")
WATER = "water"
PORT = "port"
MAX_CELLS = 200
"""Most positions a description may have: far more than any map here (61), few enough that a
hostile document cannot make the topology builder work on a huge shape."""
MAX_RADIUS = 7
MAX_TEXT = 200_000

TERRAIN_NAMES: tuple[str, ...] = tuple(t.name.lower() for t in Terrain)
HARBOR_NAMES: tuple[str, ...] = tuple(h.name.lower() for h in Harbor)
KINDS: tuple[str, ...] = (*TERRAIN_NAMES, WATER, PORT)


@dataclass(frozen=True, slots=True)
class FixedHex:
    """A hex the description places itself: terrain (a land hex), water, or a port hex."""

    coord: Coord
    kind: str  # a terrain name, "water" or "port"
    number: int | None = None
    harbor: Harbor | None = None
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """How number tokens go on the land of ``cells`` (all of the map when ``None``)."""

    method: TokenMethod
    counters: tuple[int, ...] = ()
    start: Coord | None = None  # None: a corner hex drawn at random
    cells: tuple[Coord, ...] | None = None


@dataclass(frozen=True, slots=True)
class Pool:
    """Hexes shuffled into positions: into ``cells`` (those not fixed), or into every
    position not fixed and not another pool's when ``cells`` is ``None``."""

    terrain: tuple[tuple[Terrain, int], ...]
    water: int = 0
    ports: tuple[tuple[Harbor, int], ...] = ()
    cells: tuple[Coord, ...] | None = None

    def size(self) -> int:
        return sum(k for _, k in self.terrain) + self.water + sum(k for _, k in self.ports)


@dataclass(frozen=True, slots=True)
class MapDescription:
    """A checked map description (see the module docstring for the JSON form)."""

    name: str
    cells: tuple[Coord, ...]
    fixed: tuple[FixedHex, ...]
    pools: tuple[Pool, ...]
    tokens: tuple[TokenSpec, ...]
    harbor_slots: tuple[str, ...]  # path names, resolved on the laid-out topology
    harbor_markers: tuple[Harbor, ...]
    shuffle_harbors: bool
    rotate_ports: bool
    bridges: bool

    @property
    def free_cells(self) -> tuple[Coord, ...]:
        fixed = {f.coord for f in self.fixed}
        return tuple(c for c in self.cells if c not in fixed)

    def pool_cells(self) -> tuple[tuple[Coord, ...], ...]:
        """The positions each pool fills, in ``cells`` order (fixed ones left out)."""
        fixed = {f.coord for f in self.fixed}
        named = {c for p in self.pools if p.cells is not None for c in p.cells}
        out = []
        for p in self.pools:
            own = set(p.cells) if p.cells is not None else None
            out.append(
                tuple(
                    c
                    for c in self.cells
                    if c not in fixed and (c in own if own is not None else c not in named)
                )
            )
        return tuple(out)

    @property
    def pool_terrain(self) -> tuple[tuple[Terrain, int], ...]:
        """Every pool's terrain tiles together."""
        total: Counter[Terrain] = Counter()
        for p in self.pools:
            total.update(dict(p.terrain))
        return tuple(sorted(total.items()))

    @property
    def pool_water(self) -> int:
        return sum(p.water for p in self.pools)

    @property
    def pool_ports(self) -> tuple[tuple[Harbor, int], ...]:
        total: Counter[Harbor] = Counter()
        for p in self.pools:
            total.update(dict(p.ports))
        return tuple(sorted(total.items()))

    def pool_size(self) -> int:
        return sum(p.size() for p in self.pools)


def hexagon(radius: int, centre: Coord = (0, 0)) -> tuple[Coord, ...]:
    """Every hex within ``radius`` of ``centre``, in reading order (board-data §7)."""
    q0, r0 = centre
    out = [
        (q0 + q, r0 + r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))


def load_description(text: str) -> MapDescription:
    """A description from its JSON text; ``ValueError`` naming what is wrong."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"map: the description is {len(text)} characters; at most {MAX_TEXT}")
    if not isinstance(text, str):
        raise ValueError(f"map: a description is JSON text (got {type(text).__name__})")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(
            f"map: not valid JSON ({e.msg} at line {e.lineno} column {e.colno})"
        ) from None
    except RecursionError:
        # json nests by recursion: a few thousand brackets exhaust the stack.
        raise ValueError(_TOO_DEEP) from None
    return parse_description(obj)


_TOO_DEEP = "map: the description nests too deeply (no field of a map description nests)"


def parse_description(obj: object) -> MapDescription:
    """A description from JSON data; ``ValueError`` naming the field that is wrong."""
    try:
        return _parse_description(obj)
    except RecursionError:
        # A deeply nested value where a name or a count belongs: quoting it in the message
        # (``repr``) recurses as deep as it nests.
        raise ValueError(_TOO_DEEP) from None


def _parse_description(obj: object) -> MapDescription:
    if not isinstance(obj, dict):
        raise ValueError(f"map: a description is a JSON object (got {type(obj).__name__})")
    known = {"name", "cells", "fixed", "pool", "tokens", "harbors", "port_rotation", "bridges"}
    unknown = sorted(str(k) for k in obj if k not in known)
    if unknown:
        raise ValueError(f"map: unknown fields {unknown} (known: {sorted(known)})")
    name = obj.get("name", "described")
    if not isinstance(name, str) or len(name) > 80:
        raise ValueError("map.name must be a string of at most 80 characters")
    cells = _cells(obj.get("cells"))
    cell_set = set(cells)
    fixed = _fixed(obj.get("fixed", []), cell_set)
    pools = _pools(obj.get("pool", {}), cell_set, {f.coord for f in fixed})
    free = len(cells) - len(fixed)
    pooled = sum(p.size() for p in pools)
    if pooled != free:
        raise ValueError(
            f"map.pool: {pooled} hexes in the pool for {free} positions not fixed "
            f"({len(cells)} cells, {len(fixed)} fixed): the counts must be equal"
        )
    water = sum(p.water for p in pools)
    ports = [h for p in pools for h in p.ports]
    kinds = Counter(f.kind for f in fixed)
    for p in pools:
        for t, k in p.terrain:
            kinds[t.name.lower()] += k
    land = sum(k for kind, k in kinds.items() if kind in TERRAIN_NAMES)
    if land == 0:
        raise ValueError("map: no land hex (fixed or in the pool)")
    rotation = obj.get("port_rotation", "clockwise")
    if rotation not in ("clockwise", "none"):
        raise ValueError(f"map.port_rotation must be 'clockwise' or 'none' (got {rotation!r})")
    has_sea = water > 0 or bool(ports) or any(f.kind in (WATER, PORT) for f in fixed)
    bridges = obj.get("bridges", has_sea)
    if not isinstance(bridges, bool):
        raise ValueError(f"map.bridges must be true or false (got {bridges!r})")
    slots, markers, shuffle = _harbors(obj.get("harbors"))
    desc = MapDescription(
        name=name,
        cells=cells,
        fixed=fixed,
        pools=pools,
        tokens=(),
        harbor_slots=slots,
        harbor_markers=markers,
        shuffle_harbors=shuffle,
        rotate_ports=rotation == "clockwise",
        bridges=bridges,
    )
    _check_pool_cells(desc)
    tokens = _tokens(obj.get("tokens"), desc, cell_set)
    if rotation == "none":
        for i, f in enumerate(fixed):
            if f.kind == PORT and f.side is None:
                raise ValueError(f"map.fixed[{i}].side is needed when port_rotation is 'none'")
        if ports:
            raise ValueError("map.pool: pooled port hexes need port_rotation 'clockwise'")
    return replace(desc, tokens=tokens)


def _coord(text: object, where: str) -> Coord:
    if not isinstance(text, str):
        raise ValueError(f"{where} must be a hex name like '(0,-1)' (got {text!r})")
    try:
        return parse_coord(text)
    except NameError_ as e:
        raise ValueError(f"{where}: {e}") from None


def _cells(value: object) -> tuple[Coord, ...]:
    if isinstance(value, dict):
        extra = sorted(str(k) for k in value if k not in ("hexagon", "centre"))
        if extra:
            raise ValueError(f"map.cells: unknown fields {extra} (known: hexagon, centre)")
        r = value.get("hexagon")
        if not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= MAX_RADIUS:
            raise ValueError(f"map.cells.hexagon must be a radius from 1 to {MAX_RADIUS}")
        centre = _coord(value.get("centre", "(0,0)"), "map.cells.centre")
        return hexagon(r, centre)
    if not isinstance(value, list) or not value:
        raise ValueError(
            "map.cells must be {\"hexagon\": R} or a non-empty list of hex names like '(0,-1)'"
        )
    if len(value) > MAX_CELLS:
        raise ValueError(f"map.cells has {len(value)} hexes; at most {MAX_CELLS}")
    out = [_coord(c, f"map.cells[{i}]") for i, c in enumerate(value)]
    dup = [c for c, k in Counter(out).items() if k > 1]
    if dup:
        raise ValueError(f"map.cells lists hex ({dup[0][0]},{dup[0][1]}) twice")
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))


def _enum(value: object, names: tuple[str, ...], where: str) -> str:
    if not isinstance(value, str) or value.strip().lower() not in names:
        raise ValueError(f"{where} must be one of {list(names)} (got {str(value)[:40]!r})")
    return value.strip().lower()


def _count(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_CELLS:
        raise ValueError(f"{where} must be a count from 0 to {MAX_CELLS} (got {value!r})")
    return value


def _fixed(value: object, cells: set[Coord]) -> tuple[FixedHex, ...]:
    if not isinstance(value, list):
        raise ValueError(f"map.fixed must be a list (got {type(value).__name__})")
    if len(value) > MAX_CELLS:
        raise ValueError(f"map.fixed has {len(value)} entries; at most {MAX_CELLS}")
    out: list[FixedHex] = []
    seen: set[Coord] = set()
    for i, item in enumerate(value):
        where = f"map.fixed[{i}]"
        if not isinstance(item, dict):
            raise ValueError(f"{where} must be a JSON object (got {type(item).__name__})")
        extra = sorted(str(k) for k in item if k not in ("hex", "kind", "number", "harbor", "side"))
        if extra:
            raise ValueError(f"{where}: unknown fields {extra}")
        c = _coord(item.get("hex"), f"{where}.hex")
        if c not in cells:
            raise ValueError(f"{where}.hex ({c[0]},{c[1]}) is not one of map.cells")
        if c in seen:
            raise ValueError(f"{where}.hex ({c[0]},{c[1]}) is fixed twice")
        seen.add(c)
        kind = _enum(item.get("kind"), KINDS, f"{where}.kind")
        number = item.get("number")
        if number is not None:
            if kind not in TERRAIN_NAMES or kind == "desert":
                raise ValueError(f"{where}.number: a {kind} hex carries no number token")
            if not isinstance(number, int) or isinstance(number, bool) or number == 7:
                raise ValueError(f"{where}.number must be a token 2–6 or 8–12 (got {number!r})")
            if not 2 <= number <= 12:
                raise ValueError(f"{where}.number must be a token 2–6 or 8–12 (got {number!r})")
        harbor: Harbor | None = None
        side: Side | None = None
        if kind == PORT:
            harbor = Harbor[_enum(item.get("harbor"), HARBOR_NAMES, f"{where}.harbor").upper()]
            if item.get("side") is not None:
                names = tuple(n.lower() for n in Side.__members__)
                side = Side[_enum(item.get("side"), names, f"{where}.side").upper()]
        elif "harbor" in item or "side" in item:
            raise ValueError(f"{where}: only a port hex has a harbor and a side")
        out.append(FixedHex(c, kind, number, harbor, side))
    return tuple(out)


def _pools(value: object, cells: set[Coord], fixed: set[Coord]) -> tuple[Pool, ...]:
    """``map.pool``: one pool (an object), or a list of pools each naming its cells."""
    if isinstance(value, list):
        if not value:
            raise ValueError("map.pool: a list of pools needs at least one pool")
        if len(value) > MAX_CELLS:
            raise ValueError(f"map.pool has {len(value)} pools; at most {MAX_CELLS}")
        pools = tuple(_pool(v, f"map.pool[{i}]", cells, fixed) for i, v in enumerate(value))
        if len(pools) > 1 and any(p.cells is None for p in pools):
            i = next(i for i, p in enumerate(pools) if p.cells is None)
            raise ValueError(f"map.pool[{i}]: with several pools each names its cells")
        seen: set[Coord] = set()
        for i, p in enumerate(pools):
            assert p.cells is not None or len(pools) == 1
            shared = sorted(set(p.cells or ()) & seen, key=lambda c: (c[1], c[0]))
            if shared:
                c = shared[0]
                raise ValueError(f"map.pool[{i}].cells: ({c[0]},{c[1]}) is in an earlier pool")
            seen |= set(p.cells or ())
        return pools
    return (_pool(value, "map.pool", cells, fixed),)


def _pool(value: object, where: str, cells: set[Coord], fixed: set[Coord]) -> Pool:
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be a JSON object (got {type(value).__name__})")
    terrain: list[tuple[Terrain, int]] = []
    water = 0
    ports: list[tuple[Harbor, int]] = []
    own: tuple[Coord, ...] | None = None
    for key, v in value.items():
        if key == "cells":
            own = _cells(v)
            for c in own:
                if c not in cells:
                    raise ValueError(f"{where}.cells: ({c[0]},{c[1]}) is not one of map.cells")
                if c in fixed:
                    raise ValueError(f"{where}.cells: ({c[0]},{c[1]}) is fixed on map.fixed")
            continue
        kind = _enum(key, KINDS, f"{where}'s keys")
        at = f"{where}.{kind}"
        if kind == WATER:
            water = _count(v, at)
        elif kind == PORT:
            if not isinstance(v, dict):
                raise ValueError(f"{at} must map harbor types to counts, e.g. {{'ore': 1}}")
            for hk, hv in v.items():
                h = _enum(hk, HARBOR_NAMES, f"{at}'s keys")
                k = _count(hv, f"{at}.{h}")
                if k:
                    ports.append((Harbor[h.upper()], k))
        else:
            k = _count(v, at)
            if k:
                terrain.append((Terrain[kind.upper()], k))
    return Pool(tuple(sorted(terrain)), water, tuple(sorted(ports)), own)


def _check_pool_cells(desc: MapDescription) -> None:
    """Each pool fills its own positions exactly (the total is checked before)."""
    if len(desc.pools) == 1 and desc.pools[0].cells is None:
        return
    for i, (p, own) in enumerate(zip(desc.pools, desc.pool_cells())):
        where = "map.pool" if len(desc.pools) == 1 else f"map.pool[{i}]"
        if p.size() != len(own):
            raise ValueError(
                f"{where}: {p.size()} hexes for its {len(own)} positions: the counts must be equal"
            )
    left = set(desc.free_cells) - {c for own in desc.pool_cells() for c in own}
    if left:
        c = min(left, key=lambda c: (c[1], c[0]))
        raise ValueError(f"map.pool: position ({c[0]},{c[1]}) is neither fixed nor in a pool")


def _harbors(value: object) -> tuple[tuple[str, ...], tuple[Harbor, ...], bool]:
    if value is None:
        return (), (), False
    if not isinstance(value, dict):
        raise ValueError(f"map.harbors must be a JSON object (got {type(value).__name__})")
    extra = sorted(str(k) for k in value if k not in ("slots", "markers", "shuffle"))
    if extra:
        raise ValueError(f"map.harbors: unknown fields {extra} (known: slots, markers, shuffle)")
    slots = value.get("slots", [])
    markers = value.get("markers", [])
    if not isinstance(slots, list) or not all(isinstance(x, str) for x in slots):
        raise ValueError("map.harbors.slots must be a list of path names like '(0,-2)NW'")
    if not isinstance(markers, list):
        raise ValueError("map.harbors.markers must be a list of harbor types")
    if len(slots) != len(markers):
        raise ValueError(
            f"map.harbors: {len(markers)} markers for {len(slots)} slots; the counts must be equal"
        )
    if len(slots) > MAX_CELLS:
        raise ValueError(f"map.harbors has {len(slots)} slots; at most {MAX_CELLS}")
    kinds = tuple(
        Harbor[_enum(m, HARBOR_NAMES, f"map.harbors.markers[{i}]").upper()]
        for i, m in enumerate(markers)
    )
    shuffle = value.get("shuffle", False)
    if not isinstance(shuffle, bool):
        raise ValueError(f"map.harbors.shuffle must be true or false (got {shuffle!r})")
    return tuple(slots), kinds, shuffle


def _tokens(value: object, desc: MapDescription, cells: set[Coord]) -> tuple[TokenSpec, ...]:
    specs = value if isinstance(value, list) else [value]
    if value is None:
        specs = [{"method": "fixed"}]
    out: list[TokenSpec] = []
    covered: set[Coord] = set()
    for i, spec in enumerate(specs):
        where = "map.tokens" if not isinstance(value, list) else f"map.tokens[{i}]"
        if not isinstance(spec, dict):
            raise ValueError(f"{where} must be a JSON object (got {type(spec).__name__})")
        extra = sorted(str(k) for k in spec if k not in ("method", "counters", "start", "cells"))
        if extra:
            raise ValueError(f"{where}: unknown fields {extra}")
        method = _enum(spec.get("method"), TOKEN_METHODS, f"{where}.method")
        counters = spec.get("counters", [])
        if not isinstance(counters, list):
            raise ValueError(f"{where}.counters must be a list of numbers")
        for j, n in enumerate(counters):
            if not isinstance(n, int) or isinstance(n, bool) or n == 7 or not 2 <= n <= 12:
                raise ValueError(f"{where}.counters[{j}] must be 2–6 or 8–12 (got {n!r})")
        if method == "fixed" and counters:
            raise ValueError(f"{where}: fixed tokens are given on map.fixed, not as counters")
        start_text = spec.get("start", "corner")
        start = None if start_text == "corner" else _coord(start_text, f"{where}.start")
        sub: tuple[Coord, ...] | None = None
        if spec.get("cells") is not None:
            sub = _cells(spec.get("cells"))
            outside = [c for c in sub if c not in cells]
            if outside:
                raise ValueError(f"{where}.cells: ({outside[0][0]},{outside[0][1]}) is not a cell")
        area = set(sub) if sub is not None else cells
        if area & covered:
            raise ValueError(f"{where}.cells overlaps an earlier token spec")
        covered |= area
        if start is not None and start not in area:
            raise ValueError(f"{where}.start ({start[0]},{start[1]}) is not one of its cells")
        out.append(TokenSpec(method, tuple(counters), start, sub))  # type: ignore[arg-type]
    _check_token_counts(out, desc)
    return tuple(out)


def _check_token_counts(specs: list[TokenSpec], desc: MapDescription) -> None:
    """Enough counters for the productive hexes each spec covers, when that is known.

    With pooled terrain the count per area is known only for the whole map (one spec):
    ``spiral`` and ``random`` need exactly one counter per productive hex, ``islands``
    at least one (the rest stay unused: Big Islands of Catan's 33 counters for 28 hexes)."""
    fixed_numbers = [f for f in desc.fixed if f.number is not None]
    if len(specs) == 1:
        productive = sum(1 for f in desc.fixed if f.kind in TERRAIN_NAMES and f.kind != "desert")
        productive += sum(k for t, k in desc.pool_terrain if t != Terrain.DESERT)
        spec = specs[0]
        where = "map.tokens"
        if spec.method == "fixed":
            if desc.pool_terrain:
                raise ValueError(
                    f"{where}.method 'fixed' needs every land hex fixed with its number; "
                    "the pool has land"
                )
            missing = [
                f
                for f in desc.fixed
                if f.kind in TERRAIN_NAMES and f.kind != "desert" and f.number is None
            ]
            if missing:
                c = missing[0].coord
                raise ValueError(
                    f"map.fixed: hex ({c[0]},{c[1]}) ({missing[0].kind}) has no number"
                )
            return
        if fixed_numbers:
            raise ValueError("map.fixed: numbers are given only with tokens.method 'fixed'")
        n = len(spec.counters)
        if spec.method in ("spiral", "random") and n != productive:
            raise ValueError(
                f"{where}.counters: {n} counters for {productive} productive land hexes; "
                f"the {spec.method} method needs exactly one each"
            )
        if spec.method == "islands" and n < productive:
            raise ValueError(
                f"{where}.counters: {n} counters for {productive} productive land hexes; "
                "the islands method needs at least one each"
            )
        return
    if fixed_numbers or any(s.method == "fixed" for s in specs):
        raise ValueError("map.tokens: several token specs cannot use fixed numbers")
    if any(s.cells is None for s in specs):
        raise ValueError("map.tokens: with several token specs each names its cells")


def description_json(desc: MapDescription) -> dict[str, Any]:
    """The JSON form of a description (``parse_description`` reads it back equal)."""

    def name(c: Coord) -> str:
        return f"({c[0]},{c[1]})"

    fixed: list[dict[str, Any]] = []
    for f in desc.fixed:
        item: dict[str, Any] = {"hex": name(f.coord), "kind": f.kind}
        if f.number is not None:
            item["number"] = f.number
        if f.harbor is not None:
            item["harbor"] = f.harbor.name.lower()
        if f.side is not None:
            item["side"] = f.side.name
        fixed.append(item)
    pools: list[dict[str, Any]] = []
    for p in desc.pools:
        pool: dict[str, Any] = {t.name.lower(): k for t, k in p.terrain}
        if p.water:
            pool[WATER] = p.water
        if p.ports:
            pool[PORT] = {h.name.lower(): k for h, k in p.ports}
        if p.cells is not None:
            pool["cells"] = [name(c) for c in p.cells]
        pools.append(pool)
    tokens: list[dict[str, Any]] = []
    for s in desc.tokens:
        spec: dict[str, Any] = {"method": s.method}
        if s.counters:
            spec["counters"] = list(s.counters)
        if s.start is not None:
            spec["start"] = name(s.start)
        if s.cells is not None:
            spec["cells"] = [name(c) for c in s.cells]
        tokens.append(spec)
    out: dict[str, Any] = {
        "name": desc.name,
        "cells": [name(c) for c in desc.cells],
        "fixed": fixed,
        "pool": pools[0] if len(pools) == 1 and desc.pools[0].cells is None else pools,
        "tokens": tokens[0] if len(tokens) == 1 else tokens,
        "port_rotation": "clockwise" if desc.rotate_ports else "none",
        "bridges": desc.bridges,
    }
    if desc.harbor_slots:
        out["harbors"] = {
            "slots": list(desc.harbor_slots),
            "markers": [h.name.lower() for h in desc.harbor_markers],
            "shuffle": desc.shuffle_harbors,
        }
    return out
