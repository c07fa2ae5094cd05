"""Alembic's environment: runs the migrations on the connection ``store.migrate`` passes in.

What this is for: online migrations only, on a connection the server already opened (so
SQLite in-memory databases and tests work). What this is not: no offline SQL generation and
no URL of its own.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from pysettlers.server.models import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run the migrations through pysettlers.server.store.migrate()")
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
