"""A model's reply read into exactly one legal action (and an optional chat line), or refused.

What this is for: the ``llm`` bot's strict reading of what a model wrote. Two forms:

* **Structured** (the default): the request asks for JSON by :data:`RESPONSE_FORMAT`
  (``{"action": str, "say": str | null}``); the reply must be one such object (a Markdown
  code fence round it is tolerated: some servers add one).
* **Plain text** (``structured=false``, for servers without JSON schemas): after any
  ``<think>…</think>`` block (reasoning models) is dropped, the non-blank lines must be
  exactly one action line and at most one ``say: …`` line.

An action line is accepted when, after surrounding blanks, backticks and quotes, a leading
``- `` or ``action:`` and a copied `` — meaning`` are taken off, it is the notation of one
of the seat's legal actions (:func:`~pysettlers.engine.parse_action`). One more thing is
accepted, because the seat's text says so: a domestic offer or counter-offer not in the list
(which holds only the one-for-one ones), when the rules' terms hold as far as the seat's view
can tell (:func:`composed_error`). Anything else is refused with a reason the model is shown
on its retry: *malformed* (no action line, two of them, not JSON, not notation) or *illegal*
(notation, but not an action the seat may take now).

What this is not: a check of the game state (only the view is here; the game driver still
checks a composed offer before applying it), nor fuzzy matching: a reply that is almost
right is refused, so a model's error rate is measured, not hidden.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from pysettlers.engine import Action, ActionKind, NotationError, View, format_action, parse_action
from pysettlers.engine.trade import terms_error
from pysettlers.shorthand import written_out

RESPONSE_FORMAT: Final[dict[str, Any]] = {
    "type": "json_schema",
    "json_schema": {
        "name": "move",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {
                "action": {"type": "string", "description": "one legal action, in notation"},
                "say": {
                    "type": ["string", "null"],
                    "description": "a short chat line to the table, or null",
                },
            },
            "required": ["action", "say"],
            "additionalProperties": False,
        },
    },
}
"""The ``response_format`` of a structured request (OpenAI's JSON-schema form, which
Ollama, llama.cpp's server and vLLM accept too)."""

MALFORMED, ILLEGAL = "malformed", "illegal"

_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_FENCE = re.compile(r"\A```[a-zA-Z]*\n(.*)\n```\Z", re.S)
_MEANING = re.compile(r"\s+[—–]\s.*\Z")  # a copied " — meaning" (em or en dash)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a reply says: the action (``None`` when refused), the chat line, and why a
    refused reply was refused (``problem`` is :data:`MALFORMED` or :data:`ILLEGAL`)."""

    action: Action | None
    say: str | None = None
    problem: str | None = None
    reason: str = ""


def _refused(problem: str, reason: str, say: str | None = None) -> Reading:
    return Reading(None, say, problem, reason)


def _clean_line(line: str) -> str:
    text = line.strip().strip("`'\"").strip()
    if text.startswith("- "):
        text = text[2:].strip()
    if text.lower().startswith("action:"):
        text = text[7:].strip().strip("`'\"").strip()
    return _MEANING.sub("", text).strip()


def composed_error(view: View, action: Action, legal: Sequence[Action]) -> str | None:
    """Why a domestic offer or counter-offer not in ``legal`` is refused, as far as the
    seat's ``view`` can tell (``None``: it may be sent to the game, which checks it again).

    The engine's rules (``engine/trade.py``): an offer or a counter-offer of the kind the
    list shows now, by this seat; the terms (both sides give something, no resource on both
    sides); an offer addressed to other players only; a counter naming the open offer; and
    the cards given held."""
    kinds = {a.kind for a in legal if a.player == view.viewer}
    if action.kind not in (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE):
        return "it is not one of your legal actions (copy one line of the list)"
    if action.kind not in kinds or action.player != view.viewer:
        return "you may not make that kind of offer now (copy one line of the list)"
    problem = terms_error(action.give, action.get)
    if problem:
        return problem
    if action.kind == ActionKind.OFFER_TRADE:
        others = ((1 << view.n) - 1) & ~(1 << action.player)
        if not action.to or action.to & ~others:
            return "address the offer to one or more of the other players"
    elif action.offer != view.offer_id:
        return f"the open offer is #{view.offer_id}: name it"
    hand = view.hand or (0, 0, 0, 0, 0)
    if any(g > h for g, h in zip(action.give, hand)):
        return "you do not hold the cards you would give"
    return None


def _action(text: str, view: View, legal: Sequence[Action]) -> Reading:
    topo = view.board.topology
    if view.viewer is not None:
        # The shorthands a person may type (``shorthand.py``): the seat left out, an offer
        # without ``to`` made to the whole table — the same for a model.
        text = written_out(text, view.viewer, view.n)
    try:
        action = parse_action(text, topo)
    except NotationError as err:
        return _refused(MALFORMED, f"{text!r} is not an action in notation: {err}")
    if action in legal:
        return Reading(action)
    problem = composed_error(view, action, legal)
    if problem is None:
        return Reading(action)
    return _refused(ILLEGAL, f"{format_action(action, topo)!r} is refused: {problem}")


def read_plain(reply: str, view: View, legal: Sequence[Action]) -> Reading:
    """A plain-text reply (module docstring): exactly one action line, at most one
    ``say:`` line."""
    text = _THINK.sub("", reply)
    say: str | None = None
    actions: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.lower().startswith("say:"):
            if say is not None:
                return _refused(MALFORMED, "more than one 'say:' line")
            say = line[4:].strip() or None
            continue
        actions.append(_clean_line(line))
    if len(actions) != 1:
        what = "no action line" if not actions else f"{len(actions)} lines besides 'say:'"
        return _refused(MALFORMED, f"the reply has {what}; write exactly one action line", say)
    reading = _action(actions[0], view, legal)
    return Reading(reading.action, say, reading.problem, reading.reason)


def read_structured(reply: str, view: View, legal: Sequence[Action]) -> Reading:
    """A JSON reply ``{"action": …, "say": …}`` (module docstring)."""
    text = _THINK.sub("", reply).strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    try:
        obj = json.loads(text)
    except ValueError:
        return _refused(MALFORMED, 'the reply is not JSON: write {"action": "...", "say": null}')
    if not isinstance(obj, dict) or not isinstance(obj.get("action"), str):
        return _refused(MALFORMED, 'the reply must be an object with a string "action"')
    say = obj.get("say")
    say = say.strip() or None if isinstance(say, str) else None
    reading = _action(_clean_line(obj["action"]), view, legal)
    return Reading(reading.action, say, reading.problem, reading.reason)


__all__ = [
    "ILLEGAL",
    "MALFORMED",
    "RESPONSE_FORMAT",
    "Reading",
    "composed_error",
    "read_plain",
    "read_structured",
]
