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
from support.web_driver import CORNERS, DICE, RESOURCES, Steer, Table, lattice

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
    card = page.locator(f".player[data-seat='{seat}']")
    if not card.locator(".pieces-left").is_visible():
        card.click()  # (another player's pieces left: shown on demand, a click on the card)
    assert card.locator(".pieces-left").is_visible(), seat
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
    # A mouse, not a touch screen: the hint says to click.
    assert "Click a highlighted edge" in page.inner_text(".controls .hint")
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


# Each player's card: inside the viewport and not covered (by the log, an offer, a toast) at
# three points, its corners — what a person sees without scrolling.
CARDS_IN_VIEW = """() => [...document.querySelectorAll('.player')].map(el => {
    const r = el.getBoundingClientRect();
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const at = [[r.left + 6, r.top + 6], [r.right - 6, r.bottom - 6], [r.left + 6, r.bottom - 6]];
    const seen = at.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return !!hit && el.contains(hit);
    });
    return [+el.dataset.seat, inside && seen];
})"""
NAME_WIDTHS = """() => Object.fromEntries([...document.querySelectorAll('.player')].map(el => {
    const n = el.querySelector('.pname');
    return [el.dataset.seat, [n.clientWidth, n.scrollWidth > n.clientWidth]];
}))"""


def rect(page: Page, selector: str) -> dict[str, float]:
    r: dict[str, float] = page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect(); "
        "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }",
    )
    return r


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def paying_another(view: dict[str, Any], me: int) -> str:
    """Dice (real dice: "a+b") whose total pays a player other than ``me``."""
    for hx in view["board"]["hexes"]:
        if not hx.get("number") or hx["number"] == 7 or hx["hex"] == view["robber"]:
            continue
        corners = {lattice(hx["hex"] + c) for c in CORNERS}
        if any(b["player"] != me and lattice(n) in corners for n, b in view["buildings"].items()):
            return DICE[hx["number"]]
    raise AssertionError("no number pays another player")


def test_every_player_in_view_on_a_laptop_and_the_roll_is_whose(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    """QA tour A: at 1280×800 in a 4-player game every player's card is in view with the
    Build card open and with an offer open; the "+1 wool" badges never take a name's room;
    the dice beside the board say whose roll they show, and a new turn's are marked the last
    turn's; at most three toasts, clear of the board; on a phone the zoom buttons and the
    dice sit below the board, not over its harbors, and toasts under the status line."""
    t = Table(web.url, {"players": 4, "seed": 21, "vp_target": 10})
    steer = Steer(me=0, want=("brick", "lumber"))
    t.play(
        steer,
        lambda t: (
            t.view()["turn"] >= 5 and t.view()["current"] == 0 and t.view()["phase"] == "pre_roll"
        ),
    )
    roller = 3  # (the turn before seat 0's is the last seat's)
    context, page, errors = new_page(web_browser, **DESKTOP)
    t.open(page, 0)
    page.wait_for_selector("[data-act=roll]")
    # Asked to roll: the dice shown are the last turn's, someone else's, and say so.
    assert page.get_attribute(".dice", "class") == "dice old"
    assert page.inner_text(".dice .swatch") == str(roller + 1)
    assert "last turn" in page.inner_text(".dice")
    assert all(seen for _, seen in page.evaluate(CARDS_IN_VIEW)), page.evaluate(CARDS_IN_VIEW)
    # Your own pieces left are on your card; another's on demand (check_table_facts clicks).
    assert page.locator(".player[data-seat='0'] .pieces-left").is_visible()
    assert not page.locator(".player[data-seat='1'] .pieces-left").is_visible()
    widths = page.evaluate(NAME_WIDTHS)

    # The page rolls a number that pays another player: badges on that card, the Build card.
    a, b = paying_another(t.view(), 0).split("+")
    page.click("[data-act=roll]")
    page.click(f".modal [data-die='0-{a}']")
    page.click(f".modal [data-die='1-{b}']")
    page.click(".modal .primary")
    page.wait_for_selector(".cost-card[data-mine]")
    page.wait_for_selector(".player:not([data-seat='0']) .fx-badges .fx-badge")
    assert page.get_attribute(".dice", "class") == "dice"
    assert page.inner_text(".dice .swatch") == "1"
    shot(page, "t5-build-and-badges-1280x800")
    assert all(seen for _, seen in page.evaluate(CARDS_IN_VIEW)), page.evaluate(CARDS_IN_VIEW)
    # The badges take no room from a name: each keeps its width, none cut short.
    assert page.evaluate(NAME_WIDTHS) == widths
    assert not any(cut for _, cut in widths.values()), widths
    check_table_facts(page, t.view(1))

    # Toasts: the newest three, clear of the board (its zoom buttons, its harbors).
    page.evaluate(
        """async () => { const { toast } = await import('/js/dom.js');
        for (const n of [1, 2, 3, 4, 5]) toast(`notice ${n}`, 'info', 8000); }"""
    )
    assert page.eval_on_selector_all("#toasts .toast", "ts => ts.map(t => t.textContent)") == [
        "notice 3",
        "notice 4",
        "notice 5",
    ]
    assert not overlap(rect(page, "#toasts"), rect(page, ".board-area"))
    page.evaluate("document.getElementById('toasts').replaceChildren()")

    # The next player offers the page a trade: the offer box above, every player still in view.
    version = t.version
    page.click("[data-act=end]")
    t.wait_past(version, "the page's turn ended")
    t.play(steer, lambda t: t.view()["current"] == 1 and t.view()["phase"] == "main")
    offer = next(x for x in t.state(1)["legal"] if " offer " in x and "p0" in x)
    t.act(1, offer)
    page.wait_for_selector(".offer-box [data-act=reject]")
    shot(page, "t6-offer-1280x800")
    assert all(seen for _, seen in page.evaluate(CARDS_IN_VIEW)), page.evaluate(CARDS_IN_VIEW)
    assert not errors, errors
    context.close()

    # A phone: the zoom buttons and the dice on the sea below the board; toasts under the
    # status line (clear of the bottom sheets).
    context, page, errors = new_page(web_browser, **PHONE)
    t.open(page, 0)
    page.wait_for_selector(".dice .die")
    board = rect(page, ".board-wrap")
    for part in (".zoom", ".dice"):
        assert rect(page, part)["top"] >= board["bottom"] - 1, part
    page.evaluate("async () => (await import('/js/dom.js')).toast('notice', 'info', 8000)")
    assert rect(page, "#toasts")["top"] >= rect(page, ".status")["bottom"]
    shot(page, "t7-phone-390")
    assert not errors, errors
    context.close()
    t.close()
