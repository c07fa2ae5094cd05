"""The page at the table: whose badge the status line shows, the keyboard in a dialog opened
from the board, and the trade dialog's bank tab when no bank trade is possible.

What this is for: the QA tour's points 3, 5 and 10 (``/work/s40/tourA/report.md``). Each
test plays a position, the engine answering the page (``web_driver.EngineSide``).

What this is not: the words themselves (the server's: ``tests/server/
test_server_table_words.py``: refusals naming seats, one line per discard, turn 1's head).
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from pysettlers.engine import Rules
from pysettlers.engine.position import position
from support.browser import new_page, shot
from support.builders import position as built
from support.server_helpers import InProcessServer
from support.web_driver import NAMES, EngineSide

RULES = Rules(players=3, map_kind="beginner", seed=1)


def badges(page: Page) -> list[str]:
    """The status line's seat badges, by the number each shows (seat 0 is "1")."""
    return list(page.eval_on_selector_all(".status .swatch", "els => els.map(e => e.textContent)"))


def test_the_status_badge_is_the_seat_the_line_speaks_to(
    web: InProcessServer, web_browser: Browser
) -> None:
    # Bo rolled a 7; Cy and Ann both owe a discard (Cy first clockwise from Bo).
    hands = {0: "8ore", 1: "1wool", 2: "4brick+4grain"}
    s = position(RULES, phase="discard", current=1, hands=hands)
    context, page, errors = new_page(web_browser)
    EngineSide(s, 0).open(page, web.url)
    assert page.inner_text(".status .what") == "Discard 4 cards."
    assert badges(page) == ["1"]  # Ann's own: the line asks her (not Cy's, the first decider)
    assert page.get_attribute(".status .who", "aria-label") == NAMES[0]
    page.keyboard.press("Escape")  # (the discard picker opened by itself)
    shot(page, "table-words-discard-badge-mine")
    # Bo, who owes nothing, reads who must discard: both their badges.
    s = position(RULES, phase="discard", current=1, hands=hands)
    page2 = context.new_page()
    _open_idle(EngineSide(s, 1), page2, web.url)
    assert page2.inner_text(".status .what").endswith("discard half of their cards…")
    assert badges(page2) == ["3", "1"]
    shot(page2, "table-words-discard-badges-others")
    assert not errors, errors
    context.close()


def _open_idle(side: EngineSide, page: Page, base: str) -> None:
    """Open ``side``'s seat on a state where it has no decision (``EngineSide.open`` waits
    for legal actions)."""
    import json

    from support.web_driver import GAME

    page.route(f"**/api/games/{GAME}", lambda route: route.fulfill(json=side.summary()))
    page.route_web_socket(f"**/ws/games/{GAME}", side.serve)
    page.goto(base + "/")
    held = {GAME: {str(side.seat): {"token": "t" * 16, "name": NAMES[side.seat]}}}
    page.evaluate("s => localStorage.setItem('pysettlers.seats', s)", json.dumps(held))
    page.goto(f"{base}/#/game/{GAME}")
    page.wait_for_selector(f".game[data-seat='{side.seat}'][data-legal='0'] .status .what")


def focused(page: Page) -> str:
    """Where the keyboard's focus is: in a dialog (its text) or outside (its label)."""
    return str(
        page.evaluate(
            """() => {
              const el = document.activeElement;
              const inDialog = !!el.closest('.modal');
              return (inDialog ? 'dialog: ' : 'page: ')
                + (el.getAttribute('aria-label') || el.textContent.trim());
            }"""
        )
    )


def test_a_dialog_opened_from_the_board_holds_the_keyboard(
    web: InProcessServer, web_browser: Browser
) -> None:
    # The robber's hex has two victims: Enter on it opens "steal from…".
    s = built(
        pieces={
            "p0": {"settlements": ["(-1,1)S"]},
            "p1": {"settlements": ["(1,0)S"]},
            "p2": {"settlements": ["(1,0)N"]},
        },
        hands={"p0": "1ore", "p1": "2ore", "p2": "2wool"},
        phase="move_robber",
    )
    side = EngineSide(s, 0)
    context, page, errors = new_page(web_browser)
    side.open(page, web.url)
    target = page.locator(".target.hex[data-name='(1,0)']")
    target.focus()
    label = target.get_attribute("aria-label") or ""
    assert focused(page) == f"page: {label}"
    page.keyboard.press("Enter")
    page.wait_for_selector(".modal .choice")
    choices = page.eval_on_selector_all(".modal .choice", "els => els.map(e => e.textContent)")
    assert focused(page) == f"dialog: {choices[0]}"  # the first choice has the focus
    shot(page, "table-words-dialog-focus")
    # Tab goes round the dialog (its choices and ×), never to the board behind it.
    seen = set()
    for _ in range(6):
        page.keyboard.press("Tab")
        seen.add(focused(page))
    assert all(f.startswith("dialog: ") for f in seen), seen
    assert {f"dialog: {c}" for c in choices} <= seen
    page.keyboard.press("Shift+Tab")
    assert focused(page).startswith("dialog: ")
    # Escape closes it and gives the focus back to the board's target.
    page.keyboard.press("Escape")
    assert page.locator(".modal").count() == 0
    assert focused(page) == f"page: {label}"
    # Once more, and a choice made by the keyboard is sent.
    page.keyboard.press("Enter")
    page.wait_for_selector(".modal .choice")
    page.keyboard.press("Enter")
    page.wait_for_selector(".game[data-phase=main]")
    assert side.sent == ["p0 robber (1,0) p1"] and not side.refused, (side.sent, side.refused)
    assert not errors, errors
    context.close()


def test_the_bank_tab_says_what_a_bank_trade_needs(
    web: InProcessServer, web_browser: Browser
) -> None:
    # Two brick and one of each other resource, no harbor: no bank trade is possible.
    s = position(RULES, phase="main", hands={0: "2brick+1lumber+1wool+1grain+1ore"})
    context, page, errors = new_page(web_browser)
    EngineSide(s, 0).open(page, web.url)
    page.keyboard.press("t")
    page.wait_for_selector(".modal .tabs")
    tabs = page.eval_on_selector_all(".modal .tabs button", "els => els.map(e => e.dataset.tab)")
    assert tabs == ["players", "bank"]  # the bank is there, though no trade with it is possible
    page.click(".modal .tabs button[data-tab=bank]")
    needs = page.inner_text(".modal .bank-needs")
    assert "cannot trade with the bank now" in needs and "4 of one resource" in needs
    assert page.eval_on_selector_all(
        ".modal [data-give]", "els => els.every(e => e.disabled)"
    )  # nothing can be given
    assert page.is_disabled(".modal [data-send=maritime]")
    shot(page, "table-words-bank-tab")
    # With 4 ore the bank trade is there, and the line is not.
    s = position(RULES, phase="main", hands={0: "4ore"})
    EngineSide(s, 0).open(page, web.url)
    page.keyboard.press("t")
    page.click(".modal .tabs button[data-tab=bank]")
    assert page.locator(".modal .bank-needs").count() == 0
    assert not page.is_disabled(".modal [data-give=ore]")
    assert not errors, errors
    context.close()
