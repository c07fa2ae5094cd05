"""A trained policy as a bot: the ``learned`` bot, an MLP over the RL observation, in NumPy.

What this is for: playing a policy trained on the RL environments (``imitate.py``, then
``examples/rl_imitate.py``) wherever a bot plays — ``pysettlers arena learned weighted ...``,
the simulator, a server operator's seats. The bot decides from its own view, as every bot:
the view goes through the same :class:`~pysettlers.rl.encode.Encoder` the environments
use, so it sees exactly the observation the policy saw in training; the legal actions go
through the rules' action layout into a mask; the MLP's logits are read over the mask and
the best legal action is played (``sample=1``: drawn from the masked softmax with the bot's
own seeded generator instead).

**The weights file** (:func:`save_weights`, :func:`load_weights`): a ``.npz`` holding
``format`` (:data:`WEIGHTS_FORMAT`), ``version`` (:data:`WEIGHTS_VERSION`), ``rules`` (the
JSON of the rules it was trained for, seed left out), ``obs_dim`` and ``actions`` (the
encoder's and the layout's sizes, checked on load), ``mean`` and ``scale`` (the input
normalisation: ``(obs - mean) / scale``), the hidden layers ``w0, b0, w1, b1, …``
(``w`` is ``(in, out)``), the policy head ``pi_w, pi_b`` and the value head ``v_w, v_b``,
and ``meta`` (JSON: how it was trained). A matrix ``m`` is float16 or float32, or int8
with ``m_scale`` beside it (float32, one per output column: ``m = q × m_scale``; version
2); the vectors float16 or float32; computed in float32.

**Domestic offers**: the policies are trained with ``offers=False`` (they never propose a
trade), so the bot leaves offers and counter-offers out of its mask whenever anything else
is legal; it still accepts or rejects the others' offers.

What this is not: training (``imitate.py`` makes demonstrations; the torch training is in
``examples/rl_imitate.py``), nor a general bot: it plays the one rules configuration its
layout and encoder were trained for and refuses any other with a clear error.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pysettlers.engine import Action, ActionKind, Rules, View

from .encode import Encoder
from .layout import ActionLayout, action_layout, legal_index_map

F32 = npt.NDArray[np.float32]

WEIGHTS_FORMAT = "pysettlers-mlp-policy"
WEIGHTS_VERSION = 2
"""Bumped when the file's layout or the meaning of an array changes; an older or newer
file is refused with the version it has and the one this code reads."""

OFFER_KINDS = frozenset({ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE})
"""What a policy trained with ``offers=False`` never learned to play (left out of its mask)."""


def rules_key(rules: Rules) -> dict[str, Any]:
    """The rules a policy is for, as JSON: every option but the seed (which lays out a board
    the policy reads from its observation, so any seed will do)."""
    return replace(rules, seed=0).to_json() | {"seed": None}


@dataclass(frozen=True, slots=True)
class MlpPolicy:
    """An MLP policy with a value head, its arrays in float32 (see the module docstring)."""

    rules: Rules
    mean: F32
    scale: F32
    hidden: tuple[tuple[F32, F32], ...]
    pi: tuple[F32, F32]
    v: tuple[F32, F32]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def obs_dim(self) -> int:
        return int(self.mean.shape[0])

    @property
    def actions(self) -> int:
        return int(self.pi[1].shape[0])

    def features(self, obs: npt.ArrayLike) -> F32:
        """The last hidden layer's activations for a batch (or one) of observations."""
        h = (np.asarray(obs, np.float32) - self.mean) / self.scale
        for w, b in self.hidden:
            h = np.maximum(h @ w + b, 0.0)
        return h

    def forward(self, obs: npt.ArrayLike) -> tuple[F32, F32]:
        """The logits ``(..., actions)`` and the values ``(...)`` of observations."""
        h = self.features(obs)
        logits = h @ self.pi[0] + self.pi[1]
        value = (h @ self.v[0] + self.v[1])[..., 0]
        return logits, value

    def act(self, obs: npt.ArrayLike, mask: npt.ArrayLike) -> int:
        """The best action index the mask allows for one observation."""
        logits, _ = self.forward(obs)
        m = np.asarray(mask).astype(bool)
        if not m.any():
            raise ValueError("no legal action in the mask")
        return int(np.argmax(np.where(m, logits, -np.inf)))


def save_weights(
    path: str | Path,
    rules: Rules,
    mean: npt.ArrayLike,
    scale: npt.ArrayLike,
    hidden: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
    pi: tuple[npt.ArrayLike, npt.ArrayLike],
    v: tuple[npt.ArrayLike, npt.ArrayLike],
    *,
    meta: Mapping[str, Any] | None = None,
    dtype: type[np.floating[Any]] = np.float16,
    int8: bool = True,
) -> Path:
    """Write a weights file (the module docstring's arrays) in ``dtype``; returns its path.
    ``int8``: the matrices stored as int8 with a scale per output column (``w`` is
    ``q × w_scale``), a quarter of float32's size for a change of the logits well below
    their differences; the vectors stay in ``dtype``.

    Checks the shapes against the rules' encoder and layout, so a file that would not play
    is never written."""
    enc = Encoder(rules)
    lay = action_layout(rules)
    arrays: dict[str, Any] = {
        "format": np.array(WEIGHTS_FORMAT),
        "version": np.array(WEIGHTS_VERSION),
        "rules": np.array(json.dumps(rules_key(rules), sort_keys=True)),
        "obs_dim": np.array(enc.shapes.flat),
        "actions": np.array(lay.size),
        "meta": np.array(json.dumps(dict(meta or {}), sort_keys=True)),
        "mean": np.asarray(mean, np.float32),
        "scale": np.asarray(scale, np.float32),
    }
    width = enc.shapes.flat
    named = [(f"w{i}", w, f"b{i}", b) for i, (w, b) in enumerate(hidden)]
    named += [("pi_w", pi[0], "pi_b", pi[1]), ("v_w", v[0], "v_b", v[1])]
    for wn, w, bn, b in named:
        m = np.asarray(w, np.float32)
        if int8:
            col = np.abs(m).max(axis=0) / 127.0 if m.size else np.ones(m.shape[1:], np.float32)
            col[col == 0] = 1.0  # (an all-zero column: any scale stores it exactly)
            arrays[wn] = np.round(m / col).astype(np.int8)
            arrays[f"{wn}_scale"] = col.astype(np.float32)
        else:
            arrays[wn] = m.astype(dtype)
        arrays[bn] = np.asarray(b, dtype)
    policy = _policy_of(arrays, rules, width, lay.size, str(path))
    del policy  # (built only to check the shapes)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as f:
        np.savez_compressed(f, **arrays)
    return out


def _policy_of(
    arrays: Mapping[str, Any], rules: Rules, obs_dim: int, actions: int, where: str
) -> MlpPolicy:
    """The policy of a weights file's arrays, every shape checked (``ValueError`` naming the
    array and the file)."""

    def f32(name: str) -> F32:
        if name not in arrays:
            raise ValueError(f"{where}: weights file has no array {name!r}")
        a = np.asarray(arrays[name], np.float32)
        if f"{name}_scale" in arrays:  # an int8 matrix: q × its columns' scales
            a = a * np.asarray(arrays[f"{name}_scale"], np.float32)
        return a

    mean, scale = f32("mean"), f32("scale")
    if mean.shape != (obs_dim,) or scale.shape != (obs_dim,):
        raise ValueError(
            f"{where}: mean/scale have shapes {mean.shape}/{scale.shape}, "
            f"the rules' observation has {obs_dim} entries"
        )
    if not (scale > 0).all():
        raise ValueError(f"{where}: scale must be positive everywhere")
    hidden: list[tuple[F32, F32]] = []
    width = obs_dim
    while f"w{len(hidden)}" in arrays:
        i = len(hidden)
        w, b = f32(f"w{i}"), f32(f"b{i}")
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ValueError(f"{where}: layer {i} has shapes {w.shape}, {b.shape} after {width}")
        hidden.append((w, b))
        width = w.shape[1]
    pi = (f32("pi_w"), f32("pi_b"))
    v = (f32("v_w"), f32("v_b"))
    if pi[0].shape != (width, actions) or pi[1].shape != (actions,):
        raise ValueError(
            f"{where}: the policy head has shape {pi[0].shape}; the rules' layout needs "
            f"({width}, {actions})"
        )
    if v[0].shape != (width, 1) or v[1].shape != (1,):
        raise ValueError(f"{where}: the value head has shape {v[0].shape}, not ({width}, 1)")
    meta_text = arrays.get("meta")
    meta = json.loads(str(meta_text)) if meta_text is not None else {}
    return MlpPolicy(rules, mean, scale, tuple(hidden), pi, v, meta)


@cache
def _load_cached(path: str, mtime: float) -> MlpPolicy:
    del mtime  # (part of the key only: a rewritten file is read again)
    return _load(path)


def _load(path: str) -> MlpPolicy:
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except FileNotFoundError:
        raise ValueError(f"weights file {path!r} not found") from None
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: not a weights file ({err})") from None
    fmt = str(arrays.get("format", ""))
    if fmt != WEIGHTS_FORMAT:
        raise ValueError(f"{path}: not a {WEIGHTS_FORMAT} weights file (format {fmt!r})")
    version = int(arrays.get("version", -1))
    if version != WEIGHTS_VERSION:
        raise ValueError(
            f"{path}: weights file version {version}; this pysettlers reads version "
            f"{WEIGHTS_VERSION}"
        )
    rules_json = json.loads(str(arrays["rules"]))
    rules = Rules.from_json({k: v for k, v in rules_json.items() if k != "seed"})
    obs_dim, actions = int(arrays["obs_dim"]), int(arrays["actions"])
    enc_dim, lay_size = Encoder(rules).shapes.flat, action_layout(rules).size
    if (obs_dim, actions) != (enc_dim, lay_size):
        raise ValueError(
            f"{path}: trained on observations of {obs_dim} and {actions} actions; these "
            f"rules now encode {enc_dim} and lay out {lay_size} (retrain it)"
        )
    return _policy_of(arrays, rules, obs_dim, actions, path)


def load_weights(path: str | Path) -> MlpPolicy:
    """The policy in a weights file (cached by path and modification time); ``ValueError``
    naming the file and what is wrong with it."""
    p = str(path)
    try:
        mtime = Path(p).stat().st_mtime
    except OSError:
        raise ValueError(f"weights file {p!r} not found") from None
    return _load_cached(p, mtime)


DEFAULT_WEIGHTS = Path(__file__).with_name("weights") / "learned.npz"
"""Where ``learned`` looks without ``weights=``: a trained file shipped with the package
(written by ``examples/rl_imitate.py --out``), if there is one."""


class LearnedBot:
    """The ``learned`` bot (see the module docstring).

    Options: ``weights`` (a weights file; default :data:`DEFAULT_WEIGHTS`), ``sample``
    (``0``: the best legal action, the default; ``1``: drawn from the masked softmax with
    the bot's generator, ``temperature`` scaling the logits)."""

    name = "learned"

    def __init__(
        self,
        rng: random.Random,
        *,
        weights: str | Path | None = None,
        sample: float = 0.0,
        temperature: float = 1.0,
    ) -> None:
        path = Path(weights) if weights is not None else DEFAULT_WEIGHTS
        if weights is None and not path.exists():
            raise ValueError(
                "the learned bot needs a weights file: learned:weights=PATH "
                "(train one with examples/rl_imitate.py)"
            )
        if temperature <= 0:
            raise ValueError(f"temperature must be positive (got {temperature})")
        self.rng = rng
        self.policy = load_weights(path)
        self.sample = bool(sample)
        self.temperature = float(temperature)
        self._key = rules_key(self.policy.rules)
        self._checked: Rules | None = None
        self._encoder = Encoder(self.policy.rules)
        self._layout: ActionLayout = action_layout(self.policy.rules)

    def _check(self, rules: Rules) -> None:
        if rules is self._checked:
            return
        if rules_key(rules) != self._key:
            want = {k: v for k, v in self._key.items() if k != "seed"}
            raise ValueError(
                f"the learned bot plays only the rules it was trained for ({want}); "
                f"this game's are {replace(rules, seed=0).to_json()}"
            )
        self._checked = rules

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self._check(view.rules)
        if len(legal) == 1:
            return legal[0]
        by_index = legal_index_map(self._layout, legal, view.board.topology)
        quiet = {i: a for i, a in by_index.items() if a.kind not in OFFER_KINDS}
        if quiet:
            by_index = quiet
        flat, _ = self._encoder.encode(view)
        logits, _ = self.policy.forward(flat)
        keys = np.fromiter(by_index, np.intp, len(by_index))
        scores = logits[keys]
        if self.sample:
            z = scores / self.temperature
            p = np.exp(z - z.max())
            p /= p.sum()
            pick = int(keys[self._draw(p)])
        else:
            pick = int(keys[int(np.argmax(scores))])
        return by_index[pick]

    def _draw(self, p: F32) -> int:
        u = self.rng.random()
        i = int(np.searchsorted(np.cumsum(p), u * float(p.sum()), side="right"))
        return min(i, len(p) - 1)


def learned_bot(rng: random.Random, **options: Any) -> LearnedBot:
    """The ``learned`` bot's factory (``pysettlers.bots`` registers it, importing this
    module only when one is built)."""
    unknown = set(options) - {"weights", "sample", "temperature"}
    if unknown:
        raise ValueError(
            f"unknown option(s) {sorted(unknown)} for the learned bot "
            "(it takes weights, sample, temperature)"
        )
    weights = options.get("weights")
    return LearnedBot(
        rng,
        weights=None if weights is None else str(weights),
        sample=float(options.get("sample", 0.0)),
        temperature=float(options.get("temperature", 1.0)),
    )
