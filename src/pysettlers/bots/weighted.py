"""The weighted bot: a fast rule-of-thumb player that ranks the legal actions by fixed weights.

What this is for: a cheap, reasonable baseline (tens of microseconds a decision) that plays
the way a sensible beginner does, from its own view only:

* **Set-up**: settlements on intersections with many pips, scarce resources and resource
  diversity, brick and lumber a little preferred for the first one, the second one
  complementing the first; harbors count. Roads point at the best open site two steps away.
* **Turn**: a city if it can, else a settlement on the best site it can reach (pips,
  resources it lacks, usable harbors), else progress and knight cards when they pay, a
  maritime trade when it completes the next build, a development card when that does not
  eat the next build's cards, roads only toward good open intersections (or to take or
  defend Longest Road), a domestic offer when one brings its next build closer, and then
  the end of the turn.
* **Robber**: the hex that hurts the leading opponents most, never its own hex when another
  exists; it robs the leader among the victims.
* **Discards**: keeps the cards of its next build. **Domestic trades** (``trading.py``,
  with the closeness of its hand to its next two planned builds as its side of a trade):
  at most two offers a turn and none repeated, made after the bank could not complete its
  next build; offers answered by its gain against the offerer's, a one-card counter-offer
  when that makes a trade worth it, never a trade with a player close to winning.
* **Special Building Phase** (5–6 players): with more cards than the discard limit it
  spends them first — a city or settlement if it can, else a development card or a road,
  whichever keeps the next build's cards — since the next roll may be a 7 (1/6 each);
  otherwise it builds what its turn policy would build (no trades exist there) or passes.
* **Scenarios**: a scenario's rules of thumb live in its package's bots face
  (``bots/scenarios.py`` says what one defines; the helpers' in
  ``engine/scenarios/helpers/faces/weighted.py``): its own phases, its rules at the
  moments of the turn (before building, before a bank trade, instead of buying a
  development card, after the roads) and before the roll, the road-like pieces it builds
  on paths (weighed like roads, each paid as its price says: a road on a path that also
  takes another piece, or a cheaper payment, costs the cards the next builds need
  least), the robber's other sites (weighed by what its face says they cost each player)
  and its optional advantages (none with ``helpers=0``).

A small random tie-break (option ``noise``) comes from the bot's own seeded generator.

The scenarios' rules read the bot's own measures (:meth:`WeightedBot.targets`, ``prod``,
``site_value``, ``road_value``, ``longest_road_race``, ``army_race``, ``noise``).

Options (keyword arguments, strings accepted so that ``weighted:trade=0`` works):
``trade`` (bool, default on) — answer and propose domestic trades at all (off: it never
offers and rejects every offer; bank trades stay);
``offers`` (0–1, default 0.3) — chance, at the point of its turn where it would offer, of
looking for an offer worth making;
``noise`` (>= 0, default 0.01) — size of the random tie-break;
``helpers`` (bool, default on) — use a scenario's advantages at all (``ADVANTAGES``: off,
it never uses a helper and declines Marianne and Sean; for measuring what they are worth);
``sbp`` (bool, default on) — build in the Special Building Phase (off: always pass);
``style`` (``plain``, default; ``roads``, ``cards``, ``cities``, ``harbors``, ``robber``) —
a strategy bias (``styles.py``, ``WEIGHTED_STYLES``): ``roads`` is always in the Longest
Road race, weighs a road's length 6 (not 4) and the site it leads to ×1.5, and builds a road
before cards and bank trades; ``cards`` plans a development card first (+1.8) and buys one
before bank trades and roads; ``cities`` plans the city first (+0.8, the settlement −0.3)
and weighs grain and ore ×1.5 in sites (set-up too) and cities; ``harbors`` weighs a
site's harbor ×3 and trades at a harbor's rate toward its first plan even when that does
not complete it; ``robber`` weighs the leader's harm ×2.5, adds 0.5 per card of the
victim's hand and plays a knight before every roll it can.

What this is not: no lookahead and no model of hidden cards (see ``greedy.py``); it never
reads a game state, only the view and the legal actions it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pysettlers.engine import Action, ActionKind, Phase, View
from pysettlers.engine.types import NOBODY, Harbor

from . import features as F
from . import scenarios
from .base import register_bot
from .options import HEURISTIC_KEYS, WEIGHTED_SPECS, heuristic_options
from .scenarios import PathBuild
from .styles import WEIGHTED_STYLES, WeightedStyle
from .trading import Trader, plan_value

K = ActionKind
ROAD = PathBuild(F.COSTS[F.ROAD])
"""A road (the base game's path build; a scenario's are its face's ``PATH_BUILDS``)."""

# -- shared helpers (also used by the greedy bot and the scenarios' rules) ----------------------


def threat(view: View, q: int) -> float:
    """How much an opponent should be held back: grows steeply with their points."""
    vp = F.expected_vp(view, q)
    x = vp / max(1, view.vp_target)
    return 0.5 + 2.5 * x * x + (1.5 if vp >= view.vp_target - 2 else 0.0)


def robber_choice(
    view: View,
    legal: Sequence[Action],
    info: F.BoardInfo,
    noise: Callable[[], float],
    style: WeightedStyle = WEIGHTED_STYLES["plain"],
) -> Action:
    """The robber placement that hurts the leading opponents most, sparing its own hexes.
    A scenario's site beyond the hexes is weighed the same way, by what its bots face says
    it costs each player there (``features.site_damage``), and the card stolen there.
    ``style`` (``robber``): the leader's harm weighed more, and a large hand to steal from."""
    me = view.viewer
    assert me is not None
    threats = [threat(view, q) if q != me else 0.0 for q in range(view.n)]
    if style.leader != 1.0:
        others = [q for q in range(view.n) if q != me]
        threats[max(others, key=lambda q: F.expected_vp(view, q))] *= style.leader
    best: Action | None = None
    best_score = -1e9
    damage = {a: F.site_damage(view, info, F.move_site(a, info)) for a in legal}
    own_free = [a for a in legal if damage[a][me] == 0]
    for a in own_free or legal:
        dmg = damage[a]
        score = sum(dmg[q] * threats[q] for q in range(view.n) if q != me) - 3.0 * dmg[me]
        if a.victim != NOBODY:
            cards = view.hand_sizes[a.victim]
            if cards:
                score += 2.0 + 1.5 * threats[a.victim] + 0.1 * min(cards, 8)
                score += style.rich * cards
        score += noise()
        if score > best_score:
            best, best_score = a, score
    assert best is not None
    return best


def need_scores(
    hand: Sequence[int], targets: Sequence[int], prod: Sequence[float], info: F.BoardInfo
) -> list[float]:
    """How much one more card of each resource helps: the cards the first target (and, less,
    the second) lacks, then scarce resources it produces little of."""
    out = [0.0] * 5
    for i, t in enumerate(targets[:2]):
        cost = F.COSTS[t]
        w = 3.0 if i == 0 else 1.0
        for r in range(5):
            if cost[r] > hand[r]:
                out[r] += w * (cost[r] - hand[r])
    for r in range(5):
        out[r] += 0.2 * info.scarcity[r] - 0.02 * prod[r] - 0.01 * hand[r]
    return out


class WeightedBot:
    """Heuristic baseline: fixed priorities and weights over the legal actions."""

    name = "weighted"
    OPTIONS = HEURISTIC_KEYS

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.rng = rng
        o = heuristic_options(self.name, options, WEIGHTED_SPECS)
        self.trade, self.use_helpers, self.sbp, self.offer_chance, self.noise_size, _ = o
        self.style = o.style
        self.st = WEIGHTED_STYLES[o.style]  # the option ``style``'s changes (styles.py)
        self.trader = Trader(rng, threat, self.offer_chance)
        # The scenarios' parts (their bots faces), resolved once per process.
        self._advantages = scenarios.advantages()
        self._path_builds = {K.BUILD_ROAD: ROAD, **scenarios.path_builds()}
        # Road-like pieces at their fixed price (the road first), and those paid as the
        # action says, each in the scenarios' registration order.
        self._fixed_paths = tuple(k for k, b in self._path_builds.items() if b.price is not None)
        self._paid_paths = tuple(k for k, b in self._path_builds.items() if b.price is None)
        self._phases = scenarios.phases()
        turn = scenarios.weighted_turn()
        self._before_building = turn["before_building"]
        self._before_bank = turn["before_bank"]
        self._instead_of_buying = turn["instead_of_buying"]
        self._after_roads = turn["after_roads"]
        self._before_roll = scenarios.weighted_before_roll()
        self._planned: tuple[View | None, list[int]] = (None, [])

    # -- entry point ---------------------------------------------------------------------------

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return F.play_victory_point(view, legal, self._choose(view, legal))

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if view.viewer is None or view.hand is None:
            raise ValueError("a bot needs the view of its own seat")
        info = F.board_info(view.board)
        ph = view.phase
        if ph == Phase.SETUP_SETTLEMENT:
            return self._setup_settlement(view, legal, info)
        if ph in (Phase.SETUP_ROAD, Phase.ROAD_BUILDING):
            return self._best_road(view, legal, info, free=True) or legal[0]
        if ph == Phase.DISCARD:
            return self._discard(view, legal, info)
        if ph in (Phase.MOVE_ROBBER, Phase.KNIGHT_MOVE):
            return robber_choice(view, legal, info, self.noise, self.st)
        if ph == Phase.KNIGHT_WINDOW:
            return F.knight_window(view, legal)
        if ph == Phase.PRE_ROLL:
            return self._pre_roll(view, legal, info)
        if ph == Phase.TRADE_RESPONSE:
            return self._answer(view, legal, info)
        if ph == Phase.TRADE_CONFIRM:
            return self._confirm(view, legal, info)
        if ph == Phase.SPECIAL_BUILD:
            return self._special_build(view, legal, info)
        if ph in (Phase.MAIN, Phase.BUILD):
            return self._main(view, legal, info)
        rule = self._phases.get(ph)  # a scenario's own phase
        if rule is not None:
            return rule(self, view, legal, info)
        if ph == Phase.SEVEN_CHOICE:
            return F.seven_choice(view, legal)
        return self.rng.choice(legal)  # a phase it has no rule for

    def noise(self) -> float:
        """The next draw of the random tie-break (option ``noise``)."""
        return self.rng.random() * self.noise_size

    # -- valuations -------------------------------------------------------------------------

    def site_value(self, view: View, info: F.BoardInfo, v: int, prod: Sequence[float]) -> float:
        """An open intersection for a settlement: pips, resources it lacks, a usable harbor."""
        rp = info.inter_res_pips[v]
        sc = info.scarcity
        val = 0.0
        kinds = 0
        for r in range(5):
            x = rp[r]
            if x:
                kinds += 1
                w = sc[r] * F.RESOURCE_WEIGHT[r]
                if prod[r] == 0:
                    w *= 1.3  # a resource it does not produce yet
                if r >= 3:
                    w *= self.st.ore_grain  # grain, ore (style ``cities``)
                val += x * w
        val += 0.8 * kinds
        kind = info.inter_harbor[v]
        if kind == Harbor.GENERIC:
            val += self.st.harbor * (1.0 + 0.05 * sum(prod))
        elif kind != NOBODY:
            val += self.st.harbor * 0.25 * (prod[kind] + rp[kind])
        return val

    def prod(self, view: View, info: F.BoardInfo) -> list[float]:
        """The viewer's expected pips per resource, the robber ignored."""
        me = view.viewer
        assert me is not None
        return F.production(view, me, info, robber=-1)

    # -- set-up ---------------------------------------------------------------------------------

    def _setup_settlement(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        prod = self.prod(view, info)
        first = sum(prod) == 0
        sc = info.scarcity
        best, best_score = legal[0], -1e9
        for a in legal:
            v = a.intersection
            rp = info.inter_res_pips[v]
            score = 0.0
            kinds = 0
            for r in range(5):
                x = rp[r]
                if not x:
                    continue
                kinds += 1
                w = sc[r] * F.RESOURCE_WEIGHT[r]
                if first and r <= 1:
                    w *= 1.15  # brick and lumber build the early roads and settlements
                if not first and prod[r] == 0:
                    w *= 1.35  # the second settlement complements the first
                if r >= 3:
                    w *= self.st.ore_grain  # grain, ore (style ``cities``)
                score += x * w
            score += 1.2 * kinds
            kind = info.inter_harbor[v]
            if kind == Harbor.GENERIC:
                score += self.st.harbor
            elif kind != NOBODY:
                score += self.st.harbor * 0.3 * (rp[kind] + prod[kind])
            score += self.noise()
            if score > best_score:
                best, best_score = a, score
        return best

    # -- roads --------------------------------------------------------------------------------

    def road_value(
        self,
        view: View,
        info: F.BoardInfo,
        e: int,
        net: set[int],
        prod: Sequence[float],
    ) -> float:
        """Value of the best open site a road on ``e`` leads to (0 if it leads nowhere new)."""
        a, b = info.path_ends[e]
        if a in net and b in net:
            return 0.0
        x = b if a in net else a
        o = view.building_owner[x]
        me = view.viewer
        if o != NOBODY and o != me:
            return 0.0
        if F.open_site(view, info, x):
            return self.site_value(view, info, x, prod)
        best = 0.0
        ro = view.road_owner
        ends = info.path_ends
        for f in info.inter_paths[x]:
            if f == e or ro[f] != NOBODY:
                continue
            c, d = ends[f]
            w = d if c == x else c
            if F.open_site(view, info, w):
                best = max(best, 0.7 * self.site_value(view, info, w, prod))
        return best

    def _best_road(
        self, view: View, legal: Sequence[Action], info: F.BoardInfo, free: bool
    ) -> Action | None:
        """The road toward the best open site (or the longest road, when that is in play)."""
        me = view.viewer
        assert me is not None
        net = F.network(view, me, info)
        prod = self.prod(view, info)
        lr = self.longest_road_race(view)
        cur_len = view.road_length[me]
        best: Action | None = None
        best_score = 0.0
        builds = self._path_builds
        for a in legal:
            build = builds.get(a.kind)
            if build is None:
                continue
            score = self.st.expansion * self.road_value(view, info, a.path, net, prod)
            if lr:
                gain = F.longest_road(view, info, me, a.path, not build.road) - cur_len
                if gain > 0:
                    score += self.st.road_gain * gain
            score += self.noise()
            if score > best_score:
                best, best_score = a, score
        if best is None and free:
            return legal[0]
        return best

    def longest_road_race(self, view: View) -> bool:
        """Whether one or two roads might take (or keep) the Longest Road card."""
        me = view.viewer
        assert me is not None
        if self.st.road_race and F.pieces_left(view, me)[0]:
            return True  # style ``roads``: always in the race
        mine = view.road_length[me]
        others = max(view.road_length[q] for q in range(view.n) if q != me)
        if view.longest_road == me:
            return others >= mine - 1
        return mine + 2 >= max(5, others + 1)

    # -- planning ----------------------------------------------------------------------------

    def targets(self, view: View, info: F.BoardInfo) -> list[int]:
        """Builds worth saving for, best first (``features`` build kinds; remembered for
        the view it was last asked about, as the scenarios' rules ask again)."""
        seen, planned = self._planned
        if seen is view:
            return planned
        planned = self._plan(view, info)
        self._planned = (view, planned)
        return planned

    def _plan(self, view: View, info: F.BoardInfo) -> list[int]:
        me = view.viewer
        assert me is not None and view.hand is not None
        hand = view.hand
        _, s_left, c_left = F.pieces_left(view, me)
        _, n_settle, _ = F.pieces(view, me)
        near = F.nearest_site(view, me, info, 2)  # roads to the nearest open site (-1: none)
        scored: list[tuple[float, int]] = []
        if c_left and n_settle:
            scored.append((3.0 - 0.8 * F.missing(hand, F.COSTS[F.CITY]), F.CITY))
        if s_left and near == 0:
            scored.append((3.2 - 0.8 * F.missing(hand, F.COSTS[F.SETTLEMENT]), F.SETTLEMENT))
        elif s_left and near > 0:
            scored.append((1.8 - 0.8 * F.missing(hand, F.COSTS[F.ROAD]), F.ROAD))
        if view.deck_size:
            scored.append((1.5 - 0.8 * F.missing(hand, F.COSTS[F.DEV]), F.DEV))
        bias = self.st.plan  # style: a plan preferred (by ``features`` build kind)
        scored = [(score + bias[k], k) for score, k in scored]
        scored.sort(reverse=True)
        return [k for _, k in scored]

    def _maritime(
        self, view: View, legal: Sequence[Action], targets: Sequence[int]
    ) -> Action | None:
        """A bank trade that is a step toward completing a target this turn."""
        me = view.viewer
        assert me is not None and view.hand is not None
        hand = view.hand
        ratios = F.own_ratios(view, me)
        trades = [a for a in legal if a.kind == K.MARITIME_TRADE]
        if not trades:
            return None
        for t in targets[:2]:
            cost = F.COSTS[t]
            need = F.missing(hand, cost)
            if not need or F.maritime_units(hand, cost, ratios) < need:
                continue
            best: Action | None = None
            best_score = -1e9
            for a in trades:
                r = max(range(5), key=lambda i: a.give[i])
                r2 = max(range(5), key=lambda i: a.get[i])
                if cost[r2] <= hand[r2]:
                    continue  # not a card this build lacks
                if hand[r] - a.give[r] < cost[r]:
                    continue  # it would give away a card this build needs
                score = hand[r] - a.give[r] - cost[r] + self.noise()
                if score > best_score:
                    best, best_score = a, score
            if best is not None:
                return best
        if self.st.harbor_trade and targets:
            # Style ``harbors``: any step toward the first plan at a harbor's rate (only
            # surplus given, only a missing card taken: no trade undoes another).
            cost = F.COSTS[targets[0]]
            for a in trades:
                r = max(range(5), key=lambda i: a.give[i])
                r2 = max(range(5), key=lambda i: a.get[i])
                if ratios[r] < 4 and cost[r2] > hand[r2] and hand[r] - a.give[r] >= cost[r]:
                    return a
        return None

    # -- phases ---------------------------------------------------------------------------------

    def _knight_now(self, view: View, info: F.BoardInfo, pre_roll: bool) -> bool:
        """Before the roll only to free its own hex (so this roll pays); after it, always:
        a knight is a steal, a blow to the leader and a step toward Largest Army."""
        me = view.viewer
        assert me is not None
        if pre_roll:
            if self.st.knight_early:  # style ``robber``: every chance to move it
                return True
            return F.hex_damage(view, info, view.robber)[me] >= 2
        return True

    def _pre_roll(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        for rule in self._before_roll:  # a scenario's (the helpers' Lin)
            early = rule(self, view, legal, info)
            if early is not None:
                return early
        for a in legal:
            if a.kind == K.PLAY_KNIGHT and self._knight_now(view, info, True):
                return a
        for a in legal:
            if a.kind == K.ROLL:
                return a
        return legal[0]

    def _main(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        me = view.viewer
        assert me is not None and view.hand is not None
        hand = view.hand
        by: dict[ActionKind, list[Action]] = {}
        advantages = self._advantages
        for a in legal:
            if a.kind not in advantages or self.use_helpers:
                by.setdefault(a.kind, []).append(a)
        prod = self.prod(view, info)

        # A scenario's uses that bring cards or a cheap build come before anything they
        # could enable.
        for rule in self._before_building:
            first = rule(self, view, by, info)
            if first is not None:
                return first

        cities = by.get(K.BUILD_CITY)
        if cities:
            rob = view.robber

            def city_score(a: Action) -> float:
                rp = info.inter_res_pips[a.intersection]
                og = 1.2 * self.st.ore_grain  # grain and ore (style ``cities``: more so)
                val = sum(rp[r] * info.scarcity[r] * (og if r >= 3 else 1.0) for r in range(5))
                if rob in info.inter_hexes[a.intersection]:
                    val -= 0.5 * info.hex_pips[rob]
                return val + self.noise()

            return max(cities, key=city_score)
        settlements = by.get(K.BUILD_SETTLEMENT)
        if settlements:
            return max(
                settlements,
                key=lambda a: self.site_value(view, info, a.intersection, prod) + self.noise(),
            )

        targets = self.targets(view, info)
        # Development cards held from earlier turns.
        knights = by.get(K.PLAY_KNIGHT)
        if knights and self._knight_now(view, info, False):
            return knights[0]
        yop = by.get(K.PLAY_YEAR_OF_PLENTY)
        if yop:
            pick = self._year_of_plenty(view, yop, targets)
            if pick is not None:
                return pick
        mono = by.get(K.PLAY_MONOPOLY)
        if mono and sum(view.hand_sizes) - sum(hand) >= 7:
            return self._monopoly(view, mono, info, targets)
        rb = by.get(K.PLAY_ROAD_BUILDING)
        # A scenario's road-like piece (a bridge, a ship) is weighed like a road: by the
        # open sites it leads to, so one is built where it reaches a new island's free sites
        # or a coast's, and nowhere else. Pieces are never moved (a legal choice: moving is
        # optional).
        roads = [a for k in self._fixed_paths for a in by.get(k, ())]
        if rb and F.pieces_left(view, me)[0] >= 2:
            net = F.network(view, me, info)
            if any(self.road_value(view, info, e, net, prod) > 0 for e in view.sites_of(me)[0]):
                return rb[0]

        for rule in self._before_bank:  # a scenario's better rate or forced trade
            early = rule(self, view, by, info)
            if early is not None:
                return early

        if self.st.roads_first and roads:  # style ``roads``: a road before cards and trades
            road = self._best_road(view, roads, info, free=False)
            if road is not None:
                return self._road_payment(view, roads, road, targets, info)
        buy_first = by.get(K.BUY_DEVELOPMENT) if self.st.cards_first else None
        if buy_first and view.deck_size:
            return buy_first[0]  # style ``cards``: a card before bank trades and roads

        trade = self._maritime(view, legal, targets)
        if trade is not None:
            return trade

        if view.deck_size:
            for rule in self._instead_of_buying:  # a scenario's other way to buy a card
                other = rule(self, view, by, info)
                if other is not None:
                    return other
            buy = by.get(K.BUY_DEVELOPMENT)
            if buy:
                plan = targets[0] if targets else F.DEV
                cost = F.COSTS[plan]
                after = tuple(h - c for h, c in zip(hand, F.COSTS[F.DEV]))
                if plan == F.DEV or F.missing(after, cost) == F.missing(hand, cost):
                    return buy[0]

        paid = [a for k in self._paid_paths for a in by.get(k, ())]
        if roads or paid:
            has_site = F.nearest_site(view, me, info, 0) == 0
            spare = hand[0] >= 2 and hand[1] >= 2  # a road still leaves a settlement's pair
            # A road paid with cards no settlement needs leaves the pair as well.
            spare_paid = [a for a in paid if _gives_spare(hand, F.COSTS[F.SETTLEMENT], a.give)]
            s_left = F.pieces_left(view, me)[1]
            race = self.longest_road_race(view)
            if (not has_site and s_left) or race:
                pool = [*roads, *paid]
            else:
                pool = [*(roads if spare else []), *spare_paid]
            road = self._best_road(view, pool, info, free=False) if pool else None
            if road is not None:
                return self._road_payment(view, pool, road, targets, info)

        for rule in self._after_roads:  # a scenario's move of a piece
            moved = rule(self, view, by, info)
            if moved is not None:
                return moved

        if self.trade and by.get(K.OFFER_TRADE) and targets:
            offer = self.trader.propose(view, info, self._hand_value(targets), legal)
            if offer is not None:
                return offer

        # Over the discard limit at the end of the turn: swap surplus for what it lacks.
        if sum(hand) > view.rules.discard_max and by.get(K.MARITIME_TRADE) and targets:
            cost = F.COSTS[targets[0]]
            for a in by[K.MARITIME_TRADE]:
                r2 = max(range(5), key=lambda i: a.get[i])
                r = max(range(5), key=lambda i: a.give[i])
                if hand[r2] < cost[r2] and hand[r] - a.give[r] >= cost[r]:
                    return a
        ends = by.get(K.END_TURN)
        return ends[0] if ends else legal[0]

    # -- the Special Building Phase (5-6 players) -------------------------------------------

    def _special_build(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        """Between turns: above all get the hand down to the discard limit before the next
        roll can be a 7 (each roll 1/6), else build only what its turn policy would."""
        end = next((a for a in legal if a.kind == K.END_TURN), legal[0])
        if not self.sbp:
            return end
        assert view.hand is not None
        if sum(view.hand) > view.rules.discard_max:
            spend = self._spend_down(view, legal, info)
            if spend is not None:
                return spend
        return self._main(view, legal, info)

    def _spend_down(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action | None:
        """The build that best turns an over-limit hand into pieces: a city or settlement as
        usual, else a development card or a road, whichever keeps the next build's cards."""
        me = view.viewer
        assert me is not None and view.hand is not None
        hand = view.hand
        if any(a.kind in (K.BUILD_CITY, K.BUILD_SETTLEMENT) for a in legal):
            return self._main(view, legal, info)
        targets = [t for t in self.targets(view, info) if t != F.DEV] or [F.CITY]
        cost = F.COSTS[targets[0]]
        base = F.missing(hand, cost)
        best: Action | None = None
        best_score = -1e9
        buy = next((a for a in legal if a.kind == K.BUY_DEVELOPMENT), None)
        if buy is not None:
            after = [h - c for h, c in zip(hand, F.COSTS[F.DEV])]
            best, best_score = buy, 1.0 - 0.8 * (F.missing(after, cost) - base)
        road = self._best_road(view, legal, info, free=True)
        if road is not None and road.kind == K.BUILD_ROAD:
            net = F.network(view, me, info)
            value = self.road_value(view, info, road.path, net, self.prod(view, info))
            after = [h - c for h, c in zip(hand, F.COSTS[F.ROAD])]
            score = 0.6 + 0.1 * value - 0.8 * (F.missing(after, cost) - base)
            if score > best_score:
                best, best_score = road, score
        return best

    # -- road payments ------------------------------------------------------------------------

    def _road_payment(
        self,
        view: View,
        pool: Sequence[Action],
        road: Action,
        targets: Sequence[int],
        info: F.BoardInfo,
    ) -> Action:
        """The chosen road's path built by whichever piece or payment the pool offers
        there (a road or a ship, a cheaper payment) costs the cards the next builds need
        least."""
        assert view.hand is not None
        same = [a for a in pool if a.path == road.path]
        if len(same) == 1:
            return road
        need = need_scores(view.hand, targets, self.prod(view, info), info)
        builds = self._path_builds
        advantages = self._advantages

        def price(a: Action) -> float:
            cost = builds[a.kind].price
            give = a.give if cost is None else cost
            # A tiny premium on an advantage (William) keeps a use for a road that saves
            # nothing.
            return sum(g * need[r] for r, g in enumerate(give)) + (
                0.05 if a.kind in advantages else 0.0
            )

        return min(same, key=price)

    def army_race(self, view: View) -> bool:
        """Whether one or two knights might take the Largest Army card."""
        me = view.viewer
        assert me is not None
        mine = view.knights[me]
        others = max(view.knights[q] for q in range(view.n) if q != me)
        return view.largest_army != me and mine + 2 >= max(3, others + 1)

    def _year_of_plenty(
        self, view: View, plays: Sequence[Action], targets: Sequence[int]
    ) -> Action | None:
        assert view.hand is not None
        hand = view.hand
        for t in targets:
            cost = F.COSTS[t]
            need = F.missing(hand, cost)
            if need == 0:
                continue
            for a in plays:
                got = list(hand)
                got[a.resource] += 1
                if a.second_resource != NOBODY:
                    got[a.second_resource] += 1
                if F.missing(got, cost) == max(0, need - 2):
                    return a
        return None

    def _monopoly(
        self, view: View, plays: Sequence[Action], info: F.BoardInfo, targets: Sequence[int]
    ) -> Action:
        """The resource opponents likely hold most of, favouring what it needs."""
        me = view.viewer
        assert me is not None and view.hand is not None
        cost = F.COSTS[targets[0]] if targets else F.COSTS[F.CITY]
        guess = [0.0] * 5
        for q in range(view.n):
            if q != me:
                share = F.resource_share(view, q, info)
                for r in range(5):
                    guess[r] += share[r] * view.hand_sizes[q]
        hand = view.hand  # narrowed here: a lambda does not keep the assert's narrowing
        return max(
            plays,
            key=lambda a: (
                guess[a.resource] * (1.5 if cost[a.resource] > hand[a.resource] else 1.0)
                + self.noise()
            ),
        )

    def _discard(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        """Give back the card its planned builds need least."""
        assert view.hand is not None
        hand = view.hand
        targets = self.targets(view, info) or [F.CITY]
        keep1 = F.COSTS[targets[0]]
        keep2 = F.COSTS[targets[1]] if len(targets) > 1 else keep1

        def score(a: Action) -> float:
            r = max(range(5), key=lambda i: a.give[i])
            return 10 * (hand[r] - keep1[r]) + 3 * (hand[r] - keep2[r]) + hand[r] + self.noise()

        return max(legal, key=score)

    # -- domestic trade -----------------------------------------------------------------------

    def _hand_value(self, targets: Sequence[int]) -> Callable[[Sequence[int]], float]:
        """Its side of a trade: how close a hand is to its next two planned builds."""
        return lambda hand: plan_value(hand, targets)

    def _answer(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        reject = next((a for a in legal if a.kind == K.REJECT_TRADE), None)
        if reject is None:  # the current player with its offer out: nothing but cancel
            return legal[0]
        targets = self.targets(view, info)
        if not self.trade or not targets:
            return reject
        return self.trader.answer(view, info, self._hand_value(targets), legal)

    def _confirm(self, view: View, legal: Sequence[Action], info: F.BoardInfo) -> Action:
        targets = self.targets(view, info) or [F.CITY]
        return self.trader.confirm(view, info, self._hand_value(targets), legal)


def _gives_spare(hand: Sequence[int], cost: Sequence[int], give: Sequence[int]) -> bool:
    """Whether ``give`` leaves ``hand`` still holding everything ``cost`` needs of it."""
    return all(g == 0 or hand[r] - g >= min(hand[r], cost[r]) for r, g in enumerate(give))


register_bot("weighted", WeightedBot)
