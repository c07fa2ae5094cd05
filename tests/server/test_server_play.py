"""Play over WebSockets: views, legal actions, versions, errors, simultaneous deciders,
stand-ins, chat and real dice — on SQLite and PostgreSQL (the ``server`` fixture).

What this is for: issue point 3, and point 7's clear errors for out-of-turn, stale,
replayed and forged messages. Every message goes over a real socket on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable
from typing import Any

import httpx
import pytest

from pysettlers.engine import replay
from pysettlers.server.client import SeatClient
from support.server_helpers import create, human_game, is_state, play_game, until


def run(coro: Awaitable[Any]) -> Any:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_two_humans_play_a_whole_game(server: Any) -> None:
    game, tokens = human_game(server.url, players=2, rules={"vp_target": 5})
    clients = run(play_game(server.url, game, tokens, seed=1))
    final = clients[0].state
    assert final is not None and final["status"] == "finished"
    record = httpx.get(f"{server.url}/api/games/{game}/record", timeout=10).json()
    assert replay(record).state.winner == final["view"]["winner"]
    assert len(record["actions"]) == final["version"]


def test_first_state_and_seat_view(server: Any) -> None:
    game, tokens = human_game(server.url, players=3, rules={"map_kind": "beginner"})

    async def go() -> None:
        c = SeatClient(server.url, game, tokens[1])
        welcome = await c.connect()
        assert welcome["seat"] == 1 and welcome["protocol"] == 1
        state = await until(c, is_state)
        assert state["seat"] == 1 and state["view"]["viewer"] == 1
        assert state["view"]["you"]["seat"] == 1 and state["legal"] == []  # p0 rolls first
        assert "seed" not in state["view"]["rules"]
        s = SeatClient(server.url, game)
        await s.connect()
        spect = await until(s, is_state)
        assert spect["seat"] is None and spect["view"]["you"] is None
        await s.send({"type": "action", "action": "p0 roll", "version": 0})
        err = await until(s, lambda m: m["type"] == "error")
        assert err["code"] == "spectator"
        await c.close()
        await s.close()

    run(go())


def test_refusals_name_the_problem_and_change_nothing(server: Any) -> None:
    game, tokens = human_game(server.url, players=2, rules={"map_kind": "beginner"})

    async def go() -> None:
        c0 = SeatClient(server.url, game, tokens[0])
        await c0.connect()
        state = await until(c0, is_state)
        v = state["version"]

        async def refused(message: dict[str, Any] | str) -> dict[str, Any]:
            assert c0.ws is not None
            await c0.ws.send(message if isinstance(message, str) else json.dumps(message))
            return await until(c0, lambda m: m["type"] == "error")

        act = {"type": "action", "version": v, "id": "a1"}
        assert (await refused("not json"))["code"] == "malformed"
        e = await refused({"type": "action", "action": "p0 roll"})
        assert e["code"] == "malformed" and e["field"] == "action.version"
        e = await refused({"type": "teleport"})
        assert e["code"] == "malformed"
        e = await refused(act | {"action": "p0 fly"})
        assert e["code"] == "malformed" and e["rule"] == "Notation"
        e = await refused(act | {"action": "p1 roll"})
        assert e["code"] == "not_your_seat"
        # Worded as the table names the seat, never by its id.
        assert e["message"].endswith("is not yours to send") and "p1" not in e["message"]
        e = await refused(act | {"action": "p0 end"})
        assert e["code"] == "illegal" and e["rule"] and "roll" in e["message"]
        e = await refused(act | {"action": "p0 roll", "outcome": "3+4"})
        assert e["code"] == "illegal" and e["rule"] == "Chance"
        e = await refused(act | {"action": "p0 roll", "version": v + 5})
        assert e["code"] == "stale" and e["version"] == v and e["id"] == "a1"
        # (this client holds version v already: no state is sent again; see
        # test_server_strict.py)
        e = await refused({"type": "hello"})
        assert e["code"] == "malformed"
        # Nothing changed: the same action is still legal at the same version.
        await c0.send(act | {"action": "p0 roll"})
        ok = await until(c0, lambda m: m["type"] == "accepted")
        assert ok["version"] == v + 1 and ok["id"] == "a1" and not ok["duplicate"]
        # A replayed action id (a retry after a lost answer) is not applied twice.
        await c0.send(act | {"action": "p0 roll"})
        again = await until(c0, lambda m: m["type"] in ("accepted", "error"))
        assert again["type"] == "accepted" and again["duplicate"] and again["version"] == v + 1
        await c0.send({"type": "ping"})
        pong = await until(c0, lambda m: m["type"] == "pong")
        assert pong["version"] == v + 1
        await c0.close()

    run(go())


def test_forged_tokens_are_refused(server: Any) -> None:
    game, tokens = human_game(server.url, players=2)
    _, other_tokens = human_game(server.url, players=2)

    async def go() -> None:
        for token in ("forged-token-1234", other_tokens[0]):
            c = SeatClient(server.url, game, token)
            with pytest.raises(ConnectionError, match="bad_token"):
                await c.connect()
            await c.close()
        nobody = SeatClient(server.url, "no-such-game", tokens[0])
        with pytest.raises(ConnectionError, match="no_game"):
            await nobody.connect()

    run(go())


def test_simultaneous_discards_and_real_dice(server: Any) -> None:
    # Beginner map: everyone starts with 3 cards; with a discard limit of 2, a 7 makes all
    # three players discard at once. The dice are entered by hand (manual_chance).
    game, tokens = human_game(
        server.url,
        players=3,
        rules={"map_kind": "beginner", "discard_limit": 2},
        manual_chance=True,
    )

    async def go() -> None:
        cs = [SeatClient(server.url, game, t) for t in tokens]
        for c in cs:
            await c.connect()
            await until(c, is_state)
        v = 0
        await cs[0].act("p0 roll", v)
        e = await until(cs[0], lambda m: m["type"] == "error")
        assert e["rule"] == "Chance" and "outcome" in e["message"]
        await cs[0].act("p0 roll", v, outcome="3+4")
        await until(cs[0], lambda m: m["type"] == "accepted")  # before the state it caused
        states = [await until(c, lambda m: is_state(m) and m["version"] == 1) for c in cs]
        assert states[0]["view"]["last_roll"] == 7
        assert states[0]["view"]["phase"] == "discard"
        assert all(s["legal"] for s in states)
        # p1 and p2 both answer the version they saw; neither makes the other stale.
        picks = [s["legal"][0] for s in states]
        await cs[1].act(picks[1], 1)
        await cs[2].act(picks[2], 1)
        got = [await until(c, lambda m: m["type"] in ("accepted", "error")) for c in cs[1:]]
        assert [m["type"] for m in got] == ["accepted", "accepted"], got
        assert sorted(m["version"] for m in got) == [2, 3]
        for c in cs:
            await c.close()

    run(go())


def test_chat_is_limited_stored_and_replayed_on_reconnect(server: Any) -> None:
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        c0 = SeatClient(server.url, game, tokens[0])
        c1 = SeatClient(server.url, game, tokens[1])
        await c0.connect()
        await c1.connect()
        await c0.send({"type": "chat", "text": "good luck"})
        heard = await until(c1, lambda m: m["type"] == "chat")
        assert heard["text"] == "good luck" and heard["seat"] == 0
        await c0.send({"type": "chat", "text": "x" * 501})
        e = await until(c0, lambda m: m["type"] == "error")
        assert e["code"] == "malformed" and e["field"] == "chat.text"
        for i in range(6):
            await c1.send({"type": "chat", "text": f"spam {i}"})
        e = await until(c1, lambda m: m["type"] == "error")
        assert e["code"] == "rate_limited"
        await c0.close()
        await c1.close()
        again = SeatClient(server.url, game, tokens[0])
        welcome = await again.connect()
        texts = [m["text"] for m in welcome["chat"]]
        assert texts[0] == "good luck" and texts[1:] == [f"spam {i}" for i in range(5)]
        await again.close()

    run(go())


def test_a_rate_limited_action_is_refused_with_its_id(server: Any) -> None:
    """Past the message bucket (100 at once, then 50 a second) an action is refused with
    ``rate_limited`` and its own ``id``, so the client knows which message to send again."""
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        c1 = SeatClient(server.url, game, tokens[1])
        await c1.connect()
        # Pings use up the bucket (without a strike: refusals are limited to 50 at once);
        # seat 1 does not decide now, so every action is refused, the later ones for the rate.
        for _ in range(100):
            await c1.send({"type": "ping"})
        ids = [await c1.act("p1 end", 0) for _ in range(30)]
        limited = await until(c1, lambda m: m.get("code") == "rate_limited")
        assert limited["id"] in ids, limited
        # Closing with a burst of refusals still unread is a clean close (1000), not one
        # that waits out the client's timeout for a close frame it stopped reading (1006).
        await c1.close()
        assert c1.ws is not None and c1.ws.close_code == 1000

    run(go())


def test_turn_timer_lets_a_stand_in_decide(server: Any) -> None:
    game, tokens = human_game(server.url, players=2, rules={"map_kind": "beginner"}, turn_timer=2)

    async def go() -> None:
        c0 = SeatClient(server.url, game, tokens[0])
        await c0.connect()
        first = await until(c0, is_state)
        assert first["deadline"] is not None and 0 < first["deadline"] <= 2
        t = time.monotonic()
        moved = await until(c0, lambda m: is_state(m) and m["version"] >= 1, timeout=10)
        assert time.monotonic() - t >= 1.0  # only after the time-out
        assert moved["view"]["last_roll"] is not None  # the stand-in rolled for p0
        await c0.close()

    run(go())


def test_absent_seat_is_played_by_a_stand_in_until_it_returns(server: Any) -> None:
    created = create(
        server.url,
        rules={"players": 2, "map_kind": "beginner"},
        seats=[{"kind": "human"}, {"kind": "human"}],
        join=0,
        absent_limit=1,
    )
    game = created["game"]["id"]
    r = httpx.post(
        f"{server.url}/api/games/{game}/join",
        json={"invite": created["invites"][0]["invite"]},
        timeout=10,
    )
    token1 = r.json()["token"]

    async def go() -> None:
        # Nobody connects: after the limit both seats are played by stand-ins.
        spect = SeatClient(server.url, game)
        await spect.connect()
        await until(
            spect,
            lambda m: m["type"] == "seats" and all(s["stand_in"] for s in m["seats"]),
            timeout=10,
        )
        await until(spect, lambda m: is_state(m) and m["version"] >= 4, timeout=10)
        back = SeatClient(server.url, game, token1)
        await back.connect()
        seats = await until(back, lambda m: m["type"] == "seats")
        assert not seats["seats"][1]["stand_in"] and seats["seats"][1]["connected"]
        await back.close()
        await spect.close()

    run(go())


class SleepyBot:
    """A bot that thinks for a long time (to show it does not hold up other games)."""

    def __init__(self, rng: Any, **options: Any) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Any) -> Any:
        time.sleep(1.5)
        return self.rng.choice(list(legal))


def test_a_slow_bot_does_not_stall_other_games(server: Any) -> None:
    from pysettlers.bots import register_bot

    register_bot("sleepy-test", SleepyBot)
    slow = create(
        server.url,
        rules={"players": 2},
        seats=[{"kind": "bot", "bot": "sleepy-test"}, {"kind": "bot", "bot": "sleepy-test"}],
    )["game"]["id"]
    game, tokens = human_game(server.url, players=2, rules={"map_kind": "beginner"})

    async def go() -> None:
        c = SeatClient(server.url, game, tokens[0])
        await c.connect()
        state = await until(c, is_state)
        t = time.monotonic()
        await c.act("p0 roll", state["version"])
        await until(c, lambda m: m["type"] == "accepted")
        assert time.monotonic() - t < 0.75  # not behind the bots' 1.5-second thoughts
        await c.close()

    time.sleep(0.2)  # the slow bots are thinking now
    run(go())
    deadline = time.monotonic() + 10
    while httpx.get(f"{server.url}/api/games/{slow}", timeout=10).json()["version"] < 1:
        assert time.monotonic() < deadline, "the slow bots never moved"
        time.sleep(0.1)
