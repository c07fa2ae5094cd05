"""The browser client's smaller fixes of issue 28 (point 7): Playwright driving Chromium.

What this is for: the turn timer's badge counts down between states; the set-up is labelled
as set-up ("Set-up", "Set-up, round 2"), never "Turn 0"; a spectator's chat is refused on the
page with a reason (the server takes chat from seats only); hotseat players are named in the
lobby; the discard picker shows the hand held and the hand kept; "Create game" is in view at
1280×800 without scrolling, the rules open or not, and the lobby sends its ``bot_speed`` and
``offer_time``; the log stays in view however tall the controls above it grow; on a phone
(390×844, touch) every corner target is at least 32 px across where a finger lands, and no
keyboard hint is shown. Screenshots go to ``test-artifacts/screenshots/``.

What this is not: a whole game (``test_web.py`` plays one), nor the offers' countdown
(``test_web_actions.py`` and the server's offer tests).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page

from support.browser import new_page, shot, watch_errors
from support.server_helpers import InProcessServer

SETUP = ("setup_settlement", "setup_road")
# The next state, or this page ready to act (a target clicked is answered by a new state).
NEXT = (
    "v => { const g = document.querySelector('.game'); return !g || g.dataset.version !== v"
    " || (g.dataset.legal !== '0' && !document.querySelector('.controls.sent')); }"
)
# Where a finger on a corner's centre lands: on that corner's target, or on something over it.
HITS = """() => [...document.querySelectorAll('.target.node')].map((t) => {
  const r = t.querySelector('.hit').getBoundingClientRect();
  const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return [t.dataset.name, r.width, r.height, !!at && at.closest('.target') === t];
})"""


def in_view(page: Page, selector: str) -> bool:
    """Inside the viewport and not covered: what a person sees without scrolling."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    inside = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )
    on_top: bool = page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect();"
        " return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }",
    )
    return inside and on_top


def dataset(page: Page) -> dict[str, str]:
    out: dict[str, str] = page.eval_on_selector(".game", "e => ({...e.dataset})")
    return out


def create_two_player_game(page: Page, base: str, name: str) -> None:
    """A person and a medium bot (it makes no offers of its own: nothing waits on one)."""
    page.goto(base + "/")
    page.fill("input[name=player_name]", name)
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat1-bot]", "medium")


def play_setup(page: Page, on_decision: Callable[[dict[str, str]], None] | None = None) -> None:
    """Place the set-up pieces by clicking the first target each time this seat decides."""
    for _ in range(100):
        page.wait_for_selector(".game[data-phase]")
        g = dataset(page)
        if g["phase"] not in SETUP:
            return
        if g["legal"] != "0" and not page.is_visible(".controls.sent"):
            if on_decision is not None:
                on_decision(g)
            page.locator(".target").first.dispatch_event("click")
        page.wait_for_function(NEXT, arg=g["version"], polling=50)
    raise AssertionError("the set-up did not end")


def test_lobby_create_in_view_timer_setup_rounds_and_spectator_chat(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    create_two_player_game(page, web.url, "Ann")
    page.wait_for_selector(".preview svg.board .hex")
    # "Create game" in view at 1280×800, the rules closed and open.
    assert in_view(page, "[data-create]")
    shot(page, "small-1-lobby-1280")
    page.click("details.rules summary")
    assert in_view(page, "[data-create]")
    shot(page, "small-2-lobby-rules-open")
    page.select_option("select[name=bot_speed]", "fast")
    page.fill("input[name=offer_time]", "45")
    page.fill("input[name=turn_timer]", "60")
    with page.expect_request("**/api/games") as request:
        page.click("[data-create]")
    body = request.value.post_data_json
    assert (body["bot_speed"], body["offer_time"], body["turn_timer"]) == ("fast", 45, 60)
    page.wait_for_selector(".game[data-status=in_progress]")
    game = page.evaluate("location.hash").split("/")[-1]
    session = web.hub.sessions[game]
    assert page.is_enabled(".chat-form input")  # a seat chats

    labels: list[str] = []

    def decide(g: dict[str, str]) -> None:
        # The bot waits on this seat now: the engine's set-up step is stable.
        step = session.game.state.setup_step
        label = page.inner_text(".status .turn")
        assert label == ("Set-up" if step < 2 else "Set-up, round 2"), (label, step)
        labels.append(label)
        if len(labels) == 1:
            # The timer's badge counts down between states (none comes while this seat
            # decides): a lower number with the same version.
            badge = page.locator(".status .deadline")
            assert re.fullmatch(r"\d+ s", badge.inner_text())
            left = int(badge.get_attribute("data-left") or 0)
            assert 50 <= left <= 60, left
            page.wait_for_function(
                "([v, n]) => document.querySelector('.game').dataset.version === v"
                " && Number(document.querySelector('.status .deadline').dataset.left) < n",
                arg=[g["version"], left],
                timeout=5000,
            )
            shot(page, "small-3-setup-timer")

    play_setup(page, decide)
    assert set(labels) == {"Set-up", "Set-up, round 2"}, labels

    # After the set-up the turns are numbered; a keyboard hint beside Roll on a laptop.
    page.wait_for_selector("[data-act=roll]", timeout=60_000)
    assert re.fullmatch(r"Turn \d+", page.inner_text(".status .turn"))
    assert page.is_visible("[data-act=roll] kbd")
    # However tall the controls grow (an offer with many answers), the log stays in view.
    assert in_view(page, ".logbox")
    page.eval_on_selector(
        ".controls",
        "c => c.prepend(Object.assign(document.createElement('div'),"
        " { className: 'offer-box', style: 'height: 900px' }))",
    )
    assert in_view(page, ".logbox") and in_view(page, ".chat-form input")

    # A spectator of the same game: the chat says why it cannot be used.
    watcher = web_browser.new_context(viewport={"width": 1280, "height": 800})
    w = watcher.new_page()
    errors += watch_errors(w)
    w.goto(f"{web.url}/#/game/{game}")
    w.wait_for_selector(".game[data-phase]")
    assert w.is_disabled(".chat-form input") and w.is_disabled(".chat-form button")
    assert w.get_attribute(".chat-form input", "placeholder") == "Spectators can't chat"
    assert "only the players at the table can chat" in w.inner_text(".chatbox .chat-hint")
    shot(w, "small-4-spectator")
    assert not errors, errors
    watcher.close()
    context.close()


def test_phone_touch_targets_and_no_keyboard_hints(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    context = web_browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    errors = watch_errors(page)
    create_two_player_game(page, web.url, "Cy")
    page.wait_for_selector(".preview svg.board .hex")
    assert in_view(page, "[data-create]")  # the bar at the foot of the screen
    page.click("[data-create]")
    page.wait_for_selector(".target.node")
    shot(page, "small-5-phone-setup")
    hits = page.evaluate(HITS)
    assert len(hits) > 10, hits
    small = [h for h in hits if h[1] < 32 or h[2] < 32]
    assert not small, small
    covered = [h[0] for h in hits if not h[3]]
    assert not covered, covered  # a finger on a corner's centre reaches its target
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    play_setup(page)
    page.wait_for_selector("[data-act=roll]", timeout=60_000)
    # The Roll button carries its shortcut, which a touch screen does not show.
    assert page.query_selector("[data-act=roll] kbd") is not None
    shown = page.eval_on_selector_all("kbd", "ks => ks.filter(k => k.getClientRects().length)")
    assert shown == [], shown
    shot(page, "small-6-phone-roll")
    assert not errors, errors
    context.close()


def test_hotseat_players_are_named_in_the_lobby(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    page.goto(web.url + "/")
    page.fill("input[name=player_name]", "Ann")
    page.select_option("select[name=players]", "4")
    for seat in (1, 2):
        page.select_option(f"select[name=seat{seat}-kind]", "human")
    # Without hotseat the friends come by invite link; with it, each is named here.
    assert not page.is_visible("input[name=seat1-name]")
    assert "by invite link" in page.inner_text(".seat-row[data-seat='1']")
    page.check("input[name=hotseat]")
    assert "you (Ann)" in page.inner_text(".seat-row[data-seat='0']")
    assert not page.is_visible("input[name=seat0-name]")  # "Your name" names the first
    page.fill("input[name=seat1-name]", "Bo")  # seat 2 left blank: "Player 3"
    shot(page, "small-7-hotseat-names")
    assert in_view(page, "[data-create]")
    with page.expect_response("**/api/games") as created:
        page.click("[data-create]")
    game = created.value.json()["game"]["id"]
    page.wait_for_selector(".pass")
    names = [s.name for s in web.hub.sessions[game].info.seats]
    assert names[:3] == ["Ann", "Bo", "Player 3"], names
    # (read at once: the screen may turn to another seat as the first states arrive)
    who, title = page.eval_on_selector(
        ".pass", "e => [e.dataset.pass, e.querySelector('h1').textContent]"
    )
    assert title == f"Pass the device to {names[int(who or 0)]}"
    page.click("[data-reveal]")
    page.wait_for_selector(".player[data-seat='1']")
    assert page.inner_text(".player[data-seat='1'] .pname").startswith("Bo")
    assert not errors, errors
    context.close()


def test_discard_picker_shows_the_hand_held_and_kept(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    """The picker on its own, in the page, with a hand of 9 and 4 cards owed."""
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    page.goto(web.url + "/")
    page.wait_for_selector("[data-create]")
    page.evaluate(
        """async () => {
            const { discardPicker } = await import("/js/actions.js");
            const { parseAction } = await import("/js/notation.js");
            const legal = ["brick", "lumber", "wool", "ore"].map((r) => `p0 discard 1${r}`);
            window.sent = null;
            const hand = { brick: 4, lumber: 2, wool: 2, grain: 0, ore: 1 };
            const send = (t) => { window.sent = t; };
            discardPicker({ view: { you: { hand } }, by: { discard: legal.map(parseAction) },
              seat: 0, send }, 4);
        }"""
    )
    # The resource chips shown: {resource: count}.
    chips = "els => Object.fromEntries(els.map(e => [e.title, +e.querySelector('b').innerText]))"
    held = page.locator(".modal .discard-hand[data-held='9']")
    assert held.inner_text().startswith("You hold 9 cards")
    assert page.eval_on_selector_all(".modal [data-held] .res", chips) == {
        "brick": 4,
        "lumber": 2,
        "wool": 2,
        "ore": 1,
    }
    for r in ("brick", "brick", "lumber", "ore"):
        page.click(f".modal .step-up[data-res={r}]")
    assert page.inner_text(".modal .discard-keep").startswith("You keep 5")
    assert page.eval_on_selector_all(".modal .discard-keep .res", chips) == {
        "brick": 2,
        "lumber": 1,
        "wool": 2,
    }
    shot(page, "small-8-discard")
    page.click(".modal button.primary")
    assert page.evaluate("window.sent") == "p0 discard 2brick+1lumber+1ore"
    assert not errors, errors
    context.close()
