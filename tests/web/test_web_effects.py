"""Readable turns in the browser (issue 28, point 3): what just happened, made visible.

What this is for: the effects of ``web/js/effects.js`` and the board's marks, read from the
page — a roll marks exactly the hexes of its number and shows the dice large, production
puts a "+1 ore" badge on the panel of each player paid, a steal from the page's seat and
its discard make toasts, a new piece is animated, the tab's title says "Your turn" while
the page's seat must decide and stops once it acted, the sound toggle (off by default)
persists across a reload, opening the page does not replay the game's old events as a storm
of effects, and ``prefers-reduced-motion`` turns every animation off while keeping the
marks. The game is a :class:`web_driver.Table` (every seat held by the test, real dice), so
the test chooses the rolls: the numbers that pay, and a 7.

What this is not: a test of the server's pacing of bots (tests/server/) or of the
log's words (test_web.py). The tests share one game, in order; screenshots go to
``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from support.browser import shot, watch_errors
from support.server_helpers import InProcessServer
from support.web_driver import DICE, RESOURCES, Steer, Table

SETUP = ("setup_settlement", "setup_road")
DESKTOP = {"width": 1280, "height": 800}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
BASE_TITLE = "pysettlers"
# What only news shows: toasts, badges, the big dice.
OLD_NEWS = (".toast.fx", ".fx-badges", ".fx-dice")
# The animation running on an element (computed style; "none" under reduced motion).
ANIMATION = "e => getComputedStyle(e).animationName"
# What a page shows of a roll of `n`, read in one go while its dice are up (null before).
ROLL_SEEN = """n => {
  const dice = document.querySelector(`.fx-dice[data-sum='${n}']`);
  if (!dice) return null;
  const anim = (e) => getComputedStyle(e).animationName;
  const glows = [...document.querySelectorAll('.roll-glow')];
  return {
    dice: anim(dice), glow: glows.length ? anim(glows[0]) : null,
    marked: [...document.querySelectorAll('.hex.rolled')].map((e) => e.dataset.hex),
    tokens: [...document.querySelectorAll('.token.rolled')].map((e) => e.dataset.number),
    paid: Object.fromEntries([...dice.querySelectorAll('.fx-paid li')].map(
      (e) => [e.dataset.seat, [...e.children].slice(1).map((c) => c.textContent).join('')])),
    glows: glows.map((e) => e.dataset.hex), ring: glows.map((e) => getComputedStyle(e).strokeWidth),
  };
}"""


def discard_all(t: Table) -> None:
    """Every seat the test holds that owes a discard gives up its most held cards."""
    for q in t.deciding():
        view = t.view(q)
        owed = view["players"][q]["discard_owed"]
        if not owed:
            continue
        hand = dict(view["you"]["hand"])
        give = dict.fromkeys(RESOURCES, 0)
        for _ in range(owed):
            r = max(hand, key=lambda k: hand[k])
            hand[r] -= 1
            give[r] += 1
        t.act(q, f"p{q} discard " + "+".join(f"{n}{r}" for r, n in give.items() if n))


class Game:
    """The shared game: the page holds seat 0 on a laptop; a phone watches."""

    def __init__(self, t: Table, steer: Steer, page: Page, phone: Page, errors: list[str]):
        self.t, self.steer, self.page, self.phone, self.errors = t, steer, page, phone, errors

    def title(self) -> str:
        title: str = self.page.title()
        return title


@pytest.fixture(scope="module")
def game(web: InProcessServer, web_browser: Browser) -> Iterator[Game]:
    t = Table(web.url, {"players": 3, "seed": 7, "vp_target": 10})
    steer = Steer(me=0)
    t.play(steer, lambda t: t.view()["phase"] not in SETUP)
    # Rounds of rolls that pay seat 0 until it holds more than seven cards (a 7 makes it
    # discard), up to seat 1's roll.
    t.play(
        steer,
        lambda t: (
            sum(t.view(0)["you"]["hand"].values()) >= 8
            and t.view()["current"] == 1
            and t.view()["phase"] == "pre_roll"
        ),
    )
    contexts: list[BrowserContext] = [
        web_browser.new_context(viewport=DESKTOP),
        web_browser.new_context(**PHONE),
    ]
    page = contexts[0].new_page()
    phone = contexts[1].new_page()
    errors = watch_errors(page) + watch_errors(phone)
    yield Game(t, steer, page, phone, errors)
    for c in contexts:
        c.close()
    t.close()


def test_opening_the_page_replays_no_old_events(game: Game) -> None:
    t, page, phone = game.t, game.page, game.phone
    t.open(page, 0)
    # A phone watches (a spectator: no seat, the public view).
    phone.goto(f"{t.base}/#/game/{t.id}")
    phone.wait_for_selector(f".game[data-version='{t.version}']")
    for p in (page, phone):
        # The first state carries the whole game (set-up, rolls, production): none of it is
        # shown again as effects.
        # (seat 1's turn has started, so no roll is marked either)
        for sel in OLD_NEWS + (".piece.placed", ".road.placed", ".hex.rolled"):
            assert p.query_selector(sel) is None, sel
    # Not the page's decision now (seat 1 rolls): no cue; sounds are off by default.
    assert game.title() == BASE_TITLE
    assert page.get_attribute(".sound-toggle", "aria-pressed") == "false"


def test_a_roll_marks_exactly_its_hexes_and_badges_who_was_paid(game: Game) -> None:
    t, page, phone = game.t, game.page, game.phone
    roll = game.steer.roll(t, t.view(1))  # the number that pays seat 0 most
    n = sum(int(d) for d in roll.split("+"))
    assert DICE[n] == roll and n != 7
    t.act(1, "p1 roll", roll)
    produced = next(e for e in t.view(1)["events"] if e["event"] == "produce")
    got = produced["received"][0:5]
    assert sum(got) > 0, produced  # (the roll was chosen to pay seat 0)
    want = {hx["hex"] for hx in t.view(1)["board"]["hexes"] if hx["number"] == n}
    for p in (page, phone):
        seen = p.wait_for_function(ROLL_SEEN, arg=n).json_value()
        assert set(seen["marked"]) == want and len(seen["marked"]) == len(want)
        assert set(seen["glows"]) == want
        assert seen["glow"] == "fx-roll-glow"  # animated (reduced motion: tested below)
        assert seen["tokens"] == [str(n)] * len(want)
        # The big dice say who was paid: the page's seat is "You", the phone names it.
        assert seen["paid"]["0"] == ("You" if p is page else "Ann") + "".join(
            f"+{k} {r}" for r, k in zip(RESOURCES, got, strict=True) if k
        )
        # Seat 0's panel shows what it got, one chip per resource.
        badge = p.inner_text(".player[data-seat='0'] .fx-badges")
        for r, k in zip(RESOURCES, got, strict=True):
            assert (f"+{k} {r}" in badge) == (k > 0), badge
    shot(page, "fx1-roll-1280")
    shot(phone, "fx1-roll-390")
    # The next turn clears the mark.
    t.act(1, "p1 end")
    page.wait_for_function("() => !document.querySelector('.hex.rolled')")


def test_a_discard_and_a_steal_from_you_make_toasts_and_the_cue_comes_and_goes(
    game: Game,
) -> None:
    t, page = game.t, game.page
    assert t.view()["current"] == 2 and game.title() == BASE_TITLE
    assert t.view(1)["players"][0]["hand_size"] >= 8
    t.act(2, "p2 roll", "3+4")
    # Seat 0 (the page) must discard: the tab says so.
    page.wait_for_function("() => document.title.startsWith('●')")
    assert game.title() == f"● Discard — {BASE_TITLE}"
    discard_all(t)  # (the test's seats, if any owes)
    page.wait_for_selector(".modal .step-up")
    owed = int(page.inner_text(".modal h2").split()[1])
    hand = {
        c.get_attribute("data-res") or "": int(c.get_attribute("data-count") or 0)
        for c in page.query_selector_all(".hand .card[data-res]")
    }
    for _ in range(owed):
        r = max(hand, key=lambda k: hand[k])
        hand[r] -= 1
        page.click(f".modal .step-up[data-res={r}]")
    page.click(".modal .primary")
    # Acted: the cue is gone, and the discard is told.
    page.wait_for_function(f"() => document.title === '{BASE_TITLE}'")
    toast = page.wait_for_selector(".toast.fx.discard")
    # (the toasts say what the log says: the server's words for the event)
    assert toast.inner_text().startswith("You discard ")
    assert toast.inner_text() in page.inner_text(".log")
    # Seat 2 moves the robber next to seat 0 and steals a card seat 0 holds.
    t.wait(lambda: any(" robber " in a for a in t.state(2)["legal"]), "the robber move")
    move = next(a for a in t.state(2)["legal"] if a.endswith(" p0"))
    card = next(r for r in RESOURCES if hand[r] > 0)
    t.act(2, move, card)
    steal = page.wait_for_selector(".toast.fx.steal")
    assert steal.inner_text().startswith("Cy moves the robber to the ")
    assert steal.inner_text().endswith(f" and steals 1 {card} from you.")
    assert steal.inner_text() in page.inner_text(".log")
    assert f"−1 {card}" in page.inner_text(".player[data-seat='0'] .fx-badges")
    assert "+1" in page.inner_text(".player[data-seat='2'] .fx-badges")
    # The phone watches: it sees that a card was taken, not which.
    game.phone.wait_for_selector(".toast.fx.steal")
    assert game.phone.inner_text(".toast.fx.steal").endswith(" and steals a card from Ann.")
    shot(page, "fx2-steal-1280")
    shot(game.phone, "fx2-steal-390")


def test_your_turn_cue_until_you_act_and_sounds_persist(game: Game) -> None:
    t, page = game.t, game.page
    t.act(2, "p2 end")
    page.wait_for_function("() => document.title.startsWith('●')")
    assert game.title() == f"● Your turn — {BASE_TITLE}"
    # Sounds on: the toggle says so at once (a chime) and keeps it.
    page.click(".sound-toggle")
    assert page.get_attribute(".sound-toggle", "aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('pysettlers.sound')") == "on"
    assert page.get_attribute(".sound-toggle", "data-last") == "turn"
    page.click("[data-act=roll]")
    page.click(".modal [data-die='0-1']")
    page.click(".modal [data-die='1-1']")
    version = t.version
    page.click(".modal .primary")
    assert game.title() == BASE_TITLE  # cleared as the action is sent
    t.wait_past(version, "the page's roll")
    page.wait_for_selector(".fx-dice[data-sum='2']")
    assert page.get_attribute(".sound-toggle", "data-last") == "dice"
    # Still this seat's decision (build or end) after the roll: the cue stays off.
    page.wait_for_selector("[data-act=end]")
    assert game.title() == BASE_TITLE
    page.click("[data-act=end]")
    t.wait_past(version + 1, "the page's end of turn")
    # A reload keeps the choice, and shows nothing old again.
    page.reload()
    page.wait_for_selector(f".game[data-version='{t.version}']")
    assert page.get_attribute(".sound-toggle", "aria-pressed") == "true"
    for sel in OLD_NEWS:
        assert page.query_selector(sel) is None, sel
    page.click(".sound-toggle")
    assert page.evaluate("localStorage.getItem('pysettlers.sound')") == "off"
    assert game.errors == []


def test_reduced_motion_keeps_the_marks_and_drops_every_animation(
    web: InProcessServer,
    web_browser: Browser,
) -> None:
    t = Table(web.url, {"players": 3, "seed": 3, "vp_target": 10})
    moving = web_browser.new_context(viewport=DESKTOP)
    still = web_browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    pages = [c.new_page() for c in (moving, still)]
    errors = watch_errors(pages[0]) + watch_errors(pages[1])
    try:
        for p in pages:  # spectators
            p.goto(f"{t.base}/#/game/{t.id}")
            p.wait_for_selector(f".game[data-version='{t.version}']")
        steer = Steer(me=0)
        first = steer(t, 0, t.state(0)["legal"])[0]
        t.act(0, first)
        where = first.split()[2]
        names = []
        for p in pages:
            p.wait_for_selector(f".piece.placed[data-name='{where}']")
            names.append(p.eval_on_selector(f".piece[data-name='{where}'] .piece-inner", ANIMATION))
        assert names == ["fx-drop", "none"]
        # Through the set-up to the first roll: an 8.
        t.play(steer, lambda t: t.view()["phase"] == "pre_roll")
        t.act(t.view()["current"], f"p{t.view()['current']} roll", "4+4")
        want = {hx["hex"] for hx in t.view()["board"]["hexes"] if hx["number"] == 8}
        for p, motion in zip(pages, ("moving", "still"), strict=True):
            # Read at once, while the dice are shown (they go after a moment).
            seen = p.wait_for_function(ROLL_SEEN, arg=8).json_value()
            marked, glow, dice, ring = seen["marked"], seen["glow"], seen["dice"], seen["ring"]
            assert set(marked) == want, motion  # the highlight, instant either way
            if motion == "moving":
                assert (glow, dice) == ("fx-roll-glow", "fx-dice-in")
            else:
                assert (glow, dice) == ("none", "none")
                assert all(w == "7px" for w in ring), ring  # the outline, at once
        shot(pages[1], "fx3-reduced-motion-1280")
        assert errors == []
    finally:
        moving.close()
        still.close()
        t.close()
