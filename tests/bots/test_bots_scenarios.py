"""The greedy bot reads the scenarios' bots faces (``pysettlers.bots.scenarios``).

What this is for: each scenario's action kinds are scored by its own package's
``faces/bots.py`` and nowhere else, and a kind with no score is never chosen over ending
the turn. Not a test of how well they play (``test_weighted_greedy.py``, the sim's pinned
seeds).
"""

from __future__ import annotations

from pysettlers import faces
from pysettlers.bots import scenarios as hooks
from pysettlers.engine import ActionKind as K
from pysettlers.engine.types import HELPER_KINDS


def test_each_scenario_kind_is_scored_by_its_own_package() -> None:
    scores = hooks.scores()
    owner = {kind: package for package, module in faces.faces("bots") for kind in module.SCORES}
    assert {k for k, p in owner.items() if p == "helpers"} == HELPER_KINDS
    assert owner[K.BUILD_BRIDGE] == "islands"
    assert owner[K.BUILD_SHIP] == "ships"
    assert owner[K.MOVE_PIRATE] == "pirate"
    assert set(scores) == set(owner)
    assert K.MOVE_SHIP not in scores  # unscored: -1, never chosen over ending the turn
    helpers = faces.face("helpers", "bots")
    assert hooks.before_roll() == (helpers.before_roll,)
    assert hasattr(faces.face("alternate", "bots"), "NOTHING")


def test_hooks_are_resolved_once() -> None:
    assert hooks.scores() is hooks.scores()
    assert hooks.before_roll() is hooks.before_roll()
