"""A seat of a running ``pysettlers serve``, played over plain HTTP for an MCP client.

What this is for: ``join_game`` with a server's URL, a game id and the seat's token gives a
:class:`RemoteSeat` — the :class:`~pysettlers.mcp.backend.Seat` of ``backend.py`` over the
HTTP seat client (:class:`~pysettlers.server.http_client.HttpSeat`, docs/protocol.md, "HTTP
play"). The server is the authority: it checks each action (a refusal comes back with the
engine's rule) and plays its bots at its own pace, so ``act`` answers once the seat decides
again, the game ends, or :data:`ACT_WAIT` seconds pass. The seat's text has the seat text's
headings (``pysettlers-seat-text/1``), written from the server's ``state`` message — the
engine's view JSON, the events and legal actions in words — since no engine view crosses the
wire; the JSON format is that message itself. Events are those since the seat last looked
(the server keeps at most its last 200 versions' for a ``since``).

What this is not: the server's client library (``http_client.py``) or a game (the server's).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import urlsplit

from pysettlers.seattext import OFFER_HINT, SEAT_TEXT_FORMAT
from pysettlers.shorthand import written_out

from .backend import ChatEntry, Refused

ACT_WAIT: Final = 30.0
"""The most seconds ``act`` waits for the server's bots before it answers."""

Client = Callable[[str, str, str], Any]
"""Makes the HTTP seat client: ``(url, game, token) -> HttpSeat``."""


def http_seat(url: str, game: str, token: str) -> Any:
    """The HTTP seat client of ``pysettlers.server`` (needs the ``web`` extra's httpx)."""
    try:
        from pysettlers.server.http_client import HttpSeat
    except ImportError as err:
        raise ValueError(
            f"joining a server's game needs httpx ({err.name} is missing): "
            "pip install 'pysettlers[web]'"
        ) from None
    return HttpSeat(url, game, token)


def _refused(err: Exception) -> Refused:
    """The server's refusal (``PlayError``), naming the rule or the server's code."""
    rule = getattr(err, "rule", None) or getattr(err, "code", None) or "Server"
    return Refused(str(getattr(err, "message", err)), str(rule))


class RemoteSeat:
    """One seat of a game on a running server (see the module docstring)."""

    def __init__(self, url: str, game: str, token: str, client: Client = http_seat) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"url must be the server's http:// or https:// address (got {url!r})")
        if not token:
            raise ValueError("token: the seat's token is needed to play a server's game")
        self.http = client(url, game, token)
        self.url = url
        self.game = game
        self.lock = threading.Lock()
        self.looked = -1
        self.unread: list[ChatEntry] = []
        first = self._poll()  # a bad token or game is refused here, naming it
        self.seat = first["state"]["seat"]
        host = urlsplit(url).netloc
        self.handle = f"{game}@{host}-p{self.seat}-{secrets.token_hex(4)}"

    def _poll(self, since: int | None = None, wait: float = 0) -> dict[str, Any]:
        try:
            out: dict[str, Any] = self.http.state(since=since, wait=wait)
        except Exception as err:  # PlayError, said with its code or rule
            raise _refused(err) from None
        self.unread += [ChatEntry(int(c["seat"]), str(c["text"])) for c in out.get("chat", ())]
        return out

    def describe(self) -> dict[str, Any]:
        with self.lock:
            state = self._poll()["state"]
            return {
                "handle": self.handle,
                "seat": f"p{self.seat}",
                "game": self.game,
                "where": self.url,
                "players": len(state["view"]["players"]),
                "status": state["status"],
                "turn": state["view"]["turn"],
            }

    def _look(self) -> dict[str, Any]:
        """The state with the events since the seat last looked; moves the mark on."""
        state: dict[str, Any] = self._poll(self.looked, 0)["state"]
        self.looked = int(state["version"])
        return state

    def _chat(self) -> list[ChatEntry]:
        chat, self.unread = self.unread, []
        return chat

    def view_text(self, *, board: bool = True) -> str:
        with self.lock:
            state = self._look()
            return state_text(state, self._chat(), board=board)

    def view_json(self) -> dict[str, Any]:
        with self.lock:
            state = self._look()
            return {
                "format": "pysettlers-server-state/1",
                "state": state,
                "chat": [c.to_json() for c in self._chat()],
            }

    def legal_text(self) -> str:
        with self.lock:
            state = self._poll()["state"]
            if not state["legal"]:
                return f"No legal actions for you now. Now: {state.get('to_do') or 'waiting'}.\n"
            return "\n".join(_legal_section(state)) + "\n"

    def act(self, text: str) -> str:
        with self.lock:
            state = self._poll()["state"]
            # "roll" is "p0 roll"; an offer without "to" goes to every other player.
            words = written_out(text, self.seat, len(state["view"]["players"]))
            try:
                accepted = self.http.act(words, int(state["version"]))
            except Exception as err:
                raise _refused(err) from None
            version = int(accepted["version"])
            deadline = time.monotonic() + ACT_WAIT
            while True:  # the server's bots play at its pace: wait for the seat's turn
                state = self._poll()["state"]
                left = deadline - time.monotonic()
                if state["legal"] or state["status"] != "in_progress" or left <= 0:
                    break
                version = max(version, int(state["version"]))
                self._poll(version, min(left, 10.0))  # until the state moves on
            state = self._look()
            lines = [f"Accepted: {words}"]
            lines += _since_section(state) + _chat_section(self._chat())
            lines += ["", f"Now: {state.get('to_do') or 'waiting for the other players'}."]
            if state["legal"]:
                lines += ["", *_legal_section(state)]
            return "\n".join(lines) + "\n"

    def say(self, text: str) -> ChatEntry:
        with self.lock:
            try:
                said = self.http.chat(text)
            except Exception as err:
                raise _refused(err) from None
            return ChatEntry(int(said.get("seat", self.seat)), str(said.get("text", text)))

    def read_chat(self, *, every: bool = False) -> list[ChatEntry]:
        with self.lock:
            if every:
                out = self.http.state(chat_since=0)
                self.unread = []
                return [ChatEntry(int(c["seat"]), str(c["text"])) for c in out.get("chat", ())]
            self._poll()
            return self._chat()


# -- the seat text, from a state message -----------------------------------------------------


def _since_section(state: dict[str, Any]) -> list[str]:
    said = [w for w in state.get("event_words") or () if w]
    return ["", "## Since you last looked", *(f"- {w}" for w in said)] if said else []


def _chat_section(chat: list[ChatEntry]) -> list[str]:
    return ["", "## Chat", *(f"- p{c.seat}: {c.text}" for c in chat)] if chat else []


def _legal_section(state: dict[str, Any]) -> list[str]:
    legal: list[str] = state["legal"]
    words: dict[str, str] = state.get("words") or {}
    out = [f"## Your legal actions ({len(legal)})"]
    out += [f"- {a} — {words[a]}" if a in words else f"- {a}" for a in legal]
    if any(" offer " in a for a in legal):
        out.append(OFFER_HINT)
    return out


def _cards(bundle: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in bundle.items() if n) or "nothing"


def _rate(kind: str) -> str:
    """A harbor's rate as the seat text says it (``3:1``, ``2:1 ore``)."""
    return "3:1" if kind == "generic" else f"2:1 {kind}"


def state_text(state: dict[str, Any], chat: list[ChatEntry], *, board: bool = True) -> str:
    """A server's ``state`` message as the seat text's sections (module docstring)."""
    v = state["view"]
    me = "a spectator" if state["seat"] is None else f"p{state['seat']}"
    out = [
        f"# {SEAT_TEXT_FORMAT}",
        f"You are {me} in a game of {len(v['players'])} players; first to {v['vp_target']} "
        f"victory points wins. Version {v['version']}, turn {v['turn']}.",
        f"Now: {state.get('to_do') or 'waiting for the other players'}.",
    ]
    out += _since_section(state) + _chat_section(chat)
    out += ["", "## Table", "player  VP  cards  dev  knights  road"]
    for p in v["players"]:
        out.append(
            f"p{p['seat']}  {p['public_vp']}  {p['hand_size']}  {p['development_cards']}  "
            f"{p['knights']}  {p['road_length']}"
        )
    awards = [f"Longest Road p{v['longest_road']}"] if v.get("longest_road") is not None else []
    if v.get("largest_army") is not None:
        awards.append(f"Largest Army p{v['largest_army']}")
    if awards:
        out.append("Awards: " + ", ".join(awards))
    out.append(f"Bank: {_cards(v['bank'])}; {v['deck_size']} development cards in the deck")
    offer = v.get("offer")
    if offer:
        out.append(
            f"Open offer #{offer['id']} by p{offer['from']}: gives {offer['give']}, "
            f"wants {offer['get']}; answers {offer.get('answers', {})}"
        )
    you = v.get("you")
    if you:
        devs = {k: n for k, n in you.get("development_cards", {}).items() if n}
        out.append(f"Your hand (p{you['seat']}): {_cards(you['hand'])}")
        out.append(f"Your development cards: {_cards(devs) if devs else 'none'}")
    if board:
        hexes = [
            f"{h['hex']} {h['terrain']}" + (f" {h['number']}" if h.get("number") else "")
            for h in v["board"].get("hexes", ())
        ]
        out += ["", "## Board", "Hexes (coordinate terrain number): " + "; ".join(hexes)]
        harbors = v["board"].get("harbors")
        if harbors:
            out.append(
                "Harbors (rate at path): "
                + "; ".join(f"{_rate(str(h.get('type')))} at {h.get('path')}" for h in harbors)
            )
    out += ["", "## Pieces"]
    for p in v["players"]:
        seat = p["seat"]
        built = v["buildings"].items()
        settlements = [at for at, b in built if b["player"] == seat and b["kind"] == "settlement"]
        cities = [at for at, b in built if b["player"] == seat and b["kind"] == "city"]
        roads = [at for at, q in v["roads"].items() if q == seat]
        out.append(
            f"p{seat}: settlements {', '.join(settlements) or 'none'}; "
            f"cities {', '.join(cities) or 'none'}; roads {', '.join(roads) or 'none'}"
        )
    out.append(f"Robber: {v['robber']}")
    if state["legal"]:
        out += ["", *_legal_section(state)]
    return "\n".join(out) + "\n"
