"""The environments' conventions (issue 32, point 3): defaults, ``Settlers-v1``, rendering,
reward options and ``state()``, each checked by the official checkers where one applies.

Skipped without the ``rl`` extra; the image tests without Pillow (``rl-render``), SB3's
``check_env`` without stable-baselines3.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from pysettlers.engine import Rules, View, observe
from pysettlers.rl import ENV_ID, ENV_ID_V1, action_layout, aec_env, env, render
from pysettlers.rl.render import board_image


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """``"human"`` prints the text here, never opens a window on a developer's display."""
    monkeypatch.setattr(render, "display_available", lambda: False)


def _random_game(e: Any, seed: int, steps: int = 10**6) -> None:
    """Play ``e`` (an AEC env) with uniform legal actions to the end or ``steps``."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in e.agent_iter(steps):
        obs, _r, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# -- defaults and the checkers ----------------------------------------------------------------


def test_env_without_arguments_is_the_four_player_base_game() -> None:
    e = env()
    assert e.possible_agents == [f"player_{p}" for p in range(4)]
    assert e.unwrapped.table.rules == Rules(players=4)
    assert e.action_space("player_0").n == action_layout(Rules(players=4)).size == 557


def test_pettingzoo_checkers_pass_on_the_defaults() -> None:
    api_test(env(), num_cycles=100)
    seed_test(env, num_cycles=50)
    render_test(env)  # every mode in metadata: "ansi", "rgb_array", "human"


def test_settlers_v1_defaults_pass_check_env_without_a_warning(
    recwarn: pytest.WarningsRecorder,
) -> None:
    # Made by id, so check_env also makes and renders it in every declared render mode.
    check_env(gym.make(ENV_ID_V1).unwrapped)
    assert [str(w.message) for w in recwarn] == []
    # v0 is left as it was: an illegal action raises by default.
    assert gym.make(ENV_ID).unwrapped.illegal_action == "raise"
    assert gym.make(ENV_ID_V1).unwrapped.illegal_action == "refuse"


def test_settlers_v1_passes_stable_baselines3_check_env() -> None:
    sb3 = pytest.importorskip("stable_baselines3.common.env_checker")
    sb3.check_env(gym.make(ENV_ID_V1).unwrapped)


# -- rendering ----------------------------------------------------------------------------------


def test_rgb_array_is_the_board_and_changes_with_a_build() -> None:
    pytest.importorskip("PIL")
    e = aec_env(render_mode="rgb_array")
    e.reset(seed=3)
    before = e.render()
    assert isinstance(before, np.ndarray) and before.dtype == np.uint8
    assert before.ndim == 3 and before.shape[2] == 3 and min(before.shape[:2]) > 300
    colours = {tuple(c) for c in before.reshape(-1, 3)[::7]}
    assert len(colours) > 50  # terrain, sea, tokens, text: not a blank canvas
    hills, sea = (200, 105, 63), (93, 154, 203)  # the browser's #c8693f and #5d9acb
    assert hills in colours and sea in colours

    agent = e.agent_selection
    e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))  # a first settlement
    after = e.render()
    assert after.shape == before.shape
    changed = np.any(after != before, axis=2)
    assert 100 < changed.sum() < 0.1 * changed.size  # a piece drawn, not the whole board redone
    colour = render.PLAYER_COLOUR[int(agent.removeprefix("player_"))]  # the browser's
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])
    near = np.abs(after.astype(int) - rgb).sum(axis=2) < 30
    was = np.abs(before.astype(int) - rgb).sum(axis=2) < 30
    assert (near & changed & ~was).sum() > 20  # the new piece is in its seat's colour


def test_an_image_shows_no_secret_and_scales() -> None:
    pytest.importorskip("PIL")
    e = aec_env(rules=Rules(players=6))
    _random_game(e, 1, steps=300)
    s = e.unwrapped.table.s
    img = board_image(observe(s, None))
    assert np.array_equal(img, board_image(observe(s, None)))  # drawn from the spectator view
    big = board_image(observe(s, None), hex_radius=80)
    assert big.shape[0] > 1.8 * img.shape[0]


def test_human_without_a_display_prints_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    g = gym.make(ENV_ID_V1, render_mode="human").unwrapped
    g.reset(seed=0)  # "human" draws on reset and step, as Gymnasium's convention has it
    assert g.render() is None
    out = capsys.readouterr().out
    assert "(0,0)" in out and "Set-up" in out


def test_human_with_a_display_shows_the_image(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[np.ndarray] = []

    class FakeWindow:
        def __init__(self, title: str) -> None:
            self.closed = False

        def show(self, frame: np.ndarray) -> None:
            shown.append(frame)

        def close(self) -> None:
            shown.clear()

    monkeypatch.setattr(render, "display_available", lambda: True)
    monkeypatch.setattr(render, "_Window", FakeWindow)
    g = gym.make(ENV_ID_V1, render_mode="human").unwrapped
    g.reset(seed=0)
    assert len(shown) == 1 and shown[0].ndim == 3 and shown[0].dtype == np.uint8
    g.close()
    assert shown == []


def test_human_with_an_unreachable_display_falls_back_to_the_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tkinter = pytest.importorskip("tkinter")

    def unreachable(title: str) -> None:
        raise tkinter.TclError("couldn't connect to display")

    monkeypatch.setattr(render, "display_available", lambda: True)
    monkeypatch.setattr(render, "_Window", unreachable)
    e = aec_env(render_mode="human")
    e.reset(seed=0)
    assert e.render() is None and "(0,0)" in capsys.readouterr().out


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        aec_env(render_mode="svg")
    with pytest.raises(ValueError, match="render_mode"):
        gym.make(ENV_ID_V1, render_mode="svg").unwrapped  # noqa: B018


# -- rewards ------------------------------------------------------------------------------------


def _play_gym(g: Any, seed: int) -> tuple[list[float], dict[str, Any]]:
    obs, _ = g.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards: list[float] = []
    while True:
        obs, r, term, trunc, info = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(float(r))
        if term or trunc:
            return rewards, info


def test_points_reward_adds_up_to_the_learners_score() -> None:
    g = gym.make(ENV_ID_V1, reward="points", offers=False).unwrapped
    rewards, _ = _play_gym(g, 2)
    final = observe(g.table.s, 0).own_vp
    assert sum(rewards) == final >= 2  # (a step may be negative: a Longest Road lost)
    assert all(float(r).is_integer() for r in rewards)


def test_a_reward_function_gets_the_seats_own_views() -> None:
    seen: list[tuple[int | None, int | None, int]] = []

    def shaped(prev: View, view: View, seat: int) -> float:
        seen.append((prev.viewer, view.viewer, seat))
        return 0.5 if view.winner == seat else 0.0

    g = gym.make(ENV_ID_V1, reward=shaped, offers=False).unwrapped
    rewards, info = _play_gym(g, 5)
    assert seen and all(s == (0, 0, 0) for s in seen)
    assert rewards[-1] == (0.5 if info.get("winner") == 0 else 0.0)
    assert len(seen) == len(rewards)


def test_aec_points_reward_adds_up_to_every_seats_score() -> None:
    e = aec_env(reward="points", max_steps=1500)  # (truncated or not, the sums hold)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for _agent in e.agent_iter():
        obs, _r, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for a, r in e.rewards.items():
            totals[a] += r
    s = e.unwrapped.table.s
    assert totals == {f"player_{p}": float(observe(s, p).own_vp or 0) for p in range(4)}


def test_a_bad_reward_is_refused() -> None:
    with pytest.raises(ValueError, match="reward must be 'win', 'points' or a callable"):
        aec_env(reward="score")
    with pytest.raises(TypeError, match="reward must be"):
        gym.make(ENV_ID_V1, reward=3).unwrapped  # noqa: B018
    g = gym.make(ENV_ID_V1, reward=lambda p, v, s: "much").unwrapped
    obs, _ = g.reset(seed=0)
    with pytest.raises(TypeError, match="not a number"):
        g.step(int(np.flatnonzero(obs["action_mask"])[0]))


# -- state() ------------------------------------------------------------------------------------


def test_state_is_every_seats_observation_in_the_state_space() -> None:
    e = env()
    _random_game(e, 6, steps=200)
    st = e.state()
    assert st.shape == e.state_space.shape and st.dtype == np.float32
    assert e.state_space.contains(st)
    parts = [e.observe(a)["observation"] for a in e.possible_agents]
    assert np.array_equal(st, np.concatenate(parts))
