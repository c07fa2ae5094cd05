"""The random bot: a uniform choice among the legal actions, with trade talk kept rare.

What this is for: a baseline opponent and a driver for simulations and demos. Every legal
action is equally likely, except domestic trade: a bot proposes an offer only with a small
chance and at most ``offers_per_turn`` times per turn, and answers an offer with a
counter-offer only with a small chance. Without those limits, offers (a dozen listed unit
offers every decision) would crowd out building, and offer/counter chains could stall a game.

With the Helpers of CATAN a helper's advantage is used with a moderate chance
(``helper_chance``, default 0.2) whenever one is legal on its own turn — listed uniformly,
the many unit forms of Nassir, Louis or William would otherwise crowd out everything else —
and uniformly in the scenario's own phases (flip or exchange, Marianne or Sean or decline,
the card to take, keep or give back).

What this is not: no strategy; it never looks at the view beyond the turn number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter

from pysettlers.engine import Action, ActionKind, View
from pysettlers.engine.types import HELPER_KINDS

from .base import register_bot


class RandomBot:
    """Uniform over the legal actions; domestic offers and counter-offers are rare."""

    name = "random"

    def __init__(
        self,
        rng: random.Random,
        *,
        offer_chance: float = 0.05,
        offers_per_turn: int = 1,
        counter_chance: float = 0.05,
        helper_chance: float = 0.2,
    ) -> None:
        self.rng = rng
        self.offer_chance = offer_chance
        self.offers_per_turn = offers_per_turn
        self.counter_chance = counter_chance
        self.helper_chance = float(helper_chance)
        self._turn = -1
        self._offers = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if view.turn != self._turn:
            self._turn = view.turn
            self._offers = 0
        rng = self.rng
        # Domestic talk (offers, counter-offers) is set apart from the rest. The kinds are
        # read and counted by C loops (itemgetter, list.count), and the engine lists each
        # kind's actions together, so the split is two slices; a Python pass over the list
        # is left for a list whose talk is not in one block (no rule of the engine's lists
        # it so). Same lists, same order, same draws as filtering action by action.
        kinds = list(map(_KIND, legal))
        n_offers = kinds.count(_OFFER)
        n_counters = kinds.count(_COUNTER)
        others: Sequence[Action] = legal
        offers: Sequence[Action] = ()
        counters: Sequence[Action] = ()
        if n_offers or n_counters:
            offers = _block(legal, kinds, _OFFER, n_offers)
            counters = _block(legal, kinds, _COUNTER, n_counters)
            talk = n_offers + n_counters
            i = kinds.index(_OFFER if n_offers else _COUNTER)
            if not (n_offers and n_counters) and kinds[i + talk - 1] in _TALK:
                others = [*legal[:i], *legal[i + talk :]]  # one block of talk: cut it out
            else:
                others = [a for a in legal if a.kind not in _TALK]
        if view.ext:
            uses = [a for a in others if a.kind in HELPER_KINDS]
            if uses and len(uses) < len(others):  # a helper's use among the turn's others
                if rng.random() < self.helper_chance:
                    return rng.choice(uses)
                others = [a for a in others if a.kind not in HELPER_KINDS]
        if offers and self._offers < self.offers_per_turn and rng.random() < self.offer_chance:
            self._offers += 1
            return rng.choice(offers)
        if counters and rng.random() < self.counter_chance:
            return rng.choice(counters)
        if others:
            return rng.choice(others)
        return rng.choice(offers or counters)


def _block(
    legal: Sequence[Action], kinds: list[ActionKind], kind: ActionKind, n: int
) -> Sequence[Action]:
    """The ``n`` actions of ``kind`` in ``legal``, in order (a slice when they are together)."""
    if not n:
        return ()
    i = kinds.index(kind)
    if kinds[i + n - 1] == kind:  # n of them from the first: one block
        return legal[i : i + n]
    return [a for a in legal if a.kind == kind]


# Plain globals: reading a member off an enum class is slow on CPython 3.11 (types.members).
_KIND = itemgetter(1)  # Action.kind (its second field), read by C code
_OFFER = ActionKind.OFFER_TRADE
_COUNTER = ActionKind.COUNTER_TRADE
_TALK = (_OFFER, _COUNTER)


register_bot("random", RandomBot)
