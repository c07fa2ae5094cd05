"""The Helpers of CATAN's part of ``determinize``: its state rebuilt from a seat's view.

What this is for: the scenario's ``unview`` hook and its ``HelperCards`` capability's
``view_bounds``, ``deck_reserved`` and ``redeal``. Everything in :class:`HelperView` is
public but Hilde's look and Candamir's drawn cards: the look is a lower bound on the
victim's hand; the drawn cards are known to their owner (reserved in the deck) and sampled
from the dealt deck for anyone else.

What this is not: the base game's dealing of hands and cards (``engine/determinize.py``).
"""

from __future__ import annotations

import random
from typing import Any

from pysettlers.engine.data import HELPER_STACK
from pysettlers.engine.state import GameState

from .state import HelperState, hx_of
from .view import HelperView


def _part(part: Any) -> HelperView:
    if not isinstance(part, HelperView):
        raise ValueError("the view has no helpers part")
    return part


def unview(s: GameState, part: Any) -> HelperState:
    hv = _part(part)
    hx = HelperState.fresh(s.n)
    hx.held = list(hv.held)
    hx.side = list(hv.sides)
    hx.since = list(hv.received_turn)
    hx.used = list(hv.used_turn)
    hx.knights_discarded = list(hv.knights_discarded)
    hx.display = sum(1 << h for h in hv.display)
    hx.stack = len(HELPER_STACK) - len(hv.stack)
    hx.jean = hv.jean
    hx.owner = hv.owner
    hx.resume = hv.resume
    hx.window = hv.window
    hx.pending = sum(1 << q for q in hv.pending)
    hx.victim = hv.victim
    hx.owed = sum(1 << q for q in hv.owed)
    return hx  # Candamir's drawn cards: ``redeal``, once the deck is dealt


def view_bounds(part: Any) -> list[tuple[int, tuple[int, ...]]]:
    hv = _part(part)
    # Hilde's look is the victim's whole hand (its size is the view's hand size).
    return [] if hv.look is None else [(hv.victim, hv.look)]


def deck_reserved(part: Any) -> tuple[int, ...]:
    hv = _part(part)
    out = [0] * 5
    for c in hv.drawn or ():  # still counted in the deck; their owner knows them
        out[c] += 1
    return tuple(out)


def redeal(s: GameState, part: Any, rng: random.Random) -> None:
    hv = _part(part)
    hx = hx_of(s)
    if hv.drawn is not None:
        hx.drawn = hv.drawn
    elif hv.drawn_count:  # another's Candamir: that many of the deck's cards, at random
        in_deck = [c for c in range(5) for _ in range(s.deck[c])]
        hx.drawn = tuple(sorted(rng.sample(in_deck, hv.drawn_count)))
