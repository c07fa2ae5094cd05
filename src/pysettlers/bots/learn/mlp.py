"""The learned value's network, trained with the conditional logit's loss (numpy).

What this is for: the ``mlp`` kind of the second learned value. The chances to win of a
snapshot's seats are a softmax over the seats of one score per seat, so it is trained on
exactly that — ``-log P(the winner)`` of the snapshot, the conditional logit's likelihood —
rather than on "does this seat win" seat by seat and renormalised afterwards. The score of
a seat with standardized features ``x`` is

    z = v · x + w2 · relu(W1 x + b1)

a linear part ``v`` that starts at today's learned logit (``value_model``: its 29 weights
re-expressed on standardized features, the 18 others at 0) and is held near it by a
penalty (``Config.prior``), plus a small ReLU layer that learns a correction to it (``W1``,
``b1``, ``w2``, L2-penalised by ``Config.l2``). So an untrained network *is* today's logit,
and the data only has to pay for what it changes.

Training is mini-batch Adam over snapshots (manual backpropagation), deterministic per
seed: the initial weights and the batches' order come from ``numpy.random.default_rng``.
The targets are the snapshot's winner (Monte-Carlo) or, with :func:`td_targets`, TD(λ)
targets: each snapshot's target mixes the model's own chances at the next snapshot of the
game with the λ-return of the rest, ending at the winner.

What this is not: inference for play (``model.py``, pure Python, reads what
:func:`to_doc` writes) nor the measurement (``train.py``); numpy is imported here only
(the ``train`` extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import value_weights as W
from .features import BASE, FEATURE_NAMES

K = len(FEATURE_NAMES)
PARAMS = ("W1", "b1", "w2", "v")


@dataclass(frozen=True)
class Config:
    """A training setting (the trainer chooses among a few on validation games)."""

    hidden: int = 32  # ReLU units of the correction
    l2: float = 1e-3  # penalty on the correction's weights, per snapshot
    prior: float = 1e-3  # penalty on the linear part's distance from today's logit
    epochs: int = 30
    lr: float = 2e-3  # Adam's step
    batch: int = 256  # snapshots a step
    from_logit: bool = True  # the linear part starts at (and is held near) today's logit


@dataclass
class Snapshots:
    """A split's snapshots as padded arrays: ``x`` (snapshots × seats × features,
    standardized), ``mask`` (the seats that exist), ``y`` (each seat's target; a row sums to
    1 over its seats), ``game`` (each snapshot's game, in snapshot order within a game)."""

    x: Any
    mask: Any
    y: Any
    game: Any
    winner: Any = field(default=None)  # the Monte-Carlo target (y before TD targets)


def standardizer(rows: Any) -> tuple[Any, Any]:
    """Mean and scale of each feature over ``rows`` (a constant feature keeps scale 1, so an
    unseen value elsewhere stays finite)."""
    mean = rows.mean(axis=0)
    sd = rows.std(axis=0)
    return mean, np.where(sd > 1e-6, sd, 1.0)


def pad(x: Any, y: Any, group: Any, game: Any, mean: Any, scale: Any) -> Snapshots:
    """Padded snapshots from the trainer's rows (``train.Split``: a row per seat and
    snapshot, ``group`` the snapshot of each row, ``game`` the game of each snapshot),
    padded to the most seats of any snapshot."""
    g = int(group.max()) + 1 if len(group) else 0
    # The row's seat: its position within its snapshot (rows of a snapshot are contiguous).
    start = np.zeros(g, dtype=int)
    first = np.r_[True, group[1:] != group[:-1]] if len(group) else np.zeros(0, dtype=bool)
    start[group[first]] = np.nonzero(first)[0]
    seat = np.arange(len(group)) - start[group]
    seats = int(seat.max()) + 1 if len(seat) else 1
    xs = np.zeros((g, seats, x.shape[1]))
    xs[group, seat] = (x - mean) / scale
    mask = np.zeros((g, seats), dtype=bool)
    mask[group, seat] = True
    ys = np.zeros((g, seats))
    ys[group, seat] = y
    return Snapshots(xs, mask, ys, np.asarray(game), ys.copy())


def init(cfg: Config, scale: Any, seed: int) -> dict[str, Any]:
    """Initial weights: the linear part is today's logit (:func:`prior_v`), the correction
    small and random."""
    rng = np.random.default_rng(seed)
    return {
        "W1": rng.normal(0.0, 1.0 / np.sqrt(K), (K, cfg.hidden)),
        "b1": np.zeros(cfg.hidden),
        "w2": rng.normal(0.0, 0.01, cfg.hidden),
        "v": prior_v(scale) if cfg.from_logit else np.zeros(K),
    }


def prior_v(scale: Any) -> Any:
    """Today's logit's weights on standardized features (its score up to a constant, which
    the softmax over seats ignores): ``w_j · scale_j`` for its 29, 0 for the others."""
    v = np.zeros(K)
    v[:BASE] = np.asarray(W.WEIGHTS[:BASE]) * scale[:BASE]
    return v


def scores(params: dict[str, Any], x: Any) -> tuple[Any, Any]:
    """Each seat's score ``z`` (``x``: ... × features, standardized) and the hidden layer's
    pre-activations (for backpropagation)."""
    a = x @ params["W1"] + params["b1"]
    return np.maximum(a, 0.0) @ params["w2"] + x @ params["v"], a


def chances(z: Any, mask: Any) -> Any:
    """The softmax of ``z`` over each snapshot's seats (padding gets 0)."""
    z = np.where(mask, z, -np.inf)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def loss_and_grad(
    params: dict[str, Any], snaps: Snapshots, cfg: Config, v0: Any
) -> tuple[float, dict[str, Any]]:
    """The mean cross-entropy per snapshot (``-Σ y log p``; with one-hot ``y``, ``-log
    P(winner)``) plus the penalties, and its gradient by backpropagation."""
    x, mask, y = snaps.x, snaps.mask, snaps.y
    n = x.shape[0]
    z, a = scores(params, x)
    p = chances(z, mask)
    logp = np.log(np.where(mask, p, 1.0))
    data = float(-(y * logp).sum() / n)
    dv = params["v"] - v0
    w1, w2 = params["W1"], params["w2"]
    loss = data + 0.5 * cfg.l2 * float((w1**2).sum() + (w2**2).sum())
    loss += 0.5 * cfg.prior * float((dv**2).sum())
    dz = np.where(mask, p - y, 0.0) / n  # softmax with cross-entropy: p − y
    h = np.maximum(a, 0.0)
    da = dz[..., None] * w2 * (a > 0.0)
    rows, k, hid = x.shape[0] * x.shape[1], x.shape[-1], w1.shape[1]
    flat = x.reshape(rows, k)
    grads = {
        "W1": flat.T @ da.reshape(rows, hid) + cfg.l2 * w1,
        "b1": da.reshape(rows, hid).sum(axis=0),
        "w2": h.reshape(rows, hid).T @ dz.reshape(rows) + cfg.l2 * w2,
        "v": flat.T @ dz.reshape(rows) + cfg.prior * dv,
    }
    return loss, grads


def take(snaps: Snapshots, rows: Any) -> Snapshots:
    return Snapshots(snaps.x[rows], snaps.mask[rows], snaps.y[rows], snaps.game[rows])


def fit(
    snaps: Snapshots,
    cfg: Config,
    scale: Any,
    seed: int,
    *,
    start: dict[str, Any] | None = None,
    watch: Snapshots | None = None,
) -> tuple[dict[str, Any], list[float]]:
    """Weights after ``cfg.epochs`` epochs of Adam (from ``start``, else :func:`init`), and
    the log-loss on ``watch`` after each epoch (empty without it): how the trainer chooses
    the number of epochs on validation games."""
    rng = np.random.default_rng(seed + 1)
    params = {k: np.array(v, dtype=float) for k, v in (start or init(cfg, scale, seed)).items()}
    v0 = prior_v(scale) if cfg.from_logit else np.zeros(K)
    m = {k: np.zeros_like(v) for k, v in params.items()}
    s = {k: np.zeros_like(v) for k, v in params.items()}
    b1, b2, eps = 0.9, 0.999, 1e-8
    t = 0
    curve: list[float] = []
    n = snaps.x.shape[0]
    for _ in range(cfg.epochs):
        order = rng.permutation(n)
        for i in range(0, n, cfg.batch):
            _, g = loss_and_grad(params, take(snaps, order[i : i + cfg.batch]), cfg, v0)
            t += 1
            for k in PARAMS:
                m[k] = b1 * m[k] + (1 - b1) * g[k]
                s[k] = b2 * s[k] + (1 - b2) * g[k] ** 2
                step = m[k] / (1 - b1**t) / (np.sqrt(s[k] / (1 - b2**t)) + eps)
                params[k] = params[k] - cfg.lr * step
        if watch is not None:
            curve.append(log_loss(params, watch))
    return params, curve


def log_loss(params: dict[str, Any], snaps: Snapshots) -> float:
    """``-log P(winner)`` per snapshot against the Monte-Carlo target."""
    z, _ = scores(params, snaps.x)
    p = chances(z, snaps.mask)
    won = snaps.winner if snaps.winner is not None else snaps.y
    return float(-(won * np.log(np.where(snaps.mask, p, 1.0))).sum() / snaps.x.shape[0])


def td_targets(p: Any, snaps: Snapshots, lam: float) -> Any:
    """TD(λ) targets of each snapshot from the model's chances ``p`` (snapshots × seats):
    ``G_t = (1 − λ) p_{t+1} + λ G_{t+1}`` within a game, the last snapshot's ``G`` the
    winner (the game's end). λ = 1 gives the Monte-Carlo targets."""
    won = snaps.winner
    out = np.array(won, dtype=float)
    game = snaps.game
    for i in range(len(game) - 2, -1, -1):
        if game[i] == game[i + 1]:
            out[i] = (1 - lam) * p[i + 1] + lam * out[i + 1]
    return out


class Net:
    """A trained network with its standardizer: scores of raw feature rows (the trainer's
    predictions, which the weights file must reproduce)."""

    def __init__(self, params: dict[str, Any], mean: Any, scale: Any) -> None:
        self.params, self.mean, self.scale = params, mean, scale

    def logit(self, x: Any) -> Any:
        return scores(self.params, (np.asarray(x) - self.mean) / self.scale)[0]


def to_doc(net: Net) -> dict[str, Any]:
    """The ``mlp`` body of a weights file (``model.py``)."""
    p = net.params
    return {
        "mean": [float(v) for v in net.mean],
        "scale": [float(v) for v in net.scale],
        "layers": [
            {"W": p["W1"].tolist(), "b": p["b1"].tolist()},
            {"W": [[float(v)] for v in p["w2"]], "b": [0.0]},
        ],
        "linear": [float(v) for v in p["v"]],
    }


def numeric_grad(
    params: dict[str, Any], snaps: Snapshots, cfg: Config, v0: Any, name: str, idx: Sequence[int]
) -> float:
    """The central finite difference of the loss in one weight (the gradient's test)."""
    h = 1e-6
    plus = {k: np.array(v) for k, v in params.items()}
    minus = {k: np.array(v) for k, v in params.items()}
    plus[name][tuple(idx)] += h
    minus[name][tuple(idx)] -= h
    return (loss_and_grad(plus, snaps, cfg, v0)[0] - loss_and_grad(minus, snaps, cfg, v0)[0]) / (
        2 * h
    )


__all__ = [
    "Config",
    "Net",
    "Snapshots",
    "chances",
    "fit",
    "init",
    "log_loss",
    "loss_and_grad",
    "pad",
    "prior_v",
    "scores",
    "standardizer",
    "td_targets",
    "to_doc",
]
