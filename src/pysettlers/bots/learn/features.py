"""The learned value's features: one seat's position, from that seat's own view.

What this is for: the inputs of the second learned value (``value=learned2``, issue 33).
They are today's 29 features of the learned logit (``value_model.features``: points,
production, build rate, harbors, room to expand, the hand, development cards, the award
races, whose turn is next) followed by what is cheap to read from the same view and says
how the seat stands *in the race* against the others:

* the opponents' public points (their best and the seat's lead over it, the best
  opponent's expected points counting the victory point cards their unknown cards may
  hold, the seat's rank by points);
* the opponents' production (best and mean) and the seat's share of all production;
* the award races relative to the best opponent (road length, knights played);
* the opponents' hands and development cards (largest hand, cards held in all);
* the robber on the seat's own hexes (the pips it takes from the seat);
* the development cards seen played by everyone, the deck left, the chance that an unseen
  card is a victory point;
* the 2:1 harbors matched to the seat's production of their resource;
* the number of players and the turn.

Every number is a pure-Python function of a :class:`~pysettlers.engine.View` (and the
board's static tables): nothing here takes a game state, so a seat's features never carry
what that seat may not know.

What this is not: a model (``model.py`` turns these into chances to win) nor a bot.
"""

from __future__ import annotations

from pysettlers.engine import View

from .. import features as F
from .. import value_model as VM

EXTRA_NAMES: tuple[str, ...] = (
    "opp_vp_max",  # the best opponent's public points
    "vp_lead",  # own points less the best opponent's public points
    "opp_xvp_max",  # the best opponent's expected points (hidden point cards included)
    "vp_rank",  # opponents with more public points than own (0: leading or tied)
    "opp_prod_max",  # the best opponent's expected cards per roll
    "opp_prod_mean",
    "prod_share",  # own production / everyone's
    "road_lead",  # own road length less the best opponent's
    "knight_lead",  # own knights played less the most any opponent played
    "opp_hand_max",  # the largest opponent hand
    "opp_dev_held",  # development cards the opponents hold (unknown to the seat)
    "robbed_pips",  # own pips the robber blocks, per roll
    "played_total",  # development cards played by everyone
    "deck_left",  # development cards left in the deck / the game's deck (25, 34, 50)
    "vp_card_share",  # chance that an unseen development card is a victory point
    "harbor_match",  # own production of resources with a 2:1 harbor of theirs, per roll
    "players",  # seats in the game
    "turn",  # the turn number / 100
)

FEATURE_NAMES: tuple[str, ...] = (*VM.FEATURE_NAMES, *EXTRA_NAMES)
"""Every feature's name, in order: today's 29 (``value_model``), then :data:`EXTRA_NAMES`."""

BASE = len(VM.FEATURE_NAMES)  # the first BASE features are today's logit's


def features(view: View, info: F.BoardInfo) -> list[float]:
    """The feature vector (:data:`FEATURE_NAMES`) of ``view``'s own seat."""
    me = view.viewer
    if me is None or view.hand is None or view.dev_cards is None:
        raise ValueError("the learned value's features need the view of a seat, not a spectator")
    base = VM.features(view, info)
    n = view.n
    opps = [q for q in range(n) if q != me]
    vp = base[0]
    opp_vp = [float(view.public_vp[q]) for q in opps] or [0.0]
    opp_xvp = [F.expected_vp(view, q) for q in opps] or [0.0]
    prods = [sum(F.production(view, q, info)) / 36.0 for q in range(n)]
    own_prod = prods[me]
    opp_prod = [prods[q] for q in opps] or [0.0]
    total_prod = sum(prods)
    road = view.road_length
    knights = view.knights
    damage = F.hex_damage(view, info, view.robber) if view.robber < info.n_hexes else [0.0] * n
    played = view.played
    share = F.unseen_dev_share(view)
    ratios = F.own_ratios(view, me)
    own_res = F.production(view, me, info)
    return [
        *base,
        max(opp_vp),
        vp - max(opp_vp),
        max(opp_xvp),
        float(sum(1 for x in opp_vp if x > vp)),
        max(opp_prod),
        sum(opp_prod) / len(opp_prod),
        own_prod / total_prod if total_prod > 0 else 1.0 / n,
        float(road[me] - max((road[q] for q in opps), default=0)),
        float(knights[me] - max((knights[q] for q in opps), default=0)),
        float(max((view.hand_sizes[q] for q in opps), default=0)),
        float(sum(view.dev_counts[q] for q in opps)),
        damage[me] / 36.0,
        float(sum(played)),
        # The share of the game's own deck left: the 5-6 player extension has 34 cards
        # (25 and "9 development cards"), two sets of cards 50 (``Rules.deck``).
        view.deck_size / max(1, sum(view.rules.deck)),
        share[4],
        sum(own_res[r] for r in range(5) if ratios[r] == 2) / 36.0,
        float(n),
        view.turn / 100.0,
    ]


__all__ = ["BASE", "EXTRA_NAMES", "FEATURE_NAMES", "features"]
