"""Replays and statistics over HTTP (``server/replays.py``), for the browser's replay viewer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pysettlers.engine import observe, replay
from support.server_helpers import InProcessServer, create


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(server URL, id of a finished game of bots)."""
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('replays') / 'r.db'}")
    game = create(
        srv.url,
        rules={"players": 3, "vp_target": 4},
        seats=[{"kind": "bot", "bot": "random"}] * 3,
    )["game"]["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{srv.url}/api/games/{game}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    yield srv.url, game
    srv.stop()


def get(url: str, **params: Any) -> Any:
    r = httpx.get(url, params=params, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def test_replay_step_is_the_engines_view(finished: tuple[str, str]) -> None:
    base, game = finished
    record = get(f"{base}/api/games/{game}/record")
    k = len(record["actions"]) // 2
    got = get(f"{base}/api/games/{game}/replay", step=k, seat="1")
    assert got["steps"] == len(record["actions"]) and got["step"] == k
    want = observe(replay(record, upto=k).state, 1, since_version=k - 1).to_json()
    assert got["view"] == want
    every = get(f"{base}/api/games/{game}/replay", step=k, seat="all")
    assert every["view"]["you"] is None and len(every["hands"]) == 3
    # An uploaded record gives the same.
    r = httpx.post(f"{base}/api/replay", json={"record": record, "step": k, "seat": 1}, timeout=20)
    assert r.status_code == 200 and r.json()["view"] == want


def test_stats_add_up(finished: tuple[str, str]) -> None:
    base, game = finished
    record = get(f"{base}/api/games/{game}/record")
    st = get(f"{base}/api/games/{game}/stats")
    final = replay(record).state
    assert st["rolls"] == sum(st["dice"].values()) > 0 and st["dice"].get("1") is None
    assert [p["total"] for p in st["points"]] == [
        final.public_vp[p] + final.dev_cards(p)[4] for p in range(3)
    ]
    assert st["winner"] == final.winner
    # Every card a player holds at the end came in and did not go out.
    for p in range(3):
        for i, r in enumerate(("brick", "lumber", "wool", "grain", "ore")):
            flows = st["gained"][p][r] + st["stolen"][p][r] - st["spent"][p][r]
            flows -= st["robbed"][p][r] + st["discarded"][p][r]
            assert flows >= final.hand(p)[i] - 19  # trades move cards too; bounded by the bank
    assert st["points_by_turn"]["points"][-1] == [p["total"] for p in st["points"]]


def test_unfinished_and_bad_records_are_refused(finished: tuple[str, str]) -> None:
    base, _ = finished
    open_game = create(base, rules={"players": 2}, seats=[{"kind": "human"}, {"kind": "bot"}])[
        "game"
    ]["id"]
    r = httpx.get(f"{base}/api/games/{open_game}/stats", timeout=10)
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    r = httpx.post(f"{base}/api/replay", json={"record": {"format": "nope"}}, timeout=10)
    assert r.status_code == 400 and r.json()["error"] == "bad_record"


def test_preview_is_the_board_a_game_with_that_seed_gets(finished: tuple[str, str]) -> None:
    base, _ = finished
    rules = {"players": 4, "map_kind": "variable", "seed": 1234}
    r = httpx.post(f"{base}/api/preview", json={"rules": rules}, timeout=10)
    assert r.status_code == 200
    game = create(base, rules=rules, seats=[{"kind": "bot", "bot": "random"}] * 4)["game"]["id"]
    record = httpx.get(f"{base}/api/games/{game}/record", timeout=10).json()
    assert r.json()["board"] == record["board"]
    bad = httpx.post(f"{base}/api/preview", json={"rules": {"players": 9}}, timeout=10)
    assert bad.status_code == 422 and bad.json()["error"] == "bad_rules"
