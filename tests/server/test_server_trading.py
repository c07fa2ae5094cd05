"""A human's domestic offers answered by trading bots over the server — on SQLite and
PostgreSQL (the ``server`` fixture).

What this is for: issue 14 point 2 on the server's side. A human seat plays against three
bots (greedy, weighted, greedy); on its turns it offers one of the listed one-for-one
trades to all of them, and each bot must answer it (accept, reject or counter-offer) with
a legal action — the server's bot driver formats what ``trading.Trader`` builds, a
counter-offer included, and submits it like any seat's action. The human then confirms a
partner (so a bot's counter-offer is traded too) or cancels.

What this is not: a test of how good the answers are (``test_trading.py``).
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import httpx

from pysettlers.server.client import SeatClient, random_move
from support.server_helpers import create

ANSWER = re.compile(r"^p([1-3]) (accept|reject|counter)\b")


def test_bots_answer_a_humans_offers(server: Any) -> None:
    seats = [{"kind": "human"}] + [
        {"kind": "bot", "bot": b} for b in ("greedy", "weighted", "greedy")
    ]
    created = create(server.url, rules={"players": 4, "seed": 5}, seats=seats, join=0)
    game, token = created["game"]["id"], created["you"]["token"]
    rng = random.Random(5)

    async def go() -> tuple[list[list[str]], int]:
        c = SeatClient(server.url, game, token)
        await c.connect()
        answered: list[list[str]] = []
        confirmed = 0
        offered_turn = -1
        try:
            msg = await c.recv(30)
            while len(answered) < 3:
                if msg["type"] != "state" or not msg["legal"]:
                    msg = await c.recv(30)
                    continue
                legal: list[str] = msg["legal"]
                view = msg["view"]
                offers = [a for a in legal if " offer " in a]
                if view["phase"] == "trade_confirm":
                    confirms = [a for a in legal if " confirm " in a]
                    pick = confirms[0] if confirms else next(a for a in legal if " cancel" in a)
                    confirmed += " confirm " in pick
                    await c.act(pick, msg["version"])
                elif offers and view["turn"] != offered_turn:
                    offered_turn = view["turn"]
                    before = len(record()["actions"])
                    await c.act(rng.choice(offers), msg["version"])
                    # The bots answer before the human may act again (confirm or go on).
                    msg = await next_turn(c)
                    answered.append([x[0] for x in record()["actions"][before:]])
                    continue
                else:
                    await c.act(random_move(legal, rng, offers=0), msg["version"])
                msg = await c.recv(30)
        finally:
            await c.close()
        return answered, confirmed

    def record() -> dict[str, Any]:
        r = httpx.get(f"{server.url}/api/games/{game}/record", timeout=10)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    async def next_turn(c: SeatClient) -> dict[str, Any]:
        """The next state message in which the human has something to do once every bot
        has answered: while answers are pending the offerer may already act (withdraw the
        offer), so a state of the ``trade_response`` phase is not yet the answers' end."""
        while True:
            msg = await c.recv(30)
            if msg["type"] == "state" and msg["legal"]:
                if msg["view"]["phase"] != "trade_response":
                    return msg

    answered, _ = asyncio.run(go())
    for steps in answered:
        assert " offer " in steps[0] and steps[0].endswith("to p1,p2,p3"), steps
        answers = [m.group(1) for m in map(ANSWER.match, steps[1:]) if m]
        assert sorted(answers) == ["1", "2", "3"], steps  # every bot answered, once
