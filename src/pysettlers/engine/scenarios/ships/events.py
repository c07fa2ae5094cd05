"""The events of Seafarers ships (interpreted in the compiled build, like every event module:
see the Makefile)."""

from __future__ import annotations

from typing import ClassVar

from pysettlers.engine.events import Event, PathRef, Seat


class ShipBuilt(Event):
    """A ship built on a path touching the sea (002: "one lumber and one wool")."""

    kind: ClassVar[str] = "ship"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    path: PathRef


class ShipMoved(Event):
    """The ship at the open end of a line moved to another path (002)."""

    kind: ClassVar[str] = "ship_moved"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    path: PathRef
    to: PathRef
