"""No request holds the event loop (issue 29, point 2).

What this is for: the work a client's request chooses the size of — a board laid out from a
map description, a long record replayed, statistics counted — runs off the event loop
(``server/work.py``): while it is served, an honest player's pings are answered; a map that
cannot be laid out is refused at once (400 naming the tokens), never a 500 after seconds.

What this is not: a latency figure (``make bench-server``) — the assertions here are about
order and status codes, never about how many milliseconds something took.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pysettlers.server.client import SeatClient
from support.paths import GOLDEN
from support.server_helpers import InProcessServer, create

# Every counter a 6: no order keeps the red counters apart.
IMPOSSIBLE = {
    "map_kind": "described",
    "map_description": json.dumps(
        {
            "cells": {"hexagon": 2},
            "pool": {"hills": 19},
            "tokens": {"method": "random", "counters": [6] * 19},
        }
    ),
}


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    s = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('work') / 'w.db'}")
    yield s
    s.stop()


def test_a_map_that_cannot_be_laid_out_is_refused_by_name(srv: InProcessServer) -> None:
    for path, body in (
        ("/api/preview", {"rules": IMPOSSIBLE}),
        ("/api/games", {"rules": IMPOSSIBLE}),
    ):
        r = httpx.post(srv.url + path, json=body, timeout=30)
        assert r.status_code == 422, (path, r.text)  # (bad_rules is 422 on every route)
        assert r.json()["error"] == "bad_rules"
        assert "cannot be kept apart" in r.json()["message"]
    assert not srv.hub.sessions or all(
        s.info.rules.get("map_kind") != "described" for s in srv.hub.sessions.values()
    )


@pytest.mark.parametrize(
    ("route", "name", "body"),
    [
        ("/api/replay", "replay_view", "record"),
        ("/api/preview", "preview", "rules"),
        ("/api/stats", "stats", "record"),
    ],
)
def test_pings_are_answered_while_a_request_is_served(
    srv: InProcessServer, monkeypatch: pytest.MonkeyPatch, route: str, name: str, body: str
) -> None:
    # The request's work is held (a stand-in for a slow one) until the test has had a pong
    # from the game's socket: on the event loop, the pong could never come first.
    import pysettlers.server.replays as replays

    entered, release = threading.Event(), threading.Event()
    work = getattr(replays, name)

    def held(*args: Any) -> Any:
        entered.set()
        release.wait(20)
        return work(*args)

    monkeypatch.setattr(replays, name, held)
    record = json.loads((GOLDEN / "records.jsonl").read_text().splitlines()[2])["record"]
    payload = {"record": record} if body == "record" else {"rules": {"players": 4}}
    created = create(srv.url, rules={"players": 2}, seats=[{"kind": "human"}] * 2, join=0)
    game, token = created["game"]["id"], created["you"]["token"]
    answer: dict[str, int] = {}

    def upload() -> None:
        answer["status"] = httpx.post(srv.url + route, json=payload, timeout=60).status_code

    async def ping_while_served() -> None:
        c = SeatClient(srv.url, game, token)
        await c.connect()
        worker = threading.Thread(target=upload)
        try:
            while (await c.recv(10))["type"] != "state":
                pass
            worker.start()
            assert entered.wait(20), "the request's work never started"
            await c.send({"type": "ping"})
            while (await c.recv(10))["type"] != "pong":
                pass
            assert worker.is_alive()  # answered while the request was still being served
        finally:
            release.set()
            worker.join(60)
            await c.close()

    asyncio.run(ping_while_served())
    assert answer["status"] == 200


def test_work_past_its_time_is_answered_503_naming_it() -> None:
    from pysettlers.server.errors import LobbyError
    from pysettlers.server.work import Work

    release = threading.Event()
    work = Work(threads=1, timeout=0.05)

    async def go() -> None:
        with pytest.raises(LobbyError) as info:
            await work.run("laying out the board", release.wait, 5)
        assert info.value.status == 503 and info.value.code == "too_slow"
        assert info.value.message.startswith("laying out the board took more than 0.05 s")
        release.set()
        assert await work.run("counting", sum, [1, 2]) == 3  # the pool serves again

    try:
        asyncio.run(go())
    finally:
        release.set()
        work.close()
