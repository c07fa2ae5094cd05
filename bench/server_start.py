"""Server start-up time against the games in its database (issue 29, point 1).

What this is for: a server rebuilds only its open and in-progress games when it starts
(``Hub.start``); finished and parked games stay in the database. This fills a SQLite
database with ``--finished`` finished games and ``--parked`` parked ones (each with a
real log of ``--actions`` actions of random bots), plus ``--live`` games in progress, and
times ``Hub.start`` — the median and range of ``--runs`` starts — so that the claim
"start-up does not grow with finished or parked games" is a measurement.

What this is not: a test (no assertion on time) or the load benchmark (``server_load.py``).

Run: ``.venv/bin/python bench/server_start.py [--finished 1000] [--parked 100] [--live 5]``
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pysettlers.bots import make_bot
from pysettlers.engine import (
    Game,
    Rules,
    format_action,
    format_outcome,
    legal_actions,
    observe,
    to_move,
)
from pysettlers.engine.types import Phase
from pysettlers.server.hub import Hub
from pysettlers.server.lifecycle import PARKED
from pysettlers.server.store import GameInfo, LoggedAction, SeatInfo, Store, migrate, now


def played(seed: int, actions: int) -> tuple[Game, list[LoggedAction]]:
    """A game of random bots, ``actions`` long (or to its end), and its log."""
    game = Game.new(Rules(players=3, seed=seed))
    bots = [make_bot("random", random.Random(seed * 10 + p)) for p in range(3)]
    rows = []
    s = game.state
    while len(rows) < actions and s.phase != Phase.GAME_OVER:
        p = to_move(s)
        a = bots[p].choose(observe(s, p), legal_actions(s, p))
        text = format_action(a, s.topo)
        outcome = game.play(a)
        rows.append(
            LoggedAction(len(rows) + 1, p, text, format_outcome(a.kind, outcome), None, "bot")
        )
    return game, rows


def fill(store: Store, statuses: list[str], actions: int) -> None:
    pending = []
    for i, status in enumerate(statuses):
        game, rows = played(i, actions)
        info = GameInfo(
            id=f"g{i:06d}",
            name=f"game {i}",
            created_at=now(),
            rules=game.state.rules.to_json(),
            board=game.board.to_json(),
            first_player=game.first_player,
            options={"parked_from": "in_progress"} if status == PARKED else {},
            status=status,
            version=0,
            winner=None,
            # (a person's seat, never connected: restored games wait, their bots idle)
            seats=[SeatInfo(0, "human"), *(SeatInfo(p, "bot", "random") for p in (1, 2))],
        )
        store.submit(Store.insert_game(info)).result()
        # (not waited for one by one: the writer commits what is queued together)
        pending += [store.submit(Store.append_action(info.id, row, status, None)) for row in rows]
    for fut in pending:
        fut.result()


async def start_once(url: str) -> float:
    store = Store(url, "normal")
    t = time.perf_counter()
    hub = Hub(store, pace=0)
    await hub.start()
    took = time.perf_counter() - t
    await hub.stop()
    store.close()
    return took


def main(argv: list[str] | None = None) -> None:
    # (the restored games' bots may be asked to move as the hub stops: not news here)
    logging.getLogger("pysettlers.server").setLevel(logging.CRITICAL)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--finished", type=int, default=1000)
    ap.add_argument("--parked", type=int, default=100)
    ap.add_argument("--live", type=int, default=5)
    ap.add_argument("--actions", type=int, default=100)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for label, finished, parked in (
            ("live games only", 0, 0),
            (f"+ {args.finished} finished, {args.parked} parked", args.finished, args.parked),
        ):
            url = f"sqlite:///{Path(tmp) / f'{finished}.db'}"
            store = Store(url, "normal")
            migrate(store.engine)
            statuses = ["in_progress"] * args.live + ["finished"] * finished + [PARKED] * parked
            fill(store, statuses, args.actions)
            store.close()
            times = [asyncio.run(start_once(url)) for _ in range(args.runs)]
            print(
                f"{label:<32} start-up median {statistics.median(times) * 1000:7.1f} ms "
                f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}; {args.runs} runs)",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())
