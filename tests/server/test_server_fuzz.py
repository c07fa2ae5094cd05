"""Bad input: generated malformed, oversized, out-of-turn, replayed and forged messages to
the HTTP and WebSocket endpoints.

What this is for: issue point 7. Hypothesis generates request bodies and WebSocket messages
(random text, random JSON, actions of other seats, illegal actions, old and future versions,
forged tokens); every one must get a clear refusal — a 4xx with the field or an ``error``
message with a code — while the server stays up and the game does not change. Then the
limits: message size (``too_large``, then 1009 past the frame limit), spectators per game,
connections per process, refused messages per connection.

What this is not: a test of legal play (``test_server_play.py``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import string
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from pysettlers.server.client import SeatClient
from pysettlers.server.ws import MAX_FRAME
from support.server_helpers import SOAK, InProcessServer, human_game

EXAMPLES = 300 if SOAK else 40
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.db'}")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def http(server: InProcessServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client


@pytest.fixture(scope="module")
def game(server: InProcessServer) -> tuple[str, list[str]]:
    return human_game(server.url, players=2, rules={"map_kind": "beginner"})


def version_of(server: InProcessServer, game: str) -> int:
    r = httpx.get(f"{server.url}/api/games/{game}", timeout=10)
    v: int = r.json()["version"]
    return v


# -- HTTP ------------------------------------------------------------------------------------------

URL_SAFE = string.ascii_letters + string.digits + "-_.~"

rules_bodies = st.dictionaries(
    st.sampled_from(
        ["players", "vp_target", "discard_limit", "map_kind", "trade_build", "helpers", "seed"]
    )
    | st.text(max_size=12),
    json_values,
    max_size=5,
)
create_bodies = st.fixed_dictionaries(
    {},
    optional={
        "rules": rules_bodies | json_values,
        "seats": st.lists(
            st.fixed_dictionaries(
                {"kind": st.sampled_from(["human", "bot", "alien"]) | st.text(max_size=5)},
                optional={"bot": st.text(max_size=10), "options": json_values},
            ),
            max_size=7,
        )
        | json_values,
        "join": json_values,
        "turn_timer": json_values,
        "manual_chance": json_values,
        "name": json_values,
    },
)


@SETTINGS
@given(body=create_bodies | json_values)
def test_http_create_refuses_bad_bodies_clearly(http: httpx.Client, body: Any) -> None:
    r = http.post("/api/games", json=body)
    assert r.status_code in (201, 422), (body, r.status_code, r.text)
    out = r.json()
    if r.status_code == 422:
        assert out.get("detail") or (out.get("error") and out.get("message")), out
    else:
        assert out["game"]["status"] in ("open", "in_progress")


@SETTINGS
@given(body=st.fixed_dictionaries({}, optional={"invite": json_values, "seat": json_values}))
def test_http_join_refuses_forged_invites(
    http: httpx.Client, game: tuple[str, list[str]], body: Any
) -> None:
    game_id, _ = game
    r = http.post(f"/api/games/{game_id}/join", json=body)
    # Both seats of this game are taken: nothing can succeed.
    assert r.status_code in (403, 409, 422), (body, r.text)
    r = http.post("/api/games/nope/join", json=body)
    assert r.status_code in (404, 422)


@SETTINGS
@given(
    game_id=st.text(alphabet=URL_SAFE, min_size=1, max_size=60),
    auth=st.text(alphabet=string.ascii_letters + string.digits + " -_.~+/=", max_size=120),
)
def test_http_forged_game_ids_and_tokens(http: httpx.Client, game_id: str, auth: str) -> None:
    headers = {"Authorization": ("Bearer " + auth).strip()}  # (h11 refuses end spaces)
    r = http.get(f"/api/games/{game_id}/record", headers=headers)
    assert r.status_code in (403, 404, 422), r.text


# -- WebSocket messages ----------------------------------------------------------------------------

bad_actions = st.sampled_from(
    [
        "p0 end",  # before the roll
        "p0 city (0,0)N",
        "p0 robber (0,0) p1",
        "p0 discard 1ore",
        "p0 maritime 4ore for 1brick",
        "p1 roll",  # another seat
        "p1 end",
        "p7 roll",
        "p0 settlement (9,9)N",
        "p0 offer 1ore for 1ore to p1",
        "",
        "p0",
    ]
) | st.text(max_size=60).filter(lambda t: "roll" not in t.lower())

action_messages = st.fixed_dictionaries(
    {"type": st.just("action"), "action": bad_actions},
    optional={
        "version": st.integers(-5, 10) | json_values,
        "id": st.text(max_size=80) | json_values,
        "outcome": st.sampled_from(["3+4", "knight", "ore", "7+7"]) | json_values,
        "extra": json_values,
    },
)
stale_roll = st.fixed_dictionaries(
    {"type": st.just("action"), "action": st.just("p0 roll"), "version": st.integers(1, 1000)}
)
other_messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "nope", "ping", "action", "chat"]) | json_values},
    optional={"token": json_values, "text": json_values, "version": json_values},
)
frames = (
    action_messages.map(json.dumps)
    | stale_roll.map(json.dumps)
    | other_messages.map(json.dumps)
    | json_values.map(json.dumps)
    | st.text(max_size=200)
)


@SETTINGS
@given(batch=st.lists(frames, min_size=1, max_size=8))
def test_ws_bad_messages_get_errors_and_change_nothing(
    server: InProcessServer, game: tuple[str, list[str]], batch: list[str]
) -> None:
    game_id, tokens = game
    before = version_of(server, game_id)

    async def go() -> None:
        c = SeatClient(server.url, game_id, tokens[0])
        await c.connect()
        assert c.ws is not None
        while (await c.recv())["type"] != "state":
            pass
        for frame in batch:
            await c.ws.send(frame)
            while True:
                reply = await c.recv(10)
                if reply["type"] not in ("seats", "state"):
                    break
            if reply["type"] == "error":
                assert reply["code"] and reply["message"], reply
            else:
                # Only a ping or a chat line may succeed; neither changes the game.
                assert reply["type"] in ("pong", "chat"), (frame, reply)
        await c.close()

    asyncio.run(go())
    assert version_of(server, game_id) == before


@SETTINGS
@given(token=st.text(max_size=120) | json_values)
def test_ws_forged_tokens_are_refused(
    server: InProcessServer, game: tuple[str, list[str]], token: Any
) -> None:
    game_id, tokens = game

    async def go() -> None:
        c = SeatClient(server.url, game_id)
        c.ws = await websockets.connect(c.url)
        await c.send({"type": "hello", "token": token})
        reply = await c.recv(10)
        assert reply["type"] == "error" and reply["code"] in ("bad_token", "malformed"), reply
        with pytest.raises(ConnectionClosed) as closed:
            await c.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code in (4400, 4401)

    assume(token is not None and token not in tokens)  # (no token: a spectator, welcome)
    asyncio.run(go())


# -- limits ----------------------------------------------------------------------------------------


def test_oversized_messages_close_the_socket(
    server: InProcessServer, game: tuple[str, list[str]]
) -> None:
    game_id, tokens = game

    async def go() -> None:
        c = SeatClient(server.url, game_id, tokens[1])
        await c.connect()
        assert c.ws is not None
        # Over MAX_MESSAGE, within MAX_FRAME: refused by name (with its id), still connected.
        await c.ws.send(json.dumps({"type": "chat", "text": "x" * 5000, "id": "big"}))
        refused = await c.recv(10)
        while refused["type"] != "error":
            refused = await c.recv(10)
        assert refused["code"] == "too_large" and refused["id"] == "big", refused
        await c.send({"type": "ping"})
        while (await c.recv(10))["type"] != "pong":
            pass
        # Over MAX_FRAME: the ASGI server closes the connection (1009) before it is read.
        await c.ws.send(json.dumps({"type": "chat", "text": "x" * (MAX_FRAME + 1)}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await c.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    asyncio.run(go())
    assert httpx.get(f"{server.url}/api/health").status_code == 200


def test_spectator_and_connection_limits(
    server: InProcessServer, game: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = game
    limits = server.hub.limits
    monkeypatch.setattr(server.hub, "limits", dataclasses.replace(limits, spectators_per_game=2))

    async def go() -> None:
        watchers = [SeatClient(server.url, game_id) for _ in range(2)]
        for w in watchers:
            await w.connect()
        third = SeatClient(server.url, game_id)
        with pytest.raises(ConnectionError, match="full"):
            await third.connect()
        for w in watchers:
            await w.close()
        monkeypatch.setattr(server.hub, "limits", dataclasses.replace(limits, connections=0))
        async with websockets.connect(third.url) as ws:
            refusal = json.loads(await ws.recv())
            assert refusal["code"] == "server_full"
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013

    asyncio.run(go())


def test_a_client_that_keeps_sending_refused_messages_is_disconnected(
    server: InProcessServer, game: tuple[str, list[str]]
) -> None:
    game_id, tokens = game

    async def go() -> None:
        c = SeatClient(server.url, game_id, tokens[1])
        await c.connect()
        assert c.ws is not None
        codes = []
        with pytest.raises(ConnectionClosed):
            for _ in range(500):
                await c.ws.send("garbage")
            while True:
                msg = await c.recv(10)
                if msg["type"] == "error":
                    codes.append(msg["code"])
        assert "malformed" in codes and len(codes) <= 60

    asyncio.run(go())
