"""The game table after QA tour C: open hands shown, a hotseat steal told to thief and victim,
a chat that wraps and shows a conversation, and the small points.

What this is for: the client's fixes of the tour's findings 1, 5, 9 and 10 — with the 1996
alternate rule 2 (hands face up) every other player's card shows their resource cards (and
only those: development cards stay hidden); at one device (hotseat) the card a seat stole or
lost is shown to that seat alone, at once or when the device next comes to it, never to
another; a long chat word wraps inside the box and a laptop shows four chat lines and more;
the Build card's ship row says why it is off; a robber target of several victims names them;
a game waiting for its players has no current player and no bots' offers switch; the "+1
wool" badges open a row of their own, hiding nothing of the card. Most tests answer the page
with the engine on a position (``web_driver.EngineSide``); the hotseat one plays on the real
server (``web_driver.Table``, real dice). Screenshots go to ``test-artifacts/screenshots/``.

What this is not: the engine's open hands or steals (``tests/engine``), nor the server's words.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from pysettlers.engine import Rules
from support.browser import new_page, shot
from support.builders import position
from support.server_helpers import InProcessServer
from support.ships import COAST, at
from support.web_driver import DICE, RESOURCES, EngineSide, Steer, Table

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
BEGINNER = Rules(map_kind="beginner")
# Every player's card inside the viewport and not covered (as test_web_table.py checks).
CARDS_IN_VIEW = """() => [...document.querySelectorAll('.player')].every(el => {
    const r = el.getBoundingClientRect();
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const at = [[r.left + 6, r.top + 6], [r.right - 6, r.bottom - 6], [r.left + 6, r.bottom - 6]];
    return inside && at.every(([x, y]) => el.contains(document.elementFromPoint(x, y)));
})"""


def open_side(
    browser: Browser, side: EngineSide, base: str, **kw: Any
) -> tuple[Any, Page, list[str]]:
    context, page, errors = new_page(browser, **(kw or DESKTOP))
    side.open(page, base)
    return context, page, errors


def open_hand(page: Page, seat: int) -> dict[str, int]:
    """The resource cards a player's card shows face up ({} when none are shown)."""
    shown: list[list[Any]] = page.eval_on_selector_all(
        f".player[data-seat='{seat}'] [data-open-hand] .open-card",
        "els => els.map(e => [e.dataset.res, +e.dataset.count])",
    )
    return {r: n for r, n in shown}


def test_open_hands_show_every_other_players_resource_cards(
    web: InProcessServer, web_browser: Browser
) -> None:
    """Alternate rule 2 ("their hand of Resource cards face up"): each other player's card
    shows that hand, resource by resource; development cards stay hidden; your own hand is
    the hand panel's. Without the rule, no hand is shown."""
    pieces = {"p0": {"settlements": ["(-1,1)S"]}, "p1": {"settlements": ["(1,-1)S"]}}
    pieces["p2"] = {"settlements": ["(1,0)S"]}
    pieces["p3"] = {"settlements": ["(-1,-1)N"]}
    hands = {"p0": "1wool", "p1": "2brick+1ore", "p2": "nothing", "p3": "3lumber+1grain+2wool"}
    rules = Rules(map_kind="beginner", alternate=("open_hands",))
    s = position(rules, pieces=pieces, hands=hands, dev={"p1": "knight"})
    context, page, errors = open_side(web_browser, EngineSide(s, 0), web.url)
    assert open_hand(page, 1) == {"brick": 2, "ore": 1}
    assert open_hand(page, 3) == {"lumber": 3, "wool": 2, "grain": 1}
    assert open_hand(page, 2) == {} and open_hand(page, 0) == {}
    card1 = page.inner_text(".player[data-seat='1']")
    # Its development card stays hidden: counted, never named.
    assert page.inner_text(".player[data-seat='1'] [data-stat=dev] b") == "1"
    assert "Knight" not in card1 and "knight:" not in card1, card1
    assert page.get_attribute(".player[data-seat='1'] [data-open-hand]", "aria-label") == (
        "hand: 2 brick, 1 ore"
    )
    assert page.evaluate(CARDS_IN_VIEW)
    shot(page, "c1-open-hands-1280")
    assert not errors, errors
    context.close()
    # The same position without the rule: the cards show counts only.
    plain = position(BEGINNER, pieces=pieces, hands=hands)
    context, page, errors = open_side(web_browser, EngineSide(plain, 0), web.url)
    assert page.locator("[data-open-hand]").count() == 0
    context.close()


def test_a_robber_target_with_two_victims_names_them(
    web: InProcessServer, web_browser: Browser
) -> None:
    pieces = {
        "p0": {"settlements": ["(-1,1)S"]},
        "p1": {"settlements": ["(1,-1)S"]},
        "p2": {"settlements": ["(1,0)S"]},  # (1,0) touches both
    }
    s = position(BEGINNER, pieces=pieces, hands={"p1": "2ore", "p2": "1wool"}, phase="move_robber")
    context, page, errors = open_side(web_browser, EngineSide(s, 0), web.url)
    label = page.get_attribute(".target.hex[data-name='(1,0)']", "aria-label") or ""
    assert label.startswith("Move the robber to the "), label
    assert label.endswith(": steal from Bo (2 cards) or Cy (1 card)"), label
    # A hex of one victim keeps the server's words.
    one = page.get_attribute(".target.hex[data-name='(0,1)']", "aria-label") or ""
    assert one.endswith(" and steal from Cy (1 card)"), one
    assert not errors, errors
    context.close()


def test_the_ship_row_says_what_is_missing(web: InProcessServer, web_browser: Browser) -> None:
    inland = {"p0": {"settlements": ["(0,0)N"]}}
    for hand, why in (
        ("1lumber+1wool", "no coastal path next to your pieces"),
        ("1lumber", "needs 1 wool"),
    ):
        s = at(COAST, inland, hands={"p0": hand})
        context, page, errors = open_side(web_browser, EngineSide(s, 0), web.url)
        row = page.locator(".cost-card[data-mine] [data-build=ship]")
        assert row.is_disabled()
        assert row.locator(".why").inner_text() == why
        assert row.get_attribute("title") == f"Ship: {why}"
        assert not errors, errors
        context.close()


def test_a_game_waiting_for_players_has_no_current_player_and_no_bot_offers(
    web: InProcessServer, web_browser: Browser
) -> None:
    """Nobody's turn before the game starts; the bots' offers switch comes with it. Then the
    chat: a long word wraps in the box, and a laptop shows four lines and more of it."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"rules": {"players": 3}, "seats": seats, "join": 0, "player_name": "Ann"}
    created = httpx.post(web.url + "/api/games", json=body, timeout=10).json()
    game = created["game"]["id"]
    context, page, errors = new_page(web_browser, **DESKTOP)
    page.goto(web.url + "/")
    held = {game: {"0": {"token": created["you"]["token"], "name": "Ann"}}}
    page.evaluate("s => localStorage.setItem('pysettlers.seats', s)", json.dumps(held))
    page.goto(f"{web.url}/#/game/{game}")
    page.wait_for_selector(".game[data-status=open] .player")
    assert page.locator(".player.current, .player.deciding").count() == 0
    assert page.locator(".bot-offers-toggle").is_hidden()
    shot(page, "c2-waiting-1280")
    # Bo takes the invite: the game starts, someone is current and the switch is there.
    invite = created["invites"][0]
    r = httpx.post(
        f"{web.url}/api/games/{game}/join",
        json={"invite": invite["invite"], "name": "Bo"},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    page.wait_for_selector(".game[data-status=in_progress] .player.current")
    assert page.locator(".bot-offers-toggle").is_visible()

    # The chat: a long word wraps; five lines show at least four.
    word = "Pneumonoultramicroscopicsilicovolcanoconiosis" * 2
    for text in ("hello", word, "three", "four", "five"):
        page.fill(".chat-form input", text)
        page.press(".chat-form input", "Enter")
    page.wait_for_function("() => document.querySelectorAll('.chat-lines li').length === 5")
    lines = page.eval_on_selector(
        ".chat-lines",
        """box => { const li = [...box.querySelectorAll('li')];
          const wide = li.some(e => e.scrollWidth > e.clientWidth + 1);
          const line = parseFloat(getComputedStyle(li[0]).lineHeight) || li[0].clientHeight;
          return {wide, shown: box.clientHeight / line}; }""",
    )
    assert not lines["wide"], lines
    assert lines["shown"] >= 4, lines
    assert page.evaluate(CARDS_IN_VIEW)
    shot(page, "c3-chat-1280")
    assert not errors, errors
    context.close()


def test_production_badges_hide_nothing_of_the_card(
    web: InProcessServer, web_browser: Browser
) -> None:
    """The "+1 ore" badges open a row of their own at the card's foot: clear of the name,
    the counts ("road N") and the awards, and no name is squeezed."""
    pieces = {"p0": {"settlements": ["(-1,1)S"]}, "p1": {"settlements": ["(1,-1)S"]}}
    pieces["p2"] = {"settlements": ["(-1,-1)N"]}
    s = position(BEGINNER, pieces=pieces, phase="pre_roll")
    side = EngineSide(s, 0, manual=True)
    view = json.loads(side.state(None))["view"]
    number = next(
        hx["number"]
        for hx in view["board"]["hexes"]
        if hx["hex"] == "(1,-1)" and hx["number"] not in (None, 7)
    )
    context, page, errors = open_side(web_browser, side, web.url)
    widths = page.eval_on_selector_all(".player .pname", "els => els.map(e => e.clientWidth)")
    a, b = DICE[number].split("+")
    page.click("[data-act=roll]")
    page.click(f".modal [data-die='0-{a}']")
    page.click(f".modal [data-die='1-{b}']")
    page.click(".modal .primary")
    card = ".player[data-seat='1']"
    page.wait_for_selector(f"{card} .fx-badges .fx-badge")
    box = page.eval_on_selector(
        card,
        """c => { const r = (el) => el.getBoundingClientRect();
          const row = r(c.querySelector('.fx-badges'));
          const hit = [...c.querySelectorAll('.player-head, .stats, .stats > *')].some((el) => {
            const q = r(el);
            return q.left < row.right && row.left < q.right
              && q.top < row.bottom && row.top < q.bottom;
          });
          return {hit, inside: row.bottom <= r(c).bottom + 0.5}; }""",
    )
    assert box == {"hit": False, "inside": True}, box
    names = ".player .pname"
    assert page.eval_on_selector_all(names, "els => els.map(e => e.clientWidth)") == widths
    shot(page, "c4-badges-row-1280")
    assert not errors, errors
    context.close()


def test_hotseat_the_card_stolen_is_told_to_thief_and_victim_alone(
    web: InProcessServer, web_browser: Browser
) -> None:
    """Two people at one device: the thief sees the card taken at once; the victim when the
    device comes to them; neither while the device is being passed."""
    t = Table(web.url, {"players": 3, "seed": 21, "vp_target": 10})
    steer = Steer(me=0, want=("brick", "lumber", "wool", "grain", "ore"))

    def ready(t: Table) -> bool:
        v = t.view()
        players = v["players"]
        return (
            v["phase"] == "pre_roll"
            and v["turn"] >= 3
            and all(p["hand_size"] <= 7 for p in players)
            and players[(v["current"] + 1) % 3]["hand_size"] > 0
        )

    t.play(steer, ready)
    thief = t.view()["current"]
    victim = (thief + 1) % 3
    card = next(r for r in RESOURCES if t.view(victim)["you"]["hand"][r])
    for seat in (thief, victim):
        t.socks.pop(seat).close()
        t.states.pop(seat, None)
    context, page, errors = new_page(web_browser, **DESKTOP)
    held = {t.id: {str(q): {"token": t.tokens[q], "name": t.names[q]} for q in (thief, victim)}}
    page.goto(web.url + "/")
    page.evaluate("s => localStorage.setItem('pysettlers.seats', s)", json.dumps(held))
    page.goto(f"{web.url}/#/game/{t.id}")
    page.wait_for_selector(f".pass[data-pass='{thief}']")
    page.click("[data-reveal]")
    page.wait_for_selector(f".game[data-seat='{thief}'] [data-act=roll]")
    page.click("[data-act=roll]")
    page.click(".modal [data-die='0-3']")
    page.click(".modal [data-die='1-4']")
    page.click(".modal .primary")
    page.wait_for_selector(".game[data-phase=move_robber] .target.hex")
    acts = page.eval_on_selector_all(
        ".target.hex", "els => els.map(e => [e.dataset.name, e.dataset.acts])"
    )
    hex_name = next(n for n, a in acts if a.split("|") == [f"p{thief} robber {n} p{victim}"])
    page.locator(f".target.hex[data-name='{hex_name}']").dispatch_event("click")
    page.click(f".modal .choice:has(.res-{card})")  # (real dice: the card taken at the table)
    # The thief, shown now, is told the card at once.
    secret = page.wait_for_selector(f"#toasts [data-secret-of='{thief}']")
    said = secret.inner_text()
    assert f"1 {card}" in said and t.names[victim] in said, said
    shot(page, "c5-hotseat-thief-1280")
    # The turn ends: while the device is passed, no secret is up, no card named.
    page.click("[data-act=end]")
    page.wait_for_selector(f".pass[data-pass='{victim}']")
    assert page.locator("#toasts [data-secret-of]").count() == 0
    assert f"1 {card}" not in page.inner_text("body")
    page.click("[data-reveal]")
    secret = page.wait_for_selector(f"#toasts [data-secret-of='{victim}']")
    said = secret.inner_text()
    assert f"1 {card}" in said and "you" in said and t.names[thief] in said, said
    shot(page, "c6-hotseat-victim-1280")
    assert not errors, errors
    context.close()
    t.close()
