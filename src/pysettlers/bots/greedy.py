"""The greedy bot: one-ply lookahead over a value function of its own view.

What this is for: a stronger baseline than ``weighted`` that still decides in well under a
millisecond. For every legal action it predicts what its own view would become — exactly
for deterministic actions (a build adds the piece and pays its cost, a maritime trade swaps
cards, a road extends the network and may lengthen its road), as an expectation for chance
(a development card drawn from what the view knows of the deck; the card a robber steals,
guessed from the victim's production) — and takes the action whose predicted value gains
most over ending the turn (which scores 0).

**The value function** V of the viewer's position, in victory points. ``pf`` = max(0.25,
1 − vp/target) is the share of the game still to play; it weighs every long-term term.

=================  ===============================================================================
term               definition and weight
=================  ===============================================================================
points             1.0 × own points (buildings, awards held, own victory point cards)
production         pf × (0.07 × U + 0.03 × Σ_r w_r·x_r). x_r: pips of resource r at its
                   buildings (the robber's hex yields none); w_r: the resource's scarcity on
                   this map × a stage weight (brick/lumber early, grain/ore late, wool 0.85).
                   U (``features.build_rate``): the largest rate of a demand mix (settlements
                   and roads early, cities and cards late) that x sustains when shortfalls are
                   bought from the bank at its own ratios — spread, scarce resources and
                   usable harbors all raise it
harbors            pf × 0.02 × Σ_r (4 − ratio_r): their option value beyond U
hand               Σ_r 0.05 × scarcity_r per card (halved beyond 4 of a kind)
                   + Σ_builds 0.45 × gain_b × P[cards missing] with P = 1, .55, .3, .15, .07,
                   .03 for 0–5 missing; the settlement's cost includes the roads its nearest
                   site still needs (so a road toward it keeps the plan's progress), and its
                   gain is 0.85^roads × (1 + the production the best such site adds)
                   − P(a 7 before it can trade again) × ⌊cards/2⌋ × 0.12 above the discard
                   limit (``rules.discard_max``); on its own turn that is any of the others'
                   rolls; in a Special Building Phase the rolls up to and including its own
follow-up          a hand is worth the better of keeping it and the best build it pays for now,
                   or after bank trades of spare cards (× 0.9): a trade or a Year of Plenty
                   that completes a city counts as that city, and a road that opens a site
                   counts the settlement the rest of the hand then pays for
development cards  held: knight 0.4 (+0.15 in an army race), Road Building 0.3 (0.05 if no
                   road leads anywhere), Year of Plenty 0.5, Monopoly 0.45; buying one is the
                   expectation over the unseen cards, a victory point card 1.0
expansion          the best open site its roads reach + half the second best, each
                   (1 + production it adds) × 0.35 / 0.25 / 0.15 / 0.06 at 0–3 roads away,
                   × 0.6 when an opponent's roads are nearer to it, × 0.85 when as near
awards             Longest Road / Largest Army: 2 points held; short of them 0.8 × 2 × ½^gap
                   (gap: roads or knights still needed to take the card); a lead when held
                   is worth 0.25 per road or knight (up to 2)
helper             Helpers of CATAN: the held helper's worth (``helper_value.helper_worth``:
                   the expected value of its next use given the position), × 0.85 on its B
                   side; a use costs the drop to the better of flipping and the display's
                   best helper (``helper_value.use_cost``), so it is taken for its effect
opponents          for the robber only: 0.045 × pf × threat_q per pip taken from q, 0.06 ×
                   threat_q per card taken from q; threat_q grows with the square of q's
                   share of the target, steeply when q is 2 points from winning (domestic
                   trades weigh the partner's gain in ``trading.py``)
=================  ===============================================================================

Set-up: a settlement is V's change plus, for the first one, 0.7 × what the likely second
settlement would add (the ⌊between/2⌋-th best partner, ``between`` being the settlements
the others place in the meantime); the second counts its starting cards. A knight is its
best robber placement plus the Largest Army term, against 0.1 for keeping it; before the
roll it is played only to free its own hex. Domestic trade is ``trading.Trader``'s, with
this value (the hand's ``q_value``, which counts the build a hand pays for now or after
bank trades) as the bot's own side: it proposes the one-for-one or two-for-one offer that
raises that value most, before scoring its other actions (at most two offers a turn, none
repeated), answers offers by its gain against the offerer's, counter-offers a one-card
change that makes a trade worth it, and never trades with a player 2 points from winning.
Maritime trades are scored like any action, by the same value. In the Special Building
Phase (5–6 players) it scores builds as on its turn, the 7's risk to an over-limit hand
pushing it to spend.
A scenario's actions are scored by its package's bots face (``scenarios.py``: a bridge like a
road for a wool more, a ship like a road in lumber and wool, the pirate by the robber term of
the harbor's site); the helpers' (``engine/scenarios/helpers/faces/bots.py``) with the same
one-ply lookahead —
exactly where the effect is deterministic (William's, Vincent's builds, Jean's rate, Lin,
Marianne, Sean, the card taken, kept or given back, Louis's move), as an expectation
where it is not (Hilde before looking, Nassir's givers, Candamir's best of three draws) —
and flip or exchange by the helper they leave it (highest ``helper_worth``).

Options (keyword arguments, strings accepted so that ``greedy:trade=0`` works): ``trade``
(bool, default on) — domestic trade at all (off: it never offers and rejects every offer;
bank trades stay); ``offers`` (0–1, default 0.5) — chance, at each decision of its turn, of
looking for an offer worth making; ``noise`` (>= 0, default 0.001) — random tie-break;
``helpers`` (bool, default on) — use helpers at all (off: never, and it declines Marianne
and Sean); ``sbp`` (bool, default on) — build in the Special Building Phase (off: pass);
``style`` (``plain``, default; ``roads``, ``cards``, ``cities``, ``harbors``, ``robber``) —
a strategy bias, weights of the value function above (``styles.py``, ``GREEDY_STYLES``):
``roads`` always in the road race, the Longest Road award term ×2.5, expansion ×1.8;
``cards`` development cards (not victory point cards) ×2.5, Largest Army ×1.6; ``cities``
+0.6 to a city's gain, grain and ore pips ×2 in production (set-up too); ``harbors``
harbors' term ×4 and +0.2 for a settlement on a harbor; ``robber`` the robber's harm to
opponents ×2.5, ×2 again for the leader (most points in its view), +0.03 per card of the
victim's hand.

What this is not: no search beyond one action (plus the build it would enable), no
determinization of hidden cards and no opponent modelling beyond the view's public counts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pysettlers.engine import Action, ActionKind, Phase, View
from pysettlers.engine.limits import discard_owed
from pysettlers.engine.sites import closed_by
from pysettlers.engine.types import NOBODY, DevCard, Harbor

from . import features as F
from . import scenarios
from .base import register_bot
from .options import GREEDY_SPECS, HEURISTIC_KEYS, heuristic_options
from .styles import GREEDY_STYLES, WEIGHTED_STYLES
from .trading import Trader
from .weighted import robber_choice, threat

K = ActionKind

# The weights of the value function (module docstring), in victory points.
PF_FLOOR = 0.25  # production's weight never falls below this share...
PF_SLOPE = 1.0  # ...and falls with the share of the target reached
W_RATE = 0.07  # per unit of build rate U
W_LIN = 0.03  # per scarcity-weighted pip
DEMAND_EARLY = (0.24, 0.24, 0.16, 0.2, 0.16)  # settlements and roads first
DEMAND_LATE = (0.1, 0.1, 0.15, 0.3, 0.35)  # then cities and development cards
CARD = 0.05  # a card in hand, before what it is for
LAMBDA = 0.45  # share of a build's gain that holding all its cards is worth
PROGRESS = (1.0, 0.55, 0.3, 0.15, 0.07, 0.03)  # ... by the number of cards still missing
PLAN_COST: tuple[F.Bundle, ...] = ((1, 1, 1, 1, 0), (2, 2, 1, 1, 0), (3, 3, 1, 1, 0))
EXP_DISC = (0.35, 0.25, 0.15, 0.06)  # an open site 0, 1, 2, 3 roads away
RACE = (0.6, 0.85, 1.0, 1.0)  # ... when a rival is nearer, as near, 1, 2+ roads further
DEV_HELD = (0.4, 0.3, 0.5, 0.45, 1.0)  # by DevCard (a victory point card is a point)
KNIGHT_KEEP = 0.1  # a knight kept for a better moment (one card may be played a turn)
LR_CHANCE = 0.8  # the Longest Road card one road short of it is worth this share
LA_CHANCE = 0.8  # the Largest Army card one knight short of it is worth this share
W_OPP_PIP = 0.045  # per pip the robber takes from an opponent, × its threat
W_OPP_CARD = 0.06  # per card an opponent gets or loses, × its threat
PAIR_WEIGHT = 0.7  # first set-up settlement: share of the likely second one's gain
PAIR_POOL = 20  # open sites considered as that second settlement
DISCARD_CARD = 0.12  # a card a 7 would take from a hand above the discard limit
TRADE_DISCOUNT = 0.9  # a build reached through bank trades, against the same build now
MAX_TRADES = 6  # maritime trades per turn, a guard against any trade loop


class _Turn:
    """One decision's context: the viewer's position and lazily computed build gains."""

    def __init__(self, view: View, info: F.BoardInfo, style: str = "plain") -> None:
        me = view.viewer
        assert me is not None and view.hand is not None and view.dev_cards is not None
        self.view = view
        self.info = info
        self.me = me
        self.style_name = style
        self.style = st = GREEDY_STYLES[style]  # the option ``style``'s weights (styles.py)
        self.hand = view.hand
        self.vp = F.visible_vp(view, me)
        target = max(1, view.vp_target)
        self.pf = max(PF_FLOOR, 1.0 - PF_SLOPE * self.vp / target)
        stage = min(1.0, self.vp / target)
        sc = info.scarcity
        stage_w = (
            1.1 - 0.25 * stage,
            1.1 - 0.25 * stage,
            0.85,
            1.0 + 0.1 * stage,
            0.95 + 0.25 * stage,
        )
        self.w = [sc[r] * stage_w[r] for r in range(5)]
        self.w[3] *= st.ore_grain  # grain
        self.w[4] *= st.ore_grain  # ore
        self.demand = [(1 - stage) * a + stage * b for a, b in zip(DEMAND_EARLY, DEMAND_LATE)]
        self.card = [CARD * sc[r] for r in range(5)]
        self.prod = F.production(view, me, info)
        self.ratios = list(F.own_ratios(view, me))
        self.roads_left, self.settle_left, self.city_left = F.pieces_left(view, me)
        self.n_settle = F.pieces(view, me)[1]
        # A 7 before this seat can trade again: on its own turn, any of the others' rolls;
        # in a Special Building Phase, the rolls up to and including its own next one.
        rolls = view.n - 1
        if view.phase == Phase.SPECIAL_BUILD:
            rolls = (me - view.current) % view.n
        self.p7 = 1.0 - (5.0 / 6.0) ** max(1, rolls)
        self.cache: dict[object, Any] = {}  # scenario scores' shared parts (scenarios.py)
        self.prod_val = self.prod_value(self.prod)
        self.harbor_val = self.harbor_value(self.ratios)
        self.free = F.open_sites(view, info)
        self._site_gain: dict[int, float] = {}
        self.sites = (
            F.reachable_sites(view, me, info, 3, free=self.free) if self.settle_left else {}
        )
        # How close the nearest opponent is to each site: a site others reach first is lost.
        self.rival: dict[int, int] = {}
        if self.sites:
            for q in range(view.n):
                if q != me:
                    for v, d in F.reachable_sites(view, q, info, 2, free=self.free).items():
                        if d < self.rival.get(v, 9):
                            self.rival[v] = d
        self.exp = self.expansion(self.sites)
        self.dev_share = F.unseen_dev_share(view)
        self.lr_race = self._lr_race()
        self._gain: dict[int, float] = {}
        self._hand_memo: dict[tuple[int, ...], float] = {}
        near = min(self.sites.values(), default=9)
        self.near = near
        if near == 0:
            settle = self.gain(F.SETTLEMENT)
        elif near <= 2 and self.roads_left >= near:
            settle = 0.85**near * max(
                1.0 + self.site_prod_gain(v) for v, d in self.sites.items() if d <= 2
            )
        else:
            settle = 0.0
        # What being close to each build is worth: a share of what the build would gain.
        # Roads count within the settlement plan (settlement + the roads it still needs).
        self.progress_gain = [
            0.0,
            LAMBDA * settle,
            LAMBDA * self.gain(F.CITY),
            LAMBDA * self.gain(F.DEV),
        ]

    def for_view(self, view: View) -> _Turn:
        """The context of the same board over another view (the helpers' bots face: Louis)."""
        return _Turn(view, self.info, self.style_name)

    # -- value terms ---------------------------------------------------------------------------

    def prod_value(self, prod: Sequence[float], ratios: Sequence[int] | None = None) -> float:
        rate = F.build_rate(prod, self.demand, self.ratios if ratios is None else ratios)
        lin = sum(w * x for w, x in zip(self.w, prod))
        return self.pf * (W_RATE * rate + W_LIN * lin)

    def harbor_value(self, ratios: Sequence[int]) -> float:
        # Most of a harbor's worth is in the build rate; this is its option value.
        return self.pf * self.style.harbor * sum((4 - ratios[r]) * 0.02 for r in range(5))

    def hand_value(self, hand: Sequence[int], near: int = -1) -> float:
        """Cards, closeness to each build, and the risk of a 7; ``near`` overrides the
        roads still needed before the next settlement (after a hypothetical road)."""
        key = (*hand, near)
        memo = self._hand_memo.get(key)
        if memo is not None:
            return memo
        card = self.card
        v = 0.0
        total = 0
        for r in range(5):
            c = hand[r]
            total += c
            v += card[r] * (c if c <= 4 else 4 + 0.5 * (c - 4))
        for b in range(4):
            g = self.progress_gain[b]
            if g > 0:
                cost = F.COSTS[b]
                if b == F.SETTLEMENT:
                    cost = PLAN_COST[min(2, self.near if near < 0 else near)]
                v += g * PROGRESS[min(5, F.missing(hand, cost))]
        # A 7 takes half a hand above the limit (the engine's rule, ``limits.discard_owed``).
        v -= self.p7 * discard_owed(self.view.rules, total) * DISCARD_CARD
        self._hand_memo[key] = v
        return v

    def q_value(
        self,
        hand: Sequence[int],
        near: int = -1,
        settle: float = 0.0,
        ratios: Sequence[int] | None = None,
    ) -> float:
        """The hand's value, or better, the value of the best build it pays for now — or
        after bank trades of cards that build does not need (its gain a little discounted,
        so that a direct build is preferred to the same build through trades). ``settle``:
        the gain of a settlement on a site a hypothetical road has just opened."""
        best = self.hand_value(hand, near)
        if ratios is None:
            ratios = self.ratios
        for b in range(1, 4):  # roads only through their own actions: their gain needs a search
            g = self.gain(b)
            if b == F.SETTLEMENT:
                g = max(g, settle)
            if g <= 0:
                continue
            cost = F.COSTS[b]
            m = F.missing(hand, cost)
            if m == 0:
                after = [h - c for h, c in zip(hand, cost)]
                best = max(best, g + self.hand_value(after, near))
            elif m <= 3 and F.maritime_units(hand, cost, ratios) >= m:
                after = [h - c if h > c else 0 for h, c in zip(hand, cost)]
                for _ in range(m):  # trade away the largest surplus first
                    r = max(range(5), key=lambda i: after[i] // ratios[i] * 100 + after[i])
                    after[r] -= ratios[r]
                best = max(best, TRADE_DISCOUNT * g + self.hand_value(after, near))
        return best

    def expansion(self, sites: dict[int, int]) -> float:
        if not sites:
            return 0.0
        rival = self.rival
        vals = sorted(
            (
                EXP_DISC[d]
                * RACE[max(-1, min(2, rival.get(v, 9) - d)) + 1]
                * (1.0 + self.site_prod_gain(v))
                for v, d in sites.items()
            ),
            reverse=True,
        )
        return self.style.expansion * (vals[0] + (0.5 * vals[1] if len(vals) > 1 else 0.0))

    def site_prod_gain(self, v: int) -> float:
        g = self._site_gain.get(v)
        if g is None:
            g = self._site_gain[v] = self._site_prod_gain(v)
        return g

    def _site_prod_gain(self, v: int) -> float:
        rob = self.view.robber
        prod = list(self.prod)
        for h in self.info.inter_hexes[v]:
            r = self.info.hex_res[h]
            if r != NOBODY and h != rob:
                prod[r] += self.info.hex_pips[h]
        return self.prod_value(prod) - self.prod_val

    def dev_value(self, card: int) -> float:
        if card == DevCard.ROAD_BUILDING and not (self.sites or self.lr_race):
            return 0.05
        if card == DevCard.VICTORY_POINT:
            return DEV_HELD[card]
        if card == DevCard.KNIGHT and self._army_race():
            return self.style.dev * (DEV_HELD[card] + 0.15)
        return self.style.dev * DEV_HELD[card]

    def dev_ev(self) -> float:
        return sum(self.dev_share[c] * self.dev_value(c) for c in range(5))

    # -- build gains (excluding what the cards were worth in hand) ------------------------------

    def gain(self, b: int) -> float:
        g = self._gain.get(b)
        if g is None:
            g = self._compute_gain(b)
            self._gain[b] = g
        return g

    def _compute_gain(self, b: int) -> float:
        if b == F.CITY:
            if not self.city_left:
                return 0.0
            return max(
                (self.city_delta(v) for v, lvl in F.buildings(self.view, self.me) if lvl == 1),
                default=0.0,
            )
        if b == F.SETTLEMENT:
            if not self.settle_left:
                return 0.0
            return max(
                (self.settlement_delta(v) for v, d in self.sites.items() if d == 0), default=0.0
            )
        if b == F.DEV:
            return self.dev_ev() if self.view.deck_size else 0.0
        if not self.roads_left:
            return 0.0
        paths = self.view.sites_of(self.me)[0]
        return max((self.road_delta(e)[0] for e in paths), default=0.0)  # the road alone

    def city_delta(self, v: int) -> float:
        prod = list(self.prod)
        rob = self.view.robber
        for h in self.info.inter_hexes[v]:
            r = self.info.hex_res[h]
            if r != NOBODY and h != rob:
                prod[r] += self.info.hex_pips[h]
        return 1.0 + self.style.city + self.prod_value(prod) - self.prod_val

    def settlement_delta(self, v: int) -> float:
        prod = list(self.prod)
        rob = self.view.robber
        info = self.info
        for h in info.inter_hexes[v]:
            r = info.hex_res[h]
            if r != NOBODY and h != rob:
                prod[r] += info.hex_pips[h]
        ratios = list(self.ratios)
        kind = info.inter_harbor[v]
        if kind == Harbor.GENERIC:
            ratios = [min(q, 3) for q in ratios]
        elif kind != NOBODY:
            ratios[kind] = 2
        exp = self.style.harbor_site if kind != NOBODY else 0.0
        if self.settle_left > 1:
            exp += self.expansion(
                F.reachable_sites(self.view, self.me, info, 3, extra_building=v, free=self.free)
            )
        return (
            1.0
            + self.prod_value(prod, ratios)
            - self.prod_val
            + self.harbor_value(ratios)
            - self.harbor_val
            + exp
            - self.exp
        )

    def road_delta(self, e: int, ship: bool = False) -> tuple[float, int, float]:
        """What a road (a ship, with ``ship``) on ``e`` adds (room to grow, Longest Road or
        Trade Route), the roads the nearest site then still needs, and the gain of a
        settlement it would make buildable at once."""
        d = 0.0
        near = self.near
        settle = 0.0
        if self.settle_left:
            sites = F.reachable_sites(
                self.view, self.me, self.info, 3, extra_road=e, free=self.free
            )
            d += self.expansion(sites) - self.exp
            near = min(sites.values(), default=9)
            for v, dist in sites.items():
                if dist == 0 and self.sites.get(v) != 0:
                    # Its points and production, less the option the site was worth.
                    g = (1.0 + self.site_prod_gain(v)) * (1.0 - EXP_DISC[0])
                    settle = max(settle, g)
        if self.lr_race:
            d += self.longest_road_gain(e, ship)
        return d, near, settle

    def longest_road_gain(self, e: int, ship: bool = False) -> float:
        cur = self.view.road_length[self.me]
        length = F.longest_road(self.view, self.info, self.me, e, ship)
        if length <= cur:
            return 0.0
        return self.style.longest_road * (self.lr_value(length) - self.lr_value(cur))

    def lr_value(self, length: int) -> float:
        """The Longest Road card's worth at this length: 2 points held, a chance short of it."""
        view = self.view
        others = max(view.road_length[q] for q in range(view.n) if q != self.me)
        if view.longest_road == self.me:
            return 2.0 + 0.25 * max(-1, min(2, length - others))  # a lead is safer
        gap = max(5, others + 1) - length
        if gap <= 0:
            return 2.0  # takes the card
        return LR_CHANCE * 2.0 * 0.5**gap

    def _lr_race(self) -> bool:
        view = self.view
        me = self.me
        mine = view.road_length[me]
        others = max(view.road_length[q] for q in range(view.n) if q != me)
        if not self.roads_left:
            return False
        if self.style.road_race:
            return True
        if view.longest_road == me:
            return others >= mine - 2
        return mine + 4 >= max(5, others + 1)

    def _army_race(self) -> bool:
        view = self.view
        mine = view.knights[self.me]
        others = max(view.knights[q] for q in range(view.n) if q != self.me)
        return view.largest_army != self.me and mine + 2 >= max(3, others + 1)

    # -- robber ------------------------------------------------------------------------------------

    def robber_delta(self, h: int, victim: int) -> float:
        """The robber moved to site ``h`` (a hex, or with the pirate ``n_hexes + path`` of a
        harbor: ``features.site_damage``) naming ``victim``."""
        view = self.view
        info = self.info
        me = self.me
        old = F.site_damage(view, info, view.robber)
        new = F.site_damage(view, info, h)
        d = 0.0
        if old[me] or new[me]:
            prod = F.production(view, me, info, robber=h)
            if h < info.n_hexes and view.robber < info.n_hexes:
                d += self.prod_value(prod) - self.prod_val
            else:  # a harbor closed or opened: my rates change too
                closed = h - info.n_hexes if h >= info.n_hexes else NOBODY
                ratios = F.ratios_without(view, me, info, closed)
                d += self.prod_value(prod, ratios) + self.harbor_value(ratios)
                d -= self.prod_val + self.harbor_val
        st = self.style
        lead = self.leader if st.leader != 1.0 else NOBODY  # (style ``robber``)
        for q in range(view.n):
            if q != me and (new[q] or old[q]):
                harm = W_OPP_PIP * self.pf * threat(view, q) * (new[q] - old[q])
                d += harm * st.robber * (st.leader if q == lead else 1.0)
        if victim != NOBODY and view.hand_sizes[victim]:
            share = F.resource_share(view, victim, info)
            base = self.q_value(self.hand)
            hand = list(self.hand)
            ev = 0.0
            for r in range(5):
                if share[r]:
                    hand[r] += 1
                    ev += share[r] * (self.q_value(hand) - base)
                    hand[r] -= 1
            card = W_OPP_CARD * threat(view, victim) * st.robber
            d += ev + card * (st.leader if victim == lead else 1.0)
            d += st.rich * view.hand_sizes[victim]
        return d

    @property
    def leader(self) -> int:
        """The opponent with the most points as far as the view shows (the first such seat)."""
        view = self.view
        others = [q for q in range(view.n) if q != self.me]
        return max(others, key=lambda q: F.expected_vp(view, q))

    def best_robber(self) -> float:
        """The best robber placement's value (for a knight), over every other hex (and
        harbor, with the pirate)."""
        view = self.view
        bo = view.building_owner
        best = -1e9
        info = self.info
        sites = list(range(info.n_hexes))
        if view.rules.pirate:  # the harbors too
            sites += sorted(info.n_hexes + e for _, e in view.board.harbors)
        for h in sites:
            if h == view.robber:
                continue
            victims = {bo[v] for v in F.site_corners(info, h)} - {NOBODY, self.me}
            for q in victims or {NOBODY}:
                best = max(best, self.robber_delta(h, q))
        return best

    def knight_delta(self) -> float:
        """A knight now: its best robber placement and a step toward Largest Army, against
        keeping the card (its worth as a held card is what it could do later)."""
        k = self.view.knights[self.me]
        return self.best_robber() + self.la_value(k + 1) - self.la_value(k) - KNIGHT_KEEP

    def la_value(self, knights: int) -> float:
        """The Largest Army card's worth with this many knights played (as ``lr_value``)."""
        view = self.view
        others = max(view.knights[q] for q in range(view.n) if q != self.me)
        w = self.style.army
        if view.largest_army == self.me:
            return w * (2.0 + 0.25 * max(-1, min(2, knights - others)))
        gap = max(3, others + 1) - knights
        if gap <= 0:
            return w * 2.0
        return w * LA_CHANCE * 2.0 * 0.5**gap


KNOWN_PHASES = frozenset(
    {
        Phase.SETUP_SETTLEMENT,
        Phase.SETUP_ROAD,
        Phase.PRE_ROLL,
        Phase.DISCARD,
        Phase.MOVE_ROBBER,
        Phase.MAIN,
        Phase.BUILD,
        Phase.ROAD_BUILDING,
        Phase.TRADE_RESPONSE,
        Phase.TRADE_CONFIRM,
        Phase.SPECIAL_BUILD,
    }
)
"""The base game's phases it scores every legal action in; a scenario's own phases too
(its bots face's ``PHASES``: ``scenarios.phases``)."""


class GreedyBot:
    """One-ply lookahead on the view with a documented value function (module docstring)."""

    name = "greedy"
    OPTIONS = HEURISTIC_KEYS

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.rng = rng
        o = heuristic_options(self.name, options, GREEDY_SPECS)
        self.trade, self.use_helpers, self.sbp, self.offer_chance, self.noise_size, _ = o
        self.style = o.style
        self.options = o  # (what a scenario's scores read: ``scenarios.py``)
        self.trader = Trader(rng, threat, self.offer_chance)
        self._turn = -1
        self._trades = 0
        self._offered = False  # an offer made this turn (the trader keeps which ones)
        self._pool: list[int] = []
        self._pool_view: View | None = None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return F.play_victory_point(view, legal, self._choose(view, legal))

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if view.viewer is None or view.hand is None:
            raise ValueError("a bot needs the view of its own seat")
        if view.phase == Phase.SEVEN_CHOICE:
            return F.seven_choice(view, legal)
        if view.phase == Phase.KNIGHT_WINDOW:
            return F.knight_window(view, legal)
        if view.phase == Phase.KNIGHT_MOVE:  # an ordinary robber move, out of turn
            info = F.board_info(view.board)
            return robber_choice(view, legal, info, lambda: 0.0, WEIGHTED_STYLES[self.style])
        if view.phase not in KNOWN_PHASES and view.phase not in scenarios.phases():
            return self.rng.choice(legal)  # a phase it has no model for
        if view.phase == Phase.SPECIAL_BUILD and not self.sbp:
            return next((a for a in legal if a.kind == K.END_TURN), legal[0])
        if view.turn != self._turn:
            self._turn = view.turn
            self._trades = 0
            self._offered = False
        t = _Turn(view, F.board_info(view.board), self.style)
        ph = view.phase
        if ph == Phase.PRE_ROLL:
            return self._pre_roll(t, legal)
        if ph == Phase.TRADE_RESPONSE:
            if not self.trade:
                return next((a for a in legal if a.kind == K.REJECT_TRADE), legal[0])
            return self.trader.answer(view, t.info, t.q_value, legal)
        if ph == Phase.TRADE_CONFIRM:
            return self.trader.confirm(view, t.info, t.q_value, legal)
        if self.trade and ph == Phase.MAIN:
            # An offer first: it scores by how much better the hand's best use gets (the
            # value counts the build the hand pays for now), so a build it enables beats
            # whatever the present hand would do; refused, the bot plays on as before.
            offer = self.trader.propose(view, t.info, t.q_value, legal)
            if offer is not None:
                self._offered = True
                return offer
        best = legal[0]
        best_score = -1e9
        for a in legal:
            score = self._score(t, a) + self.rng.random() * self.noise_size
            if score > best_score:
                best, best_score = a, score
        if best.kind == K.MARITIME_TRADE:
            self._trades += 1
        return best

    # -- the parts a search bot builds on (``expert.py``) ------------------------------------

    def context(self, view: View) -> _Turn:
        """This decision's context over ``view`` (its own seat's), the per-turn counters
        (trades, offers made) reset when a new turn has begun."""
        if view.turn != self._turn:
            self._turn = view.turn
            self._trades = 0
            self._offered = False
        return _Turn(view, F.board_info(view.board), self.style)

    def score(self, t: _Turn, a: Action) -> float:
        """The one-ply score of ``a`` in context ``t`` (ending the turn scores 0)."""
        return self._score(t, a)

    def taken(self, a: Action) -> None:
        """Count ``a`` as played by this bot this turn (trades and offers are limited)."""
        if a.kind == K.MARITIME_TRADE:
            self._trades += 1
        elif a.kind == K.OFFER_TRADE:
            self._offered = True

    def continue_from(self, other: GreedyBot, view: View) -> None:
        """Take over ``other``'s per-turn counters (a rollout continuing its turn), and its
        trader's memory of the offers made this turn (never the same offer twice)."""
        self._turn, self._trades, self._offered = view.turn, other._trades, other._offered
        self.trader.continue_from(other.trader)

    def _pre_roll(self, t: _Turn, legal: Sequence[Action]) -> Action:
        roll = next(a for a in legal if a.kind == K.ROLL)
        knight = next((a for a in legal if a.kind == K.PLAY_KNIGHT), None)
        view = t.view
        for hook in scenarios.before_roll():  # a scenario's (the helpers' Lin)
            early = hook(t, legal, self.options)
            if early is not None:
                return early
        # Before rolling only a knight can help: it frees its own hex for this very roll.
        if knight is not None and F.hex_damage(view, t.info, view.robber)[t.me]:
            if t.knight_delta() > 0:
                return knight
        return roll

    def _score(self, t: _Turn, a: Action) -> float:
        """Predicted value change of ``a`` (ending the turn scores 0)."""
        k = a.kind
        hand = t.hand
        if k == K.END_TURN:
            return 0.0
        h0 = t.hand_value(hand)
        if k == K.BUILD_CITY:
            return t.city_delta(a.intersection) + t.q_value(_sub(hand, F.COSTS[F.CITY])) - h0
        if k == K.BUILD_SETTLEMENT:
            if t.view.phase == Phase.SETUP_SETTLEMENT:
                return self._setup_settlement(t, a.intersection)
            return (
                t.settlement_delta(a.intersection)
                + t.q_value(_sub(hand, F.COSTS[F.SETTLEMENT]))
                - h0
            )
        if k == K.BUILD_ROAD:
            d, near, settle = t.road_delta(a.path)
            if t.view.phase == Phase.SETUP_ROAD:
                return d + t.hand_value(hand, near) - h0
            if t.view.phase == Phase.ROAD_BUILDING:  # free: the hand stays as it is
                return d + t.q_value(hand, near, settle) - h0
            return d + t.q_value(_sub(hand, F.COSTS[F.ROAD]), near, settle) - h0
        if k == K.BUY_DEVELOPMENT:
            return t.dev_ev() + t.q_value(_sub(hand, F.COSTS[F.DEV])) - h0
        if k == K.MARITIME_TRADE:
            if self._trades >= MAX_TRADES:
                return -1.0
            after = [h - g + r for h, g, r in zip(hand, a.give, a.get)]
            return t.q_value(after) - h0
        if k == K.DISCARD:
            return t.q_value(_sub(hand, a.give)) - h0
        if k == K.MOVE_ROBBER:
            return t.robber_delta(a.hex, a.victim)
        if k == K.PLAY_KNIGHT:
            return t.knight_delta()
        if k == K.PLAY_YEAR_OF_PLENTY:
            got = list(hand)
            got[a.resource] += 1
            if a.second_resource != NOBODY:
                got[a.second_resource] += 1
            return t.q_value(got) - h0 - t.dev_value(DevCard.YEAR_OF_PLENTY)
        if k == K.PLAY_MONOPOLY:
            return self._monopoly(t, a.resource) - t.dev_value(DevCard.MONOPOLY)
        if k == K.PLAY_ROAD_BUILDING:
            return self._road_building(t) - t.dev_value(DevCard.ROAD_BUILDING)
        if k == K.OFFER_TRADE:
            return -1.0  # proposed by ``trading.Trader`` before the actions are scored
        scenario = scenarios.scores().get(k)  # a scenario's kind: its bots face scores it
        if scenario is not None:
            return scenario(t, a, self.options)
        return -1.0  # ROLL is handled before scoring

    def _setup_settlement(self, t: _Turn, v: int) -> float:
        """A set-up settlement: production, harbors, room to grow, starting cards (round 2);
        the first one also by the best second settlement likely left to pair it with."""
        d = t.settlement_delta(v)
        info = t.info
        if t.n_settle == 1:  # the second settlement pays its hexes' resources at once
            got = list(t.hand)
            for h in info.inter_hexes[v]:
                r = info.hex_res[h]
                if r != NOBODY:
                    got[r] += 1
            d += t.hand_value(got) - t.hand_value(t.hand)
        elif t.n_settle == 0:
            d += PAIR_WEIGHT * self._pair_gain(t, v)
        return d

    def _pair_gain(self, t: _Turn, v: int) -> float:
        """What the second set-up settlement is likely to add to a first one on ``v``.

        The others place ``between`` settlements before our second one (snake order), mostly
        on the best sites: expect about the ``between // 2``-th best partner to be left.
        """
        view = t.view
        info = t.info
        pool = self._setup_pool(t)
        prod1 = [float(x) for x in info.inter_res_pips[v]]
        base = t.prod_value(prod1)
        blocked = set(closed_by(info.board.topology, v))
        gains = []
        for w in pool:
            if w in blocked:
                continue
            rp = info.inter_res_pips[w]
            gains.append(t.prod_value([a + b for a, b in zip(prod1, rp)]) - base)
        if not gains:
            return 0.0
        gains.sort(reverse=True)
        placed = sum(1 for o in view.building_owner if o != NOBODY)
        between = max(0, 2 * view.n - 2 - 2 * placed)
        return gains[min(len(gains) - 1, between // 2)]

    def _setup_pool(self, t: _Turn) -> list[int]:
        """The open sites most worth pairing with, by their static value (cached per view)."""
        if self._pool_view is not t.view:
            info = t.info
            sites = list(t.view.open_sites)
            sites.sort(key=lambda v: info.inter_value[v], reverse=True)
            self._pool = sites[:PAIR_POOL]
            self._pool_view = t.view
        return self._pool

    def _monopoly(self, t: _Turn, r: int) -> float:
        view = t.view
        gain = 0.0
        hurt = 0.0
        for q in range(view.n):
            if q != t.me and view.hand_sizes[q]:
                g = F.resource_share(view, q, t.info)[r] * view.hand_sizes[q]
                gain += g
                hurt += W_OPP_CARD * threat(view, q) * g
        got = list(t.hand)
        got[r] += int(gain)
        frac = gain - int(gain)
        v_lo = t.q_value(got)
        got[r] += 1
        v_hi = t.q_value(got)
        return (1 - frac) * v_lo + frac * v_hi - t.hand_value(t.hand) + hurt

    def _road_building(self, t: _Turn) -> float:
        gains = sorted((t.road_delta(e)[0] for e in t.view.sites_of(t.me)[0]), reverse=True)
        if not gains:
            return 0.0
        # The second road is worth less than the best but more than nothing: it extends.
        return gains[0] + 0.7 * max(0.0, gains[1] if len(gains) > 1 else 0.0)


Turn = _Turn  # one decision's context: the value terms of a view (``expert.py`` uses them)


def _sub(hand: Sequence[int], cost: Sequence[int]) -> list[int]:
    return [h - c for h, c in zip(hand, cost)]


register_bot("greedy", GreedyBot)
