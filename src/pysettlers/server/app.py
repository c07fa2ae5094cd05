"""The FastAPI application: the lobby over HTTP, play over WebSockets, a landing page.

What this is for: :func:`create_app` wires the database (``store``), the games (``hub``)
and the routes. HTTP (documented at ``/docs`` and ``/openapi.json``): create, list and show
games, join a seat, fetch a game's record, start a finished game's rematch; play a seat
without a socket (actions, chat, long-polled state, an event stream: ``http_play.py``).
WebSocket: ``/ws/games/{id}`` (``ws.py``). Refused requests answer ``{"error": code, "message": ...,
"field": ...}`` with a 4xx status; request bodies over 64 KiB are refused before they are
read. The browser client (next issue) will
be served from ``pysettlers/web/`` at ``/`` when that directory exists; until then ``/`` is a
small page listing games.

What this is not: game logic or storage; see ``session.py`` and ``store.py``.
"""

from __future__ import annotations

import asyncio
import gc
import html
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .admin import add_routes as add_admin_routes
from .botcaps import capped_schema
from .http_play import add_routes as add_play_routes
from .hub import MAX_BOT_GAMES, Hub, LobbyError, llm_profile_names
from .lifecycle import PARK_AFTER
from .limits import Limits, TooManyGames, client_key
from .options import APP_OPTIONS
from .options import schema as options_schema
from .protocol import (
    PROTOCOL,
    CreatedOut,
    ErrorOut,
    GameIn,
    GameOut,
    HealthOut,
    InvitedOut,
    JoinedOut,
    JoinIn,
    refusals,
)
from .replays import add_routes as add_replay_routes
from .store import Store, migrate
from .ws import game_socket

log = logging.getLogger("pysettlers.server")

MAX_BODY = 64 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse HTTP request bodies over ``MAX_BODY`` with 413, however they are sent: by
    their ``Content-Length`` before reading, or counted as they come (chunked)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > MAX_BODY):
                await _too_large(send)
                return
        seen = 0
        over = False
        started = False

        async def limited() -> Message:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                over = True
                raise _BodyTooLarge
            return message

        async def guarded(message: Message) -> None:
            # The framework turns an error while reading the body into its own answer
            # (FastAPI: 400 "error parsing the body"); a body over the limit is a 413.
            nonlocal started
            if over:
                if not started:
                    started = True
                    await _too_large(send)
                return
            started = True
            await send(message)

        try:
            await self.app(scope, limited, guarded)
        except _BodyTooLarge:
            if not started:
                await _too_large(send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = b'{"error":"too_large","message":"request bodies are at most 65536 bytes","field":null}'
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def create_app(
    db_url: str = APP_OPTIONS["db"].default,
    *,
    bot_threads: int = APP_OPTIONS["bot_threads"].default,
    bot_ms: int = APP_OPTIONS["bot_ms"].default,
    sqlite_sync: str = APP_OPTIONS["sqlite_sync"].default,
    pace: float = 1.0,
    park_after: float = PARK_AFTER,
    max_bot_games: int = MAX_BOT_GAMES,
    admin_token: str | None = APP_OPTIONS["admin_token"].default,
    limits: Limits | None = None,
    llm_profiles: str = APP_OPTIONS["llm_profiles"].default,
) -> FastAPI:
    """The server for the database at ``db_url`` (migrated to the newest schema at start);
    ``sqlite_sync``: ``full`` or ``normal`` (see ``store.make_engine``); ``pace`` scales the
    delays of every game's ``bot_speed`` (0: bots never wait for people to follow);
    ``park_after`` seconds without a person park a game, ``max_bot_games`` bounds the
    bots-only games in progress (``lifecycle.py``); ``admin_token`` turns the admin routes
    on (``admin.py``); ``limits`` bounds connections and game creation by client
    address, by game and in all (``limits.py``; its defaults when ``None``)."""
    state: dict[str, Hub] = {}
    schema_cache: dict[str, Any] = {}
    profiles = llm_profile_names(llm_profiles)  # checked now: a typo fails before serving

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url, sqlite_sync)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, migrate, store.engine)
        hub = Hub(
            store,
            bot_threads=bot_threads,
            bot_ms=bot_ms,
            pace=pace,
            park_after=park_after,
            max_bot_games=max_bot_games,
            limits=limits,
            llm_profiles=llm_profiles,
        )
        await hub.start()
        # What is alive now (the modules, the restored games) lives as long as the process:
        # kept out of the collector's full passes, which otherwise walk it all every time
        # (a pause of tens of milliseconds for every client, growing with the games).
        gc.collect()
        gc.freeze()
        state["hub"] = hub
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()
            await loop.run_in_executor(None, store.close)

    app = FastAPI(
        title="pysettlers server",
        version=str(PROTOCOL),
        summary="Play CATAN-rules games online against bots and friends",
        description="The lobby over HTTP; play over the WebSocket `/ws/games/{id}`. "
        "Every message is described with an example in docs/protocol.md.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit)

    def hub() -> Hub:
        return state["hub"]

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, e: LobbyError) -> JSONResponse:
        body = ErrorOut(error=e.code, message=e.message, field=e.field)
        headers = {"Retry-After": str(e.retry_after)} if isinstance(e, TooManyGames) else None
        return JSONResponse(body.model_dump(), status_code=e.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, e: RequestValidationError) -> Response:
        # FastAPI's own 422 (the field in ``loc``), written as ASCII JSON: a lone surrogate
        # in the input it echoes cannot be encoded as UTF-8 (its default handler fails, 500).
        body = json.dumps({"detail": jsonable_encoder(e.errors())})
        return Response(body, status_code=422, media_type="application/json")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> Response:
        # A body FastAPI cannot parse at all (nesting too deep, an integer too long to read,
        # invalid UTF-8) is its 400 of a shape of its own: answered as the documented 422
        # instead, naming the body.
        if e.status_code == 400 and e.detail == "There was an error parsing the body":
            why = "the body is not JSON this server can read (too deeply nested, a number "
            why += "too long, or not UTF-8)"
            error = {"type": "json_invalid", "loc": ["body"], "msg": why, "input": None}
            return Response(json.dumps({"detail": [error]}), 422, media_type="application/json")
        return await http_exception_handler(request, e)

    # Each route declares its refusals (``protocol.HTTP_ERRORS``: one status per code);
    # docs/protocol.md's "Refusals by route" lists the same (tests/server/test_protocol_spec.py).
    @app.get("/api/health", response_model=HealthOut)
    async def health() -> dict[str, Any]:
        h = hub()
        return {"ok": True, "protocol": PROTOCOL, "games": len(h.sessions)}

    @app.get("/api/rules/schema")
    async def rules_schema() -> dict[str, Any]:
        """The options of a new game as data, from their declarations: the rules' (type,
        default, range or choices, help, group) and the server's, and what the rules allow
        for each number of players (``server/options.py``). The lobby draws its form from
        it. ``llm_profiles``: the language-model bots this server offers a seat (by
        profile name; ``pysettlers serve --llm-profiles``)."""
        if not schema_cache:  # (made once: ~60 rules checked)
            schema_cache.update(options_schema())
            schema_cache["bots"] = capped_schema(schema_cache["bots"], bot_ms)  # (this server's)
            schema_cache["llm_profiles"] = list(profiles)
        return schema_cache

    @app.get("/api/games", response_model=list[GameOut])
    async def list_games(
        status: Literal["open", "in_progress", "finished"] | None = None,
        limit: int = Query(50, ge=1, le=500),
    ) -> list[GameOut]:
        """Public games, newest first: ``status`` open (seats to take), in_progress, finished."""
        return await hub().list_games(status, limit)

    @app.post(
        "/api/games",
        response_model=CreatedOut,
        status_code=201,
        responses=refusals(
            "bad_rules",
            "bad_seats",
            "bad_join",
            "bad_bot",
            "too_large",
            "too_many_bot_games",
            "too_many_games",
            "too_slow",
        ),
    )
    async def create_game(req: GameIn, request: Request) -> CreatedOut:
        """A new game: rules, seats (human or bot), options. Returns invite links for the
        human seats and, with ``join``, the creator's own seat token. One client address
        creates at most ``games_per_minute`` games a minute (429 ``too_many_games``, with
        ``Retry-After``)."""
        h = hub()
        # Games created by one address are bounded (``too_many_games``, with Retry-After):
        # each lays out a board and may start bots (``limits.py``).
        client = request.client
        h.creations.take(client_key(client.host if client is not None else None), h.limits)
        return await h.create(req, str(request.base_url))

    @app.get(
        "/api/games/{game_id}", response_model=GameOut, responses=refusals("no_game", "broken_game")
    )
    async def show_game(game_id: str) -> GameOut:
        session = await hub().get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id[:40]!r}")
        return hub().summary(session)

    @app.get(
        "/api/games/{game_id}/invite",
        response_model=InvitedOut,
        responses=refusals("bad_invite", "no_game", "broken_game"),
    )
    async def show_invite(game_id: str, code: str = Query(max_length=100)) -> InvitedOut:
        """What an invite link asks its holder to join: the game and the seat (the invite
        page shows them before the seat is taken)."""
        return await hub().invited(game_id, code)

    @app.post(
        "/api/games/{game_id}/join",
        response_model=JoinedOut,
        responses=refusals(
            "no_seat",
            "bad_invite",
            "private",
            "reserved",
            "no_game",
            "taken",
            "not_open",
            "too_large",
            "broken_game",
        ),
    )
    async def join_game(game_id: str, req: JoinIn) -> JoinedOut:
        """Take a seat by invite code (or a public game's open seat): the seat token."""
        return await hub().join(game_id, req)

    @app.get(
        "/api/games/{game_id}/record",
        responses=refusals("bad_token", "no_game", "too_slow", "broken_game"),
    )
    async def game_record(
        game_id: str, authorization: str | None = Header(None, max_length=200)
    ) -> dict[str, Any]:
        """The engine's record (``pysettlers-record/1``, replayable once complete). Before the
        game is over it is the caller's: a seat's with ``Authorization: Bearer TOKEN``, else
        a spectator's — without the seed, and without outcomes that hold another's secret."""
        h = hub()
        session = await h.get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id[:40]!r}")
        viewer = None
        if authorization is not None:
            scheme, _, token = authorization.partition(" ")
            viewer = h.seat_for_token(session, token.strip()) if scheme == "Bearer" else None
            if viewer is None:
                raise LobbyError(403, "bad_token", "this token holds no seat in this game")
        async with session.lock:  # (the game waits while its record is written)
            return await h.work.run("building the record", session.record, viewer)

    @app.post(
        "/api/games/{game_id}/rematch",
        response_model=CreatedOut,
        status_code=201,
        responses=refusals("bad_token", "no_game", "not_over", "taken", "too_slow", "broken_game"),
    )
    async def rematch(
        game_id: str, request: Request, authorization: str | None = Header(None, max_length=200)
    ) -> CreatedOut:
        """A finished game's rematch, asked for by one of its players
        (``Authorization: Bearer TOKEN``): the same rules, seats and options on a new map.
        The first call creates it; each human of the old game gets their own seat of it
        with their own token (see ``Hub.rematch``)."""
        token = None
        if authorization is not None:
            scheme, _, value = authorization.partition(" ")
            token = value.strip() if scheme == "Bearer" else None
        return await hub().rematch(game_id, token, str(request.base_url))

    add_replay_routes(app, hub)  # replays and statistics of finished games (replays.py)
    add_play_routes(app, hub)  # a seat's play over plain HTTP, without a socket (http_play.py)
    add_admin_routes(app, hub, admin_token)  # the operator's (admin.py), with a token

    @app.websocket("/ws/games/{game_id}")
    async def play(websocket: WebSocket, game_id: str) -> None:
        await game_socket(websocket, hub(), game_id)

    web = Path(str(files("pysettlers"))) / "web"

    @app.get("/join/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def join_page(game_id: str, invite: str = "") -> HTMLResponse:
        if (web / "index.html").is_file():  # the browser client reads the invite itself
            return HTMLResponse((web / "index.html").read_text(encoding="utf-8"))
        return HTMLResponse(_join_page(game_id, invite))

    if web.is_dir():  # the browser client, when it is installed
        app.mount("/", StaticFiles(directory=web, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def landing() -> HTMLResponse:
            games = await hub().list_games(None, 50)
            return HTMLResponse(_landing(games))

    return app


_STYLE = "body{font:16px system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em}"


def _landing(games: list[GameOut]) -> str:
    rows = "".join(
        f"<tr><td><code>{html.escape(g.id)}</code></td><td>{html.escape(g.name)}</td>"
        f"<td>{g.status}</td><td>{len(g.seats)}</td><td>{g.turn}</td></tr>"
        for g in games
    )
    return (
        f"<!doctype html><meta charset=utf-8><title>pysettlers</title><style>{_STYLE}</style>"
        "<h1>pysettlers server</h1><p>The browser client is not installed yet. Create and "
        "join games through the <a href=/docs>HTTP API</a>; play over the WebSocket "
        "protocol (<code>docs/protocol.md</code>).</p>"
        "<table><tr><th>game</th><th>name</th><th>status</th><th>players</th><th>turn</th>"
        f"</tr>{rows}</table>"
    )


def _join_page(game_id: str, invite: str) -> str:
    g = html.escape(game_id)
    body = html.escape(f'{{"invite": "{invite}", "name": "YOUR NAME"}}')
    return (
        f"<!doctype html><meta charset=utf-8><title>Join {g}</title><style>{_STYLE}</style>"
        f"<h1>You are invited to game <code>{g}</code></h1><p>The browser client is not "
        "installed yet. To take the seat, POST this to "
        f"<code>/api/games/{g}/join</code>:</p><pre>{body}</pre>"
        "<p>and connect to the WebSocket with the token you get back "
        "(<a href=/docs>API</a>).</p>"
    )
