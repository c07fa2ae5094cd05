"""Game data as tables, each citing where it comes from.

What this is for: costs, bank and deck composition, piece limits, map shapes, terrain
counts, token sequences, harbor slots and the beginner map — the numbers of the rulebooks
(``../shared/rules/000_…``, abbreviated R5) and of ``board-data.md`` (abbreviated BD).

What this is not: no logic beyond trivial derivations; nothing here is mutated.
"""

from __future__ import annotations

from .types import Corner, Harbor, Helper, Side, Terrain

Coord = tuple[int, int]
Bundle = tuple[int, int, int, int, int]
"""Counts of (brick, lumber, wool, grain, ore)."""

# -- Building costs (R5 "Building Costs Card", page 4) ----------------------------------------
ROAD_COST: Bundle = (1, 1, 0, 0, 0)  # brick & lumber
SETTLEMENT_COST: Bundle = (1, 1, 1, 1, 0)  # brick, lumber, wool & grain
CITY_COST: Bundle = (0, 0, 0, 2, 3)  # 3 ore & 2 grain
DEVELOPMENT_COST: Bundle = (0, 0, 1, 1, 1)  # ore, wool & grain
# "Bridges cost one wood, one brick, and one sheep" (003, 5. Islands of Catan).
BRIDGE_COST: Bundle = (1, 1, 1, 0, 0)  # brick, lumber & wool

# -- Pieces per player (R5 "Setting up the game": "5 settlements, 4 cities, and 15 roads") ---
ROADS_PER_PLAYER = 15
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
