"""The 1996 alternate rules in words: their events, actions and phases (read by
``pysettlers.words``; the contract is ``words/scenarios.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pysettlers.engine.scenarios.alternate import events as aev
from pysettlers.engine.types import ActionKind as K
from pysettlers.engine.types import Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from pysettlers.engine import Action, View
    from pysettlers.words.speaker import Said, Words


def _seven_used(w: Words, e: aev.SevenUsed) -> Said:
    return e.player, "{lets} the 7 count: discards and the robber"


def _seven_ignored(w: Words, e: aev.SevenIgnored) -> Said:
    return e.player, "{ignores} the 7: no discards, no robber"


def _vp_played(w: Words, e: aev.VictoryPointPlayed) -> Said:
    return e.player, "{plays} a victory point card face up"


def _robber_placed(w: Words, e: aev.RobberPlaced) -> Said:
    where = f"{{moves}} the robber to {w.places.site(e.hex)}"
    if e.victim < 0:
        return e.player, where
    return e.player, f"{where} to steal from {w.name(e.victim)}, unless a knight interrupts"


EVENTS: dict[type[Any], Callable[[Words, Any], Said]] = {
    aev.SevenUsed: _seven_used,
    aev.SevenIgnored: _seven_ignored,
    aev.VictoryPointPlayed: _vp_played,
    aev.RobberPlaced: _robber_placed,
}


def _fixed(text: str) -> Callable[[Words, Action, View | None], str]:
    return lambda w, a, view: text


ACTIONS: dict[K, Callable[[Words, Action, View | None], str]] = {
    K.USE_SEVEN: _fixed("Let the 7 count (discards and the robber)"),
    K.IGNORE_SEVEN: _fixed("Ignore the 7"),
    K.PLAY_VICTORY_POINT: _fixed("Play a victory point card"),
    K.INTERRUPT_KNIGHT: _fixed("Interrupt with a knight"),
    K.LET_ROBBER_BE: _fixed("Let the robber be"),
}

PHASES: dict[Phase, tuple[str, str | None]] = {
    Phase.SEVEN_CHOICE: ("use the 7 (discards, robber) or ignore it", None),
    Phase.KNIGHT_WINDOW: ("interrupt the robber with a knight, or let it be", None),
    Phase.KNIGHT_MOVE: ("move the robber with the knight just played", None),
}
