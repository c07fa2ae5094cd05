"""Training the learned value (the ``train`` extra: numpy, and scikit-learn for the trees).

What this is for: turning the data of ``data.py`` into a weights file (``model.py``) and
measuring it. The games are split by game, never by position: the last ``holdout`` share
of the games (by seed) is held out, or the games of the seeds named (``held``: the same
held-out games whatever else was generated). A model gives each seat of a snapshot a
score; the seats' chances are normalised within the snapshot so that they sum to one as
chances to win do. Games without a winner are left out.

Models (:data:`KINDS`): ``mlp`` (``mlp.py``, numpy), the conditional-logit network — a
softmax over the snapshot's seats, trained on ``-log P(the winner)`` itself, its linear part
starting at today's logit — with Monte-Carlo targets or TD(λ) ones (``td``); and ``trees``,
scikit-learn's HistGradientBoostingClassifier on "this seat went on to win" seat by seat
(log-loss, fixed seed, no early stopping), renormalised as each seat's probability over the
seats' sum (``ratio``; the table also shows the ``softmax`` of its logits). Baselines on the
same held-out snapshots: the uniform guess, a points-only conditional logit (points, their
square share, whose turn is next: fitted here), and today's learned logit
(``value_model.win_chances`` with its shipped weights).

The measure is the held-out log-loss per snapshot, ``-log P(the winner)``, as
``bench/fit_value.py`` reports it, and the share of snapshots whose winner is ranked first.

What this is not: needed to play (inference is ``model.py``, pure Python) nor imported by
the package; numpy and scikit-learn are imported here (and in ``mlp.py``) only.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

import numpy as np

from .. import value_model as VM
from . import mlp as N
from .data import GameData
from .features import BASE, FEATURE_NAMES
from .model import FORMAT, VERSION, ValueModel

KINDS = ("trees", "mlp")
POINTS = ("vp", "vp_share_sq", "wait")  # the points-only baseline's features


class Split:
    """The examples of some games: rows (seat × snapshot), targets, snapshot groups, and
    each snapshot's game (in order within the game: TD targets follow it)."""

    def __init__(self, games: Sequence[GameData]) -> None:
        rows: list[list[float]] = []
        ys: list[int] = []
        groups: list[int] = []
        of_game: list[int] = []
        g = 0
        for i, game in enumerate(games):
            if game.winner is None:
                continue
            for snap in game.snaps:
                for p, x in enumerate(snap):
                    rows.append(x)
                    ys.append(int(p == game.winner))
                    groups.append(g)
                of_game.append(i)
                g += 1
        self.x = np.asarray(rows, dtype=float).reshape(-1, len(FEATURE_NAMES))
        self.y = np.asarray(ys, dtype=int)
        self.group = np.asarray(groups, dtype=int)
        self.game = np.asarray(of_game, dtype=int)
        self.snapshots = g
        self.games = sum(1 for game in games if game.winner is not None)


def normalise(z: Any, group: Any, how: str) -> Any:
    """Each row's chance within its snapshot from per-row logits ``z``."""
    if how == "softmax":
        m = np.full(group.max() + 1, -np.inf)
        np.maximum.at(m, group, z)
        e = np.exp(z - m[group])
    else:
        e = 1.0 / (1.0 + np.exp(-z))
    total = np.zeros(group.max() + 1)
    np.add.at(total, group, e)
    return e / total[group]


def scores(p: Any, split: Split) -> tuple[float, float]:
    """Held-out log-loss per snapshot (``-log P(winner)``) and the share of snapshots whose
    winner has the highest chance."""
    won = split.y == 1
    loss = float(-np.log(np.clip(p[won], 1e-15, 1.0)).mean())
    best = np.full(split.snapshots, -1.0)
    np.maximum.at(best, split.group, p)
    top = p >= best[split.group]
    ties = np.zeros(split.snapshots)
    np.add.at(ties, split.group, top)
    # A winner tied for first with k seats counts 1/k (the uniform guess: 1/players).
    hits = float((top[won] / ties[split.group[won]]).mean())
    return loss, hits


def conditional_logit(x: Any, y: Any, group: Any, l2: float = 1.0) -> Any:
    """Weights of ``P(row) = softmax within its group of w · x`` by Newton steps (L2)."""
    k = x.shape[1]
    w = np.zeros(k)
    for _ in range(30):
        z = x @ w
        p = normalise(z, group, "softmax")
        g = x.T @ (p - y) + l2 * w
        # The Hessian: Σ_groups (Σ p x xᵀ − (Σ p x)(Σ p x)ᵀ).
        px = p[:, None] * x
        mean = np.zeros((group.max() + 1, k))
        np.add.at(mean, group, px)
        h = x.T @ px - mean.T @ mean + l2 * np.eye(k)
        step = np.linalg.solve(h, g)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w


def baselines(train: Split, test: Split) -> dict[str, Any]:
    """Each baseline's held-out chances (rows of ``test``)."""
    out: dict[str, Any] = {"uniform": normalise(np.zeros(len(test.y)), test.group, "softmax")}
    cols = [FEATURE_NAMES.index(n) for n in POINTS]
    mu = train.x[:, cols].mean(axis=0)
    sd = train.x[:, cols].std(axis=0) + 1e-9
    w = conditional_logit((train.x[:, cols] - mu) / sd, train.y, train.group)
    out["points only (logit)"] = normalise(((test.x[:, cols] - mu) / sd) @ w, test.group, "softmax")
    logit = np.asarray([VM.score(list(row[:BASE])) for row in test.x])
    out["today's logit (29 features)"] = normalise(logit, test.group, "softmax")
    return out


def _sklearn(module: str) -> Any:
    """A scikit-learn module (untyped: imported by name), or a clear error naming the extra."""
    try:
        return importlib.import_module(f"sklearn.{module}")
    except ImportError:
        raise ValueError("training needs scikit-learn: pip install 'pysettlers[train]'") from None


# The settings each kind is tried with ("full" size), the one chosen by a validation split
# of the training games (``run``): trees (iterations, leaves, samples a leaf); the network
# (``mlp.Config``: its number of epochs is chosen too, the best epoch on validation games).
# Positions of one game are alike, so a thousand games are still few examples: one setting
# of each is the more heavily regularized.
CONFIGS: dict[str, tuple[Any, ...]] = {
    "trees": ((300, 15, 40), (100, 7, 400)),
    "mlp": (
        N.Config(hidden=16, l2=1e-2, prior=1e-2, epochs=30),
        N.Config(hidden=32, l2=1e-3, prior=1e-3, epochs=30),
    ),
}
TINY: dict[str, Any] = {
    "trees": (5, 4, 40),
    "mlp": N.Config(hidden=4, epochs=3, batch=16),
}


def fit(
    kind: str, train: Split, seed: int, config: Any = None, td: float | None = None
) -> tuple[Any, dict[str, Any]]:
    """A fitted model of ``kind`` with ``config`` (:data:`CONFIGS`; default the first) and
    its weights document (``model.py``); ``td``: the network's TD(λ) targets."""
    if kind not in KINDS:
        raise ValueError(f"--kind must be one of {KINDS} (got {kind!r})")
    config = config or CONFIGS[kind][0]
    if kind == "mlp":
        net, _ = fit_mlp(train, seed, config, td)
        return net, N.to_doc(net)
    HistGradientBoostingClassifier = _sklearn("ensemble").HistGradientBoostingClassifier
    iters, leaves, per_leaf = config
    est: Any = HistGradientBoostingClassifier(
        max_iter=iters,
        learning_rate=0.05,
        max_leaf_nodes=leaves,
        min_samples_leaf=per_leaf,
        l2_regularization=1.0,
        early_stopping=False,
        random_state=seed,
    )
    est.fit(train.x, train.y)
    return est, trees_doc(est)


def snapshots(split_: Split, mean: Any, scale: Any) -> N.Snapshots:
    return N.pad(split_.x, split_.y, split_.group, split_.game, mean, scale)


def fit_mlp(
    train: Split, seed: int, cfg: N.Config, td: float | None, watch: Split | None = None
) -> tuple[N.Net, list[float]]:
    """The network fitted to ``train`` (standardized on it) and its log-loss on ``watch``
    after each epoch. With ``td`` (λ): fitted to the winners first, then refitted twice to
    TD(λ) targets made from its own chances (``mlp.td_targets``), ``cfg.epochs`` each."""
    mean, scale = N.standardizer(train.x)
    snaps = snapshots(train, mean, scale)
    seen = snapshots(watch, mean, scale) if watch is not None else None
    params, curve = N.fit(snaps, cfg, scale, seed, watch=seen)
    if td is not None:
        for r in range(2):
            p = N.chances(N.scores(params, snaps.x)[0], snaps.mask)
            snaps.y = N.td_targets(p, snaps, td)
            params, more = N.fit(snaps, cfg, scale, seed + 1 + r, start=params, watch=seen)
            curve += more
    return N.Net(params, mean, scale), curve


def choose(
    kind: str, games: Sequence[GameData], seed: int, td: float | None = None
) -> tuple[Any, float]:
    """The setting of ``kind`` with the best log-loss on the last fifth of ``games`` (the
    training games: the held-out ones are never looked at) when fitted on the rest; for the
    network, with the number of epochs at its best validation log-loss."""
    fit_games, val_games = split(games, 0.2)
    fit_split, val = Split(fit_games), Split(val_games)
    best: tuple[Any, float] | None = None
    for config in CONFIGS[kind]:
        if kind == "mlp":
            _, curve = fit_mlp(fit_split, seed, config, td, watch=val)
            if td is not None:  # the epochs of each TD round
                per = [min(curve[i :: config.epochs]) for i in range(config.epochs)]
                curve = per
            epoch = int(np.argmin(curve))
            config = replace(config, epochs=epoch + 1)
            loss = curve[epoch]
        else:
            est, _ = fit(kind, fit_split, seed, config)
            loss = scores(normalise(trainer_logit(est, val.x), val.group, "ratio"), val)[0]
        if best is None or loss < best[1]:
            best = (config, loss)
    assert best is not None
    return best


def trainer_logit(est: Any, x: Any) -> Any:
    """Per-row scores from the fitted model (the network's, or the trees' logits)."""
    if isinstance(est, N.Net):
        return est.logit(x)
    return est.decision_function(x)


def trees_doc(est: Any) -> dict[str, Any]:
    trees = []
    for (pred,) in est._predictors:  # one tree per iteration (a binary target)
        nodes = pred.nodes
        trees.append(
            {
                "feature": nodes["feature_idx"].tolist(),
                "threshold": [float(t) for t in nodes["num_threshold"]],
                "left": nodes["left"].tolist(),
                "right": nodes["right"].tolist(),
                "value": [float(v) for v in nodes["value"]],
                "leaf": [int(v) for v in nodes["is_leaf"]],
            }
        )
    return {"baseline": float(np.ravel(est._baseline_prediction)[0]), "trees": trees}


def document(kind: str, body: dict[str, Any], how: str, meta: dict[str, Any]) -> dict[str, Any]:
    """The weights file's document (``model.py``'s format)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "normalise": how,
        "features": list(FEATURE_NAMES),
        "meta": meta,
        kind: body,
    }


def split(
    games: Sequence[GameData], holdout: float, held: range | None = None
) -> tuple[list[GameData], list[GameData]]:
    """Games by seed; the last ``holdout`` share held out (whole games), or the games whose
    seeds are in ``held``."""
    if not 0.0 < holdout < 1.0:
        raise ValueError(f"--holdout must be between 0 and 1 (got {holdout})")
    ordered = sorted(games, key=lambda g: g.seed)
    if held is not None:
        out = [g for g in ordered if g.seed in held]
        if not out or len(out) == len(ordered):
            raise ValueError(
                f"--holdout-seeds {held.start}-{held.stop - 1} must name some games, not all"
            )
        return [g for g in ordered if g.seed not in held], out
    cut = max(1, min(len(ordered) - 1, round(len(ordered) * (1 - holdout))))
    return ordered[:cut], ordered[cut:]


def run(
    games: Sequence[GameData],
    *,
    kinds: Sequence[str] = KINDS,
    holdout: float = 0.2,
    held: range | None = None,
    seed: int = 0,
    size: str = "full",
    td: float | None = None,
) -> tuple[list[tuple[str, float, float]], dict[str, dict[str, Any]], Split, Split]:
    """Fit each kind, measure everything on the held-out games (:func:`split`): the table
    rows ``(name, log-loss, winner ranked first)``, each kind's weights document (its
    setting chosen on the training games alone, :func:`choose`), and the splits. ``td``:
    the network's TD(λ) targets (``None``: Monte-Carlo)."""
    if td is not None and not 0.0 <= td <= 1.0:
        raise ValueError(f"--td must be between 0 and 1 (got {td})")
    tr_games, te_games = split(games, holdout, held)
    train, test = Split(tr_games), Split(te_games)
    if not train.snapshots or not test.snapshots:
        raise ValueError("too few finished games to train and hold out (play more games)")
    rows = [(name, *scores(p, test)) for name, p in baselines(train, test).items()]
    docs: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        if size == "tiny":
            config, val_loss = TINY[kind], float("nan")
        else:
            config, val_loss = choose(kind, tr_games, seed, td if kind == "mlp" else None)
        est, body = fit(kind, train, seed, config, td if kind == "mlp" else None)
        z_test = trainer_logit(est, test.x)
        # The network is trained for the softmax over seats; the per-seat trees for their
        # probabilities renormalised (the other form: for information).
        how = "softmax" if kind == "mlp" else "ratio"
        for h in ("softmax", "ratio"):
            loss, hits = scores(normalise(z_test, test.group, h), test)
            rows.append((f"{kind} ({h})" + (" *" if h == how else ""), loss, hits))
        meta = {
            "train_games": train.games,
            "train_snapshots": train.snapshots,
            "seed": seed,
            "size": size,
            "config": asdict(config) if kind == "mlp" else list(config),
            "targets": f"TD({td})" if kind == "mlp" and td is not None else "Monte-Carlo",
            "validation_log_loss": val_loss,
        }
        docs[kind] = document(kind, body, how, meta)
        docs[kind]["_check"] = (est, z_test[:50], test.x[:50])
    return rows, docs, train, test


def verify(doc: dict[str, Any]) -> float:
    """The largest difference between the weights file's logits and the trainer's on a few
    held-out rows (``run`` keeps them): the export must reproduce the model."""
    _est, z, x = doc["_check"]
    model = ValueModel({k: v for k, v in doc.items() if k != "_check"})
    return max((abs(model.logit(list(row)) - float(v)) for row, v in zip(x, z)), default=0.0)


__all__ = ["KINDS", "Split", "baselines", "document", "fit", "run", "split", "verify"]
