"""Work a request needs that may take more than a few milliseconds, done off the event loop.

What this is for: laying out a new game's board, rebuilding a finished game's record,
replaying a record to a step and counting its statistics — work whose cost a client
chooses (a map description, a long game, an uploaded record). On the event loop it would
hold every other game's messages for as long as it takes; here it runs in a small pool of
threads (:class:`Work`) and the request waits at most :data:`WORK_TIMEOUT` seconds for it,
then is answered ``503 too_slow`` naming what took too long. The engine bounds each of
these itself (a map that cannot be laid out is refused at once, ``maps/layout.py``), so a
thread is never left running without end; the pool's size bounds how many run at once, and
requests beyond it wait their turn instead of starving the games' own threads.

What this is not: the bots' threads (``hub.Hub.bot_pool``) or the database's (the default
executor), and no process isolation: a thread cannot be killed, so what runs here must end
by itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .errors import LobbyError

T = TypeVar("T")

WORK_TIMEOUT = 10.0
"""Seconds a request waits for its work before it is answered ``503 too_slow``."""


class Work:
    """A bounded pool for requests' heavy work (see the module docstring)."""

    def __init__(self, threads: int = 2, timeout: float = WORK_TIMEOUT) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="work")
        self.timeout = timeout

    async def run(self, what: str, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in the pool; ``what`` names it in the refusal if it is too slow."""
        future = asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        try:
            return await asyncio.wait_for(future, self.timeout)
        except TimeoutError:
            raise LobbyError(
                503, "too_slow", f"{what} took more than {self.timeout:g} s: nothing was done"
            ) from None

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
