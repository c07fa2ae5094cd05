"""What a Helpers of CATAN helper is worth to a seat, and other helper facts from a view.

What this is for: the one ranking of the ten helpers that both heuristic bots use when they
choose, after a use, between flipping their helper to its B side and exchanging it for one
from the display (the weighted bot's rules, ``weighted.py`` beside this module, take the
best; the greedy bot's scores, ``bots.py``, use it as the helper term of its value
function); part of the scenario's bots face (``pysettlers.bots.scenarios``).
:func:`helper_worth` is the expected value, in victory points, of the helper's *next*
use given the seat's position now — not of the whole card: after every use its owner gets
to choose again, so a helper's worth is what one more use brings, sooner or later. The B
side is worth :data:`B_SIDE` of the A side: the same advantage, but after its next use
the card must be exchanged (the owner loses the option to keep it).

The ranking (values in VP; each helper's text is in the rulebook's "Helpers in Detail"):

==========  ======================================================================
Vincent     0.25 with a played knight to discard (a settlement or city for 2–3 cards
            less), unless that knight keeps a narrow Largest Army; else 0.04
Hilde       0.14 when an opponent shows more points and holds cards, else 0.03
Sean        0.06 + 0.05 per card a 7 would take from the hand now (× the chance of
            a 7 during a round of turns)
Marianne    0.12 × min(1, players × chance that a roll pays it nothing)
Candamir    0.10 while the deck has cards (3 cards to choose from, a flexible price)
Lin         0.07, + 0.10 while the robber stands on one of its producing hexes
Nassir      0.07: a forced one-for-one trade for the card it lacks
Jean        0.04 + 0.01 per pip of its best resource beyond 5 (up to 0.12), less
            when that resource already has a 2:1 harbor
William     0.08 while a road is needed to reach its next site, else 0.03
Louis       0.04
==========  ======================================================================

What this is not: no decision (the bots decide) and no rule: legality is the engine's
legal action list. It reads only the view. (How much one more card of each resource helps
a plan is not a helper fact: ``weighted.need_scores``.)
"""

from __future__ import annotations

from pysettlers.bots import features as F
from pysettlers.engine import View
from pysettlers.engine.limits import discard_owed
from pysettlers.engine.types import NOBODY, Helper

B_SIDE = 0.85
"""A B-side helper's worth as a share of the same helper on its A side."""

# Chance of rolling each total 2..12 (index = total).
_ROLL_P = tuple(0.0 if t < 2 else (6 - abs(7 - t)) / 36 for t in range(13))


def nothing_chance(view: View, p: int, info: F.BoardInfo) -> float:
    """Chance that a roll other than 7 pays ``p`` nothing (Marianne's case)."""
    numbers = view.board.numbers
    pays: set[int] = set()
    bo = view.building_owner
    for v, o in enumerate(bo):
        if o == p:
            for h in info.inter_hexes[v]:
                if h != view.robber and numbers[h]:
                    pays.add(numbers[h])
    return max(0.0, 1.0 - 6 / 36 - sum(_ROLL_P[t] for t in pays))


def helper_worth(view: View, h: int, info: F.BoardInfo, side: int = 0) -> float:
    """The worth of helper ``h`` in front of the viewer (module docstring's table)."""
    me = view.viewer
    assert me is not None and view.hand is not None
    w = _worth(view, me, Helper(h), info)
    return w * (B_SIDE if side else 1.0)


def _worth(view: View, me: int, h: Helper, info: F.BoardInfo) -> float:
    hand = view.hand
    assert hand is not None
    if h == Helper.VINCENT:
        k = view.knights[me]
        if not k:
            return 0.04
        others = max(view.knights[q] for q in range(view.n) if q != me)
        if view.largest_army == me and k - 1 <= others:
            return 0.06  # the knight keeps Largest Army: worth more than a cheap build
        return 0.25
    if h == Helper.HILDE:
        vp = view.public_vp[me]
        if any(view.public_vp[q] > vp and view.hand_sizes[q] for q in range(view.n) if q != me):
            return 0.14
        return 0.03
    if h == Helper.SEAN:
        p7 = 1.0 - (5.0 / 6.0) ** view.n
        return p7 * (0.06 + 0.05 * discard_owed(view.rules, sum(hand)))
    if h == Helper.MARIANNE:
        return 0.12 * min(1.0, view.n * nothing_chance(view, me, info))
    if h == Helper.CANDAMIR:
        return 0.10 if view.deck_size else 0.0
    if h == Helper.LIN:
        # (not on terrain on the desert, nor on a harbor with the pirate)
        on_terrain = view.robber < info.n_hexes and info.hex_res[view.robber] != NOBODY
        hurt = on_terrain and F.hex_damage(view, info, view.robber)[me]
        return 0.07 + (0.10 if hurt else 0.0)
    if h == Helper.NASSIR:
        return 0.07
    if h == Helper.JEAN:
        prod = F.production(view, me, info, robber=-1)
        r = max(range(5), key=lambda i: prod[i])
        ratio = view.ratios[5 * me + r]
        base = 0.04 + min(0.08, 0.01 * max(0.0, prod[r] - 5))
        return base * (0.5 if ratio <= 2 else 1.0)
    if h == Helper.WILLIAM:
        if F.pieces_left(view, me)[0] and F.pieces_left(view, me)[1]:
            if F.nearest_site(view, me, info, 2) > 0:
                return 0.08
        return 0.03
    return 0.04  # Louis


def after_use_worth(view: View, info: F.BoardInfo) -> float:
    """What the viewer's helper position is worth once its helper has been used: the better
    of flipping an A-side helper and the best helper of the display."""
    hv = view.ext.get("helpers")
    me = view.viewer
    assert hv is not None and me is not None
    held = hv.held[me]
    best = max((helper_worth(view, x, info) for x in hv.display), default=0.0)
    if held != NOBODY and not hv.sides[me]:
        best = max(best, helper_worth(view, held, info, 1))
    return best


def use_cost(view: View, info: F.BoardInfo) -> float:
    """The helper term's change when the viewer uses its helper now (never below zero: a
    use is made for its effect, not to churn the cards)."""
    hv = view.ext.get("helpers")
    me = view.viewer
    assert hv is not None and me is not None
    held = hv.held[me]
    if held == NOBODY:
        return 0.0
    now = helper_worth(view, held, info, hv.sides[me])
    return max(0.0, now - after_use_worth(view, info))


DEV_KEEP = (0.4, 0.3, 0.5, 0.45, 1.0)
"""A development card's worth when Candamir offers a choice (knight, Road Building, Year of
Plenty, Monopoly, victory point), as in the greedy bot's value function."""

__all__ = [
    "B_SIDE",
    "DEV_KEEP",
    "after_use_worth",
    "helper_worth",
    "nothing_chance",
    "use_cost",
]
