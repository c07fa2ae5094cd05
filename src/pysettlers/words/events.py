"""Every event kind as words: one function per kind, registered by its class.

What this is for: :func:`clause` gives an event's subject seat and its sentence with the
subject's verbs in braces (``(2, "{builds} a road between the 6 fields and the 9 hills")``;
``-1``: a sentence with no seat as subject); :meth:`Words.event` makes the sentence for its
reader and :meth:`Words.clause` the clause without its subject (the demo's log). The base
game's kinds come first, then each scenario's (the 1996 alternate rules, the Helpers of
CATAN, the Islands of Catan bridges, Seafarers ships); ``tests/engine/test_words.py`` fails
when an event kind has no words here.

The events are read as redacted for the reader: a secret field holds ``HIDDEN`` for a seat
that may not see it, and the words then say only what the table saw ("steals a card").

What this is not: the event kinds themselves (``engine/events.py`` and the scenarios'
``events.py``), nor who may see what (their declarations and ``observe`` decide).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pysettlers.engine import events as ev
from pysettlers.engine.actions import resource_name
from pysettlers.engine.events import Event, Hidden
from pysettlers.engine.scenarios.alternate import events as aev
from pysettlers.engine.scenarios.helpers import events as hev
from pysettlers.engine.scenarios.islands.events import BridgeBuilt
from pysettlers.engine.scenarios.ships.events import ShipBuilt, ShipMoved

from .speaker import Words, bundle, count, dev_card, helper, join

Said = tuple[int, str] | None
EVENT_WORDS: dict[type[Event], Callable[[Words, Any], Said]] = {}
"""The words of each event kind: ``f(words, event)`` → ``(subject seat, sentence)``."""


def words_for(*kinds: type[Event]) -> Callable[[Callable[[Words, Any], Said]], Any]:
    def register(f: Callable[[Words, Any], Said]) -> Callable[[Words, Any], Said]:
        for k in kinds:
            EVENT_WORDS[k] = f
        return f

    return register


def clause(w: Words, e: Event) -> Said:
    """The subject seat and sentence of an event (see the module docstring)."""
    f = EVENT_WORDS.get(type(e))
    if f is None:  # a kind without words (a test keeps this from happening): its name
        return getattr(e, "player", -1), "{does} " + e.kind.replace("_", " ")
    return f(w, e)


def _offer_ref(e: Event) -> str:
    """`` (offer #3)`` for an offer event with its number (none before offers had them)."""
    n = getattr(e, "offer", 0)
    return f" (offer #{n})" if n else ""


# -- the base game ----------------------------------------------------------------------------


@words_for(ev.StartRoll)
def _start_roll(w: Words, e: ev.StartRoll) -> Said:
    rolls = ", ".join(f"{w.name(p)} {total}" for p, total in e.rolls)
    return -1, f"Rolls for the first player: {rolls}"


@words_for(ev.StartingResources)
def _starting(w: Words, e: ev.StartingResources) -> Said:
    return e.player, f"{{takes}} {bundle(e.resources)} to start"


@words_for(ev.Rolled)
def _rolled(w: Words, e: ev.Rolled) -> Said:
    return e.player, f"{{rolls}} {e.dice[0] + e.dice[1]}"


@words_for(ev.SevenRerolled)
def _rerolled(w: Words, e: ev.SevenRerolled) -> Said:
    return e.player, "{rolls} again: a 7 in the first two rounds does not count"


@words_for(ev.Produced)
def _produced(w: Words, e: ev.Produced) -> Said:
    got = []
    for p in range(len(e.received) // 5):
        cards = e.received[5 * p : 5 * p + 5]
        if any(cards):
            verb = "get" if p == w.you else "gets"
            got.append(f"{w.name(p)} {verb} {bundle(cards)}")
    if not got:
        return -1, f"Nothing is produced on the {e.total}"
    return -1, f"The {e.total} produces: " + "; ".join(got)


@words_for(ev.RoadBuilt)
def _road(w: Words, e: ev.RoadBuilt) -> Said:
    return e.player, f"{{builds}} a road {w.places.path(e.path)}"


@words_for(ev.SettlementBuilt)
def _settlement(w: Words, e: ev.SettlementBuilt) -> Said:
    return e.player, f"{{builds}} a settlement at {w.places.intersection(e.intersection)}"


@words_for(ev.CityBuilt)
def _city(w: Words, e: ev.CityBuilt) -> Said:
    return e.player, f"{{builds}} a city at {w.places.intersection(e.intersection)}"


@words_for(ev.Discarded)
def _discarded(w: Words, e: ev.Discarded) -> Said:
    return e.player, f"{{discards}} {bundle(e.cards)}"


def _steal(w: Words, victim: int, stolen: object) -> str:
    """What the robber took: the card only for the thief and the victim (redacted)."""
    if victim < 0:
        return ""
    if stolen is None:
        return f", but {w.has(victim)} no cards to steal"
    if isinstance(stolen, Hidden):
        return f" and {{steals}} a card from {w.name(victim)}"
    assert isinstance(stolen, int)
    return f" and {{steals}} 1 {resource_name(stolen)} from {w.name(victim)}"


@words_for(ev.RobberMoved)
def _robber(w: Words, e: ev.RobberMoved) -> Said:
    return e.player, f"{{moves}} the robber to {w.places.site(e.hex)}" + _steal(
        w, e.victim, e.stolen
    )


@words_for(ev.CardDrawn)
def _drawn(w: Words, e: ev.CardDrawn) -> Said:
    if isinstance(e.card, Hidden):
        return e.player, "{buys} a development card"
    return e.player, f"{{buys}} a development card: {dev_card(e.card)}"


@words_for(ev.KnightPlayed)
def _knight(w: Words, e: ev.KnightPlayed) -> Said:
    return e.player, "{plays} a knight"


@words_for(ev.RoadBuildingPlayed)
def _road_building(w: Words, e: ev.RoadBuildingPlayed) -> Said:
    return e.player, "{plays} Road Building"


@words_for(ev.YearOfPlentyPlayed)
def _plenty(w: Words, e: ev.YearOfPlentyPlayed) -> Said:
    cards = [0] * 5
    cards[e.resource] += 1
    if e.second >= 0:
        cards[e.second] += 1
    return e.player, f"{{plays}} Year of Plenty and {{takes}} {bundle(cards)}"


@words_for(ev.MonopolyPlayed)
def _monopoly(w: Words, e: ev.MonopolyPlayed) -> Said:
    from_whom = [f"{n} from {w.name(q)}" for q, n in enumerate(e.taken) if n]
    how = f" ({join(from_whom)})" if from_whom else ""
    taken = sum(e.taken)
    return e.player, (
        f"{{plays}} Monopoly on {resource_name(e.resource)} and {{takes}} {taken}{how}"
    )


@words_for(ev.LongestRoadMoved, ev.LargestArmyMoved)
def _award(w: Words, e: ev.LongestRoadMoved | ev.LargestArmyMoved) -> Said:
    award = w.award(isinstance(e, ev.LargestArmyMoved))
    if e.holder < 0:
        return -1, f"Nobody holds the {award} now"
    return e.holder, f"{{takes}} the {award}"


@words_for(ev.MaritimeTraded)
def _maritime(w: Words, e: ev.MaritimeTraded) -> Said:
    return e.player, f"{{trades}} {bundle(e.give)} with the bank for {bundle(e.get)}"


@words_for(ev.OfferMade)
def _offer(w: Words, e: ev.OfferMade) -> Said:
    return e.player, (
        f"{{offers}} {bundle(e.give)} for {bundle(e.get)} to {w.seats(e.to)}{_offer_ref(e)}"
    )


@words_for(ev.OfferAnswered)
def _answer(w: Words, e: ev.OfferAnswered) -> Said:
    offer = w.offer(getattr(e, "offer", 0))
    if e.answer == "counter":
        return e.player, f"{{counters}} {offer}: {{gives}} {bundle(e.give)} for {bundle(e.get)}"
    if e.answer in ("accept", "reject"):
        return e.player, f"{{{e.answer}s}} {offer}"
    return e.player, f"{{answers}} {offer}: {e.answer}"


@words_for(ev.OfferClosed)
def _closed(w: Words, e: ev.OfferClosed) -> Said:
    n = getattr(e, "offer", 0)
    offer = f"offer #{n}" if n else "offer"
    head = "Your" if e.player == w.you else w.possessive(e.player)
    return -1, f"{head} {offer} is closed without a trade"


@words_for(ev.Traded)
def _traded(w: Words, e: ev.Traded) -> Said:
    return e.player, (
        f"{{trades}} {bundle(e.give)} for {bundle(e.get)} with {w.name(e.partner)}{_offer_ref(e)}"
    )


@words_for(ev.TurnStarted)
def _turn(w: Words, e: ev.TurnStarted) -> Said:
    return -1, f"Turn {e.turn}: {w.possessive(e.player)} turn"


@words_for(ev.SpecialBuildTurn)
def _special(w: Words, e: ev.SpecialBuildTurn) -> Said:
    return e.player, "may build now (Special Building Phase)"


@words_for(ev.Won)
def _won(w: Words, e: ev.Won) -> Said:
    cards = f", {count(e.vp_cards, 'victory point card')} among them" if e.vp_cards else ""
    return e.player, f"{{wins}} with {e.points} points{cards}!"


# -- the 1996 alternate rules -----------------------------------------------------------------


@words_for(aev.SevenUsed)
def _seven_used(w: Words, e: aev.SevenUsed) -> Said:
    return e.player, "{lets} the 7 count: discards and the robber"


@words_for(aev.SevenIgnored)
def _seven_ignored(w: Words, e: aev.SevenIgnored) -> Said:
    return e.player, "{ignores} the 7: no discards, no robber"


@words_for(aev.VictoryPointPlayed)
def _vp_played(w: Words, e: aev.VictoryPointPlayed) -> Said:
    return e.player, "{plays} a victory point card face up"


@words_for(aev.RobberPlaced)
def _robber_placed(w: Words, e: aev.RobberPlaced) -> Said:
    where = f"{{moves}} the robber to {w.places.site(e.hex)}"
    if e.victim < 0:
        return e.player, where
    return e.player, f"{where} to steal from {w.name(e.victim)}, unless a knight interrupts"


# -- the Islands of Catan's bridges and Seafarers ships ---------------------------------------


@words_for(BridgeBuilt)
def _bridge(w: Words, e: BridgeBuilt) -> Said:
    return e.player, f"{{builds}} a bridge {w.places.path(e.path)}"


@words_for(ShipBuilt)
def _ship(w: Words, e: ShipBuilt) -> Said:
    return e.player, f"{{builds}} a ship {w.places.path(e.path)}"


@words_for(ShipMoved)
def _ship_moved(w: Words, e: ShipMoved) -> Said:
    p = w.places
    return e.player, f"{{moves}} a ship: the one {p.path(e.path)} now lies {p.path(e.to)}"


# -- the Helpers of CATAN ---------------------------------------------------------------------


@words_for(hev.HelperDealt)
def _dealt(w: Words, e: hev.HelperDealt) -> Said:
    return e.player, f"{{gets}} the helper {helper(e.helper)}"


@words_for(hev.HelperDisplayed)
def _display(w: Words, e: hev.HelperDisplayed) -> Said:
    return -1, "Helpers on display: " + (join([helper(h) for h in e.helpers]) or "none")


@words_for(hev.HelperDeclined)
def _declined(w: Words, e: hev.HelperDeclined) -> Said:
    return e.player, f"{{lets}} {helper(e.helper)} pass"


@words_for(hev.HelperFlipped)
def _flipped(w: Words, e: hev.HelperFlipped) -> Said:
    return e.player, f"{{turns}} {helper(e.helper)} to the B side"


@words_for(hev.HelperExchanged)
def _exchanged(w: Words, e: hev.HelperExchanged) -> Said:
    return e.player, f"{{exchanges}} {helper(e.returned)} for {helper(e.taken)}"


@words_for(hev.CandamirBought)
def _candamir(w: Words, e: hev.CandamirBought) -> Said:
    return e.player, f"{{uses}} Candamir: a development card for {bundle(e.paid)}"


@words_for(hev.CandamirDrew)
def _candamir_drew(w: Words, e: hev.CandamirDrew) -> Said:
    if isinstance(e.cards, Hidden):
        return e.player, "{draws} development cards to keep one"
    return e.player, f"{{draws}} {join([dev_card(c) for c in e.cards])} to keep one"


@words_for(hev.HildeChose)
def _hilde(w: Words, e: hev.HildeChose) -> Said:
    return e.player, f"{{uses}} Hilde to look at {w.possessive(e.victim)} hand"


@words_for(hev.HildeLooked)
def _hilde_look(w: Words, e: hev.HildeLooked) -> Said:
    if isinstance(e.hand, Hidden):
        return None  # the table sees only that a hand was looked at (said by HildeChose)
    return e.player, f"{{sees}} {bundle(e.hand)} in {w.possessive(e.victim)} hand"


@words_for(hev.HildeTook)
def _hilde_take(w: Words, e: hev.HildeTook) -> Said:
    card = "a card" if isinstance(e.resource, Hidden) else f"1 {resource_name(e.resource)}"
    return e.player, f"{{takes}} {card} from {w.name(e.victim)}"


@words_for(hev.JeanChose)
def _jean(w: Words, e: hev.JeanChose) -> Said:
    return e.player, f"{{uses}} Jean to trade {resource_name(e.resource)} 2:1 this turn"


@words_for(hev.LinMoved)
def _lin(w: Words, e: hev.LinMoved) -> Said:
    p = w.places
    got = "nothing (the bank has none)" if e.received is None else f"1 {resource_name(e.received)}"
    return e.player, (
        f"{{uses}} Lin: the robber leaves {p.hex(e.vacated)} for {p.hex(e.hex)}, "
        f"and {{takes}} {got} from the bank"
    )


@words_for(hev.LouisMoved)
def _louis(w: Words, e: hev.LouisMoved) -> Said:
    p = w.places
    return e.player, (
        f"{{uses}} Louis: the road that lay {p.path(e.removed)} now lies {p.path(e.path)}"
    )


@words_for(hev.MarianneTook)
def _marianne(w: Words, e: hev.MarianneTook) -> Said:
    return e.player, f"{{uses}} Marianne and {{takes}} 1 {resource_name(e.resource)}"


@words_for(hev.NassirTraded)
def _nassir(w: Words, e: hev.NassirTraded) -> Said:
    res = resource_name(e.resource)
    if not e.givers:
        return e.player, f"{{uses}} Nassir to ask {w.seats(e.asked)} for {res}: nobody has any"
    return e.player, f"{{uses}} Nassir: 1 {res} each from {w.seats(e.givers)}"


@words_for(hev.NassirRepaid)
def _nassir_repay(w: Words, e: hev.NassirRepaid) -> Said:
    return e.player, f"{{gives}} {w.name(e.partner)} 1 {resource_name(e.resource)} back"


@words_for(hev.SeanHelped)
def _sean(w: Words, e: hev.SeanHelped) -> Said:
    if e.resource < 0:
        return e.player, "{uses} Sean: no discard this time"
    return e.player, f"{{uses}} Sean and {{takes}} 1 {resource_name(e.resource)}"


@words_for(hev.VincentBuilt)
def _vincent(w: Words, e: hev.VincentBuilt) -> Said:
    piece = "city" if e.level == 2 else "settlement"
    where = w.places.intersection(e.intersection)
    return e.player, f"{{uses}} Vincent: a played knight for a {piece} at {where}"


@words_for(hev.WilliamPaid)
def _william(w: Words, e: hev.WilliamPaid) -> Said:
    return e.player, f"{{uses}} William: a road {w.places.path(e.path)} for {bundle(e.paid)}"
