"""The 1996 map variants as map descriptions: data tables citing the text (003, "Alternate Rules
for Experienced Players"; shapes and counts computed in board-data.md §7).

What this is for: ``ISLANDS`` (5. Islands of Catan, 3–4 players), ``BIG_ISLANDS`` (6. Big
Islands of Catan, 5–6 players), ``BIG_ISLAND`` (Big Island, 7–8 players) and ``PEANUT``
(Peanut, 7–8 players) as the same kind of description a user writes (``description.py``),
so the named 1996 maps and a user's map are laid out by one code path. The 7–8 maps' data
(shapes, counts, token starts, frame slots, each with its reading) are in ``data.py``; here
they become descriptions whose draws (tiles, spiral corner, markers) are those of the frame
maps' variable set-up, so a seed lays out the same board as before they were descriptions.

What this is not: the frame maps of the base game and the 5–6 extension (``board.py``) or
the rule changes (bridges: ``scenarios/islands``).
"""

from __future__ import annotations

from .. import data
from ..types import Harbor, Side, Terrain
from .description import MapDescription, Pool, TokenSpec, hexagon

# "Instead of laying out the board normally, shuffle all the hexes, land and blue, together.
# Lay them out randomly into the normal pattern, a large hexagon with four hexes on each
# side." (003, 5.) Four hexes on a side is the hexagon of radius 3: 37 positions, which the
# base set's 19 land hexes, 9 plain water and 9 port hexes fill exactly (board-data §7).
ISLANDS_CELLS = hexagon(3)
ISLANDS_WATER = 9
# The 1996 base set's port hexes: the nine harbors of the frame (4 generic, one 2:1 each).
ISLANDS_PORTS: tuple[tuple[Harbor, int], ...] = tuple(
    sorted((h, data.BASE_HARBORS.count(h)) for h in set(data.BASE_HARBORS))
)
# "Take all the number counters and mix them all up" (003, 5.): the 18 counters of the box.
ISLANDS_COUNTERS: tuple[int, ...] = tuple(sorted(data.BASE_TOKENS))

ISLANDS = MapDescription(
    name="islands",
    cells=ISLANDS_CELLS,
    fixed=(),
    pools=(Pool(tuple(sorted(data.BASE_TERRAIN_COUNTS.items())), ISLANDS_WATER, ISLANDS_PORTS),),
    tokens=(TokenSpec("islands", ISLANDS_COUNTERS),),
    harbor_slots=(),
    harbor_markers=(),
    shuffle_harbors=False,
    rotate_ports=True,
    # "Bridges can be built over edges of two water or port hexes." (003, 5.)
    bridges=True,
)
assert len(ISLANDS_CELLS) == 19 + ISLANDS_WATER + 9 == 37

# "Play with the Islands arrangement, but remove the desert and add 2 of each land hex, 9
# plain water hexes, and one of each port hex (including a generic port)." (003, 6.)
BIG_ISLANDS_TERRAIN: dict[Terrain, int] = {
    t: k + 2 for t, k in data.BASE_TERRAIN_COUNTS.items() if t != Terrain.DESERT
}
BIG_ISLANDS_WATER = ISLANDS_WATER + 9
BIG_ISLANDS_PORTS: tuple[tuple[Harbor, int], ...] = tuple((h, k + 1) for h, k in ISLANDS_PORTS)
# 28 land + 18 water + 15 ports = 61, the hexagon of radius 4 (board-data §7: the count fits
# that hexagon exactly, and no other layout is named).
BIG_ISLANDS_CELLS = hexagon(4)
# "mix two full sets of numbers together, but remove a 3, 5, and 10 from the set" (003, 6.):
# 36 - 3 = 33 counters for 28 land hexes. Reading: they are drawn by the Islands method
# until every land hex has one; the 5 left stay unused (the text does not fit exactly, and
# drawing from a larger pool is what "mix ... together" then placing one per hex does).
_TWO_SETS = sorted(data.BASE_TOKENS * 2)
for _n in (3, 5, 10):
    _TWO_SETS.remove(_n)
BIG_ISLANDS_COUNTERS: tuple[int, ...] = tuple(_TWO_SETS)

BIG_ISLANDS = MapDescription(
    name="big-islands",
    cells=BIG_ISLANDS_CELLS,
    fixed=(),
    pools=(Pool(tuple(sorted(BIG_ISLANDS_TERRAIN.items())), BIG_ISLANDS_WATER, BIG_ISLANDS_PORTS),),
    tokens=(TokenSpec("islands", BIG_ISLANDS_COUNTERS),),
    harbor_slots=(),
    harbor_markers=(),
    shuffle_harbors=False,
    rotate_ports=True,
    bridges=True,
)
assert sum(BIG_ISLANDS_TERRAIN.values()) == 28 and len(BIG_ISLANDS_COUNTERS) == 33
assert 28 + BIG_ISLANDS_WATER + sum(k for _, k in BIG_ISLANDS_PORTS) == len(BIG_ISLANDS_CELLS)


def _slot_names(slots: tuple[tuple[tuple[int, int], Side], ...]) -> tuple[str, ...]:
    """Frame slots (a land hex and the side its harbor path runs along) as path names."""
    return tuple(f"({q},{r}){side.name}" for (q, r), side in slots)


# Big Island (7–8): "Take two complete sets of land hexes, minus one desert. Lay them out in
# one large hexagon, starting with a line of seven" — all land, no sea inside; the tokens
# along one spiral from a corner drawn at random; the port markers shuffled on every other
# space of the frame (data.py has the readings).
BIG_ISLAND = MapDescription(
    name="big-island",
    cells=data.BIG_ISLAND_LAND,
    fixed=(),
    pools=(Pool(tuple(sorted(data.BIG_ISLAND_TERRAIN_COUNTS.items()))),),
    tokens=(TokenSpec("spiral", data.BIG_ISLAND_TOKENS),),
    harbor_slots=_slot_names(data.BIG_ISLAND_HARBOR_SLOTS),
    harbor_markers=data.BIG_ISLAND_HARBORS,
    shuffle_harbors=True,
    rotate_ports=True,
    bridges=False,
)

# Peanut (7–8): "Lay out one set of land hexes to create a normal island. Then lay an
# additional set of land hexes in another island, touching one edge of the first island" —
# one pool per half, each "a normal island"; "The number counters are placed as if you were
# placing numbers on two separate boards ... Start each half of the island at the hex closest
# to you, and continue both counter-clockwise" — one spiral per half from its start.
PEANUT = MapDescription(
    name="peanut",
    cells=data.PEANUT_LAND,
    fixed=(),
    pools=tuple(
        Pool(tuple(sorted(data.BASE_TERRAIN_COUNTS.items())), cells=half)
        for half in data.PEANUT_HALVES
    ),
    tokens=tuple(
        TokenSpec("spiral", data.BASE_TOKENS, start, half)
        for half, start in zip(data.PEANUT_HALVES, data.PEANUT_TOKEN_STARTS)
    ),
    harbor_slots=_slot_names(data.PEANUT_HARBOR_SLOTS),
    harbor_markers=data.PEANUT_HARBORS,
    shuffle_harbors=True,
    rotate_ports=True,
    bridges=False,
)

NAMED: dict[str, MapDescription] = {
    "islands": ISLANDS,
    "big-islands": BIG_ISLANDS,
    "big-island": BIG_ISLAND,
    "peanut": PEANUT,
}
"""The named maps laid out from descriptions, by ``Rules.map_kind``."""
