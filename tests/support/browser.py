"""What the browser tests share: Debian's Chromium, screenshots, a page's errors, the lobby.

Playwright cannot download its browsers here: the tests use ``/usr/bin/chromium``
(``apt-get install chromium``; ``PYSETTLERS_CHROMIUM`` names another). Importing this module
skips the importing test module without it — except in CI (``CI`` set), where a missing
browser is a failure. The fixtures (``web``, ``web_browser``) are in ``tests/web/conftest.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from support.paths import ROOT

CHROMIUM = Path(os.environ.get("PYSETTLERS_CHROMIUM", "/usr/bin/chromium"))
SHOTS = ROOT / "test-artifacts" / "screenshots"

if not CHROMIUM.exists():
    message = f"{CHROMIUM} not found: apt-get install chromium to run the browser tests"
    if os.environ.get("CI"):
        raise RuntimeError(message + " (CI must run them)")
    pytest.skip(message, allow_module_level=True)

from playwright.sync_api import Browser, Page  # noqa: E402


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def new_page(browser: Browser, **kw: Any) -> tuple[Any, Page, list[str]]:
    """A new context and page (``viewport`` and any context option in ``kw``), with the
    page's errors collected (:func:`watch_errors`)."""
    context = browser.new_context(viewport=kw.pop("viewport", {"width": 1200, "height": 860}), **kw)
    page = context.new_page()
    return context, page, watch_errors(page)


def create_in_lobby(page: Page, base: str, *, name: str, seats: list[str], **opts: Any) -> None:
    """Fill the lobby's form: seats 'human' or a bot kind; opts: vp_target, manual, hotseat."""
    page.goto(base + "/")
    page.fill("input[name=player_name]", name)
    page.select_option("select[name=players]", str(len(seats)))
    for i, kind in enumerate(seats):
        if kind == "human":
            page.select_option(f"select[name=seat{i}-kind]", "human")
        else:
            page.select_option(f"select[name=seat{i}-kind]", "bot")
            page.select_option(f"select[name=seat{i}-bot]", kind)
    page.click("details.rules summary")
    if "vp_target" in opts:
        page.fill("input[name=vp_target]", str(opts["vp_target"]))
    if opts.get("manual"):
        page.check("input[name=manual_chance]")
    if opts.get("hotseat"):
        page.check("input[name=hotseat]")
    page.click("[data-create]")
