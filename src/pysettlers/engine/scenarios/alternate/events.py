"""The events of the 1996 alternate rules that add decisions (interpreted in the compiled
build, like every event module: see the Makefile)."""

from __future__ import annotations

from typing import ClassVar

from pysettlers.engine.events import Event, Seat, SiteRef


class SevenUsed(Event):
    """The roller of a 7 lets it take effect (alternate rule 5)."""

    kind: ClassVar[str] = "seven_used"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class SevenIgnored(Event):
    """The roller of a 7 ignores it: no discards, no robber, no steal (alternate rule 5)."""

    kind: ClassVar[str] = "seven_ignored"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class VictoryPointPlayed(Event):
    """A victory point card played face up: a public point (alternate rule 1)."""

    kind: ClassVar[str] = "victory_point_played"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class RobberPlaced(Event):
    """The robber placed on ``hex`` with ``victim`` named, the steal waiting while the others
    may interrupt with a knight (alternate rule 8). With the pirate, ``hex`` may be a harbor
    (the robber's site, ``Topology.site_name``)."""

    kind: ClassVar[str] = "robber_placed"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    hex: SiteRef
    victim: Seat
