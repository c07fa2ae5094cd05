"""The 1996 pirate in words: the robber moved onto a harbor (read by ``pysettlers.words``;
the contract is ``words/scenarios.py``). Its move is the robber's event, whose words name
a harbor through ``Places.site``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysettlers.engine.types import ActionKind as K
from pysettlers.words.actions import victim

if TYPE_CHECKING:
    from collections.abc import Callable

    from pysettlers.engine import Action, View
    from pysettlers.words.speaker import Words

ACTIONS: dict[K, Callable[[Words, Action, View | None], str]] = {
    K.MOVE_PIRATE: lambda w, a, view: (
        f"Move the robber to {w.places.harbor(a.path)}{victim(w, a.victim, view)}"
    ),
}

TARGETS: dict[K, Callable[[Action], tuple[str, int]]] = {
    K.MOVE_PIRATE: lambda a: ("harbor", a.path),
}


IN_BRIEF = (
    "Pirate: the robber may also be placed on a harbor, closing that harbor to trade while "
    "it stands there."
)
"""What the scenario changes, in brief (the rules summary a language model reads)."""
