"""The random bot: a uniform choice among the legal actions, with trade talk kept rare.

What this is for: a baseline opponent and a driver for simulations and demos. Every legal
action is equally likely, except domestic trade: a bot proposes an offer only with a small
chance and at most ``offers_per_turn`` times per turn, and answers an offer with a
counter-offer only with a small chance. Without those limits, offers (a dozen listed unit
offers every decision) would crowd out building, and offer/counter chains could stall a game.

A scenario's optional advantage (its bots face's ``ADVANTAGES``: a helper's use) is taken
with a moderate chance (``helper_chance``, default 0.2) whenever one is legal among other
actions — listed uniformly, the many unit forms of some (the helpers' Nassir, Louis or
William) would otherwise crowd out everything else — and uniformly where nothing else is
legal (a scenario's own phases: flip or exchange, the card to take, keep or give back).

What this is not: no strategy; it never looks at the view beyond the turn number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pysettlers.engine import Action, ActionKind, View

from . import scenarios
from .base import register_bot
from .options import OptionSpec, parse_options, register_option_specs

T = TypeVar("T")
RANDOM_SPECS = (
    OptionSpec("offer_chance", "chance of making an offer", "number", 0.05, 0, 1, 0.05),
    OptionSpec("offers_per_turn", "offers per turn at most", "number", 1, 0, 20, 1, integer=True),
    OptionSpec("counter_chance", "chance of a counter-offer", "number", 0.05, 0, 1, 0.05),
    OptionSpec("helper_chance", "chance of using its helper", "number", 0.2, 0, 1, 0.05),
)


class RandomBot:
    """Uniform over the legal actions; domestic offers and counter-offers are rare."""

    name = "random"

    def __init__(self, rng: random.Random, **options: object) -> None:
        o = parse_options(self.name, options, RANDOM_SPECS)
        self.rng = rng
        self.offer_chance: float = o["offer_chance"]
        self.offers_per_turn: int = o["offers_per_turn"]
        self.counter_chance: float = o["counter_chance"]
        self.helper_chance: float = o["helper_chance"]
        self._turn = -1
        self._offers = 0
        self._advantages = scenarios.advantages()  # (resolved once per process)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.choose_at(view.turn, legal, bool(view.ext))

    def choose_at(self, turn: int, legal: Sequence[Action], scenario: bool = False) -> Action:
        """:meth:`choose` for a view of turn ``turn`` — with ``scenario``, a view that has
        a scenario's part (``view.ext``): all this bot reads of a view, so the same choice
        from the same generator. Speed device (issue 32): the RL environments' bots' turns
        (``rl/turns.py``) call it without making a view at all in a game with no scenario."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if turn != self._turn:
            self._turn = turn
            self._offers = 0
        rng = self.rng
        # Domestic talk (offers, counter-offers) is set apart from the rest. The engine lists
        # it last (``legal_actions``), so it is a suffix found by bisection: a few steps in
        # the lists that have talk, one look at the last action in the others.
        others: Sequence[Action] = legal
        offers: Sequence[Action] = ()
        counters: Sequence[Action] = ()
        n = len(legal)
        if legal[n - 1].kind in _TALK:
            lo, hi = 0, n - 1
            while lo < hi:
                mid = (lo + hi) >> 1
                if legal[mid].kind in _TALK:
                    hi = mid
                else:
                    lo = mid + 1
            others = legal[:lo]
            talk = legal[lo:]
            first = talk[0].kind
            if first == talk[-1].kind:  # one kind: the engine never lists both at once
                if first == _OFFER:
                    offers = talk
                else:
                    counters = talk
            else:
                offers = [a for a in talk if a.kind == _OFFER]
                counters = [a for a in talk if a.kind == _COUNTER]
        if scenario:  # a scenario's part in the view
            advantages = self._advantages
            uses = [a for a in others if a.kind in advantages]
            if uses and len(uses) < len(others):  # an advantage among the turn's others
                if rng.random() < self.helper_chance:
                    return _choice(rng, uses)
                others = [a for a in others if a.kind not in advantages]
        if offers and self._offers < self.offers_per_turn and rng.random() < self.offer_chance:
            self._offers += 1
            return _choice(rng, offers)
        if counters and rng.random() < self.counter_chance:
            return _choice(rng, counters)
        if others:
            return _choice(rng, others)
        return _choice(rng, offers or counters)


def _choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: the same draw from the same generator, made here.

    Speed device (issue 32: a random bot's decision in the RL environments): the standard
    library's ``choice`` is Python (``_randbelow_with_getrandbits``: draw ``k`` bits until
    below ``n``), about 3,200 instructions of a compiled random bot's 6,600; compiled
    (``make mypyc``) this is the same loop over the generator's own ``getrandbits`` (2,300
    called from Python, valgrind), so the stream of draws is the same
    (``tests/rl/test_turns.py``). A subclass of ``random.Random`` (which may draw
    otherwise) gets its own ``choice``."""
    if type(rng) is not _RANDOM:
        return rng.choice(seq)
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


# Plain globals: reading a member off an enum class is slow on CPython 3.11 (engine/phases.py).
_RANDOM = random.Random
_OFFER = ActionKind.OFFER_TRADE
_COUNTER = ActionKind.COUNTER_TRADE
_TALK = (_OFFER, _COUNTER)


register_bot("random", RandomBot)
register_option_specs("random", RANDOM_SPECS)
