"""Fixtures of the server tests (``test_server_*.py``): a server on SQLite and on PostgreSQL.

``server`` is parametrized over both databases, so every test that uses it runs against
each; PostgreSQL is started once per session from Debian's binaries (``server_helpers``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_dbs = itertools.count()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    from server_helpers import postgres_url

    with postgres_url() as url:
        yield url


def fresh_database(kind: str, tmp: Path, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database of ``kind`` (sqlite or postgresql)."""
    if kind == "sqlite":
        return f"sqlite:///{tmp / f'server-{next(_dbs)}.db'}"
    import psycopg

    base: str = request.getfixturevalue("pg_url")
    name = f"test_{next(_dbs)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Any]:
    from server_helpers import InProcessServer

    db = fresh_database(request.param, tmp_path_factory.mktemp("db"), request)
    srv = InProcessServer(db)
    yield srv
    srv.stop()
