"""The learned value from self-play (``bots/learn``, issue 33): the pipeline at a tiny size.

Data from views only (a spy on the features), the same data for 1 and 2 workers, the
numpy network (its gradient against finite differences, determinism per seed, TD(λ)
targets), the weights file reproducing the trainer (numpy and scikit-learn, the ``train``
extra: skipped without it), the pure-Python inference on a hand-made file (always),
version refusal, and the expert's ``value=learned2``.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from pysettlers.bots import make_bot
from pysettlers.bots import value_model as VM
from pysettlers.bots.expert import learned2_value
from pysettlers.bots.features import board_info
from pysettlers.bots.learn import data as D
from pysettlers.bots.learn import model as M
from pysettlers.bots.learn.features import FEATURE_NAMES, features
from pysettlers.engine import GameState, Phase, Rules, View, new_game, observe
from pysettlers.match import Match

K = len(FEATURE_NAMES)
POOL = ("weighted", "weighted:noise=8")  # the fastest bots: games in ~0.1 s


class FeatureSpy:
    """The recorder's feature function, checking it is given a seat's view and nothing else."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view: Any, info: Any) -> list[float]:
        assert type(view) is View, type(view)
        assert view.viewer is not None and view.hand is not None
        assert not any(isinstance(getattr(view, f.name), GameState) for f in fields(View))
        self.calls += 1
        return features(view, info)


def test_data_is_from_each_seats_own_view() -> None:
    spy = FeatureSpy()
    game = D.play(5, POOL, max_turns=300, featurize=spy)
    n = len(game.specs)
    assert spy.calls == n * len(game.snaps) > 0
    assert len(game.turns) == len(game.snaps) and game.turns == sorted(set(game.turns))
    assert all(len(snap) == n and all(len(x) == K for x in snap) for snap in game.snaps)
    assert game.winner is not None and 0 <= game.winner < n
    assert game.last_turn >= game.turns[-1]
    # Each seat's row is its own view's features (its own hand is in them, not another's).
    hand = FEATURE_NAMES.index("hand")
    sizes = {tuple(x[hand] for x in snap) for snap in game.snaps}
    assert len(sizes) > 1


def test_same_seed_same_data_for_one_and_two_workers(tmp_path: Path) -> None:
    one = D.generate(6, 77, workers=1, specs_pool=POOL)
    two = D.generate(6, 77, workers=2, specs_pool=POOL)
    assert [g.seed for g in one] == list(range(77, 83))
    assert [g.to_json() for g in one] == [g.to_json() for g in two]
    other = D.generate(2, 78, workers=1, specs_pool=POOL)
    assert [g.to_json() for g in other] == [g.to_json() for g in one[1:3]]
    path = tmp_path / "d.json.gz"
    D.save(path, one, {"seed": 77})
    back, meta = D.load(path)
    assert meta == {"seed": 77} and [g.to_json() for g in back] == [g.to_json() for g in one]


def test_data_refuses_bad_input(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="--games"):
        D.generate(0, 1)
    with pytest.raises(ValueError, match="--workers"):
        D.generate(1, 1, workers=0)
    assert "greedy" in D.pool() and D.LEARNED in D.pool(learned=True)
    assert not any(m.startswith("mcts") for m in D.pool())


def test_generate_draws_the_seats_from_the_pool_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``generate --pool``: every seat's bot is one of the specs named (a spec twice is
    drawn twice as often), recorded in the file's meta; a bad spec is refused by name."""
    from pysettlers.bots.learn.__main__ import main

    out = tmp_path / "d.json.gz"
    pool = "weighted:noise=8,weighted:noise=8,random"
    assert main(["generate", "--games", "2", "--seed", "5", "--pool", pool, "--out", str(out)]) == 0
    games, meta = D.load(out)
    assert meta["pool"] == pool.split(",") and len(games) == 2
    assert {spec for g in games for spec in g.specs} <= {"weighted:noise=8", "random"}
    for bad, said in (("greedy,nosuch", "'nosuch': unknown bot"), (" , ", "names no bot")):
        assert main(["generate", "--games", "1", "--pool", bad, "--out", str(out)]) == 2
        assert said in capsys.readouterr().err
    both = ["generate", "--games", "1", "--pool", "greedy", "--learned", "--out", str(out)]
    assert main(both) == 2 and "--pool with --learned" in capsys.readouterr().err


def test_deck_left_is_a_share_of_the_games_own_deck() -> None:
    # 25 cards for 3-4 players; the 5-6 player extension adds "9 development cards" (34).
    at = FEATURE_NAMES.index("deck_left")
    for n in (4, 5):
        s = new_game(Rules(players=n, seed=3))
        assert features(observe(s, 0), board_info(s.board))[at] == 1.0


@pytest.fixture(scope="module")
def tiny_games() -> list[D.GameData]:
    return D.generate(10, 900, specs_pool=POOL)


def tiny_snapshots(seed: int = 0) -> tuple[Any, Any]:
    """Random snapshots of two games (3 seats, then 4; 3 snapshots each), standardized."""
    np = pytest.importorskip("numpy")
    from pysettlers.bots.learn import mlp as N

    rng = np.random.default_rng(seed)
    rows, ys, group = [], [], []
    winners = (2, 1)  # each game's winner
    for g in range(6):
        n = 3 + g // 3
        won = winners[g // 3]
        for p in range(n):
            rows.append(rng.normal(size=K))
            ys.append(int(p == won))
            group.append(g)
    x = np.asarray(rows)
    mean, scale = N.standardizer(x)
    snaps = N.pad(x, np.asarray(ys), np.asarray(group), np.asarray([0, 0, 0, 1, 1, 1]), mean, scale)
    return snaps, scale


def test_the_networks_gradient_is_the_losss() -> None:
    np = pytest.importorskip("numpy")
    from pysettlers.bots.learn import mlp as N

    snaps, scale = tiny_snapshots()
    assert snaps.x.shape == (6, 4, K) and snaps.mask.sum() == 21
    cfg = N.Config(hidden=5, l2=0.1, prior=0.2)
    params = N.init(cfg, scale, seed=3)
    params["b1"] += 0.3  # some units active, some not
    params["w2"] *= 50.0
    v0 = N.prior_v(scale) + 0.1  # the linear part off its prior: that penalty counts too
    loss, grads = N.loss_and_grad(params, snaps, cfg, v0)
    assert math.isfinite(loss) and loss > 0
    for name in N.PARAMS:
        for idx in [(0,), (3,)] if params[name].ndim == 1 else [(1, 2), (4, 0), (40, 4)]:
            want = N.numeric_grad(params, snaps, cfg, v0, name, idx)
            assert grads[name][idx] == pytest.approx(want, rel=1e-5, abs=1e-8), (name, idx)
    # The chances sum to one over each snapshot's seats, padding gets none.
    p = N.chances(N.scores(params, snaps.x)[0], snaps.mask)
    assert p.sum(axis=1) == pytest.approx(np.ones(6)) and (p[~snaps.mask] == 0).all()
    # Untrained, the linear part is today's logit: the same chances from standardized rows.
    only = {**params, "w2": np.zeros(cfg.hidden), "v": N.prior_v(scale)}
    raw = snaps.x * scale + 0.0  # (the mean shifts every seat's score alike: no change)
    today = np.asarray([[VM.score(list(r[: len(VM.FEATURE_NAMES)])) for r in g] for g in raw])
    assert N.chances(N.scores(only, snaps.x)[0], snaps.mask) == pytest.approx(
        N.chances(today, snaps.mask)
    )


def test_the_network_is_deterministic_per_seed_and_learns() -> None:
    np = pytest.importorskip("numpy")
    from pysettlers.bots.learn import mlp as N

    snaps, scale = tiny_snapshots()
    cfg = N.Config(hidden=4, epochs=30, batch=2, lr=1e-2, prior=0.0)
    one, curve = N.fit(snaps, cfg, scale, seed=7, watch=snaps)
    two, _ = N.fit(snaps, cfg, scale, seed=7)
    other, _ = N.fit(snaps, cfg, scale, seed=8)
    assert all(np.array_equal(one[k], two[k]) for k in N.PARAMS)
    assert not np.array_equal(one["W1"], other["W1"])
    start = N.log_loss(N.init(cfg, scale, 7), snaps)
    assert curve[-1] < start  # it fits its training snapshots


def test_td_targets_mix_the_next_chances_and_the_winner() -> None:
    np = pytest.importorskip("numpy")
    from pysettlers.bots.learn import mlp as N

    snaps, _ = tiny_snapshots()
    p = N.chances(np.zeros(snaps.mask.shape), snaps.mask)  # uniform chances
    assert np.array_equal(N.td_targets(p, snaps, 1.0), snaps.winner)
    zero = N.td_targets(p, snaps, 0.0)
    # λ = 0: each snapshot's target is the next one's chances; a game's last is its winner.
    assert np.array_equal(zero[[0, 1, 3, 4]], p[[1, 2, 4, 5]])
    assert np.array_equal(zero[[2, 5]], snaps.winner[[2, 5]])
    half = N.td_targets(p, snaps, 0.5)
    assert half[1] == pytest.approx(0.5 * p[2] + 0.5 * snaps.winner[2])
    assert half.sum(axis=1) == pytest.approx(np.ones(6))


def test_the_networks_file_reproduces_the_trainer(
    tmp_path: Path, tiny_games: list[D.GameData]
) -> None:
    pytest.importorskip("numpy")
    from pysettlers.bots.learn import train as T

    rows, docs, tr, te = T.run(tiny_games, kinds=("mlp",), holdout=0.3, seed=1, size="tiny")
    assert tr.games + te.games == sum(1 for g in tiny_games if g.winner is not None)
    assert "mlp (softmax) *" in [r[0] for r in rows]
    doc = docs["mlp"]
    assert doc["normalise"] == "softmax" and len(doc["mlp"]["linear"]) == K
    assert T.verify(doc) < 1e-9
    net, _z, x = doc["_check"]
    path = tmp_path / "mlp.json"
    path.write_text(json.dumps({k: v for k, v in doc.items() if k != "_check"}))
    model = M.load(path)
    assert [model.logit(list(row)) for row in x[:4]] == pytest.approx(
        list(T.trainer_logit(net, x[:4])), abs=1e-9
    )
    # Seats' chances from the file equal the trainer's softmax over a held-out snapshot.
    first = te.group == 0
    want = T.normalise(T.trainer_logit(net, te.x[first]), te.group[first], "softmax")
    assert model.win_chances([list(r) for r in te.x[first]]) == pytest.approx(list(want))
    # Held out by seed: the same games whatever else is in the data.
    again = T.run(tiny_games[2:], kinds=("mlp",), held=range(907, 910), seed=1, size="tiny")
    assert [r[:2] for r in again[0][:3]] != [] and again[3].games == te.games
    with pytest.raises(ValueError, match="--holdout-seeds"):
        T.run(tiny_games, kinds=("mlp",), held=range(5000, 5001), size="tiny")


def test_trained_models_file_reproduces_the_trainer(
    tmp_path: Path, tiny_games: list[D.GameData]
) -> None:
    pytest.importorskip("sklearn")
    from pysettlers.bots.learn import train as T

    games = tiny_games
    rows, docs, tr, te = T.run(games, holdout=0.3, seed=1, size="tiny")
    assert tr.games + te.games == sum(1 for g in games if g.winner is not None)
    assert {g.seed for g in games[:7]} >= {900, 906}  # the split is by game, by seed
    names = [r[0] for r in rows]
    assert "today's logit (29 features)" in names and "points only (logit)" in names
    assert {"trees (ratio) *", "mlp (softmax) *", "uniform"} <= set(names)
    assert all(math.isfinite(loss) and loss > 0 for _, loss, _ in rows)
    for kind in ("trees", "mlp"):
        doc = docs[kind]
        assert T.verify(doc) < 1e-9
        est, _z, x = doc["_check"]
        path = tmp_path / f"{kind}.json"
        path.write_text(json.dumps({k: v for k, v in doc.items() if k != "_check"}))
        model = M.load(path)
        want = T.trainer_logit(est, x[:4])
        got = [model.logit(list(row)) for row in x[:4]]
        assert got == pytest.approx(list(want), abs=1e-9)
        chances = model.win_chances([list(row) for row in x[:4]])
        assert sum(chances) == pytest.approx(1.0)


def tiny_doc(kind: str = "trees", **changes: Any) -> dict[str, Any]:
    """A hand-made weights file: one split on the points (trees), or a 2-unit MLP."""
    vp = FEATURE_NAMES.index("vp")
    doc: dict[str, Any] = {
        "format": M.FORMAT,
        "version": M.VERSION,
        "kind": kind,
        "normalise": "ratio",
        "features": list(FEATURE_NAMES),
        "trees": {
            "baseline": -1.0,
            "trees": [
                {
                    "feature": [vp, 0, 0],
                    "threshold": [4.5, 0.0, 0.0],
                    "left": [1, 0, 0],
                    "right": [2, 0, 0],
                    "value": [0.0, -0.5, 1.5],
                    "leaf": [0, 1, 1],
                }
            ],
        },
        "mlp": {
            "mean": [0.0] * K,
            "scale": [2.0] * K,
            "layers": [
                {"W": [[1.0, -1.0] if i == vp else [0.0, 0.0] for i in range(K)], "b": [0, 0]},
                {"W": [[1.0], [2.0]], "b": [0.5]},
            ],
            "linear": [0.25 if i == vp else 0.0 for i in range(K)],
        },
    }
    doc.update(changes)
    return doc


def test_pure_inference_of_a_hand_made_file(tmp_path: Path) -> None:
    vp = FEATURE_NAMES.index("vp")
    low, high = [0.0] * K, [0.0] * K
    low[vp], high[vp] = 3.0, 6.0
    trees = M.ValueModel(tiny_doc("trees"))
    assert trees.logit(low) == -1.5 and trees.logit(high) == 0.5
    sig = [1 / (1 + math.exp(1.5)), 1 / (1 + math.exp(-0.5))]
    assert trees.win_chances([low, high]) == pytest.approx([s / sum(sig) for s in sig])
    soft = M.ValueModel(tiny_doc("trees", normalise="softmax"))
    assert soft.win_chances([low, high]) == pytest.approx(
        [1 / (1 + math.e**2), 1 / (1 + math.e**-2)]
    )
    mlp = M.ValueModel(tiny_doc("mlp"))
    # vp 6 → standardized 3 → hidden (relu(3), relu(-3)) = (3, 0) → 0.5 + 3, linear 0.25 · 3.
    assert mlp.logit(high) == pytest.approx(3.5 + 0.75)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(tiny_doc("mlp")))
    assert M.load(path).logit(low) == pytest.approx(0.5 + 1.5 + 0.25 * 1.5)
    with pytest.raises(ValueError, match="features"):
        mlp.logit([0.0] * (K - 1))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"version": M.VERSION + 1}, "version"),
        ({"version": 1}, "version"),  # scikit-learn's per-seat MLP, before the network
        ({"format": "something-else"}, "format"),
        ({"kind": "forest"}, "kind"),
        ({"normalise": "max"}, "normalise"),
        ({"features": list(FEATURE_NAMES[:-1])}, "features"),
        ({"kind": "mlp", "mlp": {"linear": [0.0] * (K - 1)}}, "linear"),
    ],
)
def test_a_file_of_another_version_is_refused(
    tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps(tiny_doc(**change)))
    with pytest.raises(M.ModelFileError, match=f"'{field}'"):
        M.load(path)


def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(M.ModelFileError, match="cannot read"):
        M.load(tmp_path / "absent.json")
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(M.ModelFileError, match="cannot read"):
        M.load(tmp_path / "bad.json")


def test_the_shipped_weights_load() -> None:
    model = M.load(M.SHIPPED)
    assert model.kind in M.KINDS and model.meta["train_games"] > 0
    assert M.SHIPPED.stat().st_size < 4_000_000  # a few MB at most


def test_expert_value_learned2_reads_the_current_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps(tiny_doc("trees")))
    monkeypatch.setattr(M, "_CURRENT", [])
    monkeypatch.setattr(M, "_PATH", [M.SHIPPED])
    M.use(path)
    s = new_game(Rules(players=3, seed=4))
    bots = [make_bot("weighted", random.Random(p)) for p in range(3)]
    Match(s, bots, chance=random.Random(4), max_turns=6).run()
    assert s.phase != Phase.GAME_OVER
    info = board_info(s.board)
    xs = [features(observe(s, q), info) for q in range(3)]
    want = M.current().win_chances(xs)
    assert [learned2_value(s, q, info) for q in range(3)] == pytest.approx(want)
    experts = [
        make_bot("expert", random.Random(p), value="learned2", setup=0, iterations=1)
        for p in range(3)
    ]
    Match(s, experts, chance=random.Random(5), max_turns=8).run()
    # The searches' leaves valued by the hand-made model.
    assert sum(getattr(b, "searches", 0) for b in experts) > 0
