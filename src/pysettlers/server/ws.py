"""The WebSocket endpoint: one connection per client of one game (a seat or a spectator).

What this is for: the conversation of ``docs/protocol.md`` — ``hello`` (a seat token, or
none to watch), then ``action``, ``chat`` and ``ping`` messages in, and ``welcome``,
``state``, ``accepted``, ``error``, ``seats``, ``chat`` and ``pong`` messages out. Every
message a client sends is validated against the protocol models; anything malformed,
oversized, too frequent, out of turn or for another seat gets an ``error`` naming what is
wrong (and the message's ``id``), and nothing changes; each refusal is a strike, and a
client with too many is disconnected. Outgoing messages go through the client's queue and a
sender task, so a slow reader never blocks the game. Reading a message, acting and chatting
are ``play.py``'s, shared with the HTTP play routes (``http_play.py``).

What this is not: game logic (``session.py``) or the lobby (``hub.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from pydantic import TypeAdapter
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .clients import Client
from .hub import Hub, LobbyError
from .lifecycle import PARKED
from .limits import client_key, spectator_refusal
from .play import MAX_CATCH_UP as MAX_CATCH_UP  # (the socket's hello.since bound too)
from .play import MAX_MESSAGE, act, chat, parse, since_for, welcome
from .play import play_error as _error
from .play import refusal as _refusal
from .protocol import (
    PROTOCOL,
    ActionIn,
    ChatIn,
    ClientMessage,
    Close,
    Hello,
    PingIn,
    PrefsIn,
)

log = logging.getLogger("pysettlers.server")

MAX_FRAME = 4 * MAX_MESSAGE
"""The ASGI server's ``ws_max_size``: a message up to this size is read and, over
``MAX_MESSAGE``, answered ``too_large`` (the connection stays); a larger one makes the ASGI
server close the connection with 1009 before the application sees it."""
HELLO_TIMEOUT = 10.0

_messages: TypeAdapter[Any] = TypeAdapter(ClientMessage)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code, reason[:120])


def _parse(text: str) -> tuple[Any, str | int | None]:
    """A client message as a protocol model, or an ``error`` message dict; and its ``id``
    (``play.parse``: the same reading as an HTTP play body's)."""
    return parse(text, _messages)


async def game_socket(ws: WebSocket, hub: Hub, game_id: str) -> None:
    await ws.accept()
    # The address the ASGI server gives: the TCP peer, or what a trusted proxy forwarded
    # (``limits.py``); its own limit is checked before the server's (``Connections.admit``).
    address = client_key(ws.client.host if ws.client is not None else None)
    refused = hub.connections.admit(address, hub.limits)
    if refused is not None:
        await ws.send_json(_error(refused.code, refused.message))
        await _close(ws, refused.close_code, refused.reason)
        return
    try:
        await _serve(ws, hub, game_id)
    finally:
        hub.connections.release(address)


async def _serve(ws: WebSocket, hub: Hub, game_id: str) -> None:
    try:
        session = await hub.get(game_id) if len(game_id) <= 32 else None
    except LobbyError as e:
        await ws.send_json(_error(e.code, e.message))
        await _close(ws, Close.BROKEN_GAME, "game unavailable")
        return
    if session is None:
        await ws.send_json(_error("no_game", f"there is no game {game_id[:40]!r}"))
        await _close(ws, Close.NO_GAME, "no such game")
        return
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect, RuntimeError, KeyError):
        await _close(ws, Close.NO_HELLO, "no hello")
        return
    hello, hello_id = _parse(text)
    if not isinstance(hello, Hello):
        msg = hello if isinstance(hello, dict) else _error("malformed", "say hello first")
        await ws.send_json(_refusal(msg, hello_id, session.version))
        await _close(ws, Close.BAD_HELLO, "expected hello")
        return
    if hello.protocol != PROTOCOL:
        refusal = _error("protocol", f"this server speaks protocol {PROTOCOL}")
        await ws.send_json(_refusal(refusal, hello_id, session.version))
        await _close(ws, Close.BAD_HELLO, "protocol version")
        return
    seat: int | None = None
    if hello.token is not None:
        seat = hub.seat_for_token(session, hello.token)
        if seat is None:
            refusal = _error("bad_token", "this token holds no seat in this game")
            await ws.send_json(_refusal(refusal, hello_id, session.version))
            await _close(ws, Close.BAD_TOKEN, "bad token")
            return
        name = session.seats[seat].info.name or f"p{seat}"
    else:
        refused = spectator_refusal(len(session.spectators), len(session.clients()), hub.limits)
        if refused is not None:
            await ws.send_json(_error(refused.code, refused.message))
            await _close(ws, refused.close_code, refused.reason)
            return
        name = "spectator"
    client = Client(seat, name)
    loop = asyncio.get_running_loop()
    client.send(await welcome(hub.store, session, seat))
    async with session.lock:
        woke = seat is not None and session.status == PARKED
        if woke:
            await session.unpark()  # a person is back at a parked game (lifecycle.py)
        session.attach(client, since_for(hello.since, session.version))
    if woke:
        session.kick()
    sender = loop.create_task(_send_loop(ws, client))
    try:
        while not client.closed:
            try:
                message = await ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                break
            if message["type"] == "websocket.disconnect":
                break
            frame: str | None = message.get("text")
            parsed: Any = _error("malformed", "send text frames (JSON), not binary")
            message_id = None
            if frame is not None:
                parsed, message_id = _parse(frame)
            reply: dict[str, Any] | None
            if not client.messages.take():
                # The refused message's id goes back with the refusal, so that a client
                # knows which message to send again once the bucket has refilled.
                reply = _error("rate_limited", "too many messages: slow down")
            else:
                reply = await _handle(hub, session, client, parsed)
            if reply is None:
                continue
            # Every refusal, stale actions included, is a strike (forgiven slowly: see
            # ``Client.strikes``); too many close the connection.
            client.send(_refusal(reply, message_id, session.version))
            if reply["code"] == "stale" and client.since != session.version:
                async with session.lock:  # (a client that has the current state has it)
                    session.send_state(client, client.since)
            if not client.strikes.take():
                client.close("too many refused messages", Close.TOO_MANY_REFUSED)
    finally:
        async with session.lock:
            session.detach(client)
        client.close("bye")
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, 2)


async def _handle(hub: Hub, session: Any, client: Client, msg: Any) -> dict[str, Any] | None:
    """One parsed message; returns an ``error`` to send, or ``None``."""
    if isinstance(msg, dict):
        return msg
    if isinstance(msg, PingIn):
        client.send({"type": "pong", "version": session.version})
        return None
    if isinstance(msg, Hello):
        return _error("malformed", "hello is sent once, first")
    if isinstance(msg, PrefsIn):
        if client.seat is None:
            return _error("spectator", "spectators have no seat to set preferences for")
        async with session.lock:
            session.set_prefs(client.seat, msg.bot_offers)
            session.send_state(client, client.since)
        return None
    if isinstance(msg, ChatIn):
        said = await chat(hub.store, session, client.seat, client.name, client.chat, msg.text)
        return said if said["type"] == "error" else None
    assert isinstance(msg, ActionIn)
    answer = await act(session, client.seat, msg, client.messages, client, hub.limits)
    if answer["type"] != "accepted":
        return answer
    if answer["duplicate"]:  # a retry: the first answer was lost
        client.send(answer)
    return None


async def _send_loop(ws: WebSocket, client: Client) -> None:
    try:
        while True:
            text = await client.queue.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:  # the socket went away; the receive loop notices too
        pass
    finally:
        client.closed = True
        if ws.client_state == WebSocketState.CONNECTED:
            await _close(ws, client.close_code, client.close_reason or "bye")
