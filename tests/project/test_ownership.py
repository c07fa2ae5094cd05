"""Every action kind and phase is owned: the base game's or exactly one scenario's (issue 30
point 2).

What this is for: ``types.ActionKind`` and ``types.Phase`` number the members of every
scenario (the one registry of stable ids), but each member belongs to one owner — the base
game (its mirrors ``engine/kinds.py`` and ``engine/phases.py``) or the one registered
scenario that declares it (``Scenario.kinds()`` / ``phases()``) — and a scenario's rules
are exactly of the kinds it owns. Random games under each scenario check that what the
rules list is only ever of the base game's kinds or those of a scenario in play, in a phase
of theirs.

What this is not: a test of any rule (``tests/engine``, ``tests/scenarios``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from enum import IntEnum

import pytest

from pysettlers.engine import Rules, apply, kinds, legal_actions, new_game, phases
from pysettlers.engine.options import ALTERNATE_RULES
from pysettlers.engine.registry import registered_scenarios, ruleset_for
from pysettlers.engine.scenario import Scenario
from pysettlers.engine.types import ActionKind, Phase

SCENARIOS = registered_scenarios()


def _members(module: object, enum: type[IntEnum]) -> set[IntEnum]:
    return {v for v in vars(module).values() if isinstance(v, enum)}


BASE_KINDS = _members(kinds, ActionKind)
BASE_PHASES = _members(phases, Phase)


def test_every_kind_and_phase_is_owned_exactly_once() -> None:
    kind_owners = Counter([*BASE_KINDS, *(k for x in SCENARIOS for k in x.kinds())])
    phase_owners = Counter([*BASE_PHASES, *(ph for x in SCENARIOS for ph in x.phases())])
    assert {k: n for k, n in kind_owners.items() if n != 1} == {}
    assert {ph: n for ph, n in phase_owners.items() if n != 1} == {}
    assert set(kind_owners) == set(ActionKind)
    assert set(phase_owners) == set(Phase)


def test_the_base_game_has_a_rule_for_each_of_its_kinds_and_no_other() -> None:
    base = ruleset_for(Rules())
    assert base.scenarios == ()
    assert {r.kind for r in base.by_kind if r is not None} == BASE_KINDS


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda x: x.name)
def test_a_scenarios_rules_are_of_the_kinds_it_owns(scenario: Scenario) -> None:
    assert scenario.kinds(), f"{scenario.name} owns no kind"
    rules = [r.kind for r in scenario.rules()]
    assert sorted(rules) == sorted(scenario.kinds())


def _rules_for(scenario: Scenario) -> Rules:
    """Options that put ``scenario`` in play, derived from how it is switched on."""
    if scenario.by_name:
        return Rules(scenarios=(scenario.name,))
    if scenario.name in ALTERNATE_RULES:
        return Rules(alternate=(scenario.name,))  # type: ignore[arg-type]
    # Switched on by another option: the islands maps' bridges by the map.
    rules = Rules(map_kind="islands")
    assert scenario.enabled(rules), f"no options known to switch {scenario.name!r} on"
    return rules


ALL_BUT_HELPERS = Rules(
    map_kind="islands",
    scenarios=("pirate", "ships"),
    alternate=("victory_points_played", "ignore_seven", "knight_interrupts"),
)
"""Every scenario that combines with the others in one game (the helpers exclude some of
the alternate rules)."""


@pytest.mark.parametrize(
    "rules",
    [*(_rules_for(x) for x in SCENARIOS), ALL_BUT_HELPERS],
    ids=[*(x.name for x in SCENARIOS), "all_but_helpers"],
)
def test_random_games_list_only_kinds_of_the_base_game_and_the_scenarios_in_play(
    rules: Rules,
) -> None:
    ruleset = ruleset_for(rules)
    in_play = ruleset.scenarios
    assert in_play, "no scenario in play"
    kinds_in_play = BASE_KINDS | {k for x in in_play for k in x.kinds()}
    phases_in_play = BASE_PHASES | {ph for x in in_play for ph in x.phases()}
    # What the ruleset dispatches on: only those kinds, each allowed only in those phases.
    for k, rule in enumerate(ruleset.by_kind):
        if rule is not None:
            assert rule.kind == k and rule.kind in kinds_in_play
            assert rule.phases_for(rules) <= phases_in_play, rule.kind.name
    seen: set[ActionKind] = set()
    for seed in range(3):
        s = new_game(replace(rules, seed=seed + 1))
        rng = random.Random(seed)
        for _ in range(3000):  # random play; most games end well before
            if s.winner >= 0:
                break
            assert s.phase in phases_in_play, s.phase.name
            legal = legal_actions(s, offers=False)
            stray = {a.kind.name for a in legal if a.kind not in kinds_in_play}
            assert not stray, f"{s.phase.name}: {stray}"
            seen |= {a.kind for a in legal}
            apply(s, rng.choice(legal))
    # The games did reach the scenarios' own decisions.
    for x in in_play:
        assert seen & set(x.kinds()), f"no kind of {x.name} was ever legal"
