"""The rolls for the first player are said under the names the seats have when play starts.

What this is for: tour C, finding 8 — Ann's log kept "Player 2 4" after Bo joined, since
the rolls were said while the game waited for him; and a tie's re-roll read as a second,
bare set of rolls. Now a game waiting for its players says nothing yet (its ``event_words``
are ``null``), and when it starts every client is sent the game's events from the start,
each seat by its name; a re-roll says it is one.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from pysettlers.engine import Rules, new_game, observe
from pysettlers.server.client import SeatClient
from pysettlers.server.wordsjson import event_words
from support.aio import run
from support.server_helpers import InProcessServer, create, is_state, until


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('rolls') / 'r.db'}")
    yield srv.url
    srv.stop()


def test_the_rolls_are_said_when_the_game_starts_with_the_joiners_name(base: str) -> None:
    created = create(
        base,
        rules={"players": 3},
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        join=0,
        player_name="Ann",
    )
    game = created["game"]["id"]

    async def go() -> None:
        ann = SeatClient(base, game, created["you"]["token"])
        await ann.connect(since=-1)
        waiting = await until(ann, is_state)
        assert waiting["status"] == "open" and waiting["view"]["events"]
        assert waiting["event_words"] == [None] * len(waiting["view"]["events"])
        r = httpx.post(
            f"{base}/api/games/{game}/join",
            json={"invite": created["invites"][0]["invite"], "name": "Bo"},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        started = await until(ann, lambda m: is_state(m) and m["status"] == "in_progress")
        said = [w for w in started["event_words"] if w]
        assert said[0].startswith("Rolls for the first player: you ") and " Bo " in said[0]
        assert not any("Player 2" in w for w in said), said
        await ann.close()

    run(go())


def test_a_tie_for_the_first_player_is_rolled_again_and_called_so() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    for players in (2, 4):  # (with two, both roll again: the roll before says it is a tie)
        for seed in range(200):
            s = new_game(Rules(players=players, seed=seed))
            view = observe(s, 0, since_version=-1)
            if len(view.events) > 1:
                break
        said = event_words(view, names[:players])
        assert said[0] is not None and said[0].startswith("Rolls for the first player: you ")
        assert said[1] is not None
        assert said[1].startswith("The tie for the first player is rolled again: you "), said
