"""The Helpers of CATAN's events, each declaring who may see what (``events.py``).

What this is for: what the helpers' advantages and card mechanics did: a helper dealt,
flipped or exchanged; each advantage's effect. Secrets: the cards Candamir draws (their
owner only), the hand Hilde looks at and the card taken from it (Hilde's owner and the
victim only).

What this is not: the advantages themselves.
"""

from __future__ import annotations

from typing import ClassVar

from pysettlers.engine.events import (
    Bundle5,
    Cards,
    Event,
    HelperRef,
    HexRef,
    Hidden,
    PathRef,
    Res,
    Seat,
    Seats,
    Spot,
)


class HelperDealt(Event):
    kind: ClassVar[str] = "helper_dealt"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    helper: HelperRef


class HelperDisplayed(Event):
    """The numbered helpers left over once everyone has one join the display."""

    kind: ClassVar[str] = "helper_display"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    helpers: tuple[int, ...]


class HelperDeclined(Event):
    kind: ClassVar[str] = "helper_decline"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    helper: HelperRef


class HelperFlipped(Event):
    kind: ClassVar[str] = "helper_flip"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    helper: HelperRef


class HelperExchanged(Event):
    kind: ClassVar[str] = "helper_exchange"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    returned: HelperRef
    taken: HelperRef


class CandamirBought(Event):
    kind: ClassVar[str] = "candamir"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    paid: Bundle5


class CandamirDrew(Event):
    """The cards Candamir's owner drew to keep one: known to that owner only."""

    kind: ClassVar[str] = "candamir_draw"
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    seen_by: ClassVar[tuple[str, ...]] = ("player",)
    player: Seat
    cards: Cards | Hidden


class HildeChose(Event):
    kind: ClassVar[str] = "hilde"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    victim: Seat


class HildeLooked(Event):
    """The hand Hilde's owner looks at: known to that owner and the victim only."""

    kind: ClassVar[str] = "hilde_look"
    secret: ClassVar[tuple[str, ...]] = ("hand",)
    seen_by: ClassVar[tuple[str, ...]] = ("player", "victim")
    player: Seat
    victim: Seat
    hand: Bundle5 | Hidden


class HildeTook(Event):
    kind: ClassVar[str] = "hilde_take"
    secret: ClassVar[tuple[str, ...]] = ("resource",)
    seen_by: ClassVar[tuple[str, ...]] = ("player", "victim")
    player: Seat
    victim: Seat
    resource: Res | Hidden


class JeanChose(Event):
    kind: ClassVar[str] = "jean"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resource: Res


class LinMoved(Event):
    """Lin: the robber left ``vacated`` for the desert ``hex``; ``received`` is the resource
    of the vacated hex taken from the bank (``None`` if the bank had none)."""

    kind: ClassVar[str] = "lin"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    vacated: HexRef
    hex: HexRef
    received: Res | None


class LouisMoved(Event):
    kind: ClassVar[str] = "louis"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    removed: PathRef
    path: PathRef


class MarianneTook(Event):
    kind: ClassVar[str] = "marianne"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resource: Res


class NassirTraded(Event):
    """Nassir: ``asked`` had to give one ``resource`` each; ``givers`` did."""

    kind: ClassVar[str] = "nassir"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resource: Res
    asked: Seats
    givers: tuple[int, ...]


class NassirRepaid(Event):
    kind: ClassVar[str] = "nassir_repay"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    partner: Seat
    resource: Res


class SeanHelped(Event):
    """Sean: ``resource`` taken from the bank, or ``-1``: the discard of the 7 spared."""

    kind: ClassVar[str] = "sean"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resource: Res


class VincentBuilt(Event):
    """Vincent: a played knight discarded to build (level 1 a settlement, 2 a city)."""

    kind: ClassVar[str] = "vincent"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    level: int
    intersection: Spot


class WilliamPaid(Event):
    kind: ClassVar[str] = "william"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    path: PathRef
    paid: Bundle5
