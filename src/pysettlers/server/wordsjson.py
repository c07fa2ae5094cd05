"""The words members of the server's messages: events and legal actions as a person reads them.

What this is for: the browser composes no words of its own; the server sends them, made by
:mod:`pysettlers.words` (the one vocabulary of every client), beside what they describe:

* ``event_words`` — one entry per event of the view's ``events``, in order: the event as a
  sentence for this seat ("You roll 8", "Anna moves the robber to the 6 fields and steals
  a card from you"), or ``null`` for one that says nothing to this seat — every one while
  the game waits for its players (its rolls for the first player are said when it starts,
  each seat by the name it then has; a tie's re-roll is called one);
* ``words`` — each legal action's notation → its label ("Move the robber to the 6 fields
  and steal from Anna (5 cards)"), for the kinds the client shows as a button or a choice
  (the trade dialog and the pickers compose discards, offers, counters and maritime trades
  from their unit forms);
* ``places`` — each place a legal action points at (its notation name) → its words ("the
  corner of the 6 fields, 9 hills and the sea"), for the board's targets;
* ``to_do`` — the status line: who must do what now, for this seat ("Your turn: roll the
  dice.", "Anna offers you a trade.", "Anna and Ben: discard half of their cards…", "You
  win the game!"), or why a finished game has no winner; ``null`` while the game waits for
  its players (the client counts the free seats of its ``seats``);
* ``captions`` — one entry per event of ``events``: the few words the client shows over
  the board with it ("Anna rolled", "Anna: the robber!", "nobody gets anything"), or
  ``null``;
* ``awards`` — the awards' names by the view's member that says who holds each
  (``longest_road``: "Longest Road", or "Longest Trade Route" with ships; ``largest_army``),
  for the panels' badges and the results: one name in every place (``words.award_names``).

A change of who plays a person's seat — the server's stand-in bot takes over when they are
away or their turn timer runs out, and hands the seat back when they return — is no game
action and has no event: it is a table note (:data:`Note`), said (``Words.stand_in``) at the
start of the line of the first event after it ("Bo is away: a stand-in bot plays in Bo's
place. Bo builds a settlement…"; "You are back: the stand-in bot made 3 moves for you."), so
each reader's log shows it where it happened, once.

A discard for a 7 is one line per player ("Ben discards 3 wool and 1 ore."), however many
actions it took (a bot discards card by card, in unit actions): the line comes with the
player's last card, counting the cards of that discard in earlier messages from the game's
event log; the unit discards before it say nothing (``null``). An ``error`` message's
``message`` names the seats as the table does (:func:`refusal_words`: "Ben holds no
brick", never the notation's ``p1``).

:func:`state_words` gives them all, as the ``state`` message carries them. They sit in the
state message beside ``view``, never inside it: the view stays exactly the engine's
``to_json`` (``tests/server/test_server_views.py``). A replay step carries ``event_words``
and the seats' ``names`` (``replays.py``).

What this is not: the words themselves (``pysettlers.words``), nor what a seat may know
(the events come redacted from ``observe``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import takewhile
from typing import Any

from pysettlers.engine import Action, View
from pysettlers.engine import events as ev
from pysettlers.engine.actions import NotationError, dev_name, parse_bundle, resource_name
from pysettlers.engine.events import LogNode, make, redact
from pysettlers.engine.types import ActionKind as K
from pysettlers.engine.types import Phase
from pysettlers.words import Words, award_names
from pysettlers.words.events import start_roll
from pysettlers.words.scenarios import gathered
from pysettlers.words.speaker import bundle, dev_card, second_person

COMPOSED = frozenset((K.DISCARD, K.OFFER_TRADE, K.COUNTER_TRADE, K.MARITIME_TRADE))
"""Actions the client composes from unit forms (their labels would never be read)."""


def seat_names(seats: Sequence[dict[str, Any]]) -> list[str]:
    """Each seat's name as every client shows it and the words say it: a person's name or
    ``Player 2``; a bot's name or ``Weighted bot 3``. The one source: each seat object the
    server sends carries it as ``display_name`` (:func:`named_seats`), which the browser
    shows (``web/js/panels.js``, ``seatName``)."""
    out = []
    for i, seat in enumerate(seats):
        q = int(seat.get("seat", i))
        name = seat.get("name")
        bot = seat.get("bot")
        if seat.get("kind") == "bot" and bot:
            out.append(name if name and name != bot else f"{str(bot).capitalize()} bot {q + 1}")
        else:
            out.append(name or f"Player {q + 1}")
    return out


def named_seats(seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat objects with each one's ``display_name`` (:func:`seat_names`) added."""
    return [{**seat, "display_name": name} for seat, name in zip(seats, seat_names(seats))]


Note = tuple[int, int, str, int]
"""A table note (module docstring): (the game's version when it happened, the seat, why —
``away``, ``time`` or ``back`` as ``Words.stand_in`` takes it —, the stand-in's moves)."""


def event_words(
    view: View, names: Sequence[str], log: LogNode | None = None, notes: Sequence[Note] = ()
) -> list[str | None]:
    """The view's events as sentences for its viewer (module docstring). ``log``: the
    game's event log (``GameState.log``), from which a discard begun before the view's
    events is counted whole; without it each discard event is said as it is. ``notes``:
    the table's notes, each said before the first event after it (needs ``log``)."""
    w = Words.for_view(view, names)
    said = [w.event(e) for e in view.events]
    for i in range(1, len(said)):  # every player tied: the roll after a roll is its re-roll
        e = view.events[i]
        if isinstance(e, ev.StartRoll) and isinstance(view.events[i - 1], ev.StartRoll):
            said[i] = start_roll(w, e, again=True)
    if log is not None and any(isinstance(e, ev.Discarded) for e in view.events):
        _one_line_per_discard(w, view, log, said)
    if log is not None and notes and view.events:
        _with_notes(w, view, log, notes, said)
    return said


def _with_notes(
    w: Words, view: View, log: LogNode, notes: Sequence[Note], said: list[str | None]
) -> None:
    """``said`` with each note that falls among the view's events put in front of the
    words of the first event after it (alone where that event says nothing)."""
    # The version of each of the view's events, from the log's steps after its ``since``,
    # and the last version before them that had events (a note before that one went with
    # an earlier message).
    since = view.events_since
    versions: list[int] = []
    node: LogNode | None = log
    while node is not None and node[0] > since:
        versions.extend([node[0]] * len(node[1]))
        node = node[2]
    while node is not None and not node[1]:
        node = node[2]
    said_before = node[0] if node is not None else 0
    versions.reverse()
    if len(versions) != len(said):
        return  # (not the log these events came from: say them without notes)
    for version, seat, why, moves in notes:
        if version < said_before:
            continue
        at = next((i for i, v in enumerate(versions) if v > version), None)
        if at is not None:
            note = w.stand_in(seat, why, moves)
            said[at] = note if said[at] is None else f"{note} {said[at]}"


def _one_line_per_discard(w: Words, view: View, log: LogNode, said: list[str | None]) -> None:
    """``said`` with each player's discard for a 7 on one line (module docstring).

    A 7's discards are one run of discard events: nothing else happens until every player
    who owes has discarded ("discard half, rounded down": rulebook, Rolling a 7), so a
    player's discard is their events in that run. Its line is said with its last event —
    the player owes nothing more (the view's ``discards``), or the run ends within the
    view's events — and the events before it say nothing."""
    events = view.events
    run = _run_before(log, view.events_since, view.viewer)
    for i, e in enumerate(events):
        if not isinstance(e, ev.Discarded):
            run = []
            continue
        run.append(e)
        later = [
            x
            for x in takewhile(lambda x: isinstance(x, ev.Discarded), events[i + 1 :])
            if isinstance(x, ev.Discarded)  # (all of them: for the type checker)
        ]
        again = any(x.player == e.player for x in later)
        owing = len(later) == len(events) - i - 1 and view.discards[e.player] > 0
        if again or owing:
            said[i] = None  # (said whole with the player's last card)
            continue
        cards = tuple(sum(x.cards[r] for x in run if x.player == e.player) for r in range(5))
        said[i] = w.event(make(ev.Discarded, (e.player, cards)))


def _run_before(log: LogNode | None, version: int, viewer: int | None) -> list[ev.Discarded]:
    """The discard events that end the log at ``version`` (oldest first): the part of a
    7's discards made before the events a view carries (``View.events_since``)."""
    node = log
    while node is not None and node[0] > version:
        node = node[2]
    run: list[ev.Discarded] = []
    while node is not None and version >= 0:
        tail = list(takewhile(lambda x: isinstance(x, ev.Discarded), reversed(node[1])))
        run.extend(e for e in tail if isinstance(e, ev.Discarded))
        if len(tail) < len(node[1]) or not node[1]:
            break
        node = node[2]
    run.reverse()
    # (public events; redacted all the same, as every event a seat reads)
    return [e for e in (redact(x, viewer) for x in run) if isinstance(e, ev.Discarded)]


_QUOTED_OR_SEAT = re.compile(
    r"(?:card )?(?<!\w)'(?P<quoted>[^']*)'(?!\w)"
    r"|\bp(?P<seat>\d+)\b(?P<own>'s)?(?: (?P<verb>has|holds|is|was|owes|does)\b)?"
    r"|\b(?P<bundle>\d+[a-z]+(?:\+\d+[a-z]+)*)\b"
)
_CARD_WORDS = {resource_name(r): resource_name(r) for r in range(5)} | {
    dev_name(d): dev_card(d) for d in range(5)
}


def refusal_words(message: str, names: Sequence[str], you: int | None) -> str:
    """A refusal's message (the engine's, naming seats in the notation: ``p1 holds no card
    'brick' to be stolen``) as the table says it to seat ``you`` (``None``: a spectator):
    each seat by its name (``you`` for the reader, the verb after it to match), a card
    named in quotes and a bundle (``2brick+1wool``) in words — "Ben holds no brick to be
    stolen". Other quoted text (notation examples such as ``'p0 ... #3'``) stays as it is;
    a seat number the game does not have stays in the notation."""

    def said(m: re.Match[str]) -> str:
        quoted = m.group("quoted")
        if quoted is not None:
            return _CARD_WORDS.get(quoted, m.group(0))
        if m.group("bundle") is not None:
            try:
                return bundle(parse_bundle(m.group("bundle")))
            except NotationError:
                return m.group(0)
        q = int(m.group("seat"))
        verb = m.group("verb")
        if q >= len(names):
            return m.group(0)
        if m.group("own"):
            return "your" if q == you else f"{names[q]}'s"
        if q == you:
            return "you" + (f" {second_person(verb)}" if verb else "")
        return names[q] + (f" {verb}" if verb else "")

    text = _QUOTED_OR_SEAT.sub(said, message)
    return text[:1].upper() + text[1:] if text.startswith(("you ", "your ")) else text


ENDED = {
    "turn_limit": "The game reached its turn limit and ended without a winner.",
    "admin": "The game was ended without a winner.",
}
"""Why a finished game has no winner (the state message's ``ended``), in words: the
server's bound on a game's length, or its operator."""


def to_do(
    view: View, names: Sequence[str], *, deciding: bool, status: str, ended: str | None = None
) -> str | None:
    """The status line for the view's viewer (module docstring). ``deciding``: whether the
    seat has legal actions now; ``status``: the game's (``open``: ``None``)."""
    if status == "open":
        return None
    if status == "finished" and view.phase != Phase.GAME_OVER:
        return ENDED.get(ended or "admin", ENDED["admin"])
    return Words.for_view(view, names).to_do(view, deciding)


def captions(view: View, names: Sequence[str]) -> list[str | None]:
    """The few words shown over the board with each of the view's events (module
    docstring)."""
    w = Words.for_view(view, names)
    return [w.caption(e) for e in view.events]


def state_words(
    view: View,
    names: Sequence[str],
    legal: Iterable[tuple[str, Action]],
    *,
    status: str,
    ended: str | None = None,
    log: LogNode | None = None,
    notes: Sequence[Note] = (),
) -> dict[str, Any]:
    """Every words member of a ``state`` message (module docstring): the view's events,
    its seat's legal actions and the places they name, its to-do line and the captions.
    ``log``: the game's event log, ``notes`` the table's notes (:func:`event_words`)."""
    legal = list(legal)
    words, places = legal_words(view, names, legal)
    # A game waiting for its players says nothing yet: its first events (the rolls for the
    # first player) would name the free seats "Player 2" in a log kept after they join. The
    # session sends them again when the game starts, with every seat's name (``start``).
    said = event_words(view, names, log, notes) if status != "open" else [None] * len(view.events)
    return {
        "event_words": said,
        "words": words,
        "places": places,
        "to_do": to_do(view, names, deciding=bool(legal), status=status, ended=ended),
        "captions": captions(view, names),
        "awards": award_names(view.rules.ships),
    }


def _place(w: Words, a: Action, topo_names: Any) -> tuple[str, str] | None:
    """The place an action points at, as (its notation name, its words): the same places
    the client's ``placeOf`` (``web/js/notation.js``) makes targets of; a scenario's kinds
    from its words face's ``TARGETS`` (``words/scenarios.py``)."""
    t = topo_names
    p = w.places
    k = a.kind
    if k in (K.BUILD_SETTLEMENT, K.BUILD_CITY):
        return t.intersection_names[a.intersection], p.intersection(a.intersection)
    if k == K.BUILD_ROAD:
        return t.path_names[a.path], p.path(a.path)
    if k == K.MOVE_ROBBER:
        return t.hex_names[a.hex], p.hex(a.hex)
    target = gathered("TARGETS").get(k)
    if target is None:
        return None
    place, i = target(a)
    if place == "intersection":
        return t.intersection_names[i], p.intersection(i)
    if place == "path":
        return t.path_names[i], p.path(i)
    if place == "hex":
        return t.hex_names[i], p.hex(i)
    if place == "harbor":
        return t.path_names[i], p.harbor(i)
    raise ValueError(f"a words face's TARGETS names an unknown place {place!r}")


def legal_words(
    view: View, names: Sequence[str], legal: Iterable[tuple[str, Action]]
) -> tuple[dict[str, str], dict[str, str]]:
    """``words`` and ``places`` for a seat's legal actions (module docstring)."""
    w = Words.for_view(view, names)
    topo = view.board.topology
    words: dict[str, str] = {}
    places: dict[str, str] = {}
    for text, a in legal:
        if a.kind in COMPOSED:
            continue
        words[text] = w.action(a, view)
        place = _place(w, a, topo)
        if place is not None:
            places[place[0]] = place[1]
    return words, places
