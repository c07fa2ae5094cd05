"""Game data as tables, each citing where it comes from.

What this is for: costs, bank and deck composition, piece limits, map shapes, terrain
counts, token sequences, harbor slots and the beginner map — the numbers of the rulebooks
(``../shared/rules/000_…``, abbreviated R5) and of ``board-data.md`` (abbreviated BD).

What this is not: no logic beyond trivial derivations; nothing here is mutated.
"""

from __future__ import annotations

from .types import Bundle as Bundle  # (defined in types; the costs below are bundles)
from .types import Corner, Harbor, Helper, Side, Terrain

Coord = tuple[int, int]

# -- Building costs (R5 "Building Costs Card", page 4) ----------------------------------------
ROAD_COST: Bundle = (1, 1, 0, 0, 0)  # brick & lumber
SETTLEMENT_COST: Bundle = (1, 1, 1, 1, 0)  # brick, lumber, wool & grain
CITY_COST: Bundle = (0, 0, 0, 2, 3)  # 3 ore & 2 grain
DEVELOPMENT_COST: Bundle = (0, 0, 1, 1, 1)  # ore, wool & grain
# "Bridges cost one wood, one brick, and one sheep" (003, 5. Islands of Catan).
BRIDGE_COST: Bundle = (1, 1, 1, 0, 0)  # brick, lumber & wool
# Seafarers: "Each ship costs one lumber and one wool to create lumber for the hull and wool
# for the sails" (002).
SHIP_COST: Bundle = (0, 1, 1, 0, 0)  # lumber & wool

# -- Pieces per player (R5 "Setting up the game": "5 settlements, 4 cities, and 15 roads") ---
ROADS_PER_PLAYER = 15
SHIPS_PER_PLAYER = 15
"""Ships in each player's supply with Seafarers. 002 gives no number; the Seafarers box has
15 ships per colour, as many as roads (README, Seafarers ships)."""
SETTLEMENTS_PER_PLAYER = 5
CITIES_PER_PLAYER = 4

# -- Bank and deck (R5 components; BD §4) ----------------------------------------------------
BANK_PER_RESOURCE_BASE = 19  # 95 resource cards
DECK_BASE: tuple[int, int, int, int, int] = (14, 2, 2, 2, 5)  # by DevCard order
assert sum(DECK_BASE) == 25

# -- Awards (R5 Almanac "Longest Road", "Largest Army") -----------------------------------------
LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3
AWARD_POINTS = 2

# -- The 19-hex island (BD §0) --------------------------------------------------------------
BASE_ROWS: tuple[tuple[int, range], ...] = (
    (-2, range(0, 3)),
    (-1, range(-1, 3)),
    (0, range(-2, 3)),
    (1, range(-2, 2)),
    (2, range(-2, 1)),
)
BASE_LAND: tuple[Coord, ...] = tuple((q, r) for r, qs in BASE_ROWS for q in qs)

BASE_TERRAIN_COUNTS: dict[Terrain, int] = {
    Terrain.HILLS: 3,
    Terrain.FOREST: 4,
    Terrain.PASTURE: 4,
    Terrain.FIELDS: 4,
    Terrain.MOUNTAINS: 3,
    Terrain.DESERT: 1,
}

# Tokens A–R in letter order (BD §2.2).
BASE_TOKENS: tuple[int, ...] = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

# The nine harbor slots of the standard frame, clockwise from the top-left (BD §1.2).
BASE_HARBOR_SLOTS: tuple[tuple[Coord, Side], ...] = (
    ((0, -2), Side.NW),
    ((1, -2), Side.NE),
    ((2, -1), Side.NE),
    ((2, 0), Side.E),
    ((1, 1), Side.SE),
    ((-1, 2), Side.SE),
    ((-2, 2), Side.SW),
    ((-2, 1), Side.W),
    ((-1, -1), Side.W),
)
BASE_HARBORS: tuple[Harbor, ...] = (
    Harbor.GENERIC,
    Harbor.GENERIC,
    Harbor.GENERIC,
    Harbor.GENERIC,
    Harbor.BRICK,
    Harbor.LUMBER,
    Harbor.WOOL,
    Harbor.GRAIN,
    Harbor.ORE,
)

# -- Starting Set-up for Beginners (Illustration A; BD §1) --------------------------------
_M, _P, _F, _FI, _H, _D = (
    Terrain.MOUNTAINS,
    Terrain.PASTURE,
    Terrain.FOREST,
    Terrain.FIELDS,
    Terrain.HILLS,
    Terrain.DESERT,
)
BEGINNER_HEXES: tuple[tuple[Coord, Terrain, int], ...] = (
    ((0, -2), _M, 10),
    ((1, -2), _P, 2),
    ((2, -2), _F, 9),
    ((-1, -1), _FI, 12),
    ((0, -1), _H, 6),
    ((1, -1), _P, 4),
    ((2, -1), _H, 10),
    ((-2, 0), _FI, 9),
    ((-1, 0), _F, 11),
    ((0, 0), _D, 0),
    ((1, 0), _F, 3),
    ((2, 0), _M, 8),
    ((-2, 1), _F, 8),
    ((-1, 1), _M, 3),
    ((0, 1), _FI, 4),
    ((1, 1), _P, 5),
    ((-2, 2), _H, 5),
    ((-1, 2), _FI, 6),
    ((0, 2), _P, 11),
)
BEGINNER_HARBORS: tuple[Harbor, ...] = (  # in BASE_HARBOR_SLOTS order (BD §1.2)
    Harbor.GENERIC,
    Harbor.GRAIN,
    Harbor.ORE,
    Harbor.GENERIC,
    Harbor.WOOL,
    Harbor.GENERIC,
    Harbor.GENERIC,
    Harbor.BRICK,
    Harbor.LUMBER,
)

BeginnerPlacement = tuple[tuple[Coord, Corner], tuple[Coord, Side]]
"""A settlement (hex corner) and its road (hex side)."""

# Per colour: (first placement, starred placement). The starred settlement yields the
# starting resources (BD §1.3; "Blue receives 1 brick, 1 lumber, 1 ore", R5 page 3).
BEGINNER_POSITIONS: dict[str, tuple[BeginnerPlacement, BeginnerPlacement]] = {
    "red": ((((0, -1), Corner.N), ((0, -1), Side.NE)), (((-2, 1), Corner.N), ((-2, 1), Side.NE))),
    "blue": ((((0, 2), Corner.N), ((0, 1), Side.E)), (((-2, 2), Corner.N), ((-2, 2), Side.NE))),
    "white": ((((-1, 0), Corner.N), ((-1, 0), Side.NW)), (((1, 1), Corner.N), ((1, 0), Side.E))),
    "orange": (
        (((1, -1), Corner.NE), ((1, -1), Side.NE)),
        (((-1, 2), Corner.N), ((-1, 2), Side.NE)),
    ),
}
# Seat order of the beginner colours. "If only 3 are playing, remove the red pieces" (R5);
# with the unofficial 2-player option the first two of the 3-player list are used.
BEGINNER_SEATS: dict[int, tuple[str, ...]] = {
    4: ("red", "blue", "white", "orange"),
    3: ("blue", "white", "orange"),
    2: ("blue", "white"),
}

# -- The 5–6 Player Extension (R5 "5-6 Player Rules" pp. 6–7; BD §3) ------------------------
BANK_PER_RESOURCE_EXT = 24  # 95 + 25 resource cards
DECK_EXT: tuple[int, int, int, int, int] = (20, 3, 3, 3, 5)  # 25 + 6 knights + 1 of each progress
assert sum(DECK_EXT) == 34

EXT_ROWS: tuple[tuple[int, range], ...] = (
    (-3, range(0, 3)),
    (-2, range(-1, 3)),
    (-1, range(-2, 3)),
    (0, range(-3, 3)),
    (1, range(-3, 2)),
    (2, range(-3, 1)),
    (3, range(-3, 0)),
)
EXT_LAND: tuple[Coord, ...] = tuple((q, r) for r, qs in EXT_ROWS for q in qs)

EXT_TERRAIN_COUNTS: dict[Terrain, int] = {
    Terrain.HILLS: 5,
    Terrain.FOREST: 6,
    Terrain.PASTURE: 6,
    Terrain.FIELDS: 6,
    Terrain.MOUNTAINS: 5,
    Terrain.DESERT: 2,
}

# Tokens A–Y, Za, Zb, Zc in letter order (BD §3.2; the 1996 list).
EXT_TOKENS: tuple[int, ...] = (
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4,
    8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
)  # fmt: skip

# The eleven harbor slots of the extended frame, clockwise from the top-left (BD §3.4;
# positions Low-Medium confidence, single source checked against the rule text's frame).
EXT_HARBOR_SLOTS: tuple[tuple[Coord, Side], ...] = (
    ((-1, -2), Side.NW),
    ((1, -3), Side.NW),
    ((2, -3), Side.NE),
    ((2, -1), Side.E),
    ((2, 0), Side.SE),
    ((0, 2), Side.E),
    ((-1, 3), Side.SE),
    ((-2, 3), Side.SW),
    ((-3, 3), Side.W),
    ((-3, 1), Side.SW),
    ((-3, 0), Side.W),
)
# The base nine markers plus the extension's 2:1 wool and 3:1 (R5 p. 6), placed at random.
EXT_HARBORS: tuple[Harbor, ...] = (*BASE_HARBORS, Harbor.WOOL, Harbor.GENERIC)

# -- The 1996 maps for 7–8 players (003 "Alternate Rules for Experienced Players"; BD §7) ----
# The 1996 text has no usable illustrations: the shapes are computed from its words (BD §7),
# and the harbor slots from the rule every table here was checked against in
# ``tests/engine/test_eight.py``: a harbor is a port hex of the sea frame ("every other space" round
# the frame ring), on the port hex's edge that looks across the most land hexes in a straight
# line ("face the direction with the most land hexes, as in the normal game" — this rule
# gives exactly the nine slots of the standard frame, BASE_HARBOR_SLOTS). Each slot is written
# as the land hex and side the harbor's path runs along.
#
# "Use two complete sets of resource and development cards" (Big Island): two base sets.
BANK_PER_RESOURCE_TWO_SETS = 2 * BANK_PER_RESOURCE_BASE  # 38 of each resource
DECK_TWO_SETS: tuple[int, int, int, int, int] = (28, 4, 4, 4, 10)  # two base decks
assert tuple(2 * k for k in DECK_BASE) == DECK_TWO_SETS and sum(DECK_TWO_SETS) == 50
# "The robber only forces a player to discard half their cards if the player has more than
# thirteen cards" (Peanut's own text; the same sentence after Big Island, BD §7).
DISCARD_LIMIT_TWO_SETS = 13


def _hexagon(radius: int, centre: Coord = (0, 0)) -> tuple[Coord, ...]:
    """The hexes ``(q, r)`` within ``radius`` of ``centre``, row by row (BD §7)."""
    cq, cr = centre
    return tuple(
        (cq + q, cr + r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    )


def _doubled(counts: dict[Terrain, int]) -> dict[Terrain, int]:
    return {t: 2 * k for t, k in counts.items()}


# Big Island: "Take two complete sets of land hexes, minus one desert. Lay them out in one large
# hexagon, starting with a line of seven": the hexagon of radius 3, rows 4-5-6-7-6-5-4.
BIG_ISLAND_LAND: tuple[Coord, ...] = _hexagon(3)
BIG_ISLAND_TERRAIN_COUNTS: dict[Terrain, int] = {
    **_doubled(BASE_TERRAIN_COUNTS),
    Terrain.DESERT: 1,
}
assert sum(BIG_ISLAND_TERRAIN_COUNTS.values()) == len(BIG_ISLAND_LAND) == 37
# The text names no tokens: two A–R sets, the first then the second, along the spiral from a
# corner (BD §7, Low). Computed: this always puts some 6 or 8 next to another (README).
BIG_ISLAND_TOKENS: tuple[int, ...] = BASE_TOKENS + BASE_TOKENS
# "Take one set of ports and add three generic ports (or two generics and one sheep port)":
# the first choice. "Lay them out starting at the hex closest to you and filling in every other
# space": the frame ring of 24 sea hexes, from the middle of the side facing the player (the
# bottom), every other one — so the 6 corner and 6 mid-side frame hexes. "Align the ports
# toward the largest row of land hexes": where both land neighbours of a mid-side port hex
# look across as much land, the one in the row nearer the row of seven; at the top and bottom
# (both neighbours in one row) the one the clockwise walk round the frame reaches first.
BIG_ISLAND_HARBOR_SLOTS: tuple[tuple[Coord, Side], ...] = (  # clockwise from the bottom
    ((-2, 3), Side.SE),  # the port hex closest to the player, (-2,4)
    ((-3, 3), Side.SW),
    ((-3, 1), Side.SW),
    ((-3, 0), Side.W),
    ((-2, -1), Side.NW),
    ((0, -3), Side.NW),
    ((2, -3), Side.NW),
    ((3, -3), Side.NE),
    ((3, -1), Side.NE),
    ((3, 0), Side.E),
    ((2, 1), Side.SE),
    ((0, 3), Side.SE),
)
BIG_ISLAND_HARBORS: tuple[Harbor, ...] = (
    *BASE_HARBORS,
    Harbor.GENERIC,
    Harbor.GENERIC,
    Harbor.GENERIC,
)
assert len(BIG_ISLAND_HARBORS) == len(BIG_ISLAND_HARBOR_SLOTS) == 24 // 2

# Peanut: "Lay out one set of land hexes to create a normal island. Then lay an additional set
# of land hexes in another island, touching one edge of the first island": two 19-hex islands,
# the second centred at (5,-2) (BD §7): the two touch along a whole side (5 pairs of hexes),
# and the peanut lies as near "horizontal to you" as the hex grid allows (tilted 23°).
PEANUT_CENTRES: tuple[Coord, Coord] = ((0, 0), (5, -2))
PEANUT_HALVES: tuple[tuple[Coord, ...], tuple[Coord, ...]] = (
    _hexagon(2, PEANUT_CENTRES[0]),
    _hexagon(2, PEANUT_CENTRES[1]),
)
# Row by row, as every island's land is listed (the topology cache is keyed by this tuple).
PEANUT_LAND: tuple[Coord, ...] = tuple(
    sorted(PEANUT_HALVES[0] + PEANUT_HALVES[1], key=lambda c: (c[1], c[0]))
)
# Each half is "a normal island": one set of land hexes (a desert each) and one A–R set.
PEANUT_TERRAIN_COUNTS: dict[Terrain, int] = _doubled(BASE_TERRAIN_COUNTS)
PEANUT_TOKENS: tuple[int, ...] = BASE_TOKENS + BASE_TOKENS  # the left half's, then the right's
# "Start each half of the island at the hex closest to you, and continue both counter-
# clockwise": each half's lowest row holds the hexes nearest the player; of those, the corner
# hex nearer the player sitting at the middle of the long side: (0,2) and (3,0).
PEANUT_TOKEN_STARTS: tuple[Coord, Coord] = ((0, 2), (3, 0))
# "Mix two sets of ports, but take out 4 generic (3-1) ports. Place the first port on one of
# the far corners and place ports on every other available space": the frame ring of 28 sea
# hexes, from the western far corner (-3,0), every other one.
PEANUT_HARBOR_SLOTS: tuple[tuple[Coord, Side], ...] = (  # clockwise from the west
    ((-2, 0), Side.W),  # the far corner's port hex, (-3,0)
    ((0, -2), Side.W),
    ((1, -2), Side.NW),
    ((2, -2), Side.NE),
    ((5, -4), Side.NW),
    ((6, -4), Side.NE),
    ((7, -3), Side.NE),
    ((7, -2), Side.E),
    ((5, 0), Side.E),
    ((4, 0), Side.SE),
    ((3, 0), Side.SW),
    ((0, 2), Side.SE),
    ((-1, 2), Side.SW),
    ((-2, 1), Side.SW),
)
PEANUT_HARBORS: tuple[Harbor, ...] = (
    *(h for h in BASE_HARBORS if h != Harbor.GENERIC),
    *(h for h in BASE_HARBORS if h != Harbor.GENERIC),
    *[Harbor.GENERIC] * (2 * 4 - 4),
)
assert len(PEANUT_HARBORS) == len(PEANUT_HARBOR_SLOTS) == 28 // 2

RED_NUMBERS = (6, 8)
"""The numbers that must not touch each other on a random map (R5 "Set-up, Variable")."""


def pips(number: int) -> int:
    """Dots on a number token: the ways to roll it with two dice."""
    return 0 if number < 2 or number > 12 or number == 7 else 6 - abs(7 - number)


# -- Helpers of CATAN (R5 "Helpers Rules", pp. 8–9) --------------------------------------------
# The stack of the six numbered helpers, top card (A1) first. Each player takes the top card
# as they build their second settlement and road, so the first of the second set-up round —
# the player to the starting player's right — always starts with A1; any cards left over
# join the display (R5 "Taking your first helper").
#
# Sources and confidence (the rule text names only A1):
# * A1 Nassir — High: R5 "the player to the starting player's right will always start with
#   the helper card Nassir".
# * A2 William, A3 Marianne, A5 Sean — Medium-Low: the text of a fan translation of the card
#   scans of the first (8-card) edition (scribd "Catan Helpers", mirrored on fdocuments.net and
#   pdfcookie.com) prints "A1 Merchant" (Forced Trade = Nassir), "A2 Mendicant" (Road
#   Building Assistance = William), "A3 Mayor" (Resource Balance = Marianne) and "A5 General"
#   (Protection from the 7 = Sean); ultraboardgames.com's card list gives Merchant, Mendicant,
#   Mayor in that order. One family of sources, for the older edition.
# * A4 Jean, A6 Lin — Low, inferred: no source read names A4 or A6. Of the remaining helpers,
#   Hilde and Vincent can do nothing at the start of a game (they need an opponent ahead, or
#   a played knight), and Candamir and Louis were not in the first edition; Jean ("Captain")
#   and Lin ("Robber bride") were. Change this table if a card scan says otherwise.
HELPER_STACK: tuple[Helper, ...] = (
    Helper.NASSIR,  # A1
    Helper.WILLIAM,  # A2
    Helper.MARIANNE,  # A3
    Helper.JEAN,  # A4
    Helper.SEAN,  # A5
    Helper.LIN,  # A6
)
HELPER_DISPLAY: tuple[Helper, ...] = tuple(h for h in Helper if h not in HELPER_STACK)
"""The four helpers without a number: the display from the start (always A side up)."""
assert len(set(HELPER_STACK)) == 6 and len(HELPER_DISPLAY) == 4

# Candamir: "draw the top 3 cards and choose 1 of them to keep".
CANDAMIR_DRAW = 3
