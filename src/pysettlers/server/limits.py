"""The server's fair limits: what one client address, one game and the whole process may take.

What this is for: a public server must not let one client lock out the others. Every bound
on connections and on creating games is one field of :class:`Limits` (a frozen settings
object made by ``create_app`` and the ``pysettlers serve`` flags, held by the ``Hub``;
each declared once in ``options.LIMIT_OPTIONS``, with its range, default, help and flag), and
the two small counters that apply them: :class:`Connections` (WebSocket connections open in
all and by client address) and :class:`Creations` (games created by client address, a token
bucket). The refusals name the limit and the option that sets it.

A client's address is the one the ASGI server puts in the scope (``websocket.client`` /
``request.client``): the peer of the TCP connection, or the address a *trusted* proxy
forwarded (``pysettlers serve --trusted-proxy``; no proxy is trusted by default, so an
``X-Forwarded-For`` header sent by anyone else changes nothing). IPv6 addresses count by
their /64 network, which one host usually holds whole.

What this is not: the limits of one connection's messages (``clients.py``: message, chat
and strike buckets), message and body sizes (``ws.py``, ``app.py``), or the bound on
bots-only games (``Hub.max_bot_games``, ``lifecycle.py``).
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from pysettlers.engine.options import Options, fields_match

from .clients import TokenBucket
from .errors import LobbyError
from .options import LIMIT_OPTIONS
from .protocol import Close


@dataclass(frozen=True)
class Limits:
    """The server's bounds (each a ``pysettlers serve`` flag; 0 refuses every one), one
    field per declaration of ``options.LIMIT_OPTIONS`` (checked by it: a refusal is an
    ``OptionError`` naming the field)."""

    options: ClassVar[Options] = LIMIT_OPTIONS

    connections: int = 2000
    """Connections open at once in this server process (``--max-connections``): WebSockets,
    HTTP event streams and waiting long-polls (``http_play.py``)."""
    connections_per_address: int = 16
    """WebSocket connections open at once from one client address, counted from the moment
    they connect (before their ``hello``) and checked before ``connections``, so that a
    flood from one address is refused before it can fill the server
    (``--connections-per-address``)."""
    connections_per_game: int = 108
    """Seats and spectators connected to one game at once: a spectator is admitted only
    below it; a seat's own connection always is (it replaces the seat's previous one). It
    bounds the fan-out of a game's messages (``--connections-per-game``)."""
    spectators_per_game: int = 100
    """Spectators watching one game at once (``--spectators-per-game``)."""
    games_per_minute: int = 10
    """Games one client address may create a minute: up to this many at once, then one
    every ``60 / games_per_minute`` seconds (``--games-per-minute``)."""
    long_poll_wait: float = 30
    """Seconds an HTTP long-poll waits at most for the next state or chat line, whatever it
    asks for (``--long-poll-wait``; ``http_play.py``). Waiting long-polls and event streams
    count as connections, by address and in all."""
    action_burst: int = 30
    """Accepted actions one person's seat may make at once (``--action-burst``): each is a
    commit and a message to every client of the game, so even accepted ones are bounded."""
    actions_per_second: float = 10
    """... and then a second on average (``--actions-per-second``; ``play.act``)."""

    def __post_init__(self) -> None:
        type(self).options.check(self)


fields_match(Limits, Limits.options)  # one field per declared limit, with its default


def client_key(host: str | None) -> str:
    """The key a client address counts under: the address itself, an IPv6 address's /64
    network (one host usually holds a whole /64, and would otherwise have 2**64 quotas),
    or ``"unknown"`` where the ASGI server gives none (a Unix socket)."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # an IPv4 client of a dual-stack socket
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Refusal(NamedTuple):
    """A connection refused: the ``error`` message's code and text, the close code and
    the close reason."""

    code: str
    message: str
    close_code: int
    reason: str


class Connections:
    """The WebSocket connections open in this process, in all and by client address."""

    def __init__(self) -> None:
        self.total = 0
        self.by_address: dict[str, int] = {}

    def admit(self, address: str, limits: Limits) -> Refusal | None:
        """Count a new connection from ``address``, or say why it is refused. The
        address's own limit is checked first: a client that floods is refused by it while
        the server still has room for everyone else."""
        mine = self.by_address.get(address, 0)
        if mine >= limits.connections_per_address:
            return Refusal(
                "too_many_connections",
                f"your address has {mine} connections open, the most this server allows "
                f"one address ({limits.connections_per_address}): close one first",
                Close.FULL,
                "too many connections from your address",
            )
        if self.total >= limits.connections:
            return Refusal(
                "server_full",
                f"this server has {self.total} connections open, all it takes: try again later",
                Close.SERVER_FULL,
                "server full",
            )
        self.total += 1
        self.by_address[address] = mine + 1
        return None

    def release(self, address: str) -> None:
        """A connection counted by :meth:`admit` closed."""
        self.total -= 1
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)


def spectator_refusal(spectators: int, connected: int, limits: Limits) -> Refusal | None:
    """Why a game turns a new spectator away, if it does: a spectator is admitted only below
    both the game's spectator and connection limits. (A seat is always admitted: its new
    connection replaces its previous one, so seats hold one connection each.)"""
    if spectators >= limits.spectators_per_game:
        return Refusal(
            "full",
            f"this game has {spectators} spectators, the most it takes "
            f"({limits.spectators_per_game}): try again later",
            Close.FULL,
            "too many spectators",
        )
    if connected >= limits.connections_per_game:
        return Refusal(
            "full",
            f"this game has {connected} connections, the most it takes "
            f"({limits.connections_per_game}): try again later",
            Close.FULL,
            "too many connections to this game",
        )
    return None


class TooManyGames(LobbyError):
    """A refused creation: ``retry_after`` seconds until the address may create again (the
    HTTP answer's ``Retry-After`` header)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, "too_many_games", message)
        self.retry_after = retry_after


class Creations:
    """Games created by client address: a token bucket of ``games_per_minute`` per
    address. Buckets that have filled up again are forgotten (a full bucket is what a new
    address gets), so the table holds only the addresses of the last minute or so."""

    PRUNE_AT = 4096  # addresses in the table before the full buckets are swept out

    def __init__(self) -> None:
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str, limits: Limits) -> None:
        """Count one game created from ``address``; raises :class:`TooManyGames` (and
        counts nothing) when its bucket is empty."""
        per_minute = limits.games_per_minute
        if per_minute <= 0:
            raise TooManyGames("this server does not create games now (games_per_minute 0)", 60)
        bucket = self.buckets.get(address)
        if bucket is None or bucket.burst != per_minute:
            if len(self.buckets) >= self.PRUNE_AT:
                self._prune()
            bucket = self.buckets[address] = TokenBucket(per_minute / 60, per_minute)
        if not bucket.take():
            wait = math.ceil((1 - bucket.tokens) / bucket.rate)
            raise TooManyGames(
                f"one address may create at most {per_minute} games a minute: "
                f"try again in {wait} s",
                wait,
            )

    def _prune(self) -> None:
        t = time.monotonic()
        for address, b in list(self.buckets.items()):
            if b.tokens + (t - b.stamp) * b.rate >= b.burst:
                del self.buckets[address]
