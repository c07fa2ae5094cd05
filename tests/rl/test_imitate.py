"""The learned-agent pipeline at tiny size (``pysettlers.rl.imitate``, ``policy_bot``):
demonstrations recorded as a policy would see them, the same for any number of workers;
the weights file checked and versioned; the ``learned`` bot playing whole games from its
own view through the simulator's driver and the arena, refusing rules it was not trained
for; the evaluation's numbers. The torch stage (``examples/rl_imitate.py``) only where
torch is installed (CI has none).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np

from pysettlers.bots import bot_names, lobby_bot_names, make_bot
from pysettlers.engine import Rules
from pysettlers.rl import action_layout
from pysettlers.rl.core import Table
from pysettlers.rl.imitate import DemoConfig, evaluate, generate, load_demos, save_demos
from pysettlers.rl.policy_bot import (
    DEFAULT_WEIGHTS,
    WEIGHTS_VERSION,
    LearnedBot,
    load_weights,
    save_weights,
)
from pysettlers.sim.runner import game_seed, labelled_specs, play_game

RULES = Rules(players=4)
ROOT = Path(__file__).resolve().parents[2]


def tiny_weights(path: Path, seed: int = 0, rules: Rules = RULES) -> Path:
    """A random MLP (one hidden layer of 8) for ``rules``, written as a weights file."""
    table = Table(rules)
    d, a = table.encoder.shapes.flat, table.layout.size
    rng = np.random.default_rng(seed)
    return save_weights(
        path,
        rules,
        np.zeros(d),
        np.ones(d),
        [(rng.normal(0, 0.1, (d, 8)), np.zeros(8))],
        (rng.normal(0, 1.0, (8, a)), np.zeros(a)),
        (rng.normal(0, 0.1, (8, 1)), np.zeros(1)),
        meta={"test": True},
    )


@pytest.fixture(scope="module")
def demos() -> dict[str, Any]:
    return generate(DemoConfig(RULES, ("greedy:offers=0",) * 4), 2)


def test_demonstrations_are_what_the_policy_sees(demos: dict[str, Any]) -> None:
    obs, mask, act = demos["obs"], demos["mask"], demos["action"]
    k = len(act)
    assert k > 100 and demos["summary"]["games"] == 2
    d, a = Table(RULES).encoder.shapes.flat, action_layout(RULES).size
    assert obs.shape == (k, d) and obs.dtype == np.float16
    assert mask.shape == (k, a) and mask.dtype == bool
    # the demonstrator's action is legal, and every recorded decision was a choice
    assert mask[np.arange(k), act].all()
    assert (mask.sum(1) > 1).all()
    # every seat demonstrates (all four are the greedy bot), and the value target is the
    # result: +1 for the winner's decisions only
    assert set(demos["seat"].tolist()) == {0, 1, 2, 3}
    for g in (0, 1):
        rows = demos["game"] == g
        winners = set(demos["seat"][rows & (demos["result"] == 1)].tolist())
        assert len(winners) == 1
        assert set(demos["result"][rows].tolist()) == {1.0, -1.0}
    # the first decision is the first player's first settlement: exactly the environment's
    # observation of that seat at the start of the same game
    table = Table(replace(RULES, seed=game_seed(0, 0)), quiet=frozenset(range(4)))
    s = table.new_game(game_seed(0, 0))
    first = table.observation(s.current)
    assert demos["seat"][0] == s.current
    np.testing.assert_array_equal(obs[0], first["observation"].astype(np.float16))
    np.testing.assert_array_equal(mask[0], first["action_mask"].astype(bool))


def test_demonstrations_do_not_depend_on_workers(demos: dict[str, Any], tmp_path: Path) -> None:
    two = generate(DemoConfig(RULES, ("greedy:offers=0",) * 4), 2, workers=2)
    for key in ("obs", "mask", "action", "result", "seat", "game"):
        np.testing.assert_array_equal(demos[key], two[key])
    back = load_demos(save_demos(tmp_path / "d.npz", two))
    np.testing.assert_array_equal(back["obs"], two["obs"])
    assert back["summary"]["samples"] == len(two["action"])


def test_a_lone_demonstrator_sits_in_every_seat_and_only_it_is_recorded() -> None:
    cfg = DemoConfig(RULES, ("greedy:offers=0", "random", "random", "random"))
    got = generate(cfg, 4)
    for g in range(4):
        assert set(got["seat"][got["game"] == g].tolist()) == {g % 4}
    with pytest.raises(ValueError, match="sits in no seat"):
        DemoConfig(RULES, ("random",) * 4)


def test_dagger_the_policy_plays_and_the_demonstrator_labels(tmp_path: Path) -> None:
    path = tiny_weights(tmp_path / "w.npz")
    players = ("greedy:offers=0", "weighted", "weighted", "weighted")
    plain = generate(DemoConfig(RULES, players), 1)
    led = generate(DemoConfig(RULES, players, policy=str(path)), 1)
    assert led["summary"]["games"] == 1 and len(led["action"]) > 20
    assert led["mask"][np.arange(len(led["action"])), led["action"]].all()  # labels legal
    # the random policy, not the demonstrator, decided where the game went
    assert len(led["action"]) != len(plain["action"]) or not np.array_equal(
        led["obs"], plain["obs"]
    )


def test_weights_file_round_trip_and_errors(tmp_path: Path) -> None:
    path = tiny_weights(tmp_path / "w.npz")
    pol = load_weights(path)
    assert pol.obs_dim == Table(RULES).encoder.shapes.flat
    assert pol.actions == action_layout(RULES).size and pol.meta == {"test": True}
    obs = np.zeros((3, pol.obs_dim), np.float32)
    logits, value = pol.forward(obs)
    assert logits.shape == (3, pol.actions) and value.shape == (3,)
    mask = np.zeros(pol.actions, np.int8)
    mask[[5, 9]] = 1
    assert pol.act(obs[0], mask) in (5, 9)
    # another version is refused, naming both
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["version"] = np.array(WEIGHTS_VERSION + 1)
    np.savez(tmp_path / "v.npz", **arrays)
    with pytest.raises(ValueError, match=f"version {WEIGHTS_VERSION + 1}"):
        load_weights(tmp_path / "v.npz")
    arrays["version"] = np.array(WEIGHTS_VERSION)
    arrays["pi_b"] = arrays["pi_b"][:-1]
    np.savez(tmp_path / "s.npz", **arrays)
    with pytest.raises(ValueError, match="policy head"):
        load_weights(tmp_path / "s.npz")
    with pytest.raises(ValueError, match="not found"):
        load_weights(tmp_path / "missing.npz")


def test_learned_bot_is_registered_off_the_lobby(tmp_path: Path) -> None:
    assert "learned" in bot_names() and "learned" not in lobby_bot_names()
    path = tiny_weights(tmp_path / "w.npz")
    bot = make_bot("learned", random.Random(0), weights=str(path))
    assert isinstance(bot, LearnedBot)
    with pytest.raises(ValueError, match="unknown option"):
        make_bot("learned", random.Random(0), weights=str(path), depth=3)
    with pytest.raises(ValueError, match="not found"):
        make_bot("learned", random.Random(0), weights=str(tmp_path / "none.npz"))


def test_learned_bot_plays_whole_games_from_its_view(tmp_path: Path) -> None:
    path = tiny_weights(tmp_path / "w.npz")
    spec = f"learned:weights={path}"
    for seed, players in (
        (3, [spec, "weighted", "random", "random"]),
        (4, ["random", spec, spec, "weighted"]),
    ):
        played = play_game(replace(RULES, seed=seed), labelled_specs(players))
        assert played.error is None, played.error
        assert played.status == "finished"


def test_learned_bot_refuses_rules_it_was_not_trained_for(tmp_path: Path) -> None:
    path = tiny_weights(tmp_path / "w.npz")
    three = Rules(players=3, seed=5)
    played = play_game(three, labelled_specs([f"learned:weights={path}", "random", "random"]))
    assert played.status == "error"
    assert "plays only the rules it was trained for" in str(played.error)


def test_arena_takes_the_learned_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pysettlers.cli import main

    path = tiny_weights(tmp_path / "w.npz")
    out = tmp_path / "arena.json"
    code = main(
        [
            "arena",
            f"learned:weights={path}",
            "random",
            "--format",
            "gauntlet",
            "--games",
            "4",
            "--out",
            str(out),
        ]
    )
    assert code in (0, None)
    doc = json.loads(out.read_text())
    assert len(doc["games"]) >= 4
    assert all(g.get("error") is None for g in doc["games"])


def test_evaluate_counts_wins_with_an_interval(tmp_path: Path) -> None:
    path = tiny_weights(tmp_path / "w.npz")
    got = evaluate(path, 4, opponent="random")
    assert got["games"] == 4 and 0 <= got["wins"] <= 4
    lo, hi = got["wilson95"]
    assert 0.0 <= lo <= got["rate"] <= hi <= 1.0
    assert sum(n for _, n in got["by_seat"].values()) == 4  # every seat in turn


def test_behaviour_cloning_exports_a_playable_file(demos: dict[str, Any], tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location("rl_imitate", ROOT / "examples" / "rl_imitate.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rl_imitate"] = mod
    spec.loader.exec_module(mod)
    args = type("A", (), {})()
    for k, v in dict(
        hidden=[16],
        lr=3e-3,
        batch=256,
        epochs=3,
        seed=0,
        value_coef=0.5,
        bc_seconds=None,
        weight_decay=1e-4,
    ).items():
        setattr(args, k, v)
    net, info = mod.clone(demos, args, torch.device("cpu"))
    first, last = info["epochs"][0], info["epochs"][-1]
    assert last["loss_pi"] < first["loss_pi"]  # it learns the demonstrator's choices
    path = save_weights(tmp_path / "bc.npz", RULES, **net.arrays())
    pol = load_weights(path)
    x = demos["obs"][:5].astype(np.float32)
    with torch.no_grad():
        want, _ = net(torch.as_tensor(x))
    got, _ = pol.forward(x)
    np.testing.assert_allclose(got, want.numpy(), atol=0.05)  # (float16 weights)
    played = play_game(
        replace(RULES, seed=9), labelled_specs([f"learned:weights={path}"] + ["random"] * 3)
    )
    assert played.error is None


def test_the_shipped_agent_loads_by_default_and_beats_random_players() -> None:
    bot = make_bot("learned", random.Random(0))  # no weights=: the file in the package
    assert isinstance(bot, LearnedBot)
    meta = json.loads(str(np.load(DEFAULT_WEIGHTS)["meta"]))
    assert meta["demonstrator"] == "greedy:offers=0"  # what the docs say it was trained from
    wins = 0
    for seed in range(4):
        seats = ["random"] * 4
        seats[seed % 4] = "learned"
        played = play_game(replace(RULES, seed=100 + seed), labelled_specs(seats))
        assert played.status == "finished", played.error
        wins += played.winner == seed % 4
    assert wins >= 3, wins  # (a clone of the greedy bot; random players rarely win a game)


def test_int8_matrices_come_back_within_half_a_step_of_their_column_scale(
    tmp_path: Path,
) -> None:
    table = Table(RULES)
    d, a = table.encoder.shapes.flat, table.layout.size
    rng = np.random.default_rng(3)
    w0, pi_w = rng.normal(0, 0.1, (d, 8)), rng.normal(0, 1.0, (8, a))
    w0[:, 2] = 0.0  # an all-zero column is stored exactly
    args = (RULES, np.zeros(d), np.ones(d), [(w0, np.zeros(8))])
    heads = ((pi_w, np.zeros(a)), (rng.normal(0, 0.1, (8, 1)), np.zeros(1)))
    small = save_weights(tmp_path / "q.npz", *args, *heads)
    full = save_weights(tmp_path / "f.npz", *args, *heads, int8=False)
    with np.load(small) as z:
        assert z["w0"].dtype == np.int8 and z["w0_scale"].shape == (8,)
    q = load_weights(small)
    step = np.abs(w0).max(axis=0) / 127
    assert (np.abs(q.hidden[0][0] - w0) <= step / 2 + 1e-6).all()
    assert (q.hidden[0][0][:, 2] == 0).all()
    assert small.stat().st_size < full.stat().st_size
