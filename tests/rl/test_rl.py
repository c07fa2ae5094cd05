"""The RL environments (``pysettlers.rl``): spaces, masks, notation, no leaks, official checks.

Skipped when the ``rl`` extra (gymnasium, pettingzoo, numpy) is not installed; CI installs
it (``.ci/run``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from pysettlers.engine import (
    ActionKind,
    Rules,
    deciders,
    format_action,
    is_over,
    legal_actions,
    make_board,
    observe,
    parse_action,
    to_move,
)
from pysettlers.rl import (
    ENV_ID,
    Encoder,
    Family,
    IllegalActionIndex,
    LayoutError,
    Table,
    action_layout,
    aec_env,
    describe_layout,
    frame_for,
    graph_edges,
    register_family,
    shapes_for,
)
from pysettlers.rl.layout import _layout, families
from support.views import positions, with_other_secrets

K = ActionKind

# Every family of variants the engine has: player counts 2-8, helpers, the 1996 alternate
# rules, the pirate, the Islands maps with bridges, the separate trade and build phases.
VARIANTS = [
    Rules(players=4),
    Rules(players=2),
    Rules(players=3, trade_build="separate"),
    Rules(players=6),
    Rules(players=5, large_game_variant="mayfair"),
    Rules(players=4, helpers=True),
    Rules(players=6, helpers=True),
    Rules(
        players=4,
        alternate=(
            "victory_points_played",
            "open_hands",
            "development_after_roll",
            "no_early_sevens",
            "ignore_seven",
            "keep_a_settlement",
            "knight_interrupts",
        ),
    ),
    Rules(players=4, pirate=True),
    Rules(players=4, map_kind="islands"),
    Rules(players=5, map_kind="big-islands", pirate=True),
    Rules(players=7, map_kind="peanut"),
    Rules(players=8, map_kind="big-island"),
    Rules(players=4, map_kind="islands", ships=True),
    Rules(players=3, ships=True, pirate=True),
]
IDS = [
    f"{r.players}p-{r.map_kind}{'-helpers' if r.helpers else ''}"
    f"{'-alt' if r.alternate else ''}{'-pirate' if r.pirate else ''}"
    f"{'-ships' if r.ships else ''}{'-' + r.trade_build}"
    for r in VARIANTS
]


def _mask_indices(mask: np.ndarray) -> list[int]:
    return [int(i) for i in np.flatnonzero(mask)]


# -- the action space -----------------------------------------------------------------------


def test_the_base_layout_is_derived_from_the_topology_and_the_options() -> None:
    rules = Rules(players=4)
    lay = action_layout(rules)
    topo = make_board(rules).topology
    sizes = {b.family.kind: b.size for b in lay.blocks}
    assert sizes[K.BUILD_ROAD] == topo.n_paths == 72
    assert sizes[K.BUILD_SETTLEMENT] == sizes[K.BUILD_CITY] == topo.n_intersections == 54
    assert sizes[K.MOVE_ROBBER] == topo.n_hexes * 4  # a hex x (no victim, +1, +2, +3)
    assert sizes[K.OFFER_TRADE] == 5 * 5 * 2**3  # 1 card for 1 card, to any set of opponents
    assert sizes[K.DISCARD] == 5  # the unit form: one card at a time
    assert lay.size == sum(sizes.values())
    # Families are present exactly when the rules have them.
    assert K.HELPER_LOUIS not in sizes and K.MOVE_PIRATE not in sizes
    helpers = action_layout(replace(rules, helpers=True))
    assert helpers.by_kind[K.HELPER_LOUIS].size == 72 * 72
    six = action_layout(Rules(players=6))
    six_topo = make_board(Rules(players=6)).topology
    assert six.by_kind[K.BUILD_ROAD].size == six_topo.n_paths
    assert six.by_kind[K.OFFER_TRADE].size == 25 * 2**5
    # The seed never changes the layout, not even on the Islands maps (the frame's shape).
    islands = [action_layout(Rules(players=4, map_kind="islands", seed=s)) for s in range(3)]
    assert len({lay.size for lay in islands}) == 1
    assert frame_for(Rules(map_kind="islands", seed=1)).n_hexes == 37  # hexagon of radius 3


def test_describe_layout_lists_every_block_in_order() -> None:
    text = describe_layout(Rules(players=4))
    assert "Discrete(557)" in text.splitlines()[0]
    lay = action_layout(Rules(players=4))
    starts = [int(line.split("-")[0]) for line in text.splitlines()[1:]]
    assert starts == [b.start for b in lay.blocks]
    assert "offer_trade" in text and "give[5] x get[5] x to[8]" in text


def test_register_family_refuses_a_kind_twice_and_missing_families_are_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ValueError, match="already has a family"):
        register_family(Family(K.ROLL))
    without = tuple(f for f in families() if f.kind != K.BUILD_BRIDGE)
    monkeypatch.setattr("pysettlers.rl.layout.families", lambda: without)
    _layout.cache_clear()
    try:
        with pytest.raises(LayoutError, match="BUILD_BRIDGE"):
            action_layout(Rules(players=4, map_kind="islands", seed=3))
    finally:
        _layout.cache_clear()


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_masks_equal_the_legal_actions_and_round_trip_the_notation(rules: Rules) -> None:
    """Random play through the AEC env: each step, every seat's mask is exactly its legal
    actions; each legal action's index names it (notation both ways)."""
    env = aec_env(rules=rules)
    env.reset(seed=rules.players * 7 + len(rules.alternate))
    table = env.unwrapped.table
    lay = table.layout
    rng = random.Random(1)
    for _ in range(400):
        s = table.s
        if is_over(s):
            break
        topo = s.topo
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        assert seat == to_move(s)
        for p in range(rules.players):
            mask = env.observe(f"player_{p}")["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (lay.size,)
            legal = legal_actions(s, p)
            idx = sorted(lay.index(a, topo) for a in legal)
            assert _mask_indices(mask) == idx  # exactly: no collisions, nothing extra
            assert (len(idx) > 0) == (p in deciders(s))
        for a in legal_actions(s, seat):
            i = lay.index(a, topo)
            text = format_action(a, topo)
            assert lay.index(parse_action(text, topo), topo) == i
            if lay.block_of(i).family.exact:
                # (an answer to an offer: the index names "the open offer", whose number,
                # like a maritime rate, is the state's)
                unnamed = a._replace(offer=0)
                assert lay.action(i, seat, topo) == unnamed
                assert lay.describe(i, seat, topo) == format_action(unnamed, topo)
        mask = env.observe(agent)["action_mask"]
        choices = _mask_indices(mask)
        # Domestic offers rarely, so that games move on.
        quiet = [i for i in choices if lay.block_of(i).family.kind != K.OFFER_TRADE] or choices
        env.step(rng.choice(choices if rng.random() < 0.05 else quiet))


def test_many_random_steps_keep_the_mask_exact() -> None:
    """Thousands of steps of 4-player base games: the mask is the legal actions every step."""
    env = aec_env(rules=Rules(players=4))
    table = env.unwrapped.table
    rng = np.random.default_rng(5)
    env.reset(seed=11)
    steps = 0
    while steps < 3000:
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset(seed=int(rng.integers(1 << 30)))
            continue
        s = table.s
        legal = legal_actions(s, to_move(s))
        assert _mask_indices(obs["action_mask"]) == sorted(
            table.layout.index(a, s.topo) for a in legal
        )
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert agent.startswith("player_")


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = aec_env(rules=Rules(players=4))
    env.reset(seed=3)
    table = env.unwrapped.table
    version = table.s.version
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionIndex, match="is not legal for p") as e:
        env.step(illegal)
    assert "legal now:" in str(e.value)
    with pytest.raises(IllegalActionIndex, match="outside the action space"):
        env.step(10**6)
    with pytest.raises(IllegalActionIndex, match="int index"):
        env.step("p0 roll")  # type: ignore[arg-type]
    assert table.s.version == version
    gym_env = gym.make(ENV_ID, opponents=["random"] * 3).unwrapped
    obs, _ = gym_env.reset(seed=3)
    with pytest.raises(IllegalActionIndex):
        gym_env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    refusing = gym.make(ENV_ID, opponents=["random"] * 3, illegal_action="refuse").unwrapped
    obs, _ = refusing.reset(seed=3)
    before = refusing.table.s.version
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, term, trunc, info = refusing.step(bad)
    assert reward == -1.0 and not term and not trunc and "is not legal" in info["illegal_action"]
    assert refusing.table.s.version == before  # refused, not replaced
    assert np.array_equal(obs2["observation"], obs["observation"])


# -- observations -------------------------------------------------------------------------------


def test_observation_parts_and_graph_form_agree() -> None:
    rules = Rules(players=4)
    env = aec_env(rules=rules, graph=True)
    env.reset(seed=9)
    rng = np.random.default_rng(0)
    for _ in range(300):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    obs = env.observe(env.agent_selection)
    sh = shapes_for(rules)
    assert obs["observation"].shape == (sh.flat,)
    assert env.observation_space(env.agent_selection).contains(obs)
    tail = np.concatenate([obs[k].ravel() for k in ("hexes", "intersections", "paths")])
    assert np.array_equal(obs["observation"][-tail.size :], tail)
    table = env.unwrapped.table
    s = table.s
    seat = to_move(s)
    parts = Encoder(rules).arrays(observe(s, seat))
    assert np.array_equal(parts["me"][:5], s.hands[5 * seat : 5 * seat + 5])
    # Row k of the players block is seat +k: the viewer's row shows its own hand size.
    assert parts["players"][0, 0] == sum(s.hands[5 * seat : 5 * seat + 5])
    # Every building and road is on the board once.
    n = rules.players
    assert parts["intersections"][:, 2 : 2 + 2 * n].sum() == sum(
        1 for o in s.building_owner if o >= 0
    )
    assert parts["paths"][:, 3 : 3 + n].sum() == sum(1 for o in s.road_owner if o >= 0)
    edges = graph_edges(rules)
    assert edges["path_ends"].shape == (sh.paths[0], 2)
    assert edges["hex_corners"].max() < sh.intersections[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_others_secrets_do_not_change_an_observation(data: st.DataObject) -> None:
    """No leak: two states differing only in other seats' secrets (hands, development
    cards, the deck, the generator) give the same observation and mask."""
    s = data.draw(positions(max_steps=600))
    viewer = data.draw(st.sampled_from(range(s.n)))
    other = with_other_secrets(data.draw, s, viewer)
    obs = []
    for state in (s, other):
        table = Table(state.rules)
        table.state = state
        obs.append(table.observation(viewer))
    assert np.array_equal(obs[0]["observation"], obs[1]["observation"])
    assert np.array_equal(obs[0]["action_mask"], obs[1]["action_mask"])


def test_own_secrets_do_change_the_observation() -> None:
    env = aec_env(rules=Rules(players=4))
    env.reset(seed=2)
    table = env.unwrapped.table
    rng = np.random.default_rng(1)
    while sum(table.s.hands[0:5]) == 0 or table.s.turn < 3:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    before = table.observation(0)["observation"]
    s = table.s
    r = next(i for i in range(5) if s.hands[i])
    s.hands[r] -= 1
    s.hands[(r + 1) % 5] += 1
    s.version += 1  # (the cached legal list belongs to the version)
    assert not np.array_equal(table.observation(0)["observation"], before)


# -- determinism, rendering, the Gymnasium env --------------------------------------------------


def _trajectory(seed: int) -> list[Any]:
    env = gym.make(ENV_ID, opponents=["greedy", "weighted", "random"]).unwrapped
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    out = []
    for _ in range(150):
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, _ = env.step(a)
        out.append((a, obs["observation"].tobytes(), reward))
        if term or trunc:
            break
    return out


def test_reset_with_a_seed_fixes_the_game() -> None:
    assert _trajectory(4) == _trajectory(4)
    assert _trajectory(4) != _trajectory(5)


def test_the_gym_env_plays_the_bots_inside_step_to_the_end() -> None:
    env = gym.make(ENV_ID, opponents=["random", "random", "random"], seat=2).unwrapped
    env.reset(seed=1)
    rng = np.random.default_rng(2)
    steps = 0
    while True:
        s = env.table.s
        assert to_move(s) == 2  # only the learner's decisions reach the caller
        _obs, reward, term, trunc, info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
        steps += 1
        if term or trunc:
            break
    assert term and reward == (1.0 if info["winner"] == 2 else -1.0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="3 opponents"):
        gym.make(ENV_ID, rules=Rules(players=4), opponents=["random"])
    with pytest.raises(ValueError, match="unknown opponent"):
        gym.make(ENV_ID, opponents=["random", "random", "genius"])


def test_render_is_the_board_as_text() -> None:
    env = aec_env(rules=Rules(players=4), render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "(0,0)" in text
    g = gym.make(ENV_ID, opponents=["random"] * 3, render_mode="ansi")
    g.reset(seed=0)
    assert "(0,0)" in str(g.render())


# -- the official checks ---------------------------------------------------------------------

OFFICIAL = [Rules(players=4), Rules(players=6), Rules(players=4, helpers=True)]


@pytest.mark.parametrize("rules", OFFICIAL, ids=["4p-base", "6p", "4p-helpers"])
def test_pettingzoo_api_and_seed_tests(rules: Rules) -> None:
    api_test(aec_env(rules=rules), num_cycles=120)
    seed_test(lambda: aec_env(rules=rules), num_cycles=60)


@pytest.mark.parametrize("rules", OFFICIAL, ids=["4p-base", "6p", "4p-helpers"])
def test_gymnasium_check_env(rules: Rules) -> None:
    """``check_env`` steps an action sampled *before* a seeded reset, so it runs with
    illegal actions refused (``illegal_action="refuse"``) rather than raised."""
    opponents = ["greedy", "weighted", "random", "random", "random"][: rules.players - 1]
    env = gym.make(ENV_ID, rules=rules, opponents=opponents, illegal_action="refuse")
    check_env(env.unwrapped)


def test_a_vector_env_runs() -> None:
    venv = gym.vector.SyncVectorEnv(
        [lambda: gym.make(ENV_ID, opponents=["random"] * 3) for _ in range(2)]
    )
    obs, _ = venv.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(50):
        acts = np.array(
            [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        )
        obs, *_ = venv.step(acts)
    assert obs["action_mask"].shape[0] == 2


def test_offers_false_masks_the_engines_quiet_legal_actions() -> None:
    env = gym.make(ENV_ID, opponents=["random"] * 3, offers=False).unwrapped
    obs, _ = env.reset(seed=6)
    rng = np.random.default_rng(3)
    lay = env.table.layout
    seen_main = 0
    for _ in range(400):
        s = env.table.s
        quiet = legal_actions(s, 0, offers=False)
        assert _mask_indices(obs["action_mask"]) == sorted(lay.index(a, s.topo) for a in quiet)
        assert not any(a.kind in (K.OFFER_TRADE, K.COUNTER_TRADE) for a in quiet)
        seen_main += len(legal_actions(s, 0)) > len(quiet)  # offers were there to leave out
        obs, _r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            obs, _ = env.reset()
    assert seen_main > 0


def test_spaces_pickle_without_their_environment() -> None:
    """An AsyncVectorEnv sends spaces between processes: the action space pickles, and
    unpickled is a plain Discrete(N) of the same size."""
    import pickle

    env = gym.make(ENV_ID, opponents=["random"] * 3).unwrapped
    env.reset(seed=0)
    sample = env.action_space.sample()
    assert env.action_masks()[sample] == 1  # unmasked sample: a legal action now
    copy = pickle.loads(pickle.dumps(env.action_space))
    assert copy == env.action_space and copy.legal_mask is None
    assert 0 <= copy.sample() < env.action_space.n


def test_the_layout_prints_from_the_command_line_without_warnings() -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-W", "error", "-m", "pysettlers.rl", '{"players": 6}'],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.startswith("Action layout for") and "Discrete(1352)" in out.stdout
    assert out.stderr == ""
