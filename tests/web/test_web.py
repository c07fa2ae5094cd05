"""The browser client in a real browser: Playwright driving Debian's Chromium.

What this is for: issue 12, point 10 — (a) a human plays a whole 4-player game against 3
bots by clicking only (set-up, a domestic offer a bot answers, a robber move with a steal,
a discard, a development card bought and played); (b) two browser contexts join one game,
one through the invite link, and each page holds only its own hand; (e) the layout at a
phone's width. Screenshots of key moments go to ``test-artifacts/screenshots/``.

Playwright cannot download its browsers here: the tests use ``/usr/bin/chromium``
(``apt-get install chromium``). Without it they skip with that message — except in CI
(``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import Browser

from support.browser import SHOTS, create_in_lobby, shot, watch_errors
from support.server_helpers import InProcessServer
from support.web_driver import ClickPlayer


def test_a_whole_game_against_three_bots_by_clicking(
    web: InProcessServer, web_browser: Browser
) -> None:
    context = web_browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    errors = watch_errors(page)
    # Real dice (the server's manual_chance): the player enters each roll, so the test can
    # roll a 7 while holding more than seven cards — a discard and a robber move for sure.
    create_in_lobby(
        page,
        web.url,
        name="Ann",
        seats=["human", "weighted", "weighted", "weighted"],
        vp_target=10,
        manual=True,
    )
    page.wait_for_selector(".game[data-status=in_progress]")
    shot(page, "a1-setup")
    player = ClickPlayer(page, manual=True, shots=lambda name: shot(page, f"a-{name}"))
    player.play()
    page.wait_for_selector(".modal .game-over")
    shot(page, "a2-game-over")
    log = page.inner_text(".log")
    assert "wins with" in log
    assert player.did.get("discard"), player.did
    # (the server's words for this seat: "You", the hex by terrain and number, no coordinates)
    assert re.search(r"^You move the robber to the [^()]+? and steal", log, re.M), (
        player.did,
        [x for x in log.splitlines() if x.startswith("You")][-25:],
    )
    lines = log.splitlines()
    answered = [
        lines[i + 1]
        for i, line in enumerate(lines[:-1])
        if line.startswith("You offer")
        and re.match(r"Weighted bot \d (accepts|rejects|counters)", lines[i + 1])
    ]
    assert answered, [x for x in lines if "offer" in x]
    assert re.search(r"You buy a development card: knight", log), (
        player.did,
        [x for x in log.splitlines() if x.startswith("You")][-25:],
    )
    assert "You play a knight" in log
    assert "You build a settlement" in log and "You build a road" in log
    assert not errors, errors
    context.close()


def test_b_invite_link_two_contexts_each_sees_its_own_hand(
    web: InProcessServer, web_browser: Browser
) -> None:
    host = web_browser.new_context(viewport={"width": 1100, "height": 800})
    a = host.new_page()
    errors = watch_errors(a)
    create_in_lobby(a, web.url, name="Ann", seats=["human", "human", "random"], vp_target=4)
    url = a.input_value(".invite[data-invite='1'] .invite-url")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/join/[\w-]+\?invite=\S+", url), url
    shot(a, "b1-invite")
    a.click("a.button.primary >> text=Go to the game")
    # Until the guest comes, the game's page shows the invite link again.
    assert a.input_value(".controls .invite[data-invite='1'] .invite-url", timeout=10000) == url

    guest = web_browser.new_context(viewport={"width": 420, "height": 860})
    b = guest.new_page()
    errors += watch_errors(b)
    b.goto(url)
    b.fill("[data-name]", "Bo")
    b.click("[data-join-invite]")
    b.wait_for_selector(".game[data-status=in_progress]")
    a.wait_for_selector(".game[data-status=in_progress]")
    # Play the set-up by clicking in both pages until both hold their starting cards.
    for _ in range(200):
        ga, gb = (p.eval_on_selector(".game", "e => ({...e.dataset})") for p in (a, b))
        if ga["phase"] not in ("setup_settlement", "setup_road"):
            break
        for p, g in ((a, ga), (b, gb)):
            t = p.query_selector(".target")
            if g["legal"] != "0" and t is not None and not p.is_visible(".controls.sent"):
                t.dispatch_event("click")
        # The next state (a placement by either page or by the bot), or the page ready to act.
        a.wait_for_function(
            "v => { const g = document.querySelector('.game'); return g.dataset.version !== v"
            " || (g.dataset.legal !== '0' && !document.querySelector('.controls.sent')); }",
            arg=ga["version"],
            polling=50,
        )
    a.wait_for_selector(".hand[data-seat='0']")
    b.wait_for_selector(".hand[data-seat='1']")
    shot(a, "b2-host")
    shot(b, "b3-guest-phone")
    for page, me, other in ((a, 0, 1), (b, 1, 0)):
        # One hand in the page, the page's own seat's; the other seat only as public counts.
        private = page.eval_on_selector_all(
            "[data-private]", "els => els.map(e => e.className + ':' + e.dataset.seat)"
        )
        assert private == [f"hand:{me}"], private
        assert page.query_selector(f".hand[data-seat='{other}']") is None
    # The hands shown equal what each seat holds (the hand size the other page shows).
    hand_a = sum(
        int(c.get_attribute("data-count") or 0) for c in a.query_selector_all(".hand .card")
    )
    hand_b = sum(
        int(c.get_attribute("data-count") or 0) for c in b.query_selector_all(".hand .card")
    )
    size = {
        p: int(b.inner_text(f".player[data-seat='{p}'] .stat >> nth=0").split()[-1]) for p in (0, 1)
    }
    assert (hand_a, hand_b) == (size[0], size[1])
    assert hand_a + hand_b > 0
    assert not errors, errors
    host.close()
    guest.close()


def test_e_phone_layout(web: InProcessServer, web_browser: Browser) -> None:
    context = web_browser.new_context(
        viewport={"width": 375, "height": 812},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.wait_for_selector(".preview svg.board .hex")  # the map preview
    shot(page, "e1-phone-lobby")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    create_in_lobby(page, web.url, name="Cy", seats=["human", "greedy", "weighted"])
    page.wait_for_selector(".target")
    shot(page, "e2-phone-game")
    # Nothing wider than the screen; the board fills the width; its targets are tappable.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = page.locator("svg.board").bounding_box()
    assert box is not None and box["width"] >= 360

    # Zoom in, then fit the board again (the buttons a phone uses; a wheel does the same).
    def box_width() -> float:
        return float((page.get_attribute("svg.board", "viewBox") or "").split()[2])

    whole = box_width()
    page.click("[aria-label='zoom in']")
    assert box_width() < whole * 0.9
    page.click("[aria-label='fit the board']")
    assert box_width() == pytest.approx(whole, abs=1)
    # Two fingers spread apart on the board: a pinch zooms in, and taps nothing.
    version = page.get_attribute(".game", "data-version")
    box = page.locator("svg.board").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = context.new_cdp_session(page)

    def fingers(kind: str, spread: float) -> None:
        points = [{"x": cx - spread, "y": cy, "id": 0}, {"x": cx + spread, "y": cy, "id": 1}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 30)
    for spread in range(40, 130, 10):
        fingers("touchMove", spread)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert box_width() < whole * 0.5  # spread to four times apart: zoomed in about 4x
    assert page.get_attribute(".game", "data-version") == version
    shot(page, "e3-phone-pinched")
    page.click("[aria-label='fit the board']")
    page.locator(".target").first.tap()
    page.wait_for_function("document.querySelector('.game').dataset.version !== '0'")
    assert not errors, errors
    context.close()


def test_client_is_served(web: InProcessServer) -> None:
    r = httpx.get(web.url + "/", timeout=10)
    assert r.status_code == 200 and '<script type="module" src="/js/main.js">' in r.text
    assert httpx.get(web.url + "/join/XYZ?invite=abc", timeout=10).text == r.text
    for path in ("/js/game.js", "/js/board.js", "/css/app.css"):
        assert httpx.get(web.url + path, timeout=10).status_code == 200, path


def test_c_hotseat_hides_each_hand_from_the_other(
    web: InProcessServer, web_browser: Browser
) -> None:
    context = web_browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    errors = watch_errors(page)
    create_in_lobby(page, web.url, name="Ann", seats=["human", "human", "random"], hotseat=True)
    passes: list[str] = []
    decided: set[str] = set()
    for _ in range(400):
        if page.is_visible(".pass"):
            who = page.get_attribute(".pass", "data-pass") or ""
            # Between two humans' decisions nothing private is in the page at all.
            assert page.query_selector("[data-private]") is None
            assert page.query_selector(".game") is None
            if len(passes) == 1:
                shot(page, "c1-pass-device")
            passes.append(who)
            page.click("[data-reveal]")
            continue
        if page.query_selector(".game[data-phase]") is None:
            # Connecting, or between the pass screen and the game.
            page.wait_for_selector(".pass, .game[data-phase]")
            continue
        g = page.eval_on_selector(".game", "e => ({...e.dataset})")
        if g["phase"] not in ("setup_settlement", "setup_road"):
            break
        if g["legal"] != "0" and not page.is_visible(".controls.sent"):
            # The hand in the page is the deciding seat's, and only that one.
            private = page.eval_on_selector_all(
                "[data-private]", "els => els.map(e => e.dataset.seat)"
            )
            assert private == [g["seat"]], (private, g)
            decided.add(g["seat"])
            t = page.query_selector(".target")
            if t is not None:
                t.dispatch_event("click")
        # The next state, the pass screen, or this seat ready to act.
        page.wait_for_function(
            "v => { const g = document.querySelector('.game'); return !g || g.dataset.version"
            " !== v || (g.dataset.legal !== '0' && !document.querySelector('.controls.sent')); }",
            arg=g["version"],
            polling=50,
        )
    assert decided == {"0", "1"}
    assert len(passes) >= 3 and set(passes) == {"0", "1"}, passes
    assert not errors, errors
    context.close()


def test_d_replay_scrubbed_to_a_step_shows_that_board(
    web: InProcessServer, web_browser: Browser
) -> None:
    from pysettlers.engine import observe, replay

    body = {
        "rules": {"players": 3, "vp_target": 4},
        "seats": [{"kind": "bot", "bot": "random"}] * 3,
    }
    game = httpx.post(web.url + "/api/games", json=body, timeout=10).json()["game"]["id"]
    for _ in range(600):
        if httpx.get(f"{web.url}/api/games/{game}", timeout=10).json()["status"] == "finished":
            break
        time.sleep(0.1)
    record = httpx.get(f"{web.url}/api/games/{game}/record", timeout=10).json()
    context = web_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{web.url}/#/replay/{game}")
    page.wait_for_selector(".stats-grid")
    shot(page, "d1-replay-end")
    k = len(record["actions"]) // 3
    # Scrub: drag the timeline to step k, as the range input reports it.
    page.eval_on_selector(
        ".timeline", "(e, k) => { e.value = k; e.dispatchEvent(new Event('input')); }", k
    )
    page.wait_for_selector(f".replay-step[data-step='{k}']")
    want = observe(replay(record, upto=k).state, None).to_json()
    shown = page.eval_on_selector_all(
        "svg.board .buildings .piece",
        "els => els.map(e => [e.dataset.name, +e.dataset.seat, e.classList.contains('city')])",
    )
    expected = [[n, b["player"], b["kind"] == "city"] for n, b in want["buildings"].items()]
    assert sorted(shown) == sorted(expected) and shown
    roads = page.eval_on_selector_all("svg.board .roads .road", "els => els.length")
    assert roads == len(want["roads"])
    robber = page.eval_on_selector_all("svg.board .robber", "els => els.length")
    assert robber == 1
    shot(page, "d2-replay-scrubbed")
    page.screenshot(path=str(SHOTS / "d3-replay-stats.png"), full_page=True)
    # Seat 1's view: its own hand only.
    page.select_option("select[aria-label='whose view']", "1")
    page.wait_for_function("!document.querySelector('[data-hand]')")
    assert not errors, errors
    context.close()


def test_toasts_never_block_a_click(web: InProcessServer, web_browser: Browser) -> None:
    """A toast (a refusal shows for 7 s) sits over the page's bottom centre, where dialogs
    have their buttons: a click there must reach what is under it."""
    context = web_browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(web.url + "/")
    page.wait_for_selector("[data-create]")
    under = page.evaluate(
        """async () => {
            const { toast } = await import("/js/dom.js");
            const t = toast("Refused: a long refusal to cover the buttons under it", "error");
            const r = t.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return [t.isConnected, hit === null || t.contains(hit)];
        }"""
    )
    assert under == [True, False]  # shown, and the point under it hits the page instead
    context.close()


def test_lobby_offers_the_levels_with_their_options(
    web: InProcessServer, web_browser: Browser
) -> None:
    """The levels (bots/levels.py) come first in a seat's bot list; a level's defaults are
    the server's, so an untouched panel sends no options and a changed one sends its key."""
    context = web_browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Bo")
    page.select_option("select[name=players]", "3")
    values = page.eval_on_selector_all(
        "select[name=seat1-bot] option", "os => os.map(o => o.value)"
    )
    assert values[:4] == ["easy", "medium", "hard", "expert"]
    page.select_option("select[name=seat1-bot]", "expert")
    page.click("[data-opts='1'] summary")
    page.fill("input[name=seat1-iterations]", "2")
    shot(page, "j0-lobby-expert-options")  # (the longest panel: the expert's own and greedy's)
    page.select_option("select[name=seat2-bot]", "easy")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    assert created.value.status == 201, created.value.text()
    game = created.value.json()["game"]["id"]
    page.wait_for_selector(".game[data-status=in_progress]")
    seats = web.hub.sessions[game].info.seats
    # (The server gives a search bot without a time budget its own: --bot-ms, botcaps.py.)
    assert (seats[1].bot, seats[1].bot_options) == ("expert", {"iterations": 2, "setup_ms": 2000})
    assert (seats[2].bot, seats[2].bot_options) == ("easy", {})
    assert not errors, errors
    context.close()


def test_lobby_bot_level_and_options_per_seat(web: InProcessServer, web_browser: Browser) -> None:
    context = web_browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Ann")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=seat1-bot]", "greedy")
    page.click("[data-opts='1'] summary")
    page.uncheck("input[name=seat1-trade]")
    page.fill("input[name=seat1-offers]", "0.8")
    page.select_option("select[name=seat2-bot]", "random")
    page.click("[data-opts='2'] summary")
    # The random bot has options of its own (no "trade"): the panel follows the bot chosen.
    assert page.query_selector("input[name=seat2-trade]") is None
    page.fill("input[name=seat2-offer_chance]", "0")
    shot(page, "j1-lobby-bot-options")
    page.click("details.rules summary")
    page.select_option("select[name=stand_in]", "greedy")
    page.fill("input[name=absent_limit]", "90")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    assert created.value.status == 201, created.value.text()
    game = created.value.json()["game"]["id"]
    page.wait_for_selector(".game[data-status=in_progress]")
    seats = web.hub.sessions[game].info.seats
    assert (seats[1].bot, seats[1].bot_options) == ("greedy", {"trade": False, "offers": 0.8})
    assert (seats[2].bot, seats[2].bot_options) == ("random", {"offer_chance": 0})
    options = web.hub.sessions[game].info.options
    assert (options["stand_in"], options["absent_limit"]) == ("greedy", 90)
    assert not errors, errors
    context.close()


def test_lobby_alternate_rules_reach_the_game(web: InProcessServer, web_browser: Browser) -> None:
    """The 1996 alternate rules ticked in the lobby are the game's rules; a combination the
    engine refuses is refused on the page with the engine's reason, and no game is made."""
    context = web_browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Ann")
    page.click("details.rules summary")
    page.click("details.alternate summary")
    page.check("input[data-alt=ignore_seven]")
    page.check("input[data-alt=victory_points_played]")
    shot(page, "j2-lobby-alternate-rules")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    assert created.value.status == 201, created.value.text()
    rules = created.value.json()["game"]["rules"]
    assert rules["alternate"] == ["ignore_seven", "victory_points_played"]
    page.wait_for_selector(".game[data-status=in_progress]")

    # Rule 8 with the helpers is refused by the engine (Rules), and the page says why.
    page.goto(web.url + "/")
    page.click("details.rules summary")
    page.check("input[name=helpers]")
    page.click("details.alternate summary")
    page.check("input[data-alt=knight_interrupts]")
    before = len(web.hub.sessions)
    with page.expect_response("**/api/games") as refused:
        page.click("[data-create]")
    assert refused.value.status == 422
    page.wait_for_selector(".created .error")
    assert "knight" in page.inner_text(".created .error").lower()
    assert len(web.hub.sessions) == before
    # The browser logs the refused request itself; nothing else may have gone wrong.
    assert [e for e in errors if "status of 422" not in e] == [], errors
    context.close()
