"""The Helpers of CATAN's rules of thumb for the weighted bot, one rule per helper.

What this is for: the weighted bot (``bots/weighted.py``) plays the helpers by these rules,
which reach it through the scenario's bots face (``bots.py``: ``PHASES``, ``WEIGHTED_TURN``,
``weighted_before_roll``; ``pysettlers.bots.scenarios`` says when each is asked):

* **Before building**: Vincent for a cheap city (else settlement) unless the knight holds a
  narrow Largest Army; Hilde on the most threatening opponent ahead; Lin when the robber
  blocks its own hex (before the roll too) or blocks nobody worth blocking.
* **Before a bank trade**: Jean on the resource whose 2:1 rate completes a build through
  the bank; Nassir for the card its next build lacks, from the one or two opponents
  likeliest to hold it (by their production), when it has as many spare cards to repay.
* **Instead of buying**: Candamir instead of a plain purchase (paid with its least needed
  cards). **After the roads**: Louis moves a dead-end road that leads nowhere to a path
  toward a clearly better site (never while Longest Road is in play). William's road is
  one of the bot's road payments (``PATH_BUILDS``).
* **The scenario's phases**: after a use it flips the helper or exchanges it for the
  display's best, by the ranking of ``helper_value.helper_worth``; Candamir's best card of
  the three kept; Hilde taking the card its next builds lack most; Nassir repaid with the
  cards it needs least; Marianne and Sean for the card it needs most, Sean to keep an
  over-limit hand (declined by a bot with its ``helpers`` option off).

Each rule reads the bot's own measures (``WeightedBot.targets``, ``prod``, ``site_value``,
``road_value``, ``noise``: its seeded tie-break, drawn in the order the rules ask).

What this is not: the greedy bot's helper scores (``bots.py``), nor any legality (the
engine's legal actions): a rule only picks among the actions it is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pysettlers.bots import features as F
from pysettlers.bots.features import BoardInfo
from pysettlers.bots.scenarios import Moment, PhaseRule, TurnRule
from pysettlers.bots.weighted import WeightedBot, need_scores, threat
from pysettlers.engine import Action, ActionKind, Phase, View
from pysettlers.engine.types import NOBODY, DevCard, Helper

from . import helper_value

K = ActionKind


def before_building(
    bot: WeightedBot, view: View, by: Mapping[ActionKind, list[Action]], info: BoardInfo
) -> Action | None:
    """Vincent's cheap city or settlement, Hilde's card from the leader, Lin's card."""
    me = view.viewer
    assert me is not None
    vincent = by.get(K.HELPER_VINCENT)
    if vincent and helper_value.helper_worth(view, Helper.VINCENT, info) > 0.1:
        prod = bot.prod(view, info)
        cities = [a for a in vincent if a.level == 2]
        if cities:
            return max(cities, key=lambda a: info.inter_value[a.intersection] + bot.noise())
        return max(
            vincent,
            key=lambda a: bot.site_value(view, info, a.intersection, prod) + bot.noise(),
        )
    hilde = by.get(K.HELPER_HILDE)
    if hilde:  # the leader among those ahead; a bigger hand has more to choose from
        return max(
            hilde,
            key=lambda a: (
                threat(view, a.opponent) + 0.05 * view.hand_sizes[a.opponent] + bot.noise()
            ),
        )
    return lin(view, by.get(K.HELPER_LIN, []), info, False)


def lin(view: View, lins: Sequence[Action], info: BoardInfo, pre_roll: bool) -> Action | None:
    """Lin when the robber blocks its own hex, or blocks nobody worth blocking: a free
    card (and, before the roll, a roll that pays)."""
    if not lins:
        return None
    me = view.viewer
    assert me is not None
    dmg = F.hex_damage(view, info, view.robber)
    own = dmg[me]
    if pre_roll and not own:
        return None  # after the roll the card is the same, and the 7 may move it anyway
    held_back = sum(dmg[q] * threat(view, q) for q in range(view.n) if q != me)
    if 2.0 * own + 2.0 > 0.5 * held_back:
        return lins[0]
    return None


def before_roll(
    bot: WeightedBot, view: View, legal: Sequence[Action], info: BoardInfo
) -> Action | None:
    """Lin before the roll, only to free the bot's own hex (:func:`lin`)."""
    if not bot.use_helpers:
        return None
    return lin(view, [a for a in legal if a.kind == K.HELPER_LIN], info, True)


def before_bank(
    bot: WeightedBot, view: View, by: Mapping[ActionKind, list[Action]], info: BoardInfo
) -> Action | None:
    """Jean when 2:1 completes a build through the bank; Nassir for the card it lacks."""
    me = view.viewer
    assert me is not None and view.hand is not None
    hand = view.hand
    targets = bot.targets(view, info)
    ratios = F.own_ratios(view, me)
    jean = by.get(K.HELPER_JEAN)
    if jean:
        for t in targets[:2]:
            cost = F.COSTS[t]
            need = F.missing(hand, cost)
            if not need or F.maritime_units(hand, cost, ratios) >= need:
                continue
            best: Action | None = None
            best_units = 0
            for a in jean:
                r = a.resource
                if ratios[r] <= 2:
                    continue
                two = tuple(2 if i == r else q for i, q in enumerate(ratios))
                units = F.maritime_units(hand, cost, two)
                if units >= need and units > best_units:
                    best, best_units = a, units
            if best is not None:
                return best
    nassir = by.get(K.HELPER_NASSIR)
    if nassir and targets:
        return _nassir(bot, view, nassir, info, targets)
    return None


def _nassir(
    bot: WeightedBot,
    view: View,
    nassir: Sequence[Action],
    info: BoardInfo,
    targets: Sequence[int],
) -> Action | None:
    """Demand the resource the next build lacks from the one or two opponents most likely
    to hold it, when it has as many spare cards to give back."""
    me = view.viewer
    assert me is not None and view.hand is not None
    hand = view.hand
    cost = F.COSTS[targets[0]]
    lack = F.missing(hand, cost)
    if not 1 <= lack <= 2:
        return None
    spare = sum(max(0, h - c) for h, c in zip(hand, cost))
    if not spare:
        return None
    need = need_scores(hand, targets, bot.prod(view, info), info)
    r = max((i for i in range(5) if cost[i] > hand[i]), key=lambda i: need[i])
    holds = sorted(
        (
            (F.resource_share(view, q, info)[r] * view.hand_sizes[q], q)
            for q in range(view.n)
            if q != me and view.hand_sizes[q]
        ),
        reverse=True,
    )
    if not holds or holds[0][0] < 0.6:
        return None
    mask = 1 << holds[0][1]
    if cost[r] - hand[r] >= 2 and spare >= 2 and len(holds) > 1 and holds[1][0] >= 0.6:
        mask |= 1 << holds[1][1]
    return next((a for a in nassir if a.resource == r and a.to == mask), None)


def instead_of_buying(
    bot: WeightedBot, view: View, by: Mapping[ActionKind, list[Action]], info: BoardInfo
) -> Action | None:
    """Candamir: the same card as a purchase, chosen from three, paid with the spare cards
    (when that payment keeps the next build's cards, as a purchase must)."""
    candamir = by.get(K.HELPER_CANDAMIR)
    if not candamir:
        return None
    assert view.hand is not None
    hand = view.hand
    targets = bot.targets(view, info)
    plan = targets[0] if targets else F.DEV
    cost = F.COSTS[plan]
    need = need_scores(hand, targets, bot.prod(view, info), info)
    best_pay = min(candamir, key=lambda a: sum(g * need[r] for r, g in enumerate(a.give)))
    after = tuple(h - c for h, c in zip(hand, best_pay.give))
    if plan == F.DEV or F.missing(after, cost) == F.missing(hand, cost):
        return best_pay
    return None


def after_roads(
    bot: WeightedBot, view: View, by: Mapping[ActionKind, list[Action]], info: BoardInfo
) -> Action | None:
    """Louis: move a dead-end road that leads nowhere useful to a path toward a good site
    (not while Longest Road is at stake: a move can shorten the road)."""
    moves = by.get(K.HELPER_LOUIS)
    if not moves or bot.longest_road_race(view):
        return None
    me = view.viewer
    assert me is not None
    net = F.network(view, me, info)
    prod = bot.prod(view, info)
    bo = view.building_owner
    ro = view.road_owner
    best: Action | None = None
    best_gain = 2.5  # a site worth moving for, not a shuffle
    old: dict[int, tuple[float, set[int]]] = {}
    for a in moves:
        e, f = a.path, a.to_path
        if e not in old:
            # The free end: no own building and no other own road there.
            ends = info.path_ends[e]
            free = {
                v
                for v in ends
                if bo[v] != me and not any(g != e and ro[g] == me for g in info.inter_paths[v])
            }
            rest = net - free
            old[e] = (bot.road_value(view, info, e, rest, prod), rest)
        value, rest = old[e]
        gain = bot.road_value(view, info, f, rest, prod) - value
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def helper_phase(bot: WeightedBot, view: View, legal: Sequence[Action], info: BoardInfo) -> Action:
    """The helper phases: flip or exchange, Marianne/Sean, Hilde's take, Candamir's
    keep, Nassir's repayment."""
    me = view.viewer
    hv = view.ext.get("helpers")
    assert me is not None and view.hand is not None and hv is not None
    hand = view.hand
    ph = view.phase
    if ph == Phase.HELPER_AFTER:

        def keep_value(a: Action) -> float:
            if a.kind == K.HELPER_FLIP:
                return helper_value.helper_worth(view, hv.held[me], info, 1)
            return helper_value.helper_worth(view, a.helper, info) + bot.noise() * 0.01

        return max(legal, key=keep_value)
    if ph == Phase.CANDAMIR_KEEP:
        army = bot.army_race(view)

        def card_value(a: Action) -> float:
            v = helper_value.DEV_KEEP[a.card]
            if a.card == DevCard.KNIGHT and army:
                v += 0.15
            return v

        return max(legal, key=card_value)
    targets = bot.targets(view, info)
    need = need_scores(hand, targets, bot.prod(view, info), info)
    if ph == Phase.NASSIR_REPAY:  # give back what it needs least
        return min(legal, key=lambda a: need[a.given_back] + bot.noise() * 0.01)
    if ph == Phase.HILDE_TAKE:
        return max(legal, key=lambda a: need[a.resource] + bot.noise() * 0.01)
    # HELPER_REACT: Sean keeps an over-limit hand; otherwise the card it needs most.
    uses = [a for a in legal if a.kind != K.HELPER_DECLINE]
    if not bot.use_helpers or not uses:
        return next(a for a in legal if a.kind == K.HELPER_DECLINE)
    keep = next((a for a in uses if a.kind == K.HELPER_SEAN and a.resource == NOBODY), None)
    if keep is not None:
        return keep
    return max(uses, key=lambda a: need[a.resource] + bot.noise() * 0.01)


HELPER_PHASES = frozenset(
    {
        Phase.HELPER_AFTER,
        Phase.HELPER_REACT,
        Phase.HILDE_TAKE,
        Phase.CANDAMIR_KEEP,
        Phase.NASSIR_REPAY,
    }
)
"""The Helpers of CATAN's own phases (a decision inside or after a helper's use)."""

PHASE_RULES: dict[Phase, PhaseRule] = dict.fromkeys(HELPER_PHASES, helper_phase)
"""The rule in each of the scenario's phases (the face's ``PHASES``)."""

TURN_RULES: dict[Moment, TurnRule] = {
    "before_building": before_building,
    "before_bank": before_bank,
    "instead_of_buying": instead_of_buying,
    "after_roads": after_roads,
}
"""The rules at the moments of the bot's turn (the face's ``WEIGHTED_TURN``)."""
