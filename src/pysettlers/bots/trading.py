"""Domestic trade the way a person plays it, for the weighted and greedy bots.

What this is for: the three domestic-trade decisions of a heuristic bot, written once and
used by both (``WeightedBot`` and ``GreedyBot`` hand in their own value of a hand):

* **Proposing** (its own turn, phase ``main``): the offer that raises the value of its own
  hand most — typically the last card of a city or settlement, or a step toward one —
  among one-for-one and two-for-one offers of cards its plans can spare, net of what the
  trade is likely to do for the partner. It makes at most :data:`MAX_OFFERS` offers a turn
  and never the same offer twice in a turn (an offer made once was either refused or
  traded; asking again is what a person finds tiresome). An offer goes only to opponents
  who hold cards and are not close to winning. An offer the bank would match — the value
  already counts bank trades (greedy) or the bot tried the bank first (weighted) — gains
  nothing and is not made.
* **Answering** an offer from anyone — bot or human (``trade_response``): it compares
  what the trade does for itself (the change of its hand's value) with what it does for
  the offerer (the rules say the offerer asked for those cards, so likely for a build:
  at least :data:`ASKED_GAIN`, more when its guessed hand gets close to a build), the
  latter weighed by how dangerous the offerer is compared with itself (``rival``). It
  accepts when the first clearly outweighs the second; it never trades with a player
  within :data:`NEAR_WIN` points of the target (visible points, plus the expected victory
  point cards among their development cards). When the trade is not acceptable but a
  one-card change would make it so — asking one more card, giving one card less, or
  giving a different spare card — it counter-offers the best such change.
* **Confirming** its own offer (``trade_confirm``): among the partners who accepted or
  countered, the trade that scores best by the same comparison, if it still scores above
  zero; otherwise it cancels.

The 5th edition's words this follows (Trade, a) Domestic Trade): "On your turn, you can
trade resource cards with any of the other players. You can announce which resources you
need and what you are willing to trade for them. The other players can also make their
own proposals and counteroffers." Only the current player trades ("Players may only trade
with the player whose turn it is"), with one partner at a time, never giving cards away and
never like for like; the engine enforces all of that (``engine/trade.py``) and every
action made here passes its check.

Maritime trade stays in each bot's own policy: the greedy bot scores every listed bank
trade (4:1, a 3:1 generic harbor, 2:1 special harbors) by the same value, which counts the
builds that bank trades of spare cards complete; the weighted bot trades with the bank
when that completes its next build (``WeightedBot._maritime``). Both do so before they
propose a domestic trade, so the bank's rate is the yardstick an offer must beat.

What this is not: no bargaining beyond one counter-offer (the engine allows one answer per
offer), no memory across turns, no reading of hidden cards (partners' hands are guessed
from their production, as ``features.resource_share``), and no rule logic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from pysettlers.engine import Action, ActionKind, View
from pysettlers.engine.state import COUNTERED
from pysettlers.engine.types import Bundle

from . import features as F

K = ActionKind

HandValue = Callable[[Sequence[int]], float]
"""The bot's value of a hand of its own (in victory points, roughly): higher is better."""
Threat = Callable[[View, int], float]
"""How much a seat should be held back (``weighted.threat``): 0.5 for nobody, steeply more
near the target."""

MAX_OFFERS = 2  # domestic offers a turn: one for the plan, one fallback; more is nagging
NEAR_WIN = 2  # no trade with a player this many points (or fewer) from the target
PROPOSE_MIN = 0.03  # an offer must gain at least this much (points) to be worth asking
ACCEPT_MIN = 0.01  # an answer or confirmation must gain at least this much
# Tuned on ``weighted`` in 2v2 games (traders with non-traders, 800 games each): looser
# answers meant more trades and more wins for the traders — RIVAL/ASKED_GAIN 0.7/0.2:
# 49.1% [45.7, 52.6], 0.5 trades a game; 0.5/0.12: 53.0%, 1.0; 0.4/0.08: 55.4% [51.9, 58.8],
# 1.4; 0.3/0.04: 56.2%, 1.5. A trade helps the partner against the other opponents too.
ASKED_GAIN = 0.08  # what an offerer is assumed to gain at least: the cards it asked for
RIVAL = 0.4  # weight of a partner's gain against its own at equal threat
RIVAL_RANGE = (0.25, 2.5)  # the partner's weight, from far behind to far ahead
BUILD_WORTH = ((F.SETTLEMENT, 1.0), (F.CITY, 1.0), (F.DEV, 0.4))  # for a guessed hand
CLOSE = 0.55  # a guessed hand's closeness to a build: CLOSE ** cards missing
LAMBDA = 0.45  # the share of a build's worth that holding its cards is worth


def _unit(r: int, n: int = 1) -> Bundle:
    b = [0, 0, 0, 0, 0]
    b[r] = n
    return (b[0], b[1], b[2], b[3], b[4])


def _add(a: Sequence[int], b: Sequence[int], sign: int = 1) -> Bundle:
    return (
        a[0] + sign * b[0],
        a[1] + sign * b[1],
        a[2] + sign * b[2],
        a[3] + sign * b[3],
        a[4] + sign * b[4],
    )


def terms_ok(give: Sequence[int], get: Sequence[int]) -> bool:
    """The rules' terms of any trade: both sides give something, nothing given and taken
    of the same resource, no negative counts (``engine.trade.terms_error``)."""
    return (
        min(give) >= 0
        and min(get) >= 0
        and sum(give) > 0
        and sum(get) > 0
        and not any(give[r] and get[r] for r in range(5))
    )


def near_winner(view: View, q: int) -> bool:
    """Whether ``q`` is within :data:`NEAR_WIN` points of winning, as far as ``view`` shows."""
    return F.expected_vp(view, q) >= view.vp_target - NEAR_WIN


def guessed_hand(view: View, info: F.BoardInfo, q: int) -> list[float]:
    """``q``'s hidden hand guessed from its size and the make-up of its production."""
    n = view.hand_sizes[q]
    return [s * n for s in F.resource_share(view, q, info)]


def closeness(hand: Sequence[float]) -> float:
    """How near a (guessed) hand is to the usual builds, weighted by what they are worth."""
    v = 0.0
    for b, w in BUILD_WORTH:
        cost = F.COSTS[b]
        short = sum(max(0.0, cost[r] - hand[r]) for r in range(5))
        v += w * CLOSE**short
    return LAMBDA * v


def partner_gain(
    view: View, info: F.BoardInfo, q: int, q_gets: Sequence[int], q_gives: Sequence[int]
) -> float:
    """What a trade is likely worth to ``q``: the change of its guessed hand's closeness."""
    g = guessed_hand(view, info, q)
    after = [max(0.0, g[r] + q_gets[r] - q_gives[r]) for r in range(5)]
    return closeness(after) - closeness(g)


def plan_value(hand: Sequence[int], targets: Sequence[int]) -> float:
    """A simple hand value for a bot without a value function (the weighted bot): how close
    the hand is to its next two planned builds, plus a little for every card held."""
    v = 0.01 * sum(hand)
    for weight, b in zip((0.5, 0.2), targets):
        v += weight * CLOSE ** F.missing(hand, F.COSTS[b])
    return v


class Trader:
    """One bot's domestic trading, with its memory of the current turn's offers."""

    def __init__(self, rng: random.Random, threat: Threat, offer_chance: float) -> None:
        self.rng = rng
        self.threat = threat
        self.offer_chance = offer_chance
        self._turn = -1
        self.made: set[tuple[Bundle, Bundle]] = set()  # offers made this turn

    # -- shared ------------------------------------------------------------------------------

    def continue_from(self, other: Trader) -> None:
        """Take over ``other``'s memory of this turn's offers (a search's rollout bot
        continuing the turn of the bot it copies)."""
        self._turn, self.made = other._turn, set(other.made)

    def _sync(self, view: View) -> None:
        if view.turn != self._turn:
            self._turn = view.turn
            self.made = set()

    def rival(self, view: View, q: int) -> float:
        """The weight of ``q``'s gain against the viewer's own: more the further ahead."""
        me = view.viewer
        assert me is not None
        x = RIVAL * self.threat(view, q) / max(0.5, self.threat(view, me))
        return min(RIVAL_RANGE[1], max(RIVAL_RANGE[0], x))

    def score(
        self,
        view: View,
        info: F.BoardInfo,
        value: HandValue,
        q: int,
        give: Sequence[int],
        get: Sequence[int],
        *,
        asked: bool,
    ) -> float:
        """The viewer's side of trading ``give`` for ``get`` with ``q``: its own gain minus
        ``q``'s (weighted by ``rival``). ``asked``: ``q`` proposed these terms itself."""
        hand = view.hand
        assert hand is not None
        after = _add(_add(hand, get), give, -1)
        if min(after) < 0:
            return -1.0
        mine = value(after) - value(hand)
        theirs = partner_gain(view, info, q, give, get)
        if asked:
            theirs = max(theirs, ASKED_GAIN)
        return mine - self.rival(view, q) * max(0.0, theirs)

    # -- proposing -----------------------------------------------------------------------------

    def candidates(self, hand: Sequence[int]) -> Iterable[tuple[Bundle, Bundle]]:
        """One-for-one and two-for-one offers of held cards for one card."""
        held = [r for r in range(5) if hand[r]]
        for s in range(5):
            get = _unit(s)
            for i, r in enumerate(held):
                if r == s:
                    continue
                yield _unit(r), get
                if hand[r] >= 2:
                    yield _unit(r, 2), get
                for r2 in held[i + 1 :]:
                    if r2 != s:
                        yield _add(_unit(r), _unit(r2)), get

    def propose(
        self, view: View, info: F.BoardInfo, value: HandValue, legal: Sequence[Action]
    ) -> Action | None:
        """The offer to make now, if any (at most :data:`MAX_OFFERS` a turn, none repeated)."""
        self._sync(view)
        me = view.viewer
        hand = view.hand
        assert me is not None and hand is not None
        if len(self.made) >= MAX_OFFERS or not any(a.kind == K.OFFER_TRADE for a in legal):
            return None
        if self.rng.random() >= self.offer_chance:
            return None
        partners = [
            q for q in range(view.n) if q != me and view.hand_sizes[q] and not near_winner(view, q)
        ]
        if not partners:
            return None
        # Priced against the partner it would most like to trade with (it confirms that one).
        weakest = min(partners, key=lambda q: self.rival(view, q))
        best: tuple[Bundle, Bundle] | None = None
        best_score = PROPOSE_MIN
        for give, get in self.candidates(hand):
            if (give, get) in self.made:
                continue
            sc = self.score(view, info, value, weakest, give, get, asked=False)
            if sc > best_score:
                best, best_score = (give, get), sc
        if best is None:
            return None
        self.made.add(best)
        to = sum(1 << q for q in partners)
        return Action(me, K.OFFER_TRADE, give=best[0], get=best[1], to=to)

    # -- answering -------------------------------------------------------------------------------

    def counters(
        self, hand: Sequence[int], give: Bundle, get: Bundle
    ) -> Iterable[tuple[Bundle, Bundle]]:
        """One-card changes of a trade (from the answerer's side: it gives ``give``): ask one
        more card, give one card less, or give a different card of its own."""
        for s in range(5):
            if not give[s]:
                yield give, _add(get, _unit(s))
        for r in range(5):
            if give[r]:
                less = _add(give, _unit(r), -1)
                if sum(less):
                    yield less, get
                for s in range(5):
                    if s != r and not get[s] and hand[s] > give[s]:
                        yield _add(less, _unit(s)), get

    def answer(
        self, view: View, info: F.BoardInfo, value: HandValue, legal: Sequence[Action]
    ) -> Action:
        """Accept, counter or reject the open offer (the current player's)."""
        me = view.viewer
        hand = view.hand
        assert me is not None and hand is not None
        reject = next((a for a in legal if a.kind == K.REJECT_TRADE), None)
        if reject is None:  # not asked (the offerer itself): cancel is all there is
            return legal[0]
        q = view.current
        if near_winner(view, q):
            return reject
        # From its side it gives what the offerer asks for and gets what the offerer gives.
        give, get = view.offer_get, view.offer_give
        accept = next((a for a in legal if a.kind == K.ACCEPT_TRADE), None)
        if accept is not None:
            if self.score(view, info, value, q, give, get, asked=True) > ACCEPT_MIN:
                return accept
        if not any(a.kind == K.COUNTER_TRADE for a in legal):
            return reject
        best: tuple[Bundle, Bundle] | None = None
        best_score = ACCEPT_MIN
        for g2, r2 in self.counters(hand, give, get):
            if not terms_ok(g2, r2) or not F.can_pay(hand, g2):
                continue
            sc = self.score(view, info, value, q, g2, r2, asked=True)
            if sc > best_score:
                best, best_score = (g2, r2), sc
        if best is None:
            return reject
        return Action(me, K.COUNTER_TRADE, give=best[0], get=best[1], offer=view.offer_id)

    # -- confirming ------------------------------------------------------------------------------

    def confirm(
        self, view: View, info: F.BoardInfo, value: HandValue, legal: Sequence[Action]
    ) -> Action:
        """Trade with the partner whose terms score best, or cancel if none scores above 0."""
        best: Action | None = None
        best_score = ACCEPT_MIN
        for a in legal:
            if a.kind != K.CONFIRM_TRADE:
                continue
            q = a.partner
            countered = view.offer_answers[q] == COUNTERED
            if countered:  # the counter is written from q's side
                q_give, q_get = view.offer_counters[q]
                give, get = q_get, q_give
            else:
                give, get = view.offer_give, view.offer_get
            # A counter asks for its own terms, so q expects a gain from them.
            sc = self.score(view, info, value, q, give, get, asked=countered)
            if sc > best_score:
                best, best_score = a, sc
        if best is not None:
            return best
        return next((a for a in legal if a.kind == K.CANCEL_TRADE), legal[0])
