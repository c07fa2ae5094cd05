"""The MCP server (``pysettlers mcp``, ``pysettlers.mcp``), driven by the SDK's own client.

What this is for: whole games played through the tools in process (base rules and a
scenario), the engine's refusals as tool errors naming the rule with nothing changed, the
trade flow with a bot (propose, confirm; a bot's offer answered, a stale answer refused),
chat both ways (a listening bot hears a caller and answers; the record keeps it), the
resources listed and read, an open seat joined by a second caller, the streamable HTTP
transport (one tool call over a real port) and a seat of a running game server played over
HTTP (the remote backend).

What this is not: the seat text's own tests (``test_seattext.py``) or the server's HTTP
play (``tests/server/test_server_http_play.py``).
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

import uvicorn
from mcp import Client

from pysettlers.bots import register_bot
from pysettlers.engine import Action, ActionKind, ChatLine, View
from pysettlers.mcp import Lobby, build_server
from pysettlers.mcp.guides import SEAT_TEXT_GUIDE
from pysettlers.seattext import SEAT_TEXT_FORMAT
from support.paths import ROOT
from support.server_helpers import InProcessServer, create, free_port

# -- test bots: registered once, by names no real bot has ---------------------------------------


class Agreeable:
    """Accepts every offer it can pay; offers its first listed offer once a turn; confirms a
    partner when it can; otherwise plays its first legal action that is not an offer."""

    def __init__(self, rng: random.Random) -> None:
        self.offered_turn = -1

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        for kind in (ActionKind.ACCEPT_TRADE, ActionKind.CONFIRM_TRADE):
            for a in legal:
                if a.kind == kind:
                    return a
        offers = [a for a in legal if a.kind == ActionKind.OFFER_TRADE]
        if offers and self.offered_turn != view.turn:
            self.offered_turn = view.turn
            return offers[0]
        rest = [a for a in legal if a.kind != ActionKind.OFFER_TRADE]
        return rest[0] if rest else legal[0]


class Listener:
    """Plays randomly; answers each chat line it hears from another seat with an echo."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.reply: str | None = None

    def hear(self, lines: Sequence[ChatLine]) -> None:
        others = [line for line in lines if line.seat != 1]
        if others:
            self.reply = f"heard: {others[-1].text}"

    def said(self) -> str | None:
        reply, self.reply = self.reply, None
        return reply

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


register_bot("mcp-test-agreeable", Agreeable)
register_bot("mcp-test-listener", Listener)


# -- driving the client -------------------------------------------------------------------------


def run(body: Callable[[Client], Awaitable[None]], lobby: Lobby | None = None) -> None:
    """``body`` with an SDK client connected in process (memory) to a new server; a
    failure is raised as itself, not inside the client's task groups."""

    async def main() -> None:
        async with Client(build_server(lobby)) as client:
            await body(client)

    try:
        anyio.run(main)
    except BaseExceptionGroup as group:
        raise _leaf(group) from None


def _leaf(err: BaseException) -> BaseException:
    while isinstance(err, BaseExceptionGroup) and err.exceptions:
        err = err.exceptions[0]
    return err


async def call(client: Client, tool: str, **args: Any) -> str:
    """The tool's text answer; fails the test on a tool error."""
    r = await client.call_tool(tool, args)
    text = "".join(getattr(c, "text", "") for c in r.content)
    assert not r.is_error, f"{tool} {args}: {text}"
    return text


async def refused(client: Client, tool: str, **args: Any) -> str:
    """The text of a tool error (the call must be refused)."""
    r = await client.call_tool(tool, args)
    text = "".join(getattr(c, "text", "") for c in r.content)
    assert r.is_error, f"{tool} {args} was not refused: {text}"
    return text


async def new_game(client: Client, **args: Any) -> str:
    r = await client.call_tool("create_game", args)
    assert not r.is_error, r.content
    assert r.structured_content is not None
    handle: str = r.structured_content["handle"]
    return handle


def legal_of(text: str) -> list[str]:
    """The notations of a legal-actions list (``- <notation> — <meaning>``)."""
    return [line[2:].split(" — ")[0] for line in text.splitlines() if line.startswith("- p")]


async def view_json(client: Client, handle: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(await call(client, "get_view", handle=handle, format="json"))
    return out


async def play_out(client: Client, handle: str, rng: random.Random, limit: int = 6000) -> int:
    """Random legal actions through ``act`` until the seat has none left (the game's end);
    the number played."""
    for n in range(limit):
        legal = legal_of(await call(client, "legal_actions", handle=handle))
        if not legal:
            return n
        await call(client, "act", handle=handle, action=rng.choice(legal))
    raise AssertionError(f"no end after {limit} actions")


# -- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"vp_target": 6}, 11), ({"vp_target": 6, "scenarios": ["pirate"]}, 12)],
    ids=["base", "pirate"],
)
def test_a_client_plays_a_whole_game_with_random_legal_actions(
    options: dict[str, Any], seed: int
) -> None:
    lobby = Lobby()

    async def body(client: Client) -> None:
        handle = await new_game(
            client, players=3, seat=1, bots=["random"], options=options, seed=seed
        )
        first = await call(client, "get_view", handle=handle)
        assert first.startswith(f"# {SEAT_TEXT_FORMAT}\nYou are p1 in a game of 3 players")
        assert "## Board" in first and "## Pieces" in first
        # The seed is never shown to a seat while the game is played.
        assert "seed" not in (await view_json(client, handle))["view"]["rules"]
        played = await play_out(client, handle, random.Random(seed))
        assert played > 20
        games = json.loads(await call(client, "list_games"))["games"]
        assert games[0]["status"] == "finished" and games[0]["winner"].startswith("p")
        end = await call(client, "get_view", handle=handle, board=False)
        assert "game over" in end and "## Board" not in end
        table = lobby.tables[games[0]["game"]]
        assert table.state.rules.scenarios == tuple(options.get("scenarios", ()))
        # The caller's actions are in the game's record like anyone's.
        assert sum(1 for step in table.game.steps if step.action.player == 1) >= played

    run(body, lobby)


# -- refusals ---------------------------------------------------------------------------------


def test_refusals_name_the_rule_and_change_nothing() -> None:
    async def body(client: Client) -> None:
        handle = await new_game(client, players=2, bots=["random"], seed=5)
        before = await view_json(client, handle)
        legal = legal_of(await call(client, "legal_actions", handle=handle))
        assert legal and all(a.startswith("p0 settlement") for a in legal)
        for action, rule in [
            ("roll", "Turn Overview"),  # not during the set-up
            ("settlement (9,9)N", "Notation"),  # no such intersection
            ("dance", "Notation"),
            ("p1 roll", "Seat"),  # another seat's action
        ]:
            text = await refused(client, "act", handle=handle, action=action)
            assert f"(rule: {rule})" in text, text
        text = await refused(client, "propose_trade", handle=handle, give="1ore", get="1wool")
        assert "rule:" in text
        assert "no seat with the handle" in await refused(client, "act", handle="x", action="roll")
        after = await view_json(client, handle)
        assert after["view"]["version"] == before["view"]["version"]
        assert after["legal"] == before["legal"]

    run(body)


def test_bad_game_requests_are_refused_naming_the_field() -> None:
    async def body(client: Client) -> None:
        said = await refused(client, "create_game", options={"vp": 8})
        assert "unknown rules options ['vp']" in said
        assert "vp_target" in await refused(client, "create_game", options={"vp_target": 99})
        assert "unknown bot 'nobody'" in await refused(client, "create_game", bots=["nobody"])
        said = await refused(client, "create_game", bots=["x:os.system"])
        assert "not accepted here" in said
        assert "seat must be from 0 to 3" in await refused(client, "create_game", seat=4)
        assert json.loads(await call(client, "list_games"))["games"] == []

    run(body)


# -- trade ------------------------------------------------------------------------------------


def test_a_trade_with_a_bot_is_proposed_confirmed_and_a_bot_offer_answered() -> None:
    async def body(client: Client) -> None:
        handle = await new_game(client, players=2, bots=["mcp-test-agreeable"], seed=21)
        rng = random.Random(2)
        traded = answered = False
        tried: set[tuple[int, str]] = set()
        for _ in range(3000):
            v = await view_json(client, handle)
            legal = [line["action"] for line in v["legal"]]
            if not legal:
                break
            offer = v["view"].get("offer")
            if (
                not answered
                and offer
                and offer["from"] == 1
                and v["view"]["phase"] == ("trade_response")
            ):
                # A bot's offer waits for the caller: a stale number is refused, then a reply.
                k = offer["id"]
                stale = await refused(
                    client, "answer_trade", handle=handle, offer=k + 5, answer="reject"
                )
                assert "rule: Domestic Trade" in stale
                reply = await call(client, "answer_trade", handle=handle, offer=k, answer="reject")
                assert reply.startswith(f"Accepted: p0 reject #{k}")
                answered = True
                continue
            turn = v["view"]["turn"]
            offers = [a for a in legal if " offer " in a and (turn, a) not in tried]
            if not traded and offers:
                tried.add((turn, offers[0]))
                m = re.fullmatch(r"p0 offer (\S+) for (\S+) to p1", offers[0])
                assert m is not None, offers[0]
                hand = v["view"]["you"]["hand"]
                reply = await call(
                    client, "propose_trade", handle=handle, give=m[1], get=m[2], to=[1]
                )
                k = int(re.search(r"offer #(\d+)", reply)[1])  # type: ignore[index]
                if f"p0 confirm p1 #{k}" in reply:  # the bot accepted: confirm it
                    await call(
                        client, "answer_trade", handle=handle, offer=k, answer="confirm", partner=1
                    )
                    after = (await view_json(client, handle))["view"]["you"]["hand"]
                    assert after != hand
                    traded = True
                else:  # rejected: the offer closed by itself
                    assert f"Your offer #{k} is closed without a trade." in reply
                continue
            plain = [a for a in legal if " offer " not in a] or legal
            await call(client, "act", handle=handle, action=rng.choice(plain))
            if traded and answered:
                return
        raise AssertionError(f"traded {traded}, answered a bot's offer {answered}")

    run(body)


def test_propose_trade_without_to_offers_to_every_other_player() -> None:
    # docs/llm.md and the tool's docstring: ``to`` defaults to everyone. The same shorthand
    # holds for ``act`` ("offer 1ore for 1brick" with no "to").
    async def body(client: Client) -> None:
        handle = await new_game(client, players=3, bots=["random"], seed=8)
        rng = random.Random(3)
        for _ in range(3000):
            legal = legal_of(await call(client, "legal_actions", handle=handle))
            assert legal, "the game ended before p0 could offer a trade"
            offers = [a for a in legal if " offer " in a]
            if offers:
                m = re.fullmatch(r"p0 offer (\S+) for (\S+) to \S+", offers[0])
                assert m is not None, offers[0]
                reply = await call(client, "propose_trade", handle=handle, give=m[1], get=m[2])
                assert reply.startswith(f"Accepted: p0 offer {m[1]} for {m[2]} to p1,p2\n")
                return
            plain = [a for a in legal if " offer " not in a]
            await call(client, "act", handle=handle, action=rng.choice(plain))
        raise AssertionError("p0 never had an offer to make")

    run(body)


# -- chat -------------------------------------------------------------------------------------


def test_chat_reaches_a_listening_bot_and_its_answer_comes_back() -> None:
    lobby = Lobby()

    async def body(client: Client) -> None:
        handle = await new_game(client, players=2, bots=["mcp-test-listener"], seed=8)
        assert (await call(client, "send_chat", handle=handle, text="  hello bots \x07")) == (
            "Said: hello bots\n"
        )
        assert "nothing to say" in await refused(client, "send_chat", handle=handle, text="  ")
        assert "No new chat." in await call(client, "read_chat", handle=handle)
        # The bot hears the line when it next decides, and answers with its choice: the
        # answer is in the chat part of the caller's next act reply (then read).
        rng = random.Random(3)
        for _ in range(50):
            legal = legal_of(await call(client, "legal_actions", handle=handle))
            reply = await call(client, "act", handle=handle, action=rng.choice(legal))
            if "## Chat\n- p1: heard: hello bots" in reply:
                break
        else:
            raise AssertionError("the bot never answered")
        assert "No new chat." in await call(client, "read_chat", handle=handle)
        every = await call(client, "read_chat", handle=handle, every=True)
        assert every.startswith("- p0: hello bots\n- p1: heard: hello bots\n")
        game = next(iter(lobby.tables.values())).game
        assert [(line.seat, line.text) for line in game.chat][:2] == [
            (0, "hello bots"),
            (1, "heard: hello bots"),
        ]
        assert "chat" in game.to_json()

    run(body, lobby)


# -- seats and resources ------------------------------------------------------------------------


def test_an_open_seat_is_joined_by_a_second_caller_whose_handle_is_its_own() -> None:
    async def body(client: Client) -> None:
        mine = await new_game(client, players=2, bots=["open"], seed=4)
        games = json.loads(await call(client, "list_games"))["games"]
        assert games[0]["seats"][1] == {"seat": "p1", "player": "open"}
        r = await client.call_tool("join_game", {"game": games[0]["game"]})
        assert not r.is_error and r.structured_content is not None
        theirs = r.structured_content["handle"]
        assert theirs != mine and r.structured_content["seat"] == "p1"
        assert "is not open" in await refused(client, "join_game", game=games[0]["game"], seat=1)
        # Each seat plays its own actions only.
        first = legal_of(await call(client, "legal_actions", handle=mine))
        assert first
        assert "rule: Seat" in await refused(client, "act", handle=theirs, action=first[0])
        await call(client, "act", handle=mine, action=first[0])
        waiting = await call(client, "legal_actions", handle=theirs)
        assert waiting.startswith("No legal actions for you now."), waiting

    run(body)


def test_resources_are_listed_and_read() -> None:
    async def body(client: Client) -> None:
        listed = await client.list_resources()
        uris = sorted(str(r.uri) for r in listed.resources)
        assert uris == ["pysettlers://notation", "pysettlers://rules", "pysettlers://seat-text"]
        texts = {}
        for uri in uris:
            read = await client.read_resource(uri)
            texts[uri] = "".join(getattr(c, "text", "") for c in read.contents)
        assert "offer" in texts["pysettlers://notation"] and "#3" in texts["pysettlers://notation"]
        assert "robber" in texts["pysettlers://rules"]
        assert SEAT_TEXT_FORMAT in texts["pysettlers://seat-text"]
        tools = sorted(t.name for t in (await client.list_tools()).tools)
        assert tools == sorted(
            [
                "act",
                "answer_trade",
                "create_game",
                "get_view",
                "join_game",
                "legal_actions",
                "list_games",
                "propose_trade",
                "read_chat",
                "send_chat",
            ]
        )

    run(body)


def test_the_seat_text_guide_has_every_heading_of_the_documented_table() -> None:
    doc = (ROOT / "docs" / "llm.md").read_text(encoding="utf-8")
    headings = re.findall(r"^\| `(#[^`]+)` \|", doc, flags=re.M)
    assert len(headings) == 7
    for heading in headings:
        assert f"`{heading}`" in SEAT_TEXT_GUIDE, heading


# -- transports and the remote backend --------------------------------------------------------


@pytest.fixture
def http_mcp() -> Iterator[str]:
    """The MCP server over streamable HTTP on a free port, in a thread."""
    port = free_port()
    app = build_server().streamable_http_app()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the MCP server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def test_the_streamable_http_transport_answers_a_tool_call(http_mcp: str) -> None:
    async def main() -> None:
        async with Client(http_mcp) as client:
            handle = await new_game(client, players=2, bots=["random"], seed=3)
            assert "## Your legal actions" in await call(client, "get_view", handle=handle)

    anyio.run(main)


@pytest.fixture(scope="module")
def game_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    db = Path(tmp_path_factory.mktemp("mcp")) / "mcp.db"
    s = InProcessServer(f"sqlite:///{db}")
    try:
        yield s
    finally:
        s.stop()


def test_a_seat_of_a_running_server_is_played_over_http(game_server: InProcessServer) -> None:
    created = create(
        game_server.url,
        rules={"players": 2},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        join=0,
    )
    game, token = created["game"]["id"], created["you"]["token"]

    async def body(client: Client) -> None:
        bad = await refused(client, "join_game", game=game, url=game_server.url, token="nope")
        assert "Refused" in bad
        r = await client.call_tool(
            "join_game", {"game": game, "url": game_server.url, "token": token}
        )
        assert not r.is_error and r.structured_content is not None, r.content
        handle = r.structured_content["handle"]
        text = await call(client, "get_view", handle=handle)
        assert text.startswith(f"# {SEAT_TEXT_FORMAT}\nYou are p0")
        assert "## Pieces" in text and "## Your legal actions" in text
        assert "(rule: " in await refused(client, "act", handle=handle, action="roll")
        await call(client, "send_chat", handle=handle, text="good luck")
        assert "p0: good luck" in await call(client, "read_chat", handle=handle, every=True)
        rng = random.Random(6)
        for _ in range(12):  # the set-up and a few turns, the server's bot between
            legal = legal_of(await call(client, "legal_actions", handle=handle))
            reply = await call(client, "act", handle=handle, action=rng.choice(legal))
            assert reply.startswith("Accepted: p0 ")
        view = json.loads(await call(client, "get_view", handle=handle, format="json"))
        assert view["state"]["view"]["turn"] >= 1

    run(body)


def test_pysettlers_mcp_serves_over_stdio() -> None:
    """The command a chat client starts: nothing but the protocol on its standard output."""
    from mcp.client.stdio import StdioServerParameters

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "pysettlers", "mcp"], env=env
    )

    async def main() -> None:
        async with Client(params) as client:
            handle = await new_game(client, players=2, bots=["random"], seed=9)
            assert "## Your legal actions" in await call(client, "legal_actions", handle=handle)

    anyio.run(main)
