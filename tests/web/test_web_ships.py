"""Seafarers ships in the browser: ticked in the lobby, built and moved by clicking, drawn.

What this is for: the client's part of ``scenarios/ships`` — the lobby's option reaches the
game's rules; a ``ship`` action's path is a target on the board and clicking it sends that
action; a ``move-ship`` action's target is the path the ship would go to; ships are drawn
as boats in their seat's colour. The engine answers the page on a position
(``web_driver.EngineSide``), as in ``test_web_pirate.py``. Screenshots (a desktop and a
375 px phone) go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from pysettlers.engine import Rules
from support.browser import shot, watch_errors
from support.server_helpers import InProcessServer
from support.ships import COAST, ISLES, LINE, OPEN, at
from support.web_driver import EngineSide


def test_a_ship_is_built_across_the_channel_by_clicking(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    s = at(ISLES, {"p0": {"settlements": ["(1,-2)S"]}}, hands={"p0": "1lumber+1wool"})
    side = EngineSide(s, 0)
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    target = ".target.edge.ship[data-name='(0,-1)E']"
    page.wait_for_selector(target)
    assert page.locator(".target.edge.ship").count() == 3  # the three sea paths there
    page.locator(target).dispatch_event("click")
    page.wait_for_selector("svg.board .ships .ship[data-name='(0,-1)E']")
    assert side.sent == ["p0 ship (0,-1)E"], side.sent
    assert not side.refused, side.refused
    page.wait_for_selector(".log .ev-ship")
    # The path in words (pysettlers.words), its coordinates only in the notation.
    assert "You build a ship over the water south of the 5 hills." in page.inner_text(".log")
    shot(page, "s1-ship-built")
    assert not errors, errors
    context.close()


def test_the_ship_at_the_open_end_is_moved_by_clicking(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    s = at(COAST, OPEN, ships=LINE)
    side = EngineSide(s, 0)
    for width, height, name in ((1200, 860, "s2-ship-move-targets"), (375, 740, "s3-ship-phone")):
        context = web_browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        errors = watch_errors(page)
        side.open(page, web.url)
        page.wait_for_selector(".target.edge.move-ship")
        assert page.locator("svg.board .ships .ship").count() == 2
        shot(page, name)
        assert not errors, errors
        context.close()
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    side.open(page, web.url)
    page.locator(".target.edge[data-name='(2,-2)NE']").dispatch_event("click")
    page.wait_for_selector("svg.board .ships .ship[data-name='(2,-2)NE']")
    assert side.sent == ["p0 move-ship (1,-2)NE to (2,-2)NE"], side.sent
    assert page.locator("svg.board .ships .ship").count() == 2
    context.close()


def test_the_lobby_creates_a_game_with_ships(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    context = web_browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Ann")
    page.click("details.rules summary")
    page.check("input[name=ships]")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    assert created.value.status == 201, created.value.text()
    game = created.value.json()["game"]
    assert game["rules"]["scenarios"] == ["ships"]
    page.wait_for_selector(".game[data-status=in_progress]")
    assert Rules.from_json(web.hub.sessions[game["id"]].info.rules).ships
    assert not errors, errors
    context.close()


def test_a_line_of_ships_sails_the_open_sea_by_clicking(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    """Ships on the open sea are drawn (the whole sea ring is in view), and an open-sea path
    joined to the line is a target that builds a ship there when clicked."""
    ships = {"(1,-3)E": "p0", "(1,-3)NE": "p0"}
    s = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}}, ships=ships, hands={"p0": "1lumber+1wool"})
    side = EngineSide(s, 0)
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    target = ".target.edge.ship[data-name='(1,-3)NW']"  # on the frame's outer rim
    page.wait_for_selector(target)
    assert page.locator("svg.board .ships .ship").count() == 2
    # Both ships lie inside the board's view box (the outer rim is drawn).
    inside = page.evaluate(
        """() => {
          const svg = document.querySelector('svg.board');
          const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
          return [...svg.querySelectorAll('.ships .ship line')].every((l) =>
            ['x1', 'x2'].every((a) => +l.getAttribute(a) >= x && +l.getAttribute(a) <= x + w)
            && ['y1', 'y2'].every((a) => +l.getAttribute(a) >= y && +l.getAttribute(a) <= y + h));
        }"""
    )
    assert inside
    shot(page, "s4-ships-open-sea")
    page.locator(target).dispatch_event("click")
    page.wait_for_selector("svg.board .ships .ship[data-name='(1,-3)NW']")
    assert side.sent == ["p0 ship (1,-3)NW"], side.sent
    assert not side.refused, side.refused
    assert page.locator("svg.board .ships .ship").count() == 3
    shot(page, "s5-ships-open-sea-built")
    assert not errors, errors
    context.close()
