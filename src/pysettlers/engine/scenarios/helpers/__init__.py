"""Helpers of CATAN (R5 pp. 8–9) as a scenario attached to the base game.

What this is for: ``Rules(helpers=True)`` puts ten helper cards in play. This package
registers, through the hooks of ``engine/scenario.py``:

* its action kinds' rules (``rules.py``: the ten advantages, Hilde's take, Candamir's keep,
  Nassir's repay, declining, flipping, exchanging), whose ``phases`` include the base
  game's ``PRE_ROLL``/``MAIN``/``BUILD``/``SPECIAL_BUILD`` where an advantage joins a turn;
* its own phases (HELPER_AFTER, HELPER_REACT, HILDE_TAKE, CANDAMIR_KEEP, NASSIR_REPAY) and
  who decides in them;
* ``init`` (the cards, in ``GameState.ext["helpers"]``), ``after_roll`` (Marianne's or
  Sean's window), ``end_turn`` (Jean's rate ends), ``trade_ratios`` (Jean's 2:1), ``view``
  (``view.py``), ``save``/``load`` (``persist.py``), ``unview`` and ``validate``;
* two capabilities: :class:`HelperDeal` (a ``SetUp``: a helper with the second set-up
  road; the beginner map deals them all) and :class:`HelperCards` (a ``CardKeeper``: the
  knights discarded for Vincent, and what ``determinize`` needs of Hilde and Candamir);
* its events (``events.py``) and notation (``notation.py``).

The hook points and capabilities available to the scenarios still to come are listed in
``engine/scenario.py``.

What this is not: any base-game rule; with ``Rules.helpers`` off none of this runs.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pysettlers.engine.config import Rules
from pysettlers.engine.registry import Rule, register_scenario
from pysettlers.engine.scenario import Capability, CardKeeper, Scenario, SetUp
from pysettlers.engine.state import GameState
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import ActionKind, Phase

from . import kinds, notation, unview
from . import phases as HP
from .build_position import build_helpers
from .persist import load_helpers, save_helpers
from .rules import RULES, deal, deal_all, end_turn, open_window
from .state import NAME, HelperState, helpers_of, hx_of
from .trade import jean_ratios
from .validate import validate_helpers
from .view import HelperView, helper_view

if TYPE_CHECKING:
    from pysettlers.engine.views import View

__all__ = ["NAME", "HelperState", "HelperView", "HelpersScenario", "helpers_of", "hx_of"]


class HelperDeal(SetUp):
    """A helper dealt to each player in the set-up."""

    def new_game(self, s: GameState) -> None:
        deal_all(s)  # as in the set-up phase, before turn 1

    def after_setup_road(self, s: GameState, p: int) -> None:
        if s.setup_step >= s.n:  # with the second settlement and road: a helper
            deal(s, p)


class HelperCards(CardKeeper):
    """The base game's cards the helpers take or show: the knights discarded for Vincent
    (out of the game), and for ``determinize`` (``unview.py``) Hilde's look at a hand and
    Candamir's drawn cards."""

    def cards_out_of_game(self, s: GameState) -> tuple[int, ...]:
        # Played knights discarded for Vincent leave the game.
        return (sum(hx_of(s).knights_discarded), 0, 0, 0, 0)

    def view_bounds(self, view: View) -> list[tuple[int, tuple[int, ...]]]:
        return unview.view_bounds(view.ext.get(NAME))

    def deck_reserved(self, view: View) -> tuple[int, ...]:
        return unview.deck_reserved(view.ext.get(NAME))

    def redeal(self, s: GameState, view: View, rng: random.Random) -> None:
        unview.redeal(s, view.ext.get(NAME), rng)


class HelpersScenario(Scenario):
    name = NAME
    by_name = True  # (``Rules.scenarios``)
    label = "Helpers"
    note = "each player has a helper with a power of its own, turned over or exchanged once used"

    def enabled(self, rules: Rules) -> bool:
        return rules.helpers

    def rules(self) -> tuple[Rule, ...]:
        return RULES

    def kinds(self) -> tuple[ActionKind, ...]:
        return kinds.KINDS

    def phases(self) -> tuple[Phase, ...]:
        return HP.PHASES

    def deciders(self, s: GameState) -> tuple[int, ...]:
        hx = hx_of(s)
        if s.phase == HP.HELPER_REACT:  # Marianne's or Sean's owner, clockwise from the roller
            n = s.n
            c = s.current
            return tuple(p for p in ((c + i) % n for i in range(n)) if hx.pending >> p & 1)
        return (hx.owner,)

    def init(self, s: GameState) -> None:
        s.ext[NAME] = HelperState.fresh(s.n)

    def after_roll(self, s: GameState, total: int) -> None:
        open_window(s, total)  # Marianne (not 7) or Sean (7), on any turn

    def end_turn(self, s: GameState) -> None:
        end_turn(s)

    def trade_ratios(self, s: GameState, ratios: list[int]) -> list[int]:
        return jean_ratios(s, ratios)

    def view(self, s: GameState, viewer: int | None) -> HelperView:
        return helper_view(s, viewer)

    def build(self, s: GameState, spec: Any) -> HelperState:
        return build_helpers(s, spec)

    def save(self, ext: Any, topo: Topology) -> dict[str, Any]:
        assert isinstance(ext, HelperState)
        return save_helpers(ext)

    def load(self, obj: dict[str, Any], rules: Rules, topo: Topology) -> HelperState:
        return load_helpers(obj, rules.players)

    def unview(self, s: GameState, part: Any) -> HelperState:
        return unview.unview(s, part)

    def validate(self, s: GameState) -> list[str]:
        return validate_helpers(s)

    def capabilities(self) -> tuple[Capability, ...]:
        return (HelperDeal(), HelperCards())


notation.register()
register_scenario(HelpersScenario())
