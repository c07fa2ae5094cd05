"""Trading with bots and with the person beside you, by clicking (issue 28, points 1–2).

What this is for: a person answers bots' domestic offers in the browser — the offer stays
open while they look (a countdown shows how long), Accept lands on the very offer shown,
and a counter-offer (a card more than asked) is taken by the bot; and two people on one
device (hotseat) trade with each other: the device goes to the one asked, then back to the
one who offered, to confirm. What the server's record holds is the check.

What this is not: the server's rules for bots' offers (``test_server_offers.py``).
"""

from __future__ import annotations

import itertools
import json
import re
import statistics
import time

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from support.browser import new_page, shot
from support.server_helpers import InProcessServer
from support.web_driver import RESOURCES, TURN, ClickPlayer, Steer, Table

BOT_SEATS = [{"kind": "human"}] + [
    {"kind": "bot", "bot": "greedy", "options": {"offers": 1}} for _ in range(3)
]


def record(base: str, game: str) -> list[str]:
    r = httpx.get(f"{base}/api/games/{game}/record", timeout=10)
    assert r.status_code == 200, r.text
    return [item[0] for item in r.json()["actions"]]


def hold(page: Page, base: str, game: str, seats: dict[int, tuple[str, str]]) -> None:
    """Open ``game`` in the page holding ``seats`` ({seat: (token, name)}), as the lobby
    leaves them in localStorage (two or more: hotseat)."""
    held = {game: {str(s): {"token": t, "name": n} for s, (t, n) in seats.items()}}
    page.goto(base + "/")
    page.evaluate("s => localStorage.setItem('pysettlers.seats', s)", json.dumps(held))
    page.goto(f"{base}/#/game/{game}")


class OfferAnswerer(ClickPlayer):
    """Plays the page's seat; a bot's offer it accepts once, then counters with a card more
    than asked (which a bot should take), and rejects when it cannot do either."""

    accepted: int = 0
    countered: list[int]
    clock_seen: bool = False

    def decide(self) -> None:
        page = self.page
        box = page.query_selector(".offer-box[data-offer]")
        if box is None or not self.visible(".offer-box [data-act=reject]"):
            super().decide()
            return
        number = int(box.get_attribute("data-offer") or 0)
        clock = page.query_selector(".offer-box .offer-clock")
        if clock is not None and re.fullmatch(r"\s*\d+ s", clock.inner_text()):
            self.clock_seen = True
            self.snap("bot-offer")
        if not self.accepted and self.visible(".offer-box [data-act=accept]"):
            self.click(".offer-box [data-act=accept]")
            self.accepted = number
            return
        can_give = self.visible(".offer-box [data-act=accept]")  # I hold what is asked
        if can_give and len(self.countered) < 6 and self.visible(".offer-box [data-act=counter]"):
            self.click(".offer-box [data-act=counter]")
            compose = page.locator(".modal .offer-compose")

            def counts(nth: int) -> dict[str, int]:
                step = compose.locator(".stepper").nth(nth)
                return {
                    r: int(step.locator(f"[data-res={r}] b").inner_text() or 0)
                    for r in RESOURCES
                    if step.locator(f"[data-res={r}] b").count()
                }

            asked, offered, hand = counts(0), counts(1), self.hand()
            extra = next(
                (
                    r
                    for r in asked
                    if hand.get(r, 0) > asked[r] and not offered.get(r) and asked[r] < 3
                ),
                None,
            )
            if extra is not None:
                self.snap("counter-compose")
                compose.locator(".stepper").nth(0).locator(f"[data-res={extra}]").click()
                self.click(".modal [data-send=counter]")
                self.countered.append(number)
                return
            self.click(".modal .close")
        self.click(".offer-box [data-act=reject]")


def test_a_person_accepts_and_counters_bots_offers(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    body = {"rules": {"players": 4}, "seats": BOT_SEATS, "join": 0, "player_name": "Ann"}
    created = httpx.post(web.url + "/api/games", json=body, timeout=10).json()
    game, token = created["game"]["id"], created["you"]["token"]
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    hold(page, web.url, game, {0: (token, "Ann")})
    page.wait_for_selector(".game[data-status=in_progress]")
    player = OfferAnswerer(page, shots=lambda name: shot(page, f"o-{name}"))
    player.countered = []
    player.offers = 99  # it makes no offers of its own: the bots offer

    def confirmed_counter() -> bool:
        texts = record(web.url, game)
        return any(
            re.fullmatch(rf"p[1-3] confirm p0 #{n}", t) for n in player.countered for t in texts
        )

    for _ in range(1500):
        if player.accepted and player.clock_seen and confirmed_counter():
            break
        what = player.wait_for_turn()
        if what == "over":
            break
        player.looked_at = player.game().get("version", "")
        if what == "dialog":
            player.answer_dialog()
        else:
            player.decide()
        player.settle(player.looked_at)
    # The header's switch turns bots' offers off: the server says so for this seat, and
    # the choice is kept for the next games.
    # The game goes on meanwhile: a dialog it opens (a discard for a bot's 7) covers the
    # header, as it would for a person, who answers it first.
    assert page.get_attribute(".bot-offers-toggle", "aria-pressed") == "true"
    for _ in range(20):
        if player.visible(".modal"):
            player.looked_at = player.game().get("version", "")
            player.answer_dialog()
            player.settle(player.looked_at)
            continue
        try:
            page.click(".bot-offers-toggle", timeout=3_000)
            break
        except PlaywrightTimeout:
            assert player.visible(".modal"), "the header's switch could not be clicked"
    else:
        raise AssertionError("dialogs kept covering the header's switch")
    page.wait_for_selector(".game[data-bot-offers=false]")
    assert page.inner_text(".bot-offers-toggle") == "Bot offers: off"
    assert page.evaluate("localStorage.getItem('pysettlers.botOffers')") == "0"
    texts = record(web.url, game)
    # The accept named the offer shown and landed on it (never refused as stale).
    assert f"p0 accept #{player.accepted}" in texts, [t for t in texts if "p0" in t][-20:]
    assert player.clock_seen
    assert confirmed_counter(), [t for t in texts if " p0" in t or t.startswith("p0")][-30:]
    refused = page.eval_on_selector(".game", "e => +(e.dataset.refusals || 0)")
    assert refused == 0
    assert not errors, errors
    context.close()


def test_a_hotseat_trade_hands_the_device_over_and_back(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    t = Table(web.url, {"players": 3, "seed": 21, "vp_target": 10})
    steer = Steer(me=0, want=("brick", "lumber", "wool", "grain", "ore"))
    t.play(steer, lambda t: t.view()["current"] == 0 and t.view()["phase"] == "main")
    mine, theirs = t.view(0)["you"]["hand"], t.view(1)["you"]["hand"]
    give = next(r for r in RESOURCES if mine[r])
    get = next(r for r in RESOURCES if theirs[r] and r != give)
    for seat in (0, 1):
        ws = t.socks.pop(seat)
        ws.close()
        t.states.pop(seat, None)
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    hold(page, web.url, t.id, {0: (t.tokens[0], "Ann"), 1: (t.tokens[1], "Bo")})

    def reveal(seat: int, why: str | None = None) -> None:
        page.wait_for_selector(f".pass[data-pass='{seat}']")
        if why is not None:
            assert why in page.inner_text(".pass-why")
        page.click("[data-reveal]")
        page.wait_for_selector(f".game[data-seat='{seat}']")

    reveal(0)
    page.click("[data-act=trade]")
    compose = page.locator(".modal .offer-compose")
    compose.locator(".stepper").nth(0).locator(f"[data-res={give}]").click()
    compose.locator(".stepper").nth(1).locator(f"[data-res={get}]").click()
    compose.locator("[data-to='2']").uncheck()  # to Bo alone
    shot(page, "h1-hotseat-offer")
    compose.locator("[data-send=offer]").click()
    # The device goes to Bo, who was asked...
    reveal(1, "Ann offers Bo a trade")
    page.wait_for_selector(".offer-box [data-act=accept]")
    shot(page, "h2-hotseat-answer")
    page.click(".offer-box [data-act=accept]")
    # ...and back to Ann, to confirm.
    reveal(0, "The answers to Ann's trade offer are in")
    page.click(".offer-box [data-act*='confirm p1']")
    page.wait_for_function("() => !document.querySelector('.offer-box')")
    texts = record(web.url, t.id)
    assert texts[-3:] == [f"p0 offer 1{give} for 1{get} to p1", "p1 accept #1", "p0 confirm p1 #1"]
    assert not errors, errors
    context.close()
    t.close()


def test_bot_turns_are_paced_for_a_person_by_default(
    tmp_path_factory: pytest.TempPathFactory,
    web_browser: Browser,
) -> None:
    # A server that paces as `pysettlers serve` does (the other tests' servers do not).
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('pace') / 'p.db'}", pace=1.0)
    try:
        context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
        # The lobby's defaults: "normal" speed. Ann sits last, so three bots set up first.
        page.goto(srv.url + "/")
        assert page.input_value("select[name=bot_speed]") == "normal"
        body = {
            "rules": {"players": 4},
            "seats": [{"kind": "bot", "bot": "medium"}] * 3 + [{"kind": "human"}],
            "join": 3,
            "player_name": "Ann",
        }
        created = httpx.post(srv.url + "/api/games", json=body, timeout=10).json()
        game = created["game"]["id"]
        hold(page, srv.url, game, {3: (created["you"]["token"], "Ann")})
        page.wait_for_selector(".game[data-version]")
        # The page's versions as they arrive; Ann plays by clicking when it is her turn.
        player = ClickPlayer(page)
        player.offers = 99  # (no offers of her own)
        seen: list[tuple[float, int, int]] = []  # (when, version, Ann's legal actions)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            v, legal = page.eval_on_selector(".game", "e => [+e.dataset.version, +e.dataset.legal]")
            if not seen or seen[-1][1] != v:
                seen.append((time.monotonic(), v, legal))
            bot_steps = sum(1 for a, b in itertools.pairwise(seen) if not a[2] and b[1] == a[1] + 1)
            if bot_steps >= 10:
                break
            what = page.evaluate(TURN.strip())
            if what in ("mine", "dialog"):
                player.looked_at = str(v)
                player.answer_dialog() if what == "dialog" else player.decide()
                player.settle(str(v))
            else:
                page.wait_for_timeout(30)
        # Each bot action after the one before it (not after Ann's own clicks).
        steps = [b[0] - a[0] for a, b in itertools.pairwise(seen) if not a[2] and b[1] == a[1] + 1]
        assert len(steps) >= 10, seen
        assert statistics.median(steps) >= 0.6, steps  # "normal": 0.8 s an action
        assert not errors, errors
        context.close()
    finally:
        srv.stop()
