"""The RL speed work (issue 32, point 1): the incremental encoder gives today's arrays, and
the vectorized environment steps N tables exactly as N single environments would.

What this is for: correctness of the fast paths. The incremental encoder is compared, entry
for entry, with the frozen from-scratch encoder (``support/rl_reference_encode.py``) over
seeded random games of several rule sets, views asked in a shuffled order of seats (so each
viewer's kept arrays are brought up from a different earlier view) and several games through
one encoder. What this is not: a speed measurement (``bench/rl_steps.py``).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pytest.importorskip("gymnasium")

import numpy as np

from pysettlers.engine import (
    ActionKind,
    Rules,
    apply,
    deciders,
    is_over,
    legal_actions,
    new_game,
    observe,
)
from pysettlers.rl.encode import Encoder
from support.rl_reference_encode import ReferenceEncoder

RULE_SETS = [
    Rules(players=4),
    Rules(players=3, trade_build="separate"),
    Rules(players=6, helpers=True),
    Rules(players=4, alternate=("open_hands", "victory_points_played")),
    Rules(players=4, pirate=True),
    Rules(players=4, map_kind="islands", ships=True),
    Rules(players=8, map_kind="big-island"),
]


def _ids(r: Rules) -> str:
    return (
        f"{r.players}p-{r.map_kind}"
        + "".join(f"-{k}" for k in ("helpers", "pirate", "ships") if getattr(r, k))
        + ("-alt" if r.alternate else "")
    )


@pytest.mark.parametrize("rules", RULE_SETS, ids=[_ids(r) for r in RULE_SETS])
def test_incremental_encoding_equals_the_reference(rules: Rules) -> None:
    new, ref = Encoder(rules), ReferenceEncoder(rules)
    seen_offer = seen_counter = 0
    for seed in (1, 2):  # two games through one encoder: the kept arrays start over
        rng = random.Random(seed)
        s = new_game(replace(rules, seed=seed))
        for _ in range(400):
            if is_over(s):
                break
            seats = list(range(rules.players))
            rng.shuffle(seats)
            for seat in seats[: rng.randint(1, len(seats))]:
                view = observe(s, seat)
                got, got_parts = new.encode(view, graph=True)
                want, want_parts = ref.encode(view, graph=True)
                assert got.dtype == want.dtype == np.float32
                assert np.array_equal(got, want), (
                    f"seat {seat}, version {s.version}: entries "
                    f"{np.flatnonzero(got != want)[:10].tolist()} differ"
                )
                for name, arr in want_parts.items():
                    assert np.array_equal(got_parts[name], arr), name
                seen_offer += view.offer_give != (0,) * 5
                seen_counter += 4 in view.offer_answers
            p = deciders(s)[0]
            legal = legal_actions(s, p)
            quiet = [a for a in legal if a.kind != ActionKind.OFFER_TRADE] or legal
            apply(s, rng.choice(legal if rng.random() < 0.15 else quiet))
    assert seen_offer and seen_counter  # the rare parts were compared too


def test_the_encoding_is_a_fresh_array_each_time() -> None:
    rules = Rules(players=4)
    enc = Encoder(rules)
    s = new_game(replace(rules, seed=3))
    first, _ = enc.encode(observe(s, 0))
    kept = first.copy()
    apply(s, legal_actions(s, deciders(s)[0])[0])
    second, _ = enc.encode(observe(s, 0))
    assert np.array_equal(first, kept)  # the caller's array is not written over
    assert not np.array_equal(first, second)
    out = np.full(enc.shapes.flat, 7.0, np.float32)
    enc.encode_into(observe(s, 0), out)
    assert np.array_equal(out, second)


def test_numbers_beyond_a_byte_encode_as_the_reference() -> None:
    # The encoder converts the view's counts as bytes (0 to 255) and the turn apart; a turn
    # past 255, or a count that is no byte (negative, large, a fraction), must still give the
    # reference encoder's entries: the general conversion takes over.
    rules = Rules(players=4)
    s = new_game(replace(rules, seed=5))
    for _ in range(60):
        apply(s, legal_actions(s, deciders(s)[0])[0])
    view = observe(s, 1)
    for odd in (
        {"turn": 1234},
        {"bank": (300, 0, 19, 2, 1), "turn": 999},
        {"hand_sizes": (-1, 2, 0, 7)},
        {"ratios": (4, 3.5, 2, 4, 4) * 4},
    ):
        new, ref = Encoder(rules), ReferenceEncoder(rules)
        for v in (view, replace(view, **odd), view):  # and back: nothing left behind
            got, _ = new.encode(v)
            want, _ = ref.encode(v)
            assert np.array_equal(got, want), (odd, np.flatnonzero(got != want)[:10].tolist())


def _same_batch(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert a.keys() == b.keys()
    for k in a:
        assert a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]), k


@pytest.mark.parametrize(
    ("kwargs", "steps"),
    [
        ({"offers": False}, 700),  # games end (terminated), the table resets next step
        ({"opponents": ["weighted", "random"], "max_steps": 60, "graph": True}, 150),
    ],
    ids=["4p-to-the-end", "3p-truncated-graph"],
)
def test_the_vector_env_steps_as_sync_vector_env(kwargs: dict[str, object], steps: int) -> None:
    import gymnasium as gym

    from pysettlers.rl.gym_env import SettlersEnv
    from pysettlers.rl.vector import SettlersVectorEnv

    n = 3
    ours = SettlersVectorEnv(n, **kwargs)  # type: ignore[arg-type]
    sync = gym.vector.SyncVectorEnv([lambda: SettlersEnv(**kwargs) for _ in range(n)])  # type: ignore[arg-type]
    assert ours.observation_space == sync.observation_space
    a_obs, a_info = ours.reset(seed=11)
    b_obs, b_info = sync.reset(seed=11)
    _same_batch(a_obs, b_obs)
    assert np.array_equal(a_info["seed"], b_info["seed"])
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        acts = np.array(
            [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in a_obs["action_mask"]]
        )
        a_obs, a_r, a_term, a_trunc, a_info = ours.step(acts)
        b_obs, b_r, b_term, b_trunc, b_info = sync.step(acts)
        _same_batch(a_obs, b_obs)
        assert np.array_equal(a_r, b_r) and a_r.dtype == b_r.dtype
        assert np.array_equal(a_term, b_term) and np.array_equal(a_trunc, b_trunc)
        assert a_info.keys() == b_info.keys()
        for k in a_info:
            assert np.array_equal(a_info[k], b_info[k]), k
        assert np.array_equal(ours.action_masks(), a_obs["action_mask"])
        ended += int(a_term.sum() + a_trunc.sum())
    assert ended >= n  # every table went through an end and an autoreset at least once


def test_the_vector_env_refuses_a_wrong_batch() -> None:
    from pysettlers.rl.vector import SettlersVectorEnv

    env = SettlersVectorEnv(2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"one action index per table: shape \(2,\)"):
        env.step(np.array([0, 0, 0]))
    with pytest.raises(ValueError, match="positive int"):
        SettlersVectorEnv(0)


def test_make_vec_builds_the_batched_env_with_the_versions_defaults() -> None:
    import gymnasium as gym

    from pysettlers.rl.vector import SettlersVectorEnv

    envs = gym.make_vec(
        "pysettlers/Settlers-v1", num_envs=3, vectorization_mode="vector_entry_point"
    )
    try:
        assert isinstance(envs, SettlersVectorEnv) and envs.num_envs == 3
        assert all(e.illegal_action == "refuse" for e in envs.envs)  # v1's default
        obs, _ = envs.reset(seed=5)
        assert len(envs.action_masks()) == 3
        assert obs is not None
    finally:
        envs.close()
