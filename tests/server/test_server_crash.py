"""Nothing is lost: the server killed with SIGKILL at random moments while clients play.

What this is for: issue point 5. ``pysettlers serve`` runs as a subprocess; clients (one per
human seat, plus bot seats the server plays) play random games and write down every action
the server told them was accepted. The server is killed (``kill -9``) at random moments and
restarted on the same database; clients reconnect with their tokens, re-send the action
whose answer they lost (same id: at most once), and carry on. At the end every game has
finished, every acknowledged action is in the log at the version it was acknowledged with,
the log's versions run 1..N with no gaps or repeats, and each game's record replays.
Run against SQLite and PostgreSQL; ``PYSETTLERS_SOAK=1`` kills many more times.

What this is not: a test of what the clients see (``test_server_play.py``).
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import WebSocketException

from pysettlers.server.client import SeatClient, random_move
from pysettlers.server.session import GameSession
from pysettlers.server.store import Store
from support.server_helpers import SOAK, SubprocessServer, create, fresh_database, human_game

KILLS = 12 if SOAK else 2
VP = 6 if SOAK else 3  # short games at CI size
HUMAN_GAMES = 6 if SOAK else 2


@dataclass
class Ledger:
    acked: list[tuple[str, str, int, str]] = field(default_factory=list)  # game, id, version, text
    unexpected: list[dict[str, Any]] = field(default_factory=list)
    reconnects: int = 0
    duplicates: int = 0


async def seat_loop(base: str, game: str, token: str, rng: random.Random, ledger: Ledger) -> None:
    """Play one seat through crashes: reconnect, re-send the unanswered action, go on."""
    last = -1
    pending: dict[str, Any] | None = None  # the action sent whose answer has not come
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        client = SeatClient(base, game, token)
        try:
            await client.connect(since=last)
            if pending is not None:
                await client.send(pending)  # the same id: applied at most once
            while True:
                msg = await client.recv(20)
                kind = msg["type"]
                if kind == "state":
                    last = msg["version"]
                    if msg["status"] == "finished":
                        await client.close()
                        return
                elif kind == "accepted":
                    assert pending is not None and msg["id"] == pending["id"], msg
                    ledger.acked.append((game, msg["id"], msg["version"], pending["action"]))
                    ledger.duplicates += bool(msg["duplicate"])
                    pending = None
                elif kind == "error":
                    if msg["code"] == "rate_limited" and pending is not None:
                        # Refused unread (these clients never think): the same action again,
                        # with the same id (the refusal names it), once the bucket refills.
                        assert msg["id"] == pending["id"], msg
                        await asyncio.sleep(0.3)
                        await client.send(pending)
                        continue
                    if msg["code"] != "stale":
                        ledger.unexpected.append(msg)
                    if pending is not None and msg.get("id") == pending["id"]:
                        pending = None  # refused: nothing changed; decide again
                newest = client.state
                if pending is None and newest is not None and newest["legal"]:
                    if newest["version"] == last:  # act once on the newest state
                        pending = {
                            "type": "action",
                            "action": random_move(newest["legal"], rng),
                            "version": newest["version"],
                            "id": f"{game}-{rng.getrandbits(48):012x}",
                        }
                        await client.send(pending)
        except (OSError, TimeoutError, ConnectionError, WebSocketException):
            ledger.reconnects += 1
            await asyncio.sleep(0.1)
        finally:
            await client.close()
    raise AssertionError(f"game {game}: a seat did not finish in time")


async def killer(server: SubprocessServer, rng: random.Random, kills: int, ledger: Ledger) -> None:
    # Each kill comes after a random number of further acknowledged actions, not after a
    # time: on a quiet machine the short CI games would otherwise end before the first kill.
    for _ in range(kills):
        target = len(ledger.acked) + rng.randint(3, 15)
        deadline = time.monotonic() + 30
        while len(ledger.acked) < target and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        server.kill9()
        await asyncio.sleep(rng.uniform(0.0, 0.3))
        await asyncio.get_running_loop().run_in_executor(None, server.start)


def wait_finished(base: str, game: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/games/{game}", timeout=5).json()["status"] == "finished":
            return
        time.sleep(0.2)
    raise AssertionError(f"game {game} did not finish after the restarts")


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_kill_9_loses_no_accepted_action(
    db: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = fresh_database(db, tmp_path, request)
    server = SubprocessServer(url)
    server.start()
    rng = random.Random(11)
    try:
        games = [
            human_game(server.url, players=2, rules={"vp_target": VP}) for _ in range(HUMAN_GAMES)
        ]
        mixed = create(
            server.url,
            rules={"players": 3, "vp_target": VP},
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}],
            join=0,
        )
        games.append((mixed["game"]["id"], [mixed["you"]["token"]]))
        bots_only = create(
            server.url,
            rules={"players": 2, "vp_target": VP},
            seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        )["game"]["id"]
        ledger = Ledger()

        async def main() -> None:
            seats = [
                seat_loop(server.url, g, t, random.Random(rng.random()), ledger)
                for g, tokens in games
                for t in tokens
            ]
            await asyncio.gather(killer(server, rng, KILLS, ledger), *seats)

        asyncio.run(main())
        wait_finished(server.url, bots_only, 60)
    finally:
        server.stop()
    print(
        f"acked {len(ledger.acked)}, duplicates {ledger.duplicates}, reconnects {ledger.reconnects}"
    )
    assert ledger.unexpected == []
    assert ledger.reconnects >= KILLS  # the clients really lost the server and came back
    store = Store(url)
    try:
        logs = {}
        for game in [g for g, _ in games] + [bots_only]:
            loaded = store.load(game)
            assert loaded is not None
            info, actions = loaded
            assert info.status == "finished"
            assert [a.version for a in actions] == list(range(1, len(actions) + 1))
            ids = [a.client_id for a in actions if a.client_id is not None]
            assert len(ids) == len(set(ids))
            logs[game] = {a.client_id: a for a in actions}
            # The log replays (checked, every step with its recorded outcome) to the end.
            rebuilt, _ = GameSession.rebuild(info, actions)
            assert rebuilt.state.winner == info.winner is not None
        for game, action_id, version, text in ledger.acked:
            row = logs[game].get(action_id)
            assert row is not None, f"acknowledged action {action_id} of {game} is lost"
            assert (row.version, row.action) == (version, text)
    finally:
        store.close()
