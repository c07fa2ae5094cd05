"""Game server load benchmark: many concurrent games, every seat a WebSocket client.

What this is for: the figures docs/performance.md quotes for the server — games completed,
accepted actions per second, action latency (p50/p99: from sending an action to its
``accepted``, and to the ``state`` of the new version) and the server's memory per game —
with N games of random bots played by real clients over 127.0.0.1, so that every action is
a full round trip (JSON parse, engine check, database commit, one view per seat). The
server runs as a subprocess (``pysettlers serve``, a fresh SQLite file unless ``--db``), so
its RSS is its own, and its CPU time per accepted action (user + system, all its threads)
is measured too: far steadier than latency on a shared machine. Clients act ``--think``
seconds after a decision reaches them (0: as fast as possible, which measures saturation
throughput rather than latency).

What this is not: a test (nothing is asserted) — and no target beyond ``127.0.0.1``.

Run: ``.venv/bin/python bench/server_load.py [--games 200] [--players 4] [--seconds 60]
[--think 0.5] [--vp 6] [--db URL] [--server-args "--sqlite-sync normal"]
[--server-python OTHER/.venv/bin/python] [--json]``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx

from pysettlers.server.client import SeatClient, random_move

T = TypeVar("T")


@dataclass
class Stats:
    accepted: list[float] = field(default_factory=list)  # seconds: send -> accepted
    state: list[float] = field(default_factory=list)  # seconds: send -> state of new version
    actions: int = 0
    stale: int = 0
    errors: int = 0
    finished: set[str] = field(default_factory=set)
    disconnects: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def connect(base: str, game: str, token: str) -> SeatClient:
    client = SeatClient(base, game, token)
    await client.connect()
    return client


async def seat(
    client: SeatClient, rng: random.Random, think: float, stop: float, st: Stats
) -> None:
    game = client.game
    sent_at: float | None = None
    sent_version = -1
    waiting_state = False
    try:
        while time.monotonic() < stop:
            msg = await client.recv(max(0.1, stop - time.monotonic()))
            now = time.monotonic()
            kind = msg["type"]
            if kind == "accepted" and sent_at is not None:
                st.accepted.append(now - sent_at)
                st.actions += 1
                waiting_state = True
                continue
            if kind == "error":
                st.stale += msg["code"] == "stale"
                st.errors += msg["code"] != "stale"
                sent_at = None
                continue
            if kind != "state":
                continue
            if waiting_state and sent_at is not None and msg["version"] > sent_version:
                st.state.append(now - sent_at)
                waiting_state = False
                sent_at = None
            if msg["status"] == "finished":
                st.finished.add(game)
                return
            if msg["legal"] and sent_at is None:
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    newest = client.state
                    if newest is not None and newest["version"] != msg["version"]:
                        continue  # something happened meanwhile: decide on the newest state
                sent_version = msg["version"]
                sent_at = time.monotonic()
                await client.act(random_move(msg["legal"], rng), msg["version"])
    except TimeoutError:
        pass
    except Exception:
        st.disconnects += 1
    finally:
        await client.close()


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000


async def run(args: argparse.Namespace, base: str, pid: int | None) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        base_rss = rss_kib(pid) if pid else 0
        games: list[tuple[str, list[str]]] = []
        for _ in range(args.games):
            body = {
                "rules": {"players": args.players, "vp_target": args.vp},
                "seats": [{"kind": "human"}] * args.players,
                "join": 0,
            }
            created = (await http.post("/api/games", json=body)).json()
            gid = created["game"]["id"]
            tokens = [created["you"]["token"]]
            for inv in created["invites"]:
                r = await http.post(f"/api/games/{gid}/join", json={"invite": inv["invite"]})
                tokens.append(r.json()["token"])
            games.append((gid, tokens))
    st = Stats()
    rng = random.Random(args.seed)
    # Every client connects first (the connection storm is not part of the measurement).
    clients = []
    for i in range(0, len(games), 20):
        batch = [connect(base, g, t) for g, tokens in games[i : i + 20] for t in tokens]
        clients += await asyncio.gather(*batch)
    # The 800 clients in this one process hold a parsed state each: a full pass of the
    # cyclic collector over them stops every client at once for a few hundred milliseconds,
    # which would be counted as the server's latency (one such pause makes the p99). Real
    # clients are separate processes; here the collector waits until the measurement ends.
    if not args.client_gc:
        gc.collect()
        gc.freeze()
        gc.disable()
    start = time.monotonic()
    cpu0 = cpu_seconds(pid) if pid else 0.0
    own0 = own_cpu_seconds()
    load0 = float(Path("/proc/loadavg").read_text().split()[0])
    stop = start + args.seconds
    tasks = [seat(c, random.Random(rng.random()), args.think, stop, st) for c in clients]
    peak = [0]

    async def sample() -> None:
        while time.monotonic() < stop:
            if pid:
                peak[0] = max(peak[0], rss_kib(pid))
            await asyncio.sleep(1)

    await asyncio.gather(sample(), *tasks)
    gc.enable()
    elapsed = time.monotonic() - start
    cpu = cpu_seconds(pid) - cpu0 if pid else float("nan")
    own = own_cpu_seconds() - own0
    return {
        # Other processes on the machine change every figure: say how busy it was.
        "load_average_1min": [load0, float(Path("/proc/loadavg").read_text().split()[0])],
        "server_args": args.server_args,
        "games": args.games,
        "players": args.players,
        "clients": args.games * args.players,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "games_completed": len(st.finished),
        "actions": st.actions,
        "actions_per_s": round(st.actions / elapsed, 1),
        "accepted_p50_ms": round(pct(st.accepted, 50), 1),
        "accepted_p99_ms": round(pct(st.accepted, 99), 1),
        "state_p50_ms": round(pct(st.state, 50), 1),
        "state_p99_ms": round(pct(st.state, 99), 1),
        # CPU the server spent per accepted action: far steadier than latency on a busy
        # machine (it counts the work, not the wait for a core).
        "server_cpu_ms_per_action": round(1000 * cpu / max(1, st.actions), 2) if pid else None,
        "server_cpu_share": round(cpu / elapsed, 2) if pid else None,
        # The clients share the machine's cores with the server: what they take, too.
        "clients_cpu_ms_per_action": round(1000 * own / max(1, st.actions), 2),
        "stale_refusals": st.stale,
        "other_errors": st.errors,
        "disconnects": st.disconnects,
        "server_rss_mib": round(peak[0] / 1024, 1) if pid else None,
        "server_rss_kib_per_game": round((peak[0] - base_rss) / args.games) if pid else None,
    }


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """The clients on uvloop where it is installed (``uvicorn[standard]`` brings it): 800
    connections in one process cost half the CPU of the default loop's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--think", type=float, default=0.5, help="seconds before acting (0.5)")
    p.add_argument("--vp", type=int, default=6, help="victory points to win (6: games end)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", help="database URL (a fresh SQLite file in a temporary directory)")
    p.add_argument("--url", help="use a running server instead of starting one")
    p.add_argument(
        "--server-args", default="", help="more options of `pysettlers serve`, as one string"
    )
    p.add_argument(
        "--server-python",
        help="the Python that runs the server (another checkout's venv: before and after)",
    )
    p.add_argument(
        "--client-gc",
        action="store_true",
        help="leave the clients' garbage collector on while measuring (its pauses count)",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    proc = None
    tmp = tempfile.TemporaryDirectory(prefix="pysettlers-load-")
    if args.url:
        base, pid = args.url.rstrip("/"), None
    else:
        port = free_port()
        db = args.db or f"sqlite:///{tmp.name}/load.db"
        python = args.server_python or sys.executable
        cmd = [python, "-m", "pysettlers", "serve", "--port", str(port), "--db", db]
        # Every simulated player comes from 127.0.0.1: the per-address limits, meant for
        # strangers on the internet, would refuse the load itself (``server/limits.py``).
        # (A server from before those limits, --server-python, has no such flags.)
        helped = subprocess.run(
            [*cmd[:4], "--help"], capture_output=True, text=True, check=False
        ).stdout
        if "--connections-per-address" in helped:
            cmd += ["--connections-per-address", "100000", "--games-per-minute", "100000"]
        cmd += ["--log-level", "warning", *args.server_args.split()]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        base, pid = f"http://127.0.0.1:{port}", proc.pid
        for _ in range(200):
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        result = run_loop(run(args, base, pid))
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
        tmp.cleanup()
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>26}: {v}")


if __name__ == "__main__":
    main()
