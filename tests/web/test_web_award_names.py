"""A game with ships names its road award one way everywhere: the Longest Trade Route.

What this is for: tour C, finding 4 — the log and the results said "Longest Trade Route",
the panel's badge and the replay's points column "Longest Road". The names come from the
one vocabulary (``pysettlers.words.award_names``): the state message's ``awards``, the
replay's and the statistics' ``awards``, the log's words and the ships' drawing hint all
say the same, and the replay page's points column shows it.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from playwright.sync_api import Browser

from pysettlers.engine import Rules, new_game
from pysettlers.server.drawing import hints
from pysettlers.server.wordsjson import seat_names
from pysettlers.words import Words, award_names
from support.browser import new_page
from support.server_helpers import InProcessServer, create

TRADE_ROUTE = "Longest Trade Route"


def finished_game(base: str, rules: dict[str, object]) -> str:
    game = create(base, rules=rules, seats=[{"kind": "bot", "bot": "random"}] * 3)["game"]["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/games/{game}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return game


def test_every_place_takes_the_awards_names_from_the_vocabulary() -> None:
    ships = Rules(players=3, scenarios=("ships",), map_kind="islands")
    assert award_names(True) == {"longest_road": TRADE_ROUTE, "largest_army": "Largest Army"}
    assert award_names(False)["longest_road"] == "Longest Road"
    s = new_game(ships)
    assert Words(s.board, seat_names([{}] * 3), None, True).award(False) == TRADE_ROUTE
    assert hints(ships)["ships"]["longest_road"] == TRADE_ROUTE


def test_a_ships_game_names_the_award_alike_in_state_replay_stats_and_page(
    web: InProcessServer, web_browser: Browser
) -> None:
    rules = {"players": 3, "vp_target": 4, "scenarios": ["ships"], "map_kind": "islands"}
    game = finished_game(web.url, rules)

    def get(game: str, path: str) -> Any:
        return httpx.get(f"{web.url}/api/games/{game}/{path}", timeout=20).json()

    assert get(game, "stats")["awards"]["longest_road"] == TRADE_ROUTE
    assert get(game, "replay")["awards"]["longest_road"] == TRADE_ROUTE
    plain = finished_game(web.url, {"players": 3, "vp_target": 3})
    assert get(plain, "stats")["awards"]["longest_road"] == "Longest Road"

    # The state message a spectator gets carries the names too (the badge's source).
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 900})
    got: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: got.append(str(f))))
    page.goto(f"{web.url}/#/game/{game}")
    page.wait_for_selector(".game[data-status=finished]")
    frames = [f for f in got if '"type":"state"' in f]
    assert frames and all(f'"longest_road":"{TRADE_ROUTE}"' in f for f in frames)
    # The holder's badge in the players' panel reads the same name.
    holder = json.loads(frames[-1])["view"]["longest_road"]
    badges = page.eval_on_selector_all(".player .badge", "els => els.map(e => e.textContent)")
    assert "Longest Road" not in badges, badges
    assert holder is None or TRADE_ROUTE in badges, (holder, badges)
    # The replay's points table heads its column with the same name.
    page.goto(f"{web.url}/#/replay/{game}")
    page.wait_for_selector(".points-table")
    heads = page.eval_on_selector_all(".points-table th", "els => els.map(e => e.textContent)")
    assert f"{TRADE_ROUTE} (2 points)" in heads and "Longest Road (2 points)" not in heads, heads
    assert not errors, errors
    context.close()
