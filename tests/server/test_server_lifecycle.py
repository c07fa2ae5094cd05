"""Every game ends, games nobody plays sleep, and the operator has tools (issue 29, point 1).

What this is for: the server's bounds on games (``server/lifecycle.py``) — a game past its
turn limit ends without a winner and says why; a game with people's seats that nobody has
been at for ``park_after`` is parked, is not rebuilt when the server starts, and wakes when
a player connects; bots-only games in progress are bounded; ``pysettlers admin`` lists, ends
and purges games through the running server's admin routes, with the admin token only.

What this is not: the rules' own end of a game (a player's points: the engine's tests).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pysettlers.cli import main
from pysettlers.engine import replay
from pysettlers.server.client import SeatClient
from support.server_helpers import InProcessServer, create, human_game

TOKEN = "an admin secret"
RANDOM_BOTS = [{"kind": "bot", "bot": "random"}] * 3


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('life') / 'l.db'}"


@pytest.fixture(scope="module")
def srv(db: str) -> Iterator[InProcessServer]:
    s = InProcessServer(db, park_after=0.5, max_bot_games=2, admin_token=TOKEN)
    yield s
    s.stop()


def game(base: str, game_id: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{game_id}", timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_for(what: str, cond: Any, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, f"no {what} in {timeout} s"
        time.sleep(0.05)


def test_a_game_past_its_turn_limit_ends_without_a_winner(srv: InProcessServer) -> None:
    created = create(srv.url, rules={"players": 3, "seed": 1}, seats=RANDOM_BOTS, turn_limit=20)
    gid = created["game"]["id"]
    wait_for("end", lambda: game(srv.url, gid)["status"] == "finished")
    g = game(srv.url, gid)
    assert g["winner"] is None and g["ended"] == "turn_limit"
    assert g["turn"] == 21  # the turn past the limit began; nothing was played in it
    record = httpx.get(f"{srv.url}/api/games/{gid}/record", timeout=10).json()
    assert record["result"]["winner"] is None and record["result"]["turns"] == 21
    # Over is over: no one acts any more.
    assert httpx.post(f"{srv.url}/api/games/{gid}/join", json={"seat": 0}, timeout=10).is_error


def test_a_game_ended_without_a_winner_replays_with_its_secrets(
    srv: InProcessServer, db: str
) -> None:
    """A game the server ended (turn limit, operator) never reaches the engine's game-over
    phase; its record must still be the whole one — the seed, and the card a seat drew,
    which the spectator's record of a game in progress lacks — or it never replays (a CI
    run's turn-limited game: ``bad_record``, "the record lacks the chance outcome")."""
    # Beginner map, dice by hand: 6+6 gives p1 grain beside its lumber, wool and ore, so
    # p1 buys a development card on its first turn; then the operator ends the game.
    gid, tokens = human_game(srv.url, rules={"map_kind": "beginner"}, manual_chance=True)
    moves = [(0, "p0 roll", "6+6"), (0, "p0 end", None), (1, "p1 roll", "1+1")]
    moves.append((1, "p1 buy", "monopoly"))
    for version, (seat, action, outcome) in enumerate(moves):
        body = {"action": action, "version": version, "id": f"m{version}", "outcome": outcome}
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        r = httpx.post(f"{srv.url}/api/games/{gid}/actions", json=body, headers=auth, timeout=10)
        assert r.status_code == 200 and r.json()["type"] == "accepted", r.text
    admin = {"Authorization": f"Bearer {TOKEN}"}
    ended = httpx.post(f"{srv.url}/api/admin/games/{gid}/end", headers=admin, timeout=10)
    assert ended.status_code == 200 and ended.json()["ended"] == "admin", ended.text
    expected = [["p0 roll", "6+6"], ["p0 end"], ["p1 roll", "1+1"], ["p1 buy", "monopoly"]]
    # A spectator's record, a seat's and a new server's (rebuilt from the log) are whole.
    again = InProcessServer(db)
    try:
        for base, token in ((srv.url, None), (srv.url, tokens[0]), (again.url, None)):
            auth = {"Authorization": f"Bearer {token}"} if token else {}
            url = f"{base}/api/games/{gid}"
            record = httpx.get(f"{url}/record", headers=auth, timeout=10).json()
            assert record["actions"] == expected and "seed" in record["rules"], record
            assert replay(record).state.dev_cards(1)[3] == 1  # the monopoly card drawn
            shown = httpx.get(f"{url}/replay", params={"step": 4}, timeout=10)
            assert shown.status_code == 200 and shown.json()["action"] == expected[3], shown.text
            stats = httpx.get(f"{url}/stats", timeout=10)
            assert stats.status_code == 200 and stats.json()["steps"] == 4, stats.text
    finally:
        again.stop()


def test_a_game_nobody_is_at_is_parked_and_wakes_for_its_player(
    srv: InProcessServer, db: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = create(srv.url, rules={"players": 2, "seed": 2}, seats=seats, join=0)
    gid, token = created["game"]["id"], created["you"]["token"]
    wait_for("parking", lambda: gid not in srv.hub.sessions)
    assert game(srv.url, gid)["status"] == "parked"  # (shown, not woken, by looking)
    # A new server does not rebuild it at start...
    again = InProcessServer(db, park_after=60)
    try:
        assert gid not in again.hub.sessions

        async def come_back() -> dict[str, Any]:
            c = SeatClient(again.url, gid, token)
            await c.connect()
            try:
                while True:
                    msg = await c.recv(10)
                    if msg["type"] == "state":
                        return msg
            finally:
                await c.close()

        # ...and the player's connection wakes it where it stood.
        state = asyncio.run(come_back())
        assert state["status"] == "in_progress"
        assert game(again.url, gid)["status"] == "in_progress"
    finally:
        again.stop()


def test_bots_only_games_are_bounded_in_number(srv: InProcessServer) -> None:
    long = {"players": 3, "vp_target": 10}
    made = [create(srv.url, rules=long, seats=RANDOM_BOTS) for _ in range(2)]
    r = httpx.post(srv.url + "/api/games", json={"rules": long, "seats": RANDOM_BOTS}, timeout=10)
    # (random bots take thousands of actions to reach 10 points: both still play)
    assert [game(srv.url, m["game"]["id"])["status"] for m in made] == ["in_progress"] * 2
    assert r.status_code == 429, r.text
    assert r.json()["error"] == "too_many_bot_games"
    assert "at most 2 bots-only games" in r.json()["message"]
    # A game with a person in it is never refused for that.
    seats = [{"kind": "human"}] + RANDOM_BOTS[:2]
    assert httpx.post(
        srv.url + "/api/games", json={"rules": long, "seats": seats}, timeout=10
    ).is_success


def test_the_admin_command_lists_ends_and_purges(
    srv: InProcessServer, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = create(srv.url, rules={"players": 2}, seats=seats, join=0)
    gid = created["game"]["id"]
    base = ["admin", "--url", srv.url, "--token", TOKEN]
    # Without the token, or with another, the routes refuse.
    assert main(["admin", "--url", srv.url, "--token", "wrong", "list"]) == 1
    # (the server's message, not its JSON body)
    assert (
        capsys.readouterr().err == "pysettlers admin: 403 the admin routes need the admin token\n"
    )
    assert main([*base, "list"]) == 0
    listed = capsys.readouterr().out
    assert gid in listed and listed.startswith("games: ")
    assert main([*base, "end", gid]) == 0
    assert '"ended": "admin"' in capsys.readouterr().out
    g = game(srv.url, gid)
    assert (g["status"], g["winner"], g["ended"]) == ("finished", None, "admin")
    assert main([*base, "end", gid]) == 1  # over already: 409
    assert capsys.readouterr().err == "pysettlers admin: 409 the game is over already\n"
    # Purged: finished games no longer in the server's memory (a new server's).
    again = InProcessServer(db, admin_token=TOKEN)
    try:
        assert main(["admin", "--url", again.url, "--token", TOKEN, "purge", "--days", "0"]) == 0
        purged = capsys.readouterr().out
        assert '"purged": ' in purged and '"purged": 0' not in purged
        assert httpx.get(f"{again.url}/api/games/{gid}", timeout=10).status_code == 404
    finally:
        again.stop()


def test_admin_routes_are_off_without_a_token(tmp_path: Path) -> None:
    s = InProcessServer(f"sqlite:///{tmp_path / 'n.db'}")
    try:
        r = httpx.get(f"{s.url}/api/admin/games", headers={"Authorization": "Bearer x"})
        assert r.status_code == 404 and r.json()["error"] == "no_admin"
    finally:
        s.stop()
