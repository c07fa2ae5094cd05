"""Helpers of the server tests: a server in a thread or a subprocess, PostgreSQL in a
temporary directory, and clients that play random games over real WebSockets.

What this is for: every server test talks to a real uvicorn over 127.0.0.1 (HTTP with
httpx, WebSockets with the reference client), never to the app object directly, so what is
tested is the traffic a client sees. ``SubprocessServer`` can be killed with SIGKILL and
restarted on the same database. ``postgres_url`` starts Debian's PostgreSQL binaries
(``initdb``/``pg_ctl``) as an unprivileged user when run as root.

What this is not: tests (they are in ``test_server_*.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import pwd
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from pysettlers.server import create_app
from pysettlers.server.client import SeatClient, random_move
from pysettlers.server.limits import Limits
from pysettlers.server.ws import MAX_FRAME

SOAK = os.environ.get("PYSETTLERS_SOAK") == "1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class InProcessServer:
    """uvicorn serving ``create_app(db)`` in a thread of this process. Its bots do not pace
    themselves for people (``pace=0``) unless a test asks (``pace=1``: the server's own
    default), so that games against bots take the time their moves take. Every test client
    comes from 127.0.0.1, so the per-address limits (and a seat's accepted actions, so that
    a test's seat client plays at full speed) are lifted unless a test passes its own
    ``limits`` (``tests/server/test_server_limits.py`` does). ``server_options`` replace uvicorn's
    (e.g. ``cli.uvicorn_options``: what ``pysettlers serve`` runs)."""

    def __init__(
        self,
        db: str,
        *,
        pace: float = 0.0,
        server_options: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        lifted = Limits(connections_per_address=10**6, games_per_minute=10**6, action_burst=10**6)
        options.setdefault("limits", lifted)
        self.app = create_app(db, pace=pace, **options)
        config_options: dict[str, Any] = {
            "ws_max_size": MAX_FRAME,
            "ws_per_message_deflate": False,  # as `pysettlers serve` by default
            **(server_options or {}),
            "host": "127.0.0.1",
            "port": self.port,
            "log_level": "warning",
        }
        config = uvicorn.Config(self.app, lifespan="on", **config_options)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class SubprocessServer:
    """``pysettlers serve`` as a child process (to be killed with SIGKILL and restarted)."""

    def __init__(self, db: str, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="pysettlers-serve-", suffix=".log")  # noqa: SIM115

    def start(self) -> None:
        cmd = [sys.executable, "-m", "pysettlers", "serve", "--port", str(self.port)]
        cmd += ["--db", self.db, "--log-level", "warning", "--action-burst", "1000000"]
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.output()}")

    def output(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")[-3000:]

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill9()


# -- PostgreSQL in a temporary directory ---------------------------------------------------------

PG_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def pg_bin() -> Path | None:
    for d in PG_DIRS:
        if (d / "initdb").exists() and (d / "pg_ctl").exists():
            return d
    found = shutil.which("initdb")
    return Path(found).parent if found else None


@contextlib.contextmanager
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL server (Debian's ``postgresql`` package) on a free port:
    yields its URL. Skips with a message when the binaries are absent — except in CI
    (``CI`` set), where that is a failure: the PostgreSQL tests must run there."""
    bindir = pg_bin()
    if bindir is None:
        message = "PostgreSQL binaries not found (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(message + ": CI must run the PostgreSQL tests")
        pytest.skip(message)
    tmp = Path(tempfile.mkdtemp(prefix="pysettlers-pg-"))
    data = tmp / "data"
    port = free_port()
    prefix: list[str] = []
    if os.geteuid() == 0:
        # initdb refuses to run as root: run PostgreSQL as an unprivileged user.
        pw = pwd.getpwnam("nobody")
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
        prefix = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups"]

    def run_as(cmd: list[str]) -> list[str]:
        return prefix + cmd

    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    try:
        subprocess.run(
            run_as(
                [
                    str(bindir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "pysettlers",
                    "-A",
                    "trust",
                    "--no-sync",
                    "-E",
                    "UTF8",
                ]
            ),
            check=True,
            capture_output=True,
            env=env,
            cwd=tmp,
        )
        opts = (
            f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100"
        )
        subprocess.run(
            run_as(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-o",
                    opts,
                    "-l",
                    str(tmp / "log"),
                    "-w",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
            env=env,
            cwd=tmp,
        )
        url = f"postgresql://pysettlers@127.0.0.1:{port}/postgres"
        yield url
    finally:
        subprocess.run(
            run_as([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
            env=env,
            cwd=tmp,
        )
        shutil.rmtree(tmp, ignore_errors=True)


# -- HTTP and play helpers -----------------------------------------------------------------------


def create(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(base + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def human_game(base: str, players: int = 2, **body: Any) -> tuple[str, list[str]]:
    """A game of ``players`` humans, every seat joined: (game id, tokens by seat)."""
    body.setdefault("rules", {})["players"] = players
    created = create(base, seats=[{"kind": "human"}] * players, join=0, **body)
    game = created["game"]["id"]
    tokens = [created["you"]["token"]]
    for inv in created["invites"]:
        r = httpx.post(
            f"{base}/api/games/{game}/join", json={"invite": inv["invite"], "name": "x"}, timeout=10
        )
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return game, tokens


async def play_seat(
    client: SeatClient, rng: random.Random, *, max_actions: int = 5000, wait: float = 30
) -> dict[str, Any]:
    """Play one seat with random legal moves until the game is over; the last state."""
    acted = 0
    while acted < max_actions:
        msg = await client.recv(wait)
        if msg["type"] == "state" and msg["status"] == "finished":
            return msg
        if msg["type"] == "error":
            assert msg["code"] == "stale", msg  # random legal moves are never refused
            continue  # the current state follows a stale refusal
        if msg["type"] == "state" and msg["legal"]:
            await client.act(random_move(msg["legal"], rng), msg["version"])
            acted += 1
    raise AssertionError(f"seat played {max_actions} actions without the game ending")


async def play_game(
    base: str, game: str, tokens: list[str], seed: int, keep: bool = False
) -> list[SeatClient]:
    """Every seat a client playing random legal moves; returns the clients when it ends."""
    clients = [SeatClient(base, game, t) for t in tokens]
    for c in clients:
        c.keep = keep
        await c.connect(since=-1)
    await asyncio.gather(
        *(play_seat(c, random.Random(seed * 10 + i)) for i, c in enumerate(clients))
    )
    for c in clients:
        await c.close()
    return clients


async def until(
    client: SeatClient, pred: Callable[[dict[str, Any]], bool], timeout: float = 15
) -> dict[str, Any]:
    """The first message from ``client`` that satisfies ``pred``."""
    deadline = time.monotonic() + timeout
    while True:
        msg = await client.recv(max(0.1, deadline - time.monotonic()))
        if pred(msg):
            return msg


def is_state(msg: dict[str, Any]) -> bool:
    return msg["type"] == "state"


_dbs = itertools.count()


def fresh_database(kind: str, tmp: Path, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database of ``kind`` (sqlite or postgresql)."""
    if kind == "sqlite":
        return f"sqlite:///{tmp / f'server-{next(_dbs)}.db'}"
    import psycopg

    base: str = request.getfixturevalue("pg_url")
    name = f"test_{next(_dbs)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name
