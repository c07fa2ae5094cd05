"""Opponents of the single-agent environment (``pysettlers.rl.opponents``) and the AEC
environment's ``offers`` switch: policies called as a learner is, illegal choices refused
naming the seat, snapshot pools drawn by their weights, bots and policies mixed per seat.

Skipped when the ``rl`` extra is not installed; nothing here needs torch or sb3 (a model is
a stand-in with sb3's ``predict`` signature).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym
import numpy as np

from pysettlers.engine import ActionKind, Rules, legal_actions, observe, to_move
from pysettlers.rl import ENV_ID_V1, Encoder, IllegalActionIndex, action_layout, aec_env
from pysettlers.rl.opponents import SnapshotPool, policy_opponent

K = ActionKind
RULES = Rules(players=4)


def make(opponents: list[Any], **kwargs: Any) -> Any:
    return gym.make(ENV_ID_V1, opponents=opponents, **kwargs).unwrapped


def random_learner(env: Any, seed: int, steps: int) -> tuple[int, bool]:
    """Play the learner uniformly over its mask up to ``steps`` steps; (steps, game over)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    for k in range(steps):
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            return k + 1, bool(term)
    return steps, False


class Recorder:
    """A policy for seat 1 that checks, at every call, that it is seat 1's decision, that
    the observation is seat 1's view encoded and the mask exactly seat 1's legal actions,
    and records what it chose."""

    def __init__(self, env_box: list[Any], seat: int, offers: bool) -> None:
        self.env_box, self.seat, self.offers = env_box, seat, offers
        self.rng = random.Random(3)
        self.calls = 0
        self.chosen: Counter[ActionKind] = Counter()

    def __call__(self, obs: dict[str, Any], mask: Any) -> int:
        table = self.env_box[0].table
        s = table.s
        assert to_move(s) == self.seat
        view = observe(s, self.seat)
        expected = Encoder(RULES).encode(view)[0]  # a fresh encoder: no incremental state
        np.testing.assert_array_equal(obs["observation"], expected)
        assert obs["action_mask"] is mask
        legal = legal_actions(s, self.seat, offers=self.offers)
        layout = table.layout
        assert set(np.flatnonzero(mask)) == {layout.index(a, s.topo) for a in legal}
        self.calls += 1
        index = self.rng.choice(list(np.flatnonzero(mask)))
        self.chosen[layout.action(int(index), self.seat, s.topo).kind] += 1
        return int(index)


def test_a_callable_opponent_gets_its_seats_observation_and_mask_and_its_action_is_played() -> None:
    box: list[Any] = []
    spy = Recorder(box, seat=1, offers=False)
    env = make([spy, "random", "random"], offers=False, max_steps=400)
    box.append(env)
    random_learner(env, seed=5, steps=400)
    assert spy.calls > 20
    s = env.table.s
    # Every road and settlement seat 1 has on the board is one its policy chose to build.
    assert spy.chosen[K.BUILD_ROAD] == sum(1 for o in s.road_owner if o == 1)
    assert spy.chosen[K.BUILD_SETTLEMENT] == sum(1 for o in s.building_owner if o == 1)
    assert spy.chosen[K.BUILD_SETTLEMENT] >= 2  # the set-up's two at least


def test_policy_seats_follow_the_offers_switch_and_may_offer_when_it_is_on() -> None:
    box: list[Any] = []
    spy = Recorder(box, seat=1, offers=True)  # (its mask must then hold the offers)
    env = make([spy, "random", "random"], max_steps=300)
    box.append(env)
    random_learner(env, seed=2, steps=300)
    assert spy.chosen[K.OFFER_TRADE] > 0


def test_an_illegal_action_from_a_callable_opponent_is_refused_naming_its_seat() -> None:
    versions: list[int] = []
    env_box: list[Any] = []

    def cheat(obs: dict[str, Any], mask: Any) -> int:
        versions.append(env_box[0].table.s.version)
        return int(np.flatnonzero(mask == 0)[0])  # never legal now

    env = make(["random", "random", cheat], seat=0)
    env_box.append(env)
    with pytest.raises(IllegalActionIndex, match=r"the opponent in seat p3 \(cheat\).*illegal"):
        random_learner(env, seed=1, steps=50)
    assert versions and env.table.s.version == versions[-1]  # the game unchanged
    assert to_move(env.table.s) == 3
    # ... and an out-of-range index names the seat too.
    env2 = make([lambda o, m: 10**6, "random", "random"], seat=2)
    with pytest.raises(IllegalActionIndex, match=r"seat p3 .*outside the action space"):
        random_learner(env2, seed=4, steps=50)


def test_unknown_or_malformed_opponents_are_refused_by_seat() -> None:
    with pytest.raises(ValueError, match=r"unknown opponent 'genius' for seat \+2"):
        make(["random", "genius", "random"])
    with pytest.raises(TypeError, match=r"seat \+1 is a bot's name, a policy"):
        make([42, "random", "random"])
    with pytest.raises(ValueError, match="unknown opponent 'genius' in a SnapshotPool"):
        SnapshotPool(["genius"])
    with pytest.raises(ValueError, match="weighting"):
        SnapshotPool(weighting="elo")
    env = make([SnapshotPool(), "random", "random"])
    with pytest.raises(ValueError, match="SnapshotPool is empty"):
        env.reset(seed=0)


def first_legal(obs: dict[str, Any], mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


def last_legal(obs: dict[str, Any], mask: Any) -> int:
    return int(np.flatnonzero(mask)[-1])


def test_a_pool_draws_by_its_weights_seeded() -> None:
    pool = SnapshotPool(weighting="weights")
    assert pool.add(first_legal, weight=1.0) == "snapshot-0"
    assert pool.add(last_legal, weight=3.0, name="late") == "late"
    assert pool.probabilities() == {"snapshot-0": 0.25, "late": 0.75}
    draws = [pool.sample(random.Random(7)).name for _ in range(3)]
    assert len(set(draws)) == 1  # the same generator state, the same draw
    rng = random.Random(11)
    counts = Counter(pool.sample(rng).name for _ in range(4000))
    assert 0.72 < counts["late"] / 4000 < 0.78
    nprng = np.random.default_rng(11)
    counts = Counter(pool.sample(nprng).name for _ in range(4000))
    assert 0.72 < counts["late"] / 4000 < 0.78
    # Fictitious self-play: uniform whatever the weights.
    uniform = SnapshotPool(weighting="uniform")
    uniform.add(first_legal, weight=1.0)
    uniform.add(last_legal, weight=9.0)
    assert uniform.probabilities() == {"snapshot-0": 0.5, "snapshot-1": 0.5}


def test_pfsp_favours_the_snapshots_the_learner_beats_least() -> None:
    pool = SnapshotPool(["random", "weighted"], weighting="pfsp")
    assert pool.probabilities() == {"random": 0.5, "weighted": 0.5}  # unplayed: even
    for _ in range(8):
        pool.record("random", learner_won=True)
        pool.record("weighted", learner_won=False)
    # win rates (8+1)/(8+2) = 0.9 and 1/10 = 0.1: weights 0.1² and 0.9²
    p = pool.probabilities()
    assert p["weighted"] == pytest.approx(0.81 / 0.82)
    assert pool["random"].games == 8 and pool["random"].learner_wins == 8


def test_a_full_pool_drops_its_oldest_snapshot_but_not_a_kept_one() -> None:
    pool = SnapshotPool(max_size=3)
    pool.add("weighted", keep=True)
    for policy in (first_legal, last_legal, first_legal):
        pool.add(policy)
    assert pool.names() == ["weighted", "snapshot-2", "snapshot-3"]
    with pytest.raises(ValueError, match="already has a snapshot named 'weighted'"):
        pool.add("weighted")


def test_mixed_seats_are_seeded_by_the_game_and_pools_learn_the_results() -> None:
    calls: Counter[str] = Counter()

    def a(obs: dict[str, Any], mask: Any) -> int:
        calls["a"] += 1
        return first_legal(obs, mask)

    def b(obs: dict[str, Any], mask: Any) -> int:
        calls["b"] += 1
        return last_legal(obs, mask)

    pool = SnapshotPool([a, "random"])
    seated = {}
    for seed in range(12):
        env = make(["weighted", pool, b], offers=False, max_steps=1500)
        env.reset(seed=seed)
        seated[seed] = dict(env.seated)
        assert seated[seed][1] == "weighted" and seated[seed][3] == "b"
    assert {s[2] for s in seated.values()} == {"snapshot-0", "random"}  # both drawn
    # The same seed seats the same snapshot, and replays the same game.
    runs = []
    for _ in range(2):
        env = make(["weighted", pool, b], offers=False, max_steps=1500)
        random_learner(env, seed=3, steps=1500)
        runs.append((dict(env.seated), env.table.s.version, env.table.s.winner))
    assert runs[0] == runs[1]
    assert calls["b"] > 0
    played = sum(s.games for s in pool)
    finished = 0
    for seed in range(4):
        env = make(["weighted", pool, b], offers=False, max_steps=3000)
        finished += random_learner(env, seed=seed, steps=3000)[1]
    assert finished > 0
    assert sum(s.games for s in pool) == played + finished  # one result per finished game


class FakeModel:
    """sb3's ``predict`` signature: returns the last legal action (as an array, like sb3)."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, Any, bool]] = []
        self.policy = self  # (sb3 models keep their network in ``.policy``)
        self.offset = 0

    def predict(
        self, observation: Any, deterministic: bool = False, action_masks: Any = None
    ) -> tuple[Any, None]:
        self.seen.append((observation, action_masks, deterministic))
        return np.array(np.flatnonzero(action_masks)[-1 - self.offset]), None


def test_policy_opponent_wraps_a_model_with_predict() -> None:
    model = FakeModel()
    env = make(["random", policy_opponent(model), "random"], max_steps=200)
    random_learner(env, seed=0, steps=200)
    assert model.seen
    obs, masks, deterministic = model.seen[0]
    assert obs.shape == env.observation_space["observation"].shape  # the flat observation
    assert masks.dtype == bool and deterministic is True
    # copy=True freezes the model as it is now: later changes do not reach the snapshot.
    frozen = policy_opponent(model, copy=True)
    model.offset = 1
    mask = np.zeros(10, np.int8)
    mask[[2, 5]] = 1
    assert frozen({"observation": np.zeros(3)}, mask) == 5
    assert policy_opponent(model)({"observation": np.zeros(3)}, mask) == 2
    with pytest.raises(TypeError, match="predict"):
        policy_opponent(object())


def test_the_aec_env_with_offers_off_never_lists_an_offer() -> None:
    layout = action_layout(RULES)
    talk = [layout.by_kind[K.OFFER_TRADE], layout.by_kind[K.COUNTER_TRADE]]

    def offers_listed(offers: bool, steps: int) -> int:
        env = aec_env(offers=offers)
        env.reset(seed=9)
        rng = np.random.default_rng(9)
        seen = 0
        for k, _agent in enumerate(env.agent_iter()):
            obs, _, term, trunc, _ = env.last()
            if term or trunc or k >= steps:
                break
            for p in env.agents:  # every agent's mask, not only the one deciding
                m = env.observe(p)["action_mask"]
                seen += sum(int(m[b.start : b.start + b.size].sum()) for b in talk)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return seen

    assert offers_listed(True, 400) > 0  # (the check below can fail)
    assert offers_listed(False, 1500) == 0
