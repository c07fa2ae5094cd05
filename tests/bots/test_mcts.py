"""The mcts bot: legal games from views only, reproducible per seed, its options, its budget,
and a strength check that can fail.

Games are driven as the simulator and the server drive them: each seat's view carries every
event since its previous view (``observe(s, seat, since)``), a spy checks what the bot is
called with, and its choice goes through ``apply_checked``. Budgets are tiny so that these
games take seconds; the bot's strength against the field is measured with ``pysettlers
arena`` (docs/bots.md).
"""

from __future__ import annotations

import random

import pytest

from pysettlers.bots import Bot, MctsBot, bot_names, bot_rng, make_bot
from pysettlers.bots import mcts as M
from pysettlers.bots.features import board_info
from pysettlers.engine import (
    GameState,
    Phase,
    Rules,
    apply_checked,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from support.spies import Spy, play_with_views

SMALL = {"iterations": 4, "setup": 12, "depth": 1}


@pytest.mark.parametrize(
    ("rules", "rollout"),
    [
        (Rules(players=4, seed=41), "weighted"),
        (Rules(players=3, seed=42, helpers=True), "random"),
        (Rules(players=4, seed=43, map_kind="islands", ships=True, pirate=True), "weighted"),
    ],
    ids=["4p", "3p-helpers-random-rollouts", "4p-islands-ships"],
)
def test_mcts_plays_legal_games_from_views_only(rules: Rules, rollout: str) -> None:
    hero = rules.seed % rules.players
    bots = [
        Spy(make_bot("mcts", bot_rng(rules.seed, p), rollout=rollout, **SMALL), listed_only=True)
        if p == hero
        else make_bot("greedy", bot_rng(rules.seed, p))
        for p in range(rules.players)
    ]
    s = play_with_views(rules, bots)
    assert is_over(s), f"unfinished after {s.turn} turns"
    spy = bots[hero]
    assert isinstance(spy, Spy) and spy.calls
    inner = spy.inner
    assert isinstance(inner, MctsBot) and inner.searches > 0
    assert inner.last_iterations == SMALL["iterations"]


def test_mcts_is_registered() -> None:
    assert "mcts" in bot_names()
    assert isinstance(make_bot("mcts", random.Random(0)), MctsBot)


def test_same_seed_same_game() -> None:
    rules = Rules(players=4, seed=44)

    def game() -> tuple[int, ...]:
        bots = [make_bot("mcts", bot_rng(44, p), **SMALL) for p in range(2)] + [
            make_bot("weighted", bot_rng(44, p)) for p in range(2, 4)
        ]
        s = play_with_views(rules, bots, max_turns=25)
        return (s.version, s.turn, *s.hands)

    assert game() == game()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"depth_limit": 3}, "unknown option"),
        ({"iterations": 0}, "'iterations' must be between"),
        ({"iterations": "many"}, "'iterations' must be a number"),
        ({"c": -1}, "'c' must be between"),
        ({"rollout": "greedy"}, "'rollout' must be one of weighted, random"),
        ({"ms": 10**6}, "'ms' must be between"),
        ({"memory": "perhaps"}, "'memory' must be a boolean"),
        ({"depth": 0}, "'depth' must be between"),
    ],
)
def test_option_errors_are_clear(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message) as err:
        make_bot("mcts", random.Random(0), **options)
    assert str(err.value).startswith("mcts:")


def test_options_as_strings() -> None:
    bot = make_bot("mcts", random.Random(0), iterations="7", c="1.5", rollout="random")
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.c, bot.rollout) == (7, 1.5, "random")


def _first_main_decision(seed: int) -> tuple[GameState, int]:
    """A position where the player to move has several main-phase choices."""
    s = new_game(Rules(players=3, seed=seed))
    bots = [make_bot("greedy", bot_rng(seed, p)) for p in range(3)]
    while True:
        p = to_move(s)
        legal = legal_actions(s, p)
        if s.phase == Phase.MAIN and len(M.tree_actions(legal)) > 2:
            return s, p
        apply_checked(s, bots[p].choose(observe(s, p), legal))


def test_ms_budget_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``ms`` the search stops when the (here: simulated) clock passes the budget,
    however many iterations that is; the iteration count, when given too, caps it."""
    s, p = _first_main_decision(45)
    clock = [0.0]

    def tick() -> float:  # each reading of the clock is 1 ms later: one per iteration
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(M, "perf_counter", tick)
    bot = make_bot("mcts", random.Random(1), ms=10)
    assert isinstance(bot, MctsBot)
    bot.choose(observe(s, p), legal_actions(s, p))
    assert bot.last_iterations == 10
    capped = make_bot("mcts", random.Random(1), ms=10, iterations=3)
    assert isinstance(capped, MctsBot)
    capped.choose(observe(s, p), legal_actions(s, p))
    assert capped.last_iterations == 3


def test_the_tree_branches_on_talk_only_when_nothing_else_is_legal() -> None:
    s, p = _first_main_decision(46)
    legal = legal_actions(s, p)
    acts = M.tree_actions(legal)
    assert acts and all(a.kind not in M.TALK for a in acts)
    talk = [a for a in legal if a.kind in M.TALK]
    if talk:
        assert M.tree_actions(talk) == talk


def test_leaf_rewards_are_shares_and_a_won_game_is_one() -> None:
    s, _ = _first_main_decision(47)
    info = board_info(s.board)
    r = M.leaf_rewards(s, info)
    assert len(r) == 3 and abs(sum(r) - 1.0) < 1e-9 and all(0 < x < 1 for x in r)


def test_mcts_beats_random_in_most_two_player_games() -> None:
    """A strength check that fails if the search stopped steering: with a small budget the
    bot wins at least 3 of 4 two-player games against ``random`` (seats alternate)."""
    wins = 0
    for g in range(4):
        rules = Rules(players=2, seed=500 + g)
        hero = g % 2
        bots: list[Bot] = [
            make_bot("mcts", bot_rng(rules.seed, p), iterations=8, setup=30, depth=2)
            if p == hero
            else make_bot("random", bot_rng(rules.seed, p))
            for p in range(2)
        ]
        s = play_with_views(rules, bots, max_turns=300)
        wins += s.winner == hero
    assert wins >= 3, wins
