"""The Helpers of CATAN in words: each helper's events, advantages and the decisions that
follow them (read by ``pysettlers.words``; the contract is ``words/scenarios.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pysettlers.engine.actions import resource_name
from pysettlers.engine.data import HELPER_DISPLAY
from pysettlers.engine.events import Hidden
from pysettlers.engine.scenarios.helpers import events as hev
from pysettlers.engine.types import ActionKind as K
from pysettlers.engine.types import Phase
from pysettlers.words.speaker import bundle, dev_card, helper, join

if TYPE_CHECKING:
    from collections.abc import Callable

    from pysettlers.engine import Action, View
    from pysettlers.words.speaker import Said, Words


def _dealt(w: Words, e: hev.HelperDealt) -> Said:
    return e.player, f"{{gets}} the helper {helper(e.helper)}"


def _display(w: Words, e: hev.HelperDisplayed) -> Said:
    # "Once everyone has their starting helper card, add any remaining helpers from the
    # stack to the display" (R5): the display is then the four helpers without a number
    # and those left over, in the order the status lists it (the helpers' order).
    shown = sorted({*(int(h) for h in HELPER_DISPLAY), *e.helpers})
    text = "Helpers on display: " + join([helper(h) for h in shown])
    if e.helpers:
        text += f" ({join([helper(h) for h in e.helpers])} left over from the stack)"
    return -1, text


def _declined(w: Words, e: hev.HelperDeclined) -> Said:
    return e.player, f"{{lets}} {helper(e.helper)} pass"


def _flipped(w: Words, e: hev.HelperFlipped) -> Said:
    return e.player, f"{{turns}} {helper(e.helper)} to the B side"


def _exchanged(w: Words, e: hev.HelperExchanged) -> Said:
    return e.player, f"{{exchanges}} {helper(e.returned)} for {helper(e.taken)}"


def _candamir(w: Words, e: hev.CandamirBought) -> Said:
    return e.player, f"{{uses}} Candamir: a development card for {bundle(e.paid)}"


def _candamir_drew(w: Words, e: hev.CandamirDrew) -> Said:
    if isinstance(e.cards, Hidden):
        return e.player, "{draws} development cards to keep one"
    return e.player, f"{{draws}} {join([dev_card(c) for c in e.cards])} to keep one"


def _hilde(w: Words, e: hev.HildeChose) -> Said:
    return e.player, f"{{uses}} Hilde to look at {w.possessive(e.victim)} hand"


def _hilde_look(w: Words, e: hev.HildeLooked) -> Said:
    if isinstance(e.hand, Hidden):
        return None  # the table sees only that a hand was looked at (said by HildeChose)
    return e.player, f"{{sees}} {bundle(e.hand)} in {w.possessive(e.victim)} hand"


def _hilde_take(w: Words, e: hev.HildeTook) -> Said:
    card = "a card" if isinstance(e.resource, Hidden) else f"1 {resource_name(e.resource)}"
    return e.player, f"{{takes}} {card} from {w.name(e.victim)}"


def _jean(w: Words, e: hev.JeanChose) -> Said:
    return e.player, f"{{uses}} Jean to trade {resource_name(e.resource)} 2:1 this turn"


def _lin(w: Words, e: hev.LinMoved) -> Said:
    p = w.places
    got = "nothing (the bank has none)" if e.received is None else f"1 {resource_name(e.received)}"
    return e.player, (
        f"{{uses}} Lin: the robber leaves {p.hex(e.vacated)} for {p.hex(e.hex)}, "
        f"and {{takes}} {got} from the bank"
    )


def _louis(w: Words, e: hev.LouisMoved) -> Said:
    p = w.places
    return e.player, (
        f"{{uses}} Louis: the road that lay {p.path(e.removed)} now lies {p.path(e.path)}"
    )


def _marianne(w: Words, e: hev.MarianneTook) -> Said:
    return e.player, f"{{uses}} Marianne and {{takes}} 1 {resource_name(e.resource)}"


def _nassir(w: Words, e: hev.NassirTraded) -> Said:
    res = resource_name(e.resource)
    if not e.givers:
        return e.player, f"{{uses}} Nassir to ask {w.seats(e.asked)} for {res}: nobody has any"
    return e.player, f"{{uses}} Nassir: 1 {res} each from {w.seats(e.givers)}"


def _nassir_repay(w: Words, e: hev.NassirRepaid) -> Said:
    return e.player, f"{{gives}} {w.name(e.partner)} 1 {resource_name(e.resource)} back"


def _sean(w: Words, e: hev.SeanHelped) -> Said:
    if e.resource < 0:
        return e.player, "{uses} Sean: no discard this time"
    return e.player, f"{{uses}} Sean and {{takes}} 1 {resource_name(e.resource)}"


def _vincent(w: Words, e: hev.VincentBuilt) -> Said:
    piece = "city" if e.level == 2 else "settlement"
    where = w.places.intersection(e.intersection)
    return e.player, f"{{uses}} Vincent: a played knight for a {piece} at {where}"


def _william(w: Words, e: hev.WilliamPaid) -> Said:
    return e.player, f"{{uses}} William: a road {w.places.path(e.path)} for {bundle(e.paid)}"


EVENTS: dict[type[Any], Callable[[Words, Any], Said]] = {
    hev.HelperDealt: _dealt,
    hev.HelperDisplayed: _display,
    hev.HelperDeclined: _declined,
    hev.HelperFlipped: _flipped,
    hev.HelperExchanged: _exchanged,
    hev.CandamirBought: _candamir,
    hev.CandamirDrew: _candamir_drew,
    hev.HildeChose: _hilde,
    hev.HildeLooked: _hilde_look,
    hev.HildeTook: _hilde_take,
    hev.JeanChose: _jean,
    hev.LinMoved: _lin,
    hev.LouisMoved: _louis,
    hev.MarianneTook: _marianne,
    hev.NassirTraded: _nassir,
    hev.NassirRepaid: _nassir_repay,
    hev.SeanHelped: _sean,
    hev.VincentBuilt: _vincent,
    hev.WilliamPaid: _william,
}

ACTIONS: dict[K, Callable[[Words, Action, View | None], str]] = {
    K.HELPER_DECLINE: lambda w, a, view: "Let the helper pass",
    K.HELPER_FLIP: lambda w, a, view: "Turn the helper to its B side",
    K.HELPER_CANDAMIR: lambda w, a, view: f"Candamir: a development card for {bundle(a.give)}",
    K.HELPER_HILDE: lambda w, a, view: f"Hilde: look at {w.possessive(a.opponent)} hand",
    K.HELPER_TAKE: lambda w, a, view: f"Take 1 {resource_name(a.resource)}",
    K.HELPER_JEAN: lambda w, a, view: f"Jean: trade {resource_name(a.resource)} 2:1 this turn",
    K.HELPER_LIN: lambda w, a, view: f"Lin: the robber to {w.places.hex(a.hex)}",
    K.HELPER_LOUIS: lambda w, a, view: (
        f"Louis: move the road {w.places.path(a.path)}: it will lie {w.places.path(a.to_path)}"
    ),
    K.HELPER_MARIANNE: lambda w, a, view: f"Marianne: take 1 {resource_name(a.resource)}",
    K.HELPER_NASSIR: lambda w, a, view: (
        f"Nassir: 1 {resource_name(a.resource)} each from {w.seats(a.to)}"
    ),
    K.HELPER_SEAN: lambda w, a, view: (
        "Sean: keep the whole hand (no discard)"
        if a.resource < 0
        else f"Sean: take 1 {resource_name(a.resource)}"
    ),
    K.HELPER_VINCENT: lambda w, a, view: (
        f"Vincent: a {'city' if a.level == 2 else 'settlement'} at "
        f"{w.places.intersection(a.intersection)} for a played knight"
    ),
    K.HELPER_WILLIAM: lambda w, a, view: (
        f"William: a road {w.places.path(a.path)} for {bundle(a.give)}"
    ),
    K.HELPER_EXCHANGE: lambda w, a, view: f"Exchange the helper for {helper(a.helper)}",
    K.HELPER_KEEP: lambda w, a, view: f"Keep the {dev_card(a.card)} card",
    K.HELPER_REPAY: lambda w, a, view: (
        f"Give {w.name(a.opponent)} 1 {resource_name(a.given_back)} back"
    ),
}

PHASES: dict[Phase, tuple[str, str | None]] = {
    Phase.HELPER_AFTER: ("flip or exchange the helper just used", None),
    Phase.HELPER_REACT: ("use Marianne or Sean after the roll, or let it pass", None),
    Phase.HILDE_TAKE: ("take a card from the hand Hilde looks at", None),
    Phase.CANDAMIR_KEEP: ("keep one of the development cards Candamir drew", None),
    Phase.NASSIR_REPAY: ("give a card back to each opponent who gave one to Nassir", None),
}

TARGETS: dict[K, Callable[[Action], tuple[str, int]]] = {
    K.HELPER_VINCENT: lambda a: ("intersection", a.intersection),
    K.HELPER_WILLIAM: lambda a: ("path", a.path),
    K.HELPER_LIN: lambda a: ("hex", a.hex),
}


IN_BRIEF = (
    "Helpers: each player holds one helper card whose advantage may be used as its actions "
    "say; after using it, the player exchanges it for another."
)
"""What the scenario changes, in brief (the rules summary a language model reads)."""
