"""The MCP server: tools to create, join and play a seat, and resources to read first.

What this is for: :func:`build_server` makes the server ``pysettlers mcp`` runs (stdio or
streamable HTTP, ``cli/mcp.py``) and the tests drive in process with the SDK's own client.
Its tools are thin: each finds the seat by its handle (``lobby.py``) and asks the seat
(``backend.py``) — ``list_games``, ``create_game``, ``join_game``, ``get_view``,
``legal_actions``, ``act``, ``propose_trade``, ``answer_trade`` (both written as the notation
``act`` takes), ``send_chat`` and ``read_chat``. A refusal is a tool error (``is_error``)
whose text is the engine's message and the rule it names (``Refused: ... (rule: Domestic
Trade)``); nothing changes on a refusal. The resources are the rules summary, the notation
guide and the seat text's format (``guides.py``).

What this is not: a game or a rule (``local.py`` and the engine), or a transport (the SDK's).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from pysettlers import __version__

from . import guides
from .backend import ChatEntry, Refused, Seat
from .lobby import Lobby
from .remote import RemoteSeat

T = TypeVar("T")

INSTRUCTIONS = """\
Play the board game pysettlers (the rules of the classic settling-and-trading board game)
as one seat. Start with create_game (you and bots; its handle names your seat in every other
tool) or join_game. Then loop: get_view (your game as text: what happened since you last
looked, the table, the board, your legal actions), choose one legal action, and send its
notation with act; act answers what happened until your next decision. propose_trade and
answer_trade write trades for you; send_chat and read_chat talk to the table. A refused
action names the rule it breaks and changes nothing. Read the resources pysettlers://rules,
pysettlers://notation and pysettlers://seat-text once."""

RESOURCES = {
    "pysettlers://rules": ("rules", "The rules of the game in brief", guides.rules_summary),
    "pysettlers://notation": ("notation", "How actions are written", guides.notation_guide),
    "pysettlers://seat-text": (
        "seat-text",
        "How get_view's text is laid out (its sections)",
        guides.seat_text_guide,
    ),
}


def _guarded(work: Callable[[], T]) -> T:
    """``work``'s result, or a tool error saying the refusal (or the bad argument)."""
    try:
        return work()
    except Refused as err:
        raise ToolError(str(err)) from None
    except KeyError as err:
        raise ToolError(str(err.args[0]) if err.args else "not found") from None
    except ValueError as err:
        raise ToolError(str(err)) from None


def _chat_lines(lines: list[ChatEntry]) -> str:
    if not lines:
        return "No new chat.\n"
    return "".join(f"- p{c.seat}: {c.text}\n" for c in lines)


def _bundle(text: str, what: str) -> str:
    """A bundle argument as the notation writes it (``2ore+1wool``): blanks and commas
    between its parts are read as ``+``."""
    parts = [p for p in text.replace(",", " ").replace("+", " ").split() if p]
    if not parts:
        raise ValueError(f"{what} must name the cards, like 2ore+1wool")
    return "+".join(parts)


def build_server(
    lobby: Lobby | None = None, *, remote: Callable[[str, str, str], Seat] = RemoteSeat
) -> MCPServer:
    """The MCP server over ``lobby`` (a new one by default). ``remote``: how ``join_game``
    joins a running server's game, ``remote(url, game, token) -> Seat`` (default: over
    the server's HTTP seat client, ``remote.py``)."""
    games = lobby if lobby is not None else Lobby()
    server = MCPServer(
        "pysettlers",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
    )

    def seat(handle: str) -> Seat:
        return games.seat(handle)

    @server.tool()
    def list_games() -> dict[str, Any]:
        """The games this server holds: each one's id, players, who sits where (a bot, a
        caller, or open for join_game), status and turn."""
        return {"games": games.games()}

    @server.tool()
    def create_game(
        players: int = 4,
        seat: int = 0,
        bots: list[str] | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Start a game in this server with you at `seat` (0 to players-1) and bots at the
        other seats. `bots`: one bot for every other seat (["weighted"], the default) or
        one per other seat in seat order; a bot is a registered name with options
        ("random", "weighted", "greedy:trade=0", "expert"), or "open" to leave the seat for
        another caller (join_game). `options`: rules options by name, e.g. {"vp_target": 8,
        "map_kind": "beginner", "scenarios": ["helpers"]}. `seed`: makes the game
        repeatable (never shown to the seats). Answers your seat's handle: pass it to every
        other tool."""
        return _guarded(
            lambda: games.create(
                players=players, seat=seat, bots=bots or (), options=options, seed=seed
            ).describe()
        )

    @server.tool()
    def join_game(
        game: str, seat: int | None = None, url: str = "", token: str = ""
    ) -> dict[str, Any]:
        """Take a seat in a game. Local game (from list_games): `game` and optionally
        `seat`, an open one. A running pysettlers server: its `url`, the `game` id and your
        seat `token` (from its lobby). Answers your seat's handle."""

        def join() -> dict[str, Any]:
            if not url:
                return games.join(game, seat).describe()
            return games.add(remote(url, game, token)).describe()

        return _guarded(join)

    @server.tool(structured_output=False)
    def get_view(handle: str, format: Literal["text", "json"] = "text", board: bool = True) -> str:
        """Your game as your seat sees it: what happened since you last looked, the chat you
        have not read, the table (scores, bank, the open offer, your hand), the board, the
        pieces and, when you decide, your legal actions. format="json" gives the same as
        JSON; board=false leaves out the fixed board facts."""
        if format == "json":
            return _guarded(lambda: json.dumps(seat(handle).view_json(), ensure_ascii=False))
        return _guarded(lambda: seat(handle).view_text(board=board))

    @server.tool(structured_output=False)
    def legal_actions(handle: str) -> str:
        """Your legal actions now, one a line: the notation to send to act, then what it
        does."""
        return _guarded(lambda: seat(handle).legal_text())

    @server.tool(structured_output=False)
    def act(handle: str, action: str) -> str:
        """Play one action in notation (your seat may be left out: "roll" is "p0 roll";
        any legal action, e.g. "settlement (0,-1)N", "offer 2wool for 1ore to p1"; an offer
        without "to" goes to every other player). The
        bots then play until you decide again or the game ends: the answer says what
        happened and, when you decide, your legal actions. A refused action names the rule
        and changes nothing."""
        return _guarded(lambda: seat(handle).act(action))

    @server.tool(structured_output=False)
    def propose_trade(handle: str, give: str, get: str, to: list[int] | None = None) -> str:
        """Offer a domestic trade on your turn: you `give` cards for cards you `get`
        (bundles like "1ore" or "2wool+1grain"), to the seats `to` (e.g. [1, 2]; default
        every other player). The others answer at once; then confirm a partner or cancel
        with answer_trade."""

        def propose() -> str:
            # Without ``to`` the seat writes it out to every other player (shorthand.py).
            text = f"offer {_bundle(give, 'give')} for {_bundle(get, 'get')}"
            if to:
                text += " to " + ",".join(f"p{p}" for p in to)
            return seat(handle).act(text)

        return _guarded(propose)

    @server.tool(structured_output=False)
    def answer_trade(
        handle: str,
        offer: int,
        answer: Literal["accept", "reject", "counter", "confirm", "cancel"],
        give: str = "",
        get: str = "",
        partner: int | None = None,
    ) -> str:
        """Answer domestic offer number `offer` (the view names it, "Open offer #3").
        Offered to you: "accept", "reject", or "counter" with what you would `give` and
        `get` instead. Your own offer, once answered: "confirm" with the `partner` seat who
        accepted or countered, or "cancel"."""

        def reply() -> str:
            tag = f"#{offer}"
            if answer == "counter":
                text = f"counter {_bundle(give, 'give')} for {_bundle(get, 'get')} {tag}"
            elif answer == "confirm":
                if partner is None:
                    raise ValueError("confirm needs the partner seat who accepted or countered")
                text = f"confirm p{partner} {tag}"
            else:
                text = f"{answer} {tag}"
            return seat(handle).act(text)

        return _guarded(reply)

    @server.tool(structured_output=False)
    def send_chat(handle: str, text: str) -> str:
        """Say a line to the table (at most 500 characters); every seat can read it."""
        return _guarded(lambda: f"Said: {seat(handle).say(text).text}\n")

    @server.tool(structured_output=False)
    def read_chat(handle: str, every: bool = False) -> str:
        """The chat lines said since you last read (every=true: the whole game's), one a
        line as "- p2: text"."""
        return _guarded(lambda: _chat_lines(seat(handle).read_chat(every=every)))

    for uri, (name, description, read) in RESOURCES.items():
        server.resource(uri, name=name, description=description, mime_type="text/markdown")(
            _reader(read)
        )
    return server


def _reader(read: Callable[[], str]) -> Callable[[], str]:
    """A resource function of no arguments (the SDK reads each function's signature)."""

    def resource() -> str:
        return read()

    return resource
