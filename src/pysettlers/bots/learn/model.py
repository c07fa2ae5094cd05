"""The learned value's inference: a weights file read and evaluated in pure Python.

What this is for: playing with the second learned value (``expert:value=learned2``) with no
dependency beyond the standard library. A weights file (JSON, written by ``train.py``) is one
of two model kinds over :data:`~.features.FEATURE_NAMES`:

* ``trees``: gradient-boosted regression trees (scikit-learn's HistGradientBoosting), as
  flat node arrays: a seat's logit is the baseline plus one leaf value per tree, a node
  sending ``x[feature] <= threshold`` left;
* ``mlp``: a small multi-layer perceptron (``mlp.py``, numpy) as its weight matrices, the
  features standardized first, ReLU hidden layers, one output score, plus ``linear``: a
  weight per standardized feature added to the score (the linear part that starts at
  today's logit; absent: none).

The logit is a per-seat score; the seats' chances to win are then normalised across the
game's seats as the file's ``normalise`` says: ``softmax`` of the scores (the conditional
logit's form, what the ``mlp`` kind is trained for), or ``ratio``, each seat's probability
(a per-seat "does this seat win" model, the trees) over their sum.

Version 2 (2026-11-27): the ``mlp`` kind became the conditional-logit network with its
``linear`` part; version 1 files (scikit-learn's per-seat MLP) are refused.

A file carries ``format`` and ``version`` and the feature names it was trained on; a file of
another format or version, or for other features, is refused with an error naming the field
(:class:`ModelFileError`), never evaluated on the wrong inputs.

What this is not: training (``train.py``, with the ``train`` extra) nor feature extraction
(``features.py``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .features import FEATURE_NAMES

FORMAT = "pysettlers-value2"
VERSION = 2
KINDS = ("trees", "mlp")
NORMALISE = ("softmax", "ratio")
SHIPPED = Path(__file__).with_name("value2.json")
"""The shipped weights (written by ``python -m pysettlers.bots.learn train --out ...``)."""


class ModelFileError(ValueError):
    """A weights file this version cannot evaluate (names the field at fault)."""


class Trees:
    """Boosted trees as flat arrays (one tuple per field per tree)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.baseline = float(doc["baseline"])
        # Per tree: feature, threshold, left, right, value, leaf (one entry per node).
        self.trees: list[
            tuple[
                tuple[int, ...],
                tuple[float, ...],
                tuple[int, ...],
                tuple[int, ...],
                tuple[float, ...],
                tuple[bool, ...],
            ]
        ] = []
        for t in doc["trees"]:
            self.trees.append(
                (
                    tuple(int(x) for x in t["feature"]),
                    tuple(float(x) for x in t["threshold"]),
                    tuple(int(x) for x in t["left"]),
                    tuple(int(x) for x in t["right"]),
                    tuple(float(x) for x in t["value"]),
                    tuple(bool(x) for x in t["leaf"]),
                )
            )

    def logit(self, x: Sequence[float]) -> float:
        out = self.baseline
        for feature, threshold, left, right, value, leaf in self.trees:
            i = 0
            while not leaf[i]:
                i = left[i] if x[feature[i]] <= threshold[i] else right[i]
            out += value[i]
        return out


class Mlp:
    """A ReLU perceptron: standardize, hidden layers, one output score, plus the linear
    part on the standardized features."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.mean = [float(v) for v in doc["mean"]]
        self.scale = [float(v) for v in doc["scale"]]
        # Each layer as its columns (one weight list per unit) and its biases.
        self.layers = [
            (
                [list(col) for col in zip(*[[float(v) for v in row] for row in layer["W"]])],
                [float(v) for v in layer["b"]],
            )
            for layer in doc["layers"]
        ]
        self.linear = [float(v) for v in doc.get("linear", ())]

    def logit(self, x: Sequence[float]) -> float:
        xs = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale)]
        h = xs
        last = len(self.layers) - 1
        for k, (cols, bias) in enumerate(self.layers):
            out = [b + sum(w * v for w, v in zip(col, h)) for col, b in zip(cols, bias)]
            h = out if k == last else [v if v > 0.0 else 0.0 for v in out]
        return h[0] + sum(w * v for w, v in zip(self.linear, xs))


class ValueModel:
    """A loaded weights file: per-seat logits and the seats' chances to win."""

    def __init__(self, doc: dict[str, Any], source: str = "<dict>") -> None:
        check(doc, source)
        self.kind: str = doc["kind"]
        self.normalise: str = doc["normalise"]
        self.meta: dict[str, Any] = dict(doc.get("meta", {}))
        self.net: Trees | Mlp = Trees(doc["trees"]) if self.kind == "trees" else Mlp(doc["mlp"])

    def logit(self, x: Sequence[float]) -> float:
        """One seat's score from its features (:func:`~.features.features`)."""
        if len(x) != len(FEATURE_NAMES):
            raise ValueError(f"expected {len(FEATURE_NAMES)} features, got {len(x)}")
        return self.net.logit(x)

    def win_chances(self, xs: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's chance to win from every seat's features (seat order), summing to 1."""
        z = [self.logit(x) for x in xs]
        if self.normalise == "softmax":
            m = max(z)
            e = [math.exp(v - m) for v in z]
        else:
            e = [1.0 / (1.0 + math.exp(-v)) if v > -700 else 0.0 for v in z]
        total = sum(e)
        if total <= 0.0:
            return [1.0 / len(z)] * len(z)
        return [v / total for v in e]


def check(doc: Any, source: str) -> None:
    """Refuse a document this version cannot evaluate (:class:`ModelFileError`)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ModelFileError(f"{source}: field 'format' must be {FORMAT!r}: not a value2 file")
    if doc.get("version") != VERSION:
        raise ModelFileError(
            f"{source}: field 'version' is {doc.get('version')!r}; this pysettlers reads "
            f"version {VERSION} only (rewrite the file with `python -m pysettlers.bots.learn "
            "train`)"
        )
    if doc.get("kind") not in KINDS:
        raise ModelFileError(f"{source}: field 'kind' must be one of {KINDS}")
    if doc.get("normalise") not in NORMALISE:
        raise ModelFileError(f"{source}: field 'normalise' must be one of {NORMALISE}")
    if tuple(doc.get("features", ())) != FEATURE_NAMES:
        raise ModelFileError(
            f"{source}: field 'features' differs from this version's {len(FEATURE_NAMES)} "
            "features (trained on other inputs)"
        )
    linear = doc.get("mlp", {}).get("linear") if doc["kind"] == "mlp" else None
    if linear is not None and len(linear) != len(FEATURE_NAMES):
        raise ModelFileError(
            f"{source}: field 'linear' must have one weight per feature ({len(FEATURE_NAMES)})"
        )


def load(path: str | Path) -> ValueModel:
    """The model in weights file ``path`` (refused with :class:`ModelFileError` if unreadable
    by this version)."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise ModelFileError(f"{p}: cannot read a weights file: {e}") from None
    return ValueModel(doc, str(p))


_CURRENT: list[ValueModel] = []
_PATH: list[Path] = [SHIPPED]


def use(path: str | Path | None) -> None:
    """Make ``path`` this process's model for ``value=learned2`` (``None``: the shipped one);
    the data generator's ``--model`` (expert iteration) sets it in every worker."""
    model = load(path if path is not None else SHIPPED)
    _PATH[:] = [Path(path) if path is not None else SHIPPED]
    _CURRENT[:] = [model]


def current() -> ValueModel:
    """This process's model (:func:`use`; the shipped weights unless told otherwise),
    loaded on first use."""
    if not _CURRENT:
        _CURRENT.append(load(_PATH[0]))
    return _CURRENT[0]


__all__ = [
    "FORMAT",
    "SHIPPED",
    "VERSION",
    "ModelFileError",
    "ValueModel",
    "check",
    "current",
    "load",
    "use",
]
