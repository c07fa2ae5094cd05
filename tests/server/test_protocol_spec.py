"""docs/protocol.md is a specification: checked against the server's models and its traffic.

What this is for: issue 29, point 5. One played game (two people over real WebSockets, a
spectator, chat, a ping, refusals, a re-send, offers and their answers, a rematch) and the
lobby's answers around it give real messages; each must match its pydantic model of
``pysettlers.server.protocol`` exactly (no field the model lacks, none of its fields
missing). Every ```json block of the document must match the model it documents — by its
``type``, or by the ``<!-- model: Name -->`` comment before it — with the same exactness
(``"…"`` marks elided items). The document's tables of error codes, close codes, refusals
by route and the create options' defaults and ranges must agree with the server's tables
and with its ``/openapi.json``; the close codes are what the server really sends; the
browser client stops reconnecting on exactly the codes the document says to stop on.

What this is not: a test of the game (``test_server_play.py``) or of the limits.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from pydantic import BaseModel, TypeAdapter
from websockets.exceptions import ConnectionClosed

from pysettlers.server import protocol as p
from pysettlers.server.client import SeatClient, random_move
from pysettlers.server.clients import MAX_QUEUED, Client
from support.paths import ROOT
from support.server_helpers import InProcessServer, create, human_game

DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SERVER_SRC = ROOT / "src" / "pysettlers" / "server"
ELIDED = "…"

server_messages: TypeAdapter[Any] = TypeAdapter(p.ServerMessage)
client_messages: TypeAdapter[Any] = TypeAdapter(p.ClientMessage)


# -- checking a message against its model, exactly ---------------------------------------------


def _unelided(value: Any) -> Any:
    """A document example without its ``"…"`` marks (list items and keys elided)."""
    if isinstance(value, dict):
        return {k: _unelided(v) for k, v in value.items() if k != ELIDED}
    if isinstance(value, list):
        return [_unelided(v) for v in value if v != ELIDED]
    return value


def _all_fields_given(model: Any, where: str) -> None:
    """Every field of every ``Out`` model in ``model`` was in the data (an example that
    leaves a field out does not show the message as it is sent)."""
    if isinstance(model, list):
        for i, m in enumerate(model):
            _all_fields_given(m, f"{where}[{i}]")
        return
    if isinstance(model, dict):
        for k, m in model.items():
            _all_fields_given(m, f"{where}.{k}")
        return
    if not isinstance(model, BaseModel):
        return
    if isinstance(model, p.Out):
        optional = {"field", "hand", "hands"}  # (sent only where they apply)
        missing = set(type(model).model_fields) - model.model_fields_set - optional
        assert not missing, f"{where}: {type(model).__name__} lacks {sorted(missing)}"
    for name in type(model).model_fields:
        _all_fields_given(getattr(model, name), f"{where}.{name}")


def check_out(model: Any, data: Any, where: str) -> None:
    if model is server_messages:
        parsed = server_messages.validate_python(data)
    else:
        parsed = model.model_validate(data)
    _all_fields_given(parsed, where)


# -- one played game and the lobby around it ----------------------------------------------------


async def _play(base: str) -> dict[str, Any]:
    game, tokens = human_game(base, players=2, name="spec game")
    seats = [SeatClient(base, game, t) for t in tokens]
    watcher = SeatClient(base, game)
    for c in (*seats, watcher):
        c.keep = True
        await c.connect(since=-1)
    await seats[0].send({"type": "chat", "text": "good luck"})
    await seats[0].send({"type": "ping"})
    await seats[1].send({"type": "action", "action": "p1 roll", "version": "0", "id": "m-1"})
    await seats[1].send({"type": "chat", "text": "x" * 5000, "id": "big"})
    rngs = [random.Random(29 + i) for i in range(2)]
    resent = False

    async def play(i: int) -> None:
        nonlocal resent
        c = seats[i]
        while True:
            m = await c.recv(30)
            if m["type"] == "state" and m["status"] == "finished":
                return
            offer = m["view"]["offer"] if m["type"] == "state" else None
            if offer and offer["from"] == i and "pending" in offer["answers"].values():
                continue  # the maker waits for the answers, then confirms or cancels
            if m["type"] == "state" and m["legal"]:
                # Offers often (answers, counters and confirmations follow), as people do.
                action = random_move(m["legal"], rngs[i], offers=0.2)
                sent = await c.act(action, m["version"])
                if not resent and i == 0 and m["version"] > 20:
                    resent = True  # a re-send (a lost answer): accepted as a duplicate
                    msg = {"type": "action", "action": action, "version": m["version"]}
                    await c.send(msg | {"id": sent})

    async def watch() -> None:
        while True:
            m = await watcher.recv(30)
            if m["type"] == "state" and m["status"] == "finished":
                return

    await asyncio.gather(play(0), play(1), watch())
    http: dict[str, list[tuple[str, Any]]] = {}

    def got(model: str, r: httpx.Response, status: int = 200) -> Any:
        assert r.status_code == status, r.text
        http.setdefault(model, []).append((str(r.request.url), r.json()))
        return r.json()

    auth = {"Authorization": f"Bearer {tokens[0]}"}
    got("CreatedOut", httpx.post(f"{base}/api/games/{game}/rematch", headers=auth), 201)
    for c in seats:  # the rematch message reaches every client of the old game
        while (await c.recv(10))["type"] != "rematch":
            pass
    for c in (*seats, watcher):
        await c.close()
    got("HealthOut", httpx.get(f"{base}/api/health"))
    got("GameOut", httpx.get(f"{base}/api/games/{game}"))
    for g in got("GameOut[]", httpx.get(f"{base}/api/games", params={"status": "finished"})):
        http.setdefault("GameOut", []).append(("list", g))
    record = httpx.get(f"{base}/api/games/{game}/record").json()
    got("ReplayOut", httpx.get(f"{base}/api/games/{game}/replay", params={"step": 30}))
    got("ReplayOut", httpx.get(f"{base}/api/games/{game}/replay", params={"seat": "all"}))
    got("ReplayOut", httpx.post(f"{base}/api/replay", json={"record": record, "seat": 1}))
    got("StatsOut", httpx.get(f"{base}/api/games/{game}/stats"))
    got("PreviewOut", httpx.post(f"{base}/api/preview", json={"rules": {"players": 3}}))
    bots = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = create(base, rules={"players": 2}, seats=bots, join=0, player_name="Ann")
    http.setdefault("CreatedOut", []).append(("create", made))
    invited = create(base, rules={"players": 2}, seats=[{"kind": "human"}] * 2, join=0)
    invite = invited["invites"][0]["invite"]
    body = {"invite": invite, "name": "Bo"}
    got("JoinedOut", httpx.post(f"{base}/api/games/{invited['game']['id']}/join", json=body))
    refused = httpx.post(f"{base}/api/games/{invited['game']['id']}/join", json=body)
    got("ErrorOut", refused, 409)
    # HTTP play (the socket's messages): a seat's state with its chat, a refusal.
    state_url = f"{base}/api/games/{game}/state"
    polled = got("PollOut", httpx.get(state_url, params={"chat_since": 0}, headers=auth))
    assert [c["text"] for c in polled["chat"]] == ["good luck"]
    got("PollOut", httpx.get(state_url, params={"since": 3, "wait": 0}))
    late = {"action": "p0 roll", "version": 0, "id": "late"}
    over = httpx.post(f"{base}/api/games/{game}/actions", json=late, headers=auth)
    assert got("ErrorMessageOut", over, 409)["code"] == "game_over"
    seen = [m for c in (*seats, watcher) for m in c.seen]
    return {"seen": seen, "http": http}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    s = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('spec') / 'spec.db'}")
    try:
        out = asyncio.run(_play(s.url))
        out["openapi"] = httpx.get(f"{s.url}/openapi.json").json()
        out["server"] = s
        yield out
    finally:
        s.stop()


def test_every_message_of_a_played_game_matches_its_model(played: dict[str, Any]) -> None:
    seen = played["seen"]
    for i, m in enumerate(seen):
        check_out(server_messages, m, f"message {i} ({m.get('type')})")
    types = {m["type"] for m in seen}
    union = server_messages.json_schema()["discriminator"]["mapping"]
    assert types == set(union), f"message types never seen: {set(union) - types}"
    codes = {m["code"] for m in seen if m["type"] == "error"}
    assert {"malformed", "too_large"} <= codes, codes
    refused = {m["code"]: m for m in seen if m["type"] == "error"}
    assert refused["malformed"]["id"] == "m-1" and refused["malformed"]["field"]
    assert refused["too_large"]["id"] == "big"
    assert any(m["type"] == "accepted" and m["duplicate"] for m in seen)
    offers = [m["view"]["offer"] for m in seen if m["type"] == "state" and m["view"]["offer"]]
    assert offers, "the game made no domestic offer"
    answered = {a for o in offers for a in o["answers"].values()}
    assert "pending" in answered and answered - {"pending"}, answered


def test_every_http_body_matches_its_model(played: dict[str, Any]) -> None:
    http = played["http"]
    for name, bodies in http.items():
        if name.endswith("[]"):
            continue
        model = getattr(p, name)
        for url, body in bodies:
            check_out(model, body, f"{name} from {url}")
    assert set(http) >= {"CreatedOut", "HealthOut", "GameOut", "ReplayOut", "StatsOut"}


# -- the document's examples ---------------------------------------------------------------------

_BLOCK = re.compile(r"(?:<!-- model: (?P<model>\w+) -->\s*)?```json\n(?P<body>.*?)```", re.S)


def doc_examples() -> list[tuple[str | None, str, int]]:
    return [
        (m["model"], m["body"], DOC.count("\n", 0, m.start()) + 1) for m in _BLOCK.finditer(DOC)
    ]


def test_the_document_has_examples_of_every_message() -> None:
    typed = set()
    named = set()
    for model, body, _line in doc_examples():
        data = json.loads(body)
        if model is not None:
            named.add(model)
        elif isinstance(data, dict) and "type" in data:
            typed.add(data["type"])
    assert typed >= {"hello", "action", "chat", "ping", "prefs"}
    assert typed >= set(server_messages.json_schema()["discriminator"]["mapping"])
    assert named >= {"GameIn", "CreatedOut", "JoinIn", "JoinedOut", "HealthOut", "ErrorOut"}
    assert named >= {"ChatIn", "OfferOut", "AdminEndedOut"}
    assert named >= {"ReplayOut", "StatsOut", "PreviewOut", "AdminGamesOut", "PurgedOut"}
    assert named >= {"ActionBody", "ChatBody", "StreamClosedOut"}


@pytest.mark.parametrize(("model", "body", "line"), doc_examples(), ids=lambda x: str(x)[:20])
def test_each_json_example_of_the_document_matches_its_model(
    model: str | None, body: str, line: int
) -> None:
    data = _unelided(json.loads(body))
    where = f"docs/protocol.md line {line}"
    if model is None:
        assert isinstance(data, dict) and "type" in data, (
            f"{where}: a ```json block names its model (<!-- model: Name -->) or has a type"
        )
        # (the client's chat example is marked ChatIn: "chat" goes both ways)
        if data["type"] in ("hello", "action", "ping", "prefs"):
            client_messages.validate_python(data)
        else:
            check_out(server_messages, data, where)
        return
    target = getattr(p, model)
    if issubclass(target, p.Out):
        check_out(target, data, where)
    else:  # a request body: as the server would take it
        target.model_validate(data)


# -- the tables ----------------------------------------------------------------------------------


def doc_table(heading: str) -> list[list[str]]:
    """The rows (cells, stripped) of the first table after the line ``heading``."""
    start = DOC.index(heading + "\n")
    rows: list[list[str]] = []
    for line in DOC[start:].splitlines()[1:]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= set("-: "):
                rows.append(cells)
        elif rows:
            break
    return rows[1:]  # (without the header)


def _code(cell: str) -> str:
    found = re.fullmatch(r"`([\w.]+)`", cell)
    assert found, cell
    return found.group(1)


def test_http_error_codes_are_one_table() -> None:
    rows = doc_table("### HTTP error codes")
    documented = {_code(r[0]): int(r[1]) for r in rows}
    assert documented == {k: v[0] for k, v in p.HTTP_ERRORS.items()}
    # Every refusal the server's code raises is in the table with its status.
    raised = set()
    for path in SERVER_SRC.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        pattern = r"(?:LobbyError|__init__)\(\s*(\d{3}),\s*\"(\w+)\""
        raised |= {(m[1], int(m[0])) for m in re.findall(pattern, text)}
    assert raised, "no LobbyError found"
    assert raised <= {(k, v[0]) for k, v in p.HTTP_ERRORS.items()}, raised
    assert {code for code, _ in raised} | {"too_large"} == set(p.HTTP_ERRORS)


def test_http_play_refusals_are_one_table() -> None:
    rows = doc_table("### HTTP play refusals")
    assert {_code(r[0]): int(r[1]) for r in rows} == p.HTTP_PLAY_STATUS
    assert set(p.HTTP_PLAY_STATUS) <= set(p.WS_ERRORS)  # (the socket's codes, each its status)


def test_the_http_play_state_example_is_a_served_answer(played: dict[str, Any]) -> None:
    """The long-poll answer's example (``json-object``: its ``state`` elided) with a real
    ``state`` message in place is a ``PollOut``, every field given."""
    section = DOC[DOC.index("### `GET /api/games/{id}/state`") :]
    body = section[section.index("```json-object\n") + len("```json-object\n") :]
    example = json.loads(body[: body.index("```")])
    served = played["http"]["PollOut"][0][1]
    assert set(example) == set(served)
    check_out(p.PollOut, example | {"state": served["state"]}, "the HTTP play state example")


def test_websocket_error_codes_are_one_table() -> None:
    rows = doc_table("### WebSocket error codes")
    assert {_code(r[0]) for r in rows} == set(p.WS_ERRORS)
    sent = set()
    for path in SERVER_SRC.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        sent |= set(re.findall(r"(?:_error|_refuse|Refusal)\(\s*\"(\w+)\"", text))
    # (conflict / server: a failed write; broken_game: the lobby's, passed on)
    assert sent <= set(p.WS_ERRORS), sent - set(p.WS_ERRORS)
    assert set(p.WS_ERRORS) - sent <= {"conflict", "server", "broken_game"}


def test_close_codes_are_documented_and_the_browser_obeys_them() -> None:
    rows = doc_table("## Close codes")
    documented = {int(r[0].strip("`")): r[2] for r in rows}
    assert documented == {
        int(c): ("yes" if again else "no") for c, (_, again) in p.CLOSE_CODES.items()
    }
    assert set(p.CLOSE_CODES) == set(p.Close)
    api = (ROOT / "src" / "pysettlers" / "web" / "js" / "api.js").read_text(encoding="utf-8")
    found = re.search(r"const STOP_CODES = \[([\d, ]+)\];", api)
    assert found, "api.js: STOP_CODES"
    stop = {int(x) for x in found.group(1).split(",")}
    # (1000: the browser's own close, which it never answers with a reconnection anyway)
    assert stop == {c for c, (_, again) in p.CLOSE_CODES.items() if not again} - {1000}


def test_the_create_options_table_is_the_servers(played: dict[str, Any]) -> None:
    schema = played["openapi"]["components"]["schemas"]["GameIn"]["properties"]
    rows = doc_table("#### The options of a new game")
    assert {_code(r[0]) for r in rows} == set(schema) == set(p.GameIn.model_fields)
    for row in rows:
        name, default, bounds = _code(row[0]), row[1], row[2]
        prop = schema[name]
        field = p.GameIn.model_fields[name]
        if "default" in prop:
            assert default == f"`{json.dumps(prop['default'])}`", (name, default, prop)
        else:  # a default factory: the empty object
            assert default == f"`{json.dumps(field.get_default(call_default_factory=True))}`"
        lo = prop.get("minimum")
        hi = prop.get("maximum")
        if lo is None:  # (an optional number: its bounds are in anyOf)
            for alt in prop.get("anyOf", []):
                lo = alt.get("minimum", lo)
                hi = alt.get("maximum", hi)
        if lo is not None:
            assert bounds == f"{lo:g}–{hi:g}", (name, bounds, lo, hi)
    seats = schema["seats"]["description"]
    assert p.SeatIn.model_fields["bot"].default in seats and "weighted" not in seats


def _declared(responses: dict[str, Any]) -> set[tuple[int, str]]:
    out = set()
    for status, entry in responses.items():
        if status.startswith("4") or status.startswith("5"):
            for code in re.findall(r"`(\w+)`", entry.get("description", "")):
                out.add((int(status), code))
    return out


def test_the_refusals_of_each_route_are_the_openapi_ones(played: dict[str, Any]) -> None:
    paths = played["openapi"]["paths"]
    rows = doc_table("### Refusals by route")
    documented: dict[str, set[tuple[int, str]]] = {}
    for route, refusals in rows:
        found = re.fullmatch(r"`(GET|POST) (\S+)`", route)
        assert found, route
        method, path = found.groups()
        pairs = re.findall(r"`(\d{3}) (\w+)`", refusals)
        documented[f"{method} {path}"] = {(int(s), c) for s, c in pairs}
    declared = {
        f"{method.upper()} {path}": _declared(op["responses"])
        for path, ops in paths.items()
        for method, op in ops.items()
        if _declared(op["responses"])
    }
    assert documented == declared
    for pairs in documented.values():
        for status, code in pairs:
            assert p.HTTP_ERRORS[code][0] == status, (code, status)


# -- what the document promises, live -------------------------------------------------------------


def test_a_preview_without_a_seed_draws_one(played: dict[str, Any]) -> None:
    base = played["server"].url
    seeds = set()
    for _ in range(2):
        r = httpx.post(f"{base}/api/preview", json={"rules": {}}, timeout=30)
        assert r.status_code == 200, r.text
        seeds.add(r.json()["seed"])
    assert len(seeds) == 2  # (two draws of 63 bits)
    r = httpx.post(f"{base}/api/preview", json={"rules": {"seed": 7}}, timeout=30)
    assert r.json()["seed"] == 7


def _shown_in(example: Any, served: Any) -> bool:
    """``example`` is ``served`` trimmed: ``"…"`` stands for any value, for list items left
    out (the others in order) and, as a key, for keys left out."""
    if example == ELIDED:
        return True
    if isinstance(example, dict):
        if not isinstance(served, dict):
            return False
        keys = set(example) - {ELIDED}
        if ELIDED not in example and keys != set(served):
            return False
        return all(k in served and _shown_in(example[k], served[k]) for k in keys)
    if isinstance(example, list):
        if not isinstance(served, list):
            return False
        rest = iter(served)
        shown = [e for e in example if e != ELIDED]
        if ELIDED not in example and len(shown) != len(served):
            return False
        return all(any(_shown_in(e, s) for s in rest) for e in shown)
    return bool(example == served)


def test_the_rules_schema_example_is_what_the_server_serves(played: dict[str, Any]) -> None:
    section = DOC[DOC.index("### `GET /api/rules/schema`") :]
    body = section[section.index("```json-object\n") + len("```json-object\n") :]
    example = json.loads(body[: body.index("```")])
    r = httpx.get(played["server"].url + "/api/rules/schema", timeout=30)
    assert r.status_code == 200
    assert _shown_in(example, r.json())


def test_bad_rules_are_422_on_every_route(played: dict[str, Any]) -> None:
    base = played["server"].url
    for path in ("/api/games", "/api/preview"):
        for rules in ({"vp_target": 25}, {"players": 9}):
            r = httpx.post(base + path, json={"rules": rules}, timeout=30)
            assert r.status_code == 422 and r.json()["error"] == "bad_rules", (path, r.text)
    r = httpx.post(base + "/api/games", json={"rules": {"vp_target": 25}}, timeout=30)
    assert "22" in r.json()["message"]  # (the reachable maximum, by name)


def test_each_close_reason_has_its_code(played: dict[str, Any]) -> None:
    base = played["server"].url
    game, tokens = human_game(base, players=2)

    async def go() -> tuple[int, int]:
        first = SeatClient(base, game, tokens[0])
        await first.connect()
        second = SeatClient(base, game, tokens[0])
        await second.connect()  # the same seat: the first is replaced
        with pytest.raises(ConnectionClosed) as replaced:
            while True:
                await first.recv(10)
        assert replaced.value.rcvd is not None
        flood = SeatClient(base, game, tokens[1])
        await flood.connect()
        assert flood.ws is not None
        with pytest.raises(ConnectionClosed) as refused:
            for _ in range(60):
                await flood.ws.send("not json")
            while True:
                await flood.recv(10)
        assert refused.value.rcvd is not None
        await second.close()
        return replaced.value.rcvd.code, refused.value.rcvd.code

    assert asyncio.run(go()) == (p.Close.REPLACED, p.Close.TOO_MANY_REFUSED)

    async def behind() -> Client:
        client = Client(0, "slow")  # a reader that never reads: its queue fills up
        for _ in range(MAX_QUEUED + 1):
            client.send({"type": "pong", "version": 0})
        return client

    slow = asyncio.run(behind())
    assert slow.closed and slow.close_code == p.Close.TOO_FAR_BEHIND
