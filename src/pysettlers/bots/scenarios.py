"""The scenarios' part of the bots: what a scenario package's bots face defines.

What this is for: a scenario (``engine/scenarios/<package>/``) shows the bots how to weigh
and play its actions in its ``faces/bots.py`` (found through :func:`pysettlers.faces.face`),
so that adding a scenario touches no bot module: ``greedy.py``, ``weighted.py``,
``random_bot.py`` and ``features.py`` name no scenario. The face may define (each optional;
:data:`FACE_MEMBERS` lists them):

``SCORES: Mapping[ActionKind, Score]``
    the greedy bot's one-ply score of each of the scenario's action kinds:
    ``score(t, a, options)``, the predicted change of the greedy value function when the
    viewer takes ``a`` (ending the turn scores 0), from the decision's
    :class:`~pysettlers.bots.turn_context.TurnContext` ``t`` and the bot's
    :class:`~pysettlers.bots.options.HeuristicOptions`.
``before_roll(t, legal, options) -> Action | None``
    an action the greedy bot takes before rolling (the helpers' Lin, to free its own hex
    for this roll), or ``None``; asked before the bot thinks of a knight.
``ADVANTAGES: frozenset[ActionKind]``
    the scenario's kinds that are an optional advantage (the helpers' uses): a heuristic
    bot with its ``helpers`` option off never takes one on its turn, the random bot takes
    one only with its ``helper_chance``.
``PATH_BUILDS: Mapping[ActionKind, PathBuild]``
    kinds that build a road-like piece on the action's ``path`` (a bridge, a ship,
    William's road), with its price: the weighted bot weighs them like roads.
``PHASES: Mapping[Phase, PhaseRule]``
    the scenario's own phases, each with the weighted bot's rule there:
    ``rule(bot, view, legal, info) -> Action``; the greedy bot scores every legal action
    in them.
``WEIGHTED_TURN: Mapping[Moment, TurnRule]``
    the weighted bot's rules of thumb at the :data:`MOMENTS` of its turn:
    ``rule(bot, view, by, info) -> Action | None`` (``by``: the legal actions by kind, a
    bot's advantages left out when its ``helpers`` option is off), ``None`` to go on.
``weighted_before_roll(bot, view, legal, info) -> Action | None``
    an action the weighted bot takes before rolling, or ``None``; asked before a knight.
``ROBBER_MOVES: Mapping[ActionKind, RobberSite]``
    kinds that move the robber somewhere other than a hex, with the robber's site each
    targets (``Topology.site_name``: the pirate on a harbor is ``n_hexes + path``).
``site_damage(view, info, site) -> list[float] | None``
    what each player loses while the robber stands on ``site`` beyond the hexes, in pips
    (``features.site_damage``), or ``None`` for a site that is not the scenario's.
``ratios_without(view, p, info, closed) -> list[int]``
    ``p``'s rates from the harbors at their buildings, the harbor on path ``closed`` left
    out (``NOBODY``: none): the rule of a scenario that closes harbors, read by
    ``features.ratios_without``. One scenario at most defines it.

A face may import the bots' modules (``features``, ``weighted``): faces are adapter-side and
imported lazily, once, the first time a bot asks (the functions below are each resolved
once per process, and the bots keep what they return), never per decision. A scenario with
nothing for the bots says ``NOTHING = "why"``.

What this is not: any legality (the engine's legal actions) nor a bot: the rules of thumb
the hooks hold are the scenario's, the decisions around them the bots'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, get_args

from pysettlers import faces as _faces
from pysettlers.engine import Action, ActionKind, Phase, View
from pysettlers.engine.types import Bundle

if TYPE_CHECKING:  # (at run time these modules import this one)
    from .features import BoardInfo
    from .options import HeuristicOptions
    from .turn_context import TurnContext
    from .weighted import WeightedBot

Score = Callable[["TurnContext", Action, "HeuristicOptions"], float]
"""A one-ply score of one action (``SCORES``)."""

BeforeRoll = Callable[["TurnContext", Sequence[Action], "HeuristicOptions"], Action | None]
"""An action to take before rolling, or ``None`` (``before_roll``)."""

PhaseRule = Callable[["WeightedBot", View, Sequence[Action], "BoardInfo"], Action]
"""The weighted bot's choice in one of a scenario's own phases (``PHASES``)."""

TurnRule = Callable[
    ["WeightedBot", View, Mapping[ActionKind, list[Action]], "BoardInfo"], Action | None
]
"""A weighted bot's rule of thumb at one moment of its turn, or ``None`` (``WEIGHTED_TURN``)."""

WeightedBeforeRoll = Callable[["WeightedBot", View, Sequence[Action], "BoardInfo"], Action | None]
"""An action the weighted bot takes before rolling, or ``None`` (``weighted_before_roll``)."""

RobberSite = Callable[[Action, "BoardInfo"], int]
"""The robber's site a move targets (``ROBBER_MOVES``)."""

SiteDamage = Callable[[View, "BoardInfo", int], list[float] | None]
"""Each player's loss with the robber on a site beyond the hexes, or ``None`` (``site_damage``)."""

RatiosWithout = Callable[[View, int, "BoardInfo", int], list[int]]
"""A player's harbor rates with one harbor left out (``ratios_without``)."""

Moment = Literal["before_building", "before_bank", "instead_of_buying", "after_roads"]
"""The moments of the weighted bot's turn (``weighted.py``, ``WeightedBot._main``) where a
scenario's rules of thumb come in: before a city or settlement (a use that brings cards or
a cheap build), before a bank trade (a better rate, a forced trade), before buying a
development card (another way to buy one), after the roads (moving a piece)."""

MOMENTS: Final[tuple[Moment, ...]] = get_args(Moment)


class PathBuild(NamedTuple):
    """A kind that builds a road-like piece on the action's ``path`` (``PATH_BUILDS``)."""

    price: Bundle | None
    """What it costs; ``None``: what the action's ``give`` says (a cheaper payment)."""
    road: bool = True
    """``False``: the piece is not a road but the scenario's own path piece (the view's
    ``path_pieces``), measured as such for Longest Road (a ship on a trade route)."""


FACE_MEMBERS: Final[dict[str, str]] = {
    "SCORES": "the greedy bot's one-ply score of each of the scenario's action kinds",
    "before_roll": "an action the greedy bot takes before rolling, or None",
    "ADVANTAGES": "kinds a bot with its helpers option off never takes on its turn",
    "PATH_BUILDS": "kinds that build a road-like piece on the action's path, with the price",
    "PHASES": "the scenario's own phases, with the weighted bot's rule in each",
    "WEIGHTED_TURN": "the weighted bot's rules of thumb at the moments of its turn",
    "weighted_before_roll": "an action the weighted bot takes before rolling, or None",
    "ROBBER_MOVES": "kinds that move the robber off the hexes, with the site each targets",
    "site_damage": "each player's loss with the robber on a site beyond the hexes",
    "ratios_without": "a player's harbor rates with one harbor left out",
}
"""What a bots face may define (the module docstring says more)."""


def _merged(member: str) -> dict[Any, Any]:
    """Every scenario's mapping ``member``, merged (a key claimed twice is an error)."""
    out: dict[Any, Any] = {}
    for package, module in _faces.faces("bots"):
        theirs: Mapping[Any, Any] = getattr(module, member, {})
        for key in theirs:
            if key in out:
                raise ValueError(f"two scenarios' bots faces define {member}[{key!r}] ({package})")
        out.update(theirs)
    return out


def _gathered(member: str) -> tuple[Any, ...]:
    """Every scenario's ``member``, in registration order."""
    return tuple(
        getattr(module, member) for _, module in _faces.faces("bots") if hasattr(module, member)
    )


@cache
def scores() -> Mapping[ActionKind, Score]:
    """Every scenario's ``SCORES``, by kind (resolved once per process)."""
    return _merged("SCORES")


@cache
def before_roll() -> tuple[BeforeRoll, ...]:
    """Every scenario's ``before_roll``, in registration order (resolved once per process)."""
    return _gathered("before_roll")


@cache
def advantages() -> frozenset[ActionKind]:
    """Every scenario's ``ADVANTAGES`` (resolved once per process)."""
    return frozenset().union(*_gathered("ADVANTAGES"))


@cache
def path_builds() -> Mapping[ActionKind, PathBuild]:
    """Every scenario's ``PATH_BUILDS``, in registration order (resolved once per process)."""
    return _merged("PATH_BUILDS")


@cache
def phases() -> Mapping[Phase, PhaseRule]:
    """Every scenario's ``PHASES`` (resolved once per process)."""
    return _merged("PHASES")


@cache
def weighted_turn() -> Mapping[Moment, tuple[TurnRule, ...]]:
    """Every scenario's ``WEIGHTED_TURN`` rules at each moment, in registration order
    (resolved once per process; an unknown moment is an error naming it)."""
    out: dict[Moment, list[TurnRule]] = {m: [] for m in MOMENTS}
    for package, module in _faces.faces("bots"):
        for moment, rule in getattr(module, "WEIGHTED_TURN", {}).items():
            if moment not in out:
                raise ValueError(
                    f"{package}'s WEIGHTED_TURN names {moment!r}, not a moment "
                    f"({', '.join(MOMENTS)})"
                )
            out[moment].append(rule)
    return {m: tuple(rules) for m, rules in out.items()}


@cache
def weighted_before_roll() -> tuple[WeightedBeforeRoll, ...]:
    """Every scenario's ``weighted_before_roll``, in registration order (resolved once)."""
    return _gathered("weighted_before_roll")


@cache
def robber_moves() -> Mapping[ActionKind, RobberSite]:
    """Every scenario's ``ROBBER_MOVES`` (resolved once per process)."""
    return _merged("ROBBER_MOVES")


@cache
def site_damage() -> tuple[SiteDamage, ...]:
    """Every scenario's ``site_damage``, in registration order (resolved once per process)."""
    return _gathered("site_damage")


@cache
def ratios_without() -> RatiosWithout:
    """The one ``ratios_without`` a scenario defines (resolved once per process;
    ``LookupError`` when none or several do)."""
    found = _gathered("ratios_without")
    if len(found) != 1:
        raise LookupError(f"{len(found)} scenarios' bots faces define ratios_without, not one")
    rule: RatiosWithout = found[0]
    return rule
