"""Views as JSON text for many clients of one game at once, cheaply.

What this is for: after every action each connected client gets its own view. Almost all
of a view is public and the same for every seat (board, pieces, bank, each player's public
facts and building sites); only ``viewer``, ``you`` (the seat's own hand and cards), the
redacted ``events`` (and ``events_since``, the version they follow) and each scenario's
part (``ext``: the helpers' private parts) depend on the seat. :class:`ViewCache`
serializes the public part once per version — from the engine's spectator view, so nothing
private can be in it — and each seat's own part from that seat's ``observe()`` view. The
JSON object is equal (as JSON) to ``observe(state, seat, since).to_json()``;
``tests/server/test_server_views.py`` compares them for every seat at every step of random games,
and ``tests/server/test_server_noleak.py`` on every message of its games.

Most of the public part does not change from one version to the next, so it is kept as
encoded JSON and spliced in (``orjson.Fragment``) rather than rebuilt: the board and the
rules for the whole game, the pieces and each player's building sites until a piece is
placed (the sites cost more than all the rest of a view). What is cached is keyed by the
very view fields it is computed from, so a cached fragment is the fresh one.

The public part is laid out here, member by member, as ``View.to_json`` lays it out; the
first view each cache serializes is checked against the engine's own ``to_json``, and on
any difference (the engine's view gained or changed a member) the cache says so in the log
and uses the engine's ``to_json`` from then on: slower, never wrong.

What this is not: a second implementation of views (the engine's ``observe`` decides what
each seat may know; this only serializes what it says).
"""

from __future__ import annotations

import logging
from typing import Any, Final

import orjson

from pysettlers.engine import GameState, View, event_to_json, observe
from pysettlers.engine.actions import dev_name, format_bundle, resource_name
from pysettlers.engine.types import NOBODY, Phase
from pysettlers.engine.views import holder_json, rules_json

log = logging.getLogger("pysettlers.server")

FACE_MEMBERS: Final[dict[str, str]] = {}
"""What a scenario's view_json face (``engine/scenarios/<package>/faces/view_json.py``) may
define: nothing today. A scenario's part of a view (``view.ext[name]``) serializes itself
(its ``to_json``), which :meth:`ViewCache.seat_view` and ``View.to_json`` call for every
part alike, and the one per-scenario fact the public part depends on, a scenario's pieces
on paths (``path_pieces``), is read by that name from any part. So each face says
``NOTHING = "why"``; a scenario whose part needed a serialization of its own (cached, or
public beside private) would be the first to define a member here."""

_RES = tuple(resource_name(r) for r in range(5))
_DEV = tuple(dev_name(d) for d in range(5))
_SEAT_KEYS = ("viewer", "you", "events", "events_since")
_ANSWERS = {1: "pending", 2: "accepted", 3: "rejected", 4: "countered"}
_OFFER_PHASES = (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM)


def dumps(obj: Any) -> str:
    """Compact JSON text (``orjson``: UTF-8 as is, no spaces)."""
    return orjson.dumps(obj).decode()


def you_json(view: View) -> dict[str, Any] | None:
    """The ``you`` member of ``view.to_json()``: the seat's own hand and cards."""
    if view.viewer is None or view.hand is None or view.dev_cards is None:
        return None
    bought = view.dev_bought_this_turn
    assert bought is not None
    return {
        "seat": view.viewer,
        "hand": dict(zip(_RES, view.hand)),
        "development_cards": dict(zip(_DEV, view.dev_cards)),
        "bought_this_turn": dict(zip(_DEV, bought)),
        "total_vp": view.own_vp,
    }


class ViewCache:
    """One game's views as JSON text (see the module docstring)."""

    def __init__(self) -> None:
        self._key: tuple[int, int] = (-1, -1)
        self._public = b""
        self._checked = False
        self._engine_only = False  # the engine's view differs from the layout here
        self._board: orjson.Fragment | None = None
        self._rules: dict[bool, orjson.Fragment] = {}
        self._pieces_key: tuple[Any, ...] = ()
        self._pieces: tuple[orjson.Fragment, orjson.Fragment] | None = None
        self._sites_key: tuple[Any, ...] = ()
        self._sites: tuple[orjson.Fragment, ...] = ()
        self._open: orjson.Fragment | None = None

    # -- the public part ---------------------------------------------------------------------

    def public(self, s: GameState) -> bytes:
        """The public members of the views of the current version, as JSON text without
        the braces (computed once per version)."""
        key = (id(s), s.version)
        if key != self._key:
            spectator = observe(s, None)
            if self._engine_only:
                self._public = _engine_public(spectator)
            else:
                self._public = orjson.dumps(self.public_json(spectator))[1:-1]
                if not self._checked:
                    self._checked = True
                    self._check(spectator)
            self._key = key
        return self._public

    def _check(self, spectator: View) -> None:
        mine = orjson.loads(b"{" + self._public + b"}")
        theirs = orjson.loads(b"{" + _engine_public(spectator) + b"}")
        if mine != theirs:
            missing = sorted(set(theirs) ^ set(mine)) or sorted(
                k for k in theirs if theirs[k] != mine.get(k)
            )
            log.warning(
                "the engine's view differs from the server's layout (%s): "
                "serializing with View.to_json",
                ", ".join(missing),
            )
            self._engine_only = True
            self._public = _engine_public(spectator)

    def public_json(self, v: View) -> dict[str, Any]:
        """``v.to_json()`` less the seat's members, cached parts as JSON fragments."""
        t = v.board.topology
        n = v.n
        over = v.phase == Phase.GAME_OVER
        if self._board is None:
            self._board = orjson.Fragment(orjson.dumps(v.board.to_json()))
        rules = self._rules.get(over)
        if rules is None:
            rules = self._rules[over] = orjson.Fragment(orjson.dumps(rules_json(v.rules, over)))
        pieces_key = (v.building_owner, v.building_level, v.road_owner)
        if self._pieces is None or pieces_key != self._pieces_key:
            level = v.building_level
            buildings = {
                t.intersection_names[i]: {
                    "player": o,
                    "kind": "city" if level[i] == 2 else "settlement",
                }
                for i, o in enumerate(v.building_owner)
                if o != NOBODY
            }
            roads = {t.path_names[e]: o for e, o in enumerate(v.road_owner) if o != NOBODY}
            self._pieces = (
                orjson.Fragment(orjson.dumps(buildings)),
                orjson.Fragment(orjson.dumps(roads)),
            )
            self._pieces_key = pieces_key
        buildings_json, roads_json = self._pieces
        # The sites are a function of these fields only (``View.sites_of``), and of a
        # scenario's pieces on paths (Seafarers ships: ``path_pieces`` of a view part).
        path_pieces = tuple(getattr(x, "path_pieces", None) for x in v.ext.values())
        sites_key = (*pieces_key, v.blocked, v.pieces_left, path_pieces)
        if self._open is None or sites_key != self._sites_key:
            sites = []
            for p in range(n):
                r, st, c = v.sites_of(p)
                sites.append(
                    orjson.Fragment(
                        orjson.dumps(
                            {
                                "roads": [t.path_names[e] for e in r],
                                "settlements": [t.intersection_names[i] for i in st],
                                "cities": [t.intersection_names[i] for i in c],
                            }
                        )
                    )
                )
            self._sites = tuple(sites)
            names = t.intersection_names
            self._open = orjson.Fragment(orjson.dumps([names[i] for i in v.open_sites]))
            self._sites_key = sites_key
        players = []
        played, ratios, hands = v.played, v.ratios, v.hands
        for p in range(n):
            item: dict[str, Any] = {
                "seat": p,
                "hand_size": v.hand_sizes[p],
                "development_cards": v.dev_counts[p],
                "knights": v.knights[p],
                "played": {_DEV[d]: played[5 * p + d] for d in range(5) if played[5 * p + d]},
                "public_vp": v.public_vp[p],
                "revealed_vp_cards": v.revealed_vp_cards[p],
                "road_length": v.road_length[p],
                "discard_owed": v.discards[p],
                "pieces_left": dict(zip(("roads", "settlements", "cities"), v.pieces_left[p])),
                "development_cards_bought_this_turn": v.dev_bought[p],
                "sites": self._sites[p],
                "trade_ratios": dict(zip(_RES, ratios[5 * p : 5 * p + 5])),
            }
            if hands is not None:  # hands face up (alternate rule 2)
                item["hand"] = dict(zip(_RES, hands[p]))
            players.append(item)
        offer = None
        if v.phase in _OFFER_PHASES:
            answers = v.offer_answers
            offer = {
                "id": v.offer_id,
                "from": v.current,
                "give": format_bundle(v.offer_give),
                "get": format_bundle(v.offer_get),
                "answers": {f"p{q}": _ANSWERS[a] for q, a in enumerate(answers) if a},
                "counters": {
                    f"p{q}": {"give": format_bundle(g), "get": format_bundle(r)}
                    for q, (g, r) in enumerate(v.offer_counters)
                    if answers[q] == 4
                },
            }
        setup = v.setup_vertex
        return {
            "phase": v.phase.name.lower(),
            "current": v.current,
            "turn": v.turn,
            "deciders": list(v.deciders),
            "vp_target": v.vp_target,
            "rules": rules,
            "board": self._board,
            "robber": t.site_name(v.robber),  # a hex, or a harbor with the pirate
            "buildings": buildings_json,
            "roads": roads_json,
            "bank": dict(zip(_RES, v.bank)),
            "deck_size": v.deck_size,
            "players": players,
            "longest_road": holder_json(v.longest_road),
            "largest_army": holder_json(v.largest_army),
            "development_card_played": v.dev_played,
            "free_roads": v.free_roads,
            "special_builder": holder_json(v.special_builder),
            "offer": offer,
            "last_roll": v.last_roll or None,
            "winner": holder_json(v.winner),
            "version": v.version,
            "open_sites": self._open,
            "first_player": v.first_player,
            "setup_step": v.setup_step,
            "setup_intersection": None if setup == NOBODY else t.intersection_names[setup],
            "resume": v.resume.name.lower(),
        }

    # -- one seat's view ---------------------------------------------------------------------

    def view_bytes(self, s: GameState, seat: int | None, since: int | None) -> bytes:
        """``observe(s, seat, since).to_json()`` as JSON text (UTF-8)."""
        return self.seat_view(s, seat, since)[1]

    def seat_view(self, s: GameState, seat: int | None, since: int | None) -> tuple[View, bytes]:
        """The seat's view and :meth:`view_bytes` of it (the server words its events)."""
        view = observe(s, seat, since)
        topo = s.topo
        own: dict[str, Any] = {
            "viewer": view.viewer,
            "you": you_json(view),
            "events": [event_to_json(e, topo) for e in view.events],
            "events_since": view.events_since,
        }
        for name, part in view.ext.items():
            own[name] = part.to_json()
        return view, b"{" + orjson.dumps(own)[1:-1] + b"," + self.public(s) + b"}"

    def view_text(self, s: GameState, seat: int | None, since: int | None) -> str:
        """``observe(s, seat, since).to_json()`` as JSON text."""
        return self.view_bytes(s, seat, since).decode()


def _engine_public(spectator: View) -> bytes:
    d = spectator.to_json()
    for name in (*_SEAT_KEYS, *spectator.ext):
        d.pop(name, None)
    return orjson.dumps(d)[1:-1]
