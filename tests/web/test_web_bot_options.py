"""The lobby's bot panel drawn from the bots' option specs (the schema's ``bots``): a
choice option (the weighted and greedy bots' ``style``) is a list, and the value picked
reaches the seat's bot options on the server."""

from __future__ import annotations

from playwright.sync_api import Browser

from support.browser import SHOTS, new_page, shot
from support.server_helpers import InProcessServer


def test_lobby_picks_a_bots_style(web: InProcessServer, web_browser: Browser) -> None:
    context, page, errors = new_page(web_browser, viewport={"width": 1100, "height": 900})
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Cy")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=seat1-bot]", "greedy")
    page.click("[data-opts='1'] summary")
    styles = page.eval_on_selector_all(
        "select[name=seat1-style] option", "os => os.map(o => o.value)"
    )
    assert styles == ["plain", "roads", "cards", "cities", "harbors", "robber"]
    # The number inputs carry the spec's range (bots/options.py: offers within 0..1).
    assert page.get_attribute("input[name=seat1-offers]", "max") == "1"
    page.select_option("select[name=seat1-style]", "roads")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("[data-opts='1']").screenshot(path=str(SHOTS / "l30-bot-style-options.png"))
    shot(page, "l30-lobby-bot-style")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    assert created.value.status == 201, created.value.text()
    game = created.value.json()["game"]["id"]
    page.wait_for_selector(".game[data-status=in_progress]")
    seats = web.hub.sessions[game].info.seats
    assert (seats[1].bot, seats[1].bot_options) == ("greedy", {"style": "roads"})
    assert (seats[2].bot, seats[2].bot_options) == ("medium", {})
    assert not errors, errors
    context.close()
