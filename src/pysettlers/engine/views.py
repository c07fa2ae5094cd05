"""What a seat may know: ``observe(state, viewer)`` and the redaction of events.

What this is for: the only way information leaves the engine. A view holds the public
board and scores, the viewer's own hand and development cards, and of the others only what
the table can see — hand sizes, development-card counts, played knights, public points.
A stolen card is known only to thief and victim; a drawn development card only to its
buyer; hidden victory point cards only to their owner until the game ends, when every
player's are turned up.
``viewer=None`` is a spectator, who sees no hand at all. Views serialize to JSON.

Events are redacted generically over each event kind's declared visibility
(``events.redact``). ``observe(s, seat, since=v)`` carries every event after state version
``v`` (the ``version`` of the seat's previous view), so a seat that did not decide on some
steps still learns what was public; without ``since`` a view carries the last step's events.
The rules in a view omit the seed until the game is over, and no view holds the generator:
nothing a seat is given lets it predict the dice, the cards drawn or the cards stolen.
Scenarios add their part under ``ext[name]`` (their ``view`` hook).

What this is not: no deck order, no RNG state and no other player's hand ever enters a
view; nothing here changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import TYPE_CHECKING, Any, Final

from .actions import dev_name, format_bundle, resource_name
from .board import Board
from .config import Rules
from .data import (
    BRIDGE_COST,
    CITY_COST,
    DEVELOPMENT_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    SHIP_COST,
)
from .events import Event, event_to_json, redact
from .hands import seat_slice
from .sites import Sites, open_intersections, player_sites, scratch_state
from .state import GameState
from .types import NOBODY, Bundle, Phase, is_int

# A view's contents are worked out in ``viewfields.py``, which ``make mypyc`` compiles
# (this module cannot be: ``View.__getattr__``).
from .viewfields import lazy_view
from .viewfields import view_fields as _fields


@dataclass(slots=True, weakref_slot=True)
class View:
    """One seat's knowledge of a game at one moment (``viewer`` ``None``: a spectator).

    A snapshot to be read, never changed: its fields are immutable values (tuples, ints),
    shared with other views where they are equal (the pieces' tuples). It is not a frozen
    dataclass only because ``observe`` runs on every decision of every simulated game and
    a frozen class's construction costs half again as much.

    ``rules`` are public — the discard limit, bank and deck sizes a bot must know — except
    the seed, which reads 0 until the game is over. ``version`` is the state's version (the
    number of actions applied); ``events`` are those since the ``since`` version asked for,
    redacted for the viewer. ``ext`` holds each scenario's part by name."""

    viewer: int | None
    n: int
    vp_target: int
    rules: Rules
    board: Board
    phase: Phase
    current: int
    turn: int
    deciders: tuple[int, ...]
    robber: int  # a hex, or with the pirate ``n_hexes + path`` of a harbor (``site_name``)
    building_owner: tuple[int, ...]
    building_level: tuple[int, ...]
    road_owner: tuple[int, ...]
    bank: Bundle
    deck_size: int
    hand: Bundle | None
    dev_cards: Bundle | None
    dev_bought_this_turn: Bundle | None
    hand_sizes: tuple[int, ...]
    dev_counts: tuple[int, ...]
    knights: tuple[int, ...]
    played: tuple[int, ...]
    public_vp: tuple[int, ...]
    revealed_vp_cards: tuple[int, ...]
    road_length: tuple[int, ...]
    longest_road: int
    largest_army: int
    ratios: tuple[int, ...]
    discards: tuple[int, ...]
    dev_played: bool
    free_roads: int
    special_builder: int
    offer_give: Bundle
    offer_get: Bundle
    offer_answers: tuple[int, ...]
    offer_counters: tuple[tuple[Bundle, Bundle], ...]
    offer_id: int  # the open offer's number (answers name it: ``p1 accept #3``)
    last_roll: int
    winner: int
    version: int
    events: tuple[Event, ...]
    ext: dict[str, Any]
    # Public facts bots and ``determinize`` would otherwise re-derive: per player the
    # (roads, settlements, cities) left in their supply, and the development cards each
    # bought this turn (everyone sees a card bought, not which).
    pieces_left: tuple[tuple[int, int, int], ...] = ()
    dev_bought: tuple[int, ...] = ()
    # The public turn-structure payload a full state needs (``determinize``): who started,
    # the set-up step and the settlement its road must touch, the phase to resume after the
    # robber or Road Building.
    first_player: int = 0
    setup_step: int = 0
    setup_vertex: int = NOBODY
    resume: Phase = Phase.MAIN
    # A snapshot of the distance rule's counts. The sites below are computed from the view's
    # own fields when first asked for (they cost more than the rest of a view) and cached;
    # the cache is never copied, so ``dataclasses.replace`` (a bot's "what if") recomputes.
    blocked: tuple[int, ...] = field(default=(), repr=False)
    # Every player's resource cards, when hands are played face up (alternate rule 2,
    # ``alternate.py``); ``None`` otherwise.
    hands: tuple[Bundle, ...] | None = None
    # The state version ``events`` follow: the ``since`` asked for (``version - 1`` when
    # only the last step's are carried). A reader that last saw an earlier version missed
    # the steps in between (a bot's memory of public cards must then forget).
    events_since: int = -1
    _sites: dict[object, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    # A lazy view's source (``observe(..., lazy=True)``): the state at this view's version
    # and the ``since`` asked for, until the view is made whole (:meth:`materialize`).
    _source: tuple[GameState, int | None] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    if not TYPE_CHECKING:  # (mypy would otherwise accept any attribute name on a view)

        def __getattr__(self, name: str) -> Any:
            # Called only for a field that is not set: a lazy view's first read of a field
            # it did not fill at once. The state is still at the view's version (``apply``
            # completes held lazy views first), so the whole view is filled in from it.
            if name in _FILLED_LATER and object.__getattribute__(self, "_source") is not None:
                self.materialize()
                return object.__getattribute__(self, name)
            raise AttributeError(f"'View' object has no attribute {name!r}")

    def materialize(self) -> None:
        """Fill in every field of a lazy view from its state, and let go of the state.
        Nothing to do for a view that is already whole."""
        source = self._source
        if source is not None:
            s, since = source
            View.__init__(self, *_fields(s, self.viewer, since))
            _share_sites(self, s)

    def __getstate__(self) -> list[Any]:
        # Pickled whole and without its source: a view never carries the state anywhere.
        self.materialize()
        return [{} if f.name == "_sites" else getattr(self, f.name) for f in dataclass_fields(self)]

    def __setstate__(self, state: list[Any]) -> None:
        for f, value in zip(dataclass_fields(self), state, strict=True):
            object.__setattr__(self, f.name, value)

    def sites_of(self, p: int) -> Sites:
        """``(roads, settlements, cities)``: where player ``p`` could build each piece in a
        normal turn (``sites.player_sites``: ignoring cost, empty without the piece in
        supply; the set-up's road must also touch its settlement). Computed on first ask."""
        cache = self._sites
        got = cache.get(p)
        if got is None:
            s = cache.get("state")
            if s is None:
                s = cache["state"] = scratch_state(
                    self.board.topology,
                    self.building_owner,
                    self.building_level,
                    self.road_owner,
                    self.blocked,
                    self.pieces_left,
                    self.rules,
                )
            # A scenario's pieces on paths that are not roads (Seafarers ships), from its
            # part of the view (``scenario.py``, ``path_pieces``).
            ships = next(
                (x.path_pieces for x in self.ext.values() if hasattr(x, "path_pieces")), None
            )
            got = cache[p] = player_sites(s, p, ships)
        return got

    @property
    def road_sites(self) -> tuple[tuple[int, ...], ...]:
        """Per player, the paths where they could build a road (:meth:`sites_of`)."""
        return tuple(self.sites_of(p)[0] for p in range(self.n))

    @property
    def settlement_sites(self) -> tuple[tuple[int, ...], ...]:
        """Per player, the intersections where they could build a settlement (:meth:`sites_of`):
        connected to their road and allowed by the distance rule."""
        return tuple(self.sites_of(p)[1] for p in range(self.n))

    @property
    def city_sites(self) -> tuple[tuple[int, ...], ...]:
        """Per player, their settlements they could upgrade (:meth:`sites_of`)."""
        return tuple(self.sites_of(p)[2] for p in range(self.n))

    @property
    def open_sites(self) -> tuple[int, ...]:
        """Intersections where the distance rule allows a settlement (ignoring roads)."""
        out = self._sites.get("open")
        if out is None:
            out = self._sites["open"] = open_intersections(self.blocked)
        return out

    @property
    def own_vp(self) -> int | None:
        """The viewer's total including hidden victory point cards."""
        if self.viewer is None or self.dev_cards is None:
            return None
        if self.rules.has("victory_points_played"):  # they count once played (public)
            return self.public_vp[self.viewer]
        # Once turned up at the end, the cards are among the public points already.
        v = self.viewer
        return self.public_vp[v] + self.dev_cards[4] - self.revealed_vp_cards[v]

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON data, board items named in the notation's coordinates."""
        t = self.board.topology
        players = []
        for p in range(self.n):
            item: dict[str, Any] = {
                "seat": p,
                "hand_size": self.hand_sizes[p],
                "development_cards": self.dev_counts[p],
                "knights": self.knights[p],
                "played": {
                    dev_name(d): self.played[5 * p + d] for d in range(5) if self.played[5 * p + d]
                },
                "public_vp": self.public_vp[p],
                "revealed_vp_cards": self.revealed_vp_cards[p],
                "road_length": self.road_length[p],
                "discard_owed": self.discards[p],
                "pieces_left": dict(zip(("roads", "settlements", "cities"), self.pieces_left[p])),
                "development_cards_bought_this_turn": self.dev_bought[p],
                "sites": {
                    "roads": [t.path_names[e] for e in self.road_sites[p]],
                    "settlements": [t.intersection_names[v] for v in self.settlement_sites[p]],
                    "cities": [t.intersection_names[v] for v in self.city_sites[p]],
                },
                "trade_ratios": dict(zip(_RES, self.ratios[seat_slice(p)])),
            }
            if self.hands is not None:  # hands face up (alternate rule 2)
                item["hand"] = dict(zip(_RES, self.hands[p]))
            players.append(item)
        you: dict[str, Any] | None = None
        if self.viewer is not None and self.hand is not None and self.dev_cards is not None:
            assert self.dev_bought_this_turn is not None
            you = {
                "seat": self.viewer,
                "hand": dict(zip(_RES, self.hand)),
                "development_cards": {dev_name(d): c for d, c in enumerate(self.dev_cards)},
                "bought_this_turn": {
                    dev_name(d): c for d, c in enumerate(self.dev_bought_this_turn)
                },
                "total_vp": self.own_vp,
            }
        offer = None
        if self.phase in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM):
            offer = {
                "id": self.offer_id,
                "from": self.current,
                "give": format_bundle(self.offer_give),
                "get": format_bundle(self.offer_get),
                "answers": {f"p{q}": _ANSWERS[a] for q, a in enumerate(self.offer_answers) if a},
                "counters": {
                    f"p{q}": {"give": format_bundle(g), "get": format_bundle(r)}
                    for q, (g, r) in enumerate(self.offer_counters)
                    if self.offer_answers[q] == 4
                },
            }
        return {
            "viewer": self.viewer,
            "phase": self.phase.name.lower(),
            "current": self.current,
            "turn": self.turn,
            "deciders": list(self.deciders),
            "vp_target": self.vp_target,
            "rules": rules_json(self.rules, self.phase == Phase.GAME_OVER),
            "board": self.board.to_json(),
            "robber": t.site_name(self.robber),  # a hex, or a harbor with the pirate
            "buildings": {
                t.intersection_names[v]: {
                    "player": o,
                    "kind": "city" if self.building_level[v] == 2 else "settlement",
                }
                for v, o in enumerate(self.building_owner)
                if o != NOBODY
            },
            "roads": {t.path_names[e]: o for e, o in enumerate(self.road_owner) if o != NOBODY},
            "bank": dict(zip(_RES, self.bank)),
            "deck_size": self.deck_size,
            "players": players,
            "you": you,
            "longest_road": holder_json(self.longest_road),
            "largest_army": holder_json(self.largest_army),
            "development_card_played": self.dev_played,
            "free_roads": self.free_roads,
            "special_builder": holder_json(self.special_builder),
            "offer": offer,
            "last_roll": self.last_roll or None,
            "winner": holder_json(self.winner),
            "version": self.version,
            "events": [event_to_json(e, t) for e in self.events],
            "events_since": self.events_since,
            "open_sites": [t.intersection_names[v] for v in self.open_sites],
            "first_player": self.first_player,
            "setup_step": self.setup_step,
            "setup_intersection": None
            if self.setup_vertex == NOBODY
            else t.intersection_names[self.setup_vertex],
            "resume": self.resume.name.lower(),
        } | {name: part.to_json() for name, part in self.ext.items()}


_RES = tuple(resource_name(r) for r in range(5))
_ANSWERS = {1: "pending", 2: "accepted", 3: "rejected", 4: "countered"}


def holder_json(p: int) -> int | None:
    """A seat as JSON: ``None`` for nobody (an award nobody holds, no winner yet)."""
    return None if p == NOBODY else p


def rules_json(rules: Rules, over: bool) -> dict[str, Any]:
    """The rules as a view shows them (``over``: the game is over): without the seed until
    the end, with the building costs (``costs``: the Building Costs card, what a client shows
    beside its build buttons). Also the server's (``server/viewjson.py``), so the secret is
    kept in one place."""
    d = rules.to_json()
    if not over:
        del d["seed"]  # the seed starts the game's generator: secret until the game ends
    d["costs"] = dict(_COSTS)
    return d


# The Building Costs card (R5; ``data.py``), in the notation's bundles: a bridge where the
# board has bridge paths (Islands of Catan), a ship with Seafarers ships.
_COSTS: Final = {
    "road": format_bundle(ROAD_COST),
    "settlement": format_bundle(SETTLEMENT_COST),
    "city": format_bundle(CITY_COST),
    "development": format_bundle(DEVELOPMENT_COST),
    "bridge": format_bundle(BRIDGE_COST),
    "ship": format_bundle(SHIP_COST),
}


def redact_event(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (see ``events.redact``)."""
    return redact(event, viewer)


def observe(
    s: GameState, viewer: int | None, since_version: int | None = None, *, lazy: bool = False
) -> View:
    """What seat ``viewer`` may know now (``None``: a spectator).

    ``since_version``: the view carries every event after that state version (the
    ``version`` of this seat's previous view; ``-1`` for the whole game); by default only
    the last action's events.

    ``lazy``: fill in only ``viewer``, ``n``, ``phase``, ``current``, ``turn``, ``winner``,
    ``version`` and ``ext`` now, and the rest on the first read of any other field — a
    bot that looks at little (the random bot) then costs the simulator almost nothing per
    decision. The view reads the same whenever it is read: :func:`~pysettlers.engine.apply`
    completes every lazy view still held before it changes the state. For callers that
    read the view in the thread that applies the actions (a view read in another thread
    while the state changes could mix two versions): the simulator's runner. Until it is
    filled in, a lazy view holds a private reference to the state, which it drops then;
    it pickles whole, without it.
    """
    n = s.n
    if viewer is not None and (
        (type(viewer) is not int and not is_int(viewer)) or not 0 <= viewer < n
    ):
        raise ValueError(f"viewer must be a seat from 0 to {n - 1} or None")
    if lazy:
        view = View.__new__(View)
        lazy_view(view, s, viewer, since_version)
        return view
    view = View(*_fields(s, viewer, since_version))
    _share_sites(view, s)
    return view


def _share_sites(view: View, s: GameState) -> None:
    """Let ``view`` share its building sites (:meth:`View.sites_of`, ``open_sites``) with
    every view of the same pieces: they are public and read only the pieces, so a bot that
    asks on each decision (the weighted bot's playouts) works them out once per change of
    the pieces instead of once per view. Not with a scenario, whose pieces (ships) and
    rules the cache does not key."""
    if not s.ruleset.scenarios:
        snap = s.pieces_snapshot
        assert snap is not None  # (made by ``_fields`` just now)
        view._sites = snap[7]


# Filled in by ``materialize`` (every field but those a lazy view sets at once).
_FILLED_LATER: Final = frozenset(
    f.name
    for f in dataclass_fields(View)
    if f.name not in ("viewer", "n", "phase", "current", "turn", "winner", "version", "ext")
    and f.name != "_source"
)
