"""What a bot remembers of the public card flow: lower bounds on each opponent's hand.

What this is for: a view shows another player's hand size, never its contents, but most of
what enters and leaves a hand is public — production (R2 "each player who owns a settlement
adjacent to a terrain hex marked with the number rolled receives 1 resource card"), the
starting resources, discards, trades, builds (their cost is paid to the bank), Year of
Plenty and Monopoly. :class:`Memory` reads the events each view carries (every event since
the seat's previous view, ``observe(s, seat, since)``) and keeps, per seat, a bundle of
cards that player is *known to hold at least*, plus the development cards each player was
seen to buy and play. The search bot passes the bounds to
:func:`~pysettlers.engine.determinize` as ``known``, so its sampled hands agree with what a
careful player at the table would have noted.

The bounds are kept *sound* (never above the truth) by construction:

* spending (a build, a discard, a trade, a development card) first raises the bound to what
  was spent — the player held it — and then takes it off;
* a card stolen unseen (the robber, when this seat is neither thief nor victim) lowers the
  victim's bound by one of every kind, as it may have been any of them;
* a road built while a Road Building card's free roads may be pending is taken off without
  first raising the bound (it may have been free);
* an event kind this module does not model (a scenario's) forgets everything known of the
  players it names (or of everybody when it names none), and after each view a bound above
  the hand size the view shows, or a hand size that the events do not explain (a view that
  skipped steps, e.g. one built without ``since``), forgets that player's bound.

What this is not: a belief model (no probabilities over the unknown cards: determinization
deals them uniformly) and not a rule: it never decides what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pysettlers.engine import View
from pysettlers.engine.data import (
    BRIDGE_COST,
    CITY_COST,
    DEVELOPMENT_COST,
    ROAD_COST,
    SETTLEMENT_COST,
)
from pysettlers.engine.events import Hidden

# Events that move no resource card (or only ones handled below by kind).
_NO_CARDS = frozenset(
    {
        "start_roll",
        "roll",
        "seven_rerolled",
        "knight",
        "longest_road",
        "largest_army",
        "offer",
        "answer",
        "offer_closed",
        "turn",
        "special_build",
        "win",
        "helper_dealt",
        "helper_display",
        "helper_decline",
        "helper_flip",
        "helper_exchange",
        "seven_ignored",
        "victory_point_played",
        "robber_placed",
    }
)
_BUILD_COST = {"settlement": SETTLEMENT_COST, "city": CITY_COST, "bridge": BRIDGE_COST}


class Memory:
    """Per-seat lower bounds on the resource cards in hand, and development cards seen."""

    def __init__(self) -> None:
        self.n = 0
        self.me = -1
        self.low: list[list[int]] = []
        self.size: list[int] = []  # the hand sizes the events explain
        self.bought: list[int] = []  # development cards seen bought, per seat
        self.played: list[int] = []  # ... and played (knights, progress cards)
        self.started = False  # a production roll has happened: builds are paid for
        self.free_roads: list[bool] = []  # a Road Building card's roads may be pending
        self.unsure: set[int] = set()  # seats whose hand size the events left unknown
        self.version = -1

    def reset(self, view: View) -> None:
        n = view.n
        self.n = n
        self.me = view.viewer if view.viewer is not None else -1
        self.low = [[0] * 5 for _ in range(n)]
        self.size = list(view.hand_sizes)
        self.bought = [0] * n
        self.played = [0] * n
        self.free_roads = [False] * n
        self.unsure = set()
        self.started = view.turn > 0
        self.version = view.version

    def known(self) -> list[tuple[int, int, int, int, int]]:
        """The bounds as ``determinize``'s ``known`` (the viewer's own: zeros, its hand is
        in the view)."""
        out: list[tuple[int, int, int, int, int]] = []
        for q in range(self.n):
            b = self.low[q] if q != self.me else [0] * 5
            out.append((b[0], b[1], b[2], b[3], b[4]))
        return out

    # -- reading a view ----------------------------------------------------------------------

    def update(self, view: View) -> None:
        """Take in the events ``view`` carries (call once per view, in order)."""
        if self.n != view.n or view.version < self.version or self.me != _seat(view.viewer):
            self.reset(view)  # a new game (or another seat's views): start afresh
            # The first view of a game carries every event so far when built with ``since``.
        elif view.events_since > self.version:
            # The view's events start after steps this memory never saw (a view built
            # without ``since``): cards may have moved unseen, e.g. a one-for-one trade
            # between two others that leaves every hand size as it was.
            self.low = [[0] * 5 for _ in range(self.n)]
        self.version = view.version
        for e in view.events:
            self._event(e)
        for q in range(self.n):
            if q == self.me:
                continue
            hs = view.hand_sizes[q]
            if (q not in self.unsure and self.size[q] != hs) or sum(self.low[q]) > hs:
                self.low[q] = [0] * 5  # events this memory did not see or model
            self.size[q] = hs
        self.unsure.clear()
        if view.hands is not None:  # hands face up (an alternate rule): known exactly
            self.low = [list(b) for b in view.hands]

    def _event(self, e: Any) -> None:
        k = e.kind
        if k == "produce":
            self.started = True
            r = e.received
            for q in range(self.n):
                self._gain(q, r[5 * q : 5 * q + 5])
        elif k == "starting_resources":
            self._gain(e.player, e.resources)
        elif k == "road":
            p = e.player
            if not self.started:
                return  # set-up roads are free
            if self.free_roads[p]:
                self._lose(p, ROAD_COST, spent=False)  # maybe free, maybe paid
            else:
                self._lose(p, ROAD_COST)
        elif k in _BUILD_COST:
            if self.started or k == "bridge":
                self._lose(e.player, _BUILD_COST[k])
        elif k == "draw":
            self._lose(e.player, DEVELOPMENT_COST)
            self.bought[e.player] += 1
        elif k == "discard":
            self._lose(e.player, e.cards)
        elif k == "robber":
            self._steal(e.player, e.victim, e.stolen)
        elif k == "maritime":
            self._lose(e.player, e.give)
            self._gain(e.player, e.get)
        elif k == "trade":
            self._lose(e.player, e.give)
            self._lose(e.partner, e.get)
            self._gain(e.player, e.get)
            self._gain(e.partner, e.give)
        elif k == "year_of_plenty":
            got = [0] * 5
            for r in (e.resource, e.second):
                if 0 <= r < 5:
                    got[r] += 1
            self._gain(e.player, got)
            self.played[e.player] += 1
        elif k == "monopoly":
            r = e.resource
            for q in range(self.n):
                if q != e.player:
                    self.size[q] -= e.taken[q]
                    self.low[q][r] = 0  # every card of that kind was handed over
            got = [0] * 5
            got[r] = sum(t for q, t in enumerate(e.taken) if q != e.player)
            self._gain(e.player, got)
            self.played[e.player] += 1
        elif k == "road_building":
            self.free_roads[e.player] = True
            self.played[e.player] += 1
        elif k == "knight":
            self.played[e.player] += 1
        elif k == "turn":
            self.free_roads = [False] * self.n
        elif k not in _NO_CARDS:
            self._forget(e)

    def _gain(self, q: int, b: Sequence[int]) -> None:
        low = self.low[q]
        for r in range(5):
            low[r] += b[r]
        self.size[q] += sum(b)

    def _lose(self, q: int, b: Sequence[int], *, spent: bool = True) -> None:
        """``q`` paid ``b``; ``spent``: it surely held ``b`` just before (else maybe not)."""
        low = self.low[q]
        for r in range(5):
            x = max(low[r], b[r]) if spent else low[r]
            low[r] = max(0, x - b[r])
        if spent:
            self.size[q] -= sum(b)
        else:
            self.unsure.add(q)  # its size is unknown until the next view says

    def _steal(self, thief: int, victim: int, stolen: object) -> None:
        if not 0 <= victim < self.n or stolen is None:
            return
        if isinstance(stolen, Hidden):
            low = self.low[victim]
            self.low[victim] = [max(0, x - 1) for x in low]  # it may have been any card
        else:
            assert isinstance(stolen, int)
            one = [0] * 5
            one[stolen] = 1
            self._lose(victim, one)
            self._gain(thief, one)
            return
        self.size[victim] -= 1
        self.size[thief] += 1

    def _forget(self, e: Any) -> None:
        """An event that may move cards in ways not modelled: forget what it touches."""
        named = [
            getattr(e, f)
            for f in ("player", "victim", "partner", "target", "giver")
            if isinstance(getattr(e, f, None), int)
        ]
        seats = [q for q in named if 0 <= q < self.n] or list(range(self.n))
        for q in seats:
            self.low[q] = [0] * 5
            self.unsure.add(q)  # resynchronised from the next view


def _seat(viewer: int | None) -> int:
    return viewer if viewer is not None else -1
