"""A synchronous seat client of a running ``pysettlers serve`` over plain HTTP (``httpx``).

What this is for: a program that plays a seat without holding a WebSocket — the MCP
server's seat client, scripts, a notebook — calls the lobby and the HTTP play routes
(docs/protocol.md, "HTTP play") through one small object::

    from pysettlers.server.http_client import HttpSeat, PlayError

    seat = HttpSeat("http://127.0.0.1:8000")
    seat.create(seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}], join=0)
    state = seat.state()["state"]                  # the seat's `state` message
    while state["status"] != "finished":
        if state["legal"]:
            try:
                seat.act(state["legal"][0])        # the version of the last state seen
            except PlayError as e:                 # e.code "stale", "illegal", ... e.rule
                pass
        state = seat.state(since=state["version"], wait=30)["state"]

Every refusal — the server's ``error`` message (play) or ``ErrorOut`` (lobby), FastAPI's
validation answer, or no answer at all — is raised as one exception, :class:`PlayError`,
carrying the server's ``code``, ``message``, ``rule``, ``field``, the game's ``version``,
the HTTP ``status`` and ``retry_after`` (seconds, on 429). :meth:`HttpSeat.act` sends each
action with a fresh id and re-sends it, with the same id, when the answer is lost (a
timeout, a dropped connection): the server applies it once and answers the re-send
``duplicate``.

What this is not: a bot (no choice is made here), an asynchronous client (the WebSocket
one is ``client.py``), or part of the server.
"""

from __future__ import annotations

import itertools
import secrets
import time
from typing import Any

import httpx

_ids = itertools.count(1)


class PlayError(Exception):
    """A refused request: the server's error ``code`` (``"stale"``, ``"illegal"``,
    ``"bad_token"``, ``"rate_limited"``, ``"no_game"``, ..., or ``"unreachable"`` when no
    answer came), its ``message``, the ``rule`` the engine names (or ``None``), the
    ``field`` at fault (or ``None``), the game's ``version`` (or ``None``), the HTTP
    ``status`` (0: no answer) and ``retry_after`` (seconds to wait, on 429)."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        field: str | None = None,
        version: int | None = None,
        status: int = 0,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}" + (f" (rule: {rule})" if rule else ""))
        self.code = code
        self.message = message
        self.rule = rule
        self.field = field
        self.version = version
        self.status = status
        self.retry_after = retry_after


def _refused(r: httpx.Response) -> PlayError:
    """The :class:`PlayError` of a refusal, whichever of the server's shapes it has."""
    retry = r.headers.get("Retry-After")
    retry_after = float(retry) if retry and retry.isdigit() else None
    try:
        body = r.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and body.get("type") == "error":  # HTTP play (the socket's)
        return PlayError(
            str(body.get("code")),
            str(body.get("message")),
            rule=body.get("rule"),
            field=body.get("field"),
            version=body.get("version"),
            status=r.status_code,
            retry_after=retry_after,
        )
    if isinstance(body, dict) and "error" in body:  # the lobby's ErrorOut
        return PlayError(
            str(body["error"]),
            str(body.get("message")),
            field=body.get("field"),
            status=r.status_code,
            retry_after=retry_after,
        )
    if isinstance(body, dict) and isinstance(body.get("detail"), list) and body["detail"]:
        first = body["detail"][0]  # FastAPI's validation answer
        where = ".".join(str(x) for x in first.get("loc", ()))
        return PlayError(
            "malformed", f"{where}: {first.get('msg')}", field=where, status=r.status_code
        )
    return PlayError("http", f"HTTP {r.status_code}: {r.text[:200]}", status=r.status_code)


class HttpSeat:
    """One seat of one game on the server at ``base_url`` (or, before :meth:`create` or
    :meth:`join`, a lobby client). ``game`` and ``token`` name a seat already taken;
    ``timeout``: seconds a request may take beyond a long-poll's wait; ``retries``: how
    many times :meth:`act` re-sends an action whose answer was lost; ``transport``: an
    ``httpx`` transport (tests); ``patient``: a request refused ``rate_limited`` (429) is sent
    again after its ``Retry-After`` (at most 10 s, ``retries`` times) rather than raised."""

    def __init__(
        self,
        base_url: str,
        game: str | None = None,
        token: str | None = None,
        *,
        timeout: float = 15.0,
        retries: int = 3,
        patient: bool = True,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.game = game
        self.token = token
        self.seat: int | None = None
        self.timeout = timeout
        self.retries = retries
        self.patient = patient
        self.last: dict[str, Any] | None = None  # the newest `state` message seen
        self.chat_id = 0  # the newest chat line seen (:meth:`state`'s chat_since)
        self.http = httpx.Client(base_url=self.base_url, timeout=timeout, transport=transport)

    def __enter__(self) -> HttpSeat:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    # -- the lobby ------------------------------------------------------------------------------

    def games(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """Public games, newest first (``status``: open, in_progress or finished)."""
        params: dict[str, Any] = {"limit": limit}
        if status is not None:
            params["status"] = status
        out: list[dict[str, Any]] = self._call("GET", "/api/games", params=params)
        return out

    def create(self, **body: Any) -> dict[str, Any]:
        """A new game (``POST /api/games``: ``rules``, ``seats``, ``join``, ...); with
        ``join`` this client takes that seat (its token kept)."""
        created: dict[str, Any] = self._call("POST", "/api/games", json=body)
        self.game = created["game"]["id"]
        if created.get("you"):
            self.token = created["you"]["token"]
            self.seat = created["you"]["seat"]
        return created

    def join(
        self,
        game: str,
        invite: str | None = None,
        seat: int | None = None,
        name: str = "player",
    ) -> dict[str, Any]:
        """Take a seat of ``game`` by ``invite`` code (or a public game's open ``seat``);
        this client then plays it."""
        body: dict[str, Any] = {"name": name}
        if invite is not None:
            body["invite"] = invite
        if seat is not None:
            body["seat"] = seat
        joined: dict[str, Any] = self._call("POST", f"/api/games/{game}/join", json=body)
        self.game, self.token, self.seat = game, joined["token"], joined["seat"]
        return joined

    # -- play ------------------------------------------------------------------------------------

    def state(
        self, since: int | None = None, wait: float = 0, chat_since: int | None = None
    ) -> dict[str, Any]:
        """The seat's ``PollOut``: ``state`` (the socket's state message), ``chat`` (the
        lines after ``chat_since``; by default those after the newest this client has seen),
        ``chat_id`` and ``woke``. With ``since`` (a version) it waits, at most ``wait``
        seconds (the server bounds it), until the state passes it or a chat line comes."""
        params: dict[str, Any] = {"chat_since": self.chat_id if chat_since is None else chat_since}
        if since is not None:
            params |= {"since": since, "wait": wait}
        out: dict[str, Any] = self._call(
            "GET", self._game("/state"), params=params, timeout=self.timeout + wait
        )
        self.last = out["state"]
        self.seat = out["state"]["seat"]
        self.chat_id = max(self.chat_id, int(out["chat_id"]))
        return out

    def act(
        self,
        notation: str,
        version: int | None = None,
        *,
        outcome: str | None = None,
        action_id: str | None = None,
    ) -> dict[str, Any]:
        """Play ``notation`` for this seat, answering ``version`` (by default the last
        state's this client saw): the ``accepted`` message (``version``: the one it made).
        A lost answer is re-sent with the same id (at most ``retries`` times)."""
        if version is None:
            if self.last is None:
                self.state()
            assert self.last is not None
            version = int(self.last["version"])
        body: dict[str, Any] = {
            "action": notation,
            "version": version,
            "id": action_id or f"h{next(_ids)}-{secrets.token_hex(4)}",
        }
        if outcome is not None:
            body["outcome"] = outcome
        for attempt in range(self.retries + 1):
            try:
                accepted: dict[str, Any] = self._call(
                    "POST", self._game("/actions"), json=body, lost_is_error=False
                )
                return accepted
            except _Lost:
                if attempt == self.retries:
                    raise PlayError("unreachable", "no answer from the server") from None
                time.sleep(min(2.0, 0.2 * 2**attempt))
        raise AssertionError("unreachable")

    def chat(self, text: str) -> dict[str, Any]:
        """Say ``text`` at the table: the ``chat`` message everyone is sent."""
        said: dict[str, Any] = self._call("POST", self._game("/chat"), json={"text": text})
        return said

    # -- the requests ----------------------------------------------------------------------------

    def _game(self, tail: str) -> str:
        if self.game is None:
            raise PlayError("no_game", "no game yet: create or join one first")
        return f"/api/games/{self.game}{tail}"

    def _call(
        self,
        method: str,
        path: str,
        *,
        lost_is_error: bool = True,
        timeout: float | None = None,
        **kw: Any,
    ) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        for attempt in range(self.retries + 1):
            try:
                r = self.http.request(
                    method, path, headers=headers, timeout=timeout or self.timeout, **kw
                )
            except httpx.TransportError as e:
                if not lost_is_error:
                    raise _Lost from e
                raise PlayError("unreachable", f"no answer from the server: {e}") from None
            if r.status_code < 400:
                return r.json()
            refused = _refused(r)
            wait = refused.retry_after
            if not self.patient or wait is None or wait > 10 or attempt == self.retries:
                raise refused
            time.sleep(wait)  # (refused: nothing was done; the same request again)
        raise AssertionError("unreachable")


class _Lost(Exception):
    """A request whose answer never came (it may or may not have been applied)."""
