"""``determinize(view, rng)``: sampled states agree with the view and play on.

What this is for: the promises of ``engine/determinize.py`` over random positions of 3–6
player games with and without the Helpers of CATAN, seen by a random seat, the seat that
decides, or a spectator: the sampled state observed from the same seat is the view (all
but the last step's events); cards are conserved and cached values equal a recount; the
viewer's legal actions are the true state's (what a seat needs to decide is in its view);
the game plays on from the sample; ``known`` lower bounds are respected; and the sampling is
really random, and uniform over the deals of the unseen cards.

What this is not: a test of a tracker of the public card flow (none exists yet) or of any
search bot using the samples.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    GameState,
    Phase,
    Rules,
    View,
    apply,
    apply_checked,
    deciders,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.engine.derived import recount
from pysettlers.engine.determinize import determinize
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.state import Bundle
from pysettlers.engine.types import DevCard
from support import harness
from support.builders import play, position

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Phases worth stopping in: the rare ones random play passes through only briefly.
STOPS = (
    None,
    Phase.SETUP_ROAD,
    Phase.DISCARD,
    Phase.MOVE_ROBBER,
    Phase.ROAD_BUILDING,
    Phase.TRADE_RESPONSE,
    Phase.TRADE_CONFIRM,
    Phase.SPECIAL_BUILD,
    Phase.HELPER_AFTER,
    Phase.HELPER_REACT,
    Phase.HILDE_TAKE,
    Phase.CANDAMIR_KEEP,
    Phase.NASSIR_REPAY,
)


def view_fields(view: View) -> dict[str, Any]:
    """Everything a view says but the events of the last step."""
    return {
        f.name: getattr(view, f.name)
        for f in dataclasses.fields(view)
        if f.name not in ("events", "_sites")
    } | {
        "road_sites": view.road_sites,
        "settlement_sites": view.settlement_sites,
        "city_sites": view.city_sites,
    }


def check_consistent(s: GameState) -> None:
    """Cards conserved (knights discarded for Vincent leave the game), caches recounted."""
    rules = s.rules
    for name in ("hands", "bank", "deck", "dev", "dev_new", "played", "knights"):
        assert min(getattr(s, name)) >= 0, name
    for r in range(5):
        assert s.bank[r] + sum(s.hands[r::5]) == rules.bank_per_resource
    assert sum(s.bank) + sum(s.hands) == 5 * rules.bank_per_resource
    discarded = 0 if helpers_of(s) is None else sum(helpers_of(s).knights_discarded)
    for c in range(5):
        total = s.deck[c] + sum(s.dev[c::5]) + sum(s.played[c::5])
        total += discarded if c == DevCard.KNIGHT else 0
        assert total == rules.deck[c], DevCard(c).name
    assert all(new <= d for new, d in zip(s.dev_new, s.dev))
    if helpers_of(s) is not None:
        drawn = Counter(helpers_of(s).drawn)
        assert all(drawn[c] <= s.deck[c] for c in range(5))
    for name, value in recount(s).items():
        assert getattr(s, name) == value, name
    if s.phase not in (Phase.GAME_OVER, Phase.SPECIAL_BUILD) and s.turn:
        assert s.total_vp(s.current) < rules.vp_target  # else the game would be over


def play_on(s: GameState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER:
            break
        p = rng.choice(deciders(s))
        apply_checked(s, rng.choice(legal_actions(s, p)))
    check_consistent(s)


@st.composite
def positions(draw: st.DrawFn) -> tuple[GameState, int | None]:
    rules = Rules(
        players=draw(st.integers(3, 6)),
        helpers=draw(st.booleans()),
        ships=draw(st.booleans()),
        seed=draw(st.integers(0, 2**32)),
    )
    s = random_position(rules, draw(st.integers(0, 1500)), draw(st.sampled_from(STOPS)))
    who = draw(st.sampled_from(("seat", "decider", "spectator")))
    if who == "spectator":
        return s, None
    if who == "decider" and s.phase != Phase.GAME_OVER:
        return s, draw(st.sampled_from(deciders(s)))
    return s, draw(st.integers(0, rules.players - 1))


def random_position(rules: Rules, steps: int, stop: Phase | None = None) -> GameState:
    """Random legal actions (offers made rarely, as the harness does) for up to ``steps``
    steps, stopping early on reaching phase ``stop``."""
    s = new_game(rules)
    rng = random.Random(rules.seed)
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER or s.phase == stop:
            break
        p = rng.choice(deciders(s))
        apply(s, harness.choose(s, rng, legal_actions(s, p)))
    return s


@SETTINGS
@given(positions(), st.integers(0, 2**32))
def test_a_sample_agrees_with_the_view(pos: tuple[GameState, int | None], seed: int) -> None:
    s, seat = pos
    view = observe(s, seat)
    rng = random.Random(seed)
    sample = determinize(view, rng)
    assert view_fields(observe(sample, seat)) == view_fields(view)
    check_consistent(sample)
    assert deciders(sample) == deciders(s)
    if seat is not None:
        assert legal_actions(sample, seat) == legal_actions(s, seat)
    play_on(sample, rng, 50)


@SETTINGS
@given(positions(), st.integers(0, 2**32))
def test_known_cards_are_respected(pos: tuple[GameState, int | None], seed: int) -> None:
    s, seat = pos
    rng = random.Random(seed)
    # A tracker's knowledge: some of each player's true cards.
    known = [some_of(s.hand(p), rng) for p in range(s.n)]
    sample = determinize(observe(s, seat), rng, known)
    for p in range(s.n):
        assert all(h >= k for h, k in zip(sample.hand(p), known[p]))
    check_consistent(sample)
    impossible = list(known)
    q = next(p for p in range(s.n) if p != seat)
    impossible[q] = (s.hand_size(q) + 1, 0, 0, 0, 0)
    with pytest.raises(ValueError):
        determinize(observe(s, seat), rng, impossible)


def some_of(hand: Bundle, rng: random.Random) -> Bundle:
    a, b, c, d, e = (rng.randint(0, x) for x in hand)
    return (a, b, c, d, e)


def test_different_seeds_deal_different_hands() -> None:
    s = random_position(Rules(players=4, seed=11), 400)
    view = observe(s, 0)
    assert sum(view.hand_sizes[1:]) >= 2 and len({r for r in range(5) if view.bank[r] < 19}) >= 2
    deals = {tuple(determinize(view, random.Random(seed)).hands[5:]) for seed in range(20)}
    assert len(deals) > 1
    # The viewer's own cards and everything public stay put whatever the seed.
    assert all(determinize(view, random.Random(seed)).hand(0) == s.hand(0) for seed in range(5))


def test_deals_are_uniform_over_the_unseen_cards() -> None:
    # Two opponents with one card each, the unseen cards a brick and an ore: each of the two
    # deals is equally likely.
    s = position(hands={"p1": "brick", "p2": "ore", "p0": "grain"})
    view = observe(s, 0)
    rng = random.Random(5)
    deals = Counter(tuple(determinize(view, rng).hands[5:15]) for _ in range(600))
    assert len(deals) == 2
    assert all(240 <= c <= 360 for c in deals.values())


def test_finished_games_reveal_the_winners_cards() -> None:
    from pysettlers.bots import bot_rng, make_bot

    for seed in (1, 2):
        s = new_game(Rules(players=3, seed=seed))
        bots = [make_bot("weighted", bot_rng(seed, p)) for p in range(3)]
        while s.phase != Phase.GAME_OVER:
            p = to_move(s)
            apply_checked(s, bots[p].choose(observe(s, p), legal_actions(s, p)))
        for seat in (None, *range(3)):
            view = observe(s, seat)
            sample = determinize(view, random.Random(seed))
            assert view_fields(observe(sample, seat)) == view_fields(view)
            check_consistent(sample)
            w = s.winner
            assert sample.dev[5 * w + 4] == s.dev[5 * w + 4]


def test_partners_of_an_open_offer_hold_what_they_agreed_to_give() -> None:
    # p1 accepted p0's offer: whatever the sample, p1 holds the brick it agreed to give, so
    # p0 may confirm the trade as in the true state.
    rules = Rules(map_kind="beginner")
    s = position(
        rules,
        hands={"p0": "ore", "p1": "brick+3grain", "p2": "4grain", "p3": "4grain"},
    )
    play(s, "p0 offer 1ore for 1brick to p1,p2,p3", "p1 accept #1", "p2 reject #1", "p3 reject #1")
    assert s.phase == Phase.TRADE_CONFIRM
    view = observe(s, 0)
    for seed in range(30):
        sample = determinize(view, random.Random(seed))
        assert sample.hand(1)[0] == 1
        assert legal_actions(sample, 0) == legal_actions(s, 0)


def test_the_current_player_holds_too_few_victory_points_to_have_won() -> None:
    # p1 shows 2 of the 3 points needed: had it a victory point card it would have won.
    rules = Rules(map_kind="beginner", vp_target=3)
    s = position(
        rules,
        pieces={"p1": {"settlements": ["(0,-1)N", "(0,2)N"]}},
        dev={"p1": "2knight+monopoly"},
        current=1,
    )
    assert s.public_vp[1] == 2
    view = observe(s, 0)
    for seed in range(40):
        sample = determinize(view, random.Random(seed))
        assert sample.dev[5 + DevCard.VICTORY_POINT] == 0
        assert sum(sample.dev[5:10]) == 3


@pytest.mark.parametrize("map_kind", ["big-island", "peanut"])
@pytest.mark.parametrize("seed", [1, 2])
def test_seven_and_eight_player_samples_agree_with_the_view(map_kind: str, seed: int) -> None:
    rules = Rules(players=7 + seed % 2, map_kind=map_kind, seed=seed)
    s = random_position(rules, 700)
    for seat in (*range(rules.players), None):
        view = observe(s, seat)
        sample = determinize(view, random.Random(seed))
        assert view_fields(observe(sample, seat)) == view_fields(view)
        check_consistent(sample)
        if seat is not None:
            assert legal_actions(sample, seat) == legal_actions(s, seat)
