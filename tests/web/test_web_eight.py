"""The browser client with 7–8 players on the 1996 maps: Playwright driving Debian's Chromium.

What this is for: the lobby offers 7 and 8 seats and, for them, only Big Island and Peanut
(the rules allow no other map); a game of 8 shows eight seats, their panels and the bigger
board without a cramped layout, at a desktop's width (1280 px) and a phone's (375 px), with
eight different colours and seat labels 1–8. Screenshots go to
``test-artifacts/screenshots/``.

What this is not: a whole game by clicking (``test_web.py`` plays one with 4 players).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from support.browser import shot, watch_errors
from support.server_helpers import InProcessServer

SEATS = ["human", "weighted", "greedy", "random", "weighted", "greedy", "random", "weighted"]


@pytest.mark.parametrize(
    ("width", "height", "map_kind"), [(1280, 900, "peanut"), (375, 812, "big-island")]
)
def test_eight_seats_on_a_1996_map(
    web: InProcessServer,
    web_browser: Browser,
    width: int,
    height: int,
    map_kind: str,
) -> None:
    phone = width < 600
    context = web_browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
    )
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.wait_for_selector(".preview svg.board .hex")
    page.fill("input[name=player_name]", "Ann")
    page.click("details.rules summary")
    page.select_option("select[name=players]", "8")
    # 7–8 players: only the 1996 maps can be chosen, and one of them is.
    assert page.input_value("select[name=map_kind]") == "big-island"
    enabled = page.eval_on_selector_all(
        "select[name=map_kind] option", "os => os.filter(o => !o.disabled).map(o => o.value)"
    )
    assert enabled == ["big-island", "peanut"]
    page.select_option("select[name=map_kind]", map_kind)
    page.wait_for_function("document.querySelectorAll('.preview svg.board .hex').length >= 37")
    shot(page, f"eight-lobby-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.get_attribute("input[name=discard_limit]", "placeholder") == "13"
    page.select_option("select[name=players]", "4")
    assert page.input_value("select[name=map_kind]") == "variable"
    page.select_option("select[name=players]", "8")
    page.select_option("select[name=map_kind]", map_kind)
    for i, kind in enumerate(SEATS[1:], start=1):
        page.select_option(f"select[name=seat{i}-bot]", kind)
    page.click("details.rules summary")  # closed again: open, it lies over the button
    page.click("[data-create]")
    page.wait_for_selector(".target")
    page.wait_for_selector(".player")
    shot(page, f"eight-game-{map_kind}-{width}")
    assert page.locator(".player").count() == 8
    hexes = page.locator("svg.board .hex").count()
    assert hexes >= (38 if map_kind == "peanut" else 37)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Eight seats, eight colours, eight labels.
    swatches = page.eval_on_selector_all(
        ".player .swatch", "ss => ss.map(s => [s.textContent, getComputedStyle(s).backgroundColor])"
    )
    assert sorted(label for label, _ in swatches) == [str(i) for i in range(1, 9)]
    assert len({colour for _, colour in swatches}) == 8
    assert not errors, errors
    context.close()
