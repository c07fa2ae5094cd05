"""The rule registry: one :class:`Rule` per action kind, and the rulesets built from them.

What this is for: every kind of decision is described in exactly one place — a ``Rule``
subclass that holds, side by side, its legality (``error``: why an action of this kind is
not allowed now, naming the rule), its options (``options``: the legal actions it
contributes, taken from the prebuilt tables) and its transition (``apply``), plus its chance
(``chance`` / ``outcome_error``) when it has any. The base game's rules live next to the
mechanics they use (``building``, ``development``, ``production``, ``trade``, ``turn``);
scenarios bring their own (``scenarios/``).

A :class:`Ruleset` is what one game plays by: the rules of the base game plus those of every
scenario its :class:`~pysettlers.engine.config.Rules` switch on, indexed by kind, with the
phase → kinds table and the per-phase listing order derived from the rules' own
declarations. ``game.check``, ``game.apply`` and ``legal.legal_actions`` only dispatch
through it. One ruleset is built per distinct options (the seed aside) and shared by every
state of such games, like the board's topology.

What this is not: the rules themselves, or the turn structure that strings phases together
(``turn.py``); ``game.py`` keeps the life cycle.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeVar

from .actions import Action, Outcome
from .config import Rules
from .scenario import (
    CAPABILITIES,
    CardKeeper,
    HarborCloser,
    PathPieces,
    Scenario,
    SetUp,
    StealSettler,
)
from .types import ActionKind, Phase

if TYPE_CHECKING:
    from .state import GameState
    from .tables import ActionTable


NEEDS_DEV: Final = 1 << 5
"""``Rule.needs`` bit: a development card that could be played (none played this turn)."""


class Rule:
    """One action kind's rule. Subclasses set the class attributes and override methods.

    * ``kind`` — the action kind; ``name`` — the rule's name in the rulebook, used as
      :attr:`IllegalActionError.rule` for what ``error`` returns;
    * ``phases`` — the phases in which the kind may be taken by a decider (the phase →
      kinds table is derived from these); ``order`` — its place in a legal-action listing
      (lower first), so listings stay in one deterministic order;
    * ``fields`` — the :class:`Action` fields the kind uses; the others must keep their
      defaults, so equal intents compare equal and round-trip through the notation;
    * ``spends`` — whether the kind pays the bank for a piece or a card (the Building
      Costs card, or a helper's price for one): what a hand loses on it is spending, which
      the end-of-game statistics count (a free build, in set-up or by Road Building,
      loses nothing). Declared by each rule, so a scenario's new build counts with it.
    """

    kind: ActionKind
    name: str
    phases: frozenset[Phase]
    order: int
    fields: tuple[str, ...] = ()
    spends: bool = False

    def phases_for(self, rules: Rules) -> frozenset[Phase]:
        """The phases the kind may be taken in under ``rules`` (an option may narrow
        ``phases``: alternate rule 3 keeps development cards until after the roll)."""
        return self.phases

    def needs(self, phase: Phase) -> int:
        """What the decider must hold for ``options`` to list anything in ``phase`` (a
        :data:`NEEDS_DEV` and ``1 << resource`` bit mask; 0: nothing). ``legal_actions``
        skips the call when these are missing: the building costs' resources, an unplayed
        development card. A quick filter only: ``options`` still decides."""
        return 0

    def error(self, s: GameState, a: Action) -> str | None:
        """Why ``a`` is illegal now (phase and decider already checked), or ``None``.

        May raise :class:`IllegalActionError` itself to name another rule (e.g. the
        building costs)."""
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        """Append the legal actions of this kind for decider ``p`` (in unit form)."""

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        """Carry out a legal action; return the chance outcome used (``None``: no chance)."""
        raise NotImplementedError

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        """The chance outcomes of a legal action with their probabilities ([] if none)."""
        return []

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        """Why ``outcome`` cannot be the chance outcome of ``a`` now, or ``None``."""
        return f"'{self.kind.name.lower()}' involves no chance here"


_BASE: dict[ActionKind, Rule] = {}
_SCENARIOS: list[Scenario] = []


R = TypeVar("R", bound=type[Rule])


def register(rule: R) -> R:
    """Make ``rule`` the base game's rule for its kind (called once per rule class)."""
    # Read from the instance: compiled with mypyc, the attributes a subclass sets in its
    # body are defaults of its instances, and the class holds only their descriptors.
    instance = rule()
    if instance.kind in _BASE:
        raise ValueError(f"a rule for {instance.kind.name} is already registered")
    _BASE[instance.kind] = instance
    _ruleset.cache_clear()
    return rule


def register_scenario(scenario: Scenario) -> None:
    """Attach a scenario or variant family (see ``scenario.py`` for its hook points)."""
    if any(x.name == scenario.name for x in _SCENARIOS):
        raise ValueError(f"scenario {scenario.name!r} is already registered")
    for c in scenario.capabilities():
        if not any(isinstance(c, k) for k in CAPABILITIES):
            raise ValueError(
                f"scenario {scenario.name!r}: {type(c).__name__} is none of the capability "
                "classes of scenario.py"
            )
    # The kinds a scenario declares are the ids records and RL layouts reserve for it:
    # caught here, a rule outside them (or a kind claimed twice) fails at import with the
    # scenario's name, not later as a game that records an action nobody owns.
    declared = set(scenario.kinds())
    ruled = {r.kind for r in scenario.rules()}
    if ruled != declared:
        extra = ", ".join(sorted(k.name for k in ruled - declared)) or "none"
        missing = ", ".join(sorted(k.name for k in declared - ruled)) or "none"
        raise ValueError(
            f"scenario {scenario.name!r}: kinds() must be exactly the kinds of its rules() "
            f"(ruled but not declared: {extra}; declared without a rule: {missing})"
        )
    for other in _SCENARIOS:
        shared = declared & set(other.kinds())
        if shared:
            raise ValueError(
                f"scenario {scenario.name!r}: {', '.join(sorted(k.name for k in shared))} "
                f"already belong to scenario {other.name!r}"
            )
    _SCENARIOS.append(scenario)
    _ruleset.cache_clear()


class Ruleset:
    """Everything one game's options put in play, indexed for the hot path.

    ``by_kind[k]`` is the rule of kind ``k`` (``None`` when these rules do not have it);
    ``phase_kinds[ph]`` the kinds allowed in phase ``ph``; ``listers[ph]`` the ``needs``
    and rule of those kinds in listing order; ``by_have[ph]`` (phases where some kind
    has needs, else ``None``) the rules of the kinds whose needs are met, for each
    ``have`` mask of what a player holds; ``quiet_listers`` and ``quiet_by_have`` the same
    without domestic trade proposals (offers and counter-offers); ``scenarios`` the
    scenarios in play, in registration order, whose hooks the rules call. The hooks only
    some scenario needs are capabilities it has (``scenario.py``), gathered here by class
    in the same order: ``set_ups``, ``steal_settlers``, ``harbor_closers``,
    ``card_keepers`` and ``path_pieces`` (each an empty tuple in the base game).
    """

    __slots__ = (
        "alternate",
        "by_have",
        "by_kind",
        "card_keepers",
        "harbor_closers",
        "listers",
        "needs_hand",
        "path_pieces",
        "quiet_by_have",
        "quiet_listers",
        "phase_kinds",
        "public_rules",
        "scenario_of_phase",
        "scenarios",
        "set_ups",
        "steal_settlers",
        "discard_max",
        "special_building",
        "vp_target",
        "vp_cards_played",
    )

    def __init__(self, rules: Rules) -> None:
        # Built from the options with the seed left out (``ruleset_for``): the rules as a
        # seat may know them during the game.
        self.public_rules = rules
        # Options the rules read on every step, copied here: reading a property of the
        # (interpreted) ``Rules`` dataclass costs a generic attribute lookup each time.
        self.vp_target: int = rules.vp_target
        self.discard_max: int = rules.discard_max
        self.special_building: bool = rules.special_building
        self.alternate: bool = bool(rules.alternate)
        # Alternate rule 1: victory point cards are played like the others, so holding one
        # is a development card that could be played (``legal_actions``' NEEDS_DEV).
        self.vp_cards_played: bool = rules.has("victory_points_played")
        scenarios = tuple(x for x in _SCENARIOS if x.enabled(rules))
        chosen = dict(_BASE)
        for x in scenarios:
            for rule in x.rules():
                if rule.kind in chosen:
                    raise ValueError(f"scenario {x.name!r} redefines {rule.kind.name}")
                chosen[rule.kind] = rule
        self.scenarios: tuple[Scenario, ...] = scenarios
        has = [c for x in scenarios for c in x.capabilities()]
        self.set_ups: tuple[SetUp, ...] = tuple(c for c in has if isinstance(c, SetUp))
        self.steal_settlers: tuple[StealSettler, ...] = tuple(
            c for c in has if isinstance(c, StealSettler)
        )
        self.harbor_closers: tuple[HarborCloser, ...] = tuple(
            c for c in has if isinstance(c, HarborCloser)
        )
        self.card_keepers: tuple[CardKeeper, ...] = tuple(
            c for c in has if isinstance(c, CardKeeper)
        )
        self.path_pieces: tuple[PathPieces, ...] = tuple(
            c for c in has if isinstance(c, PathPieces)
        )
        # Indexed by the kind's value, which may skip reserved ids (``types.ActionKind``).
        self.by_kind: list[Rule | None] = [
            chosen.get(ActionKind(k)) if k in _KIND_VALUES else None for k in range(_N_KINDS)
        ]
        ordered = sorted(chosen.values(), key=lambda r: (r.order, r.kind))
        phases = {r.kind: r.phases_for(rules) for r in ordered}
        self.phase_kinds: list[frozenset[ActionKind]] = [
            frozenset(r.kind for r in ordered if ph in phases[r.kind]) for ph in Phase
        ]
        # Rules, not their bound ``options``: the compiled engine calls a rule's method
        # natively, a stored bound method only through Python's generic call.
        self.listers: list[tuple[tuple[int, Rule], ...]] = [
            tuple((r.needs(ph), r) for r in ordered if ph in phases[r.kind] and _lists(r))
            for ph in Phase
        ]
        # Phases where some kind has needs: legal_actions works out what the player holds
        # and lists only the kinds that could list something (no test per kind).
        self.by_have = [_by_have(ls) for ls in self.listers]
        # The same without domestic trade proposals: ``legal_actions(..., offers=False)``.
        self.quiet_listers: list[tuple[tuple[int, Rule], ...]] = [
            tuple(
                (r.needs(ph), r)
                for r in ordered
                if ph in phases[r.kind] and _lists(r) and r.kind not in _PROPOSALS
            )
            for ph in Phase
        ]
        self.quiet_by_have = [_by_have(ls) for ls in self.quiet_listers]
        # Phases where some kind needs resources in hand (else only NEEDS_DEV is worked out).
        self.needs_hand: list[bool] = [
            any(needs & ~NEEDS_DEV for needs, _ in self.listers[ph]) for ph in Phase
        ]
        # Which scenario says who decides in each of the scenarios' own phases.
        self.scenario_of_phase: dict[Phase, Scenario] = {
            ph: x for x in scenarios for ph in x.phases()
        }


_KIND_VALUES: Final = frozenset(int(k) for k in ActionKind)
_N_KINDS: Final = max(_KIND_VALUES) + 1

ByHave = tuple[tuple[Rule, ...], ...]
"""For each mask of what a player holds, the rules of the kinds whose needs it meets."""

# Domestic trade proposals, which ``legal_actions(..., offers=False)`` leaves out.
_PROPOSALS: Final = (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)


def _by_have(listers: tuple[tuple[int, Rule], ...]) -> ByHave | None:
    """``listers`` indexed by the mask of what a player holds (``None`` when no kind of
    them needs anything: then every one of them lists, whatever the player holds)."""
    if not any(needs for needs, _ in listers):
        return None
    return tuple(
        tuple(rule for needs, rule in listers if not needs & ~have)
        for have in range(NEEDS_DEV << 1)
    )


def _lists(rule: Rule) -> bool:
    """Whether ``rule`` overrides ``options`` (kinds that are never listed are skipped)."""
    return type(rule).options is not Rule.options


@lru_cache(maxsize=64)
def _ruleset(key: Rules) -> Ruleset:
    return Ruleset(key)


def ruleset_for(rules: Rules) -> Ruleset:
    """The shared ruleset of games with these options (the seed does not matter)."""
    return _ruleset(replace(rules, seed=0) if rules.seed else rules)


def offered_by(kind: ActionKind) -> tuple[Scenario, Rule] | None:
    """The registered scenario (and its rule) that has action kind ``kind``, if any."""
    for x in _SCENARIOS:
        for rule in x.rules():
            if rule.kind == kind:
                return x, rule
    return None


def phase_owner(phase: Phase) -> Scenario | None:
    """The registered scenario whose own phase ``phase`` is, if any."""
    return next((x for x in _SCENARIOS if phase in x.phases()), None)


def registered_scenarios() -> tuple[Scenario, ...]:
    """Every registered scenario, in registration order (the order their hooks run)."""
    return tuple(_SCENARIOS)


def named_scenarios() -> tuple[Scenario, ...]:
    """The registered scenarios switched on by naming them in ``Rules.scenarios`` (their
    ``by_name``), by name: the names that option takes, the lobby's checkboxes and the
    command line's ``--scenario NAME`` and flags of their own."""
    return tuple(sorted((x for x in _SCENARIOS if x.by_name), key=lambda x: x.name))
