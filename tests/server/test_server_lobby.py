"""The lobby over HTTP: creating games with every rules option, listing, joining by invite,
records, the OpenAPI document — on SQLite and PostgreSQL (the ``server`` fixture).

What this is for: issue point 2 and the HTTP half of point 7's clear errors. Every request
goes over 127.0.0.1 to a real uvicorn.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from pysettlers.cli import build_parser
from pysettlers.engine import replay
from pysettlers.server.models import Base
from pysettlers.server.store import LoggedAction, Store, migrate
from support.server_helpers import InProcessServer, create, fresh_database, human_game


def get(base: str, path: str, **kw: Any) -> httpx.Response:
    return httpx.get(base + path, timeout=10, **kw)


def post(base: str, path: str, body: Any) -> httpx.Response:
    return httpx.post(base + path, json=body, timeout=10)


def wait_finished(base: str, game: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        g: dict[str, Any] = get(base, f"/api/games/{game}").json()
        if g["status"] == "finished":
            return g
        time.sleep(0.1)
    raise AssertionError("the bot game did not finish")


def test_openapi_and_docs(server: Any) -> None:
    doc = get(server.url, "/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}/join", "/api/games/{game_id}/record"):
        assert path in doc["paths"]
    assert "GameIn" in doc["components"]["schemas"]
    assert get(server.url, "/docs").status_code == 200
    assert "pysettlers" in get(server.url, "/").text


def test_bot_game_plays_to_the_end_and_its_record_replays(server: Any) -> None:
    rules = {"players": 3, "vp_target": 6, "map_kind": "random", "discard_limit": 9}
    seats = [{"kind": "bot", "bot": b} for b in ("random", "weighted", "greedy")]
    created = create(server.url, rules=rules, seats=seats, name="bots")
    game = created["game"]
    assert game["status"] == "in_progress" and "seed" not in game["rules"]
    done = wait_finished(server.url, game["id"])
    assert done["winner"] is not None and "seed" in done["rules"]
    record = get(server.url, f"/api/games/{game['id']}/record").json()
    replayed = replay(record)
    assert replayed.state.winner == done["winner"]
    assert record["rules"]["seed"] == done["rules"]["seed"]
    listed = get(server.url, "/api/games", params={"status": "finished"}).json()
    assert game["id"] in [g["id"] for g in listed]


def test_default_seats_and_stand_in_are_the_medium_level(server: Any) -> None:
    """Without seats, seat 0 is human and the others ``medium`` bots; a bot seat without a
    bot is ``medium``; so is the stand-in: the lobby's defaults, not a plain bot's."""
    created = create(server.url, rules={"players": 3}, join=0)
    seats = created["game"]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
    assert [s["bot"] for s in seats[1:]] == ["medium", "medium"]
    assert server.hub.sessions[created["game"]["id"]].info.options["stand_in"] == "medium"
    bare = create(server.url, rules={"players": 2}, seats=[{"kind": "human"}, {"kind": "bot"}])
    assert bare["game"]["seats"][1]["bot"] == "medium"


@pytest.mark.parametrize("map_kind", ["big-island", "peanut"])
def test_eight_seat_bot_game_on_a_1996_map(server: Any, map_kind: str) -> None:
    rules = {"players": 8, "vp_target": 6, "map_kind": map_kind}
    bots = ("random", "weighted", "greedy", "weighted", "greedy", "random", "weighted", "greedy")
    seats = [{"kind": "bot", "bot": b} for b in bots]
    created = create(server.url, rules=rules, seats=seats, name="eight")
    done = wait_finished(server.url, created["game"]["id"])
    assert done["winner"] is not None and len(done["seats"]) == 8
    record = get(server.url, f"/api/games/{created['game']['id']}/record").json()
    assert replay(record).state.winner == done["winner"]


def test_seven_eight_players_need_a_1996_map(server: Any) -> None:
    r = post(server.url, "/api/games", {"rules": {"players": 7}, "seats": [{"kind": "human"}] * 7})
    assert r.status_code in (400, 422) and "'big-island' or 'peanut'" in r.text
    r = post(server.url, "/api/games", {"rules": {"players": 9, "map_kind": "peanut"}})
    assert r.status_code in (400, 422) and "players" in r.text


def test_every_rules_option_is_accepted(server: Any) -> None:
    rules = {
        "players": 6,
        "vp_target": 12,
        "discard_limit": 10,
        "map_kind": "variable",
        "trade_build": "separate",
        "large_game_variant": "mayfair",
        "scenarios": ["helpers", "pirate", "ships"],
        "alternate": ["open_hands"],
    }
    created = create(server.url, rules=rules, seats=[{"kind": "human"}] * 6)
    assert created["game"]["status"] == "open"
    assert len(created["invites"]) == 6
    shown = created["game"]["rules"]
    assert {k: shown[k] for k in rules} == rules
    # A client of the rules before ``scenarios`` sends one boolean each: read as the names.
    old = {k: v for k, v in rules.items() if k != "scenarios"}
    old |= {"helpers": True, "pirate": False, "ships": True}
    shown = create(server.url, rules=old, seats=[{"kind": "human"}] * 6)["game"]["rules"]
    assert shown["scenarios"] == ["helpers", "ships"] and "helpers" not in shown


def test_bad_rules_and_seats_are_refused_naming_the_field(server: Any) -> None:
    cases = [
        ({"rules": {"players": 9}}, "players"),
        ({"rules": {"vp_target": 99}}, "vp_target"),
        ({"rules": {"map_kind": "moon"}}, "map_kind"),
        ({"rules": {"colour": "red"}}, "colour"),
        ({"rules": {"pirate": "yes"}}, "pirate"),
        ({"rules": {"ships": 1}}, "ships"),
        ({"rules": {"players": 3}, "seats": [{"kind": "human"}]}, "seats"),
        ({"seats": [{"kind": "bot", "bot": "nobot"}] * 4}, "nobot"),
        ({"seats": [{"kind": "bot", "bot": "weighted", "options": {"x": 1}}] * 4}, "x"),
        ({"stand_in": "nobot"}, "stand_in"),
    ]
    for body, word in cases:
        r = post(server.url, "/api/games", body)
        assert r.status_code == 422, (body, r.text)
        assert word in r.text, (body, r.text)
    r = post(server.url, "/api/games", {"turn_timer": 1})  # pydantic: names the field
    assert r.status_code == 422 and "turn_timer" in r.text
    r = post(server.url, "/api/games", {"surprise": 1})
    assert r.status_code == 422 and "surprise" in r.text


def test_invites_tokens_and_open_seats(server: Any) -> None:
    created = create(
        server.url,
        rules={"players": 3},
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}],
        join=0,
        player_name="Ann",
    )
    game = created["game"]["id"]
    assert created["you"]["seat"] == 0 and len(created["you"]["token"]) >= 20
    (invite,) = created["invites"]
    assert invite["seat"] == 1 and invite["url"].endswith(invite["invite"])
    listed = get(server.url, "/api/games", params={"status": "open"}).json()
    assert game in [g["id"] for g in listed]
    bad = post(server.url, f"/api/games/{game}/join", {"invite": "not-the-code"})
    assert bad.status_code == 403 and bad.json()["field"] == "invite"
    taken = post(server.url, f"/api/games/{game}/join", {"seat": 0})
    assert taken.status_code == 409
    bot = post(server.url, f"/api/games/{game}/join", {"seat": 2})
    assert bot.status_code == 409
    joined = post(server.url, f"/api/games/{game}/join", {"invite": invite["invite"], "name": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    again = post(server.url, f"/api/games/{game}/join", {"invite": invite["invite"]})
    assert again.status_code == 409
    shown = get(server.url, f"/api/games/{game}").json()
    assert shown["status"] == "in_progress"
    assert [s["name"] for s in shown["seats"][:2]] == ["Ann", "Bo"]
    assert get(server.url, "/api/games/nope").status_code == 404


def test_private_games_are_unlisted_and_joined_by_invite_only(server: Any) -> None:
    created = create(server.url, rules={"players": 2}, seats=[{"kind": "human"}] * 2, public=False)
    game = created["game"]["id"]
    assert game not in [g["id"] for g in get(server.url, "/api/games").json()]
    r = post(server.url, f"/api/games/{game}/join", {"seat": 1})
    assert r.status_code == 403


def test_record_of_an_unfinished_game_hides_the_seed(server: Any) -> None:
    game, tokens = human_game(server.url, players=2)
    record = get(server.url, f"/api/games/{game}/record").json()
    assert "seed" not in record["rules"] and record["actions"] == []
    mine = get(
        server.url, f"/api/games/{game}/record", headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert mine.status_code == 200 and "seed" not in mine.json()["rules"]
    forged = get(
        server.url, f"/api/games/{game}/record", headers={"Authorization": "Bearer forged-token"}
    )
    assert forged.status_code == 403


def test_oversized_bodies_are_refused(server: Any) -> None:
    r = httpx.post(
        server.url + "/api/games",
        content=b"{" + b" " * 70000 + b"}",
        headers={"content-type": "application/json"},
        timeout=10,
    )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_serve_command_defaults() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, "sqlite:///pysettlers.db")
    assert args.sqlite_sync == "full" and not args.ws_compression
    lan = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--db", "postgresql://x/y"])
    assert (lan.host, lan.db) == ("0.0.0.0", "postgresql://x/y")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_migrations_create_exactly_the_models_schema(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store = Store(fresh_database(kind, tmp_path, request))
    try:
        migrate(store.engine)
        migrate(store.engine)  # a second run is a no-op
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
    finally:
        store.close()


def test_a_game_whose_log_does_not_replay_does_not_stop_the_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'broken.db'}"
    first = InProcessServer(url)
    try:
        good, _ = human_game(first.url, players=2, rules={"map_kind": "beginner"})
        bad, _ = human_game(first.url, players=2, rules={"map_kind": "beginner"})
    finally:
        first.stop()
    store = Store(url)
    try:  # a log entry no game could have accepted
        store.submit(
            Store.append_action(bad, LoggedAction(1, 0, "p0 end", None, None, "human"), "x", None)
        ).result()
    finally:
        store.close()
    again = InProcessServer(url)
    try:
        assert get(again.url, f"/api/games/{good}").json()["status"] == "in_progress"
        assert good in again.hub.sessions and bad not in again.hub.sessions
        broken = get(again.url, f"/api/games/{bad}")
        assert broken.status_code == 500 and broken.json()["error"] == "broken_game"
    finally:
        again.stop()
