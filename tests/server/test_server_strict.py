"""Strict messages (issue 29, point 4) — on SQLite and PostgreSQL (the ``server`` fixture).

What this is for: action ids are a seat's own (a re-sent id with another action is refused
naming the id; another seat's use of the same id is its own action); wrong types are
``malformed`` with no coercion; every refusal names the refused message's ``id``; a stale
refusal sends no state the client already has and is a strike like any refusal; a ``hello``
too far behind gets a snapshot (the last ``MAX_CATCH_UP`` versions' events), not the whole
history; an oversized body is 413 however it is sent; free text with NUL or a lone surrogate
is refused naming the field on both databases; the schema migration of the id constraint
keeps an old database's log. Last, a hypothesis fuzz of HTTP bodies and WebSocket messages
full of such values, while an honest game runs alongside and must finish: no 5xx, no dropped
socket.

What this is not: the general malformed-input fuzz on SQLite and the socket limits
(``test_server_fuzz.py``) or legal play (``test_server_play.py``).
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from importlib.resources import files
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
import websockets
from alembic import command
from alembic.config import Config
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from pysettlers.server import ws as ws_module
from pysettlers.server.client import SeatClient
from pysettlers.server.models import ActionRow, GameRow
from pysettlers.server.session import GameSession
from pysettlers.server.store import Conflict, LoggedAction, Store, make_engine, migrate
from support.server_helpers import (
    SOAK,
    create,
    fresh_database,
    human_game,
    is_state,
    play_game,
    until,
)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def answer(msg: dict[str, Any]) -> bool:
    return msg["type"] not in ("state", "seats")


def raw_post(base: str, path: str, body: Any) -> httpx.Response:
    # json.dumps writes a lone surrogate as the escape "\udfff": the server's parser reads
    # it back as one (what a hostile client sends).
    return httpx.post(
        base + path,
        content=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        timeout=20,
    )


# -- action ids -----------------------------------------------------------------------------------


def test_action_ids_are_a_seats_own(server: Any) -> None:
    game, tokens = human_game(server.url, players=2, rules={"map_kind": "beginner"})

    async def go() -> None:
        c0, c1 = SeatClient(server.url, game, tokens[0]), SeatClient(server.url, game, tokens[1])
        await c0.connect()
        await c1.connect()

        async def both_at(version: int) -> tuple[dict[str, Any], dict[str, Any]]:
            for c in (c0, c1):
                while c.state is None or c.state["version"] < version:
                    await until(c, is_state)
            assert c0.state is not None and c1.state is not None
            return c0.state, c1.state

        s0, _ = await both_at(0)
        v = s0["version"]
        assert s0["legal"] == ["p0 roll"]  # (the beginner map: p0 begins, placed already)
        await c0.send({"type": "action", "action": "p0 roll", "version": v, "id": "same"})
        ok = await until(c0, answer)
        assert ok["type"] == "accepted" and not ok["duplicate"] and ok["version"] == v + 1
        # Another action under an id this seat has used: refused, naming the id.
        await c0.send({"type": "action", "action": "p0 end", "version": v + 1, "id": "same"})
        e = await until(c0, answer)
        assert e["type"] == "error" and e["code"] == "id_reused", e
        assert e["id"] == "same" and "'same'" in e["message"] and e["version"] == v + 1
        # The same action re-sent under its id: a duplicate, not applied again.
        await c0.send({"type": "action", "action": "p0 roll", "version": v, "id": "same"})
        again = await until(c0, answer)
        assert again == {"type": "accepted", "id": "same", "version": v + 1, "duplicate": True}
        # Play on with fresh ids until seat 1 decides: its "same" is its own action.
        n, version = 0, v + 1
        while True:
            s0, s1 = await both_at(version)
            if s1["legal"]:
                break
            pick = "p0 end" if "p0 end" in s0["legal"] else s0["legal"][0]
            await c0.send({"type": "action", "action": pick, "version": version, "id": f"n{n}"})
            n += 1
            version = (await until(c0, lambda m: m["type"] == "accepted"))["version"]
        await c1.send(
            {"type": "action", "action": s1["legal"][0], "version": version, "id": "same"}
        )
        mine = await until(c1, answer)
        assert mine["type"] == "accepted" and not mine["duplicate"], mine
        assert mine["version"] == version + 1
        await c0.close()
        await c1.close()

    run(go())
    # The ids come back from the log the same way (a restart rebuilds them from it).
    loaded = server.hub.store.load(game)
    assert loaded is not None
    _, ids = GameSession.rebuild(*loaded)
    assert ids[0, "same"][0] == 1 and ids[1, "same"][0] > 1


# -- strict types, ids on every refusal -----------------------------------------------------------


@pytest.mark.parametrize("bad", ["0", 0.0, True, None, [0]])
def test_ws_wrong_types_are_malformed_and_name_the_id(server: Any, bad: Any) -> None:
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        c0 = SeatClient(server.url, game, tokens[0])
        await c0.connect()
        await until(c0, is_state)
        msgs = [
            ({"type": "action", "action": "p0 roll", "version": bad, "id": "t1"}, "action.version"),
            ({"type": "prefs", "bot_offers": 1 if bad is True else bad}, "prefs.bot_offers"),
            ({"type": "chat", "text": 0 if isinstance(bad, str) else bad}, "chat.text"),
        ]
        for msg, field in msgs:
            await c0.send(msg)
            e = await until(c0, answer)
            assert e["type"] == "error" and e["code"] == "malformed", (msg, e)
            assert e["field"] == field and e["id"] == msg.get("id"), (msg, e)
            assert e["version"] == 0 and "rule" in e
        await c0.send({"type": "ping"})  # the socket stays
        assert (await until(c0, answer))["type"] == "pong"
        await c0.close()
        if bad is None:
            return  # (a hello's `since` may be null)
        # A hello with a wrong type of `since` is refused, naming the field.
        h = SeatClient(server.url, game, tokens[1])
        h.ws = await websockets.connect(h.url)
        await h.send({"type": "hello", "token": tokens[1], "since": bad, "id": "h"})
        e = await h.recv()
        assert e["code"] == "malformed" and e["field"] == "hello.since" and e["id"] == "h"
        await h.close()

    run(go())


def test_refusals_carry_the_messages_id(server: Any) -> None:
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        c1 = SeatClient(server.url, game, tokens[1])
        await c1.connect()
        await until(c1, is_state)
        cases: list[tuple[str, Any]] = [
            (json.dumps({"type": "action", "action": "p1 end", "version": 0, "id": "i1"}), "i1"),
            (json.dumps({"type": "action", "action": "p1 end", "id": "i2"}), "i2"),  # no version
            (json.dumps({"type": "teleport", "id": "i3"}), "i3"),
            (json.dumps({"type": "action", "action": "p1 end", "version": 0, "id": 12}), 12),
            (json.dumps({"type": "chat", "text": "hi", "id": "i5"}), "i5"),  # chat has no id
            ("not json", None),
            (json.dumps(["id", "x"]), None),
        ]
        for frame, expected in cases:
            assert c1.ws is not None
            await c1.ws.send(frame)
            e = await until(c1, answer)
            assert e["type"] == "error" and e["id"] == expected, (frame, e)
            assert set(e) >= {"code", "message", "rule", "id", "version"}, e
        await c1.close()
        spectator = SeatClient(server.url, game)
        await spectator.connect()
        await spectator.send({"type": "action", "action": "p0 roll", "version": 0, "id": "s1"})
        e = await until(spectator, answer)
        assert (e["code"], e["id"]) == ("spectator", "s1")
        await spectator.close()

    run(go())


def test_http_wrong_types_are_refused(server: Any) -> None:
    for body, loc in [
        ({"join": "0"}, ["body", "join"]),
        ({"join": 0.0}, ["body", "join"]),
        ({"join": True}, ["body", "join"]),
        ({"public": 1}, ["body", "public"]),
        ({"manual_chance": "true"}, ["body", "manual_chance"]),
        ({"turn_timer": True}, ["body", "turn_timer"]),
        ({"seats": [{"kind": "human", "name": 5}]}, ["body", "seats", 0, "name"]),
    ]:
        r = raw_post(server.url, "/api/games", body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"][0]["loc"] == loc, r.text
    game, _ = human_game(server.url, players=2)  # (all seats taken: a join can only fail)
    r = raw_post(server.url, f"/api/games/{game}/join", {"seat": True})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "seat"]
    # Numbers that are numbers are fine (an integer where a float is asked for, too).
    seats = [{"kind": "human"}] * 2
    rules = {"players": 2}
    created = create(server.url, turn_timer=30, join=0, public=False, seats=seats, rules=rules)
    assert created["game"]["turn_timer"] == 30 and created["you"]["seat"] == 0


# -- stale refusals -------------------------------------------------------------------------------


def test_a_stale_refusal_resends_nothing_and_is_a_strike(server: Any) -> None:
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        c0 = SeatClient(server.url, game, tokens[0])
        await c0.connect()
        state = await until(c0, is_state)
        v = state["version"]
        assert c0.ws is not None
        stale = {"type": "action", "action": "p0 roll", "version": v + 3, "id": "old"}
        await c0.send(stale)
        await c0.send({"type": "ping"})
        not_seats: Callable[[dict[str, Any]], bool] = lambda m: m["type"] != "seats"  # noqa: E731
        e = await until(c0, not_seats)
        assert (e["code"], e["id"], e["version"]) == ("stale", "old", v)
        # This client holds version v: the next message is the pong, no state again.
        assert (await until(c0, not_seats))["type"] == "pong"
        # Stale refusals are strikes like any other: a flood of them closes the socket.
        codes = []
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(80):
                await c0.send(stale)
            while True:
                codes.append((await c0.recv(10))["code"])
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4002
        assert closed.value.rcvd.reason == "too many refused messages"
        assert set(codes) == {"stale"} and len(codes) <= 51, codes

    run(go())


# -- hello: since too far back --------------------------------------------------------------------


def test_hello_far_behind_gets_a_snapshot(server: Any) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    game = create(server.url, rules={"players": 2}, seats=bots)["game"]["id"]
    limit = ws_module.MAX_CATCH_UP
    deadline = time.monotonic() + 60
    while httpx.get(f"{server.url}/api/games/{game}", timeout=10).json()["version"] <= limit + 20:
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.2)

    async def first_state(since: int) -> dict[str, Any]:
        c = SeatClient(server.url, game)
        await c.connect(since=since)
        state = await until(c, is_state)
        await c.close()
        return state

    whole = run(first_state(-1))
    v = whole["version"]
    assert v > limit and whole["view"]["events_since"] == v - limit
    events = whole["view"]["events"]
    assert events and all(isinstance(e, dict) for e in events)
    near = run(first_state(5))  # further back than the limit, too
    assert near["view"]["events_since"] == near["version"] - limit
    since = near["version"] - 10  # within the limit: every event since (unless it ran on)
    recent = run(first_state(since))
    assert recent["view"]["events_since"] == max(since, recent["version"] - limit)
    assert len(json.dumps(recent)) < len(json.dumps(whole)) or recent["version"] > v + 100


# -- body limit -----------------------------------------------------------------------------------


def test_an_oversized_body_is_413_however_it_is_sent(server: Any) -> None:
    big = b'{"name": "' + b"x" * 70_000 + b'"}'
    r = httpx.post(f"{server.url}/api/games", content=big, timeout=20)
    assert r.status_code == 413 and r.json()["error"] == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: Transfer-Encoding: chunked
        for i in range(0, len(big), 4096):
            yield big[i : i + 4096]

    for path in ("/api/games", "/api/preview", "/api/games/nope/join"):
        r = httpx.post(f"{server.url}{path}", content=chunks(), timeout=20)
        assert r.status_code == 413, (path, r.status_code, r.text)
        assert r.json()["error"] == "too_large"
    # A small chunked body is read as usual.
    small = json.dumps({"name": "chunked", "rules": {"players": 2}, "seats": [{}, {}]}).encode()
    r = httpx.post(
        f"{server.url}/api/games",
        content=iter([small[:5], small[5:]]),
        headers={"content-type": "application/json"},
        timeout=20,
    )
    assert r.status_code == 201, r.text


# -- free text ------------------------------------------------------------------------------------

BAD_TEXT = ["a\x00b", "\udfff", "x\ud800y", "\x1b[31mred"]


@pytest.mark.parametrize("bad", BAD_TEXT)
def test_http_free_text_with_nul_or_lone_surrogates_is_refused(server: Any, bad: str) -> None:
    game, _ = human_game(server.url, players=2)
    for path, body, loc in [
        ("/api/games", {"name": bad}, ["body", "name"]),
        ("/api/games", {"player_name": bad, "join": 0}, ["body", "player_name"]),
        ("/api/games", {"seats": [{"kind": "human", "name": bad}]}, ["body", "seats", 0, "name"]),
        ("/api/games", {"stand_in": bad}, ["body", "stand_in"]),
        ("/api/games", {"rules": {"map_kind": bad}}, ["body", "rules"]),
        ("/api/games", {"rules": {bad: 1}}, ["body", "rules"]),
        (f"/api/games/{game}/join", {"seat": 1, "name": bad}, ["body", "name"]),
        (f"/api/games/{game}/join", {"invite": bad}, ["body", "invite"]),
    ]:
        r = raw_post(server.url, path, body)
        assert r.status_code == 422, (path, body, r.status_code, r.text)
        detail = r.json()["detail"][0]
        assert detail["loc"] == loc, detail
        if bad != "\x1b[31mred" or loc[1] != "rules":  # (rules strings may hold any line)
            assert (
                "NUL" in detail["msg"] or "surrogate" in detail["msg"] or "control" in detail["msg"]
            )


def test_names_are_stored_alike_on_every_database(server: Any) -> None:
    name = "Zoë \u2014 🎲 \u05e9"
    created = create(server.url, name=name, player_name=name, join=0)
    got = httpx.get(f"{server.url}/api/games/{created['game']['id']}", timeout=10).json()
    assert got["name"] == name and got["seats"][0]["name"] == name


@pytest.mark.parametrize("bad", ["a\x00b", "\x07"])
def test_ws_free_text_with_nul_is_malformed_and_the_socket_stays(server: Any, bad: str) -> None:
    game, tokens = human_game(server.url, players=2)

    async def go() -> None:
        c0 = SeatClient(server.url, game, tokens[0])
        await c0.connect()
        await until(c0, is_state)
        for msg, field in [
            ({"type": "chat", "text": bad}, "chat.text"),
            ({"type": "action", "action": "p0 roll", "version": 0, "id": bad}, "action.id"),
            ({"type": "action", "action": bad, "version": 0, "id": "n"}, "action.action"),
            (
                {"type": "action", "action": "p0 roll", "version": 0, "outcome": bad},
                "action.outcome",
            ),
        ]:
            await c0.send(msg)
            e = await until(c0, answer)
            assert (e["code"], e["field"]) == ("malformed", field), (msg, e)
            assert e["id"] == msg.get("id")
        await c0.send({"type": "chat", "text": "line one\nline two"})  # chat may break lines
        said = await until(c0, answer)
        assert said["type"] == "chat" and said["text"] == "line one\nline two"
        # A lone surrogate cannot even be read as JSON text: malformed, and the socket stays.
        assert c0.ws is not None
        await c0.ws.send('{"type": "chat", "text": "\\udfff"}')
        assert (await until(c0, answer))["code"] == "malformed"
        await c0.send({"type": "ping"})
        assert (await until(c0, answer))["type"] == "pong"
        await c0.close()

    run(go())


# -- the id constraint's migration ----------------------------------------------------------------


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_an_old_database_migrates_to_ids_per_seat(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = fresh_database(kind, tmp_path, request)
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(files("pysettlers.server") / "migrations"))
    t = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:  # a database as the first release left it, with a log
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        game = {"id": "g", "name": "old", "created_at": t, "rules": "{}", "board": "{}"}
        game |= {"first_player": 0, "options": "{}", "status": "in_progress", "version": 2}
        conn.execute(sa.insert(GameRow.__table__), game)
        for v, seat, cid in [(1, 0, "a"), (2, 1, "b")]:
            row = {"game_id": "g", "version": v, "seat": seat, "action": "p0 end"}
            row |= {"client_id": cid, "by": "human", "at": t}
            conn.execute(sa.insert(ActionRow.__table__), row)
    engine.dispose()
    store = Store(url)
    try:
        migrate(store.engine)
        loaded = store.load("g")
        assert loaded is not None
        assert [(a.version, a.seat, a.client_id) for a in loaded[1]] == [(1, 0, "a"), (2, 1, "b")]
        # Seat 1 may now use seat 0's id; seat 0 may not use its own twice.
        ok = LoggedAction(3, 1, "p1 end", None, "a", "human")
        store.submit(Store.append_action("g", ok, "in_progress", None)).result()
        with pytest.raises(Conflict):
            again = LoggedAction(4, 0, "p0 end", None, "a", "human")
            store.submit(Store.append_action("g", again, "in_progress", None)).result()
    finally:
        store.close()


# -- fuzz, with an honest game alongside ----------------------------------------------------------

EXAMPLES = 150 if SOAK else 40
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
hostile_text = st.sampled_from(
    ["", " ", "\x00", "a\x00", "\udfff", "\ud800x", "\x1b[2J", "é🎲", "p0 roll", "x" * 300]
) | st.text(max_size=30)
hostile = st.recursive(
    st.none()
    | st.booleans()
    | st.sampled_from([0, -1, 1, 7, 2**31, 2**63, -(2**64), 27.0, 1e308, 0.5])
    | st.integers(-10, 300)
    | hostile_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text, inner, max_size=3),
    max_leaves=8,
)
rules_keys = st.sampled_from(
    ["players", "vp_target", "map_kind", "seed", "helpers", "alternate", "map_description"]
)
create_bodies = st.fixed_dictionaries(
    {},
    optional={
        "name": hostile,
        "player_name": hostile,
        "join": hostile,
        "public": hostile,
        "turn_timer": hostile,
        "absent_limit": hostile,
        "stand_in": hostile,
        "manual_chance": hostile,
        "bot_speed": hostile,
        "offer_time": hostile,
        "rules": st.dictionaries(rules_keys | hostile_text, hostile, max_size=3) | hostile,
        "seats": st.lists(
            st.fixed_dictionaries(
                {"kind": st.sampled_from(["human", "bot"]) | hostile},
                optional={"bot": hostile, "name": hostile, "options": hostile},
            ),
            max_size=3,
        )
        | hostile,
    },
)
join_bodies = st.fixed_dictionaries(
    {}, optional={"invite": hostile, "seat": hostile, "name": hostile}
)
ws_messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("action")},
        optional={"action": hostile, "version": hostile, "id": hostile, "outcome": hostile},
    ),
    st.fixed_dictionaries({"type": st.just("chat")}, optional={"text": hostile, "id": hostile}),
    st.fixed_dictionaries({"type": st.just("prefs")}, optional={"bot_offers": hostile}),
    st.fixed_dictionaries(
        {"type": st.just("hello")}, optional={"since": hostile, "token": hostile}
    ),
    st.fixed_dictionaries({"type": hostile}, optional={"id": hostile}),
)


def _frame(message: Any) -> str:
    return json.dumps(message)  # (a lone surrogate goes as its escape, as a hostile client's)


def test_fuzz_http_and_ws_with_an_honest_game_alongside(
    server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hostile HTTP bodies and WebSocket messages get 4xx or ``error`` answers — never a
    5xx, never a dropped socket — while two honest clients play a game to its end."""
    # (the reference client draws its action ids from the global generator, which
    # hypothesis watches while it draws examples: the honest game gets a generator of its own)
    monkeypatch.setattr("pysettlers.server.client.random", random.Random(29))
    # (random play to 5 points passes the default 500 turns in about 1 game in 200: the
    # honest game gets room to reach its winner)
    honest, honest_tokens = human_game(
        server.url, players=2, rules={"vp_target": 5}, turn_limit=2000
    )
    fuzzed, fuzzed_tokens = human_game(server.url, players=2)
    failure: list[BaseException] = []

    def play() -> None:
        try:
            run(play_game(server.url, honest, honest_tokens, seed=29))
        except BaseException as e:  # reported by the test below
            failure.append(e)

    player = threading.Thread(target=play, daemon=True)
    player.start()

    @FUZZ
    @given(create=create_bodies | hostile, join=join_bodies | hostile, preview=hostile)
    def http_fuzz(create: Any, join: Any, preview: Any) -> None:
        for path, body in [
            ("/api/games", create),
            (f"/api/games/{fuzzed}/join", join),
            ("/api/games/nope/join", join),
            ("/api/preview", {"rules": preview}),
            ("/api/games", {"seats": [{"kind": "human"}], "rules": preview}),
        ]:
            r = raw_post(server.url, path, body)
            assert r.status_code < 500, (path, body, r.status_code, r.text)
            if r.status_code >= 400:
                out = r.json()
                assert out.get("detail") or out.get("message"), out

    @FUZZ
    @given(batch=st.lists(ws_messages | hostile, min_size=1, max_size=6))
    def ws_fuzz(batch: list[Any]) -> None:
        async def go() -> None:
            # A seat of the fuzzed game, and a spectator of the honest one.
            for game, token in ((fuzzed, fuzzed_tokens[1]), (honest, None)):
                c = SeatClient(server.url, game, token)
                await c.connect()
                assert c.ws is not None
                for message in batch:
                    # Each message, then a ping: what comes before the pong answers it (a
                    # prefs message that is taken is answered by a state alone).
                    await c.ws.send(_frame(message))
                    await c.send({"type": "ping"})
                    replies, pongs = [], 2 if message == {"type": "ping"} else 1
                    while pongs:
                        reply = await until(c, answer)
                        if reply["type"] == "pong":
                            pongs -= 1
                        else:
                            replies.append(reply)
                    assert len(replies) <= 1, (message, replies)
                    for reply in replies:
                        assert reply["type"] in ("error", "chat", "accepted"), reply
                    if replies and replies[0]["type"] == "error":
                        reply = replies[0]
                        assert reply["code"] and reply["message"], reply
                        sent_id = message.get("id") if isinstance(message, dict) else None
                        if isinstance(sent_id, str) and not any(
                            "\ud800" <= ch <= "\udfff" for ch in sent_id
                        ):
                            assert reply["id"] == sent_id, (message, reply)
                await c.send({"type": "ping"})  # the socket is still there
                assert (await until(c, answer))["type"] == "pong"
                await c.close()

        run(go())

    http_fuzz()
    ws_fuzz()
    player.join(timeout=180)
    assert not player.is_alive(), "the honest game did not finish"
    assert not failure, failure
    got = httpx.get(f"{server.url}/api/games/{honest}", timeout=10).json()
    assert got["status"] == "finished" and got["winner"] is not None
