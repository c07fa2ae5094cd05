"""What a seat may know: ``observe(state, viewer)`` and the redaction of events.

What this is for: the only way information leaves the engine. A view holds the public
board and scores, the viewer's own hand and development cards, and of the others only what
the table can see — hand sizes, development-card counts, played knights, public points.
A stolen card is known only to thief and victim; a drawn development card only to its
buyer; hidden victory point cards only to their owner until they are revealed to win.
``viewer=None`` is a spectator, who sees no hand at all. Views serialize to JSON.

With the Helpers of CATAN scenario the helper cards, their sides and the display are
public (:class:`HelperView`); the hand Hilde looks at is known to Hilde's owner and the
victim only, and the cards Candamir draws to Candamir's owner only (and the card taken or
kept likewise).

What this is not: no deck order, no RNG state and no other player's hand ever enters a
view; nothing here changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import dev_name, format_bundle, helper_name, resource_name
from .board import Board
from .config import Rules
from .data import HELPER_STACK
from .game import deciders
from .helper_trade import trade_ratios
from .sites import Sites, open_intersections, player_sites, scratch_state
from .state import GameState
from .types import NOBODY, Phase

Bundle = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class HelperView:
    """The Helpers of CATAN as one seat knows them (see :func:`helper_view`).

    Public: each player's helper (``-1``: none yet), its side (0 A, 1 B), the turn it was
    received and last used, the knights each discarded for Vincent, the display and what is
    left of the numbered stack, Jean's resource this turn, and the payload of the helper
    phases. Private: ``look`` — the hand Hilde's owner is looking at (to that owner and the
    victim); ``drawn`` — Candamir's cards (to their owner; others see ``drawn_count``).
    """

    held: tuple[int, ...]
    sides: tuple[int, ...]
    received_turn: tuple[int, ...]
    used_turn: tuple[int, ...]
    knights_discarded: tuple[int, ...]
    display: tuple[int, ...]
    stack: tuple[int, ...]
    jean: int
    owner: int
    window: int
    victim: int
    owed: tuple[int, ...]
    look: Bundle | None
    drawn: tuple[int, ...] | None
    drawn_count: int

    def to_json(self) -> dict[str, Any]:
        def name(h: int) -> str | None:
            return None if h == NOBODY else helper_name(h)

        return {
            "players": [
                {
                    "helper": name(h),
                    "side": "AB"[side],
                    "received_turn": _holder(self.received_turn[p]),
                    "used_turn": _holder(self.used_turn[p]),
                    "knights_discarded": self.knights_discarded[p],
                }
                for p, (h, side) in enumerate(zip(self.held, self.sides))
            ],
            "display": [helper_name(h) for h in self.display],
            "stack": [helper_name(h) for h in self.stack],
            "jean": None if self.jean == NOBODY else resource_name(self.jean),
            "owner": _holder(self.owner),
            "window": self.window or None,
            "victim": _holder(self.victim),
            "owed": list(self.owed),
            "look": None if self.look is None else dict(zip(_RES, self.look)),
            "drawn": None if self.drawn is None else [dev_name(d) for d in self.drawn],
            "drawn_count": self.drawn_count,
        }


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a game at one moment (``viewer`` ``None``: a spectator).

    ``rules`` are public: the discard limit, bank and deck sizes a bot must know."""

    viewer: int | None
    n: int
    vp_target: int
    rules: Rules
    board: Board
    phase: Phase
    current: int
    turn: int
    deciders: tuple[int, ...]
    robber: int
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
    last_roll: int
    winner: int
    events: tuple[tuple[object, ...], ...]
    helpers: HelperView | None = None
    # Public facts bots and ``determinize`` would otherwise re-derive: per player the
    # (roads, settlements, cities) left in their supply, and the development cards each
    # bought this turn (everyone sees a card bought, not which).
    pieces_left: tuple[tuple[int, int, int], ...] = ()
    dev_bought: tuple[int, ...] = ()
    # The public turn-structure payload a full state needs (``determinize``): who started,
    # the set-up step and the settlement its road must touch, the phase to resume after the
    # robber or Road Building, and (Helpers of CATAN) after a helper phase, and who is still
    # to answer a helper window.
    first_player: int = 0
    setup_step: int = 0
    setup_vertex: int = NOBODY
    resume: Phase = Phase.MAIN
    helper_resume: Phase = Phase.MAIN
    helper_pending: tuple[int, ...] = ()
    # A snapshot of the distance rule's counts. The sites below are computed from the view's
    # own fields when first asked for (they cost more than the rest of a view) and cached;
    # the cache is never copied, so ``dataclasses.replace`` (a bot's "what if") recomputes.
    blocked: tuple[int, ...] = field(default=(), repr=False)
    _sites: dict[object, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

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
                )
            got = cache[p] = player_sites(s, p)
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
        return self.public_vp[self.viewer] + self.dev_cards[4]

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
                "trade_ratios": dict(zip(_RES, self.ratios[5 * p : 5 * p + 5])),
            }
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
            "rules": self.rules.to_json(),
            "board": self.board.to_json(),
            "robber": t.hex_names[self.robber],
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
            "longest_road": _holder(self.longest_road),
            "largest_army": _holder(self.largest_army),
            "development_card_played": self.dev_played,
            "free_roads": self.free_roads,
            "special_builder": _holder(self.special_builder),
            "offer": offer,
            "last_roll": self.last_roll or None,
            "winner": _holder(self.winner),
            "events": [event_to_json(e, t) for e in self.events],
            "open_sites": [t.intersection_names[v] for v in self.open_sites],
            "first_player": self.first_player,
            "setup_step": self.setup_step,
            "setup_intersection": None
            if self.setup_vertex == NOBODY
            else t.intersection_names[self.setup_vertex],
            "resume": self.resume.name.lower(),
        } | (
            {}
            if self.helpers is None
            else {
                "helpers": self.helpers.to_json(),
                "helper_resume": self.helper_resume.name.lower(),
                "helper_pending": list(self.helper_pending),
            }
        )


_RES = tuple(resource_name(r) for r in range(5))
_ANSWERS = {1: "pending", 2: "accepted", 3: "rejected", 4: "countered"}


def _holder(p: int) -> int | None:
    return None if p == NOBODY else p


def redact_event(event: tuple[object, ...], viewer: int | None) -> tuple[object, ...]:
    """The event as ``viewer`` may see it: secret parts replaced by ``None``."""
    kind = event[0]
    if kind == "draw":  # ("draw", p, card): the card only to its buyer
        return event if event[1] == viewer else (kind, event[1], None)
    if kind == "robber":  # ("robber", p, hex, victim, stolen): the card to thief and victim
        if viewer is not None and viewer in (event[1], event[3]):
            return event
        return event[:4] + ((None if event[4] is None else "hidden"),)
    if kind in _HELPER_SECRETS:
        if kind == "candamir_draw":  # ("candamir_draw", p, cards): the cards to p only
            return event if event[1] == viewer else (kind, event[1], None)
        # ("hilde_look", p, victim, hand), ("hilde_take", p, victim, resource): p and victim
        if viewer is not None and viewer in (event[1], event[2]):
            return event
        return event[:3] + ((None if kind == "hilde_look" else "hidden"),)
    return event


_HELPER_SECRETS = frozenset({"candamir_draw", "hilde_look", "hilde_take"})


def helper_view(s: GameState, viewer: int | None) -> HelperView | None:
    """The Helpers of CATAN part of a view (``None`` when the scenario is off)."""
    hx = s.helpers
    if hx is None:
        return None
    n = s.n
    look = None
    if s.phase == Phase.HILDE_TAKE and viewer is not None and viewer in (hx.owner, hx.victim):
        look = s.hand(hx.victim)
    drawn = None
    if s.phase == Phase.CANDAMIR_KEEP and viewer == hx.owner:
        drawn = hx.drawn
    return HelperView(
        held=tuple(hx.held),
        sides=tuple(hx.side),
        received_turn=tuple(hx.since),
        used_turn=tuple(hx.used),
        knights_discarded=tuple(hx.knights_discarded),
        display=tuple(h for h in range(10) if hx.display >> h & 1),
        stack=tuple(int(h) for h in HELPER_STACK[hx.stack :]),
        jean=hx.jean,
        owner=hx.owner,
        window=hx.window,
        victim=hx.victim,
        owed=tuple(q for q in range(n) if hx.owed >> q & 1),
        look=look,
        drawn=drawn,
        drawn_count=len(hx.drawn),
    )


def event_to_json(event: tuple[object, ...], topo: Any) -> dict[str, Any]:
    """A (redacted) event as JSON."""
    kind = str(event[0])
    out: dict[str, Any] = {"event": kind}
    args = list(event[1:])
    if kind == "robber":
        p, h, victim, stolen = args
        out.update(
            player=p,
            hex=topo.hex_names[h],
            victim=None if victim == NOBODY else victim,
            stolen=stolen if stolen in (None, "hidden") else resource_name(int(stolen)),  # type: ignore[call-overload]
        )
        return out
    if kind == "draw":
        out.update(player=args[0], card=None if args[1] is None else dev_name(int(args[1])))  # type: ignore[call-overload]
        return out
    if kind in ("settlement", "city"):
        out.update(player=args[0], intersection=topo.intersection_names[args[1]])
        return out
    if kind == "road":
        out.update(player=args[0], path=topo.path_names[args[1]])
        return out
    if kind in _HELPER_EVENTS:
        return _helper_event_json(kind, args, topo, out)
    out["data"] = [_plain(a) for a in args]
    return out


_HELPER_EVENTS = frozenset({"lin", "louis", "vincent", "william", "helper_exchange"})


def _helper_event_json(
    kind: str, args: list[Any], topo: Any, out: dict[str, Any]
) -> dict[str, Any]:
    """Helper events naming board items and helpers as the notation does."""
    out["player"] = args[0]
    if kind == "lin":  # ("lin", p, vacated hex, desert, resource received or None)
        got = args[3]
        out.update(
            vacated=topo.hex_names[args[1]],
            hex=topo.hex_names[args[2]],
            received=None if got is None else resource_name(got),
        )
    elif kind == "louis":  # ("louis", p, path left, path built)
        out.update(removed=topo.path_names[args[1]], path=topo.path_names[args[2]])
    elif kind == "vincent":  # ("vincent", p, level, intersection)
        level = "city" if args[1] == 2 else "settlement"
        out.update(build=level, intersection=topo.intersection_names[args[2]])
    elif kind == "william":  # ("william", p, path, payment)
        out.update(path=topo.path_names[args[1]], paid=format_bundle(args[2]))
    else:  # ("helper_exchange", p, returned, taken)
        out.update(returned=helper_name(args[1]), taken=helper_name(args[2]))
    return out


def _plain(x: object) -> object:
    """Tuples, also nested ones (e.g. the start rolls' pairs), as JSON lists."""
    return [_plain(y) for y in x] if isinstance(x, tuple) else x


def observe(s: GameState, viewer: int | None) -> View:
    """What seat ``viewer`` may know now (``None``: a spectator)."""
    n = s.n
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"viewer must be a seat from 0 to {n - 1} or None")
    dev = s.dev
    over = s.phase == Phase.GAME_OVER
    hand = dev_cards = dev_new = None
    if viewer is not None:
        i = 5 * viewer
        hand = s.hand(viewer)
        dev_cards = s.dev_cards(viewer)
        dn = s.dev_new
        dev_new = (dn[i], dn[i + 1], dn[i + 2], dn[i + 3], dn[i + 4])
    # The winner reveals their victory point cards when they win (R5 Victory Point Cards).
    revealed = tuple(dev[5 * p + 4] if over and p == s.winner else 0 for p in range(n))
    return View(
        viewer=viewer,
        n=n,
        vp_target=s.rules.vp_target,
        rules=s.rules,
        board=s.board,
        phase=s.phase,
        current=s.current,
        turn=s.turn,
        deciders=deciders(s),
        robber=s.robber,
        building_owner=tuple(s.building_owner),
        building_level=tuple(s.building_level),
        road_owner=tuple(s.road_owner),
        bank=(s.bank[0], s.bank[1], s.bank[2], s.bank[3], s.bank[4]),
        deck_size=sum(s.deck),
        hand=hand,
        dev_cards=dev_cards,
        dev_bought_this_turn=dev_new,
        hand_sizes=tuple(s.hand_size(p) for p in range(n)),
        dev_counts=tuple(sum(dev[5 * p : 5 * p + 5]) for p in range(n)),
        knights=tuple(s.knights),
        played=tuple(s.played),
        public_vp=tuple(s.public_vp[p] + revealed[p] for p in range(n)),
        revealed_vp_cards=revealed,
        road_length=tuple(s.road_length),
        longest_road=s.longest_road,
        largest_army=s.largest_army,
        # The rates the bank trades at now, Jean's 2:1 included (Helpers of CATAN).
        ratios=tuple(s.ratios) if s.helpers is None else tuple(trade_ratios(s)),
        discards=tuple(s.discards),
        dev_played=s.dev_played,
        free_roads=s.free_roads,
        special_builder=s.special_builder,
        offer_give=s.offer_give,
        offer_get=s.offer_get,
        offer_answers=tuple(s.offer_answers),
        offer_counters=tuple(s.offer_counters),
        last_roll=s.last_roll,
        winner=s.winner,
        events=tuple(redact_event(e, viewer) for e in s.events),
        helpers=None if s.helpers is None else helper_view(s, viewer),
        pieces_left=tuple(zip(s.roads_left, s.settlements_left, s.cities_left)),
        dev_bought=tuple(sum(s.dev_new[5 * p : 5 * p + 5]) for p in range(n))
        if any(s.dev_new)
        else (0,) * n,
        first_player=s.first_player,
        setup_step=s.setup_step,
        setup_vertex=s.setup_vertex,
        resume=s.resume,
        helper_resume=Phase.MAIN if s.helpers is None else s.helpers.resume,
        helper_pending=()
        if s.helpers is None or not s.helpers.pending
        else tuple(q for q in range(n) if s.helpers.pending >> q & 1),
        blocked=tuple(s.blocked),
    )
