"""A scenario package's browser data reach the client: its drawing hints and the seats' names.

What this is for: issue 30 point 2 — the browser names no scenario. What it learns of one
comes from the package's drawing face (``server/drawing.py``): the places its keywords
point at, the words of a place several of its actions share, its panel badge, the chance
outcomes it needs, the events that place its pieces. Here: every face's hints are ones the
client reads; the place each ``targets`` hint reads from the notation is the place the
package's words face (``TARGETS``) gives the same action, so the board's targets and the
server's ``places`` words agree; and a game's ``welcome`` carries the hints of its
scenarios, and each seat's ``display_name`` (the one source of a seat's name).

What this is not: the drawing (``tests/web/test_web_drawing.py`` and the scenarios' browser
tests), nor the words themselves (``tests/engine/test_words*``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pysettlers import faces
from pysettlers.engine import Action, Rules, format_action, new_game
from pysettlers.server.client import SeatClient
from pysettlers.server.drawing import check, hints
from pysettlers.server.wordsjson import seat_names
from support.server_helpers import create


@pytest.mark.parametrize("package", faces.packages())
def test_every_drawing_face_holds_hints_the_client_reads(package: str) -> None:
    module = faces.face(package, "drawing")
    check(package, getattr(module, "HINTS", {}))


def test_a_hint_the_client_would_not_read_is_named() -> None:
    with pytest.raises(ValueError, match=r"boats's drawing hints: unknown keys \['sails'\]"):
        check("boats", {"sails": {}})
    with pytest.raises(ValueError, match=r"targets\['sail'\] needs a place"):
        check("boats", {"targets": {"sail": {"place": "sea", "arg": 0}}})


def _place_name(topo: Any, place: str, index: int) -> str:
    names = {"intersection": topo.intersection_names, "hex": topo.hex_names}
    return str(names.get(place, topo.path_names)[index])  # (path, harbor: a path's name)


@pytest.mark.parametrize("package", faces.packages())
def test_the_targets_hints_read_the_places_the_words_give(package: str) -> None:
    """For each action kind the package's words face points at a place, its drawing face's
    ``targets`` hint for that keyword names the same place, read from the notation."""
    words = faces.face(package, "words")
    targets: dict[Any, Any] = getattr(words, "TARGETS", {})
    drawn = dict(getattr(faces.face(package, "drawing"), "HINTS", {}).get("targets", {}))
    topo = new_game(Rules(scenarios=("ships",), seed=3)).topo  # (any board names its places)
    for kind, target in targets.items():
        # Any action of the kind: places 5 (a path, intersection or hex), 1 the second
        # field (a path, a level, a victim), which the notation writes as it is.
        a = Action(0, kind, a=5, b=1)
        text = format_action(a, topo)
        keyword, args = text.split()[1], text.split()[2:]
        hint = drawn.pop(keyword, None)
        assert hint is not None, f"{package}: no targets hint for {keyword!r} ({text})"
        place, index = target(a)
        assert hint["place"] == place, (text, hint)
        assert args[hint["arg"]] == _place_name(topo, place, index), (text, hint)
    assert not drawn, f"{package}: targets hints for keywords its words point nowhere: {drawn}"


def test_the_welcome_carries_the_scenarios_hints_and_the_seats_names(server: Any) -> None:
    rules = {"players": 3, "scenarios": ["helpers", "pirate", "ships"], "seed": 5}
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "weighted"}, {"kind": "human"}]
    created = create(server.url, rules=rules, seats=seats, join=0, player_name="Ann")

    async def go() -> dict[str, Any]:
        c = SeatClient(server.url, created["game"]["id"], created["you"]["token"])
        welcome = await c.connect()
        await c.close()
        return welcome

    welcome = asyncio.run(go())
    drawing = welcome["drawing"]
    assert drawing == hints(Rules(scenarios=("helpers", "pirate", "ships"), seed=5))
    assert drawing["ships"]["targets"]["move-ship"] == {
        "place": "path",
        "arg": 2,
        "ghost": "ship",
        "several": "Move a ship so that it lies {place}",
    }
    assert drawing["pirate"]["targets"]["pirate"]["place"] == "harbor"
    assert drawing["pirate"]["chance"]["pirate"] == {"outcome": "stolen", "victim": 1}
    assert drawing["helpers"]["panel"]["titles"]["jean"].startswith("Trade one resource 2:1")
    assert drawing["helpers"]["reveal"]["member"] == "look"
    assert drawing["ships"]["events"]["ship_moved"] == {"placed": "to"}
    # The seats' names as the words say them, sent with the seats (and the lobby's summary).
    names = [s["display_name"] for s in welcome["seats"]]
    assert names == seat_names(welcome["seats"]) == ["Ann", "Weighted bot 2", "Player 3"]
    assert [s["display_name"] for s in created["game"]["seats"]] == names
