"""The learned value from self-play (``bots/learn``, issue 33): the pipeline at a tiny size.

Data from views only (a spy on the features), the same data for 1 and 2 workers, the
weights file reproducing the trainer (scikit-learn, the ``train`` extra: skipped without
it), the pure-Python inference on a hand-made file (always), version refusal, and the
expert's ``value=learned2``.
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


def test_trained_models_file_reproduces_the_trainer(tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    from pysettlers.bots.learn import train as T

    games = D.generate(10, 900, specs_pool=POOL)
    rows, docs, tr, te = T.run(games, holdout=0.3, seed=1, size="tiny")
    assert tr.games + te.games == sum(1 for g in games if g.winner is not None)
    assert {g.seed for g in games[:7]} >= {900, 906}  # the split is by game, by seed
    names = [r[0] for r in rows]
    assert "today's logit (29 features)" in names and "points only (logit)" in names
    assert {"trees (ratio) *", "mlp (ratio) *", "uniform"} <= set(names)
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
    # vp 6 → standardized 3 → hidden (relu(3), relu(-3)) = (3, 0) → 0.5 + 3.
    assert mlp.logit(high) == pytest.approx(3.5)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(tiny_doc("mlp")))
    assert M.load(path).logit(low) == pytest.approx(0.5 + 1.5)
    with pytest.raises(ValueError, match="features"):
        mlp.logit([0.0] * (K - 1))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"version": M.VERSION + 1}, "version"),
        ({"format": "something-else"}, "format"),
        ({"kind": "forest"}, "kind"),
        ({"normalise": "max"}, "normalise"),
        ({"features": list(FEATURE_NAMES[:-1])}, "features"),
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
