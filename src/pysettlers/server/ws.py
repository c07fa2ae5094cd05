"""The WebSocket endpoint: one connection per client of one game (a seat or a spectator).

What this is for: the conversation of ``docs/protocol.md`` — ``hello`` (a seat token, or
none to watch), then ``action``, ``chat`` and ``ping`` messages in, and ``welcome``,
``state``, ``accepted``, ``error``, ``seats``, ``chat`` and ``pong`` messages out. Every
message a client sends is validated against the protocol models; anything malformed,
oversized, too frequent, out of turn or for another seat gets an ``error`` naming what is
wrong, and nothing changes. Outgoing messages go through the client's queue and a sender
task, so a slow reader never blocks the game.

What this is not: game logic (``session.py``) or the lobby (``hub.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import orjson
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .clients import Client
from .hub import Hub, LobbyError
from .protocol import PROTOCOL, ActionIn, ChatIn, ClientMessage, Hello, PingIn, PrefsIn
from .session import accepted_message
from .store import Store, iso, now

log = logging.getLogger("pysettlers.server")

MAX_MESSAGE = 4096  # bytes; the server (uvicorn) closes on larger frames too
HELLO_TIMEOUT = 10.0
MAX_CONNECTIONS = 2000  # per process
MAX_SPECTATORS = 100  # per game
MAX_STRIKES = 50  # refused messages before a client is disconnected

_messages: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def _field_error(e: ValidationError) -> tuple[str, str]:
    first = e.errors()[0]
    where = ".".join(str(x) for x in first["loc"]) or "message"
    return where, f"{where}: {first['msg']}"


def _error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message} | extra


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code, reason[:120])


def _parse(text: str) -> Any:
    """A client message as a protocol model, or an ``error`` message dict."""
    if len(text.encode()) > MAX_MESSAGE:
        return _error("too_large", f"messages are at most {MAX_MESSAGE} bytes")
    try:
        data = orjson.loads(text)
    except ValueError:  # (orjson.JSONDecodeError is one)
        return _error("malformed", "a message is one JSON object")
    try:
        return _messages.validate_python(data)
    except ValidationError as e:
        where, message = _field_error(e)
        return _error("malformed", message, field=where)


async def game_socket(ws: WebSocket, hub: Hub, game_id: str) -> None:
    await ws.accept()
    if hub.connections >= MAX_CONNECTIONS:
        await ws.send_json(_error("server_full", "too many connections: try again later"))
        await _close(ws, 1013, "server full")
        return
    hub.connections += 1
    try:
        await _serve(ws, hub, game_id)
    finally:
        hub.connections -= 1


async def _serve(ws: WebSocket, hub: Hub, game_id: str) -> None:
    try:
        session = await hub.get(game_id) if len(game_id) <= 32 else None
    except LobbyError as e:
        await ws.send_json(_error(e.code, e.message))
        await _close(ws, 1011, "game unavailable")
        return
    if session is None:
        await ws.send_json(_error("no_game", f"there is no game {game_id[:40]!r}"))
        await _close(ws, 4404, "no such game")
        return
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect, RuntimeError, KeyError):
        await _close(ws, 4408, "no hello")
        return
    hello = _parse(text)
    if not isinstance(hello, Hello):
        msg = hello if isinstance(hello, dict) else _error("malformed", "say hello first")
        await ws.send_json(msg)
        await _close(ws, 4400, "expected hello")
        return
    if hello.protocol != PROTOCOL:
        await ws.send_json(_error("protocol", f"this server speaks protocol {PROTOCOL}"))
        await _close(ws, 4400, "protocol version")
        return
    seat: int | None = None
    if hello.token is not None:
        seat = hub.seat_for_token(session, hello.token)
        if seat is None:
            await ws.send_json(_error("bad_token", "this token holds no seat in this game"))
            await _close(ws, 4401, "bad token")
            return
        name = session.seats[seat].info.name or f"p{seat}"
    else:
        if len(session.spectators) >= MAX_SPECTATORS:
            await ws.send_json(_error("full", "this game has all the spectators it can take"))
            await _close(ws, 4429, "too many spectators")
            return
        name = "spectator"
    client = Client(seat, name)
    loop = asyncio.get_running_loop()
    chat = await loop.run_in_executor(None, hub.store.recent_chat, session.info.id, 50)
    client.send(
        {
            "type": "welcome",
            "protocol": PROTOCOL,
            "game": session.info.id,
            "seat": seat,
            "seats": session.seats_json(),
            "chat": chat,
        }
    )
    async with session.lock:
        since = None if hello.since is None else min(hello.since, session.version)
        session.attach(client, since)
    sender = loop.create_task(_send_loop(ws, client))
    strikes = 0
    try:
        while not client.closed:
            try:
                message = await ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                break
            if message["type"] == "websocket.disconnect":
                break
            frame: str | None = message.get("text")
            if frame is None:
                reply: Any = _error("malformed", "send text frames (JSON), not binary")
            elif not client.messages.take():
                # The refused action's id goes back with the refusal, so that a client
                # knows which message to send again once the bucket has refilled.
                refused = _parse(frame)
                reply = _error(
                    "rate_limited",
                    "too many messages: slow down",
                    id=refused.id if isinstance(refused, ActionIn) else None,
                )
            else:
                reply = await _handle(hub, session, client, _parse(frame))
            if reply is not None:
                client.send(reply)
                strikes += 1
                if strikes > MAX_STRIKES:
                    client.close("too many refused messages")
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
        if client.seat is None:
            return _error("spectator", "spectators watch; only seats chat")
        if not client.chat.take():
            return _error("rate_limited", "chat: at most 5 messages at once, then 1 every 2 s")
        text = msg.text.strip()
        if not text:
            return _error("malformed", "text: empty", field="text")
        at = now()
        await hub.store.write(
            Store.insert_chat(session.info.id, client.seat, client.name, text, at)
        )
        session.broadcast(
            {"type": "chat", "seat": client.seat, "name": client.name, "text": text, "at": iso(at)}
        )
        return None
    assert isinstance(msg, ActionIn)
    if client.seat is None:
        return _error("spectator", "spectators cannot act", id=msg.id)
    result = await session.submit(
        client.seat, msg.action, msg.version, msg.id, msg.outcome, client=client
    )
    if result.ok:
        if result.duplicate:  # a retry: the first answer was lost
            client.send(accepted_message(msg.id, result.version, True))
        else:
            client.messages.give_back()
        return None
    client.send(result.error_message(msg.id))
    if result.code == "stale":
        async with session.lock:
            session.send_state(client, client.since)
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
            reason = client.close_reason or "bye"
            await _close(ws, 1000 if reason == "bye" else 4000, reason)
