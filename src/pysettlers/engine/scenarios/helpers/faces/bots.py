"""The Helpers of CATAN's bots face: the greedy bot's one-ply scores of the helper actions.

What this is for: :func:`helper_score` predicts, like ``greedy._score`` does for the base
game's actions, how much the greedy value function gains when the viewer takes a helper
action — exactly where the effect is deterministic (William's and Vincent's builds with
their cheaper payment, Jean's 2:1 rate that the bank trades then use, Lin's robber move
and card, Marianne's and Sean's card, Sean's spared discard, the card Hilde takes or
Candamir keeps or Nassir gives back, Louis's road moved), as an expectation where it is not
(Hilde's card before looking: the best card the victim likely holds; Nassir's cards: the
chance each chosen opponent holds the resource; Candamir's draw: the best of three cards
drawn from what the view knows of the deck) — minus the **helper term**: the change of the
held helper's worth (``helper_value.use_cost``: after a use the helper is flipped to its B
side or exchanged, whichever is worth more). Flip and exchange themselves score the helper
they leave in front of the viewer (``helper_value.helper_worth``).

This module is the scenario's bots face (``pysettlers.bots.scenarios`` says what one defines):
``SCORES`` scores every helper kind with :func:`helper_score` (a bot with its ``helpers``
option off never uses an advantage), and ``before_roll`` plays Lin before the roll when it
frees the bot's own hex. The weighted bot's rules of thumb, one per helper, are in
``weighted.py`` beside it (``PHASES``, ``WEIGHTED_TURN``, ``weighted_before_roll``);
every helper kind is an advantage (``ADVANTAGES``), and William's road is a road paid the
way the action says (``PATH_BUILDS``).

What this is not: the value function (``greedy.py``, seen here through the shared
``turn_context.TurnContext``) or any decision: the greedy bot takes the best score over all
legal actions, a helper's use competing with ending the turn (which scores 0) and with every
other action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pysettlers.bots import features as F
from pysettlers.bots.options import HeuristicOptions
from pysettlers.bots.scenarios import PathBuild, Score
from pysettlers.bots.turn_context import TurnContext
from pysettlers.bots.weighted import threat
from pysettlers.engine import Action, ActionKind
from pysettlers.engine import ActionKind as K
from pysettlers.engine.types import HELPER_KINDS, NOBODY

from . import helper_value
from . import weighted as _weighted

_vincent_costs = {1: (1, 1, 0, 0, 0), 2: (0, 0, 0, 1, 2)}  # the rulebook's Vincent prices
_w_opp_card = 0.06  # per card taken from an opponent, × its threat (as greedy's robber)
_min_gain = 0.005  # a use must gain at least this: a helper is not spent on nothing
_unit = ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), (0, 0, 0, 0, 1))


def _sub(hand: tuple[int, ...] | list[int], cost: tuple[int, ...]) -> list[int]:
    return [h - c for h, c in zip(hand, cost)]


def _plus(hand: tuple[int, ...] | list[int], r: int, k: int = 1) -> list[int]:
    out = list(hand)
    out[r] += k
    return out


def use_cost(t: TurnContext) -> float:
    c = t.cache.get("use_cost")
    if c is None:
        c = t.cache["use_cost"] = helper_value.use_cost(t.view, t.info) + _min_gain
    return float(c)


def helper_score(t: TurnContext, a: Action) -> float:
    """The predicted gain of helper action ``a`` (module docstring)."""
    k = a.kind
    view = t.view
    hand = t.hand
    if k == K.HELPER_DECLINE:
        return 0.0
    if k == K.HELPER_FLIP:
        hv = view.ext.get("helpers")
        assert hv is not None
        return helper_value.helper_worth(view, hv.held[t.me], t.info, 1)
    if k == K.HELPER_EXCHANGE:
        return helper_value.helper_worth(view, a.a, t.info)
    h0 = t.hand_value(hand)
    if k == K.HELPER_TAKE:
        return t.q_value(_plus(hand, a.a)) - h0
    if k == K.HELPER_KEEP:
        return t.dev_value(a.a)
    if k == K.HELPER_REPAY:
        return t.q_value(_sub(hand, _unit[a.b])) - h0
    cost = use_cost(t)
    if k == K.HELPER_WILLIAM:
        d, near, settle = t.road_delta(a.a)
        return d + t.q_value(_sub(hand, a.give), near, settle) - h0 - cost
    if k == K.HELPER_VINCENT:
        level = a.b
        delta = t.city_delta(a.a) if level == 2 else t.settlement_delta(a.a)
        knights = view.knights[t.me]
        army = t.la_value(knights) - t.la_value(knights - 1)  # the knight leaves the game
        return delta + t.q_value(_sub(hand, _vincent_costs[level])) - h0 - army - cost
    if k == K.HELPER_CANDAMIR:
        return best_of_three(t) + t.q_value(_sub(hand, a.give)) - h0 - cost
    if k == K.HELPER_JEAN:
        ratios = list(t.ratios)
        ratios[a.a] = min(2, ratios[a.a])
        return t.q_value(hand, ratios=ratios) - t.q_value(hand) - cost
    if k == K.HELPER_LIN:
        r = t.info.hex_res[view.robber]  # Lin is legal only with the robber on a hex
        card = t.q_value(_plus(hand, r)) - h0 if r != NOBODY and view.bank[r] else 0.0
        return t.robber_delta(a.a, NOBODY) + card - cost
    if k == K.HELPER_MARIANNE:
        return t.q_value(_plus(hand, a.a)) - h0 - cost
    if k == K.HELPER_SEAN:
        if a.a == NOBODY:
            return spared_discard(t) - cost
        return t.q_value(_plus(hand, a.a)) - h0 - cost
    if k == K.HELPER_HILDE:
        return hilde_ev(t, a.a) + _w_opp_card * threat(view, a.a) - cost
    if k == K.HELPER_NASSIR:
        return nassir_ev(t, a.a, a.to) - h0 - cost
    if k == K.HELPER_LOUIS:
        return louis_gain(t, a.a, a.b) - cost
    return -1.0


def best_of_three(t: TurnContext) -> float:
    """The expected worth of the best of three cards drawn from the unseen deck."""
    share = t.dev_share
    vals = sorted(((t.dev_value(c), share[c]) for c in range(5) if share[c] > 0), reverse=True)
    ev = 0.0
    below = 1.0  # chance that all three are worse than the cards seen so far
    for v, p in vals:
        rest = below - p
        ev += v * (below**3 - max(0.0, rest) ** 3)
        below = max(0.0, rest)
    return ev


def spared_discard(t: TurnContext) -> float:
    """What Sean saves: the value of the half of the hand a 7 would take (the cards the
    bot would give up itself, chosen one by one)."""
    hand = list(t.hand)
    before = t.q_value(hand)
    for _ in range(t.view.discards[t.me]):  # what the 7 asks of this hand (Sean spares it)
        r = max((i for i in range(5) if hand[i]), key=lambda i: t.q_value(_sub(hand, _unit[i])))
        hand[r] -= 1
    return before - t.q_value(hand)


def _holds(t: TurnContext, q: int, r: int) -> float:
    """Chance opponent ``q`` holds at least one card of ``r`` (its production's shares)."""
    share = F.resource_share(t.view, q, t.info)[r]
    return 1.0 - (1.0 - share) ** t.view.hand_sizes[q]


def hilde_ev(t: TurnContext, q: int) -> float:
    """The card Hilde's owner will take: the best one the victim likely holds."""
    h0 = t.hand_value(t.hand)
    gains = sorted(((t.q_value(_plus(t.hand, r)) - h0, r) for r in range(5)), reverse=True)
    ev = 0.0
    none_better = 1.0
    for g, r in gains:
        p = _holds(t, q, r)
        ev += g * p * none_better
        none_better *= 1.0 - p
    return ev


def nassir_ev(t: TurnContext, r: int, mask: int) -> float:
    """The hand's expected value after Nassir: each chosen opponent gives ``r`` if they hold
    one, and the bot gives back, card by card, the one it misses least."""
    got = t.cache.get(("nassir", r))
    if got is None:
        got = []
        hand = list(t.hand)
        for n in range(3):
            h = _plus(hand, r, n)
            for _ in range(n):
                h = max((_sub(h, _unit[i]) for i in range(5) if h[i]), key=lambda x: t.q_value(x))
            got.append(t.q_value(h))
        t.cache[("nassir", r)] = got
    dist = [1.0, 0.0, 0.0]  # chances of receiving 0, 1, 2 cards
    for q in range(t.view.n):
        if mask >> q & 1:
            p = _holds(t, q, r)
            dist = [dist[0] * (1 - p), dist[1] * (1 - p) + dist[0] * p, dist[2] + dist[1] * p]
    return float(sum(p * v for p, v in zip(dist, got)))


def louis_gain(t: TurnContext, e: int, f: int) -> float:
    """The value change of moving the road on ``e`` to ``f``: the position without the road
    (a view with it lifted) plus the road rebuilt there. Not while Longest Road is at stake,
    which a lifted road can lose."""
    if t.lr_race:
        return -1.0
    base = t.cache.get(("louis", e))
    if base is None:
        view = t.view
        roads = list(view.road_owner)
        roads[e] = NOBODY
        left = list(view.pieces_left)
        r, k, c = left[t.me]
        left[t.me] = (r + 1, k, c)  # the lifted road is back in the supply
        lifted = replace(view, road_owner=tuple(roads), pieces_left=tuple(left))
        t2 = t.for_view(lifted)
        base = t.cache[("louis", e)] = (t2, t2.exp - t.exp)
    t2, lost = base
    d, near, settle = t2.road_delta(f)
    return float(lost + d + t2.q_value(t.hand, near, settle) - t.q_value(t.hand))


def score(t: TurnContext, a: Action, options: HeuristicOptions) -> float:
    """:func:`helper_score`, or -1 for an advantage when the bot's ``helpers`` option is off
    (it never uses one; declining, flipping and the rest still score)."""
    if not options.helpers and a.kind < K.HELPER_DECLINE:
        return -1.0  # never uses an advantage (declining is scored 0)
    return helper_score(t, a)


SCORES: dict[ActionKind, Score] = {kind: score for kind in sorted(HELPER_KINDS)}

ADVANTAGES = HELPER_KINDS
"""Every helper kind: a bot with its ``helpers`` option off never uses a helper."""

PATH_BUILDS = {K.HELPER_WILLIAM: PathBuild(None)}
"""William's road, paid with the cards the action names (``give``)."""

PHASES = _weighted.PHASE_RULES
WEIGHTED_TURN = _weighted.TURN_RULES
weighted_before_roll = _weighted.before_roll


def before_roll(
    t: TurnContext, legal: Sequence[Action], options: HeuristicOptions
) -> Action | None:
    """Lin before the roll: only to free the bot's own hex, so that this roll pays."""
    lin = next((a for a in legal if a.kind == K.HELPER_LIN), None)
    view = t.view
    if lin is not None and options.helpers and F.hex_damage(view, t.info, view.robber)[t.me]:
        if score(t, lin, options) > 0:
            return lin
    return None
