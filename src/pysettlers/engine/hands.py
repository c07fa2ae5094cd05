"""The players' cards by name: what a seat holds, and cards moving between hand, bank and box.

Speed device: the state keeps every seat's resource cards in one flat list,
``hands[5 * seat + resource]``, and its development cards the same way (``dev``, ``dev_new``,
``played``), because a flat list of ints is copied in one step (``GameState.copy`` runs for
every search node) and read without a second lookup; compiled by mypyc, each read is a
native list index. This module is the room that spells that index, so that the rule modules
say what happens — ``held(s, p, ORE)``, ``move_cards(s, victim, thief, r)``,
``pay(s, p, CITY_COST)`` — and never ``5 * p + r``. (``GameState.hand``, ``holds`` and
``hand_size`` are the reading side of the same layout; ``legal.py``'s listing loop and
``production.py``'s payout loop keep the index written out, each saying why.)

mypyc compiles these into native functions that every compiled module calls directly, a
few instructions each; in CPython each call is a small frame. The hottest paths measured
(``bench/instructions.py``) kept their cost within 3% with these calls.

What this is not: legality. Each function moves or reads what it is told; the rules check
first (the bank's stock, what a hand holds).
"""

from __future__ import annotations

from .state import GameState
from .types import Bundle


def slot(p: int, r: int) -> int:
    """Where seat ``p``'s count of ``r`` lies in a flat per-seat list (a copy of the rates
    a scenario changes, the ``Produced`` event's counts)."""
    return 5 * p + r


def seat_slice(p: int) -> slice:
    """Where seat ``p``'s five counts lie in a flat per-seat list (``hands``, ``dev``,
    ``dev_new``, ``played``, ``ratios``): for reading or writing all five at once."""
    return slice(5 * p, 5 * p + 5)


# -- resource cards ----------------------------------------------------------------------------


def held(s: GameState, p: int, r: int) -> int:
    """How many cards of resource ``r`` seat ``p`` holds."""
    return s.hands[5 * p + r]


def from_bank(s: GameState, p: int, r: int, n: int = 1) -> None:
    """``n`` cards of ``r`` go from the bank to ``p``'s hand (the caller checked the bank)."""
    s.bank[r] -= n
    s.hands[5 * p + r] += n


def to_bank(s: GameState, p: int, r: int, n: int = 1) -> None:
    """``n`` cards of ``r`` go from ``p``'s hand back to the bank."""
    s.hands[5 * p + r] -= n
    s.bank[r] += n


def pay(s: GameState, p: int, cost: Bundle) -> None:
    """Move ``cost`` from ``p``'s hand to the bank (the caller has checked it is held)."""
    h = s.hands
    bank = s.bank
    i = 5 * p
    for r in range(5):
        c = cost[r]
        if c:
            h[i + r] -= c
            bank[r] += c


def move_cards(s: GameState, giver: int, taker: int, r: int, n: int = 1) -> None:
    """``n`` cards of ``r`` go from ``giver``'s hand to ``taker``'s (a steal, a card taken
    or given back, one side of a trade)."""
    h = s.hands
    h[5 * giver + r] -= n
    h[5 * taker + r] += n


def take_all(s: GameState, taker: int, giver: int, r: int) -> int:
    """Every card of ``r`` in ``giver``'s hand goes to ``taker`` (Monopoly); how many."""
    h = s.hands
    i = 5 * giver + r
    c = h[i]
    if c:
        h[i] = 0
        h[5 * taker + r] += c
    return c


def held_kinds(s: GameState, p: int) -> int:
    """The resources ``p`` holds at least one of, as a ``1 << resource`` bit mask."""
    h = s.hands
    i = 5 * p
    return ((h[i] > 0) | (h[i + 1] > 0) << 1 | (h[i + 2] > 0) << 2 | (h[i + 3] > 0) << 3) | (
        h[i + 4] > 0
    ) << 4


# -- development cards -------------------------------------------------------------------------


def cards_held(s: GameState, p: int, card: int) -> int:
    """How many development cards of kind ``card`` seat ``p`` holds (bought ones too)."""
    return s.dev[5 * p + card]


def bought_this_turn(s: GameState, p: int, card: int) -> int:
    """How many of ``p``'s development cards of kind ``card`` were bought this turn (they
    may not be played before the next)."""
    return s.dev_new[5 * p + card]


def cards_played(s: GameState, p: int, card: int) -> int:
    """How many development cards of kind ``card`` seat ``p`` has played (face up)."""
    return s.played[5 * p + card]


def playable(s: GameState, p: int, card: int) -> bool:
    """``p`` holds a ``card`` bought before this turn."""
    i = 5 * p + card
    return s.dev[i] > s.dev_new[i]


def draw_card(s: GameState, p: int, card: int) -> None:
    """``p`` takes development card ``card`` from the deck (bought: new this turn)."""
    s.deck[card] -= 1
    s.dev[5 * p + card] += 1
    s.dev_new[5 * p + card] += 1


def play_card(s: GameState, p: int, card: int) -> None:
    """``p`` plays ``card``: out of the hand, face up among the played ones."""
    s.dev[5 * p + card] -= 1
    s.played[5 * p + card] += 1


def remove_played(s: GameState, p: int, card: int) -> None:
    """One of ``p``'s played ``card`` leaves the game (Vincent discards a played knight)."""
    s.played[5 * p + card] -= 1


# -- maritime rates ----------------------------------------------------------------------------


def rate(s: GameState, p: int, r: int) -> int:
    """``p``'s rate with the bank for ``r`` now: 4, 3 (a generic harbor) or 2 (``r``'s)."""
    return s.ratios[5 * p + r]


def lower_rate(s: GameState, p: int, r: int, to: int) -> None:
    """``p``'s rate for ``r`` becomes ``to`` where that is better (a harbor reached)."""
    i = 5 * p + r
    if s.ratios[i] > to:
        s.ratios[i] = to
