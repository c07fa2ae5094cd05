"""The Islands of Catan bridges in words (read by ``pysettlers.words``; the contract is
``words/scenarios.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pysettlers.engine.scenarios.islands.events import BridgeBuilt
from pysettlers.engine.types import ActionKind as K

if TYPE_CHECKING:
    from collections.abc import Callable

    from pysettlers.engine import Action, View
    from pysettlers.words.speaker import Said, Words


def _bridge(w: Words, e: BridgeBuilt) -> Said:
    return e.player, f"{{builds}} a bridge {w.places.path(e.path)}"


EVENTS: dict[type[Any], Callable[[Words, Any], Said]] = {BridgeBuilt: _bridge}

ACTIONS: dict[K, Callable[[Words, Action, View | None], str]] = {
    K.BUILD_BRIDGE: lambda w, a, view: f"Build a bridge {w.places.path(a.path)}",
}

TARGETS: dict[K, Callable[[Action], tuple[str, int]]] = {
    K.BUILD_BRIDGE: lambda a: ("path", a.path),
}
