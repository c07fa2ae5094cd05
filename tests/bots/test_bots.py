"""Bots: the protocol, the registry, and the random bot finishing seeded games legally.

A bot must only ever see what its seat may know: the games here are driven the way every
adapter drives them (``observe`` for the deciding seat, ``legal_actions``, then
``apply_checked``), and a spy checks the types each bot is actually called with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pysettlers.bots import Bot, RandomBot, bot_names, bot_rng, make_bot, register_bot
from pysettlers.engine import (
    Action,
    ActionKind,
    GameState,
    Rules,
    View,
    apply_checked,
    format_action,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.engine.types import HELPER_KINDS
from support.spies import Spy


def play(rules: Rules, bots: Sequence[Bot], max_turns: int = 2000) -> tuple[GameState, list[str]]:
    s = new_game(rules)
    log: list[str] = []
    while not is_over(s) and s.turn <= max_turns:
        p = to_move(s)
        view = observe(s, p)
        assert view.viewer == p and p in view.deciders
        a = bots[p].choose(view, legal_actions(s, p))
        apply_checked(s, a)  # raises IllegalActionError on anything illegal
        log.append(format_action(a, s.topo))
    return s, log


@pytest.mark.parametrize(
    "rules",
    [
        Rules(seed=1),
        Rules(seed=2, map_kind="random"),
        Rules(seed=3, map_kind="beginner"),
        Rules(seed=4, players=3),
        Rules(seed=5, players=2, vp_target=8),
        Rules(seed=6, trade_build="separate"),
    ],
    ids=lambda r: f"{r.players}p-{r.map_kind}-{r.trade_build}-seed{r.seed}",
)
def test_random_bots_finish_seeded_games_legally(rules: Rules) -> None:
    spies = [Spy(RandomBot(bot_rng(rules.seed, p)), listed_only=True) for p in range(rules.players)]
    s, log = play(rules, spies)  # random games take ~150-1000 turns; all of these end
    assert is_over(s), f"unfinished after {s.turn} turns"
    assert s.public_vp[s.winner] + s.dev[5 * s.winner + 4] >= rules.vp_target
    assert all(spy.calls for spy in spies)
    assert len(log) == sum(spy.calls for spy in spies)


def test_same_seed_same_game() -> None:
    rules = Rules(seed=9)

    def bots() -> list[Bot]:
        return [make_bot("random", bot_rng(rules.seed, p)) for p in range(4)]

    assert play(rules, bots())[1] == play(rules, bots())[1]
    other = [make_bot("random", bot_rng(10, p)) for p in range(4)]
    assert play(rules, bots())[1] != play(rules, other)[1]


def test_offers_are_rare_and_bounded_per_turn() -> None:
    rules = Rules(seed=12)
    s = new_game(rules)
    bots = [RandomBot(bot_rng(rules.seed, p)) for p in range(4)]
    offers: dict[int, int] = {}
    counters = answers = 0
    while not is_over(s) and s.turn <= 2000:
        p = to_move(s)
        a = bots[p].choose(observe(s, p), legal_actions(s, p))
        if a.kind == ActionKind.OFFER_TRADE:
            offers[s.turn] = offers.get(s.turn, 0) + 1
        if a.kind in (ActionKind.ACCEPT_TRADE, ActionKind.REJECT_TRADE, ActionKind.COUNTER_TRADE):
            answers += 1
            counters += a.kind == ActionKind.COUNTER_TRADE
        apply_checked(s, a)
    assert offers, "some offers are made"
    assert max(offers.values()) == 1
    assert len(offers) < s.turn / 2
    assert counters <= answers / 4


def test_random_bot_is_uniform_over_ordinary_actions() -> None:
    bot = RandomBot(random.Random(1))
    s = new_game(Rules(seed=1))
    view, legal = observe(s, to_move(s)), legal_actions(s)
    counts = {a: 0 for a in legal}
    for _ in range(200 * len(legal)):
        counts[bot.choose(view, legal)] += 1
    assert min(counts.values()) > 100  # every settlement site is chosen about 200 times


def test_random_bot_rejects_an_empty_choice() -> None:
    s = new_game(Rules(seed=1))
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(random.Random(0)).choose(observe(s, 0), [])


def test_registry() -> None:
    assert "random" in bot_names()
    bot = make_bot("random", random.Random(3))
    assert isinstance(bot, RandomBot)
    assert isinstance(bot, Bot)  # the protocol is runtime-checkable
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        make_bot("nope", random.Random(0))

    class FirstBot:
        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

        def choose(self, view: View, legal: Sequence[Action]) -> Action:
            return legal[0]

    register_bot("test-first", FirstBot)
    try:
        assert isinstance(make_bot("test-first", random.Random(0)), FirstBot)
        with pytest.raises(ValueError, match="already registered"):
            register_bot("test-first", RandomBot)
    finally:
        from pysettlers.bots import base

        del base._REGISTRY["test-first"]


def test_bot_rngs_differ_by_seat_and_seed() -> None:
    draws = {(seed, seat): bot_rng(seed, seat).random() for seed in (1, 2) for seat in range(4)}
    assert len(set(draws.values())) == len(draws)
    assert bot_rng(1, 0).random() == draws[(1, 0)]


def _reference_choice(bot: RandomBot, view: View, legal: Sequence[Action]) -> Action:
    """The random bot's rule written action by action (the bot itself splits the list with
    C-level scans and slices): the same lists in the same order, so the same draws."""
    rng = bot.rng
    if view.turn != bot._turn:
        bot._turn, bot._offers = view.turn, 0
    talk = (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)
    others = [a for a in legal if a.kind not in talk]
    offers = [a for a in legal if a.kind == ActionKind.OFFER_TRADE]
    counters = [a for a in legal if a.kind == ActionKind.COUNTER_TRADE]
    if view.ext:
        uses = [a for a in others if a.kind in HELPER_KINDS]
        if uses and len(uses) < len(others):
            if rng.random() < bot.helper_chance:
                return rng.choice(uses)
            others = [a for a in others if a.kind not in HELPER_KINDS]
    if offers and bot._offers < bot.offers_per_turn and rng.random() < bot.offer_chance:
        bot._offers += 1
        return rng.choice(offers)
    if counters and rng.random() < bot.counter_chance:
        return rng.choice(counters)
    return rng.choice(others or offers or counters)


@pytest.mark.parametrize(
    "rules", [Rules(seed=4), Rules(players=5, helpers=True, seed=4)], ids=["base", "helpers"]
)
def test_random_bot_splits_the_list_as_the_action_by_action_rule(rules: Rules) -> None:
    # Whole games, each decision taken by the bot and by the reference from twin generators
    # (with offers and counter-offers made often, so talk is in play): always the same action.
    s = new_game(rules)
    kw = {"offer_chance": 0.3, "counter_chance": 0.3, "offers_per_turn": 3}
    seen_talk = 0
    bot, ref = RandomBot(random.Random(7), **kw), RandomBot(random.Random(7), **kw)
    while not is_over(s) and s.turn < 160:
        p = to_move(s)
        legal = legal_actions(s, p)
        view = observe(s, p)
        a = bot.choose(view, legal)
        assert a == _reference_choice(ref, view, legal)
        seen_talk += a.kind in (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)
        apply_checked(s, a)
    assert seen_talk > 10
    # Offers and counter-offers in one list (no rule of the engine lists both at once) still
    # split as the action-by-action rule splits them.
    legal = legal_actions(new_game(Rules(seed=1)))
    offer = Action(0, ActionKind.OFFER_TRADE, give=(1, 0, 0, 0, 0), get=(0, 1, 0, 0, 0))
    counter = offer._replace(kind=ActionKind.COUNTER_TRADE)
    mixed = [*legal, offer, offer._replace(get=(0, 0, 1, 0, 0)), counter]
    view = observe(new_game(Rules(seed=1)), 0)
    for seed in range(40):
        bot, ref = RandomBot(random.Random(seed), **kw), RandomBot(random.Random(seed), **kw)
        assert bot.choose(view, mixed) == _reference_choice(ref, view, mixed)
