"""The pirate in the browser: ticked in the lobby, harbors clickable, the robber on a harbor.

What this is for: the client's part of the 1996 pirate (``scenarios/pirate``) — the lobby's
option reaches the game's rules; when the legal actions include a ``pirate`` move its
harbor is a target on the board, and clicking it sends that action; the robber is then
drawn at the harbor's marker, which shows closed, and the log names the harbor. The
engine answers the page on a position (``web_driver.EngineSide``), as in
``test_web_actions.py``. Screenshots go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from pysettlers.engine import Rules
from support.browser import shot, watch_errors
from support.builders import position
from support.server_helpers import InProcessServer
from support.web_driver import EngineSide

PIRATE = Rules(map_kind="beginner", pirate=True)
ORE_PORT = "(2,-1)NE"


def test_a_knight_sends_the_robber_to_a_harbor_by_clicking(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    s = position(
        PIRATE,
        pieces={"p0": {"settlements": ["(-1,1)S"]}, "p1": {"settlements": [ORE_PORT]}},
        hands={"p0": "1ore", "p1": "2ore"},
        dev={"p0": "knight"},
        phase="pre_roll",
    )
    side = EngineSide(s, 0)
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    page.click("[data-act=play-knight]")
    target = f".game[data-phase=move_robber] .target.harbor[data-name='{ORE_PORT}']"
    page.wait_for_selector(target)
    assert page.locator(".target.harbor").count() == 9  # every harbor of the map
    assert page.locator(".target.hex").count() == 18  # and every hex but the robber's
    shot(page, "p1-pirate-targets")
    page.locator(target).dispatch_event("click")  # one victim there: sent at once
    page.wait_for_selector(".game[data-phase=pre_roll]")  # (a knight before the roll)
    assert side.sent == ["p0 knight", f"p0 pirate {ORE_PORT} p1"], side.sent
    assert not side.refused, side.refused
    page.wait_for_selector("svg.board .robber.on-harbor")
    assert page.locator("svg.board .robber").count() == 1
    assert page.locator(f"svg.board .harbor.closed[data-path='{ORE_PORT}']").count() == 1
    assert "You move the robber to the 2:1 ore harbor and steal" in page.inner_text(".log")
    shot(page, "p2-pirate-on-harbor")
    assert not errors, errors
    context.close()


def test_with_real_dice_the_card_stolen_on_a_harbor_is_asked_for(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    """The pirate's drawing hints (``chance``) tell the page which argument names the
    victim, whose card taken at the table is asked for and sent with the action."""
    s = position(
        PIRATE,
        pieces={"p0": {"settlements": ["(-1,1)S"]}, "p1": {"settlements": [ORE_PORT]}},
        hands={"p0": "1ore", "p1": "2ore"},
        dev={"p0": "knight"},
        phase="pre_roll",
    )
    side = EngineSide(s, 0, manual=True)
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    page.click("[data-act=play-knight]")
    target = f".game[data-phase=move_robber] .target.harbor[data-name='{ORE_PORT}']"
    page.wait_for_selector(target)
    page.locator(target).dispatch_event("click")
    page.click(".modal .choice:has(.res-ore)")
    page.wait_for_selector(".game[data-phase=pre_roll]")
    assert side.sent == ["p0 knight", f"p0 pirate {ORE_PORT} p1"], side.sent
    assert side.outcomes == [None, "ore"] and not side.refused, side.refused
    assert not errors, errors
    context.close()


def test_the_lobby_creates_a_game_with_the_pirate(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    context = web_browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Ann")
    page.click("details.rules summary")
    page.check("input[name=pirate]")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    assert created.value.status == 201, created.value.text()
    game = created.value.json()["game"]
    assert game["rules"]["scenarios"] == ["pirate"]
    page.wait_for_selector(".game[data-status=in_progress]")
    assert Rules.from_json(web.hub.sessions[game["id"]].info.rules).pirate
    assert not errors, errors
    context.close()
