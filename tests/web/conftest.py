"""The browser tests' fixtures: a server per test module and one Chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from support.server_helpers import InProcessServer


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    db = tmp_path_factory.mktemp("web") / "web.db"
    srv = InProcessServer(f"sqlite:///{db}")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def web_browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from support.browser import CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield b
        b.close()
