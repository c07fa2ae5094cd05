"""The server's fair limits (``server/limits.py``): one client cannot lock out the others.

Connections per client address (checked before the server's own limit, so that a flood of
idle sockets from one address leaves room for everyone else), spectators and connections
per game, games created per address a minute (429 with ``Retry-After``), and client
addresses taken from the TCP peer unless ``pysettlers serve --trusted-proxy`` names the
peer. Each server here is configured with low limits, so that a handful of sockets shows
what thousands would. Loopback addresses other than 127.0.0.1 (127.0.0.2, ...) stand for
other clients: Linux routes the whole 127.0.0.0/8 to the loopback interface.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pysettlers.bots import register_bot
from pysettlers.cli import build_parser, uvicorn_options
from pysettlers.cli.serve import limit_values
from pysettlers.server.client import SeatClient, random_move
from pysettlers.server.limits import Creations, Limits, TooManyGames, client_key
from support.server_helpers import InProcessServer, create, human_game


def ws_url(srv: InProcessServer, game: str) -> str:
    return srv.url.replace("http://", "ws://") + f"/ws/games/{game}"


async def raw(srv: InProcessServer, game: str, source: str = "127.0.0.1") -> ClientConnection:
    """An idle socket to a game from the loopback address ``source`` (no hello)."""
    return await connect(ws_url(srv, game), local_addr=(source, 0), open_timeout=10)


async def refusal(ws: ClientConnection) -> tuple[dict[str, Any], int]:
    """The ``error`` a refused socket is sent, and the code it is then closed with."""
    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd is not None
    return message, closed.value.rcvd.code


async def seat_from(srv: InProcessServer, game: str, token: str | None, source: str) -> SeatClient:
    """A reference client connected from the loopback address ``source``, welcomed."""
    client = SeatClient(srv.url, game, token)
    client.ws = await connect(client.url, local_addr=(source, 0), open_timeout=10)
    hello: dict[str, Any] = {"type": "hello", "protocol": 1}
    if token is not None:
        hello["token"] = token
    await client.send(hello)
    welcome = await client.recv(10)
    assert welcome["type"] == "welcome", welcome
    return client


async def wait_for_state(client: SeatClient) -> dict[str, Any]:
    while True:
        msg = await client.recv(10)
        if msg["type"] == "state":
            return msg


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[InProcessServer]:
    """A server that takes 6 connections in all, 4 from one address."""
    limits = Limits(connections=6, connections_per_address=4)
    srv = InProcessServer(f"sqlite:///{tmp_path / 't.db'}", limits=limits)
    yield srv
    srv.stop()


def test_a_flood_of_idle_sockets_from_one_address_does_not_lock_out_another(
    tight: InProcessServer,
) -> None:
    game, tokens = human_game(tight.url, players=2, rules={"map_kind": "beginner"})

    async def go() -> None:
        flood: list[ClientConnection] = []
        while True:  # idle sockets from 127.0.0.1 until the server refuses one
            ws = await raw(tight, game)
            if len(flood) == 4:
                message, code = await refusal(ws)
                break
            flood.append(ws)
        assert message["type"] == "error" and message["code"] == "too_many_connections"
        assert "(4)" in message["message"]  # the limit, named
        assert code == 4429
        # An honest player from another address still gets in, and plays.
        player = await seat_from(tight, game, tokens[0], "127.0.0.2")
        other = await seat_from(tight, game, tokens[1], "127.0.0.2")
        states = [await wait_for_state(player), await wait_for_state(other)]
        mover, state = (player, states[0]) if states[0]["legal"] else (other, states[1])
        sent = await mover.act(state["legal"][0], state["version"])
        while (msg := await mover.recv(10))["type"] != "accepted":
            assert msg["type"] != "error", msg
        assert msg["id"] == sent
        # The server's own limit still holds: 4 + 2 connections are all it takes.
        message, code = await refusal(await raw(tight, game, "127.0.0.3"))
        assert (message["code"], code) == ("server_full", 1013)
        # ... and the flooding address hears of its own limit first, full server or not.
        message, code = await refusal(await raw(tight, game))
        assert (message["code"], code) == ("too_many_connections", 4429)
        # A closed socket gives its place back.
        await flood.pop().close()
        for _ in range(100):
            if tight.hub.connections.by_address.get("127.0.0.1") == 3:
                break
            await asyncio.sleep(0.05)
        again = await seat_from(tight, game, None, "127.0.0.1")
        for ws in flood:
            await ws.close()
        for c in (player, other, again):
            await c.close()

    asyncio.run(go())


def test_spectators_and_connections_per_game(tmp_path: Path) -> None:
    limits = Limits(spectators_per_game=2, connections_per_game=3)
    srv = InProcessServer(f"sqlite:///{tmp_path / 'g.db'}", limits=limits)
    try:
        game, tokens = human_game(srv.url, players=2)

        async def go() -> None:
            watchers = [await seat_from(srv, game, None, "127.0.0.1") for _ in range(2)]
            with pytest.raises(ConnectionError, match="2 spectators"):
                await SeatClient(srv.url, game).connect()  # the spectator limit
            seat = SeatClient(srv.url, game, tokens[0])
            await seat.connect()  # a seat always gets in: 3 connections now
            await watchers.pop().close()
            for _ in range(100):
                if len(srv.hub.sessions[game].spectators) == 1:
                    break
                await asyncio.sleep(0.05)
            # One spectator, below its limit, but the game has 2 + 1 = 3 connections.
            second = SeatClient(srv.url, game, tokens[1])
            await second.connect()
            with pytest.raises(ConnectionError, match="3 connections"):
                await SeatClient(srv.url, game).connect()
            again = SeatClient(srv.url, game, tokens[0])
            await again.connect()  # a seat's reconnection replaces its old one
            for c in (*watchers, seat, second, again):
                await c.close()

        asyncio.run(go())
    finally:
        srv.stop()


def test_games_created_per_address_a_minute(tmp_path: Path) -> None:
    srv = InProcessServer(f"sqlite:///{tmp_path / 'c.db'}", limits=Limits(games_per_minute=2))
    try:
        body = {"rules": {"players": 2}}
        for _ in range(2):
            create(srv.url, **body)
        r = httpx.post(srv.url + "/api/games", json=body, timeout=10)
        assert r.status_code == 429
        assert r.json()["error"] == "too_many_games"
        assert "2 games a minute" in r.json()["message"]
        wait = int(r.headers["Retry-After"])
        assert 1 <= wait <= 30  # one game every 30 s refills the bucket
        assert f"try again in {wait} s" in r.json()["message"]
        # Another address is not held back by this one.
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(transport=other, timeout=10) as client:
            assert client.post(srv.url + "/api/games", json=body).status_code == 201
    finally:
        srv.stop()


def served_as(tmp_path: Path, name: str, *flags: str) -> InProcessServer:
    """A server with ``pysettlers serve FLAGS``'s uvicorn options, one game a minute."""
    args = build_parser().parse_args(["serve", *flags])
    return InProcessServer(
        f"sqlite:///{tmp_path / name}",
        limits=Limits(games_per_minute=1, connections_per_address=1),
        server_options=uvicorn_options(args),
    )


def test_a_forwarded_address_is_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    body = {"rules": {"players": 2}}
    srv = served_as(tmp_path, "u.db")  # no --trusted-proxy: 127.0.0.1 is a stranger too
    try:
        first = httpx.post(
            srv.url + "/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.1"}
        )
        assert first.status_code == 201
        spoofed = {"X-Forwarded-For": "10.0.0.2", "Forwarded": "for=10.0.0.3"}
        r = httpx.post(srv.url + "/api/games", json=body, headers=spoofed)
        assert r.status_code == 429, r.text  # still 127.0.0.1, whose game is made
        game = first.json()["game"]["id"]

        async def sockets() -> None:
            async with connect(ws_url(srv, game), additional_headers=spoofed):
                ws = await connect(
                    ws_url(srv, game), additional_headers={"X-Forwarded-For": "10.0.0.4"}
                )
                message, code = await refusal(ws)  # one connection per address
                assert (message["code"], code) == ("too_many_connections", 4429)
                assert set(srv.hub.connections.by_address) == {"127.0.0.1"}

        asyncio.run(sockets())
    finally:
        srv.stop()
    trusting = served_as(tmp_path, "t.db", "--trusted-proxy", "127.0.0.1")
    try:
        for forwarded in ("10.0.0.1", "10.0.0.2"):  # two clients behind the proxy
            r = httpx.post(
                trusting.url + "/api/games", json=body, headers={"X-Forwarded-For": forwarded}
            )
            assert r.status_code == 201, r.text
        r = httpx.post(
            trusting.url + "/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.1"}
        )
        assert r.status_code == 429
    finally:
        trusting.stop()


class BlockingBot:
    """A bot that thinks until the test lets it go, counting the decisions under way."""

    release = threading.Event()
    lock = threading.Lock()
    inside = 0
    most = 0

    def __init__(self, rng: Any, **options: Any) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Any) -> Any:
        cls = BlockingBot
        with cls.lock:
            cls.inside += 1
            cls.most = max(cls.most, cls.inside)
        try:
            cls.release.wait(30)
        finally:
            with cls.lock:
                cls.inside -= 1
        return self.rng.choice(list(legal))


def test_a_slow_game_holds_one_bot_thread_and_others_play_on(tmp_path: Path) -> None:
    """A game's bots decide one at a time (one driver task per game: ``session._drive``),
    so a game whose bots think for ever holds one of the bot threads, never all of them."""
    register_bot("blocking-test", BlockingBot)
    BlockingBot.release.clear()
    srv = InProcessServer(f"sqlite:///{tmp_path / 'b.db'}", bot_threads=2)
    rng = random.Random(3)

    async def play_until(client: SeatClient, done: Any) -> None:
        """Random legal moves for ``client``'s seat until ``done(its newest state)``."""
        while client.state is None or not done(client.state):
            try:
                msg = await client.recv(0.2)
            except TimeoutError:  # (nothing new: ``done`` may have come true meanwhile)
                continue
            if msg["type"] == "state" and msg["legal"] and not done(msg):
                await client.act(random_move(msg["legal"], rng), msg["version"])

    try:
        blocking = [{"kind": "bot", "bot": "blocking-test"}] * 2
        slow = create(srv.url, rules={"players": 3}, seats=[{"kind": "human"}, *blocking], join=0)
        fast = create(
            srv.url, rules={"players": 2}, seats=[{"kind": "human"}, {"kind": "bot"}], join=0
        )

        async def go() -> None:
            a = SeatClient(srv.url, slow["game"]["id"], slow["you"]["token"])
            await a.connect()
            await asyncio.wait_for(play_until(a, lambda _s: BlockingBot.inside > 0), 20)
            b = SeatClient(srv.url, fast["game"]["id"], fast["you"]["token"])
            await b.connect()
            # The whole setup (2 players x 2 settlements and roads: version 8) needs the
            # fast game's bot to move four times while the slow game's bot thinks.
            await asyncio.wait_for(play_until(b, lambda s: s["version"] >= 8), 30)
            assert BlockingBot.inside == 1 and BlockingBot.most == 1
            for c in (a, b):
                await c.close()

        asyncio.run(go())
    finally:
        BlockingBot.release.set()
        srv.stop()


def test_limits_are_checked_and_client_addresses_grouped() -> None:
    with pytest.raises(ValueError, match="connections_per_address"):
        Limits(connections_per_address=-1)
    assert client_key("203.0.113.9") == "203.0.113.9"
    # One IPv6 host holds a /64: all of it counts as one client.
    network = "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9") == network
    assert client_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert client_key(None) == "unknown"
    creations = Creations()
    limits = Limits(games_per_minute=1)
    creations.take("a", limits)
    with pytest.raises(TooManyGames) as refused:
        creations.take("a", limits)
    assert refused.value.status == 429 and 1 <= refused.value.retry_after <= 60
    creations.take("b", limits)  # another address has its own bucket


def test_serve_flags() -> None:
    args = build_parser().parse_args(["serve"])
    options = uvicorn_options(args)
    assert options["proxy_headers"] is False  # nobody's X-Forwarded-For is believed
    # The flags' defaults are the declared limits, and make ``Limits`` as it is by default.
    assert (args.connections, args.connections_per_address, args.games_per_minute) == (
        2000,
        16,
        10,
    )
    assert (args.connections_per_game, args.spectators_per_game) == (108, 100)
    assert Limits(**limit_values(args)) == Limits()
    defaults = Limits()
    assert (defaults.connections, defaults.connections_per_address) == (2000, 16)
    given = build_parser().parse_args(["serve", "--max-connections", "7"])
    assert Limits(**limit_values(given)).connections == 7
    trusting = build_parser().parse_args(
        ["serve", "--trusted-proxy", "10.0.0.5", "--trusted-proxy", "fd00::/8"]
    )
    assert uvicorn_options(trusting)["forwarded_allow_ips"] == "10.0.0.5/32,fd00::/8"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--trusted-proxy", "*"])
