"""A connected WebSocket client as the game sessions see it: a seat (or a spectator) with
an outgoing queue.

What this is for: sessions hand messages to :meth:`Client.send`, which never waits — a
sender task per connection (``ws.py``) writes the queue to the socket, so a client that
reads slowly or not at all never holds up the game or other clients; one that falls too far
behind is disconnected (it reconnects and gets the current view). Also the small token
buckets that rate-limit a client's messages and chat, and those of the HTTP play clients,
which hold no connection (:class:`HttpClients`).

What this is not: the socket itself (``ws.py``) and no game logic.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson

from .protocol import Close

MAX_QUEUED = 256  # messages waiting for a slow client before it is disconnected
MAX_STRIKES = 50  # refused messages at once before a client is disconnected ...
STRIKES_FORGIVEN = 0.2  # ... each forgiven after a while (one every 5 s)
MESSAGES = (50.0, 100.0)  # a client's messages: (a second on average, at once)
CHAT = (0.5, 5.0)  # a client's chat lines: (a second on average, at once)


class Client:
    """One WebSocket connection to a game: ``seat`` ``None`` is a spectator."""

    def __init__(self, seat: int | None, name: str) -> None:
        self.seat = seat
        self.name = name
        self.since = -1  # the state version of the last state message sent
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_reason = ""
        self.close_code: int = Close.NORMAL
        # Refused and idle messages are limited; an accepted action gives its token back,
        # so a fast bot client is never slowed (the game itself paces real actions).
        self.messages = TokenBucket(*MESSAGES)
        self.chat = TokenBucket(*CHAT)
        # Refusals of any kind (malformed, rate-limited, stale, illegal): a flood is cut
        # off, while an honest client's occasional stale action in a long game is not.
        self.strikes = TokenBucket(rate=STRIKES_FORGIVEN, burst=MAX_STRIKES)

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(orjson.dumps(message).decode())

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close("too far behind: reconnect for the current view", Close.TOO_FAR_BEHIND)
            return
        self.queue.put_nowait(text)

    def close(self, reason: str, code: int = Close.NORMAL) -> None:
        """Stop sending; the sender task closes the socket with ``code`` and ``reason``
        (``protocol.Close``: each reason its own code, so a client knows whether to
        connect again)."""
        if not self.closed:
            self.closed = True
            self.close_reason = reason
            self.close_code = code
            self.queue.put_nowait(None)


class TokenBucket:
    """``rate`` events a second on average, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def give_back(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)

    def wait(self) -> float:
        """Seconds until the bucket holds a token again (0: it holds one now)."""
        self._fill(time.monotonic())
        return 0.0 if self.tokens >= 1 or self.rate <= 0 else (1 - self.tokens) / self.rate

    def full(self, t: float) -> bool:
        """Whether the bucket has filled up again by ``t`` (monotonic): as a new one."""
        return self.tokens + (t - self.stamp) * self.rate >= self.burst

    def _fill(self, t: float) -> None:
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t

    def take(self) -> bool:
        t = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class HttpBuckets:
    """The buckets of one HTTP play client (a seat, or an address without a seat token):
    a connection's messages and chat buckets (:class:`Client`), kept between requests."""

    def __init__(self) -> None:
        self.messages = TokenBucket(*MESSAGES)
        self.chat = TokenBucket(*CHAT)


class HttpClients:
    """The HTTP play clients' buckets by key (``http_play.py``: ``game/seat`` for a seat's
    token, ``addr:ADDRESS`` without one). A key whose buckets have filled up again is what a
    new key would get, so those are swept out once the table is large: it holds only the
    clients of the last minute or so."""

    PRUNE_AT = 4096  # keys in the table before the full buckets are swept out

    def __init__(self) -> None:
        self.by_key: dict[str, HttpBuckets] = {}

    def get(self, key: str) -> HttpBuckets:
        found = self.by_key.get(key)
        if found is None:
            if len(self.by_key) >= self.PRUNE_AT:
                t = time.monotonic()
                for k, b in list(self.by_key.items()):
                    if b.messages.full(t) and b.chat.full(t):
                        del self.by_key[k]
            found = self.by_key[key] = HttpBuckets()
        return found
