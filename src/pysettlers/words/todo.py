"""What must be done now, and the short words shown over the board: one table for every client.

What this is for: the phase a game is in, said as what its deciders are to do — "roll the
dice (or first play a development card)", "discard half of their cards (a 7 was rolled)" —
written once in :func:`phase_words` (``PHASE_WORDS``; a scenario's phases in its words
face, ``PHASES``), and read by

* the terminal's and the simulator report's status line (``render.to_do``: ``p2 to roll
  the dice ...``), through :func:`doing`;
* the browser's status line (the server's ``to_do``, ``server/wordsjson.py``), through
  :func:`to_do`: the line for one reader, with "you" — ``Your turn: roll the dice.``,
  ``Discard 4 cards.``, ``Anna offers you a trade.``, ``Anna and Ben: discard half of
  their cards…``;
* the browser's big dice (the server's ``captions``), through :func:`caption`: the few
  words shown over the board with an event — ``Anna rolled``, ``Anna: the robber!``,
  ``nobody gets anything``.

What this is not: who decides (the engine's ``deciders``, read from the view), nor the
sentences of the log (``events.py``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pysettlers.engine import events as ev
from pysettlers.engine.events import Event
from pysettlers.engine.types import Phase

from .scenarios import gathered
from .speaker import Words, count

if TYPE_CHECKING:
    from pysettlers.engine import View

# Each completes "p2 to ...": words a player reads, never the engine's phase names; a note
# in brackets after it where a reader may need telling what the screen does not show.
_BASE_PHASES: dict[Phase, tuple[str, str | None]] = {
    Phase.SETUP_SETTLEMENT: ("place a settlement", None),
    Phase.SETUP_ROAD: ("place a road beside the new settlement", None),
    Phase.PRE_ROLL: ("roll the dice", "or first play a development card"),
    Phase.DISCARD: ("discard half of their cards", "a 7 was rolled"),
    Phase.MOVE_ROBBER: ("move the robber", None),
    Phase.MAIN: ("trade and build", None),
    Phase.BUILD: ("build", "the trade phase is over"),
    Phase.ROAD_BUILDING: ("place the free roads of Road Building", None),
    Phase.TRADE_RESPONSE: ("answer the trade offer", None),
    Phase.TRADE_CONFIRM: ("choose a trade partner among those who accepted", None),
    Phase.GAME_OVER: ("nothing: the game is over", None),
    Phase.SPECIAL_BUILD: ("build in the Special Building Phase", None),
}


@cache
def phases() -> dict[Phase, tuple[str, str | None]]:
    """Every phase's words and note: the base game's, then each scenario's words face's
    ``PHASES`` (``words/scenarios.py``), in the phases' order."""
    merged = _BASE_PHASES | gathered("PHASES")
    return {phase: merged[phase] for phase in sorted(merged)}


@cache
def phase_words() -> dict[Phase, str]:
    """What the players who decide in each phase are to do (completing "p2 to ..."), with
    its note: the terminal's words (``PHASE_WORDS``). The browser's line leaves the notes
    out (its buttons show the development cards one may play, its dice the 7)."""
    return {
        phase: f"{words} ({note})" if note else words for phase, (words, note) in phases().items()
    }


_SETUP = (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD)


def doing(view: View, notes: bool = True) -> tuple[tuple[int, ...], str]:
    """Who decides now and what they are to do: ``((2,), "roll the dice (or first play a
    development card)")`` (``notes=False``: ``"roll the dice"``). A trade offer's maker is
    left out of those who answer it (it decides only to withdraw it); the beginners'
    separate trade and build phases say so."""
    words = phase_words()[view.phase] if notes else phases()[view.phase][0]
    if view.phase == Phase.MAIN and view.rules.trade_build == "separate":
        words = "trade (then build)"
    deciders = view.deciders
    if view.phase == Phase.TRADE_RESPONSE:
        deciders = tuple(p for p in deciders if p != view.current)
        words = f"answer offer #{view.offer_id}" if view.offer_id else words
    return deciders, words


def to_do(w: Words, view: View, deciding: bool | None = None) -> str:
    """The status line for ``w``'s reader: who must do what now (module docstring).
    ``deciding``: whether the reader has a decision now (by default: it is among the view's
    deciders; the server says so from the legal actions it sends)."""
    you = w.you
    if view.phase == Phase.GAME_OVER:
        return w.say(view.winner, "{wins} the game!")
    if deciding is None:
        deciding = you is not None and you in view.deciders
    deciders, words = doing(view, notes=False)
    if deciding and you is not None:
        if view.phase == Phase.DISCARD:
            return f"Discard {count(view.discards[you], 'card')}."
        if view.phase == Phase.ROAD_BUILDING:
            return f"Place {count(view.free_roads, 'free road')}."
        if view.phase == Phase.TRADE_RESPONSE and view.current != you:
            return f"{w.subject(view.current)} offers you a trade."
        if view.phase == Phase.TRADE_RESPONSE:  # the offer's maker: the others answer
            return f"Your turn: wait for the answers to {w.offer(view.offer_id)} (or withdraw it)."
        head = "Your turn" if view.current == you or view.phase in _SETUP else "You"
        return f"{head}: {words}."
    who = w.seats(list(deciders or (view.current,)))
    return f"{who[:1].upper()}{who[1:]}: {words}…"


def caption(w: Words, e: Event) -> str | None:
    """The few words shown over the board with an event, or ``None`` for one shown without
    words: the roll (``Anna rolled``; a 7: ``Anna: the robber!``), and a roll that pays
    nobody (``nobody gets anything``; who a roll pays is shown by name and cards)."""
    if isinstance(e, ev.Rolled):
        if sum(e.dice) == 7:
            return f"{w.subject(e.player)}: the robber!"
        return f"{w.subject(e.player)} rolled"
    if isinstance(e, ev.Produced):
        return None if any(e.received) else "nobody gets anything"
    return None
