"""Enumerations and id aliases shared by the whole engine.

What this is for: the small vocabulary of the game (resources, terrain, development cards,
pieces, phases) as ``IntEnum`` values, so that the hot path indexes flat lists with plain
ints while the notation and JSON use the rulebook's words.

:class:`ActionKind` and :class:`Phase` are the one registry of stable ids, for the base game
and every scenario alike: records (saved games, golden files), the RL environments' action
ids and the protocol carry these numbers, so a member is never renumbered or reused. A new
scenario adds its members here, with the next free ids, reserved for it whether or not it
is installed — the price of stable records — and everything else lives in its package: it
declares the members it owns (``Scenario.kinds()`` / ``phases()``; each member is the base
game's or exactly one scenario's, ``tests/project/test_ownership.py``), and its rule
modules read them from a mirror of its own (``scenarios/helpers/kinds.py``), as the base
game's read ``kinds.py`` and ``phases.py``.

What this is not: it holds no rule and no state. Names follow the 5th-edition rulebook
(``../shared/rules/000_…``): *hex*, *intersection*, *path*, *harbor*, *robber*, *bank*.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, TypeGuard

# Integer ids (aliases kept for readability in signatures).
HexId = int
"""Index of a land hex in :class:`~pysettlers.engine.topology.Topology`."""
IntersectionId = int
"""Index of an intersection (a hex corner where settlements and cities stand)."""
PathId = int
"""Index of a path (a hex edge where a road stands)."""
PlayerId = int
"""Seat index, 0-based, clockwise."""
Bundle = tuple[int, ...]
"""Counts of cards of each resource, (brick, lumber, wool, grain, ore): always five — a
cost, a hand, a trade's side, a discard. The one bundle type of the whole project: every
other module imports it from here.

Typed as a tuple of any length on purpose: compiled by mypyc, a fixed-length tuple of ints
is an unboxed C struct, so every bundle read off an action, indexed by a variable or put
into an event was boxed or unboxed again, five ints at a time (5% of a random game).
``game.check`` and the rules verify the length of every bundle that comes from outside."""
ZERO: Bundle = (0, 0, 0, 0, 0)
"""The empty bundle: the default of every action that carries none (``game.check`` tells
it by identity), and the trade fields of a state with no offer open."""


def is_int(x: object) -> TypeGuard[int]:
    """An integer (an ``IntEnum`` too) but not a bool: how numbers from outside are checked."""
    return isinstance(x, int) and not isinstance(x, bool)


NOBODY: Final = -1
"""Owner value for an empty intersection or path, or an award nobody holds."""


class Resource(IntEnum):
    """The five resources, in the order the flat hand and bank lists use."""

    BRICK = 0
    LUMBER = 1
    WOOL = 2
    GRAIN = 3
    ORE = 4


RESOURCES: tuple[Resource, ...] = tuple(Resource)
N_RESOURCES = 5


class Terrain(IntEnum):
    """Terrain hexes. Each productive terrain yields the resource with the same value."""

    HILLS = 0  # brick
    FOREST = 1  # lumber
    PASTURE = 2  # wool
    FIELDS = 3  # grain
    MOUNTAINS = 4  # ore
    DESERT = 5  # produces nothing; the robber starts here


def terrain_resource(terrain: Terrain) -> Resource | None:
    """The resource a terrain produces (``None`` for the desert)."""
    return None if terrain == Terrain.DESERT else Resource(int(terrain))


class DevCard(IntEnum):
    """Development card kinds (5th edition; Year of Plenty is the 1996 "Discovery")."""

    KNIGHT = 0
    ROAD_BUILDING = 1
    YEAR_OF_PLENTY = 2
    MONOPOLY = 3
    VICTORY_POINT = 4


DEV_CARDS: tuple[DevCard, ...] = tuple(DevCard)
N_DEV_CARDS = 5


class Harbor(IntEnum):
    """Harbor markers: one 2:1 per resource (same value as the resource) and the 3:1 generic."""

    BRICK = 0
    LUMBER = 1
    WOOL = 2
    GRAIN = 3
    ORE = 4
    GENERIC = 5


class Phase(IntEnum):
    """Who must decide what, now. The payload lives in a few state fields, not in flags."""

    SETUP_SETTLEMENT = 0  # set-up phase: place a settlement (distance rule, no cost)
    SETUP_ROAD = 1  # set-up phase: place the road adjacent to the settlement just built
    PRE_ROLL = 2  # start of a turn: roll, or play a development card first
    DISCARD = 3  # a 7 was rolled: players above the discard limit give back half
    MOVE_ROBBER = 4  # a 7 or a knight: move the robber and choose whom to rob
    MAIN = 5  # combined trade/build phase (or the trade phase in the beginners' style)
    BUILD = 6  # beginners' separate build phase: no more trading this turn
    ROAD_BUILDING = 7  # placing the free roads of a Road Building card
    TRADE_RESPONSE = 8  # addressed players answer a domestic trade offer
    TRADE_CONFIRM = 9  # the current player picks a partner among those who agreed
    GAME_OVER = 10
    SPECIAL_BUILD = 11  # 5–6 players: after a turn, each other player in turn may build
    # Helpers of CATAN (only with ``Rules.helpers``); the payload is ``GameState.helpers``.
    HELPER_AFTER = 12  # the helper's owner flips it to its B side or exchanges it
    HELPER_REACT = 13  # after a roll, Marianne's or Sean's owner may use the advantage
    HILDE_TAKE = 14  # Hilde's owner looks at the chosen opponent's hand and takes a card
    CANDAMIR_KEEP = 15  # Candamir's owner keeps 1 of the development cards drawn
    NASSIR_REPAY = 16  # Nassir's owner gives a card back to each opponent who gave one
    # The 1996 alternate rules (``scenarios/alternate``).
    SEVEN_CHOICE = 17  # rule 5: the roller of a 7 uses it or ignores it
    KNIGHT_WINDOW = 18  # rule 8: after the robber is placed, others may interrupt with a knight
    KNIGHT_MOVE = 19  # rule 8: the interrupting player moves the robber


class ActionKind(IntEnum):
    """Every kind of decision a player can make."""

    ROLL = 0
    END_TURN = 1
    BUILD_ROAD = 2
    BUILD_SETTLEMENT = 3
    BUILD_CITY = 4
    BUY_DEVELOPMENT = 5
    PLAY_KNIGHT = 6
    PLAY_ROAD_BUILDING = 7
    PLAY_YEAR_OF_PLENTY = 8
    PLAY_MONOPOLY = 9
    MOVE_ROBBER = 10
    DISCARD = 11
    MARITIME_TRADE = 12
    OFFER_TRADE = 13
    ACCEPT_TRADE = 14
    REJECT_TRADE = 15
    COUNTER_TRADE = 16
    CONFIRM_TRADE = 17
    CANCEL_TRADE = 18
    # Helpers of CATAN: one kind per helper's advantage, then the decisions that follow.
    HELPER_CANDAMIR = 19
    HELPER_HILDE = 20
    HELPER_JEAN = 21
    HELPER_LIN = 22
    HELPER_LOUIS = 23
    HELPER_MARIANNE = 24
    HELPER_NASSIR = 25
    HELPER_SEAN = 26
    HELPER_VINCENT = 27
    HELPER_WILLIAM = 28
    HELPER_DECLINE = 29  # Marianne's or Sean's owner lets the chance pass
    HELPER_FLIP = 30  # after use: turn an A-side helper to its B side
    HELPER_EXCHANGE = 31  # after use: return the helper to the display, take another
    HELPER_TAKE = 32  # Hilde: the card taken from the opponent's hand
    HELPER_KEEP = 33  # Candamir: the development card kept
    HELPER_REPAY = 34  # Nassir: the card given back to an opponent
    # The 1996 alternate rules (``scenarios/alternate``).
    USE_SEVEN = 35  # rule 5: the 7 takes effect (discards, robber, steal)
    IGNORE_SEVEN = 36  # rule 5: the 7 is ignored: no robber, no steal
    PLAY_VICTORY_POINT = 37  # rule 1: a victory point card is played face up to count
    INTERRUPT_KNIGHT = 38  # rule 8: a knight played to take the robber over
    LET_ROBBER_BE = 39  # rule 8: no knight this time
    # The 1996 Islands of Catan maps (``scenarios/islands``).
    BUILD_BRIDGE = 40  # a bridge over an edge between two water or port hexes
    # The 1996 pirate (``scenarios/pirate``): the robber placed on a harbor.
    MOVE_PIRATE = 41
    # Seafarers ships (``scenarios/ships``), ``Rules.ships``.
    BUILD_SHIP = 42  # a ship on a sea path (lumber and wool)
    MOVE_SHIP = 43  # the ship at the open end of a line moved to another sea path


FIRST_HELPER_KIND = ActionKind.HELPER_CANDAMIR
"""The first kind of the Helpers of CATAN scenario (its kinds run to ``HELPER_REPAY``)."""
HELPER_KINDS: frozenset[ActionKind] = frozenset(
    k for k in ActionKind if ActionKind.HELPER_CANDAMIR <= k <= ActionKind.HELPER_REPAY
)
"""Every kind of the Helpers of CATAN scenario."""


class Helper(IntEnum):
    """The ten helpers of *Helpers of CATAN*, in the rulebook's order ("Helpers in Detail")."""

    CANDAMIR = 0
    HILDE = 1
    JEAN = 2
    LIN = 3
    LOUIS = 4
    MARIANNE = 5
    NASSIR = 6
    SEAN = 7
    VINCENT = 8
    WILLIAM = 9


HELPERS: tuple[Helper, ...] = tuple(Helper)


class Corner(IntEnum):
    """The six corners of a pointy-top hex, clockwise from the top (board-data.md §0)."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5


class Side(IntEnum):
    """The six sides of a pointy-top hex; side i runs from corner i to corner i+1."""

    NE = 0  # N–NE
    E = 1  # NE–SE
    SE = 2  # SE–S
    SW = 3  # S–SW
    W = 4  # SW–NW
    NW = 5  # NW–N
