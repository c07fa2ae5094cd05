"""Play over plain HTTP (issue 31, point 2): actions, state, long-polls, event streams, chat.

What this is for: a seat that holds no WebSocket plays a whole game against a bot through
``pysettlers.server.http_client.HttpSeat``; refusals name the problem with the socket's
codes and change nothing; a retried id answers the first result; the per-seat buckets
answer 429 with ``Retry-After``; a long-poll wakes on a bot's move and ends at the
server's bound; the event stream carries the socket's state and chat messages; chat
crosses between HTTP and the socket both ways. Everything over real HTTP on 127.0.0.1.

What this is not: the socket's own tests (``test_server_play.py``) or the document's
(``test_protocol_spec.py``, which checks the HTTP play examples and table).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pysettlers.engine import replay
from pysettlers.server import protocol as p
from pysettlers.server.client import SeatClient, random_move
from pysettlers.server.http_client import HttpSeat, PlayError
from pysettlers.server.limits import Limits
from support.server_helpers import InProcessServer, human_game, until

BOUND = 3.0  # the server's long_poll_wait in this module (seconds)
BOT = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    limits = Limits(
        connections_per_address=10**6,
        games_per_minute=10**6,
        long_poll_wait=BOUND,
        action_burst=10**6,
    )
    s = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('http') / 'http.db'}", limits=limits)
    try:
        yield s
    finally:
        s.stop()


def bot_game(base: str, **rules: Any) -> HttpSeat:
    seat = HttpSeat(base)
    seat.create(rules={"players": 2, **rules}, seats=BOT, join=0)
    return seat


def my_turn(seat: HttpSeat) -> dict[str, Any]:
    """The seat's state once it has something to do."""
    state = seat.state()["state"]
    while not state["legal"]:
        state = seat.state(since=state["version"], wait=BOUND)["state"]
    return state


def check_model(model: type[p.Out], body: dict[str, Any]) -> None:
    parsed = model.model_validate(body)
    assert set(type(parsed).model_fields) - parsed.model_fields_set <= {"field"}


def test_one_seat_plays_a_whole_game_over_http_only(server: InProcessServer) -> None:
    rng = random.Random(31)
    with bot_game(server.url, vp_target=4) as seat:
        state = seat.state()["state"]
        acted = 0
        while state["status"] != "finished":
            assert acted < 3000, "the game did not end"
            if not state["legal"]:
                polled = seat.state(since=state["version"], wait=30)
                check_model(p.PollOut, polled)
                state = polled["state"]
                continue
            try:
                accepted = seat.act(random_move(state["legal"], rng))
            except PlayError as e:  # a bot moved first (a trade answer, a discard)
                assert e.code == "stale", e
            else:
                check_model(p.AcceptedOut, accepted)
                assert accepted["version"] > state["version"] and not accepted["duplicate"]
                acted += 1
            state = seat.state(since=state["version"])["state"]  # (what happened since)
        record = httpx.get(f"{server.url}/api/games/{seat.game}/record", timeout=10).json()
        assert replay(record).state.winner == state["view"]["winner"] is not None
        assert len(record["actions"]) == state["version"] and acted > 10


def test_refusals_name_the_problem_and_change_nothing(server: InProcessServer) -> None:
    with bot_game(server.url, map_kind="beginner") as seat:
        state = my_turn(seat)  # (the beginner map: p0 rolls first)
        assert state["legal"] == ["p0 roll"]
        v = state["version"]
        url = f"{server.url}/api/games/{seat.game}/actions"
        mine = {"Authorization": f"Bearer {seat.token}"}
        good = {"action": state["legal"][0], "version": v, "id": "r-1"}

        def refused(status: int, code: str, body: Any, headers: Any = mine) -> dict[str, Any]:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            r = httpx.post(url, content=data, headers=headers, timeout=10)
            assert r.status_code == status, r.text
            out: dict[str, Any] = r.json()
            check_model(p.ErrorMessageOut, out)
            assert out["code"] == code and out["version"] == v, out
            return out

        assert "Bearer" in refused(403, "bad_token", good, {})["message"]
        refused(403, "bad_token", good, {"Authorization": "Bearer not-a-seat-token"})
        refused(403, "bad_token", good, {"Authorization": f"Basic {seat.token}"})
        e = refused(422, "malformed", {"action": "p0 roll", "id": "m-1"})
        assert e["field"] == "version" and e["id"] == "m-1"
        refused(422, "malformed", {**good, "version": "7"})
        refused(422, "malformed", {**good, "colour": "red"})
        assert refused(422, "malformed", b"not json")["message"] == "a body is one JSON object"
        assert refused(413, "too_large", {**good, "pad": "x" * 5000})["id"] == "r-1"
        e = refused(422, "malformed", {**good, "action": "p0 teleport"})
        assert e["rule"] == "Notation"
        refused(403, "not_your_seat", {**good, "action": "p1 roll"})
        e = refused(422, "illegal", {**good, "action": "p0 end"})  # before rolling
        assert e["rule"] == "Turn Overview", e  # the engine names the rule
        r = httpx.post(f"{server.url}/api/games/nogame/actions", json=good, headers=mine)
        assert r.status_code == 404 and r.json()["code"] == "no_game"
        after = seat.state()["state"]
        assert after["version"] == v and after["legal"] == state["legal"]
        assert seat.act(good["action"], v, action_id="r-1")["version"] == v + 1
        v += 1  # an answer to the state before: stale, and nothing changes
        refused(409, "stale", {"action": "p0 end", "version": v - 1, "id": "r-2"})
        assert seat.state()["state"]["version"] == v


def test_a_retried_id_answers_the_first_result(server: InProcessServer) -> None:
    with bot_game(server.url) as seat:
        state = my_turn(seat)
        first = seat.act(state["legal"][0], action_id="once")
        again = seat.act(state["legal"][0], state["version"], action_id="once")
        assert (first["duplicate"], again["duplicate"]) == (False, True)
        assert again["version"] == first["version"] == state["version"] + 1
        record = httpx.get(f"{server.url}/api/games/{seat.game}/record", timeout=10).json()
        assert [a for a in record["actions"] if a[0] == state["legal"][0]] != []
        state = my_turn(seat)
        with pytest.raises(PlayError) as e:
            seat.act(state["legal"][0], action_id="once")
        assert (e.value.code, e.value.status) == ("id_reused", 409)
        assert seat.state()["state"]["version"] == state["version"]


def test_the_seat_buckets_answer_429_with_retry_after(server: InProcessServer) -> None:
    with bot_game(server.url) as seat:
        seat.patient = False  # (the refusal raised, not waited out)
        for i in range(5):  # the socket's chat bucket: 5 at once ...
            seat.chat(f"line {i}")
        with pytest.raises(PlayError) as e:
            seat.chat("one too many")
        assert (e.value.code, e.value.status) == ("rate_limited", 429)
        assert e.value.retry_after is not None and e.value.retry_after >= 1
        # ... and its message bucket: 100 at once, 50 a second; refusals are not given back.
        url = f"{server.url}/api/games/{seat.game}/actions"
        mine = {"Authorization": f"Bearer {seat.token}"}
        with httpx.Client(headers=mine, timeout=10) as http:
            for _ in range(2000):
                r = http.post(url, content=b"{}")
                if r.status_code == 429:
                    break
            assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
            assert int(r.headers["Retry-After"]) >= 1
        # Another seat's (here: an address's, without a token) bucket is its own.
        assert httpx.get(f"{server.url}/api/games/{seat.game}/state").status_code == 200


def test_a_long_poll_wakes_on_a_bots_move_and_ends_at_the_bound(server: InProcessServer) -> None:
    rng = random.Random(7)
    with bot_game(server.url) as seat:
        state = my_turn(seat)
        while "p0 end" not in state["legal"]:  # on to p0's turn, whose end the bot follows
            with contextlib.suppress(PlayError):  # (stale: the bot's discard came first)
                seat.act(random_move([a for a in state["legal"] if a != "p0 end"], rng, 0))
            state = my_turn(seat)
        v = state["version"]
        polled: dict[str, Any] = {}

        def poll() -> None:  # waits past v + 1: through p0's end, to the bot's roll
            polled.update(seat.state(since=v + 1, wait=30))

        session = server.hub.sessions[seat.game]
        waiting = threading.Thread(target=poll)
        waiting.start()
        deadline = time.monotonic() + 10
        while not session.waiters and time.monotonic() < deadline:
            time.sleep(0.01)
        assert session.waiters, "the long-poll is not waiting"
        with HttpSeat(server.url, seat.game, seat.token) as other:
            other.act("p0 end", v)
        waiting.join(timeout=20)
        assert polled["woke"] == "state" and polled["state"]["version"] > v + 1
        events = polled["state"]["view"]["events"]  # (those since v + 1: the bot's)
        assert events[0]["event"] == "roll" and events[0]["player"] == 1, events
        # Nothing to wake it: the answer comes at the server's bound, not the 30 s asked.
        state = my_turn(seat)
        began = time.monotonic()
        out = seat.state(since=state["version"], wait=30)
        assert out["woke"] == "timeout" and out["state"]["version"] == state["version"]
        assert time.monotonic() - began < 30 - BOUND
        assert not session.waiters and server.hub.connections.total == 0


def sse(lines: Iterator[str]) -> Iterator[tuple[str, str | None, dict[str, Any]]]:
    """(event, id, data) of a Server-Sent Events stream."""
    event, ident, data = "message", None, ""
    for line in lines:
        if line == "":
            if data:
                yield event, ident, json.loads(data)
            event, ident, data = "message", None, ""
        elif line.startswith("event: "):
            event = line[7:]
        elif line.startswith("id: "):
            ident = line[4:]
        elif line.startswith("data: "):
            data += line[6:]


def test_the_event_stream_carries_state_and_chat(server: InProcessServer) -> None:
    with bot_game(server.url) as seat:
        state = my_turn(seat)
        url = f"{server.url}/api/games/{seat.game}/events"
        mine = {"Authorization": f"Bearer {seat.token}"}
        with httpx.stream("GET", url, headers=mine, timeout=20) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            events = sse(r.iter_lines())
            kind, _, welcome = next(events)
            assert kind == "welcome" == welcome["type"] and welcome["seat"] == 0
            kind, ident, first = next(events)
            while kind != "state":
                kind, ident, first = next(events)
            assert first["version"] == state["version"] == int(ident or -1)
            assert first["legal"] == state["legal"]
            assert server.hub.sessions[seat.game].seats[0].client is not None  # a connection
            seat.chat("hello stream")
            while kind != "chat":
                kind, _, said = next(events)
            assert said == {**said, "type": "chat", "seat": 0, "text": "hello stream"}
            seat.act(state["legal"][0])
            while kind != "state":
                kind, _, moved = next(events)
            assert moved["version"] > state["version"]
        watch = httpx.get(url.replace("/events", "/state"), timeout=10).json()
        assert watch["state"]["seat"] is None and watch["state"]["view"]["you"] is None
        deadline = time.monotonic() + 10  # the stream's end lets its connection go
        while server.hub.connections.total and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.hub.connections.total == 0
        assert server.hub.sessions[seat.game].seats[0].client is None


def test_chat_crosses_between_http_and_the_socket(server: InProcessServer) -> None:
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        socket = SeatClient(server.url, game, tokens[1])
        await socket.connect()
        http = HttpSeat(server.url, game, tokens[0])
        try:
            start = http.state()
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, http.chat, "from http")
            heard = await until(socket, lambda m: m["type"] == "chat")
            assert (heard["seat"], heard["text"]) == (0, "from http")
            assert [c["text"] for c in http.state()["chat"]] == ["from http"]  # (once)
            # A long-poll with chat_since wakes on the socket's line.
            version = start["state"]["version"]
            polled = loop.run_in_executor(None, lambda: http.state(since=version, wait=30))
            await socket.send({"type": "chat", "text": "from the socket"})
            out = await polled
            assert out["woke"] == "chat" and out["state"]["version"] == version
            assert [(c["seat"], c["text"]) for c in out["chat"]] == [(1, "from the socket")]
            assert http.chat_id == out["chat_id"] > start["chat_id"]
            assert http.state()["chat"] == []  # (nothing after the newest line seen)
        finally:
            http.close()
            await socket.close()

    asyncio.run(go())


def test_streams_and_waiting_long_polls_count_as_connections(tmp_path: Any) -> None:
    limits = Limits(connections_per_address=1, games_per_minute=10**6, long_poll_wait=BOUND)
    s = InProcessServer(f"sqlite:///{tmp_path / 'one.db'}", limits=limits)
    try:
        with bot_game(s.url) as seat:
            state = my_turn(seat)  # (the bot waits for p0: a long-poll would wait)
            url = f"{s.url}/api/games/{seat.game}"
            with httpx.stream("GET", url + "/events", timeout=20) as r:  # a spectator's
                assert r.status_code == 200
                lines = r.iter_lines()  # (kept: a lost iterator closes the stream)
                assert next(lines).startswith(":")
                poll = {"since": state["version"], "wait": 30}
                refused = httpx.get(url + "/state", params=poll, timeout=20)
                assert refused.status_code == 429, refused.text
                assert refused.json()["code"] == "too_many_connections"
                assert int(refused.headers["Retry-After"]) >= 1  # (as every 429)
                again = httpx.get(url + "/events", timeout=20)
                assert (again.status_code, again.json()["code"]) == (429, "too_many_connections")
                assert int(again.headers["Retry-After"]) >= 1
                # A read that does not wait holds no connection.
                assert httpx.get(url + "/state", timeout=20).status_code == 200
            deadline = time.monotonic() + 10
            while s.hub.connections.total and time.monotonic() < deadline:
                time.sleep(0.02)
            out = seat.state(since=state["version"], wait=0.2)
            assert out["woke"] == "timeout"
    finally:
        s.stop()
