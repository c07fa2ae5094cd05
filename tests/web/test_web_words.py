"""The page reads the server's words: its status line is the state message's ``to_do``, its
big dice say the ``captions``, and nothing of either is composed in the page.

What this is for: issue 30, point 3 — one vocabulary of words (``pysettlers.words``) for
every client. The page's WebSocket is answered by the engine in the test
(``web_driver.EngineSide``) with the words the server would send; a roll made by clicking
must show exactly those words, and a state whose words differ from any the page could
compose (marked words) must be shown as sent.

What this is not: the words themselves (``tests/engine/test_words_todo.py``) or the effects'
timing (``test_web_effects.py``).
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser

from pysettlers.engine import Rules, observe
from pysettlers.engine.position import position
from pysettlers.server.wordsjson import seat_names, state_words
from support.browser import shot, watch_errors
from support.server_helpers import InProcessServer
from support.web_driver import EngineSide


def marked(text: str | None) -> str | None:
    return None if text is None else f"[{text}]"


class MarkedSide(EngineSide):
    """An engine side whose to-do line and captions carry a mark: the page can only have
    them from the message."""

    def state(self, since: int | None) -> str:
        msg: dict[str, Any] = json.loads(super().state(since))
        msg["to_do"] = marked(msg["to_do"])
        msg["captions"] = [marked(c) for c in msg["captions"]]
        return json.dumps(msg)


def test_the_status_line_and_the_big_dice_say_the_servers_words(
    web: InProcessServer, web_browser: Browser
) -> None:
    s = position(Rules(players=3, map_kind="beginner", seed=1), phase="pre_roll", current=0)
    side = MarkedSide(s, 0)
    context = web_browser.new_context(viewport={"width": 1200, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    side.open(page, web.url)
    assert page.inner_text(".status .what") == "[Your turn: roll the dice.]"
    before = s.version
    page.click(".controls button[data-act='roll']")
    page.wait_for_selector(".fx-dice .fx-dice-who")
    # The words the server would have sent with the roll (the engine side's first outcome).
    view = observe(s, 0, before)
    said = state_words(view, seat_names(side.seats), [], status="in_progress")
    caption = said["captions"][[e.kind for e in view.events].index("roll")]
    assert caption == "You rolled"
    assert page.inner_text(".fx-dice .fx-dice-who") == marked(caption)
    nobody = [c for c in said["captions"] if c and c != caption]
    if nobody:  # a roll that paid no one says so in the server's words
        assert page.inner_text(".fx-dice .fx-paid.none") == marked(nobody[0])
    page.wait_for_selector(".status .what:text-is('[Your turn: trade and build.]')")
    shot(page, "w1-server-words")
    assert errors == [], errors
    context.close()
