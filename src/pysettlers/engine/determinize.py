"""Determinization: a full game state sampled to agree with what one seat knows.

What this is for: search bots (information-set Monte Carlo, determinized rollouts) that
need whole states to play forward from a :class:`~pysettlers.engine.views.View`.
``determinize(view, rng)`` returns a :class:`GameState` whose ``observe`` for the view's
seat is that view (apart from its ``events``, which describe the last step only) and which
any seat can play on from with ``legal_actions`` / ``apply``:

* everything public is copied from the view: board, pieces, bank, scores and awards, the
  phase and its payload, played knights; each scenario rebuilds its part from its part of
  the view (its ``unview`` hook; e.g. the Helpers of CATAN cards);
  cached values (points, pieces left, blocked intersections, harbor ratios, road lengths)
  are rebuilt from the pieces as a loaded position's are (``derived.rebuild_caches``);
* the viewer's own hand and development cards (and those bought this turn) are the view's;
* each other hand gets as many resource cards as the view says it holds, dealt from the
  cards neither in the bank nor in the viewer's hand. ``known`` gives per-seat lower bounds
  — cards a tracker of the public card flow knows that player holds — and the view adds
  its own: what a player who accepted or countered an open offer must give, what the
  offerer offered, and what a scenario's part of the view shows (``view_bounds``: e.g. the
  hand Hilde's owner is looking at). Known cards are placed first
  and the rest is dealt at random, so every deal of the physical cards consistent with the
  bounds is equally likely;
* each other player gets as many development cards as the view says, dealt from the unseen
  ones (the deck and the others' hidden cards: the game's full deck less every card played,
  every card a scenario took out of the game and the viewer's own cards), of which as many as the
  view says they bought this turn are marked new (any of their cards, as the unseen cards
  are exchangeable). Two public facts restrict the victory point cards: the winner's are
  revealed, and the current player holds fewer than would reach the target (else they had
  won already); those counts are drawn from their exact conditional distribution;
* the deck is the rest, with the cards a scenario reserves in it (``deck_reserved``:
  Candamir's drawn cards, known to their owner); a scenario then samples what of its part
  is hidden from the viewer (``redeal``: another player's Candamir cards, from the deck);
* the game's generator is seeded afresh from ``rng``: the future dice are unknown too.

``viewer=None`` (a spectator) samples every hand and every player's development cards.
``rng`` is the caller's ``random.Random``; the global ``random`` is never used.

What this is not: a tracker of the public card flow (who received, gave, traded, was
robbed or monopolized what — pass what it learns as ``known``), and no belief model
beyond that: cards a view cannot pin down are dealt uniformly. Facts only the history
shows are not used either (e.g. that a player skipped in the Special Building Phase could
afford nothing then).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from .derived import rebuild_caches
from .hands import seat_slice, slot
from .state import Bundle, GameState, fresh_state
from .trade import partner_terms
from .types import DevCard, Phase
from .views import View

VP = int(DevCard.VICTORY_POINT)


def determinize(view: View, rng: random.Random, known: Sequence[Bundle] | None = None) -> GameState:
    """A full state consistent with ``view`` (module docstring); raises ``ValueError`` when
    ``known`` (or the view) admits none."""
    s = _public_state(view, rng)
    me = view.viewer
    if me is not None:
        assert view.hand is not None and view.dev_cards is not None
        assert view.dev_bought_this_turn is not None
        s.hands[seat_slice(me)] = view.hand
        s.dev[seat_slice(me)] = view.dev_cards
        s.dev_new[seat_slice(me)] = view.dev_bought_this_turn
    _deal_hands(view, s, rng, known)
    _deal_development_cards(view, s, rng)
    return s


# -- the public part ---------------------------------------------------------------------------


def _public_state(view: View, rng: random.Random) -> GameState:
    s = fresh_state(view.rules, view.board, rng.getrandbits(64))
    s.phase = view.phase
    s.current = view.current
    s.turn = view.turn
    s.version = view.version
    s.first_player = view.first_player
    s.setup_step = view.setup_step
    s.setup_vertex = view.setup_vertex
    s.resume = view.resume
    s.free_roads = view.free_roads
    s.special_builder = view.special_builder
    s.dev_played = view.dev_played
    s.last_roll = view.last_roll
    s.winner = view.winner
    s.robber = view.robber
    s.building_owner = list(view.building_owner)
    s.building_level = list(view.building_level)
    s.road_owner = list(view.road_owner)
    s.bank = list(view.bank)
    s.knights = list(view.knights)
    s.played = list(view.played)
    s.discards = list(view.discards)
    s.longest_road = view.longest_road
    s.largest_army = view.largest_army
    s.offer_give = view.offer_give
    s.offer_get = view.offer_get
    s.offer_answers = list(view.offer_answers)
    s.offer_counters = list(view.offer_counters)
    s.offer_id = view.offer_id
    for x in s.ruleset.scenarios:
        s.ext[x.name] = x.unview(s, view.ext.get(x.name))
    rebuild_caches(s)
    return s


# -- resource cards ----------------------------------------------------------------------------


def _hand_bounds(view: View, s: GameState, known: Sequence[Bundle] | None) -> list[list[int]]:
    """Per seat, the cards the view (and ``known``) say that player holds at least."""
    n = view.n
    low = [[0] * 5 for _ in range(n)]

    def at_least(q: int, b: Sequence[int]) -> None:
        low[q] = [max(x, y) for x, y in zip(low[q], b)]

    if known is not None:
        if len(known) != n:
            raise ValueError(f"known needs one bundle per player ({n}), not {len(known)}")
        for q, b in enumerate(known):
            if len(b) != 5 or min(b) < 0:
                raise ValueError(f"known[{q}] is not a bundle of 5 non-negative counts")
            at_least(q, b)
    if view.hands is not None:  # hands face up (alternate rule 2): known exactly
        for q, b in enumerate(view.hands):
            at_least(q, b)
    if view.phase in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM):
        # An offer is made, accepted and countered only with cards held, and no hand changes
        # while it is open.
        at_least(view.current, view.offer_give)
        for q in range(n):
            terms = partner_terms(s, q)
            if terms is not None:
                at_least(q, terms[1])
    for x in s.ruleset.card_keepers:
        for q, bound in x.view_bounds(view):
            at_least(q, bound)
    return low


def _deal_hands(
    view: View, s: GameState, rng: random.Random, known: Sequence[Bundle] | None
) -> None:
    me = view.viewer
    low = _hand_bounds(view, s, known)
    if me is not None:
        assert view.hand is not None
        if any(x > h for x, h in zip(low[me], view.hand)):
            raise ValueError(f"known cards of p{me} are not in the viewer's hand {view.hand}")
    others = [q for q in range(view.n) if q != me]
    unseen = [view.rules.bank_per_resource - view.bank[r] for r in range(5)]
    if me is not None:
        assert view.hand is not None
        unseen = [u - h for u, h in zip(unseen, view.hand)]
    for q in others:
        if sum(low[q]) > view.hand_sizes[q]:
            raise ValueError(f"p{q} holds {view.hand_sizes[q]} cards, fewer than known {low[q]}")
        unseen = [u - x for u, x in zip(unseen, low[q])]
    if min(unseen) < 0:
        raise ValueError("the known cards are more than the cards outside the bank")
    pool = [r for r in range(5) for _ in range(unseen[r])]
    if len(pool) != sum(view.hand_sizes[q] - sum(low[q]) for q in others):
        raise ValueError("the hand sizes do not match the cards outside the bank")
    rng.shuffle(pool)
    at = 0
    for q in others:
        hand = low[q][:]
        k = view.hand_sizes[q] - sum(hand)
        for r in pool[at : at + k]:
            hand[r] += 1
        at += k
        s.hands[seat_slice(q)] = hand


# -- development cards -------------------------------------------------------------------------


def _deal_development_cards(view: View, s: GameState, rng: random.Random) -> None:
    me = view.viewer
    n = view.n
    # Unseen: the full deck less every card played, the cards scenarios took out of the game
    # and the viewer's own cards.
    unseen = list(view.rules.deck)
    for p in range(n):
        for c in range(5):
            unseen[c] -= view.played[slot(p, c)]
    reserved = [0] * 5  # in the deck, but known to the viewer (a scenario's)
    for x in s.ruleset.card_keepers:
        unseen = [u - c for u, c in zip(unseen, x.cards_out_of_game(s))]
        reserved = [r + c for r, c in zip(reserved, x.deck_reserved(view))]
    if me is not None:
        assert view.dev_cards is not None
        unseen = [u - d for u, d in zip(unseen, view.dev_cards)]
    unseen = [u - r for u, r in zip(unseen, reserved)]
    if min(unseen) < 0:
        raise ValueError("more development cards are accounted for than the game has")
    others = [q for q in range(n) if q != me]
    counts = {q: view.dev_counts[q] for q in others}
    if sum(unseen) != view.deck_size - sum(reserved) + sum(counts.values()):
        raise ValueError("the development cards held and in the deck do not add up")
    held: dict[int, list[int]] = {}
    vp_range = _vp_ranges(view, others)
    for q, (lo, hi) in vp_range.items():
        held[q] = _take_with_vp(unseen, counts[q], lo, hi, rng)
    pool = [c for c in range(5) for _ in range(unseen[c])]
    rng.shuffle(pool)
    at = 0
    for q in others:
        if q in held:
            continue
        held[q] = pool[at : at + counts[q]]
        at += counts[q]
    deck = [0] * 5
    for c in pool[at:]:
        deck[c] += 1
    for q in others:
        cards = held[q]
        dev = [0] * 5
        for c in cards:
            dev[c] += 1
        s.dev[seat_slice(q)] = dev
        # The cards bought this turn: any of theirs (all unseen cards are alike).
        new = [0] * 5
        for c in rng.sample(cards, view.dev_bought[q]):
            new[c] += 1
        s.dev_new[seat_slice(q)] = new
    s.deck = [d + r for d, r in zip(deck, reserved)]
    for x in s.ruleset.card_keepers:
        x.redeal(s, view, rng)


def _vp_ranges(view: View, others: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Players whose victory point cards the public facts restrict, with (min, max)."""
    out: dict[int, tuple[int, int]] = {}
    if view.phase == Phase.GAME_OVER:
        for q in others:  # every player's are turned up at the end (R5 Victory Point Cards)
            out[q] = (view.revealed_vp_cards[q], view.revealed_vp_cards[q])
    elif view.turn and view.phase != Phase.SPECIAL_BUILD and view.current in others:
        # After every action of a turn the current player with enough points wins at once,
        # so the game going on says their hidden cards fall short of the target.
        c = view.current
        out[c] = (0, view.vp_target - 1 - view.public_vp[c])
    return out


def _take_with_vp(unseen: list[int], m: int, lo: int, hi: int, rng: random.Random) -> list[int]:
    """``m`` cards from the ``unseen`` counts (taken out of them) holding between ``lo`` and
    ``hi`` victory point cards, uniformly among such hands: the number of victory point
    cards drawn from its hypergeometric distribution restricted to the range."""
    v = unseen[VP]
    rest = sum(unseen) - v
    ks = list(range(max(0, lo), min(hi, m, v) + 1))
    weights = [comb(v, k) * comb(rest, m - k) for k in ks]
    if not ks or not sum(weights):
        raise ValueError("no deal of the development cards agrees with the victory points")
    k = rng.choices(ks, weights)[0]
    others = [c for c in range(5) if c != VP for _ in range(unseen[c])]
    cards = [VP] * k + rng.sample(others, m - k)
    for c in cards:
        unseen[c] -= 1
    return cards
