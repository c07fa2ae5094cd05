"""A reference client of the protocol in ``docs/protocol.md`` (asyncio, ``websockets``).

What this is for: tests, the load benchmark and scripts drive the server through it exactly
as a third-party client would — JSON text over one WebSocket per seat. :class:`SeatClient`
says ``hello``, keeps the newest ``state`` message, and sends actions with the version they
answer and an id (so a retry after a reconnect cannot apply twice). :func:`random_move`
picks a random legal action, as a random bot would.

What this is not: part of the server (nothing here runs inside it), and no strategy.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

_ids = itertools.count()


class SeatClient:
    """One connection to one game, as a seat (``token``) or a spectator (``token=None``)."""

    def __init__(self, base: str, game: str, token: str | None = None) -> None:
        self.url = base.replace("http://", "ws://").rstrip("/") + f"/ws/games/{game}"
        self.game = game
        self.token = token
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] | None = None  # the newest state message
        self.welcome: dict[str, Any] | None = None
        self.seen: list[dict[str, Any]] = []  # every message received, if ``keep``
        self.keep = False

    async def connect(self, since: int | None = None) -> dict[str, Any]:
        # ``max_queue``: messages read ahead but not yet taken by ``recv``. With the
        # library's default of 16, a client that closes with more unread (a burst of
        # refusals) stops reading the socket and so never sees the server's close frame:
        # its close then waits out the 10 s timeout and ends abnormally (1006).
        self.ws = await connect(self.url, max_size=2**22, open_timeout=10, max_queue=1024)
        hello: dict[str, Any] = {"type": "hello", "protocol": 1}
        if self.token is not None:
            hello["token"] = self.token
        if since is not None:
            hello["since"] = since
        # A refusal (no such game, server full) may close the socket before hello is sent.
        with contextlib.suppress(ConnectionClosed):
            await self.send(hello)
        try:
            welcome = await self.recv()
        except ConnectionClosed as e:
            raise ConnectionError(f"no welcome: closed ({e})") from None
        if welcome.get("type") != "welcome":
            raise ConnectionError(f"no welcome: {welcome}")
        self.welcome = welcome
        return welcome

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        try:
            text = orjson.dumps(message).decode()
        except TypeError:  # what orjson cannot write (an integer past 64 bits): the slow way
            text = json.dumps(message)
        await self.ws.send(text)

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        assert self.ws is not None
        async with asyncio.timeout(timeout):  # (no task per message, as wait_for makes)
            text = await self.ws.recv()
        message: dict[str, Any] = orjson.loads(text)
        if message.get("type") == "state":
            self.state = message
        if self.keep:
            self.seen.append(message)
        return message

    async def act(self, action: str, version: int, outcome: str | None = None) -> str:
        """Send an action; returns its id (watch for ``accepted`` / ``error`` with it)."""
        action_id = f"c{next(_ids)}-{random.getrandbits(32):08x}"
        message: dict[str, Any] = {
            "type": "action",
            "action": action,
            "version": version,
            "id": action_id,
        }
        if outcome is not None:
            message["outcome"] = outcome
        await self.send(message)
        return action_id

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def random_move(legal: list[str], rng: random.Random, offers: float = 0.02) -> str:
    """A random legal action; domestic offers only rarely (``offers``), as the random bot
    does, so that games end."""
    plain = [a for a in legal if " offer " not in a]
    if plain and (len(plain) == len(legal) or rng.random() > offers):
        return rng.choice(plain)
    return rng.choice(legal)
