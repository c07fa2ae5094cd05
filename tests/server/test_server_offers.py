"""Bots' domestic offers to people over the server: they wait for an answer, they are
numbered, and they come at the table's pace.

What this is for: issue 28 point 1 on the server's side. A person (p0, a protocol client)
sits with three bots that offer whenever they can (``offers=1``):

* a bot's offer to the person stays open while the person thinks (here 1.5 s, where it was
  once withdrawn within milliseconds), and the person's answer, naming the offer, lands;
* each bot makes at most one offer a turn to people;
* an offer the person lets run out (``offer_time``) is withdrawn, and an answer to it then
  is refused naming the rule, never applied to a later offer;
* a person who turns bots' offers off (``prefs``) is offered nothing more;
* with ``bot_speed`` and a server that paces (``pace=1``), bots' actions are spaced while a
  person watches, and a game nobody watches runs at full speed.

And a server log written before offers were numbered (answers without ``#N``) still
rebuilds its game.

What this is not: the browser's side of it (``test_web_offers.py``) or the rules of trade
(``test_rules_trade.py``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pysettlers.server.client import SeatClient, random_move
from support.paths import GOLDEN
from support.server_helpers import InProcessServer, create

OFFERING_BOTS = [{"kind": "human"}] + [
    {"kind": "bot", "bot": "greedy", "options": {"offers": 1}} for _ in range(3)
]
ANSWER = re.compile(r"^p0 (accept|reject) #(\d+)$")
OFFER = re.compile(r"^p(\d) offer \S+ for \S+ to (\S+)$")


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('offers') / 'o.db'}")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('paced') / 'p.db'}", pace=1.0)
    yield srv
    srv.stop()


def record(base: str, game: str) -> list[str]:
    r = httpx.get(f"{base}/api/games/{game}/record", timeout=10)
    assert r.status_code == 200, r.text
    return [item[0] for item in r.json()["actions"]]


async def until_offered(c: SeatClient, rng: random.Random, limit: int = 3000) -> dict[str, Any]:
    """Play p0 (never offering) until a bot's offer to p0 is open; that state message."""
    for _ in range(limit):
        msg = await c.recv(30)
        if msg["type"] != "state" or not msg["legal"]:
            continue
        if any(ANSWER.match(a) for a in msg["legal"]):
            return msg
        await c.act(random_move(msg["legal"], rng, offers=0), msg["version"])
    raise AssertionError("no bot offered p0 a trade")


async def reply_to(c: SeatClient, action_id: str) -> dict[str, Any]:
    """The ``accepted`` or ``error`` answering ``action_id``."""
    while True:
        msg = await c.recv(30)
        if msg["type"] in ("accepted", "error") and msg.get("id") == action_id:
            return msg


def test_a_bots_offer_waits_for_the_persons_answer(quick: InProcessServer) -> None:
    created = create(quick.url, rules={"players": 4, "seed": 11}, seats=OFFERING_BOTS, join=0)
    game, token = created["game"]["id"], created["you"]["token"]
    rng = random.Random(11)

    async def go() -> list[tuple[int, int]]:
        c = SeatClient(quick.url, game, token)
        await c.connect()
        answered: list[tuple[int, int]] = []  # (offer number, turn)
        try:
            while len(answered) < 3:
                msg = await until_offered(c, rng)
                view = msg["view"]
                offer = view["offer"]
                assert offer["from"] != 0 and offer["answers"]["p0"] == "pending"
                assert 0 < msg["offer_deadline"] <= 30
                await asyncio.sleep(1.5)  # a person reads the terms
                legal = msg["legal"]
                pick = next((a for a in legal if " accept " in a), None) or next(
                    a for a in legal if " reject " in a
                )
                assert pick.endswith(f" #{offer['id']}")  # the answer names the offer
                reply = await reply_to(c, await c.act(pick, msg["version"]))
                assert reply["type"] == "accepted", reply
                answered.append((offer["id"], view["turn"]))
        finally:
            await c.close()
        return answered

    answered = asyncio.run(go())
    assert len({n for n, _ in answered}) == 3
    # At most one offer a turn from each bot to the person.
    texts = record(quick.url, game)
    offers_to_p0: dict[tuple[int, int], int] = {}
    turn = 0
    for text in texts:
        if text.endswith(" end"):
            turn += 1
        m = OFFER.match(text)
        if m and "p0" in m.group(2).split(","):
            key = (turn, int(m.group(1)))
            offers_to_p0[key] = offers_to_p0.get(key, 0) + 1
    assert offers_to_p0 and max(offers_to_p0.values()) == 1, offers_to_p0


def test_an_unanswered_offer_is_withdrawn_and_a_late_answer_refused(
    quick: InProcessServer,
) -> None:
    created = create(
        quick.url,
        rules={"players": 4, "seed": 12},
        seats=OFFERING_BOTS,
        join=0,
        offer_time=5,
    )
    game, token = created["game"]["id"], created["you"]["token"]

    async def go() -> None:
        c = SeatClient(quick.url, game, token)
        await c.connect()
        try:
            msg = await until_offered(c, random.Random(12))
            number = msg["view"]["offer"]["id"]
            late = next(a for a in msg["legal"] if ANSWER.match(a))
            opened = time.monotonic()
            while True:  # the person does not answer: the bot withdraws the offer
                nxt = await c.recv(30)
                if nxt["type"] == "state" and nxt["view"]["offer"] is None:
                    break
            assert time.monotonic() - opened >= 4.5  # offer_time 5 s (the clock ticks 2 a s)
            closed = [e for e in nxt["view"]["events"] if e["event"] == "offer_closed"]
            assert closed and closed[-1]["offer"] == number
            reply = await reply_to(c, await c.act(late, msg["version"]))
            assert reply["type"] == "error" and reply["rule"] == "Domestic Trade", reply
            assert f"offer #{number} is no longer open" in reply["message"]
        finally:
            await c.close()

    asyncio.run(go())
    assert not any(t.startswith("p0 accept") for t in record(quick.url, game))


def test_a_person_can_turn_bots_offers_off(quick: InProcessServer) -> None:
    created = create(quick.url, rules={"players": 4, "seed": 13}, seats=OFFERING_BOTS, join=0)
    game, token = created["game"]["id"], created["you"]["token"]
    rng = random.Random(13)

    async def go() -> None:
        c = SeatClient(quick.url, game, token)
        await c.connect()
        try:
            await c.send({"type": "prefs", "bot_offers": False})
            while True:
                msg = await c.recv(30)
                if msg["type"] == "state" and msg["bot_offers"] is False:
                    break
            turns = 0
            while turns < 16:  # four rounds of play after the set-up
                msg = await c.recv(30)
                if msg["type"] != "state":
                    continue
                turns = msg["view"]["turn"]
                assert not any(ANSWER.match(a) for a in msg["legal"]), msg["legal"]
                if msg["legal"]:
                    await c.act(random_move(msg["legal"], rng, offers=0), msg["version"])
        finally:
            await c.close()

    asyncio.run(go())
    offers = [m for m in map(OFFER.match, record(quick.url, game)) if m]
    assert offers  # the bots still trade among themselves
    assert not any("p0" in m.group(2).split(",") for m in offers)


def test_bots_pace_themselves_only_while_people_follow(paced: InProcessServer) -> None:
    bots = [{"kind": "bot", "bot": "weighted"} for _ in range(4)]
    created = create(paced.url, rules={"players": 4, "seed": 3}, seats=bots, bot_speed="fast")
    game = created["game"]["id"]

    async def watch() -> list[float]:
        c = SeatClient(paced.url, game)
        await c.connect()
        times: list[float] = []
        try:
            while len(times) < 6:
                msg = await c.recv(30)
                if msg["type"] == "state":
                    times.append(time.monotonic())
        finally:
            await c.close()
        return times

    # Watched: "fast" is 0.35 s an action.
    times = asyncio.run(watch())
    gaps = [b - a for a, b in itertools.pairwise(times[1:])]
    assert min(gaps) >= 0.3, gaps
    # Nobody watching any more: full speed (the paced bots would make one action in 0.35 s).
    before = len(record(paced.url, game))
    time.sleep(0.7)
    after = len(record(paced.url, game))
    status = httpx.get(f"{paced.url}/api/games/{game}", timeout=10).json()["status"]
    assert after - before > 10 or status == "finished", (before, after)


def test_a_log_written_before_offers_were_numbered_rebuilds() -> None:
    # A server's log from before offer numbers holds "p1 accept": the live game is rebuilt
    # from it (at start-up) with each answer naming the offer that was open.
    from datetime import UTC, datetime

    from pysettlers.server.session import GameSession
    from pysettlers.server.store import GameInfo, LoggedAction, SeatInfo

    old = json.loads((GOLDEN / "record_before_offer_numbers.json").read_text())
    n = old["rules"]["players"]
    info = GameInfo(
        id="old",
        name="an old game",
        created_at=datetime.now(UTC),
        rules=old["rules"],
        board=old["board"],
        first_player=old["first_player"],
        options={},
        status="finished",
        version=len(old["actions"]),
        winner=old["result"]["winner"],
        seats=[SeatInfo(p, "bot", "random") for p in range(n)],
    )
    rows = []
    for i, (text, *outcome) in enumerate(old["actions"]):
        seat = int(text.split()[0][1:])
        rows.append(LoggedAction(i + 1, seat, text, outcome[0] if outcome else None, None, "bot"))
    game, _ = GameSession.rebuild(info, rows)
    assert game.state.winner == old["result"]["winner"]
    texts = [item[0] for item in game.to_json()["actions"]]
    answers = [
        t for t in texts if t.split()[1] in ("accept", "reject", "counter", "confirm", "cancel")
    ]
    assert answers and all(re.search(r" #\d+$", t) for t in answers)
