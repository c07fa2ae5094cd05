"""The two shapes of the scenario interface (``engine/scenario.py``): hooks that several
scenarios override, on ``Scenario``; a hook point one scenario needs, a capability it has,
gathered by the ruleset into a tuple of its own (empty in the base game)."""

from __future__ import annotations

import pytest

from pysettlers.engine import Rules
from pysettlers.engine.registry import Rule, register_scenario, registered_scenarios, ruleset_for
from pysettlers.engine.scenario import (
    CAPABILITIES,
    Capability,
    CardKeeper,
    HarborCloser,
    PathPieces,
    Scenario,
    SetUp,
    StatelessRule,
    StealSettler,
)
from pysettlers.engine.scenarios.alternate.knights import KnightWindow
from pysettlers.engine.scenarios.helpers import HelperCards, HelperDeal
from pysettlers.engine.scenarios.pirate import ClosedHarbor
from pysettlers.engine.scenarios.ships import ShipPieces
from pysettlers.engine.types import ActionKind

TUPLES = ("set_ups", "steal_settlers", "harbor_closers", "card_keepers", "path_pieces")


def test_the_base_game_has_no_capability_providers() -> None:
    rs = ruleset_for(Rules(players=4, seed=1))
    assert rs.scenarios == ()
    assert all(getattr(rs, name) == () for name in TUPLES)


@pytest.mark.parametrize(
    ("rules", "name", "kind"),
    [
        (Rules(ships=True), "path_pieces", ShipPieces),
        (Rules(pirate=True), "harbor_closers", ClosedHarbor),
        (Rules(helpers=True), "set_ups", HelperDeal),
        (Rules(helpers=True), "card_keepers", HelperCards),
        (Rules(alternate=("knight_interrupts",)), "steal_settlers", KnightWindow),
    ],
)
def test_a_scenario_in_play_brings_its_capabilities(
    rules: Rules, name: str, kind: type[Capability]
) -> None:
    rs = ruleset_for(rules)
    (provider,) = getattr(rs, name)
    assert type(provider) is kind
    # and only there: the other tuples hold none of its capabilities
    for other in TUPLES:
        if other != name:
            assert not any(type(c) is kind for c in getattr(rs, other))


def test_each_capability_class_has_its_ruleset_tuple() -> None:
    tuples = {
        SetUp: "set_ups",
        StealSettler: "steal_settlers",
        HarborCloser: "harbor_closers",
        CardKeeper: "card_keepers",
        PathPieces: "path_pieces",
    }
    assert set(CAPABILITIES) == set(tuples)
    # (rule 8 and the helpers may not be combined: two rulesets cover every capability)
    for rules in (
        Rules(helpers=True, pirate=True, ships=True),
        Rules(pirate=True, ships=True, alternate=("knight_interrupts",)),
    ):
        rs = ruleset_for(rules)
        for kind, name in tuples.items():
            assert all(isinstance(c, kind) for c in getattr(rs, name)), name
    assert all(
        any(
            getattr(ruleset_for(r), name)
            for r in (
                Rules(helpers=True),
                Rules(alternate=("knight_interrupts",)),
                Rules(pirate=True, ships=True),
            )
        )
        for name in tuples.values()
    )


def test_every_hook_left_on_scenario_is_used_by_more_than_one_scenario() -> None:
    # A hook point only one scenario needs is a capability, not a method all inherit.
    hooks = [k for k, v in vars(Scenario).items() if callable(v) and not k.startswith("_")]
    for hook in hooks:
        users = [
            x.name
            for x in registered_scenarios()
            if any(hook in vars(c) for c in type(x).__mro__ if c is not Scenario)
        ]
        assert len(users) >= 2, (hook, users)
    for single in (
        "new_game",
        "after_setup_road",
        "steal_waits",
        "robber_placed",
        "harbor_closed",
        "trade_refused",
        "view_bounds",
        "deck_reserved",
        "redeal",
        "cards_out_of_game",
        "path_pieces",
        "extra_road_building_sites",
        "can_build",
    ):
        assert not hasattr(Scenario, single), single


class _NotACapability:
    pass


@pytest.mark.compiled_differs("an interpreted class cannot subclass the native StatelessRule")
def test_an_object_that_is_no_capability_is_refused_naming_the_scenario() -> None:
    class _Odd(StatelessRule):
        name = "odd_capability_test"

        def capabilities(self) -> tuple[Capability, ...]:
            return (_NotACapability(),)  # type: ignore[return-value]

    before = registered_scenarios()
    with pytest.raises(ValueError, match=r"odd_capability_test.*_NotACapability"):
        register_scenario(_Odd())
    assert registered_scenarios() == before


def _a_scenario_with_rules() -> Scenario:
    return next(x for x in registered_scenarios() if x.kinds())


@pytest.mark.compiled_differs("an interpreted class cannot subclass the native StatelessRule")
def test_a_scenario_whose_rules_are_not_its_declared_kinds_is_refused() -> None:
    owner = _a_scenario_with_rules()

    class _Undeclared(StatelessRule):
        name = "undeclared_kinds_test"

        def rules(self) -> tuple[Rule, ...]:
            return owner.rules()  # ... but declares no kinds of its own

    before = registered_scenarios()
    with pytest.raises(ValueError, match=r"undeclared_kinds_test.*ruled but not declared: \w"):
        register_scenario(_Undeclared())
    assert registered_scenarios() == before


@pytest.mark.compiled_differs("an interpreted class cannot subclass the native StatelessRule")
def test_a_kind_claimed_by_two_scenarios_is_refused_naming_its_owner() -> None:
    owner = _a_scenario_with_rules()

    class _Claimer(StatelessRule):
        name = "claimer_test"

        def rules(self) -> tuple[Rule, ...]:
            return owner.rules()

        def kinds(self) -> tuple[ActionKind, ...]:
            return owner.kinds()

    before = registered_scenarios()
    with pytest.raises(
        ValueError, match=rf"claimer_test.*already belong to scenario '{owner.name}'"
    ):
        register_scenario(_Claimer())
    assert registered_scenarios() == before
