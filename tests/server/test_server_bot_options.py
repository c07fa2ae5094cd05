"""Each lobby bot's options reach ``GET /api/rules/schema`` (``bots``) as the bot's parsing
declares them: every default is one ``make_bot`` takes, and a bounded number just outside
its range is refused naming the bot and the option."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest

from pysettlers.bots import lobby_bot_names, make_bot
from pysettlers.server.botcaps import lobby_limits
from support.server_helpers import InProcessServer

CAPPED = set(lobby_limits(1000))


@pytest.fixture(scope="module")
def bots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, object]]]:
    db = Path(tmp_path_factory.mktemp("bot-options")) / "a.db"
    server = InProcessServer(f"sqlite:///{db}")
    try:
        r = httpx.get(server.url + "/api/rules/schema", timeout=10)
        assert r.status_code == 200
        served: dict[str, list[dict[str, object]]] = r.json()["bots"]
        return served
    finally:
        server.stop()


def test_the_schema_has_each_lobby_bots_options(bots: dict[str, list[dict[str, object]]]) -> None:
    assert set(bots) == set(lobby_bot_names())
    keys = {name: [s["key"] for s in specs] for name, specs in bots.items()}
    assert keys["random"] == ["offer_chance", "offers_per_turn", "counter_chance", "helper_chance"]
    assert "style" in keys["greedy"] and "iterations" in keys["expert"]
    style = next(s for s in bots["weighted"] if s["key"] == "style")
    assert style["kind"] == "choice" and "roads" in style["choices"]  # type: ignore[operator]
    # The levels reuse their bot's options with their own defaults (bots/levels.py).
    # (Only the package's own: other tests register bots of their own in this process.)
    heuristic = ("weighted", "greedy", "easy", "medium", "hard", "expert")
    noise = {n: next(s["default"] for s in bots[n] if s["key"] == "noise") for n in heuristic}
    assert (noise["easy"], noise["medium"], noise["hard"]) == (20.0, 8.0, 0.333)
    assert noise["weighted"] == 0.01 and noise["greedy"] == 0.001


def test_every_default_is_taken_and_every_bound_is_kept(
    bots: dict[str, list[dict[str, object]]],
) -> None:
    for name, specs in bots.items():
        defaults = {str(s["key"]): s["default"] for s in specs}
        make_bot(name, random.Random(0), **defaults)  # every default accepted
        for s in specs:
            for bound, eps in (("lo", -1e-6), ("hi", 1e-6)):
                edge = s[bound]
                if edge is None or (bound == "hi" and s["key"] in CAPPED):
                    continue  # (the server's cap, below the library's: test_server_bot_costs)
                assert isinstance(edge, int | float)
                # (a level's errors name the bot it stands for: ``easy`` → ``weighted``)
                with pytest.raises(ValueError, match=f": option '{s['key']}' must be between"):
                    make_bot(name, random.Random(0), **{str(s["key"]): edge + eps})
