"""Legal actions as the labels a player clicks or reads in a list of choices.

What this is for: :func:`label` says what an action does in the imperative, with places in
words and the robber's victims with their card counts ("Move the robber to the 6 fields and
steal from Anna (5 cards)"), an answer with the offer it answers ("Accept offer #3"). The
browser gets these from the server beside each legal action's notation; the terminal shows
them in its list of actions. The notation itself stays what is typed and sent.

The base game's labels are here; each scenario's are in its package's words face
(``engine/scenarios/<package>/faces/words.py``, ``ACTIONS``), gathered by
:func:`action_words`.

What this is not: no legality (the actions come from ``legal_actions``) and no secrets: a
victim's card count is public (a view's ``hand_sizes``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from pysettlers.engine.actions import Action, resource_name
from pysettlers.engine.types import ActionKind as K
from pysettlers.engine.types import Phase

from .scenarios import gathered
from .speaker import Words, bundle, count

if TYPE_CHECKING:
    from pysettlers.engine import View

Labeller = Callable[[Words, Action, "View | None"], str]
BASE_ACTION_WORDS: dict[K, Labeller] = {}
"""The label of each of the base game's action kinds: ``f(words, action, view)``; each
scenario's are in its words face (:func:`action_words`)."""


@cache
def action_words() -> dict[K, Labeller]:
    """The label of every action kind: the base game's, then each scenario's words face's
    ``ACTIONS`` (``words/scenarios.py``), gathered on first use."""
    return BASE_ACTION_WORDS | gathered("ACTIONS")


def victim(w: Words, seat: int, view: View | None) -> str:
    """`` and steal from Anna (5 cards)``: whom the robber robs, and how many cards they
    hold (the view's public hand sizes)."""
    if seat < 0:
        return " (nobody to steal from)"
    cards = f" ({count(view.hand_sizes[seat], 'card')})" if view is not None else ""
    return f" and steal from {w.name(seat)}{cards}"


def label(w: Words, a: Action, view: View | None = None) -> str:
    """An action as a label (see the module docstring)."""
    f = action_words().get(a.kind)
    if f is None:
        return a.kind.name.lower().replace("_", " ").capitalize()
    return f(w, a, view)


def _fixed(kind: K, text: str) -> None:
    BASE_ACTION_WORDS[kind] = lambda w, a, view: text


for _kind, _text in (
    (K.ROLL, "Roll the dice"),
    (K.BUY_DEVELOPMENT, "Buy a development card"),
    (K.PLAY_KNIGHT, "Play a knight"),
    (K.PLAY_ROAD_BUILDING, "Play Road Building"),
):
    _fixed(_kind, _text)


def _labels() -> None:
    A = BASE_ACTION_WORDS
    A[K.END_TURN] = lambda w, a, view: (
        "Pass" if view is not None and view.phase == Phase.SPECIAL_BUILD else "End the turn"
    )
    A[K.BUILD_ROAD] = lambda w, a, view: f"Build a road {w.places.path(a.path)}"
    A[K.BUILD_SETTLEMENT] = lambda w, a, view: (
        f"Build a settlement at {w.places.intersection(a.intersection)}"
    )
    A[K.BUILD_CITY] = lambda w, a, view: f"Build a city at {w.places.intersection(a.intersection)}"
    A[K.PLAY_YEAR_OF_PLENTY] = lambda w, a, view: (
        "Play Year of Plenty: take "
        + bundle([(a.resource == r) + (a.second_resource == r) for r in range(5)])
    )
    A[K.PLAY_MONOPOLY] = lambda w, a, view: f"Play Monopoly on {resource_name(a.resource)}"
    A[K.MOVE_ROBBER] = lambda w, a, view: (
        f"Move the robber to {w.places.hex(a.hex)}{victim(w, a.victim, view)}"
    )
    A[K.DISCARD] = lambda w, a, view: f"Discard {bundle(a.give)}"
    A[K.MARITIME_TRADE] = lambda w, a, view: (
        f"Trade {bundle(a.give)} with the bank for {bundle(a.get)}"
    )
    A[K.OFFER_TRADE] = lambda w, a, view: (
        f"Offer {bundle(a.give)} for {bundle(a.get)} to {w.seats(a.to)}"
    )
    A[K.ACCEPT_TRADE] = lambda w, a, view: f"Accept {w.offer(a.offer)}"
    A[K.REJECT_TRADE] = lambda w, a, view: f"Reject {w.offer(a.offer)}"
    A[K.COUNTER_TRADE] = lambda w, a, view: (
        f"Counter {w.offer(a.offer)}: give {bundle(a.give)} for {bundle(a.get)}"
    )
    A[K.CONFIRM_TRADE] = lambda w, a, view: (
        f"Trade with {w.name(a.partner)}" + (f" (offer #{a.offer})" if a.offer else "")
    )
    A[K.CANCEL_TRADE] = lambda w, a, view: f"Withdraw {w.offer(a.offer)}"


_labels()
