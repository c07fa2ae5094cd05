"""Language-model seats on the server: offered only as the operator configures them.

A stranger's request names a profile of the operator's file and nothing else — no endpoint,
no key's variable, no log file — so no request can send the operator's key elsewhere or make
the server write a file (``hub._check_bot``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pysettlers.llm.fake import FakeEndpoint
from pysettlers.server import create_app
from support.server_helpers import InProcessServer


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeEndpoint]:
    with FakeEndpoint() as f:
        yield f


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake: FakeEndpoint) -> Path:
    path = tmp_path / "llm.toml"
    path.write_text(f'[profiles.local]\nbase_url = "{fake.url}"\nmodel = "fake-builds"\n')
    monkeypatch.setenv("PYSETTLERS_LLM_PROFILES", str(path))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    return path


def _seats(bot: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"kind": "human"}, {"kind": "bot", **bot}, {"kind": "bot", "bot": "random"}]


def _post(url: str, seats: list[dict[str, Any]]) -> httpx.Response:
    body = {"rules": {"players": 3, "seed": 4}, "seats": seats, "join": 0}
    return httpx.post(url + "/api/games", json=body, timeout=10)


def test_without_profiles_the_lobby_offers_no_llm_bot(tmp_path: Path) -> None:
    server = InProcessServer(f"sqlite:///{tmp_path / 'a.db'}")
    try:
        schema = httpx.get(server.url + "/api/rules/schema", timeout=10).json()
        assert schema["llm_profiles"] == []
        r = _post(server.url, _seats({"bot": "llm", "options": {"model": "x"}}))
        assert r.status_code == 422, r.text
        assert r.json()["field"] == "seats[1]"
        assert "--llm-profiles" in r.json()["message"]
        # A registered bot that is off the lobby for other reasons gets no llm hint.
        r = _post(server.url, _seats({"bot": "learned"}))
        assert r.status_code == 422, r.text
        assert "does not offer" in r.json()["message"]
        assert "--llm-profiles" not in r.json()["message"]
    finally:
        server.stop()


def test_an_llm_seat_names_a_configured_profile_and_nothing_else(
    tmp_path: Path, profiles: Path, fake: FakeEndpoint
) -> None:
    server = InProcessServer(f"sqlite:///{tmp_path / 'b.db'}", llm_profiles="local")
    try:
        schema = httpx.get(server.url + "/api/rules/schema", timeout=10).json()
        assert schema["llm_profiles"] == ["local"]
        for options in (
            {"profile": "local", "base_url": "http://attacker.example/v1"},
            {"profile": "local", "api_key_env": "OPENAI_API_KEY"},
            {"profile": "local", "log": str(tmp_path / "written.jsonl")},
            {"profile": "elsewhere"},
            {},
        ):
            r = _post(server.url, _seats({"bot": "llm", "options": options}))
            assert r.status_code == 422, (options, r.text)
            assert r.json()["field"] == "seats[1].options"
        assert not (tmp_path / "written.jsonl").exists()
        r = _post(server.url, _seats({"bot": "llm", "options": {"profile": "local"}}))
        assert r.status_code == 201, r.text
        # A bots-only game with the model in seat 0: it plays through the fake endpoint.
        before = len(fake.requests)
        body = {
            "rules": {"players": 3, "seed": 4},
            "seats": [{"kind": "bot", "bot": "llm", "options": {"profile": "local"}}]
            + [{"kind": "bot", "bot": "random"}] * 2,
        }
        r = httpx.post(server.url + "/api/games", json=body, timeout=10)
        assert r.status_code == 201, r.text
        game = r.json()["game"]["id"]

        def p0_moves() -> int:
            record = httpx.get(f"{server.url}/api/games/{game}/record", timeout=10).json()
            return sum(1 for item in record["actions"] if item[0].startswith("p0 "))

        deadline = time.monotonic() + 30
        while p0_moves() < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert p0_moves() >= 4  # its set-up, chosen by the model
        assert len(fake.requests) > before
        assert all(q["model"] == "fake-builds" for q in fake.requests[before:])
    finally:
        server.stop()


def test_a_profile_missing_from_the_file_fails_at_start(profiles: Path) -> None:
    with pytest.raises(ValueError, match="no profile 'nope'"):
        create_app("sqlite://", llm_profiles="local,nope")
