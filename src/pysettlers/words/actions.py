"""Legal actions as the labels a player clicks or reads in a list of choices.

What this is for: :func:`label` says what an action does in the imperative, with places in
words and the robber's victims with their card counts ("Move the robber to the 6 fields and
steal from Anna (5 cards)"), an answer with the offer it answers ("Accept offer #3"). The
browser gets these from the server beside each legal action's notation; the terminal shows
them in its list of actions. The notation itself stays what is typed and sent.

What this is not: no legality (the actions come from ``legal_actions``) and no secrets: a
victim's card count is public (a view's ``hand_sizes``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pysettlers.engine.actions import Action, resource_name
from pysettlers.engine.types import ActionKind as K
from pysettlers.engine.types import Phase

from .speaker import Words, bundle, count, dev_card, helper

if TYPE_CHECKING:
    from pysettlers.engine import View

Labeller = Callable[[Words, Action, "View | None"], str]
ACTION_WORDS: dict[K, Labeller] = {}
"""The label of each action kind: ``f(words, action, view)``."""


def _victim(w: Words, victim: int, view: View | None) -> str:
    """`` and steal from Anna (5 cards)``: whom the robber robs, and how many cards they
    hold (the view's public hand sizes)."""
    if victim < 0:
        return " (nobody to steal from)"
    cards = f" ({count(view.hand_sizes[victim], 'card')})" if view is not None else ""
    return f" and steal from {w.name(victim)}{cards}"


def label(w: Words, a: Action, view: View | None = None) -> str:
    """An action as a label (see the module docstring)."""
    f = ACTION_WORDS.get(a.kind)
    if f is None:
        return a.kind.name.lower().replace("_", " ").capitalize()
    return f(w, a, view)


def _fixed(kind: K, text: str) -> None:
    ACTION_WORDS[kind] = lambda w, a, view: text


for _kind, _text in (
    (K.ROLL, "Roll the dice"),
    (K.BUY_DEVELOPMENT, "Buy a development card"),
    (K.PLAY_KNIGHT, "Play a knight"),
    (K.PLAY_ROAD_BUILDING, "Play Road Building"),
    (K.HELPER_DECLINE, "Let the helper pass"),
    (K.HELPER_FLIP, "Turn the helper to its B side"),
    (K.USE_SEVEN, "Let the 7 count (discards and the robber)"),
    (K.IGNORE_SEVEN, "Ignore the 7"),
    (K.PLAY_VICTORY_POINT, "Play a victory point card"),
    (K.INTERRUPT_KNIGHT, "Interrupt with a knight"),
    (K.LET_ROBBER_BE, "Let the robber be"),
):
    _fixed(_kind, _text)


def _labels() -> None:
    A = ACTION_WORDS
    A[K.END_TURN] = lambda w, a, view: (
        "Pass" if view is not None and view.phase == Phase.SPECIAL_BUILD else "End the turn"
    )
    A[K.BUILD_ROAD] = lambda w, a, view: f"Build a road {w.places.path(a.a)}"
    A[K.BUILD_SETTLEMENT] = lambda w, a, view: f"Build a settlement at {w.places.intersection(a.a)}"
    A[K.BUILD_CITY] = lambda w, a, view: f"Build a city at {w.places.intersection(a.a)}"
    A[K.BUILD_BRIDGE] = lambda w, a, view: f"Build a bridge {w.places.path(a.a)}"
    A[K.BUILD_SHIP] = lambda w, a, view: f"Build a ship {w.places.path(a.a)}"
    A[K.MOVE_SHIP] = lambda w, a, view: (
        f"Move the ship {w.places.path(a.a)}: it will lie {w.places.path(a.b)}"
    )
    A[K.PLAY_YEAR_OF_PLENTY] = lambda w, a, view: (
        "Play Year of Plenty: take " + bundle([(a.a == r) + (a.b == r) for r in range(5)])
    )
    A[K.PLAY_MONOPOLY] = lambda w, a, view: f"Play Monopoly on {resource_name(a.a)}"
    A[K.MOVE_ROBBER] = lambda w, a, view: (
        f"Move the robber to {w.places.hex(a.a)}{_victim(w, a.b, view)}"
    )
    A[K.MOVE_PIRATE] = lambda w, a, view: (
        f"Move the robber to {w.places.harbor(a.a)}{_victim(w, a.b, view)}"
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
        f"Trade with {w.name(a.a)}" + (f" (offer #{a.offer})" if a.offer else "")
    )
    A[K.CANCEL_TRADE] = lambda w, a, view: f"Withdraw {w.offer(a.offer)}"
    # The Helpers of CATAN: each advantage and the decisions that follow it.
    A[K.HELPER_CANDAMIR] = lambda w, a, view: f"Candamir: a development card for {bundle(a.give)}"
    A[K.HELPER_HILDE] = lambda w, a, view: f"Hilde: look at {w.possessive(a.a)} hand"
    A[K.HELPER_TAKE] = lambda w, a, view: f"Take 1 {resource_name(a.a)}"
    A[K.HELPER_JEAN] = lambda w, a, view: f"Jean: trade {resource_name(a.a)} 2:1 this turn"
    A[K.HELPER_LIN] = lambda w, a, view: f"Lin: the robber to {w.places.hex(a.a)}"
    A[K.HELPER_LOUIS] = lambda w, a, view: (
        f"Louis: move the road {w.places.path(a.a)}: it will lie {w.places.path(a.b)}"
    )
    A[K.HELPER_MARIANNE] = lambda w, a, view: f"Marianne: take 1 {resource_name(a.a)}"
    A[K.HELPER_NASSIR] = lambda w, a, view: (
        f"Nassir: 1 {resource_name(a.a)} each from {w.seats(a.to)}"
    )
    A[K.HELPER_SEAN] = lambda w, a, view: (
        "Sean: keep the whole hand (no discard)"
        if a.a < 0
        else f"Sean: take 1 {resource_name(a.a)}"
    )
    A[K.HELPER_VINCENT] = lambda w, a, view: (
        f"Vincent: a {'city' if a.b == 2 else 'settlement'} at "
        f"{w.places.intersection(a.a)} for a played knight"
    )
    A[K.HELPER_WILLIAM] = lambda w, a, view: (
        f"William: a road {w.places.path(a.a)} for {bundle(a.give)}"
    )
    A[K.HELPER_EXCHANGE] = lambda w, a, view: f"Exchange the helper for {helper(a.a)}"
    A[K.HELPER_KEEP] = lambda w, a, view: f"Keep the {dev_card(a.a)} card"
    A[K.HELPER_REPAY] = lambda w, a, view: f"Give {w.name(a.a)} 1 {resource_name(a.b)} back"


_labels()
