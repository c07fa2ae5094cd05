"""One game's words for one reader: places, seats, cards, events and actions as sentences.

What this is for: :class:`Words` is made for a board, the names of the seats and the seat
reading (``you``: that seat is "you", with the verb to match: "You roll 8", "Anna rolls
8"), and turns what the engine says into what a person reads. Event sentences come from
``words/events.py``, action labels from ``words/actions.py``, places from
``words/places.py``, what must be done now and the board's captions from
``words/todo.py``; this module holds the small grammar they share (names, verbs, counts,
bundles of cards).

A sentence is written with its subject's verbs in braces, third person: ``"{rolls} 8"``;
:meth:`Words.say` puts the subject in front and conjugates each braced verb for it.

What this is not: no rules, and no secrets: events are read as redacted for their reader
(``observe``), so a card's name appears only where the event still holds it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pysettlers.engine.actions import Action, helper_name, resource_name
from pysettlers.engine.board import Board
from pysettlers.engine.events import Event

from .places import Places, places

if TYPE_CHECKING:
    from pysettlers.engine import View

_VERB = re.compile(r"\{([a-z']+)\}")
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were"}

Said = tuple[int, str] | None
"""What an event's words are: (its subject seat, its sentence with the subject's verbs in
braces; ``-1``: no seat is the subject), or ``None`` for nothing worth a line."""

DEV_WORDS = ("knight", "Road Building", "Year of Plenty", "Monopoly", "victory point")
"""Development cards as a player names them (the Almanac's card titles)."""


def second_person(verb: str) -> str:
    """``rolls`` → ``roll``, ``has`` → ``have``, ``carries`` → ``carry`` (for "you")."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def count(n: int, thing: str, things: str | None = None) -> str:
    """``1 card``, ``5 cards``, ``no cards``."""
    if n == 0:
        return f"no {things or thing + 's'}"
    return f"{n} {thing}" if n == 1 else f"{n} {things or thing + 's'}"


def bundle(b: Sequence[int]) -> str:
    """Five resource counts as words: ``2 ore and 1 wool`` (``nothing``)."""
    return join([f"{c} {resource_name(r)}" for r, c in enumerate(b) if c]) or "nothing"


def dev_card(d: int) -> str:
    return DEV_WORDS[d]


def helper(h: int) -> str:
    return helper_name(h).capitalize()


def award_names(ships: bool) -> dict[str, str]:
    """The two awards' names, by the view's member that says who holds each: with
    Seafarers ships the Longest Road, counted over ships too, is the Longest Trade Route.
    The one source of these names for every client (the log, the status, the panels' badges,
    the results and the replay's points)."""
    return {
        "longest_road": "Longest Trade Route" if ships else "Longest Road",
        "largest_army": "Largest Army",
    }


class Words:
    """The words of one game for one reader (see the module docstring).

    ``names[p]`` names seat ``p`` (``p2``, ``Anna``); ``you``, the reader's seat, is "you";
    ``ships``: Seafarers ships, whose Longest Road is the Longest Trade Route."""

    def __init__(
        self, board: Board, names: Sequence[str], you: int | None = None, ships: bool = False
    ) -> None:
        self.places: Places = places(board)
        self.names = tuple(names)
        self.you = you
        self.ships = ships

    @classmethod
    def for_view(cls, view: View, names: Sequence[str] | None = None) -> Words:
        """The words for a view's reader: its viewer is "you"; seats ``p0``, ``p1``... when
        no names are given."""
        names = names if names is not None else [f"p{q}" for q in range(view.n)]
        return cls(view.board, names, view.viewer, view.rules.ships)

    # -- seats ------------------------------------------------------------------------------

    def name(self, p: int) -> str:
        """A seat as an object: ``you``, ``Anna`` (``nobody`` for no seat)."""
        if p < 0:
            return "nobody"
        if p == self.you:
            return "you"
        return self.names[p] if p < len(self.names) else f"p{p}"

    def subject(self, p: int) -> str:
        """A seat opening a sentence: ``You``, ``Anna``, ``p2`` (a name as given)."""
        return "You" if p == self.you and p >= 0 else self.name(p)

    def possessive(self, p: int) -> str:
        """``your``, ``Anna's``."""
        return "your" if p == self.you else f"{self.name(p)}'s"

    def seats(self, mask_or_seats: int | Sequence[int]) -> str:
        """Several seats: ``you and Anna`` (a bit mask or a list)."""
        if isinstance(mask_or_seats, int):
            seats = [q for q in range(mask_or_seats.bit_length()) if mask_or_seats >> q & 1]
        else:
            seats = list(mask_or_seats)
        return join([self.name(q) for q in seats]) or "nobody"

    def has(self, p: int) -> str:
        """``you have`` / ``Anna has``: a clause about a seat other than the sentence's
        subject."""
        return f"{self.name(p)} {'have' if p == self.you else 'has'}"

    def say(self, p: int, text: str) -> str:
        """``text`` with seat ``p`` as its subject (``-1``: ``text`` is a whole sentence),
        each braced verb conjugated for it."""
        if p < 0:
            return _VERB.sub(lambda m: m.group(1), text)
        conj = second_person if p == self.you else (lambda v: v)
        return f"{self.subject(p)} " + _VERB.sub(lambda m: conj(m.group(1)), text)

    # -- the game's words ------------------------------------------------------------------

    def award(self, army: bool) -> str:
        return award_names(self.ships)["largest_army" if army else "longest_road"]

    def stand_in(self, p: int, why: str, moves: int = 0) -> str:
        """Who plays seat ``p`` from now, said where it changes (the server's stand-in bot
        for a person; no game action, so no event): ``why`` is ``away`` (the person left
        the table: "Bo is away: a stand-in bot plays in Bo's place."), ``time`` (their turn
        timer ran out: "Your time is up: a stand-in bot decides for you.") or ``back``
        (the person returned: "You are back: the stand-in bot made 3 moves for you.",
        ``moves`` the stand-in's actions in their place)."""
        if why == "away":
            return self.say(p, f"{{is}} away: a stand-in bot plays in {self.possessive(p)} place.")
        if why == "time":
            whose = self.possessive(p)
            whose = whose[:1].upper() + whose[1:]
            return f"{whose} time is up: a stand-in bot decides for {self.name(p)}."
        if why == "back":
            made = f": the stand-in bot made {count(moves, 'move')} for {self.name(p)}"
            return self.say(p, "{is} back" + (made if moves else "") + ".")
        raise ValueError(f"a stand-in is away, time or back, not {why!r}")

    def offer(self, number: int) -> str:
        """``offer #3``, or ``the offer`` for an event or action made before offers had
        numbers."""
        return f"offer #{number}" if number else "the offer"

    def event(self, e: Event) -> str | None:
        """An event (redacted for the reader) as a sentence, or ``None`` for one that says
        nothing worth a line to this reader (a helper's hand look it may not see)."""
        from .events import clause

        said = clause(self, e)
        if said is None:
            return None
        p, text = said
        return self.say(p, text) + ("" if text.endswith(("!", ".")) else ".")

    def clause(self, e: Event) -> tuple[int, str] | None:
        """An event as (its subject seat, what it says of that seat in the third person,
        without the subject): ``(2, "rolls 8")``, ``(1, "builds a road between ...")``;
        seat ``-1`` with a whole sentence for an event with no seat as subject ("The 8
        produces: ..."); ``None`` as for :meth:`event`. For a log that gathers one
        player's items on one line and names the subject itself (the demo's turns)."""
        from .events import clause

        said = clause(self, e)
        if said is None:
            return None
        p, text = said
        return p, self.say(-1, text)

    def action(self, a: Action, view: View | None = None) -> str:
        """A legal action as a label a player clicks: ``Move the robber to the 6 fields and
        steal from Anna (5 cards)``. ``view`` gives the victims' card counts."""
        from .actions import label

        return label(self, a, view)

    def to_do(self, view: View, deciding: bool | None = None) -> str:
        """Who must do what now, for this reader: ``Your turn: roll the dice ...``,
        ``Anna offers you a trade.``, ``Anna and Ben: discard half of their cards ...…``
        (``words/todo.py``)."""
        from .todo import to_do

        return to_do(self, view, deciding)

    def caption(self, e: Event) -> str | None:
        """The few words shown over the board with an event (``Anna: the robber!``), or
        ``None`` (``words/todo.py``)."""
        from .todo import caption

        return caption(self, e)

    def dev(self, d: int) -> str:
        return dev_card(d)

    def resource(self, r: int) -> str:
        return resource_name(r)
