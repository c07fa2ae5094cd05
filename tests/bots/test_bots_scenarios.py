"""The bots read the scenarios' bots faces (``pysettlers.bots.scenarios``).

What this is for: each scenario's action kinds are scored by its own package's
``faces/bots.py`` and nowhere else, and a kind with no score is never chosen over ending
the turn. Not a test of how well they play (``test_weighted_greedy.py``, the sim's pinned
seeds).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pysettlers import faces
from pysettlers.bots import scenarios as hooks
from pysettlers.engine import ActionKind as K
from pysettlers.engine import Phase as P
from pysettlers.engine.data import BRIDGE_COST, SHIP_COST
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
    for hook in (
        hooks.advantages,
        hooks.path_builds,
        hooks.phases,
        hooks.weighted_turn,
        hooks.weighted_before_roll,
        hooks.robber_moves,
        hooks.site_damage,
        hooks.ratios_without,
    ):
        assert hook() is hook()


def test_the_weighted_and_random_bots_read_each_scenario_from_its_own_package() -> None:
    """The weighted bot's scenario rules, the random bot's advantages and the features'
    robber sites come from the packages' bots faces (the bot modules name no scenario:
    ``tests/project/test_faces.py``)."""
    helpers = faces.face("helpers", "bots")
    pirate = faces.face("pirate", "bots")
    assert hooks.advantages() == HELPER_KINDS
    builds = hooks.path_builds()
    assert list(builds) == [K.BUILD_BRIDGE, K.BUILD_SHIP, K.HELPER_WILLIAM]  # registration
    assert builds[K.BUILD_BRIDGE] == hooks.PathBuild(BRIDGE_COST)
    assert builds[K.BUILD_SHIP] == hooks.PathBuild(SHIP_COST, road=False)
    assert builds[K.HELPER_WILLIAM].price is None  # paid as the action's give says
    own = {P.HELPER_AFTER, P.HELPER_REACT, P.HILDE_TAKE, P.CANDAMIR_KEEP, P.NASSIR_REPAY}
    assert set(hooks.phases()) == own
    turn = hooks.weighted_turn()
    assert set(turn) == set(hooks.MOMENTS)
    assert all(rules == (helpers.WEIGHTED_TURN[m],) for m, rules in turn.items())
    assert hooks.weighted_before_roll() == (helpers.weighted_before_roll,)
    assert set(hooks.robber_moves()) == {K.MOVE_PIRATE}
    assert hooks.site_damage() == (pirate.site_damage,)
    assert hooks.ratios_without() is pirate.ratios_without


def test_a_face_naming_an_unknown_moment_or_claiming_a_kind_twice_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    odd = SimpleNamespace(WEIGHTED_TURN={"at_dawn": lambda *_: None})
    twice = SimpleNamespace(PATH_BUILDS={K.BUILD_SHIP: hooks.PathBuild(SHIP_COST)})
    ships = faces.face("ships", "bots")
    monkeypatch.setattr(hooks._faces, "faces", lambda name: (("odd", odd),))
    with pytest.raises(ValueError, match="odd's WEIGHTED_TURN names 'at_dawn', not a moment"):
        hooks.weighted_turn.__wrapped__()
    monkeypatch.setattr(hooks._faces, "faces", lambda name: (("ships", ships), ("x", twice)))
    with pytest.raises(ValueError, match=r"two scenarios' bots faces define PATH_BUILDS"):
        hooks.path_builds.__wrapped__()
    monkeypatch.setattr(hooks._faces, "faces", lambda name: ())
    with pytest.raises(LookupError, match="0 scenarios' bots faces define ratios_without"):
        hooks.ratios_without.__wrapped__()
