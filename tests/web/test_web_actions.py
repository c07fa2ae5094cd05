"""Every action of the engine by clicking (issue 12, point 4), each reached quickly.

What this is for: the actions the whole-game test (``test_web.py``, (a)) may never meet —
domestic counter-offers both ways, Year of Plenty, Monopoly, Road Building with its two
roads, the Special Building Phase on the 5–6 board. Each test creates a game on the real
server with every seat held by the test (:class:`web_driver.Table`, real dice so the test
chooses rolls and cards), plays the other seats over their WebSockets up to the moment,
hands one seat to a browser page and makes the decision there by clicking only. What the
server then holds is the check. Screenshots go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from pysettlers.words import places
from support.browser import new_page, shot
from support.builders import position
from support.server_helpers import InProcessServer
from support.web_driver import NAMES, RESOURCES, EngineSide, Steer, Table


def hand_shown(page: Page) -> dict[str, int]:
    cards = page.query_selector_all(".hand .card[data-res]")
    return {
        c.get_attribute("data-res") or "": int(c.get_attribute("data-count") or 0) for c in cards
    }


def after(page: Page, version: int) -> None:
    """Wait until the page shows a state newer than ``version``."""
    page.wait_for_function("v => +document.querySelector('.game').dataset.version > v", arg=version)


def set_up(t: Table, steer: Steer) -> None:
    t.play(steer, lambda t: t.view()["phase"] not in ("setup_settlement", "setup_road"))


def test_domestic_counter_offers_both_ways(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    t = Table(web.url, {"players": 3, "seed": 11, "vp_target": 10})
    steer = Steer(me=0, want=("brick", "lumber", "wool", "grain", "ore"))
    set_up(t, steer)
    # Seat 1's turn, rolled: it offers seat 0 one card of its own for one seat 0 holds.
    t.play(steer, lambda t: t.view()["current"] == 1 and t.view()["phase"] == "main")
    mine = t.view(0)["you"]["hand"]
    # The legal list has the 1-for-1 offers to everyone; this one goes to seat 0 alone.
    units = [a.split() for a in t.state(1)["legal"] if " offer " in a]
    give1, get1 = next(
        (w[2][1:], w[4][1:])
        for w in units
        if mine[w[4][1:]] > 0 and any(mine[r] for r in RESOURCES if r not in (w[2][1:], w[4][1:]))
    )
    offer = f"p1 offer 1{give1} for 1{get1} to p0"
    # On a phone: the offer, the counter-offer composer and the answers must fit 375 px.
    context, page, errors = new_page(
        web_browser,
        viewport={"width": 375, "height": 812},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    t.open(page, 0)
    t.act(1, offer)
    page.wait_for_selector(".offer-box [data-act=counter]")
    shot(page, "f1-offer-received")
    page.click(".offer-box [data-act=counter]")
    # The counter starts from the offer seen from this side; give another card instead.
    compose = page.locator(".modal .offer-compose")
    assert compose.locator(".stepper").nth(0).locator(f"[data-res={get1}] b").inner_text() == "1"
    other = next(r for r in RESOURCES if r not in (get1, give1) and mine[r] > 0)
    compose.locator(".stepper").nth(0).locator(f"[data-res={get1}] + .step-down").click()
    compose.locator(".stepper").nth(0).locator(f"[data-res={other}]").click()
    shot(page, "f2-counter-compose")
    version = t.version
    page.click(".modal [data-send=counter]")
    t.wait_past(version, "the counter-offer")
    o = t.view(1)["offer"]
    assert o["answers"]["p0"] == "countered", o
    assert o["counters"]["p0"] == {"give": f"1{other}", "get": f"1{give1}"}, o
    before = t.view(1)["you"]["hand"]
    t.act(1, f"p1 confirm p0 #{o['id']}")
    assert t.view(1)["you"]["hand"][other] == before[other] + 1
    page.wait_for_function("!document.querySelector('.offer-box')")

    # Now the page's own offer, countered by seat 2, and the page takes the counter.
    t.play(steer, lambda t: t.view()["current"] == 0 and t.view()["phase"] == "pre_roll")
    page.wait_for_selector("[data-act=roll]")
    page.click("[data-act=roll]")
    page.click(".modal [data-die='0-1']")
    page.click(".modal [data-die='1-2']")
    page.click(".modal .primary")
    page.wait_for_selector("[data-act=trade]")
    hand = hand_shown(page)
    mine_give = max(hand, key=lambda r: hand[r])
    theirs = t.view(2)["you"]["hand"]
    ask = next(r for r in RESOURCES if r != mine_give and theirs[r] > 0)
    page.click("[data-act=trade]")
    page.click(".modal [data-tab=players]")
    page.click(f".modal .offer-compose .stepper >> nth=0 >> [data-res={mine_give}]")
    page.click(f".modal .offer-compose .stepper >> nth=1 >> [data-res={ask}]")
    page.uncheck(".modal [data-to='1']")
    version = t.version
    page.click(".modal [data-send=offer]")
    t.wait_past(version, "the page's offer")
    made = t.view(2)["offer"]
    assert made["from"] == 0 and made["give"] == f"1{mine_give}" and made["get"] == f"1{ask}"
    assert list(made["answers"]) == ["p2"], made  # seat 1 was unticked
    counters = [a for a in t.state(2)["legal"] if " counter " in a]
    n = made["id"]  # every answer names the offer
    # Seat 2 wants two of the card instead of one (or another card it can use).
    pick = next(
        (a for a in counters if a == f"p2 counter 1{ask} for 2{mine_give} #{n}"),
        next(a for a in counters if a != f"p2 counter 1{ask} for 1{mine_give} #{n}"),
    )
    t.act(2, pick)
    page.wait_for_selector(f".offer-box [data-act='p0 confirm p2 #{n}']")
    shot(page, "f3-counter-received")
    assert "counters" in page.inner_text(".offer-box .answers")
    before = t.view(2)["you"]["hand"]
    page.click(f".offer-box [data-act='p0 confirm p2 #{n}']")
    t.wait(lambda: t.view(2)["you"]["hand"] != before, "the trade")
    gets = pick.split()[2]
    assert t.view(2)["you"]["hand"][gets[1:]] == before[gets[1:]] - int(gets[0])
    page.wait_for_function("!document.querySelector('.offer-box')")
    log = page.inner_text(".log")
    assert "counter" in log.lower()
    assert not errors, errors
    t.close()
    context.close()


def page_roll(page: Page, a: int = 1, b: int = 2) -> None:
    """Roll at a real table: the dice entered in the dialog."""
    page.click("[data-act=roll]")
    page.click(f".modal [data-die='0-{a}']")
    page.click(f".modal [data-die='1-{b}']")
    page.click(".modal .primary")


def my_turn_again(t: Table, steer: Steer, page: Page) -> None:
    """End the page's turn by clicking, play the others, until the page's next roll."""
    page.click("[data-act=end]")
    t.play(steer, lambda t: t.view()["current"] == 0 and t.view()["phase"] == "pre_roll")
    page.wait_for_selector(f".game[data-version='{t.version}'] [data-act=roll]")


def test_year_of_plenty_monopoly_and_road_building(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    t = Table(web.url, {"players": 3, "seed": 5, "vp_target": 10})
    cards = ["year-of-plenty", "monopoly", "road-building"]
    steer = Steer(me=0, buy=list(cards))

    def ready(t: Table) -> bool:
        v = t.view(0)
        devs = v["you"]["development_cards"]
        return (
            all(devs[c] for c in cards)
            and v["current"] == 0
            and v["phase"] == "pre_roll"
            and not any(v["you"]["bought_this_turn"].values())
        )

    t.play(steer, ready)
    context, page, errors = new_page(web_browser)
    t.open(page, 0)
    shot(page, "g1-development-cards")

    # Year of Plenty (before the roll): two resources from the bank.
    hand = hand_shown(page)
    page.click("[data-act=play-year-of-plenty]")
    page.click(".modal .res-btn[data-res=ore]")
    page.click(".modal .res-btn[data-res=brick]")
    shot(page, "g2-year-of-plenty")
    version = t.version
    page.click(".modal .primary")
    t.wait_past(version, "Year of Plenty")
    after(page, version)
    got = hand_shown(page)
    assert got["ore"] == hand["ore"] + 1 and got["brick"] == hand["brick"] + 1, (hand, got)
    assert "Year of Plenty" in page.inner_text(".log") or "year of plenty" in page.inner_text(
        ".log"
    )
    page_roll(page)
    page.wait_for_selector("[data-act=end]")
    my_turn_again(t, steer, page)

    # Monopoly: every other player's cards of one kind.
    others = {q: t.view(q)["you"]["hand"] for q in (1, 2)}
    res = max(RESOURCES, key=lambda r: sum(h[r] for h in others.values()))
    owed = sum(h[res] for h in others.values())
    hand = hand_shown(page)
    page.click("[data-act=play-monopoly]")
    version = t.version
    page.click(f".modal .res-btn[data-res={res}]")
    t.wait_past(version, "Monopoly")
    after(page, version)
    assert hand_shown(page)[res] == hand[res] + owed
    assert all(t.view(q)["you"]["hand"][res] == 0 for q in (1, 2))
    page_roll(page)
    page.wait_for_selector("[data-act=end]")
    my_turn_again(t, steer, page)

    # Road Building: two free roads, each clicked on the board.
    roads = len([r for r in t.view(1)["roads"].values() if r == 0])
    page.click("[data-act=play-road-building]")
    page.wait_for_selector(".game[data-phase=road_building]")
    assert "Place 2 free roads" in page.inner_text(".status")
    shot(page, "g3-road-building")
    for left in (2, 1):
        version = t.version
        page.locator(".target.road").first.dispatch_event("click")
        t.wait_past(version, f"free road ({left} left)")
        # The next click must land on the targets of the new state, not the old page's.
        after(page, version)
    mine = [r for r in t.view(1)["roads"].values() if r == 0]
    assert len(mine) == roads + 2
    page.wait_for_selector("[data-act=roll]")
    assert not errors, errors
    t.close()
    context.close()


def test_special_building_phase_on_the_five_six_board(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    rules = {"players": 5, "seed": 3, "vp_target": 10, "large_game_variant": "special_building"}
    t = Table(web.url, rules)
    steer = Steer(me=0, want=("brick", "lumber"))

    def my_special_build(t: Table) -> bool:
        v = t.view(0)
        return (
            v["phase"] == "special_build"
            and 0 in v["deciders"]
            and any(" road " in a for a in t.state(0)["legal"])
        )

    t.play(steer, my_special_build)
    view = t.view(0)
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 900})
    t.open(page, 0)
    # The 5–6 board: every hex and harbor the server describes is drawn.
    hexes = page.eval_on_selector_all("svg.board .land .hex", "els => els.map(e => e.dataset.hex)")
    assert sorted(hexes) == sorted(h["hex"] for h in view["board"]["hexes"])
    assert len(hexes) == 30
    harbors = page.eval_on_selector_all("svg.board .harbors .harbor", "els => els.length")
    assert harbors == len(view["board"]["harbors"]) == 11
    assert page.eval_on_selector_all(".player", "els => els.length") == 5
    assert "Special Building Phase" in page.inner_text(".status")
    assert page.inner_text("[data-act=end]").startswith("Pass")
    shot(page, "h1-special-building-5-6-board")
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "h2-5-6-board-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.set_viewport_size({"width": 1280, "height": 900})
    roads = len([r for r in t.view(1)["roads"].values() if r == 0])
    version = t.version
    page.locator(".target.road").first.dispatch_event("click")
    t.wait_past(version, "the road of the Special Building Phase")
    assert len([r for r in t.view(1)["roads"].values() if r == 0]) == roads + 1
    page.wait_for_selector(f".game[data-version='{t.version}']")
    if page.is_visible("[data-act=end]"):  # still in the phase: pass by clicking
        version = t.version
        page.click("[data-act=end]")
        t.wait_past(version, "the pass")
    assert t.view(1)["special_builder"] != 0 or t.view(1)["phase"] != "special_build"
    assert not errors, errors
    t.close()
    context.close()


def test_real_dice_robbing_a_player_with_no_cards_names_no_card(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    """At a real table the thief names the card taken — unless the victim has none: then
    there is nothing to name and the action goes without an outcome (the server refuses an
    outcome where there is no chance). Played on a position, the engine answering the page."""
    s = position(
        pieces={
            "p0": {"settlements": ["(-1,1)S"]},
            "p1": {"settlements": ["(1,0)S"]},  # no cards
            "p2": {"settlements": ["(-1,-1)N"]},
        },
        hands={"p0": "1ore", "p1": "nothing", "p2": "2ore"},
        dev={"p0": "knight"},
        phase="pre_roll",
    )
    side = EngineSide(s, 0, manual=True)
    context, page, errors = new_page(web_browser)
    side.open(page, web.url)
    page.click("[data-act=play-knight]")
    page.wait_for_selector(".game[data-phase=move_robber] .target.hex[data-name='(1,0)']")
    # The target in the server's words (pysettlers.words): the hex by terrain and number,
    # the victim with their card count; the notation stays in the tooltip.
    hex_words = places(s.board).hex(s.topo.parse_hex("(1,0)"))
    target = page.locator(".target.hex[data-name='(1,0)']")
    assert target.get_attribute("aria-label") == (
        f"Move the robber to {hex_words} and steal from {NAMES[1]} (no cards)"
    )
    assert "(1,0)" in (target.locator("title").text_content() or "")
    target.dispatch_event("click")
    page.wait_for_selector(".game[data-phase=pre_roll]")  # (a knight before the roll)
    assert side.sent == ["p0 knight", "p0 robber (1,0) p1"] and side.outcomes == [None, None]
    assert not side.refused, side.refused
    # The log shows the server's sentence for this seat, word for word.
    log = page.inner_text(".log").splitlines()
    assert f"You move the robber to {hex_words}, but {NAMES[1]} has no cards to steal." in log
    # A victim with cards: the card taken is asked for, and sent with the action.
    s2 = position(
        pieces={"p0": {"settlements": ["(-1,1)S"]}, "p2": {"settlements": ["(1,0)S"]}},
        hands={"p0": "1ore", "p2": "2ore"},
        dev={"p0": "knight"},
        phase="pre_roll",
    )
    side = EngineSide(s2, 0, manual=True)
    side.open(page, web.url)
    page.click("[data-act=play-knight]")
    page.wait_for_selector(".game[data-phase=move_robber]")
    page.locator(".target.hex[data-name='(1,0)']").dispatch_event("click")
    page.click(".modal .choice[title=ore], .modal .choice:has(.res-ore)")
    page.wait_for_selector(".game[data-phase=pre_roll]")  # (a knight before the roll)
    assert side.outcomes == [None, "ore"] and not side.refused, (side.sent, side.refused)
    assert not errors, errors
    context.close()
