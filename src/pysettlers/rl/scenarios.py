"""The scenarios' part of the RL adapter: what a scenario package's RL face defines.

What this is for: a scenario (``engine/scenarios/<package>/``) shows the RL adapter its
action families and its part of the observation in its ``faces/rl.py`` (found through
:func:`pysettlers.faces.face`), so that adding a scenario touches no module here. The face
defines:

``FAMILIES: tuple[Family, ...]``
    the families of the scenario's action kinds (:class:`~pysettlers.rl.layout.Family`
    built from the fields of ``rl/fields.py``; required). The layout puts them after the
    base game's in the order of their kinds' numbers: ``ActionKind`` numbers each
    scenario's kinds after those of every scenario before it, so adding a scenario moves no
    earlier index (``tests/rl/test_rl_faces.py`` holds a frozen copy of the layout).
``PLAYER_FEATURES: int`` and ``player_features(view, seat) -> Sequence[float]``
    optional: that many more columns at the end of each row of the observation's
    ``players`` part while the scenario is on, read from the view's own part of it
    (``view.ext``).
``SEA_IN_FRAME: bool``
    optional (default ``False``): the scenario's pieces stand on the open sea, so a
    described map's frame takes in the ring of sea round its cells (``frame.py``).

A package with nothing for RL says ``NOTHING = "why"``.

What this is not: the layout or the encoding themselves (``layout.py``, ``encode.py``,
``frame.py`` read what is here), nor rules: whether a scenario is on is its own
``Scenario.enabled``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

from pysettlers import faces as _faces
from pysettlers.engine import Rules

FACE_MEMBERS: Final[dict[str, str]] = {
    "FAMILIES": "the families of the scenario's action kinds, in the order of their kinds",
    "PLAYER_FEATURES": "how many columns the scenario adds to each row of ``players``",
    "player_features": "those columns of one seat's row, from the view",
    "SEA_IN_FRAME": "whether a described map's frame takes in the open sea round its cells",
}
"""What an RL face may define (the module docstring says more)."""


def all_faces() -> tuple[ModuleType, ...]:
    """The RL face of every registered scenario package, in registration order."""
    return tuple(module for _, module in _faces.faces("rl"))


def faces_on(rules: Rules) -> tuple[ModuleType, ...]:
    """The RL faces of the scenarios ``rules`` turn on, in registration order."""
    return _faces.faces_on("rl", rules)


def sea_in_frame(rules: Rules) -> bool:
    """Whether a scenario ``rules`` turn on puts pieces on the open sea (``SEA_IN_FRAME``)."""
    return any(getattr(module, "SEA_IN_FRAME", False) for module in faces_on(rules))
