"""Laying a map description out into a board, and checking a board against a description.

What this is for: :func:`lay_out` turns a :class:`~.description.MapDescription` and a seeded
generator into a :class:`~pysettlers.engine.board.Board` — the pool shuffled into the free
positions, port hexes rotated to land, tokens placed by their method, frame harbors shuffled
— and :func:`check_laid_out` refuses a board (from a record or a client) that the
description could not have given. The draws are made in one fixed order (pool, port sides,
token start and counters, frame markers), so a seed always gives the same board.

The 1996 token method (``islands``), from *Islands of Catan* (003, 5.):

    "Take all the number counters and mix them all up. Starting with the closest corner hex
    and continuing counter-clockwise, place one counter on each land hex except the desert.
    When each counter is placed, check the adjacent hexes. If a counter is placed next to a
    counter with the same number, or a 6 and an 8 are placed together, immediately take the
    counter being placed and return it to the pool of unused counters. Then draw another
    counter and place it on that hex. If the very last counter conflicts with a neighboring
    counter, trade it for the very first counter. If this trade would create a conflict,
    continue trying the next number counter-clockwise until you find a number that works."

Readings: "the closest corner hex" is a corner hex of the map's outline drawn at random (as
the variable set-up's spiral start), and "counter-clockwise" is the variable set-up's spiral
over the whole outline, land and sea, giving counters to land hexes only. Drawing until a
counter fits is drawing at random among the counters that fit (the same chances, no endless
loop). When no counter left fits and more than one is left (the text's "very last counter"
case arriving early — it can with few counters left) the counter drawn is treated like the
very last one. The trade with "the very first counter" and then "the next number
counter-clockwise" is a swap with the placed counters in placing order; a swap works when
neither counter then touches a conflicting one. If no swap works the whole placement starts
again with the next draws (the text does not say; a table would do the same). Counters left
over stay unused (Big Islands of Catan has 33 for 28 hexes).
"""

from __future__ import annotations

import random
from collections import Counter

from ..board import Board, Port, port_harbor_path, red_numbers_touch
from ..data import RED_NUMBERS
from ..topology import Topology, topology_for
from ..types import Harbor, PathId, Side, Terrain
from .description import PORT, TERRAIN_NAMES, WATER, Coord, MapDescription, TokenSpec

ISLANDS_RESTARTS = 1000
"""Fresh starts of the islands placement before giving up (a map that cannot be numbered)."""
RANDOM_TRIES = 100_000
"""Shuffles of the ``random`` method's counters before giving up; only after
:func:`reds_can_part` has found that some order keeps the 6s and 8s apart, so the tries are
spent on maps that can be laid out (a map that cannot is refused at once)."""
SEARCH_BUDGET = 200_000
"""Steps of :func:`reds_can_part`'s search before it stops deciding (and the shuffles try)."""


def _name(c: Coord) -> str:
    return f"({c[0]},{c[1]})"


def conflict(a: int, b: int) -> bool:
    """Counters that may not touch: "the same number, or a 6 and an 8" (003, 5.)."""
    return a == b or {a, b} == {6, 8}


def lay_out(desc: MapDescription, rng: random.Random) -> Board:
    """The board ``desc`` gives with the draws of ``rng``; ``ValueError`` naming the field
    when the drawn layout breaks the description (a frame slot that is not a coast)."""
    kind: dict[Coord, str] = {}
    port_type: dict[Coord, Harbor] = {}
    port_side: dict[Coord, Side | None] = {}
    numbers_fixed: dict[Coord, int] = {}
    for f in desc.fixed:
        kind[f.coord] = f.kind
        if f.kind == PORT:
            assert f.harbor is not None
            port_type[f.coord] = f.harbor
            port_side[f.coord] = f.side
        if f.number is not None:
            numbers_fixed[f.coord] = f.number
    for p, own in zip(desc.pools, desc.pool_cells()):
        pool: list[tuple[str, Harbor | None]] = [
            (t.name.lower(), None) for t, k in p.terrain for _ in range(k)
        ]
        pool += [(WATER, None)] * p.water
        pool += [(PORT, h) for h, k in p.ports for _ in range(k)]
        # "Shuffle all the hexes, land and blue, together. Lay them out randomly" (003, 5.);
        # each pool on its own positions (Peanut: each half "a normal island").
        rng.shuffle(pool)
        for c, (k, h) in zip(own, pool):
            kind[c] = k
            if h is not None:
                port_type[c] = h
                port_side[c] = None
    land = tuple(c for c in desc.cells if kind[c] in TERRAIN_NAMES)
    topo = topology_for(land, desc.bridges)
    ports = _ports(desc, topo, kind, port_type, port_side, rng)
    terrain = tuple(Terrain[kind[c].upper()] for c in topo.hexes)
    numbers = [0] * topo.n_hexes
    for c, n in numbers_fixed.items():
        numbers[topo.hex_index[c]] = n
    for spec in desc.tokens:
        if spec.method != "fixed":
            _place_tokens(desc, spec, topo, terrain, numbers, rng)
    harbors = [(h, p) for p, h in _port_harbors(topo, ports)]
    harbors += _frame_harbors(desc, topo, rng)
    sea = tuple(c for c in desc.cells if kind[c] == WATER)
    return Board(topo, terrain, tuple(numbers), tuple(harbors), sea, ports)


def _ports(
    desc: MapDescription,
    topo: Topology,
    kind: dict[Coord, str],
    port_type: dict[Coord, Harbor],
    port_side: dict[Coord, Side | None],
    rng: random.Random,
) -> tuple[Port, ...]:
    """Each port hex's harbor side: laid at a random side (or its fixed one), then "rotate
    the hex clockwise until both ports touch the same land hex. If the port hex does not
    touch any land hexes, do not rotate it" (003, 5.) — no harbor then."""
    out: list[Port] = []
    for c in desc.cells:
        if kind[c] != PORT:
            continue
        laid = port_side[c]
        start = int(laid) if laid is not None else rng.randrange(6)
        side: Side | None = None
        turns = range(6) if desc.rotate_ports else range(1)
        for k in turns:
            s = Side((start + k) % 6)  # Side runs clockwise: NE, E, SE, SW, W, NW
            if port_harbor_path(topo, c, s) is not None:
                side = s
                break
        if side is None and not desc.rotate_ports:
            raise ValueError(
                f"map.fixed: port hex {_name(c)} has side {Side(start).name}, which does not "
                "face a land hex (and port_rotation is 'none')"
            )
        out.append((c, port_type[c], side))
    return tuple(out)


def _port_harbors(topo: Topology, ports: tuple[Port, ...]) -> list[tuple[PathId, Harbor]]:
    out = []
    for c, h, side in ports:
        if side is not None:
            p = port_harbor_path(topo, c, side)
            assert p is not None
            out.append((p, h))
    return out


def _frame_harbors(
    desc: MapDescription, topo: Topology, rng: random.Random
) -> list[tuple[Harbor, PathId]]:
    paths: list[PathId] = []
    for i, name in enumerate(desc.harbor_slots):
        where = f"map.harbors.slots[{i}]"
        try:
            p = topo.parse_path(name)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        if p >= topo.n_land_paths or len(topo.path_hexes[p]) != 1:
            raise ValueError(f"{where}: {name} is not on the coast, so no harbor can face land")
        paths.append(p)
    markers = list(desc.harbor_markers)
    if desc.shuffle_harbors:
        # "Randomly place one [harbor marker] on top of each harbor on the frame" (R5).
        rng.shuffle(markers)
    return list(zip(markers, paths))


def _area(desc: MapDescription, spec: TokenSpec) -> tuple[Coord, ...]:
    return spec.cells if spec.cells is not None else desc.cells


def _token_order(
    desc: MapDescription,
    spec: TokenSpec,
    topo: Topology,
    terrain: tuple[Terrain, ...],
    rng: random.Random,
) -> list[int]:
    """The productive land hexes of the spec's area in counter-clockwise spiral order from
    its start (a corner hex of the area's outline drawn at random unless given)."""
    shape = topology_for(tuple(sorted(_area(desc, spec), key=lambda c: (c[1], c[0]))))
    start = spec.start if spec.start is not None else rng.choice(shape.corner_hexes())
    order = []
    for h in shape.spiral(start):
        c = shape.hexes[h]
        g = topo.hex_index.get(c)
        if g is not None and terrain[g] != Terrain.DESERT:
            order.append(g)
    return order


def _place_tokens(
    desc: MapDescription,
    spec: TokenSpec,
    topo: Topology,
    terrain: tuple[Terrain, ...],
    numbers: list[int],
    rng: random.Random,
) -> None:
    if spec.method == "random":
        area = set(_area(desc, spec))
        hexes = [h for h, c in enumerate(topo.hexes) if c in area and terrain[h] != Terrain.DESERT]
        counters = list(spec.counters)
        if len(counters) != len(hexes):
            raise ValueError(f"map.tokens: {len(counters)} counters for {len(hexes)} hexes")
        reds = sum(1 for n in counters if n in RED_NUMBERS)
        if reds_can_part(topo, hexes, reds) is False:
            raise ValueError(
                f"map.tokens: {reds} red counters (6 and 8) cannot be kept apart on these "
                f"{len(hexes)} hexes: no two may touch"
            )
        for _ in range(RANDOM_TRIES):
            rng.shuffle(counters)
            for h, n in zip(hexes, counters):
                numbers[h] = n
            if not red_numbers_touch(topo, numbers):
                return
        raise ValueError("map.tokens: no order of the counters keeps 6s and 8s apart")
    order = _token_order(desc, spec, topo, terrain, rng)
    if spec.method == "spiral":
        if len(spec.counters) != len(order):
            raise ValueError(f"map.tokens: {len(spec.counters)} counters for {len(order)} hexes")
        for h, n in zip(order, spec.counters):
            numbers[h] = n
        return
    if len(spec.counters) < len(order):
        raise ValueError(f"map.tokens: {len(spec.counters)} counters for {len(order)} hexes")
    for _ in range(ISLANDS_RESTARTS):
        if _islands_once(topo, order, list(spec.counters), numbers, rng):
            return
    raise ValueError("map.tokens: the islands method found no placement without conflicts")


def reds_can_part(topo: Topology, hexes: list[int], reds: int) -> bool | None:
    """Whether ``reds`` of ``hexes`` can be chosen with no two touching (the 6s and 8s of
    the random method), by a search over the hexes in order (no generator drawn: a seed
    gives the board it gave before); ``None`` when :data:`SEARCH_BUDGET` steps did not
    decide. A map whose counters cannot be laid out is refused at once, rather than after
    :data:`RANDOM_TRIES` shuffles (seconds of a server's time)."""
    inside = set(hexes)
    near = {h: {g for g in topo.hex_neighbors[h] if g in inside} for h in hexes}
    steps = 0

    def pick(i: int, need: int, taken: frozenset[int]) -> bool | None:
        nonlocal steps
        if need == 0:
            return True
        if len(hexes) - i < need:
            return False
        steps += 1
        if steps > SEARCH_BUDGET:
            return None
        h = hexes[i]
        unknown = False
        if not near[h] & taken:
            found = pick(i + 1, need - 1, taken | {h})
            if found:
                return True
            unknown = found is None
        found = pick(i + 1, need, taken)
        if found:
            return True
        return None if unknown or found is None else False

    return pick(0, reds, frozenset())


def _fits(topo: Topology, numbers: list[int], h: int, n: int) -> bool:
    """Whether counter ``n`` on hex ``h`` touches no conflicting counter (``h`` excluded)."""
    return not any(numbers[g] and conflict(n, numbers[g]) for g in topo.hex_neighbors[h])


def _islands_once(
    topo: Topology, order: list[int], pool: list[int], numbers: list[int], rng: random.Random
) -> bool:
    """One try of the 1996 re-draw (module docstring); ``numbers`` filled when it works."""
    for h in order:
        numbers[h] = 0
    placed: list[int] = []
    for h in order:
        fitting = [i for i, n in enumerate(pool) if _fits(topo, numbers, h, n)]
        if fitting:
            numbers[h] = pool.pop(rng.choice(fitting))
            placed.append(h)
            continue
        # "If the very last counter conflicts ... trade it for the very first counter. If
        # this trade would create a conflict, continue trying the next number
        # counter-clockwise until you find a number that works."
        n = pool.pop(rng.randrange(len(pool)))
        for g in placed:
            m = numbers[g]
            numbers[g], numbers[h] = n, m
            if _fits(topo, numbers, g, n) and _fits(topo, numbers, h, m):
                break
            numbers[g], numbers[h] = m, 0
        else:
            for g in order:
                numbers[g] = 0
            return False
        placed.append(h)
    return True


# -- checking a board against a description ------------------------------------------------


def check_laid_out(board: Board, desc: MapDescription) -> None:
    """Raise ``ValueError`` naming the problem unless ``desc`` could have laid out ``board``:
    its positions, fixed hexes, pool counts, port sides, token method and harbors."""
    topo = board.topology
    kind: dict[Coord, str] = {c: board.terrain[h].name.lower() for h, c in enumerate(topo.hexes)}
    for c in board.sea:
        kind[c] = WATER
    for c, _, _ in board.ports:
        kind[c] = PORT
    if set(kind) != set(desc.cells) or len(kind) != len(topo.hexes) + len(board.sea) + len(
        board.ports
    ):
        extra = sorted(set(kind) - set(desc.cells))[:3]
        missing = sorted(set(desc.cells) - set(kind))[:3]
        raise ValueError(
            f"the board's hexes are not the {len(desc.cells)} positions of the map "
            f"'{desc.name}' (extra: {', '.join(map(_name, extra)) or 'none'}; "
            f"missing: {', '.join(map(_name, missing)) or 'none'})"
        )
    if desc.bridges != (topo.n_bridge_paths > 0) and topo.n_bridge_paths > 0:
        raise ValueError(f"the map '{desc.name}' has no bridges, but the board has")
    if desc.bridges and topo.n_bridge_paths == 0 and topology_for(topo.hexes, True).n_bridge_paths:
        raise ValueError(f"the map '{desc.name}' has bridges, but the board has none")
    want = Counter(f.kind for f in desc.fixed)
    for f in desc.fixed:
        if kind[f.coord] != f.kind:
            raise ValueError(f"hex {_name(f.coord)} is fixed as {f.kind}, not {kind[f.coord]}")
    want.update({t.name.lower(): k for t, k in desc.pool_terrain})
    want[WATER] += desc.pool_water
    want[PORT] += sum(k for _, k in desc.pool_ports)
    have = Counter(kind.values())
    if +have != +want:
        raise ValueError(
            f"hexes {dict(sorted(have.items()))} are not the map's {dict(sorted(want.items()))}"
        )
    if len(desc.pools) > 1:
        for i, (p, own) in enumerate(zip(desc.pools, desc.pool_cells())):
            got = Counter(kind[c] for c in own)
            need = Counter({t.name.lower(): k for t, k in p.terrain})
            need[WATER] += p.water
            need[PORT] += sum(k for _, k in p.ports)
            if +got != +need:
                raise ValueError(
                    f"hexes {dict(sorted(got.items()))} in pool {i + 1} of the map "
                    f"'{desc.name}' (map.pool[{i}]) are not its {dict(sorted((+need).items()))}"
                )
    want_ports = Counter({h: k for h, k in desc.pool_ports})
    want_ports.update(f.harbor for f in desc.fixed if f.harbor is not None)
    if Counter(h for _, h, _ in board.ports) != want_ports:
        raise ValueError("the port hexes' harbor types are not the map's")
    for c, _, side in board.ports:
        faces = [s for s in Side if port_harbor_path(topo, c, s) is not None]
        if side is None and faces and desc.rotate_ports:
            raise ValueError(f"port hex {_name(c)} touches land but has no harbor side")
    on_ports = {p for p, _ in _port_harbors(topo, board.ports)}
    slots = {topo.parse_path(name) for name in desc.harbor_slots}
    astray = {p for _, p in board.harbors} - on_ports - slots
    if astray:
        names = ", ".join(sorted(topo.path_names[p] for p in astray))
        raise ValueError(
            f"harbors on {names}, which is not a harbor slot of the frame or a port hex's"
        )
    frame = _frame_check(board, desc)
    want_harbors = sorted([(h, p) for p, h in _port_harbors(topo, board.ports)] + frame)
    if sorted(board.harbors) != want_harbors:
        raise ValueError("the board's harbors are not those of its port hexes and frame")
    _check_tokens(board, desc)


def _frame_check(board: Board, desc: MapDescription) -> list[tuple[Harbor, PathId]]:
    topo = board.topology
    slots = [topo.parse_path(name) for name in desc.harbor_slots]
    on_frame = [(h, p) for h, p in board.harbors if p in set(slots)]
    if Counter(h for h, _ in on_frame) != Counter(desc.harbor_markers):
        raise ValueError("the frame's harbor markers are not the map's")
    if not desc.shuffle_harbors and sorted(on_frame) != sorted(zip(desc.harbor_markers, slots)):
        raise ValueError("the frame's harbor markers are not on the map's fixed slots")
    return on_frame


def _check_tokens(board: Board, desc: MapDescription) -> None:
    topo = board.topology
    nums = list(board.numbers)
    for f in desc.fixed:
        if f.number is not None and nums[topo.hex_index[f.coord]] != f.number:
            raise ValueError(f"hex {_name(f.coord)} is fixed with number {f.number}")
    for spec in desc.tokens:
        if spec.method == "fixed":
            continue
        area = set(_area(desc, spec))
        got = Counter(n for h, n in enumerate(nums) if topo.hexes[h] in area and n)
        if spec.method == "islands":
            if +(got - Counter(spec.counters)):
                raise ValueError(f"number tokens {dict(got)} are not drawn from the map's counters")
            for h, n in enumerate(nums):
                if (
                    n
                    and topo.hexes[h] in area
                    and not _fits(topo, [*nums[:h], 0, *nums[h + 1 :]], h, n)
                ):
                    raise ValueError(
                        f"hex {topo.hex_names[h]}: {n} touches the same number or a 6 touches "
                        "an 8, which the islands token placement forbids"
                    )
            continue
        if got != Counter(spec.counters):
            raise ValueError(f"number tokens {dict(got)} are not the map's counters")
        if spec.method == "random" and red_numbers_touch(topo, nums):
            raise ValueError("a 6 or 8 touches another 6 or 8, which a random map forbids")
