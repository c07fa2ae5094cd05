"""The server on the Islands of Catan maps: the lobby takes them, bots finish a game with
bridges on it, the board JSON carries the sea and port hexes, and the replay is the engine's.

What this is not: the rules (``test_bridges.py``) or the browser (``test_web*.py``).
"""

from __future__ import annotations

import time

import httpx
import orjson
import pytest

from pysettlers.engine import Rules, new_game, observe, replay
from pysettlers.server.replays import preview
from pysettlers.server.viewjson import ViewCache
from support.paths import EXAMPLES
from support.server_helpers import InProcessServer, create

CHANNEL = (EXAMPLES / "maps" / "channel.json").read_text()


def test_preview_of_the_islands_maps_has_sea_ports_and_bridges() -> None:
    for rules in (
        {"map_kind": "islands", "seed": 4},
        {"map_kind": "big-islands", "players": 6, "seed": 4},
        {"map_kind": "described", "players": 3, "map_description": CHANNEL},
    ):
        board = preview(rules)["board"]
        assert board["sea"] and board["ports"] and board["bridges"] is True


def test_the_view_json_carries_the_board_with_its_sea() -> None:
    s = new_game(Rules(map_kind="islands", seed=2), first_player=0)
    cache = ViewCache()
    text = orjson.dumps(cache.public_json(observe(s, None)))
    assert b'"sea":["' in text and b'"ports":[{' in text


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> object:
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('islands') / 'i.db'}")
    yield srv
    srv.stop()


def test_bots_finish_an_islands_game_on_the_server(server: InProcessServer) -> None:
    game = create(
        server.url,
        rules={"players": 3, "map_kind": "islands", "vp_target": 6, "seed": 11},
        seats=[{"kind": "bot", "bot": b} for b in ("weighted", "greedy", "random")],
    )["game"]["id"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/games/{game}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the islands game did not finish"
        time.sleep(0.2)
    record = httpx.get(f"{server.url}/api/games/{game}/record", timeout=10).json()
    replayed = replay(record)
    assert replayed.state.rules.map_kind == "islands"
    assert replayed.state.board.sea
