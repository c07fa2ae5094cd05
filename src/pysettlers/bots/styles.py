"""The strategy styles of the weighted and greedy bots (option ``style``): their weights.

What this is for: opponents that play *differently*, not only better or worse (issue 33's
field, ``sim/field.py``). A style is a handful of weight changes and extra terms in a bot's
own scoring, named by the plan it favours; the bots' docstrings say where each applies:

=========  ====================================================================================
style      what it favours
=========  ====================================================================================
roads      Longest Road and expansion: always in the road race, the card and room to grow
           weighed more (``weighted``: a road, where one leads anywhere, before cards and trades)
cards      development cards and Largest Army: cards held or bought and the army weighed more
           (``weighted``: a card before anything but a city or settlement)
cities     cities on ore and grain: grain and ore production weighed more (set-up included),
           a city's gain raised, the city planned first
harbors    a harbor trader: settlements on harbors weighed more, the rates they give too,
           and (``weighted``) bank trades at a harbor's rate whenever they help a plan
robber     an aggressive robber: the harm done to the leader (most points) weighed more, a
           steal from a large hand preferred, a knight played as soon as it is worth it
=========  ====================================================================================

``plain`` (the default) changes nothing: a bot without a style plays exactly as before.

What this is not: new bots (the styles are options of the existing ones, so each keeps its
rules, view-only play and determinism per seed), nor tuned for strength.
"""

from __future__ import annotations

from dataclasses import dataclass

from .options import STYLES


@dataclass(frozen=True, slots=True)
class GreedyStyle:
    """Multipliers (1: unchanged) and added terms (0: none) of ``greedy``'s value function."""

    longest_road: float = 1.0  # × the Longest Road card's term
    road_race: bool = False  # counts itself in the Longest Road race while it has roads
    expansion: float = 1.0  # × room to expand (the open sites its roads reach)
    dev: float = 1.0  # × a development card's worth, held or bought (not a point card)
    army: float = 1.0  # × the Largest Army card's term
    city: float = 0.0  # victory points' worth added to a city's gain
    ore_grain: float = 1.0  # × the weight of grain and ore production
    harbor: float = 1.0  # × harbors' option value (the better rates)
    harbor_site: float = 0.0  # added to a settlement on a harbor's intersection
    robber: float = 1.0  # × the robber's harm to opponents and the card's threat term
    leader: float = 1.0  # × that harm again when done to the leader
    rich: float = 0.0  # per card in the victim's hand, for the steal


@dataclass(frozen=True, slots=True)
class WeightedStyle:
    """Changes to ``weighted``'s priorities and weights (defaults: none)."""

    road_race: bool = False  # always in the Longest Road race while it has roads
    road_gain: float = 4.0  # per road of length a road adds in that race
    roads_first: bool = False  # a road (if one leads somewhere) before cards and bank trades
    expansion: float = 1.0  # × a road's value (the open site it leads to)
    plan: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # + road/settle/city/dev
    cards_first: bool = False  # buys a development card before bank trades and roads
    ore_grain: float = 1.0  # × grain and ore in site values (set-up included) and cities
    harbor: float = 1.0  # × the harbor terms of a site's value
    harbor_trade: bool = False  # a bank trade at a harbor's rate toward any planned build
    leader: float = 1.0  # × the robber's harm to the leader
    rich: float = 0.0  # per card in the victim's hand, for the steal
    knight_early: bool = False  # a knight before the roll whenever the robber is on its hex


GREEDY_STYLES: dict[str, GreedyStyle] = {
    "plain": GreedyStyle(),
    "roads": GreedyStyle(longest_road=2.5, road_race=True, expansion=1.8),
    "cards": GreedyStyle(dev=2.5, army=1.6),
    "cities": GreedyStyle(city=0.6, ore_grain=2.0),
    "harbors": GreedyStyle(harbor=4.0, harbor_site=0.2),
    "robber": GreedyStyle(robber=2.5, leader=2.0, rich=0.03),
}

WEIGHTED_STYLES: dict[str, WeightedStyle] = {
    "plain": WeightedStyle(),
    "roads": WeightedStyle(road_race=True, road_gain=6.0, roads_first=True, expansion=1.5),
    "cards": WeightedStyle(plan=(0.0, 0.0, 0.0, 1.8), cards_first=True),
    "cities": WeightedStyle(plan=(0.0, -0.3, 0.8, 0.0), ore_grain=1.5),
    "harbors": WeightedStyle(harbor=3.0, harbor_trade=True),
    "robber": WeightedStyle(leader=2.5, rich=0.5, knight_early=True),
}

assert set(GREEDY_STYLES) == set(WEIGHTED_STYLES) == set(STYLES)
