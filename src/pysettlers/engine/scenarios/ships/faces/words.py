"""Seafarers ships in words: building and moving a ship (read by ``pysettlers.words``; the
contract is ``words/scenarios.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pysettlers.engine.scenarios.ships.events import ShipBuilt, ShipMoved
from pysettlers.engine.types import ActionKind as K

if TYPE_CHECKING:
    from collections.abc import Callable

    from pysettlers.engine import Action, View
    from pysettlers.words.speaker import Said, Words


def _ship(w: Words, e: ShipBuilt) -> Said:
    return e.player, f"{{builds}} a ship {w.places.path(e.path)}"


def _ship_moved(w: Words, e: ShipMoved) -> Said:
    p = w.places
    return e.player, f"{{moves}} a ship: the one {p.path(e.path)} now lies {p.path(e.to)}"


EVENTS: dict[type[Any], Callable[[Words, Any], Said]] = {ShipBuilt: _ship, ShipMoved: _ship_moved}

ACTIONS: dict[K, Callable[[Words, Action, View | None], str]] = {
    K.BUILD_SHIP: lambda w, a, view: f"Build a ship {w.places.path(a.path)}",
    K.MOVE_SHIP: lambda w, a, view: (
        f"Move the ship {w.places.path(a.path)}: it will lie {w.places.path(a.to_path)}"
    ),
}

TARGETS: dict[K, Callable[[Action], tuple[str, int]]] = {
    K.BUILD_SHIP: lambda a: ("path", a.path),
    K.MOVE_SHIP: lambda a: ("path", a.to_path),  # where the ship will lie
}


IN_BRIEF = (
    "Ships: a ship (1 lumber + 1 wool) goes on a path by the sea, in a line from your "
    "settlement; the open end of a line may be moved once a turn; roads and ships together "
    "count for the Longest Trade Route."
)
"""What the scenario changes, in brief (the rules summary a language model reads)."""
