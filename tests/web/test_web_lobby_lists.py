"""The lobby's lists and the invite page say what each game is (tour C, findings 6, 7, 10).

What this is for: a finished game's winner is named ("won by Medium bot 2"), not "seat 3";
a game of yours is listed once (under "Your games", not again under "Finished"); each row
says what the game is played by — the players, the map, the scenarios, the variants — in
the server's words (``GameOut.rules_words``, ``server/lobbywords.py``); the invite page
says who invites you, to which game, in which seat and by which rules, and "Take my seat"
without a name says why nothing happened; the "Create game" bar fades what it covers out
instead of cutting a help line in half, and covers nothing at the form's end.
"""

from __future__ import annotations

import json
import time

import httpx
from playwright.sync_api import Browser

from pysettlers.engine import Rules
from pysettlers.server.lobbywords import rules_words
from support.browser import new_page, shot
from support.server_helpers import InProcessServer, create


def test_the_rules_in_words_name_the_players_map_scenarios_and_variants() -> None:
    ships = Rules(
        players=4,
        scenarios=("ships", "pirate"),
        map_kind="islands",
        alternate=("open_hands", "ignore_seven"),
    )
    assert rules_words(ships.to_json()) == [
        "4 players",
        "Islands map",
        "Pirate (1996)",
        "Ships (Seafarers)",
        "alternate rules 2, 5",
        "first to 10",
    ]
    eight = Rules(players=8, map_kind="peanut", large_game_variant="mayfair", discard_limit=9)
    assert rules_words(eight.to_json()) == [
        "8 players",
        "Peanut map",
        "1996 rules (no Special Building Phase)",
        "discard limit 9",
        "first to 10",
    ]
    # (the 5–8 players' variant is not said for fewer players, where it does not apply)
    assert rules_words(Rules(players=3, vp_target=7).to_json()) == [
        "3 players",
        "Variable map",
        "first to 7",
    ]


def finished_bots_game(base: str, rules: dict[str, object]) -> str:
    body = {"rules": rules, "seats": [{"kind": "bot", "bot": "random"}] * 3}
    game = create(base, **body)["game"]["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/games/{game}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return game


def test_finished_games_name_their_winner_once_with_their_rules(
    web: InProcessServer, web_browser: Browser
) -> None:
    rules = {"players": 3, "vp_target": 4, "scenarios": ["ships"], "map_kind": "islands"}
    mine = finished_bots_game(web.url, rules)
    theirs = finished_bots_game(web.url, {"players": 3, "vp_target": 3})
    summary = httpx.get(f"{web.url}/api/games/{theirs}", timeout=10).json()
    winner = summary["seats"][summary["winner"]]["display_name"]
    assert summary["rules_words"] == ["3 players", "Variable map", "first to 3"]
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    # This browser holds a seat of ``mine`` (as a player of it would).
    held = json.dumps({mine: {"0": {"token": "x", "name": "Ann", "saved": 0}}})
    page.add_init_script(f"localStorage.setItem('pysettlers.seats', {json.dumps(held)})")
    page.goto(web.url + "/")
    page.wait_for_selector(f".games.finished [data-game='{theirs}']")
    row = page.inner_text(f".games.finished [data-game='{theirs}']")
    assert f"won by {winner}" in row and "seat" not in row, row
    assert "3 players · Variable map · first to 3" in row, row
    # Yours: under "Your games" only, with its map and scenario.
    assert page.locator(f"[data-game='{mine}']").count() == 1
    mine_row = page.inner_text(f".games.mine [data-game='{mine}']")
    assert "Islands map · Ships (Seafarers)" in mine_row and "won by " in mine_row, mine_row
    shot(page, "lobby-lists-named")
    assert not errors, errors
    context.close()


def test_the_invite_page_says_what_you_are_invited_to(
    web: InProcessServer, web_browser: Browser
) -> None:
    created = create(
        web.url,
        name="Ann and Bo online",
        rules={"players": 3, "map_kind": "islands", "scenarios": ["ships"]},
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "medium"}],
        join=0,
        player_name="Ann",
        turn_timer=25,
    )
    game, invite = created["game"]["id"], created["invites"][0]
    bad = httpx.get(f"{web.url}/api/games/{game}/invite", params={"code": "nope"}, timeout=10)
    assert bad.status_code == 403 and bad.json()["error"] == "bad_invite"
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    page.goto(invite["url"])
    page.wait_for_selector("[data-game-name]")
    assert page.inner_text(".join h1") == "Ann invites you to a game"
    about = page.inner_text("[data-invite-about]")
    assert "Ann and Bo online" in about and game not in about, about
    assert "Your seat:" in about and "Player 2" in about, about
    assert "3 players · Islands map · Ships (Seafarers)" in about and "25 s turn timer" in about
    # "Take my seat" with no name: a visible message, and the seat is not taken.
    page.fill("[data-name]", "")
    page.click("[data-join-invite]")
    page.wait_for_selector("#join-name-msg:not([hidden])")
    assert "Type your name" in page.inner_text("#join-name-msg")
    seats = httpx.get(f"{web.url}/api/games/{game}", timeout=10).json()["seats"]
    assert not seats[1]["taken"]
    shot(page, "invite-page")
    page.fill("[data-name]", "Bo")
    page.click("[data-join-invite]")
    page.wait_for_function(f"() => location.hash === '#/game/{game}'")
    assert not errors, errors
    context.close()


def test_the_create_bar_fades_what_it_covers_and_covers_nothing_at_rest(
    web: InProcessServer, web_browser: Browser
) -> None:
    context, page, errors = new_page(web_browser, viewport={"width": 1280, "height": 800})
    page.goto(web.url + "/")
    page.wait_for_selector("[data-create]")
    page.click("details.rules summary")
    fade = page.evaluate(
        """() => { const s = getComputedStyle(document.querySelector('.create-bar'), '::before');
                   return [s.backgroundImage, parseFloat(s.height)]; }"""
    )
    assert "linear-gradient" in fade[0] and fade[1] > 10, fade
    # At the form's end the bar rests in place: its fade lies over nothing of the form.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    gap = page.evaluate(
        """() => { const bar = document.querySelector('.create-bar').getBoundingClientRect();
                   const cols = document.querySelector('.create-cols').getBoundingClientRect();
                   return bar.top - cols.bottom; }"""
    )
    assert gap >= fade[1], (gap, fade)
    assert not errors, errors
    context.close()
