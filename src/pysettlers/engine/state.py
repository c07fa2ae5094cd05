"""The game state: plain typed data in flat lists, with an explicit cheap ``copy()``.

What this is for: holding everything that changes during a game — pieces, hands, bank,
deck, awards, whose decision it is — in a shape that is fast to read, mutate and copy on
the hot path of simulations and search. Per-player data lives in flat lists indexed
``player * 5 + resource`` (hands, development cards, rates) or by player; the rule modules
read and move cards by name through ``hands.py``, the room that spells that index (a speed
device: ``hands.py`` says why), and ``hand``, ``holds`` and ``hand_size`` below.

What this is not: rule logic (the rule modules, dispatched through ``registry.py``), views
(``views.py``) or persistence (``records.py``). Fields are public for the engine's
modules; code outside the engine reads views, never states.

Phase payload fields (meaningful only in the phases named):
* ``setup_step``, ``setup_vertex`` — SETUP_SETTLEMENT / SETUP_ROAD;
* ``discards`` — DISCARD: cards each player still owes;
* ``resume`` — the phase to return to after MOVE_ROBBER or ROAD_BUILDING;
* ``free_roads`` — ROAD_BUILDING: roads still to place;
* ``special_builder`` — SPECIAL_BUILD: who is taking a special build turn (``current`` stays
  the player whose turn just ended);
* ``offer_*`` — TRADE_RESPONSE / TRADE_CONFIRM; but ``offer_id``, the number of the game's
  latest domestic offer (0 before the first), which answers name (``p1 accept #3``);
Kept current on building for the hot paths (``derived.recount`` recomputes each from the
pieces): ``hex_owners[h]`` — bit mask of the players with a building on hex ``h`` (the
robber's possible victims); ``road_frontier[p]`` — bit mask of the free paths a road of
``p`` would connect to (a path with a Seafarers ship is not free); ``settle_frontier[p]`` —
bit mask of the unblocked ends of ``p``'s roads (and ships); ``prod[total]`` — the (hex,
intersection) pairs with a building that a roll of ``total`` pays (an immutable tuple,
shared by copies until a building changes it); ``pieces_changed`` counts placements and
moves, and ``pieces_snapshot`` is the views' tuples of the pieces (``views.observe``) and
the building sites worked out from them, for that count, shared by copies, rebuilt after a
change.

* ``robber`` — where the robber stands: hex ``h``, or with the 1996 pirate the harbor on
  path ``e`` as ``n_hexes + e`` (``Topology.site_name``); one int either way, and never a
  hex while on a harbor, so production needs no test of its own.

* ``ext`` — each scenario's own part of the state, by scenario name (``scenario.py``);
  empty when no scenario is in play.

Shared by every copy, never mutated: ``rules``, ``board``, ``topo``, ``ruleset`` (the rules
in play, ``registry.py``) and ``tables`` (the prebuilt actions, ``tables.py``). ``log`` is
the immutable event log (``events.py``) and ``version`` counts the actions applied; ``events``
holds the last action's events only.

``played[5 * p + card]`` counts the development cards ``p`` has played (public: knights stay
face up, progress cards go back to the box), so the whole deck can always be accounted for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import data
from .board import Board
from .config import Rules
from .events import Event, LogNode
from .registry import Ruleset, ruleset_for
from .tables import ActionTable, action_table
from .topology import Topology
from .types import NOBODY, Phase
from .types import ZERO as ZERO  # (re-exported: Bundle and ZERO are defined in types)
from .types import Bundle as Bundle

# Answers to a trade offer, per addressed player (``offer_answers``).
NOT_ASKED: Final = 0
PENDING: Final = 1
ACCEPTED: Final = 2
REJECTED: Final = 3
COUNTERED: Final = 4


_SLOTS = (
    # shared, immutable
    "rules",
    "board",
    "topo",
    "n",
    "ruleset",
    "tables",
    # turn structure
    "phase",
    "current",
    "turn",
    "first_player",
    "setup_step",
    "setup_vertex",
    "resume",
    "free_roads",
    "special_builder",
    "dev_played",
    "last_roll",
    "winner",
    # the game's generator (SplitMix64) as two 32-bit halves: ``rng`` reads and sets it whole
    "rng_hi",
    "rng_lo",
    # board pieces
    "robber",
    "building_owner",
    "building_level",
    "road_owner",
    "blocked",
    # kept current on building, for the hot paths (``derived.recount`` recomputes them)
    "hex_owners",
    "road_frontier",
    "settle_frontier",
    "prod",
    # how many times pieces were placed or moved, and the views' snapshot of the pieces
    "pieces_changed",
    "pieces_snapshot",
    # cards
    "hands",
    "bank",
    "deck",
    "dev",
    "dev_new",
    "knights",
    "played",
    "discards",
    # supplies and scores
    "roads_left",
    "settlements_left",
    "cities_left",
    "ratios",
    "road_length",
    "longest_road",
    "largest_army",
    "public_vp",
    # domestic trade
    "offer_give",
    "offer_get",
    "offer_answers",
    "offer_counters",
    "offer_id",
    # scenarios' own parts, by scenario name
    "ext",
    # what happened: the steps applied, the log of their events, the last step's events
    "version",
    "log",
    "events",
    # weak references to the lazy views handed out at this version (``views.observe``)
    "live_views",
)
"""Every field of a game state (shared, immutable ones first)."""


class GameState:
    """Everything that changes in a game. Mutated only by ``apply``; copy with ``copy()``."""

    __slots__ = _SLOTS

    rules: Rules
    board: Board
    topo: Topology
    n: int
    ruleset: Ruleset
    tables: ActionTable
    phase: Phase
    current: int
    turn: int
    first_player: int
    setup_step: int
    setup_vertex: int
    resume: Phase
    free_roads: int
    special_builder: int
    dev_played: bool
    last_roll: int
    winner: int
    rng_hi: int
    rng_lo: int
    robber: int
    building_owner: list[int]
    building_level: list[int]
    road_owner: list[int]
    blocked: list[int]
    hex_owners: list[int]
    road_frontier: list[int]
    settle_frontier: list[int]
    prod: tuple[tuple[tuple[int, int], ...], ...]
    pieces_changed: int
    pieces_snapshot: tuple[Any, ...] | None
    hands: list[int]
    bank: list[int]
    deck: list[int]
    dev: list[int]
    dev_new: list[int]
    knights: list[int]
    played: list[int]
    discards: list[int]
    roads_left: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    ratios: list[int]
    road_length: list[int]
    longest_road: int
    largest_army: int
    public_vp: list[int]
    offer_give: Bundle
    offer_get: Bundle
    offer_answers: list[int]
    offer_counters: list[tuple[Bundle, Bundle]]
    offer_id: int
    ext: dict[str, Any]
    version: int
    log: LogNode | None
    events: list[Event]
    live_views: list[Callable[[], Any]]

    def copy(self) -> GameState:
        """An independent copy (lists are copied, immutable values shared)."""
        s = GameState.__new__(GameState)
        s.rules = self.rules
        s.board = self.board
        s.topo = self.topo
        s.n = self.n
        s.ruleset = self.ruleset
        s.tables = self.tables
        s.phase = self.phase
        s.current = self.current
        s.turn = self.turn
        s.first_player = self.first_player
        s.setup_step = self.setup_step
        s.setup_vertex = self.setup_vertex
        s.resume = self.resume
        s.free_roads = self.free_roads
        s.special_builder = self.special_builder
        s.dev_played = self.dev_played
        s.last_roll = self.last_roll
        s.winner = self.winner
        s.rng_hi = self.rng_hi
        s.rng_lo = self.rng_lo
        s.robber = self.robber
        s.building_owner = self.building_owner[:]
        s.building_level = self.building_level[:]
        s.road_owner = self.road_owner[:]
        s.blocked = self.blocked[:]
        s.hex_owners = self.hex_owners[:]
        s.road_frontier = self.road_frontier[:]
        s.settle_frontier = self.settle_frontier[:]
        s.prod = self.prod
        s.pieces_changed = self.pieces_changed
        s.pieces_snapshot = self.pieces_snapshot
        s.hands = self.hands[:]
        s.bank = self.bank[:]
        s.deck = self.deck[:]
        s.dev = self.dev[:]
        s.dev_new = self.dev_new[:]
        s.knights = self.knights[:]
        s.played = self.played[:]
        s.discards = self.discards[:]
        s.roads_left = self.roads_left[:]
        s.settlements_left = self.settlements_left[:]
        s.cities_left = self.cities_left[:]
        s.ratios = self.ratios[:]
        s.road_length = self.road_length[:]
        s.longest_road = self.longest_road
        s.largest_army = self.largest_army
        s.public_vp = self.public_vp[:]
        s.offer_give = self.offer_give
        s.offer_get = self.offer_get
        s.offer_answers = self.offer_answers[:]
        s.offer_counters = self.offer_counters[:]
        s.offer_id = self.offer_id
        ext = self.ext
        s.ext = {k: x.copy() for k, x in ext.items()} if ext else {}
        s.version = self.version
        s.log = self.log
        s.events = []
        s.live_views = []
        return s

    def freeze_views(self) -> None:
        """Complete the lazy views handed out at this version (``observe(..., lazy=True)``)
        that someone still holds, before the state changes under them; ``apply`` calls it.

        A lazy view reads the state only when first asked for a field, so it must be made
        whole while the state is still at its version; views nobody kept cost nothing."""
        refs = self.live_views
        self.live_views = []
        for ref in refs:
            view = ref()
            if view is not None:
                view.materialize()

    # -- small derived queries used across rule modules ----------------------------------

    def hand(self, p: int) -> Bundle:
        h = self.hands
        i = 5 * p
        return (h[i], h[i + 1], h[i + 2], h[i + 3], h[i + 4])

    def holds(self, p: int, b: Bundle) -> bool:
        """Whether ``p``'s hand holds every card of bundle ``b`` (a cost, a trade's side)."""
        h = self.hands
        i = 5 * p
        return (
            h[i] >= b[0]
            and h[i + 1] >= b[1]
            and h[i + 2] >= b[2]
            and h[i + 3] >= b[3]
            and h[i + 4] >= b[4]
        )

    def hand_size(self, p: int) -> int:
        i = 5 * p
        return sum(self.hands[i : i + 5])

    def dev_cards(self, p: int) -> Bundle:
        d = self.dev
        i = 5 * p
        return (d[i], d[i + 1], d[i + 2], d[i + 3], d[i + 4])

    def total_vp(self, p: int) -> int:
        """Public points plus hidden victory point cards (which count only once played
        under alternate rule 1: then they are among the public points)."""
        return self.public_vp[p] + self.hidden_vp(p)

    def hidden_vp(self, p: int) -> int:
        """The points ``p``'s unplayed victory point cards are worth now."""
        if self.rules.alternate and self.rules.has("victory_points_played"):
            return 0
        return self.dev[5 * p + 4]

    @property
    def rng(self) -> int:
        """The game's generator state, 64 bits (``rng.py``). Held as two 32-bit halves,
        ``rng_hi`` and ``rng_lo``, so that the compiled engine draws in machine words
        (``rng.py`` says why); the draws on the hot paths use the halves directly."""
        return self.rng_hi << 32 | self.rng_lo

    @rng.setter
    def rng(self, value: int) -> None:
        self.rng_hi = (value >> 32) & 0xFFFFFFFF
        self.rng_lo = value & 0xFFFFFFFF

    def fields(self) -> dict[str, object]:
        """All slot values (for equality checks and debugging)."""
        return {k: getattr(self, k) for k in _FIELDS}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]


_FIELDS: tuple[str, ...] = tuple(
    k
    for k in _SLOTS
    if k
    not in (
        "events",
        "log",
        "tables",
        "ruleset",
        "pieces_changed",
        "pieces_snapshot",
        "live_views",
    )
)


def blocked_at_start(topo: Topology) -> list[int]:
    """``blocked`` on an empty board: only the open sea's intersections, which have no land
    to build on (Seafarers ships, ``topology.py``), so no frontier or set-up site lists them."""
    sea = topo.n_intersections - topo.n_land_intersections
    return [0] * topo.n_land_intersections + [1] * sea


def fresh_state(rules: Rules, board: Board, rng: int) -> GameState:
    """A state before the set-up phase: empty board, full bank and deck."""
    n = rules.players
    # Seafarers ships sail the open sea; the same board without ships has none (board.py).
    board = board.with_open_sea(rules.ships)
    topo = board.topology
    s = GameState.__new__(GameState)
    s.rules = rules
    s.board = board
    s.topo = topo
    s.n = n
    s.phase = Phase.SETUP_SETTLEMENT
    s.current = 0
    s.turn = 0
    s.first_player = 0
    s.setup_step = 0
    s.setup_vertex = NOBODY
    s.resume = Phase.MAIN
    s.free_roads = 0
    s.special_builder = NOBODY
    s.dev_played = False
    s.last_roll = 0
    s.winner = NOBODY
    s.rng = rng
    s.robber = board.robber_start
    s.building_owner = [NOBODY] * topo.n_intersections
    s.building_level = [0] * topo.n_intersections
    s.road_owner = [NOBODY] * topo.n_paths
    s.blocked = blocked_at_start(topo)
    s.hex_owners = [0] * topo.n_hexes
    s.road_frontier = [0] * n
    s.settle_frontier = [0] * n
    s.prod = ((),) * 13
    s.pieces_changed = 0
    s.pieces_snapshot = None
    s.hands = [0] * (5 * n)
    s.bank = [rules.bank_per_resource] * 5
    s.deck = list(rules.deck)
    s.dev = [0] * (5 * n)
    s.dev_new = [0] * (5 * n)
    s.knights = [0] * n
    s.played = [0] * (5 * n)
    s.discards = [0] * n
    s.roads_left = [data.ROADS_PER_PLAYER] * n
    s.settlements_left = [data.SETTLEMENTS_PER_PLAYER] * n
    s.cities_left = [data.CITIES_PER_PLAYER] * n
    s.ratios = [4] * (5 * n)
    s.road_length = [0] * n
    s.longest_road = NOBODY
    s.largest_army = NOBODY
    s.public_vp = [0] * n
    s.offer_give = ZERO
    s.offer_get = ZERO
    s.offer_answers = [NOT_ASKED] * n
    s.offer_counters = [(ZERO, ZERO)] * n
    s.offer_id = 0
    s.ruleset = ruleset_for(rules)
    s.tables = action_table(n, topo)
    s.ext = {}
    s.version = 0
    s.log = None
    s.events = []
    s.live_views = []
    for x in s.ruleset.scenarios:
        x.init(s)
    return s
