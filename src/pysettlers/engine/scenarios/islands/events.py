"""The event of the Islands of Catan maps (interpreted in the compiled build, like every event
module: see the Makefile)."""

from __future__ import annotations

from typing import ClassVar

from pysettlers.engine.events import Event, PathRef, Seat


class BridgeBuilt(Event):
    """A bridge built over an edge between two water or port hexes (003, Islands of Catan)."""

    kind: ClassVar[str] = "bridge"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    path: PathRef
