"""The rematch (issue 28, point 5): ``POST /api/games/{id}/rematch`` over real HTTP.

What this is for: a finished game's players start the same seats and options on a new map —
refused without a seat's token and before the game is over; the first call creates it, each
other human of the old game then takes their own seat with their own token (asked again, the
same seat), the rematch's seats are kept from strangers, and the old game's clients are told.
On SQLite and PostgreSQL (the ``server`` fixture).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx

from pysettlers.server.client import SeatClient, random_move
from support.server_helpers import create


def rematch(base: str, game: str, token: str | None) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token is not None else {}
    return httpx.post(f"{base}/api/games/{game}/rematch", headers=headers, timeout=10)


async def play_to_the_end(base: str, game: str, tokens: list[str]) -> None:
    """Random legal moves for every human seat until the game is over, never a domestic
    offer (not what this test is about; offers are ``test_server_trading.py``'s)."""

    async def seat(token: str, rng: random.Random) -> None:
        client = SeatClient(base, game, token)
        await client.connect(since=-1)
        while True:
            msg = await client.recv(30)
            if msg["type"] == "state" and msg["status"] == "finished":
                break
            if msg["type"] == "state" and msg["legal"]:
                await client.act(random_move(msg["legal"], rng, offers=0.0), msg["version"])
        await client.close()

    await asyncio.gather(*(seat(t, random.Random(i)) for i, t in enumerate(tokens)))


def test_a_rematch_seats_the_same_players_on_a_new_map(server: Any) -> None:
    base = server.url
    rules = {"players": 3, "vp_target": 4, "map_kind": "variable"}
    seats = [
        {"kind": "human"},
        {"kind": "human"},
        {"kind": "bot", "bot": "weighted", "name": "Robo"},
    ]
    created = create(
        base,
        name="best of three",
        rules=rules,
        seats=seats,
        join=0,
        player_name="Ann",
        turn_timer=300,
    )
    game = created["game"]["id"]
    joined = httpx.post(
        f"{base}/api/games/{game}/join",
        json={"invite": created["invites"][0]["invite"], "name": "Bo"},
        timeout=10,
    ).json()
    tokens = [created["you"]["token"], joined["token"]]

    # Refused: without a token, with one of no seat, and before the game is over.
    for token in (None, "not-a-token"):
        r = rematch(base, game, token)
        assert r.status_code == 403 and r.json()["error"] == "bad_token", r.text
    r = rematch(base, game, tokens[0])
    assert r.status_code == 409 and r.json()["error"] == "not_over", r.text
    assert "not over" in r.json()["message"]

    asyncio.run(play_to_the_end(base, game, tokens))
    old = httpx.get(f"{base}/api/games/{game}", timeout=10).json()
    assert old["status"] == "finished"
    old_board = httpx.get(f"{base}/api/games/{game}/record", timeout=10).json()["board"]

    async def started_by_bo() -> tuple[httpx.Response, dict[str, Any]]:
        # Ann's page is still open on the old game: it is told when Bo starts the rematch.
        ann = SeatClient(base, game, tokens[0])
        await ann.connect()
        r = await asyncio.to_thread(rematch, base, game, tokens[1])
        deadline = time.monotonic() + 10
        while True:
            msg = await ann.recv(max(0.1, deadline - time.monotonic()))
            if msg["type"] == "rematch":
                await ann.close()
                return r, msg

    r, told = asyncio.run(started_by_bo())
    assert r.status_code == 201, r.text
    out = r.json()
    new = out["game"]
    assert new["id"] != game and told == {"type": "rematch", "game": new["id"], "by": 1}
    # The same name, rules (a new secret seed), seats and options; Bo seated, Ann invited.
    assert new["name"] == "best of three" and new["status"] == "open"
    assert new["rules"] == {k: v for k, v in old["rules"].items() if k != "seed"}
    assert new["turn_timer"] == 300 and new["public"] is True
    assert [(s["kind"], s["bot"], s["name"]) for s in new["seats"]] == [
        ("human", None, "Ann"),
        ("human", None, "Bo"),
        ("bot", "weighted", "Robo"),
    ]
    assert [s["taken"] for s in new["seats"]] == [False, True, True]
    assert out["you"]["seat"] == 1 and [i["seat"] for i in out["invites"]] == [0]
    # Asked again, Bo gets the same seat and token back.
    again = rematch(base, game, tokens[1]).json()
    assert again["you"] == out["you"] and again["game"]["id"] == new["id"]
    # Ann's seat is kept for her: a stranger cannot take it by number.
    r = httpx.post(
        f"{base}/api/games/{new['id']}/join", json={"seat": 0, "name": "Eve"}, timeout=10
    )
    assert r.status_code == 403 and r.json()["error"] == "reserved", r.text
    # Ann takes it with her own token; every seat is taken and the rematch starts.
    ann = rematch(base, game, tokens[0])
    assert ann.status_code == 201, ann.text
    assert ann.json()["you"]["seat"] == 0 and ann.json()["game"]["id"] == new["id"]
    assert ann.json()["invites"] == []
    started = httpx.get(f"{base}/api/games/{new['id']}", timeout=10).json()
    assert started["status"] == "in_progress"
    # Each token is a seat of the new game (its record is that seat's), on a new map.
    for seat, token in ((0, ann.json()["you"]["token"]), (1, out["you"]["token"])):
        record = httpx.get(
            f"{base}/api/games/{new['id']}/record",
            headers={"authorization": f"Bearer {token}"},
            timeout=10,
        )
        assert record.status_code == 200, (seat, record.text)
        assert record.json()["board"] != old_board
