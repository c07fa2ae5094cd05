"""Shared test configuration: which engine a run tests, and the server tests' fixtures.

Which engine: the sources, or the build compiled with mypyc. ``make test`` runs against
``src`` (pure Python). ``make test-mypyc`` runs against ``build/mypyc`` with
``PYSETTLERS_COMPILED=1``, and then the run stops at once unless the engine's modules really
are the compiled extension modules: a wrong path must not pass as a compiled run while
testing pure Python. The header of every run says which engine it is.

Server fixtures (``test_server_*.py``): ``server`` is parametrized over both databases, so
every test that uses it runs against each; PostgreSQL is started once per session from
Debian's binaries (``support/server_helpers.py``).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from collections.abc import Iterator
from typing import Any

import pytest

COMPILED = os.environ.get("PYSETTLERS_COMPILED") == "1"
"""Whether this run is meant to test the compiled build (``make test-mypyc``)."""

# A module of each compiled package; events and config stay interpreted (see the Makefile),
# and of the RL environments only the hot path is compiled (the Makefile's RL_MODULES).
_PROBES = (
    "pysettlers.engine.game",
    "pysettlers.engine.scenarios.helpers.rules",
    "pysettlers.rl.encode",
)


def _compiled(name: str) -> tuple[bool, str]:
    path = str(importlib.import_module(name).__file__)
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "compiled_differs(reason): a known difference of the mypyc build; with"
        " PYSETTLERS_COMPILED=1 the test must fail (a strict xfail), so a fix is noticed",
    )
    if COMPILED:
        for name in _PROBES:
            ok, path = _compiled(name)
            if not ok:
                raise pytest.UsageError(
                    f"PYSETTLERS_COMPILED=1 but {name} is not compiled: imported from {path}"
                    " (run through `make test-mypyc`, or put build/mypyc on PYTHONPATH)"
                )


def pytest_report_header(config: pytest.Config) -> str:
    ok, path = _compiled(_PROBES[0])
    return f"pysettlers engine: {'compiled with mypyc' if ok else 'pure Python'} ({path})"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not COMPILED:
        return
    for item in items:
        mark = item.get_closest_marker("compiled_differs")
        if mark is not None:
            reason = f"compiled with mypyc: {mark.args[0]}"
            item.add_marker(pytest.mark.xfail(strict=True, reason=reason))


# -- the server tests' databases ------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    from support.server_helpers import postgres_url

    with postgres_url() as url:
        yield url


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Any]:
    from support.server_helpers import InProcessServer, fresh_database

    db = fresh_database(request.param, tmp_path_factory.mktemp("db"), request)
    srv = InProcessServer(db)
    yield srv
    srv.stop()
