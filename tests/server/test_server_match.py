"""The session as the async shell around a :class:`~pysettlers.match.Match` (issue 30
point 3): the bots' views carry each seat's events since its previous view (the match's
``seen`` versions, kept across the session's life), every applied action — a person's over
the WebSocket as a bot's — is counted by the match, and a failing bot (it raises, or
chooses an action the server refuses) is logged and played for with a random legal action
instead of stopping the game.

What this is not: the match itself (``tests/sim/test_match.py``), the table's manners
(``test_server_offers.py``) or pacing.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

from pysettlers.bots import make_bot, register_bot
from pysettlers.engine import Action, ActionKind, View
from pysettlers.server.client import SeatClient, random_move
from support.server_helpers import InProcessServer, create


class Watching:
    """A ``weighted`` bot that keeps every view it is given and, now and then, fails: it
    raises, or answers with an action the server refuses (an end of turn in the set-up)."""

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.inner = make_bot("weighted", rng)
        self.views: list[View] = []
        self.failed = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        n = len(self.views)
        assert view.viewer is not None
        if n % 7 == 3:
            self.failed += 1
            raise RuntimeError("a bot's bug")
        if n == 1:  # the first decision is a set-up settlement: ending the turn is refused
            self.failed += 1
            return Action(view.viewer, ActionKind.END_TURN)
        return self.inner.choose(view, legal)


register_bot("watching-test", Watching)


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    s = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('match') / 'm.db'}")
    yield s
    s.stop()


def _status(srv: InProcessServer, game: str) -> dict[str, Any]:
    out: dict[str, Any] = httpx.get(f"{srv.url}/api/games/{game}", timeout=10).json()
    return out


def _mine(game: str, srv: InProcessServer) -> list[Watching]:
    """This game's bots (their views name the game's seats in order)."""
    session = srv.hub.sessions[game]
    bots = [st.bot for st in session.seats if isinstance(st.bot, Watching)]
    assert bots
    return bots


def _check_views(srv: InProcessServer, game: str) -> None:
    """Each bot's views chain: each carries the events since that seat's previous view, and
    the match's ``seen`` is the last one's version."""
    session = srv.hub.sessions[game]
    for st in session.seats:
        bot = st.bot
        if not isinstance(bot, Watching) or not bot.views:
            continue
        assert bot.views[0].events_since == -1  # the first: the whole game so far
        for before, after in zip(bot.views, bot.views[1:], strict=False):
            if after is before:
                # The same decision asked again (the offer manners strike people from a
                # bot's offer and re-ask it with the same view): nothing new to chain.
                continue
            assert after.events_since == before.version
        assert session.match.seen[st.info.seat] == bot.views[-1].version
    assert session.match.steps == session.version  # every action this session applied


def test_bots_play_through_the_match_and_their_failures_do_not_stop_the_game(
    srv: InProcessServer,
) -> None:
    rules = {"players": 3, "vp_target": 5}
    seats = [{"kind": "bot", "bot": "watching-test"}] * 3
    game = create(srv.url, rules=rules, seats=seats)["game"]["id"]
    deadline = time.monotonic() + 120
    while (done := _status(srv, game))["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game never finished"
        time.sleep(0.2)
    assert done["winner"] is not None
    bots = _mine(game, srv)
    assert all(b.failed >= 2 for b in bots)  # each failed, and the game went on
    _check_views(srv, game)


def test_a_persons_actions_are_counted_by_the_match_and_seen_by_the_bots(
    srv: InProcessServer,
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "watching-test"}]
    game = create(srv.url, rules={"players": 2}, seats=seats, join=0)
    game_id, token = game["game"]["id"], game["you"]["token"]
    rng = random.Random(4)

    async def go() -> None:
        c = SeatClient(srv.url, game_id, token)
        await c.connect()
        acted = 0
        while True:
            msg = await c.recv(30)
            if msg["type"] == "state" and msg["legal"]:
                if acted == 25:
                    break  # the person's to decide: nothing of theirs is on its way
                await c.act(random_move(msg["legal"], rng, offers=0), msg["version"])
                acted += 1
        await c.close()

    asyncio.run(go())
    session = srv.hub.sessions[game_id]
    deadline = time.monotonic() + 20
    while session._driver is not None and not session._driver.done():  # a bot's discard
        assert time.monotonic() < deadline
        time.sleep(0.05)
    (bot,) = _mine(game_id, srv)
    # The bot's views carry the person's actions too: several versions since its last.
    assert any(v.version - v.events_since > 1 for v in bot.views[1:])
    _check_views(srv, game_id)


def test_the_match_drives_the_game_the_session_holds(tmp_path: Path) -> None:
    """After the live game is rebuilt from the log (as after a failed write), the match is
    pointed at the rebuilt game, its seats' ``seen`` versions kept."""
    srv = InProcessServer(f"sqlite:///{tmp_path / 'r.db'}")
    try:
        created = create(srv.url, rules={"players": 2}, seats=[{"kind": "human"}] * 2, join=0)
        session = srv.hub.sessions[created["game"]["id"]]
        seen = list(session.match.seen)
        old = session.game
        session.game = session.rebuild(session.info, [])[0]
        assert session.match.game is session.game is not old
        assert session.match.state is session.game.state and session.match.seen == seen
    finally:
        srv.stop()
