"""The stand-in bot is said in the log where it takes a person's seat and hands it back.

What this is for: tour C, finding 3 — the turn timer's and an absent person's stand-in
played in their name without a word. Now the state messages' ``event_words`` carry the
table's notes (``wordsjson``: "Bo is away: a stand-in bot plays in Bo's place.", "Your
time is up: …", "You are back: the stand-in bot made 3 moves for you."), once each, at
the first event after the change.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pysettlers.server.client import SeatClient, random_move
from support.aio import run
from support.server_helpers import InProcessServer, create, human_game, is_state, until


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('standin') / 's.db'}")
    yield srv.url
    srv.stop()


def lines(msg: dict[str, Any]) -> list[str]:
    return [w for w in msg.get("event_words") or [] if w]


def test_a_turn_timer_running_out_is_said_to_the_person_and_the_table(base: str) -> None:
    game, tokens = human_game(base, players=2, rules={"map_kind": "beginner"}, turn_timer=2)

    async def go() -> None:
        me = SeatClient(base, game, tokens[0])
        await me.connect()
        watcher = SeatClient(base, game)
        await watcher.connect()
        moved = await until(me, lambda m: is_state(m) and m["version"] >= 1, timeout=10)
        assert lines(moved)[0].startswith("Your time is up: a stand-in bot decides for you. You ")
        seen = await until(watcher, lambda m: is_state(m) and m["version"] >= 1, timeout=10)
        first = lines(seen)[0]
        assert re.match(r"\S.*'s time is up: a stand-in bot decides for .*\. .* rolls", first)
        await me.close()
        await watcher.close()

    run(go())


def test_an_absent_persons_stand_in_is_said_and_so_is_their_return(base: str) -> None:
    created = create(
        base,
        rules={"players": 2, "map_kind": "beginner"},
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}],
        join=0,
        absent_limit=1,
    )
    game = created["game"]["id"]
    r = httpx.post(
        f"{base}/api/games/{game}/join",
        json={"invite": created["invites"][0]["invite"], "name": "Bo"},
        timeout=10,
    )
    bo_token = r.json()["token"]
    said: list[str] = []  # Ann's log

    async def ann_plays(ann: SeatClient) -> None:
        rng = random.Random(3)
        while True:
            msg = await ann.recv(20)
            if is_state(msg):
                said.extend(lines(msg))
                if msg["status"] == "finished":
                    return
                if msg["legal"]:
                    await ann.act(random_move(msg["legal"], rng), msg["version"])

    async def go() -> None:
        ann = SeatClient(base, game, created["you"]["token"])
        await ann.connect(since=-1)
        playing = asyncio.create_task(ann_plays(ann))
        # Bo never came: after the absent limit a stand-in plays his seat, and says so once.
        while sum("Bo is away: a stand-in bot plays in Bo's place." in x for x in said) < 1:
            await asyncio.sleep(0.05)
        while sum(x.startswith("Bo ") for x in said) < 3:  # (his stand-in plays on)
            await asyncio.sleep(0.05)
        # Bo comes back and reads, from the start, what was done in his name.
        bo = SeatClient(base, game, bo_token)
        await bo.connect(since=-1)
        caught_up = await until(bo, is_state)
        log = lines(caught_up)
        away = [i for i, x in enumerate(log) if "You are away" in x]
        assert len(away) == 1 and log[away[0]].startswith(
            "You are away: a stand-in bot plays in your place. You "
        )
        # The next event after his return says he is back, and how many moves were his
        # stand-in's: to him, and to Ann. (He decides for himself again: when he comes back
        # to a decision of his, that next event waits on his move.)
        brng = random.Random(5)
        msg = caught_up
        while True:
            if msg["legal"]:
                await bo.act(random_move(msg["legal"], brng), msg["version"])
            msg = await until(bo, is_state)
            if lines(msg):
                back = msg
                break
        m = re.match(r"You are back: the stand-in bot made (\d+) moves? for you\.", lines(back)[0])
        assert m and int(m.group(1)) >= 3
        while not any(x.startswith("Bo is back") for x in said):
            await asyncio.sleep(0.05)
        assert sum("Bo is away" in x for x in said) == 1
        assert sum(x.startswith(f"Bo is back: the stand-in bot made {m.group(1)}") for x in said)
        playing.cancel()
        await ann.close()
        await bo.close()

    run(go())
