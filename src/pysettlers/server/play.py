"""What a seat's client does, whatever carries it: read a message, act, chat.

What this is for: the WebSocket (``ws.py``) and plain HTTP (``http_play.py``) take the same
messages through the same checks and answer with the same refusals: a message is read from
its JSON text against a protocol model (too large, not JSON, a bad field: ``malformed``
naming the field, with the message's ``id`` read leniently so that the refusal names it);
an action goes to :meth:`GameSession.submit` (stale, illegal, another seat's, a retried
``id``) and is answered ``accepted`` or with the session's ``error``; a chat line is checked
against the sender's chat bucket, stored, and sent to every client of the game. Each
answer is the socket's message as a dict (``protocol.AcceptedOut``, ``ErrorMessageOut``,
``ChatOut``); the transport only delivers it.

What this is not: a transport (no socket, no HTTP status), the session's rules of who may
act (``session.py``) or the per-connection buckets themselves (``clients.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import orjson
from pydantic import TypeAdapter, ValidationError

from .clients import Client, TokenBucket
from .drawing import hints
from .limits import Limits
from .protocol import PROTOCOL, ActionBody
from .session import GameSession, accepted_message
from .store import Store
from .wordsjson import refusal_words, seat_names

MAX_MESSAGE = 4096  # bytes: a longer message (or HTTP play body) is refused (``too_large``)
MAX_CATCH_UP = 200
"""The most versions of events a ``since`` gets (``hello.since``, or an HTTP state's): a
client further behind gets the current view with the last ``MAX_CATCH_UP`` versions' events
(``view.events_since`` says from where), not a long game's whole history."""

_NOT_JSON = object()


def play_error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An ``error`` message with every field (``protocol.ErrorMessageOut``); :func:`refusal`
    fills in the refused message's id and the game's version where there are some."""
    base = {"type": "error", "code": code, "message": message, "rule": None, "id": None}
    return base | {"version": None} | extra


def refusal(reply: dict[str, Any], message_id: Any, version: int | None) -> dict[str, Any]:
    """Every ``error`` has the same fields: the refused message's ``id`` (as sent, even
    when the message was malformed), the rule (if any) and the game's current version."""
    reply.setdefault("rule", None)
    if reply.get("id") is None:
        reply["id"] = message_id
    if reply.get("version") is None:
        reply["version"] = version
    return reply


def lenient_id(data: Any) -> str | int | None:
    """The ``id`` of a message that may not validate: a string, or an integer that can be
    written back (a refusal names it as it came)."""
    if not isinstance(data, dict):
        return None
    value = data.get("id")
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63:
        return value
    return None


def since_for(since: int | None, version: int) -> int | None:
    """The events a client that saw ``since`` gets: at most the last :data:`MAX_CATCH_UP`
    versions', never from a version the game has not reached."""
    if since is None:
        return None
    return max(min(since, version), version - MAX_CATCH_UP)


def parse(
    text: str | bytes, model: TypeAdapter[Any], whole: str = "message"
) -> tuple[Any, str | int | None]:
    """A client message (``text``: one JSON object) as ``model`` validates it, or an
    ``error`` message dict; and the message's ``id`` read leniently from the raw JSON (a
    malformed message's refusal names it too). ``whole``: the ``field`` a refusal of the
    whole message names (the socket's ``message``, HTTP's ``body``)."""
    data: Any = _NOT_JSON
    with contextlib.suppress(ValueError):  # (orjson.JSONDecodeError is one)
        data = orjson.loads(text)
    message_id = lenient_id(data)
    size = len(text) if isinstance(text, bytes) else len(text.encode())
    if size > MAX_MESSAGE:  # (read whole, up to the transport's own bound: its id too)
        return play_error("too_large", f"messages are at most {MAX_MESSAGE} bytes"), message_id
    if data is _NOT_JSON:
        # Not JSON text (orjson): a lone surrogate escape ("\udfff") is refused, as the
        # databases cannot store it. The refusal still names the message's id if the
        # lenient parser can read one (bounded: at most MAX_MESSAGE bytes get here).
        with contextlib.suppress(Exception):
            found = lenient_id(json.loads(text))
            if isinstance(found, str):
                found.encode()  # (raises for a lone surrogate: it could not be sent back)
            message_id = found
        return play_error("malformed", f"a {whole} is one JSON object"), message_id
    try:
        return model.validate_python(data), message_id
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or whole
        return play_error("malformed", f"{where}: {first['msg']}", field=where), message_id


async def welcome(store: Store, session: GameSession, seat: int | None) -> dict[str, Any]:
    """The ``welcome`` message of a new connection (a socket, or an HTTP event stream) of
    ``seat`` (``None``: a spectator): the seats, the last 50 chat lines and the drawing
    hints (once per connection: they are the rules', the same for every state)."""
    loop = asyncio.get_running_loop()
    chat = await loop.run_in_executor(None, store.recent_chat, session.info.id, 50)
    return {
        "type": "welcome",
        "protocol": PROTOCOL,
        "game": session.info.id,
        "seat": seat,
        "seats": session.seats_json(),
        "chat": chat,
        "drawing": hints(session.game.state.rules),
    }


async def act(
    session: GameSession,
    seat: int | None,
    msg: ActionBody,
    messages: TokenBucket,
    client: Client | None = None,
    limits: Limits | None = None,
) -> dict[str, Any]:
    """One action of ``seat`` (``None``: a spectator, refused): the ``accepted`` message, or
    the ``error``. ``client``, a connection, has already been sent a fresh ``accepted``
    (before the new state: the session keeps that order); an accepted action gives its
    token back to ``messages``, so that a fast client is paced by the game, not the bucket.
    Accepted actions are bounded too, by the seat (``limits``: ``action_burst`` at once,
    then ``actions_per_second``; :func:`seat_actions`): each is a commit and a message to
    every client, and a seat looping offer and cancel would otherwise flood its table and
    run the game into its action limit. Past it, ``rate_limited`` and nothing changes."""
    if seat is None:
        return play_error("spectator", "spectators cannot act", id=msg.id)
    actions = seat_actions(session, seat, limits) if limits is not None else None
    if actions is not None and actions.wait() > 0:
        assert limits is not None
        return play_error(
            "rate_limited",
            f"too many actions: a seat may make {limits.action_burst} at once, then "
            f"{limits.actions_per_second:g} a second",
            id=msg.id,
        )
    result = await session.submit(seat, msg.action, msg.version, msg.id, msg.outcome, client=client)
    if result.ok:
        if not result.duplicate:
            messages.give_back()
            if actions is not None:
                actions.take()
        return accepted_message(msg.id, result.version, result.duplicate)
    refused = result.error_message(msg.id)
    # Said to a person: the seats named as the table names them, not p0..p5 (wordsjson).
    refused["message"] = refusal_words(refused["message"], seat_names(session.seats_json()), seat)
    return refused


def seat_actions(session: GameSession, seat: int, limits: Limits) -> TokenBucket:
    """The bucket of ``seat``'s accepted actions: the seat's, not a connection's, so that
    reconnecting (or acting over HTTP and the socket at once) does not refill it."""
    st = session.seats[seat]
    if st.actions is None:
        st.actions = TokenBucket(limits.actions_per_second, limits.action_burst)
    return st.actions


async def chat(
    store: Store,
    session: GameSession,
    seat: int | None,
    name: str,
    bucket: TokenBucket,
    text: str,
    field: str = "chat.text",
) -> dict[str, Any]:
    """A chat line from ``seat`` (``None``: a spectator, refused), taken from its chat
    ``bucket``: stored, then sent to every client of the game; the ``chat`` message sent,
    or the ``error`` (``field``: where the text was, in the refusal of a blank one)."""
    if seat is None:
        return play_error("spectator", "spectators watch; only seats chat")
    if not bucket.take():
        return play_error("rate_limited", "chat: at most 5 messages at once, then 1 every 2 s")
    # Cleaned as every chat line, stored with the game's version (the record's place of
    # the line), sent to everyone and heard by the bots: the session's (GameSession.say).
    message = await session.say(seat, text, name)
    if message is None:
        return play_error("malformed", f"{field}: only spaces", field=field)
    return message
