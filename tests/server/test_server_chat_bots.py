"""Bots that talk at the server's table (issue 31, point 3): a bot seat's lines become the
game's chat — stored, broadcast and bounded as a person's — every line reaches the bots'
``hear()`` before they next choose, and the game's record carries the chat with the version
at which each line was said (also once the game is rebuilt from the database). Migration
0003 places the lines stored before it by their time."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from importlib.resources import files
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from pysettlers.bots import base
from pysettlers.engine import ChatLine
from pysettlers.engine.chat import read_chat
from pysettlers.server import session as session_module
from pysettlers.server.client import SeatClient, random_move
from pysettlers.server.models import ActionRow, ChatRow, GameRow
from pysettlers.server.session import GameSession
from pysettlers.server.store import Store, make_engine, migrate
from support.server_helpers import create, fresh_database
from support.talkers import Talker


def test_a_talking_bot_chats_and_hears_the_table(
    server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(base._REGISTRY, "talker", Talker)
    # A bot seat's chat bucket, made deterministic: 3 lines, never refilled.
    monkeypatch.setattr(session_module, "CHAT", (0.0, 3.0))
    bot_seat = {"kind": "bot", "bot": "talker", "options": {"every": 1}}
    created = create(server.url, rules={"players": 2}, seats=[{"kind": "human"}, bot_seat], join=0)
    game, token = created["game"]["id"], created["you"]["token"]
    live: GameSession = server.hub.sessions[game]
    bot = live.seats[1].bot
    assert isinstance(bot, Talker)
    rng = random.Random(5)

    async def go() -> list[dict[str, Any]]:
        c0 = SeatClient(server.url, game, token)
        welcome = await c0.connect()
        lines = list(welcome["chat"])
        await c0.send({"type": "chat", "text": "hello\r\nbots "})
        for _ in range(400):
            msg = await c0.recv(15)
            if msg["type"] == "chat":
                lines.append(msg)
            elif msg["type"] == "state" and msg["legal"]:
                quiet = [a for a in msg["legal"] if " offer " not in a] or msg["legal"]
                await c0.act(random_move(quiet, rng), msg["version"])
            heard = any(line.seat == 0 for line in bot.all_heard())
            if heard and len(bot.lines) >= 8 and any(m["seat"] == 1 for m in lines):
                break
        await c0.close()
        return lines

    lines = asyncio.run(go())
    # The bot said a line with every choice; 3 were let through (its bucket), each a
    # chat line of the game, and each the socket heard a chat message of, with the bot's
    # seat and name, as a person's chat is (the welcome has those said before it).
    assert len(bot.lines) >= 8
    assert [line.text for line in live.game.chat if line.seat == 1] == bot.lines[:3]
    said = [m for m in lines if m["seat"] == 1]
    assert said and all(m["name"] == "talker" and m["text"] in bot.lines[:3] for m in said)
    person = [m for m in lines if m["seat"] == 0]
    assert [m["text"] for m in person] == ["hello\nbots"]  # cleaned as every line is
    # The person's line reached the bot's hear() before it next chose.
    heard = bot.all_heard()
    mine = [line for line in heard if line.seat == 0]
    assert [line.text for line in mine] == ["hello\nbots"]
    assert heard == live.game.chat[: len(heard)]
    # The record carries the chat, each line at the version when it was said.
    r = httpx.get(
        f"{server.url}/api/games/{game}/record",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    record = r.json()
    chat = read_chat(record["chat"], 2, len(record["actions"]))  # a valid record field
    assert [(line.seat, line.text) for line in chat][:4] == [
        (line.seat, line.text) for line in live.game.chat
    ][:4]
    assert (0, "hello\nbots") in [(line.seat, line.text) for line in chat]
    for line in chat:
        if line.seat == 1:  # said once its action was accepted: that action is its seat's
            assert record["actions"][line.step - 1][0].startswith("p1 ")
    # The database keeps the same lines at the same places: a rebuilt game has them.
    store = server.hub.store
    loaded = store.load(game)
    assert loaded is not None
    rebuilt, _ = GameSession.rebuild(loaded[0], loaded[1], store.game_chat(game))
    assert rebuilt.chat[: len(chat)] == chat


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_migration_0003_places_older_chat_lines_by_their_time(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = fresh_database(kind, tmp_path, request)
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(files("pysettlers.server") / "migrations"))
    t = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:  # a database as release 0002 left it, with a log and chat
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        game = {"id": "g", "name": "old", "created_at": t, "rules": "{}", "board": "{}"}
        game |= {"first_player": 0, "options": "{}", "status": "in_progress", "version": 2}
        conn.execute(sa.insert(GameRow.__table__), game)
        for v, secs in [(1, 10), (2, 30)]:
            row = {"game_id": "g", "version": v, "seat": 0, "action": "p0 end"}
            row |= {"client_id": None, "by": "human", "at": t + timedelta(seconds=secs)}
            conn.execute(sa.insert(ActionRow.__table__), row)
        for text, secs in [("hi", 0), ("mid", 20), ("same", 30), ("late", 40)]:
            line = {"game_id": "g", "seat": 1, "name": "x", "text": text}
            conn.execute(sa.insert(ChatRow.__table__), line | {"at": t + timedelta(seconds=secs)})
    engine.dispose()
    store = Store(url)
    try:
        migrate(store.engine)
        assert store.game_chat("g") == [(0, 1, "hi"), (1, 1, "mid"), (2, 1, "same"), (2, 1, "late")]
        # A line stored now carries its version.
        store.submit(Store.insert_chat("g", 0, "y", "now", t, 2)).result()
        assert store.game_chat("g")[-1] == (2, 0, "now")
    finally:
        store.close()


def test_stored_lines_are_placed_in_order_within_the_log() -> None:
    rows: list[tuple[int | None, int | None, str]] = [
        (None, 0, "before versions"), (3, 1, "three"), (2, 0, "back?"), (None, 1, "where"),
        (9, 0, "past the end"), (4, None, "a spectator"), (4, 5, "no such seat"),
        (4, 1, " \x00 "),
    ]  # fmt: skip
    assert session_module.placed_chat(rows, 2, 6) == [
        ChatLine(0, 0, "before versions"),
        ChatLine(3, 1, "three"),
        ChatLine(3, 0, "back?"),
        ChatLine(3, 1, "where"),
        ChatLine(6, 0, "past the end"),
    ]
