"""The Helpers of CATAN's events, each declaring who may see what (``events.py``).

What this is for: what the helpers' advantages and card mechanics did: a helper dealt,
flipped or exchanged; each advantage's effect. Secrets: the cards Candamir draws (their
owner only), the hand Hilde looks at and the card taken from it (Hilde's owner and the
victim only).

What this is not: the advantages themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class HelperDealt(Event):
    kind = "helper_dealt"
    secret = ()
    seen_by = ()
    player: Seat
    helper: HelperRef


@dataclass(frozen=True, slots=True)
class HelperDisplayed(Event):
    """The numbered helpers left over once everyone has one join the display."""

    kind = "helper_display"
    secret = ()
    seen_by = ()
    helpers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HelperDeclined(Event):
    kind = "helper_decline"
    secret = ()
    seen_by = ()
    player: Seat
    helper: HelperRef


@dataclass(frozen=True, slots=True)
class HelperFlipped(Event):
    kind = "helper_flip"
    secret = ()
    seen_by = ()
    player: Seat
    helper: HelperRef


@dataclass(frozen=True, slots=True)
class HelperExchanged(Event):
    kind = "helper_exchange"
    secret = ()
    seen_by = ()
    player: Seat
    returned: HelperRef
    taken: HelperRef


@dataclass(frozen=True, slots=True)
class CandamirBought(Event):
    kind = "candamir"
    secret = ()
    seen_by = ()
    player: Seat
    paid: Bundle5


@dataclass(frozen=True, slots=True)
class CandamirDrew(Event):
    """The cards Candamir's owner drew to keep one: known to that owner only."""

    kind = "candamir_draw"
    secret = ("cards",)
    seen_by = ("player",)
    player: Seat
    cards: Cards | Hidden


@dataclass(frozen=True, slots=True)
class HildeChose(Event):
    kind = "hilde"
    secret = ()
    seen_by = ()
    player: Seat
    victim: Seat


@dataclass(frozen=True, slots=True)
class HildeLooked(Event):
    """The hand Hilde's owner looks at: known to that owner and the victim only."""

    kind = "hilde_look"
    secret = ("hand",)
    seen_by = ("player", "victim")
    player: Seat
    victim: Seat
    hand: Bundle5 | Hidden


@dataclass(frozen=True, slots=True)
class HildeTook(Event):
    kind = "hilde_take"
    secret = ("resource",)
    seen_by = ("player", "victim")
    player: Seat
    victim: Seat
    resource: Res | Hidden


@dataclass(frozen=True, slots=True)
class JeanChose(Event):
    kind = "jean"
    secret = ()
    seen_by = ()
    player: Seat
    resource: Res


@dataclass(frozen=True, slots=True)
class LinMoved(Event):
    """Lin: the robber left ``vacated`` for the desert ``hex``; ``received`` is the resource
    of the vacated hex taken from the bank (``None`` if the bank had none)."""

    kind = "lin"
    secret = ()
    seen_by = ()
    player: Seat
    vacated: HexRef
    hex: HexRef
    received: Res | None


@dataclass(frozen=True, slots=True)
class LouisMoved(Event):
    kind = "louis"
    secret = ()
    seen_by = ()
    player: Seat
    removed: PathRef
    path: PathRef


@dataclass(frozen=True, slots=True)
class MarianneTook(Event):
    kind = "marianne"
    secret = ()
    seen_by = ()
    player: Seat
    resource: Res


@dataclass(frozen=True, slots=True)
class NassirTraded(Event):
    """Nassir: ``asked`` had to give one ``resource`` each; ``givers`` did."""

    kind = "nassir"
    secret = ()
    seen_by = ()
    player: Seat
    resource: Res
    asked: Seats
    givers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NassirRepaid(Event):
    kind = "nassir_repay"
    secret = ()
    seen_by = ()
    player: Seat
    partner: Seat
    resource: Res


@dataclass(frozen=True, slots=True)
class SeanHelped(Event):
    """Sean: ``resource`` taken from the bank, or ``-1``: the discard of the 7 spared."""

    kind = "sean"
    secret = ()
    seen_by = ()
    player: Seat
    resource: Res


@dataclass(frozen=True, slots=True)
class VincentBuilt(Event):
    """Vincent: a played knight discarded to build (level 1 a settlement, 2 a city)."""

    kind = "vincent"
    secret = ()
    seen_by = ()
    player: Seat
    level: int
    intersection: Spot


@dataclass(frozen=True, slots=True)
class WilliamPaid(Event):
    kind = "william"
    secret = ()
    seen_by = ()
    player: Seat
    path: PathRef
    paid: Bundle5
