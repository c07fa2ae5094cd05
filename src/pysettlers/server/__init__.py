"""The game server: games for people and bots over HTTP and WebSockets (``pysettlers serve``).

Modules: ``app`` (FastAPI routes), ``ws`` (the WebSocket conversation), ``hub`` (every game
of the process: lobby, restore at start, clocks), ``session`` (one game: accepts actions,
sends views, drives bots), ``clients`` (a connection's queue and rate limits), ``protocol``
(pydantic models of every message), ``store`` and ``models`` (SQLAlchemy 2; Alembic
migrations in ``migrations/``). ``docs/protocol.md`` documents the protocol.

Needs the ``web`` extra (``pip install 'pysettlers[web]'``); the engine does not. The
package itself imports nothing of it until ``create_app`` is asked for, so that its
dependency-free declarations (``options``: the ``pysettlers serve`` flags) can be read
without the extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["create_app"]
