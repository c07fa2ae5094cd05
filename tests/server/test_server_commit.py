"""The order an accepted action takes (``GameSession._commit``): applied, written, then told.

What this is for: the guarantee that order gives while the log is the truth and the live
state its cache — an action the log does not have changes nothing anyone can see. A write
that fails leaves the live state as the log replays it, the sender hears ``server`` with
nothing changed and the other seats hear nothing; the same action sent again with the same
id is then taken once. An engine fault while applying leaves the live state as the log has
it too (the fault still ends the connection, as any server fault does).

What this is not: crashes between the steps (``test_server_crash.py`` kills the server
while clients play) or the store's own refusals (``test_server_store.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from pysettlers.engine import position_key
from pysettlers.server.client import SeatClient
from pysettlers.server.session import GameSession
from pysettlers.server.store import ActionWrite
from support.server_helpers import InProcessServer, human_game, is_state, until


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    db: Path = tmp_path_factory.mktemp("commit") / "commit.db"
    server = InProcessServer(f"sqlite:///{db}")
    yield server
    server.stop()


def the_log_replayed(srv: InProcessServer, game: str) -> tuple[int, int]:
    """(version, position key) of the game as its log replays it."""
    loaded = srv.hub.store.load(game)
    assert loaded is not None
    rebuilt, _ = GameSession.rebuild(*loaded)
    return rebuilt.state.version, position_key(rebuilt.state)


def the_live_state(srv: InProcessServer, game: str) -> tuple[int, int]:
    s = srv.hub.sessions[game].game.state
    return s.version, position_key(s)


async def seated(srv: InProcessServer, game: str, tokens: list[str]) -> list[Any]:
    """Both seats connected: [(client, first state)], the seat to move first."""
    clients = [SeatClient(srv.url, game, t) for t in tokens]
    out = []
    for c in clients:
        await c.connect(since=-1)
        out.append((c, await until(c, is_state)))
    out.sort(key=lambda cs: not cs[1]["legal"])
    return out


def answer(m: dict[str, Any]) -> bool:
    return m["type"] in ("accepted", "error")


def test_a_failed_write_changes_nothing_and_the_sender_hears_so(
    srv: InProcessServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, tokens = human_game(srv.url)
    store = srv.hub.store
    real_write = store.write
    failed: list[int] = []

    def write_failing_once(work: Any) -> Any:
        # Called on the server's loop, as the real one is: a write that fails to commit.
        if isinstance(work, ActionWrite) and not failed:
            failed.append(work.row.version)
            fut = asyncio.get_running_loop().create_future()
            fut.set_exception(OSError("disk full"))
            return fut
        return real_write(work)

    async def go() -> None:
        (mover, st), (other, _) = await seated(srv, game, tokens)
        v = st["version"]
        before = the_live_state(srv, game)
        assert before == the_log_replayed(srv, game)
        monkeypatch.setattr(store, "write", write_failing_once)
        msg = {"type": "action", "action": st["legal"][0], "version": v, "id": "a1"}
        await mover.send(msg)
        refused = await until(mover, answer)
        assert refused["type"] == "error" and refused["code"] == "server", refused
        assert refused["id"] == "a1" and "nothing changed" in refused["message"]
        assert failed == [v + 1]
        # The live state is the log's, not one action ahead of it.
        assert the_live_state(srv, game) == before == the_log_replayed(srv, game)
        # Nobody was sent the action: no state comes to either seat before its pong at v.
        for c in (mover, other):
            await c.send({"type": "ping"})
            pong = await until(c, lambda m: m["type"] in ("pong", "state"))
            assert pong == {"type": "pong", "version": v}, pong
        # Sent again with the same id, it is taken once, at the next version.
        await mover.send(msg)
        taken = await until(mover, answer)
        assert taken["type"] == "accepted" and not taken["duplicate"], taken
        assert taken["version"] == v + 1
        seen = await until(other, is_state)
        assert seen["version"] == v + 1
        for c in (mover, other):
            await c.close()

    asyncio.run(go())
    assert the_live_state(srv, game) == the_log_replayed(srv, game)
    loaded = store.load(game)
    assert loaded is not None
    assert [(r.version, r.client_id) for r in loaded[1]] == [(1, "a1")]


def test_an_engine_fault_while_applying_leaves_the_live_state_as_the_log_has_it(
    srv: InProcessServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, tokens = human_game(srv.url)

    async def go() -> None:
        (mover, st), (other, _) = await seated(srv, game, tokens)
        v = st["version"]
        live = srv.hub.sessions[game].game
        real_play = live.play

        def play_then_fail(*args: Any, **kwargs: Any) -> Any:
            real_play(*args, **kwargs)  # the state changes...
            raise RuntimeError("an engine fault")  # ...and then the engine fails

        monkeypatch.setattr(live, "play", play_then_fail)
        msg = {"type": "action", "action": st["legal"][0], "version": v, "id": "b1"}
        await mover.send(msg)
        with pytest.raises(ConnectionClosed):
            await until(mover, answer)
        assert the_live_state(srv, game) == the_log_replayed(srv, game)
        assert the_live_state(srv, game)[0] == v
        # The seat comes back and sends it again: taken once (the rebuilt game plays it).
        again = SeatClient(srv.url, game, tokens[0] if st["seat"] == 0 else tokens[1])
        await again.connect(since=v)
        await again.send(msg)
        taken = await until(again, answer)
        assert taken["type"] == "accepted" and taken["version"] == v + 1, taken
        for c in (again, other):
            await c.close()

    asyncio.run(go())
    assert the_live_state(srv, game) == the_log_replayed(srv, game)
