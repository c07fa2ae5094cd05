"""The browser draws a scenario's additions from its drawing hints, not from its name.

What this is for: ``welcome.drawing`` (``server/drawing.py``: each scenario package's
drawing face) is what ``board.js``, ``table.js`` and ``panels.js`` read. A page given a view
whose ships lie under another part, with hints that name that part and another title for
the build button, draws the ships from there and titles the button so; with no hints it
draws no ship and offers no ship button, though the view still holds ``ships``. The engine
answers the page on a position (``web_driver.EngineSide``), as in ``test_web_ships.py``.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser

from pysettlers.server.drawing import hints
from support.browser import watch_errors
from support.server_helpers import InProcessServer
from support.ships import COAST, OPEN, at
from support.ships import LINE as SHIPS
from support.web_driver import EngineSide

RENAMED = {
    "boats": {
        "paths": {
            "part": "boats",
            "member": "at",
            "piece": "ship",
            "shape": "boat",
            "class": "boats",
        },
        "build": {"kind": "ship", "title": "Boat", "what": "a boat"},
    }
}
SHIP_ROW = ".table-info [data-build='ship'], .table-info [data-cost='ship']"
"""The Building Costs card's ship row (a button in the seat's building time)."""


class BoatSide(EngineSide):
    """The server's side with the view's ships copied under ``boats.at``."""

    def state(self, since: int | None) -> str:
        message = json.loads(super().state(since))
        message["view"]["boats"] = {"at": message["view"]["ships"]["ships"]}
        return json.dumps(message)


def test_the_page_draws_the_pieces_and_buttons_its_hints_name(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    s = at(COAST, OPEN, ships=SHIPS, hands={"p0": "1lumber+1wool"})
    assert hints(s.rules)["ships"]["paths"]["part"] == "ships"  # (what the server sends)
    side = BoatSide(s, 0)
    side.drawing = RENAMED
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    page.wait_for_selector("svg.board .boats .ship")
    assert page.locator("svg.board .boats g.ship[data-seat]").count() == len(SHIPS)
    assert page.locator("svg.board .ships").count() == 0  # view.ships is not read by name
    row = page.locator(SHIP_ROW)
    assert "Boat" in row.inner_text()
    assert not errors, errors
    context.close()

    side = BoatSide(s, 0)
    side.drawing = {}  # the base game's: nothing of a scenario's is drawn
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    side.open(page, web.url)
    page.wait_for_selector("svg.board .hex")
    assert page.locator("svg.board g.ship[data-seat]").count() == 0  # (ghosts are targets)
    assert (
        page.locator(".table-info [data-build='ship'], .table-info [data-cost='ship']").count() == 0
    )
    context.close()
