"""The opponents' turns of the single-agent environment, moved to a compiled module (issue 32):
the same games as the loop they replace, and the random bot's draws as ``random.choice``'s.

What this is for: ``rl/turns.py`` (``play_bots``) and the random bot's ``_choice`` are speed
devices that ``make mypyc`` compiles; these tests pin them to what they replace — the
environment's own interpreted loop (written out here as it was) and the standard library's
``Random.choice`` — so that the compiled build (``make test-mypyc``) checks the compiled
code against them. What this is not: a speed measurement (``bench/rl_steps.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np

from pysettlers.bots.random_bot import _choice
from pysettlers.engine import Rules, apply, is_over, legal_actions, observe, to_move
from pysettlers.rl import SettlersEnv


def reference_play_bots(env: SettlersEnv) -> None:
    """``SettlersEnv._play_bots`` as it was before ``turns.py``: the oracle."""
    s = env.table.s
    while not is_over(s) and env._steps < env.max_steps:
        p = to_move(s)
        if p == env.seat:
            return
        bot = env._bots.get(p)
        if bot is None:
            env._opponents.play(env.table, p)
            env._steps += 1
            continue
        apply(s, bot.choose(observe(s, p, lazy=True), legal_actions(s, p)))
        env._steps += 1


def first_legal(observation: dict[str, Any], mask: Any) -> int:
    """A policy opponent: the first legal index."""
    return int(np.flatnonzero(mask)[0])


def play(env: SettlersEnv, seed: int, steps: int) -> list[Any]:
    """The learner picks uniformly among its legal actions; what each step returns."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    got: list[Any] = []
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        got.append(
            (obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc)
        )
        got.append((env.table.s.version, env._steps, info.get("winner")))
        if term or trunc:
            obs, _ = env.reset()
            got.append(("reset", env.table.s.version, env._steps))
    return got


@pytest.mark.parametrize(
    ("kwargs", "seed"),
    [
        ({"opponents": ["random"] * 3, "offers": False}, 1),
        ({"opponents": ["random", "greedy", "random"]}, 2),  # offers and their answers
        ({"opponents": ["random", first_legal], "rules": Rules(players=3)}, 3),  # a policy
        ({"opponents": ["random"] * 3, "max_steps": 150, "seat": 2}, 4),  # truncated
        # A scenario (the random bot's view is made, ``ext`` read) beside the base game's
        # random bots, which are given only the turn (``RandomBot.choose_at``).
        ({"opponents": ["random"] * 3, "rules": Rules(players=4, helpers=True)}, 5),
    ],
)
def test_the_compiled_turns_play_the_games_the_old_loop_played(
    kwargs: dict[str, Any], seed: int
) -> None:
    fast = SettlersEnv(**kwargs)
    oracle = SettlersEnv(**kwargs)
    oracle._play_bots = lambda: reference_play_bots(oracle)  # type: ignore[method-assign]
    assert play(fast, seed, 300) == play(oracle, seed, 300)


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_random_bots_choice_draws_as_random_choice(seed: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    # Every length up to past a power of two (where the rejection loop draws most).
    for n in [*range(1, 70), 127, 128, 129, 1000]:
        seq = list(range(n))
        for _ in range(20):
            assert _choice(mine, seq) == theirs.choice(seq)
    assert mine.random() == theirs.random()  # the generators are left in the same state


def test_the_random_bots_choice_refuses_nothing_and_leaves_subclasses_their_own() -> None:
    with pytest.raises(IndexError):
        _choice(random.Random(0), [])

    class Loaded(random.Random):
        def choice(self, seq: Any) -> Any:
            return seq[-1]

    assert _choice(Loaded(0), [1, 2, 3]) == 3
