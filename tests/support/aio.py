"""Running one coroutine from a synchronous test: the server tests' ``run(go())``.

What this is for: tests that drive a server's sockets (``support.server_helpers``'s
``SeatClient``) from a plain ``def test_...``. What this is not: an event loop shared between
tests (each call runs its own, as ``asyncio.run`` does).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    """``coro``'s result, in a fresh event loop."""
    return asyncio.run(coro)
