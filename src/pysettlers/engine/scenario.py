"""The hook points through which a scenario or variant attaches to the base game.

What this is for: the one interface between the base game and everything optional. A
scenario (the Helpers of CATAN; the 1996 alternate rules, the islands maps with bridges,
the pirate; Seafarers ships) is a :class:`Scenario` instance
registered with :func:`registry.register_scenario` when its package is imported
(``scenarios/__init__.py`` imports them all; the engine package imports ``scenarios``).
The base game calls the hooks below and never imports a scenario.

Two shapes, by how many scenarios need a hook point:

* **Hooks** — methods of :class:`Scenario` that several scenarios override (every one
  optional; the defaults do nothing). The base game calls each on ``s.ruleset.scenarios``.
* **Capabilities** — a hook point that one scenario needs is not a method every scenario
  inherits: it is a small class below (a :class:`Capability`), and the scenario *has* an
  instance of it, returned by its ``capabilities()``. The ruleset gathers the providers
  of each capability in play into a tuple of its own (``Ruleset.path_pieces``, ...),
  empty in the base game, and the base game asks only those (its hot path tests an empty
  tuple, and no scenario carries methods it does not use).

Hooks:

* ``enabled(rules)`` — whether the options switch it on;
* ``kinds()`` / ``phases()`` — the action kinds and phases it owns: members of
  ``types.ActionKind`` / ``types.Phase`` reserved for it alone (every member is the base
  game's or exactly one scenario's; ``tests/project/test_ownership.py`` checks it);
* ``rules()`` — its :class:`~registry.Rule` objects, one per kind it owns (their
  ``phases`` may include base phases such as ``MAIN``, which is how an advantage joins a
  turn), each with legality, options and transition side by side;
* ``deciders(s)`` — who decides in its own phases;
* ``init(s)`` — its part of a fresh state, kept in ``s.ext[name]`` (an object with
  ``copy()``, ``==`` and ``key_ints()`` — its fields as ints for ``position_key``), copied
  with the state;
* ``after_roll(s, total)`` — a production roll was resolved as far as the base rules go at
  once (production paid, or the discards of a 7 set but not made); may switch the phase;
* ``end_turn(s)`` — the current player's turn ends (before any Special Building Phase);
* ``trade_ratios(s, ratios)`` — the bank's rates for everyone now (``ratios`` is the base
  game's ``5 * player + resource`` list; return it or a changed copy);
* ``view(s, viewer)`` — its part of a seat's view (public and that seat's secrets only);
* ``build(s, spec)`` — its part of a position built from parts (``position.position``);
* ``save(ext, topo)`` / ``load(obj, rules, topo)`` — its part of a saved position as JSON;
* ``unview(s, part)`` — for ``determinize``: its state rebuilt from its part of a view;
* ``validate(s)`` — messages for its broken invariants (``validate.py`` gathers them);
* ``capabilities()`` — the capability objects it has (below).

Capabilities (``Ruleset`` tuple — who has one today):

* :class:`SetUp` (``set_ups`` — the helpers): ``new_game(s)``, after the beginner map's
  fixed set-up (pieces placed, no set-up phase); ``after_setup_road(s, p)``, a set-up road
  was placed (``s.setup_step`` not yet advanced);
* :class:`StealSettler` (``steal_settlers`` — alternate rule 8): ``p`` is placing the
  robber: ``steal_waits(s, p)``, whether the steal waits for the scenario to settle it (the
  robber is placed and nothing taken yet); ``robber_placed(s, p, h, victim, waited)``, the
  placement done (``waited`` says which way);
* :class:`HarborCloser` (``harbor_closers`` — the pirate): ``harbor_closed(s, e)``,
  whether the harbor on path ``e`` is closed to trade now (``trade_ratios`` must already
  leave its rate out); ``trade_refused(s, p, give, get)``, a maritime trade of ``p`` is
  refused: may raise :class:`~pysettlers.engine.errors.IllegalActionError` naming its own
  rule when it is the reason;
* :class:`CardKeeper` (``card_keepers`` — the helpers): ``cards_out_of_game(s)``,
  development cards (by kind) it took out of the game, so the base game's count of the
  deck still adds up; and for ``determinize``, ``view_bounds(view)``, cards its part of a
  view shows a player holds at least, ``deck_reserved(view)``, development cards counted in
  the deck that the viewer knows (kept out of the shuffle), ``redeal(s, view, rng)``, what
  of its part the viewer cannot see, sampled once the deck is dealt;
* :class:`PathPieces` (``path_pieces`` — ships): ``path_pieces(s)``, the owner of each
  path's piece of this scenario that is *not* a road (Seafarers ships; ``NOBODY`` where
  none). The base game reads it (through :func:`path_pieces_of`) so that no road is built
  where such a piece stands, a settlement may connect to it, and the Longest Road is
  measured over it (``awards.trail_length``: the Longest Trade Route); a view part that
  carries the same list names it ``path_pieces`` (``views.View.sites_of``);
  ``extra_road_building_sites(s, p)``, paths where the Road Building card's free pieces
  may go besides roads and bridges; ``can_build(s, p)``, whether ``p`` could build such a
  piece with their own hand now (who takes a special build turn).

A new capability is a class here, a tuple in ``Ruleset`` (``registry.py``) and the base
game's calls on that tuple; ``register_scenario`` refuses an object that is none of them.

Event kinds (``events.py``) and notation keywords (``actions.register_notation``) are
declared by the scenario's modules themselves; action kinds and phases have reserved ids
in ``types.py`` (the one registry of stable ids) so that records and action spaces stay
stable whatever is installed, and the scenario names the ones it owns (``kinds()``,
``phases()``). Its rule modules read them as module constants from a small mirror of its
own (``scenarios/helpers/kinds.py``, ``phases.py``), as the base game's read
``engine/kinds.py`` and ``engine/phases.py``.

What this is not: a plug-in loader; scenarios are part of the engine and ship with it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .actions import Bundle
from .config import Rules
from .types import ActionKind, Phase

if TYPE_CHECKING:
    from .registry import Rule
    from .state import GameState
    from .topology import Topology
    from .views import View


class Scenario:
    """Base class of a scenario: override the hooks it needs and return the capabilities it
    has from ``capabilities`` (see the module docstring)."""

    name: str = ""
    by_name: bool = False
    """Whether it is switched on by naming it in ``Rules.scenarios`` (the Helpers of CATAN,
    the pirate, ships); the others are switched on by another option (an alternate rule,
    the islands maps' bridges). The names ``Rules.scenarios`` takes are these scenarios'
    (``registry.named_scenarios``)."""
    label: str = ""
    """A scenario named in ``Rules.scenarios``: its name in a form (the lobby's checkbox)
    and on the command line's flag of its own (``--pirate``)."""
    note: str = ""
    """A few words on what it changes, under its checkbox and in its flag's help."""

    def enabled(self, rules: Rules) -> bool:
        return False

    def rules(self) -> tuple[Rule, ...]:
        return ()

    def kinds(self) -> tuple[ActionKind, ...]:
        """The action kinds it owns (ids reserved for it in ``types.ActionKind``): the
        kinds of its ``rules()``, and no other scenario's or the base game's."""
        return ()

    def phases(self) -> tuple[Phase, ...]:
        """The phases it owns (ids reserved for it in ``types.Phase``), in which its
        ``deciders`` say who decides."""
        return ()

    def deciders(self, s: GameState) -> tuple[int, ...]:
        return ()

    def init(self, s: GameState) -> None:
        """Put this scenario's part of a fresh state in ``s.ext[self.name]``."""

    def after_roll(self, s: GameState, total: int) -> None:
        """A roll of ``total`` was resolved as far as the base rules go at once."""

    def end_turn(self, s: GameState) -> None:
        """The current player's turn ends."""

    def trade_ratios(self, s: GameState, ratios: list[int]) -> list[int]:
        return ratios

    def view(self, s: GameState, viewer: int | None) -> Any:
        return None

    def build(self, s: GameState, spec: Any) -> Any:
        """Its part of a position built from parts; ``spec`` as ``position`` was given it."""
        if spec is not None:
            raise ValueError(f"{self.name}: this scenario takes no part in a built position")
        return None

    def save(self, ext: Any, topo: Topology) -> dict[str, Any]:
        return {}

    def load(self, obj: dict[str, Any], rules: Rules, topo: Topology) -> Any:
        return None

    def unview(self, s: GameState, part: Any) -> Any:
        return None

    def validate(self, s: GameState) -> list[str]:
        return []

    def capabilities(self) -> tuple[Capability, ...]:
        """What it adds beyond the hooks above: small objects, each an instance of one
        capability class below, that the ruleset gathers by class."""
        return ()


# -- capabilities: the hooks a single scenario needs, held by that scenario ---------------


class Capability:
    """Base of the capability classes: a small object a scenario has (``capabilities``),
    for a hook point only some scenario needs. The ruleset keeps the providers of each
    capability in play in a tuple of its own, empty in the base game."""


class SetUp(Capability):
    """Its part of the set-up (the Helpers of CATAN: a helper dealt with the second road)."""

    def new_game(self, s: GameState) -> None:
        """The beginner map's fixed set-up is done (no set-up phase follows)."""

    def after_setup_road(self, s: GameState, p: int) -> None:
        """``p`` placed a set-up road (``s.setup_step`` not yet advanced)."""


class StealSettler(Capability):
    """A scenario that may settle the robber's steal itself, later (alternate rule 8)."""

    def steal_waits(self, s: GameState, p: int) -> bool:
        """Whether the steal of the robber ``p`` is placing now waits for this scenario."""
        return False

    def robber_placed(self, s: GameState, p: int, h: int, victim: int, waited: bool) -> None:
        """``p`` placed the robber on ``h`` naming ``victim`` (who was robbed unless
        ``waited``)."""


class HarborCloser(Capability):
    """A scenario that may close a harbor to trade (the pirate on it)."""

    def harbor_closed(self, s: GameState, e: int) -> bool:
        """Whether the harbor on path ``e`` is closed now (``trade_ratios`` must already
        leave its rate out)."""
        return False

    def trade_refused(self, s: GameState, p: int, give: Bundle, get: Bundle) -> None:
        """``p``'s maritime trade of ``give`` for ``get`` is refused: raise
        :class:`~pysettlers.engine.errors.IllegalActionError` naming this scenario's rule
        when it is the reason."""


class CardKeeper(Capability):
    """A scenario that holds or shows cards of the base game's supplies (the helpers:
    knights discarded for Vincent, Hilde's and Candamir's cards)."""

    def cards_out_of_game(self, s: GameState) -> tuple[int, ...]:
        """Development cards (by kind) it took out of the game, so the base game's count of
        the deck still adds up."""
        return (0, 0, 0, 0, 0)

    def view_bounds(self, view: View) -> list[tuple[int, tuple[int, ...]]]:
        """For ``determinize``: the resource cards its part of ``view`` shows a player
        holds at least, as ``(player, bundle)`` pairs."""
        return []

    def deck_reserved(self, view: View) -> tuple[int, ...]:
        """For ``determinize``: development cards counted in the deck that the viewer knows
        (kept out of the shuffle)."""
        return (0, 0, 0, 0, 0)

    def redeal(self, s: GameState, view: View, rng: random.Random) -> None:
        """For ``determinize``: sample what of its part of ``s`` the viewer of ``view``
        could not see, once the deck is dealt."""


class PathPieces(Capability):
    """A scenario with pieces on paths that are not roads (Seafarers ships)."""

    def path_pieces(self, s: GameState) -> list[int]:
        """The owner of each path's piece (``NOBODY`` where none)."""
        raise NotImplementedError

    def extra_road_building_sites(self, s: GameState, p: int) -> list[int]:
        """Paths where the Road Building card's free pieces may go besides roads and
        bridges."""
        return []

    def can_build(self, s: GameState, p: int) -> bool:
        """Whether ``p`` could build such a piece with their own hand now (who takes a
        special build turn)."""
        return False


CAPABILITIES: tuple[type[Capability], ...] = (
    SetUp,
    StealSettler,
    HarborCloser,
    CardKeeper,
    PathPieces,
)
"""Every capability class (``register_scenario`` checks a scenario's objects against them;
``Ruleset`` gathers each into a tuple of its own)."""


def path_pieces_of(s: GameState) -> list[int] | None:
    """The owners of the pieces on paths that are not roads (ships), by path, or ``None``
    when no scenario in play has any (the base game: one test of an empty tuple)."""
    for x in s.ruleset.path_pieces:
        return x.path_pieces(s)
    return None


class NoPart:
    """The part of a state of a scenario that keeps nothing of its own (a rule whose facts
    live in the base game's fields), present so that copies and keys treat it like any part."""

    __slots__ = ()

    def copy(self) -> NoPart:
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoPart)

    def __hash__(self) -> int:
        return 0

    def key_ints(self) -> list[int]:
        return []


NO_PART = NoPart()


class StatelessRule(Scenario):
    """A scenario with no state of its own (the 1996 alternate rules 1 and 5, the pirate,
    bridges): its part of every state, built position, loaded position and view rebuilt for
    ``determinize`` is the one empty :class:`NoPart`."""

    def init(self, s: GameState) -> None:
        s.ext[self.name] = NO_PART

    def build(self, s: GameState, spec: Any) -> Any:
        if spec is not None:
            raise ValueError(f"{self.name}: this rule takes no part in a built position")
        return NO_PART

    def load(self, obj: dict[str, Any], rules: Rules, topo: Topology) -> Any:
        return NO_PART

    def unview(self, s: GameState, part: Any) -> Any:
        return NO_PART
