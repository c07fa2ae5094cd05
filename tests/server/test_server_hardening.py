"""Small holes an attacker's tour of the server found, each closed: the admin token is
checked before the body, a body that cannot be parsed gets the documented 422 naming the
body, names and chat lose the bidi controls and zero-width characters, and an action's
version ahead of the game's is refused saying so (not "the game moved on from 9 to 6")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from support.server_helpers import InProcessServer, human_game

TOKEN = "an admin secret"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    db = Path(tmp_path_factory.mktemp("hardening")) / "h.db"
    s = InProcessServer(f"sqlite:///{db}", admin_token=TOKEN)
    yield s
    s.stop()


def test_the_admin_token_is_checked_before_the_body(server: InProcessServer) -> None:
    url = server.url + "/api/admin/purge"
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        r = httpx.post(url, json={"finished_days": 1e9}, headers=headers, timeout=10)
        assert r.status_code == 403 and r.json()["error"] == "bad_token", r.text
    right = {"Authorization": f"Bearer {TOKEN}"}
    r = httpx.post(url, json={"finished_days": 1e9}, headers=right, timeout=10)
    assert r.status_code == 422  # (with the token, the body's range)


@pytest.mark.parametrize(
    "body", [b"[" * 5000, b'{"name": ' + b"1" * 5000 + b"}", b'{"name": "\xff\xfe"}']
)
def test_an_unparseable_body_gets_the_documented_422(server: InProcessServer, body: bytes) -> None:
    headers = {"Content-Type": "application/json"}
    r = httpx.post(server.url + "/api/games", content=body, headers=headers, timeout=10)
    assert r.status_code == 422, r.text
    (error,) = r.json()["detail"]
    assert error["loc"] == ["body"] and "JSON" in error["msg"]


def test_names_and_chat_lose_bidi_controls_and_zero_width_characters(
    server: InProcessServer,
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"name": "\u202eevil\u200b", "player_name": "A\u200dnna", "seats": seats, "join": 0}
    body["rules"] = {"players": 2}
    r = httpx.post(server.url + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["game"]["name"] == "evil"
    assert created["game"]["seats"][0]["name"] == "Anna"
    body["name"] = "\u200b\u2066"  # nothing left: refused as empty
    assert httpx.post(server.url + "/api/games", json=body, timeout=10).status_code == 422
    game, token = created["game"]["id"], created["you"]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    said = httpx.post(
        f"{server.url}/api/games/{game}/chat",
        json={"text": "\u202egnirts\u200b ok \U0001f468\u200d\U0001f469"},
        headers=auth,
        timeout=10,
    )
    assert said.status_code == 200, said.text
    assert said.json()["text"] == "gnirts ok \U0001f468\u200d\U0001f469"  # (the joiner kept)


def test_a_version_ahead_of_the_games_is_said_so(server: InProcessServer) -> None:
    game, tokens = human_game(server.url, rules={"map_kind": "beginner"})
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    url = f"{server.url}/api/games/{game}"
    state = httpx.get(url + "/state", headers=auth, timeout=10).json()["state"]
    body = {"action": state["legal"][0], "version": state["version"] + 3}
    r = httpx.post(url + "/actions", json=body, headers=auth, timeout=10)
    assert r.status_code == 409 and r.json()["code"] == "stale", r.text
    ahead = f"version {state['version'] + 3} is ahead of the game's {state['version']}"
    assert ahead in r.json()["message"]
    again = httpx.get(url + "/state", headers=auth, timeout=10).json()["state"]
    assert again["version"] == state["version"]  # nothing changed
