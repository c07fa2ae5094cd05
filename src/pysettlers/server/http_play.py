"""Play over plain HTTP: a seat's actions, state and chat, for clients without a WebSocket.

What this is for: language-model tools, scripts and ``curl``, which cannot hold a socket,
play a seat with four routes (docs/protocol.md, "HTTP play"):

* ``POST /api/games/{id}/actions`` — an action (``protocol.ActionBody``: the socket's
  ``action`` without its type), answered with the socket's ``accepted`` or ``error``;
* ``POST /api/games/{id}/chat`` — a chat line (``ChatBody``), answered with the ``chat``
  message every client of the game is sent;
* ``GET /api/games/{id}/state`` — the seat's current ``state`` message (a spectator's
  without a token) in a ``PollOut``; with ``since=V&wait=S`` a long-poll that answers when
  the state moves past ``V`` (or a chat line comes after ``chat_since``), or after at most
  ``S`` seconds, bounded by the server's ``long_poll_wait`` (``options.LIMIT_OPTIONS``);
* ``GET /api/games/{id}/events`` — the socket's messages (``welcome``, ``state``, ``chat``,
  ``seats``, ...) as Server-Sent Events, the stream a connection like a socket's.

The seat token travels in an ``Authorization: Bearer`` header, never in the URL: URLs are
written to access logs, proxy logs and browser history, and sent on in ``Referer``
headers; whoever reads one would hold the seat. Reading a body, acting and chatting are
``play.py``'s, shared with the socket: the same checks, the same refusals (the socket's
``error`` message, with an HTTP status: ``protocol.HTTP_PLAY_STATUS``), the same per-seat
idempotent ids. Each seat (or, without a token, each address) has the socket's message and
chat buckets, kept between requests (``clients.HttpClients``): a request over them is
refused ``rate_limited`` with 429 and ``Retry-After``. A long-poll that waits and an event
stream count as connections of their address and of the server (``limits.Connections``),
so that they cannot exhaust it. A seat heard from over HTTP is present: its
``absent_limit`` runs from its last request (``GameSession.heard_from``).

The event stream is Starlette's own ``StreamingResponse`` (no ``sse-starlette``): the
messages are already JSON text in a client's queue (``clients.Client``, as a socket's), so
an event is three lines; the stream needs no more than that and a keep-alive comment.

What this is not: the socket (``ws.py``), the lobby (``app.py``) or any game logic.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
import orjson
from fastapi import FastAPI, Header, Query, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import TypeAdapter
from sqlalchemy import func, select
from sqlalchemy.orm import Session as DbSession
from starlette.types import Receive, Scope, Send

from .clients import Client, HttpBuckets, HttpClients
from .errors import LobbyError
from .hub import Hub
from .lifecycle import PARKED
from .limits import client_key, spectator_refusal
from .models import ChatRow
from .play import act, chat, parse, play_error, refusal, seat_actions, since_for, welcome
from .protocol import (
    HTTP_PLAY_STATUS,
    AcceptedOut,
    ActionBody,
    ChatBody,
    ChatOut,
    ErrorMessageOut,
    PollOut,
    ValidationOut,
)
from .session import GameSession
from .store import Store, iso

KEEPALIVE = 15.0  # seconds between keep-alive comments of a quiet event stream
CHAT_LINES = 50  # chat lines in one state answer at most (the client asks again for more)

_actions: TypeAdapter[Any] = TypeAdapter(ActionBody)
_chats: TypeAdapter[Any] = TypeAdapter(ChatBody)


CONNECTIONS_RETRY = 5.0  # seconds a long-poll refused for the connections open waits first


class _Refused(Exception):
    """A refused request: the socket's ``error`` message (its status from its code)."""

    def __init__(self, reply: dict[str, Any], retry_after: float | None = None) -> None:
        super().__init__(reply["message"])
        self.reply = reply
        self.retry_after = retry_after


def _json(reply: dict[str, Any], retry_after: float | None = None) -> Response:
    status = HTTP_PLAY_STATUS[reply["code"]] if reply["type"] == "error" else 200
    headers = None
    if retry_after is not None:
        headers = {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return Response(orjson.dumps(reply), status, headers, media_type="application/json")


def _refusals(*codes: str) -> dict[int | str, dict[str, Any]]:
    """A route's refusals for OpenAPI: the socket's ``error`` message, by status."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        status = HTTP_PLAY_STATUS[code]
        model: Any = ErrorMessageOut | ValidationOut if status == 422 else ErrorMessageOut
        entry = out.setdefault(status, {"model": model, "description": "an error, code"})
        entry["description"] += f" {code}"
    return out


def _chat_after(store: Store, game_id: str, after: int | None) -> tuple[list[Any], int]:
    """The chat lines after line ``after`` (none when ``None``), oldest first, at most
    :data:`CHAT_LINES`; and the id of the newest line they account for."""

    def work(db: DbSession) -> tuple[list[Any], int]:
        newest = db.scalar(select(func.max(ChatRow.id)).where(ChatRow.game_id == game_id))
        if after is None:
            return [], int(newest or 0)
        q = (
            select(ChatRow)
            .where(ChatRow.game_id == game_id, ChatRow.id > after)
            .order_by(ChatRow.id)
            .limit(CHAT_LINES)
        )
        rows = list(db.scalars(q))
        lines = [{"seat": r.seat, "name": r.name, "text": r.text, "at": iso(r.at)} for r in rows]
        return lines, int(rows[-1].id if rows else (newest or 0))

    return store.read(work)


class _EventStream(StreamingResponse):
    """An event stream whose end — the client gone, the server ending it, the task
    cancelled — always lets its connection go (``done``, shielded from cancellation)."""

    def __init__(self, client: Client, done: Callable[[], Any]) -> None:
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        super().__init__(_events(client), media_type="text/event-stream", headers=headers)
        self.done = done

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            with anyio.CancelScope(shield=True):
                await self.done()


def _event(text: str) -> bytes:
    """One message as an event: its ``type`` the event's name; a state's version its id
    (what ``Last-Event-ID`` gives back on reconnecting)."""
    message = orjson.loads(text)
    head = f"event: {message.get('type')}\n"
    if message.get("type") == "state":
        head += f"id: {message['version']}\n"
    return (head + "data: " + text + "\n\n").encode()


async def _events(client: Client) -> AsyncIterator[bytes]:
    yield b": pysettlers event stream\n\n"  # (the headers go out at once)
    while True:
        try:
            async with asyncio.timeout(KEEPALIVE):
                text = await client.queue.get()
        except TimeoutError:
            yield b": keep-alive\n\n"  # (a proxy does not close a quiet stream)
            continue
        if text is None:  # the server ends the stream: say why, as a socket's close does
            reason = client.close_reason or "bye"
            closing = {"type": "close", "code": int(client.close_code), "reason": reason}
            yield _event(orjson.dumps(closing).decode())
            return
        yield _event(text)


def add_routes(app: FastAPI, hub: Callable[[], Hub]) -> None:
    """The HTTP play routes (``hub()``: the running Hub)."""
    clients = HttpClients()

    def address(request: Request) -> str:
        return client_key(request.client.host if request.client is not None else None)

    async def find(game_id: str) -> GameSession:
        try:
            session = await hub().get(game_id) if len(game_id) <= 32 else None
        except LobbyError as e:
            raise _Refused(play_error(e.code, e.message)) from None
        if session is None:
            raise _Refused(play_error("no_game", f"there is no game {game_id[:40]!r}"))
        return session

    def caller(
        session: GameSession, request: Request, authorization: str | None, needed: bool
    ) -> tuple[int | None, HttpBuckets]:
        """The seat of the request's token (``None``: a spectator) and its buckets, a
        message taken from them. A bad token is refused after its address's bucket is
        charged, so that guessing tokens is rate-limited too."""
        seat = None
        if authorization is not None:
            scheme, _, token = authorization.partition(" ")
            if scheme == "Bearer":
                seat = hub().seat_for_token(session, token.strip())
        key = f"{session.info.id}/{seat}" if seat is not None else f"addr:{address(request)}"
        buckets = clients.get(key)
        if not buckets.messages.take():
            too_many = play_error("rate_limited", "too many requests: slow down")
            raise _Refused(too_many, buckets.messages.wait())
        if seat is None and (authorization is not None or needed):
            what = "this token holds no seat in this game"
            if authorization is None:
                what = "this needs the seat's token: Authorization: Bearer TOKEN"
            raise _Refused(play_error("bad_token", what))
        return seat, buckets

    async def present(session: GameSession, seat: int | None) -> None:
        """A seat's request: a parked game wakes, and the seat is here (``heard_from``)."""
        if seat is None:
            return
        async with session.lock:
            woke = session.status == PARKED
            if woke:
                await session.unpark()
            session.heard_from(seat)
        if woke:
            session.kick()

    async def long_poll(
        session: GameSession,
        seat: int | None,
        since: int,
        chat_since: int | None,
        seconds: float,
        request: Request,
    ) -> str:
        """Until the state moves past ``since`` (or changes: the game starts or ends), or a
        chat line comes after ``chat_since``, at most ``seconds``: what ended the wait."""
        woke: set[str] = set()
        event = asyncio.Event()
        status = session.status

        def waiter(kind: str) -> None:
            moved = session.version > since or session.status != status
            if (kind == "state" and moved) or (kind == "chat" and chat_since is not None):
                woke.add(kind)
                event.set()

        h = hub()
        session.waiters.add(waiter)  # (first: nothing said while we look is missed)
        try:
            if session.version > since:
                return "state"
            if chat_since is not None:
                loop = asyncio.get_running_loop()
                _, newest = await loop.run_in_executor(
                    None, _chat_after, h.store, session.info.id, None
                )
                if newest > chat_since:
                    return "chat"
            if seconds <= 0 or woke:
                return "state" if "state" in woke else "chat" if woke else "timeout"
            where = address(request)
            refused = h.connections.admit(where, h.limits)
            if refused is not None:  # (a 429, or a 503, carries Retry-After: the docs say so)
                raise _Refused(play_error(refused.code, refused.message), CONNECTIONS_RETRY)
            try:
                deadline = time.monotonic() + seconds
                # A seat waiting is present: told so at least twice per absent_limit.
                step = max(0.5, float(session.option("absent_limit")) / 2)
                while not woke:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return "timeout"
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(min(left, step)):
                            await event.wait()
                    if seat is not None and not woke:
                        await present(session, seat)
            finally:
                h.connections.release(where)
            return "state" if "state" in woke else "chat"
        finally:
            session.waiters.discard(waiter)

    @app.post(
        "/api/games/{game_id}/actions",
        response_model=AcceptedOut,
        responses=_refusals(*HTTP_PLAY_STATUS),
    )
    async def post_action(
        game_id: str, request: Request, authorization: str | None = Header(None, max_length=200)
    ) -> Response:
        """An action of the token's seat (``Authorization: Bearer TOKEN``): the socket's
        ``action`` without its type, checked the same way; answered with the socket's
        ``accepted`` (a retried ``id``: ``duplicate: true``) or ``error`` (409 ``stale``,
        422 ``illegal`` / ``malformed``, 403 ``bad_token`` ...)."""
        session = None
        message_id = None
        try:
            session = await find(game_id)
            seat, buckets = caller(session, request, authorization, needed=True)
            await present(session, seat)
            msg, message_id = parse(await request.body(), _actions, whole="body")
            if isinstance(msg, dict):
                raise _Refused(msg)
            reply = await act(session, seat, msg, buckets.messages, limits=hub().limits)
        except _Refused as e:
            version = session.version if session is not None else None
            return _json(refusal(e.reply, message_id, version), e.retry_after)
        if reply["type"] == "error":
            reply = refusal(reply, message_id, session.version)
            if reply["code"] == "rate_limited" and seat is not None:
                wait = seat_actions(session, seat, hub().limits).wait()
                return _json(reply, wait)
        return _json(reply)

    @app.post(
        "/api/games/{game_id}/chat",
        response_model=ChatOut,
        responses=_refusals(
            "malformed", "too_large", "bad_token", "no_game", "rate_limited", "broken_game"
        ),
    )
    async def post_chat(
        game_id: str, request: Request, authorization: str | None = Header(None, max_length=200)
    ) -> Response:
        """A chat line of the token's seat: the socket's ``chat`` without its type, with
        the socket's chat bucket (5 at once, then one every 2 s); answered with the ``chat``
        message every client of the game is sent."""
        session = None
        message_id = None
        try:
            session = await find(game_id)
            seat, buckets = caller(session, request, authorization, needed=True)
            await present(session, seat)
            msg, message_id = parse(await request.body(), _chats, whole="body")
            if isinstance(msg, dict):
                raise _Refused(msg)
            assert seat is not None  # (needed: a spectator was refused bad_token)
            name = session.seats[seat].info.name or f"p{seat}"
            reply = await chat(hub().store, session, seat, name, buckets.chat, msg.text, "text")
            if reply["type"] == "error":
                raise _Refused(reply, buckets.chat.wait() or None)
        except _Refused as e:
            version = session.version if session is not None else None
            return _json(refusal(e.reply, message_id, version), e.retry_after)
        return _json(reply)

    @app.get(
        "/api/games/{game_id}/state",
        response_model=PollOut,
        responses=_refusals(
            "bad_token", "no_game", "rate_limited", "too_many_connections", "broken_game"
        ),
    )
    async def get_state(
        game_id: str,
        request: Request,
        since: int | None = Query(
            None, ge=-1, description="the last version seen: its events since, and wait past it"
        ),
        wait: float = Query(0, ge=0, le=3600, description="seconds to wait at most (long-poll)"),
        chat_since: int | None = Query(
            None, ge=0, description="the last chat line id seen (0: from the start)"
        ),
        authorization: str | None = Header(None, max_length=200),
    ) -> Response:
        """The seat's ``state`` message (a spectator's without a token), with the chat
        lines after ``chat_since``. With ``since``: wait until the version passes it, or a
        chat line comes (with ``chat_since``), at most ``wait`` seconds (bounded by the
        server's ``--long-poll-wait``); ``woke`` says which."""
        session = None
        try:
            session = await find(game_id)
            seat, buckets = caller(session, request, authorization, needed=False)
            await present(session, seat)
            woke = None
            if since is not None:
                seconds = min(wait, hub().limits.long_poll_wait)
                woke = await long_poll(session, seat, since, chat_since, seconds, request)
                if session.version > since:
                    # News: paced by the game, as an accepted action is (its token back);
                    # asking again and again for the same version is what the bucket bounds.
                    buckets.messages.give_back()
        except _Refused as e:
            version = session.version if session is not None else None
            return _json(refusal(e.reply, None, version), e.retry_after)
        loop = asyncio.get_running_loop()
        lines, chat_id = await loop.run_in_executor(
            None, _chat_after, hub().store, session.info.id, chat_since
        )
        async with session.lock:  # (never a state the log does not have yet: _commit)
            state = session.state_message(seat, since_for(since, session.version))
        head = {"woke": woke, "chat": lines, "chat_id": chat_id}
        body = orjson.dumps(head)[:-1] + b',"state":' + state.encode() + b"}"
        return Response(body, media_type="application/json")

    @app.get(
        "/api/games/{game_id}/events",
        responses=_refusals(
            "bad_token",
            "no_game",
            "rate_limited",
            "too_many_connections",
            "full",
            "server_full",
            "broken_game",
        ),
    )
    async def get_events(
        game_id: str,
        request: Request,
        since: int | None = Query(None, ge=-1, description="the last version seen"),
        authorization: str | None = Header(None, max_length=200),
        last_event_id: str | None = Header(None, max_length=24),
    ) -> Response:
        """The socket's messages as Server-Sent Events (``text/event-stream``): ``welcome``,
        then ``state``, ``chat``, ``seats`` ... each an event named by its ``type``, a
        state's version its event id. A seat's stream is its connection, as a socket is
        (a newer one replaces it); ``since``, or ``Last-Event-ID`` on reconnecting, gives
        the events since that version."""
        session = None
        try:
            session = await find(game_id)
            seat, _ = caller(session, request, authorization, needed=False)
            if since is None and last_event_id is not None and last_event_id.isdigit():
                since = int(last_event_id)
            h = hub()
            where = address(request)
            refused = h.connections.admit(where, h.limits)
            if refused is not None:
                raise _Refused(play_error(refused.code, refused.message), CONNECTIONS_RETRY)
        except _Refused as e:
            version = session.version if session is not None else None
            return _json(refusal(e.reply, None, version), e.retry_after)
        try:
            if seat is None:
                full = spectator_refusal(len(session.spectators), len(session.clients()), h.limits)
                if full is not None:
                    h.connections.release(where)
                    reply = play_error(full.code, full.message)
                    return _json(refusal(reply, None, session.version))
                name = "spectator"
            else:
                name = session.seats[seat].info.name or f"p{seat}"
            client = Client(seat, name)
            client.send(await welcome(h.store, session, seat))
            async with session.lock:
                woke = seat is not None and session.status == PARKED
                if woke:
                    await session.unpark()
                session.attach(client, since_for(since, session.version))
            if woke:
                session.kick()
        except BaseException:
            h.connections.release(where)
            raise

        async def done() -> None:
            async with session.lock:
                session.detach(client)
            client.close("bye")
            h.connections.release(where)

        return _EventStream(client, done)
