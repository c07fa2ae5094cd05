"""What a scenario's one-ply score needs from the greedy bot's value function, as a Protocol.

What this is for: the scenarios' bots faces (``scenarios.py``; the helpers' scores in
``engine/scenarios/helpers/faces/bots.py``) score their actions with the greedy bot's value
terms (hand value, build gains, robber and Largest Army terms). It codes against
:class:`TurnContext`, the part of ``greedy``'s per-decision context both modules share, so
neither imports the other's private classes; mypy checks that the greedy context satisfies it
wherever ``greedy`` calls a scenario's score.

What this is not: an implementation (``greedy.py`` holds the only one) nor a value function
of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pysettlers.engine import View
from pysettlers.engine.types import Bundle

from .features import BoardInfo


class TurnContext(Protocol):
    """One decision's context: the viewer's position and its value terms (read-only)."""

    @property
    def view(self) -> View: ...
    @property
    def info(self) -> BoardInfo: ...
    @property
    def me(self) -> int:
        """The viewer's seat."""

    @property
    def hand(self) -> Bundle: ...
    @property
    def ratios(self) -> list[int]:
        """The viewer's maritime rate for each resource (4, 3 or 2)."""

    @property
    def exp(self) -> float:
        """What the viewer's room to expand (open sites within reach) is worth."""

    @property
    def dev_share(self) -> tuple[float, float, float, float, float]: ...
    @property
    def lr_race(self) -> bool:
        """Whether Longest Road is at stake for the viewer."""

    @property
    def cache(self) -> dict[object, Any]:
        """Parts of the helper scores shared within one decision."""

    def hand_value(self, hand: Sequence[int], near: int = -1) -> float: ...
    def q_value(
        self,
        hand: Sequence[int],
        near: int = -1,
        settle: float = 0.0,
        ratios: Sequence[int] | None = None,
    ) -> float: ...
    def dev_value(self, card: int) -> float: ...
    def city_delta(self, v: int) -> float: ...
    def settlement_delta(self, v: int) -> float: ...
    def road_delta(self, e: int, ship: bool = False) -> tuple[float, int, float]: ...
    def robber_delta(self, h: int, victim: int) -> float: ...
    def la_value(self, knights: int) -> float: ...
    def for_view(self, view: View) -> TurnContext:
        """The same decision's context over another view (e.g. with a road lifted)."""
