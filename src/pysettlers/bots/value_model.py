"""A learned leaf value: each seat's chance to win, fitted to the outcomes of bot games.

What this is for: the expert bot's leaves (issue 14). Searching its own turn with the value
function the greedy bot plays by mostly re-derives the greedy bot's choices; a value fitted
to who actually went on to win ranks positions by what wins races instead.

**The model** (a conditional logit, the multi-player form of logistic regression): every
seat ``p`` gets a score ``s_p = Σ_i w_i · x_{p,i}`` of its own position's features
``x_p`` (:func:`features`, from ``p``'s own view), and ``P(p wins) = exp(s_p) / Σ_q
exp(s_q)``. The features are the greedy value's terms plus race-relevant counts — points,
production per resource and in total, the build rate it sustains, distinct resources,
harbors, room to expand, the hand, development cards held and knights played, pieces
built, road length, the award races, and how many turns until the seat's next one.

The weights (``value_weights.py``) are written by ``bench/fit_value.py``, which plays
games of greedy and weighted bots (with noise for variety), records every seat's features
at the start of every turn, and fits the weights by maximum likelihood with a small L2
penalty; the script is deterministic per seed and prints the held-out log-loss.

What this is not: it reads views only (each seat's features from its own view), and it
takes no decision: ``expert.py`` uses :func:`win_chances` to value its set-up search (and,
with ``value=learned``, its turn search's leaves).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pysettlers.engine import View
from pysettlers.engine.limits import discard_owed

from . import features as F
from . import value_weights as W  # W.WEIGHTS read at each call (a test swaps it)
from .greedy import DISCARD_CARD, PLAN_COST, PROGRESS, Turn

BUILD_SHARES = (1.0, 0.3)  # a leaf hand: its best build's progress, and the second's share

FEATURE_NAMES: tuple[str, ...] = (
    "vp",  # points it can count (buildings, awards, own victory point cards)
    "vp_share_sq",  # 10 × (vp / target)²: points weigh more near the end
    "longest_road",  # holds the card
    "largest_army",
    "award_race",  # greedy's race terms for both awards, less the cards held
    "prod_total",  # expected cards per roll
    "prod_brick",
    "prod_lumber",
    "prod_wool",
    "prod_grain",
    "prod_ore",
    "distinct",  # resources it produces at all
    "build_rate",  # features.build_rate of its production at its ratios
    "prod_value",  # greedy's production term (weighted by the share of game left)
    "harbors",  # Σ (4 − ratio)
    "expansion",  # greedy's expansion term
    "sites",  # open sites its roads reach within 3 roads (at most 5)
    "settle_left",  # settlements left in supply = 0: only cities can add points
    "hand",  # cards in hand
    "over_limit",  # cards a 7 would take
    "hand_value",  # greedy's end-of-turn hand value
    "dev_held",  # development cards held (victory point cards excluded)
    "dev_value",  # greedy's value of them
    "knights",  # knights played
    "settlements",
    "cities",
    "roads",
    "road_length",
    "wait",  # turns until its next turn, / players (0: it moves next)
)


def features(view: View, info: F.BoardInfo) -> list[float]:
    """The feature vector of ``view``'s own seat (see ``FEATURE_NAMES``)."""
    me = view.viewer
    assert me is not None and view.hand is not None and view.dev_cards is not None
    t = Turn(view, info)
    target = max(1, view.vp_target)
    vp = float(t.vp)
    lr = view.longest_road == me
    la = view.largest_army == me
    race = t.lr_value(view.road_length[me]) + t.la_value(view.knights[me]) - 2.0 * (lr + la)
    prod = t.prod
    roads, settles, cities = F.pieces(view, me)
    hand = sum(t.hand)
    dev = view.dev_cards
    return [
        vp,
        10.0 * (vp / target) ** 2,
        float(lr),
        float(la),
        race,
        sum(prod) / 36.0,
        *(x / 36.0 for x in prod),
        float(sum(1 for x in prod if x > 0)),
        F.build_rate(prod, t.demand, t.ratios),
        t.prod_val,
        float(sum(4 - r for r in t.ratios)),
        t.exp,
        float(min(5, len(t.sites))),
        float(t.settle_left == 0),
        float(hand),
        float(discard_owed(view.rules, hand)),
        leaf_hand_value(t),
        float(sum(dev[c] for c in range(4))),
        sum(dev[c] * t.dev_value(c) for c in range(4)),
        float(view.knights[me]),
        float(settles),
        float(cities),
        float(roads),
        float(view.road_length[me]),
        ((me - view.current) % view.n) / view.n,
    ]


def leaf_hand_value(t: Turn) -> float:
    """A hand at the end of a turn: its cards, the best build it is close to plus a share
    of the second (the greedy hand value sums them all, which suits comparing one action's
    hands but counts the same cards toward every build), less the risk of a 7."""
    hand = t.hand
    v = 0.0
    for r in range(5):
        c = hand[r]
        v += t.card[r] * (c if c <= 4 else 4 + 0.5 * (c - 4))
    builds = []
    for b in range(4):
        g = t.progress_gain[b]
        if g > 0:
            cost = PLAN_COST[min(2, t.near)] if b == F.SETTLEMENT else F.COSTS[b]
            builds.append(g * PROGRESS[min(5, F.missing(hand, cost))])
    builds.sort(reverse=True)
    v += sum(w * x for w, x in zip(BUILD_SHARES, builds))
    return v - t.p7 * discard_owed(t.view.rules, sum(hand)) * DISCARD_CARD


def score(x: Sequence[float]) -> float:
    """A seat's score ``s_p`` (module docstring) under the shipped weights."""
    return sum(w * v for w, v in zip(W.WEIGHTS, x))


def win_chances(scores: Sequence[float]) -> list[float]:
    """Each seat's chance to win, the softmax of the seats' scores."""
    m = max(scores)
    e = [math.exp(s - m) for s in scores]
    z = sum(e)
    return [x / z for x in e]
