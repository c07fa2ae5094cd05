"""What a lobby bot may cost (``server/botcaps.py``), the bot threads' fairness between
games (``server/botpool.py``) and a seat's bound on accepted actions (``play.act``): a
request cannot make one decision take minutes, one game's slow bots do not stop another
game's bots, and one seat cannot flood its table with accepted actions."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from pysettlers.server import session as session_module
from pysettlers.server.botpool import FairPool
from pysettlers.server.limits import Limits
from pysettlers.server.protocol import CLOSE_CODES, Close
from pysettlers.server.session import BOTS_ONLY_STEP, GameSession
from support.server_helpers import InProcessServer, human_game


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = Path(tmp_path_factory.mktemp("bot-costs")) / "a.db"
    s = InProcessServer(f"sqlite:///{db}", bot_ms=500)
    yield s
    s.stop()


def _expert_game(server: Any, options: dict[str, Any]) -> httpx.Response:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "expert", "options": options}]
    body = {"seats": seats, "join": 0, "rules": {"players": 2}}
    return httpx.post(server.url + "/api/games", json=body, timeout=10)


@pytest.mark.parametrize(
    ("options", "key", "cap"),
    [({"playouts": 100000}, "playouts", "2000"), ({"ms": 60000}, "ms", "500")],
)
def test_a_lobby_bot_beyond_the_servers_cap_is_refused_by_name(
    server: Any, options: dict[str, Any], key: str, cap: str
) -> None:
    r = _expert_game(server, options)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == "bad_bot" and body["field"] == f"seats[1].options.{key}"
    assert f"at most {cap}" in body["message"]
    # within the cap it is taken, and the set-up search gets the server's time budget
    r = _expert_game(server, {"playouts": 2000})
    assert r.status_code == 201, r.text
    game = server.hub.sessions[r.json()["game"]["id"]]
    assert game.info.seats[1].bot_options == {"playouts": 2000, "setup_ms": 500}


def test_the_schema_offers_the_servers_caps(server: Any) -> None:
    bots = httpx.get(server.url + "/api/rules/schema", timeout=10).json()["bots"]
    hi = {s["key"]: s["hi"] for s in bots["expert"]}
    assert hi["playouts"] == 2000 and hi["ms"] == 500 and hi["setup_ms"] == 500
    assert hi["width"] == 30  # (not capped: the library's range)


def test_a_slow_game_does_not_stop_another_games_bots() -> None:
    """Two games whose bots are slow (each decision waits until the test lets it go) and a
    third with a quick bot, on two threads: the quick one's decision runs at once. A plain
    pool of two threads gives both to the slow games and the quick bot waits for them."""
    pool = FairPool(2, slow_after=0.01)
    release = threading.Event()
    try:
        hogs = [pool.lane("hog1"), pool.lane("hog2")]
        for lane in hogs:  # each game's first decision shows it slow
            lane.submit(time.sleep, 0.05).result(timeout=10)
        stuck = [lane.submit(release.wait, 30) for lane in hogs]
        quick = pool.lane("victim").submit(lambda: "moved")
        assert quick.result(timeout=10) == "moved"
        assert sum(f.running() for f in stuck) == 1  # one slow game at a time: one thread
    finally:
        release.set()
        pool.shutdown()


def test_a_game_has_one_decision_in_flight() -> None:
    pool = FairPool(2)
    release = threading.Event()
    try:
        lane = pool.lane("g")
        first = lane.submit(release.wait, 30)
        second = pool.lane("g").submit(lambda: "second")  # (its lane again: a reloaded game)
        other = pool.lane("h").submit(lambda: "other")
        assert other.result(timeout=10) == "other"  # the second thread was free ...
        assert not second.done()  # ... but not for the game's second decision
        release.set()
        assert first.result(timeout=10) is True and second.result(timeout=10) == "second"
    finally:
        release.set()
        pool.shutdown()


def test_a_seats_accepted_actions_are_rate_limited(tmp_path: Path) -> None:
    """Past its burst a seat's next action is refused ``rate_limited`` (429, with
    ``Retry-After``) and changes nothing, while the other seat still plays."""
    limits = Limits(
        connections_per_address=10**6,
        games_per_minute=10**6,
        action_burst=3,
        actions_per_second=0.1,
    )
    srv = InProcessServer(f"sqlite:///{tmp_path / 'r.db'}", limits=limits)
    try:
        game, tokens = human_game(srv.url, rules={"map_kind": "beginner"})
        url = f"{srv.url}/api/games/{game}"
        done = [0, 0]
        refused = None
        while refused is None:
            for seat, token in enumerate(tokens):
                auth = {"Authorization": f"Bearer {token}"}
                state = httpx.get(url + "/state", headers=auth, timeout=10).json()["state"]
                if not state["legal"]:
                    continue
                legal = state["legal"]
                action = next((a for a in legal if a.endswith((" roll", " end"))), legal[0])
                body = {"action": action, "version": state["version"]}
                r = httpx.post(url + "/actions", json=body, headers=auth, timeout=10)
                if done[seat] == 3:
                    refused = r
                    assert r.json()["version"] == state["version"]  # nothing changed
                    break
                assert r.status_code == 200, r.text
                done[seat] += 1
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["code"] == "rate_limited" and "at once" in refused.json()["message"]
        assert done[1] >= 1  # (the other seat played between: its own bucket)
    finally:
        srv.stop()


def test_a_watched_instant_bots_only_game_keeps_the_minimum_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``bot_speed: instant`` and a spectator: a bots-only game still waits
    ``BOTS_ONLY_STEP`` an action (it no longer runs at full speed once watched)."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(session_module.asyncio, "sleep", sleep)
    table = SimpleNamespace(
        people_present=lambda: True,
        bot_speed=0.0,  # instant
        bots_only=True,
        pace=1.0,
        _changed_at=time.monotonic(),
    )
    asyncio.run(GameSession._pause(table))  # type: ignore[arg-type]
    assert len(waits) == 1 and 0 < waits[0] <= BOTS_ONLY_STEP
    table.bots_only = False  # a person's game at instant speed: its bots do not wait
    asyncio.run(GameSession._pause(table))  # type: ignore[arg-type]
    assert len(waits) == 1


def test_the_asgi_servers_closes_are_worth_another_try() -> None:
    """A client that stopped reading is closed by uvicorn's keepalive with 1011 (the 4001
    cannot reach it), and a shutdown closes with uvicorn's 1012 first: the browser must
    connect again after both (``test_protocol_spec`` holds api.js to this table); a game
    that cannot be rebuilt has its own code."""
    assert CLOSE_CODES[1011][1] and CLOSE_CODES[1012][1]
    assert Close.BROKEN_GAME == 4500 and not CLOSE_CODES[Close.BROKEN_GAME][1]
