"""The Helpers of CATAN by clicking: each of the ten helpers' decisions made in the page.

What this is for: issue 12, point 4 — "all ten helpers with their choices". A helper's
advantage only comes up in particular positions, which the rules tests build
(``tests/scenarios/helpers/``); this test takes the same positions and puts each in front of
the real client: the page's WebSocket is answered by the engine in the test (Playwright's
``route_web_socket``), with the messages the server would send (``observe`` views and the
legal list in notation). The page must offer each helper's advantage, then the decision
that follows it (Hilde's card, Candamir's card kept, Nassir's repayment), then turning the
helper over or exchanging it — each by clicking only. The engine judges every action the
page sends; a refusal fails the test.

What this is not: a test of the server (``test_web.py``, ``test_web_actions.py``), or of the
helpers' rules (``test_helper_*.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page

from pysettlers.engine import GameState, deciders
from support.browser import shot, watch_errors
from support.builders import play
from support.helper_builders import helper_position
from support.helper_positions import (
    candamir_position,
    hilde_position,
    lin_position,
    louis_position,
    marianne_position,
    nassir_position,
    sean_position,
    vincent_position,
    william_position,
)
from support.server_helpers import InProcessServer
from support.web_driver import EngineSide


def _marianne_window() -> GameState:
    s = marianne_position(hands={"p1": "2ore"})
    play(s, ("p0 roll", (3, 3)))  # pays p2 nothing: Marianne's owner may take a resource
    return s


def _sean_window() -> GameState:
    s = sean_position({"p1": "8ore", "p2": "9wool"})
    play(s, ("p0 roll", (3, 4)))  # a 7: Sean's owner may keep a big hand
    return s


# helper: (position, the seat deciding, what follows the advantage, flip or exchange)
CASES: dict[str, tuple[Callable[[], GameState], list[str], str]] = {
    "candamir": (candamir_position, ["keep"], "flip"),
    "hilde": (hilde_position, ["take"], "exchange"),
    "jean": (lambda: helper_position({"p0": "jean"}, hands={"p0": "6ore+3wool"}), [], "flip"),
    "lin": (lambda: lin_position(phase="pre_roll"), [], "exchange"),
    "louis": (louis_position, [], "flip"),
    "marianne": (_marianne_window, [], "flip"),
    "nassir": (nassir_position, ["repay"], "flip"),
    "sean": (_sean_window, [], "exchange"),
    "vincent": (lambda: vincent_position("1brick+1lumber+1ore"), [], "flip"),
    "william": (lambda: william_position("1lumber+1wool"), [], "flip"),
}


def click_action(page: Page, seat: int, kw: str) -> None:
    """Make the decision ``kw`` (a keyword of the notation) by clicking: a highlighted place
    on the board, a button, or a button that opens a list — and, where a list or several
    actions at one place open a chooser, its first entry for ``kw``."""
    prefix = f"p{seat} {kw} " if kw not in ("flip",) else f"p{seat} {kw}"
    target = page.locator(f"svg.board .target[data-acts*='{prefix}']")
    button = page.locator(
        f".controls button[data-act^='{prefix}'], .controls button[data-act='{kw}']"
    )
    if target.count():
        target.first.dispatch_event("click")
    else:
        assert button.count(), (kw, page.inner_text(".controls"))
        button.first.click()
    if page.locator(".modal .choice").count():
        words = page.eval_on_selector_all(".modal .choice", "els => els.map(e => e.textContent)")
        helper = [i for i, w in enumerate(words) if w.lower().startswith(kw) or kw == "take"]
        page.locator(".modal .choice").nth(helper[0] if helper else 0).click()


@pytest.mark.parametrize("helper", sorted(CASES))
def test_each_helpers_decisions_by_clicking(
    helper: str,
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    build, follow, then = CASES[helper]
    s = build()
    seat = deciders(s)[0]
    side = EngineSide(s, seat)
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    # Every player's helper is shown, the page's own among them.
    badge = page.locator(f".player[data-seat='{seat}'] .badge.helper")
    assert badge.get_attribute("data-helper") == helper
    expected = [helper, *follow, then]
    for i, kw in enumerate(expected):
        version = page.get_attribute(".game", "data-version")
        click_action(page, seat, kw)
        page.wait_for_function(
            "v => document.querySelector('.game').dataset.version !== v", arg=version
        )
        if i == 0 and helper in ("hilde", "nassir", "candamir"):
            shot(page, f"i-helper-{helper}")
    assert not side.refused, side.refused
    assert [a.split()[1] for a in side.sent] == expected, side.sent
    side_after = page.locator(f".player[data-seat='{seat}'] .badge.helper")
    if then == "flip":
        assert side_after.inner_text().endswith("B")
    else:
        assert side_after.get_attribute("data-helper") != helper
    assert not errors, errors
    context.close()
