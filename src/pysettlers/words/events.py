"""Every event kind as words: one function per kind, registered by its class.

What this is for: :func:`clause` gives an event's subject seat and its sentence with the
subject's verbs in braces (``(2, "{builds} a road between the 6 fields and the 9 hills")``;
``-1``: a sentence with no seat as subject); :meth:`Words.event` makes the sentence for its
reader and :meth:`Words.clause` the clause without its subject (the demo's log). The base
game's kinds are here; each scenario's are in its package's words face
(``engine/scenarios/<package>/faces/words.py``, ``EVENTS``), gathered by :func:`event_words`;
``tests/engine/test_words.py`` fails when an event kind has no words.

The events are read as redacted for the reader: a secret field holds ``HIDDEN`` for a seat
that may not see it, and the words then say only what the table saw ("steals a card").

What this is not: the event kinds themselves (``engine/events.py`` and the scenarios'
``events.py``), nor who may see what (their declarations and ``observe`` decide).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from pysettlers.engine import events as ev
from pysettlers.engine.actions import resource_name
from pysettlers.engine.events import Event, Hidden

from .scenarios import gathered
from .speaker import Said, Words, bundle, count, dev_card, join

BASE_EVENT_WORDS: dict[type[Event], Callable[[Words, Any], Said]] = {}
"""The words of each of the base game's event kinds: ``f(words, event)`` → ``(subject
seat, sentence)``; each scenario's are in its words face (:func:`event_words`)."""


@cache
def event_words() -> dict[type[Event], Callable[[Words, Any], Said]]:
    """The words of every event kind: the base game's, then each scenario's words face's
    ``EVENTS`` (``words/scenarios.py``), gathered on first use."""
    return BASE_EVENT_WORDS | gathered("EVENTS")


def words_for(*kinds: type[Event]) -> Callable[[Callable[[Words, Any], Said]], Any]:
    def register(f: Callable[[Words, Any], Said]) -> Callable[[Words, Any], Said]:
        for k in kinds:
            BASE_EVENT_WORDS[k] = f
        return f

    return register


def clause(w: Words, e: Event) -> Said:
    """The subject seat and sentence of an event (see the module docstring)."""
    f = event_words().get(type(e))
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
    # Fewer rolls than players: only those who tied for the highest rolled again.
    return -1, start_roll(w, e, again=len(e.rolls) < len(w.names))


def start_roll(w: Words, e: ev.StartRoll, again: bool) -> str:
    """The rolls for the first player; ``again``: a tie's re-roll (a log that has the roll
    before it says so where every player tied: ``server/wordsjson.py``)."""
    rolls = ", ".join(f"{w.name(p)} {total}" for p, total in e.rolls)
    if again:
        return f"The tie for the first player is rolled again: {rolls}."
    return f"Rolls for the first player: {rolls}."


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
