"""The environments' reward options: win/loss, victory points, or the user's own function.

What this is for: the ``reward=`` argument of both environments, read here once —

* ``"win"`` (the default): at the end of a game the winner gets ``+1`` and every other seat
  ``-1``; every other step, and a truncated game, gives 0. Read from the state, no view built.
* ``"points"``: the change in the seat's own victory points since its previous reward (hidden
  victory point cards included, as the seat's own view counts them), so over a game the
  rewards add up to the seat's final score. The end of the game adds nothing.
* a callable ``reward(prev_view, view, seat) -> float``: ``view`` is ``observe(state, seat)``
  now and ``prev_view`` the same seat's view when it was last rewarded (at ``reset`` for the
  first step) — shaping by anything a seat may know (``view.winner`` is set at the end,
  ``view.own_vp``, ``view.road_length`` …). It only ever sees the seat's views, never the
  state, so it cannot leak a secret into the reward.

When a reward is given: the Gymnasium environment rewards the learner once per ``step``
(``prev_view`` at its previous decision, ``view`` at its next one or the end: the bots' moves in
between count); the AEC environment rewards every agent after every step (each agent's
``prev_view`` its own view after the previous step), which builds one view per seat per
step for ``"points"`` and callables, so these cost more than ``"win"``.

What this is not: the environments' step logic (``gym_env.py``, ``aec.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Union

from pysettlers.engine import View
from pysettlers.engine.types import NOBODY

RewardFn = Callable[[View, View, int], float]
"""A reward function: ``(prev_view, view, seat) -> float``."""

RewardSpec = Union[str, RewardFn]  # noqa: UP007  (a runtime alias: Python 3.11's | on a str)
"""What ``reward=`` takes: ``"win"``, ``"points"`` or a :data:`RewardFn`."""

REWARDS = ("win", "points")


def win(prev_view: View, view: View, seat: int) -> float:
    """+1 when ``seat`` has won, -1 when another seat has, else 0."""
    if view.winner == NOBODY:
        return 0.0
    return 1.0 if view.winner == seat else -1.0


def points(prev_view: View, view: View, seat: int) -> float:
    """The change in ``seat``'s victory points, hidden cards included (its own views)."""
    return float(_vp(view, seat) - _vp(prev_view, seat))


def _vp(view: View, seat: int) -> int:
    own = view.own_vp if view.viewer == seat else None
    return own if own is not None else view.public_vp[seat]


def reward_fn(spec: RewardSpec) -> RewardFn | None:
    """The function ``spec`` names; ``None`` for ``"win"`` (the environments read the end of
    the game from the state, building no view). ``ValueError``/``TypeError`` naming the option
    for anything else."""
    if isinstance(spec, str):
        if spec == "win":
            return None
        if spec == "points":
            return points
        raise ValueError(
            f"reward must be 'win', 'points' or a callable (prev_view, view, seat) -> float "
            f"(got {spec!r})"
        )
    if not callable(spec):
        raise TypeError(
            "reward must be 'win', 'points' or a callable (prev_view, view, seat) -> float "
            f"(got {type(spec).__name__})"
        )
    return spec


def call(fn: RewardFn, prev_view: View, view: View, seat: int) -> float:
    """``fn``'s reward as a float; ``TypeError`` naming the option if it is not a number."""
    got = fn(prev_view, view, seat)
    try:
        return float(got)
    except (TypeError, ValueError) as e:
        raise TypeError(f"the reward function returned {got!r}, not a number") from e
