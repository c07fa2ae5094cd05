"""The scenarios' part of the heuristic bots: what a scenario package's bots face defines.

What this is for: a scenario (``engine/scenarios/<package>/``) shows the bots how to weigh
its actions in its ``faces/bots.py`` (found through :func:`pysettlers.faces.face`), so that
adding a scenario touches no bot module. The face defines:

``SCORES: Mapping[ActionKind, Score]``
    the greedy bot's one-ply score of each of the scenario's action kinds:
    ``score(t, a, options)``, the predicted change of the greedy value function when the
    viewer takes ``a`` (ending the turn scores 0), from the decision's
    :class:`~pysettlers.bots.turn_context.TurnContext` ``t`` and the bot's
    :class:`~pysettlers.bots.options.HeuristicOptions`.
``before_roll(t, legal, options) -> Action | None``
    optional: an action the greedy bot takes before rolling (the helpers' Lin, to free its
    own hex for this roll), or ``None``; asked before the bot thinks of a knight.

A face may import the bots' modules (``features``, ``weighted``): faces are adapter-side and
imported lazily, once, the first time a bot asks (:func:`scores`, :func:`before_roll`), never
per decision. A scenario with nothing for the bots says ``NOTHING = "why"``.

What this is not: the weighted bot's rules of thumb for the scenarios, which still live in
``weighted.py`` (with ``helper_value.py``), nor any legality (the engine's legal actions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Final

from pysettlers import faces as _faces
from pysettlers.engine import Action, ActionKind

from .options import HeuristicOptions
from .turn_context import TurnContext

Score = Callable[[TurnContext, Action, HeuristicOptions], float]
"""A one-ply score of one action (``SCORES``)."""

BeforeRoll = Callable[[TurnContext, Sequence[Action], HeuristicOptions], Action | None]
"""An action to take before rolling, or ``None`` (``before_roll``)."""


FACE_MEMBERS: Final[dict[str, str]] = {
    "SCORES": "the greedy bot's one-ply score of each of the scenario's action kinds",
    "before_roll": "an action the greedy bot takes before rolling, or None",
}
"""What a bots face may define (the module docstring says more)."""


@cache
def scores() -> Mapping[ActionKind, Score]:
    """Every scenario's ``SCORES``, by kind (resolved once per process)."""
    out: dict[ActionKind, Score] = {}
    for package, module in _faces.faces("bots"):
        theirs: Mapping[ActionKind, Score] = module.SCORES
        for kind in theirs:
            if kind in out:
                raise ValueError(f"two scenarios' bots faces score {kind.name} ({package})")
        out.update(theirs)
    return out


@cache
def before_roll() -> tuple[BeforeRoll, ...]:
    """Every scenario's ``before_roll``, in registration order (resolved once per process)."""
    return tuple(
        module.before_roll for _, module in _faces.faces("bots") if hasattr(module, "before_roll")
    )
