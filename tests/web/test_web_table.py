"""The table's information and the end of the game in the browser (issue 28, points 4 and 5).

What this is for: the Building Costs card and its build buttons — a disabled button says what
the hand lacks, an enabled one enters placement mode (only that kind's targets, the legal
actions the server sent) and builds; the bank's cards, the development cards left and every
player's pieces left are the view's; at the end the results rank every player by the
engine's total (victory point cards turned up, a loser's too) with each breakdown, and the
rematch seats the same players on a new map. Each test plays a game on the real server with
the seats held by the test (``web_driver.Table``, real dice) and hands one seat to a page;
screenshots at 1280×800 and 390×844 go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from pysettlers.engine import replay
from support.browser import new_page, shot
from support.server_helpers import InProcessServer
from support.web_driver import RESOURCES, Steer, Table

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def bundle(text: str) -> dict[str, int]:
    """'1brick+2ore' -> {'brick': 1, 'ore': 2} (the notation's bundles)."""
    out: dict[str, int] = {}
    for item in text.split("+"):
        m = re.fullmatch(r"(\d+)([a-z]+)", item)
        assert m, text
        out[m.group(2)] = int(m.group(1))
    return out


def shown_bank(page: Page) -> dict[str, int]:
    return {r: int(page.inner_text(f".bank-line [data-bank-res={r}] b")) for r in RESOURCES}


def shown_pieces(page: Page, seat: int) -> dict[str, int]:
    return {
        k: int(page.inner_text(f".player[data-seat='{seat}'] [data-left={k}] b"))
        for k in ("roads", "settlements", "cities")
    }


def check_table_facts(page: Page, view: dict[str, Any]) -> None:
    """The bank, the deck and every player's pieces left, as the page shows them, are the
    view's."""
    assert shown_bank(page) == view["bank"]
    assert int(page.get_attribute(".bank-line [data-deck]", "data-deck") or -1) == view["deck_size"]
    for p in view["players"]:
        assert shown_pieces(page, p["seat"]) == p["pieces_left"], p["seat"]


def test_cost_card_and_build_buttons(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    t = Table(web.url, {"players": 3, "seed": 21, "vp_target": 10})
    steer = Steer(me=0, want=("brick", "lumber"))
    # Seat 0 in its main phase, rolled, with a road to build (the rolls pay it brick and lumber).
    t.play(
        steer,
        lambda t: (
            t.view()["current"] == 0
            and t.view()["phase"] == "main"
            and any(" road " in a for a in t.state(0)["legal"])
        ),
    )
    legal = t.state(0)["legal"]
    view = t.view(0)
    hand = view["you"]["hand"]
    costs = view["rules"]["costs"]
    context, page, errors = new_page(web_browser, **DESKTOP)
    t.open(page, 0)
    page.wait_for_selector(".cost-card[data-mine] [data-build=road]")

    # The card's costs are the view's rules' (the engine's Building Costs table).
    for kind in ("road", "settlement", "city", "development"):
        tiles = page.eval_on_selector_all(
            f".cost-card [data-build={kind}] .cost-tile", "els => els.map(e => e.dataset.res)"
        )
        assert Counter(tiles) == bundle(costs[kind]), kind
    # A kind the hand cannot pay: disabled, naming exactly what is missing.
    missing = {}
    for kind, kw in (("settlement", "settlement"), ("city", "city"), ("development", "buy")):
        short = {r: n - hand[r] for r, n in bundle(costs[kind]).items() if n > hand[r]}
        if short:
            assert not any(a.split()[1] == kw for a in legal)
            missing[kind] = "needs " + ", ".join(f"{short[r]} {r}" for r in RESOURCES if r in short)
    assert missing, hand  # (the rolls paid brick and lumber only: a city is out of reach)
    for kind, words in missing.items():
        button = page.locator(f".cost-card [data-build={kind}]")
        assert button.is_disabled()
        assert button.locator(".why").inner_text() == words
    check_table_facts(page, view)

    # The road: enabled; a click shows the road targets alone — the server's legal roads.
    roads = sorted(a.split()[2] for a in legal if a.split()[1] == "road")
    road = page.locator(".cost-card [data-build=road]")
    assert road.is_enabled()
    road.click()
    page.wait_for_selector(".cost-card [data-build=road][aria-pressed=true]")
    kinds = page.eval_on_selector_all(".board .target", "els => els.map(e => e.classList[2])")
    assert set(kinds) == {"road"}, kinds
    shown = page.eval_on_selector_all(".board .target.road", "els => els.map(e => e.dataset.name)")
    assert sorted(shown) == roads
    assert "Tap a highlighted edge" in page.inner_text(".controls .hint")
    shot(page, "t1-placing-road-1280")
    # Clicked again, placement mode ends; clicked once more, it is back.
    road.click()
    page.wait_for_selector(".cost-card [data-build=road][aria-pressed=false]")
    road.click()
    page.wait_for_selector(".cost-card [data-build=road][aria-pressed=true]")
    target = page.locator(".board .target.road").first
    name = target.get_attribute("data-name")
    version = t.version
    target.dispatch_event("click")
    t.wait_past(version, "the road built from placement mode")
    page.wait_for_function("v => +document.querySelector('.game').dataset.version > v", arg=version)
    after = t.view(1)
    assert after["roads"][name] == 0
    assert (
        after["players"][0]["pieces_left"]["roads"]
        == view["players"][0]["pieces_left"]["roads"] - 1
    )
    # The new state ends placement mode; the page's bank and pieces follow the view.
    assert page.locator(".cost-card [data-build=road][aria-pressed=true]").count() == 0
    check_table_facts(page, after)
    shot(page, "t2-built-1280")
    assert not errors, errors
    context.close()

    # On a phone: the same card, its rows wide enough to read (touch targets of 32 px).
    context, page, errors = new_page(web_browser, **PHONE)
    t.open(page, 0)
    page.wait_for_selector(".cost-card[data-mine]")
    heights = page.eval_on_selector_all(
        ".cost-card button.build-row", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 32, heights
    page.locator(".cost-card").scroll_into_view_if_needed()
    shot(page, "t3-cost-card-390")
    assert not errors, errors
    context.close()
    t.close()


def test_game_over_totals_and_rematch(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    # Seat 1 buys a victory point card first (it loses, holding it); then seat 0 buys two and
    # wins at 4 points. Each seat's rolls pay that seat what a development card costs.
    t = Table(web.url, {"players": 3, "seed": 8, "vp_target": 4})
    want = ("wool", "grain", "ore")
    steer0 = Steer(me=0, want=want)
    steer1 = Steer(me=1, want=want, buy=["victory-point"])

    def choose(t: Table, seat: int, legal: list[str]) -> tuple[str, str | None]:
        return (steer1 if seat == 1 else steer0)(t, seat, legal)

    t.play(choose, lambda t: t.view(1)["you"]["development_cards"]["victory-point"] == 1, 800)
    steer0.buy = ["victory-point", "victory-point"]
    t.play(choose, lambda t: t.view()["phase"] == "game_over", 800)
    record = httpx.get(f"{web.url}/api/games/{t.id}/record", timeout=10).json()
    final = replay(record).state
    totals = {p: final.total_vp(p) for p in range(3)}
    assert final.winner == 0 and final.dev[5 * 1 + 4] == 1  # a loser holds a card

    context, page, errors = new_page(web_browser, **DESKTOP)
    t.open(page, 0)
    page.wait_for_selector(".modal .game-over .scores")
    shown = page.eval_on_selector_all(
        ".modal .scores li.score", "els => els.map(e => [+e.dataset.seat, +e.dataset.total])"
    )
    # Ranked by total (the winner first on a tie), each total the engine's.
    assert dict(shown) == totals
    assert shown[0][0] == 0
    assert [v for _, v in shown] == sorted(totals.values(), reverse=True)
    # The breakdown names where the points come from: seat 1's card is turned up.
    parts1 = page.inner_text(".modal li.score[data-seat='1'] .score-parts")
    assert "1 victory point card +1" in parts1, parts1
    parts0 = page.inner_text(".modal li.score[data-seat='0'] .score-parts")
    assert "2 victory point cards +2" in parts0, parts0
    # The players' panel agrees with the results (final points for everyone).
    for p, total in totals.items():
        assert page.get_attribute(f".player[data-seat='{p}'] .vp", "data-vp") == str(total)
    shot(page, "t4-game-over-1280")

    # Bo (seat 1) starts the rematch; the page is told and joins it with its own seat.
    r = httpx.post(
        f"{web.url}/api/games/{t.id}/rematch",
        headers={"authorization": f"Bearer {t.tokens[1]}"},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    new = r.json()["game"]["id"]
    page.wait_for_selector(".modal [data-rematch]:has-text('Join the rematch')")
    assert "Bo started a rematch" in page.inner_text(".modal .rematch-msg")
    page.click(".modal [data-rematch]")
    page.wait_for_function(f"() => location.hash === '#/game/{new}'")
    # Ann's seat 0 joined: seat 2 (human) still to come.
    page.wait_for_selector(".game[data-seat='0'][data-status=open]")
    summary = httpx.get(f"{web.url}/api/games/{new}", timeout=10).json()
    assert [(s["seat"], s["kind"], s["name"], s["taken"]) for s in summary["seats"]] == [
        (0, "human", "Ann", True),
        (1, "human", "Bo", True),
        (2, "human", "Cy", False),
    ]
    assert summary["rules"]["vp_target"] == 4 and summary["manual_chance"] is True
    cy = httpx.post(
        f"{web.url}/api/games/{t.id}/rematch",
        headers={"authorization": f"Bearer {t.tokens[2]}"},
        timeout=10,
    )
    assert cy.status_code == 201 and cy.json()["you"]["seat"] == 2, cy.text
    page.wait_for_selector(".game[data-seat='0'][data-status=in_progress]")
    assert page.locator(".board .hex").count() == 19
    assert not errors, errors
    context.close()

    # The results on a phone.
    context, page, errors = new_page(web_browser, **PHONE)
    t.open(page, 0)
    page.wait_for_selector(".modal .game-over .scores")
    shot(page, "t5-game-over-390")
    # The statistics' points table says what each column counts; its totals are the engine's.
    page.click(".modal a[href^='#/replay/']")
    page.wait_for_selector(".points-table")
    heads = page.eval_on_selector_all(".points-table th", "els => els.map(e => e.textContent)")
    assert "Cities (2 points each)" in heads and "Total points" in heads, heads
    for p, total in totals.items():
        row = f".points-table tr[data-seat='{p}']"
        assert page.inner_text(f"{row} td[data-col=total] b") == str(total)
        cards = final.dev[5 * p + 4]
        assert page.inner_text(f"{row} td[data-col=victory_point_cards] b") == str(cards)
    page.locator(".points-table").scroll_into_view_if_needed()
    shot(page, "t6-points-table-390")
    assert not errors, errors
    context.close()
    t.close()
