"""The game server: games for people and bots over HTTP and WebSockets (``pysettlers serve``).

Modules: ``app`` (FastAPI routes), ``ws`` (the WebSocket conversation), ``hub`` (every game
of the process: lobby, restore at start, clocks), ``session`` (one game: accepts actions,
sends views, drives bots), ``clients`` (a connection's queue and rate limits), ``protocol``
(pydantic models of every message), ``store`` and ``models`` (SQLAlchemy 2; Alembic
migrations in ``migrations/``). ``docs/protocol.md`` documents the protocol.

Needs the ``web`` extra (``pip install 'pysettlers[web]'``); the engine does not.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
