"""The server's cached view JSON is the engine's view, for every seat at every step.

What this is for: ``server/viewjson.py`` lays out the public part of a view itself and keeps
fragments of it (board, rules, pieces, building sites) from one version to the next. Here
random games (2 to 6 players, the helpers, both phase styles, the 1996 alternate rules and
the pirate, domestic trade offers) are played to the end through one :class:`ViewCache` each, and at
every step the JSON text it gives each seat and the spectator — with the events since the
seat's previous view, since the step before, and without ``since`` — parses to exactly
``observe(...).to_json()``. The
cache must also never fall back to the engine's ``to_json`` (that fallback is for an engine
whose view changed under the server): the layout checked is the server's own.

What this is not: the no-leak property over real sockets (``test_server_noleak.py``).
"""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest

from pysettlers.engine import (
    Game,
    Rules,
    View,
    deciders,
    format_action,
    legal_actions,
    observe,
)
from pysettlers.engine.config import ALTERNATE_RULES
from pysettlers.engine.types import Phase
from pysettlers.server.viewjson import ViewCache

RULES: list[dict[str, Any]] = [
    {"players": 2, "vp_target": 5},
    {"players": 3, "vp_target": 6, "helpers": True},
    {"players": 4, "vp_target": 6, "trade_build": "separate", "map_kind": "random"},
    {"players": 5, "vp_target": 5},
    {"players": 6, "vp_target": 4, "helpers": True, "large_game_variant": "mayfair"},
    {"players": 4, "vp_target": 6, "alternate": ["open_hands"]},  # every hand in every view
    {"players": 3, "vp_target": 5, "alternate": list(ALTERNATE_RULES)},
    # the pirate: the robber (and its events) on harbors, harbors' rates closed
    {"players": 4, "vp_target": 7, "pirate": True},
    {"players": 5, "vp_target": 5, "pirate": True, "alternate": ["knight_interrupts"]},
    # Seafarers ships: the view's "ships" part, ship events, the Longest Trade Route
    {"players": 3, "vp_target": 5, "ships": True, "map_kind": "islands"},
]


def engine_json(view: View) -> Any:
    return json.loads(json.dumps(view.to_json()))  # tuples as lists, as on the wire


@pytest.mark.parametrize("i", range(len(RULES)))
def test_cached_view_json_equals_the_engines_for_every_seat(
    i: int, caplog: pytest.LogCaptureFixture
) -> None:
    rules = RULES[i]
    rng = random.Random(1000 + i)
    game = Game.new(Rules.from_json({**rules, "seed": rng.randrange(2**32)}))
    cache = ViewCache()
    n = rules["players"]
    last_seen: list[int | None] = [None] * n  # each seat's previous view, as a client's since
    steps = 0
    with caplog.at_level(logging.WARNING, logger="pysettlers.server"):
        while True:
            s = game.state
            for seat in (*range(n), None):
                sinces = {None, max(0, s.version - 1)}
                if seat is not None:
                    sinces.add(last_seen[seat])
                for since in sinces:
                    got = json.loads(cache.view_text(s, seat, since))
                    assert got == engine_json(observe(s, seat, since)), (seat, since, s.version)
                if seat is not None:
                    last_seen[seat] = s.version
            if s.phase == Phase.GAME_OVER or steps > 3000:
                break
            p = deciders(s)[0]
            actions = legal_actions(s, p)
            plain = [a for a in actions if " offer " not in format_action(a, s.topo)]
            # Now and then a domestic offer, so views with an offer in them are checked too.
            pick = rng.choice(actions if not plain or rng.random() < 0.05 else plain)
            game.play(pick)  # chance from the game's own seeded generator
            steps += 1
    assert game.state.phase == Phase.GAME_OVER  # the seed appears in the rules once over
    assert not cache._engine_only, "the server's layout differs from the engine's view"
    assert not caplog.records


def test_a_view_layout_unlike_the_engines_falls_back_to_the_engines_to_json(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An engine whose view gained a member the server does not lay out: the first view
    shows it, the log says so, and every view is the engine's from then on."""
    layout = ViewCache.public_json

    def stale_layout(self: ViewCache, v: View) -> dict[str, Any]:
        d = layout(self, v)
        del d["deck_size"]  # as if the engine had added deck_size after the server's layout
        return d

    monkeypatch.setattr(ViewCache, "public_json", stale_layout)
    game = Game.new(Rules.from_json({"players": 3, "seed": 7}))
    cache = ViewCache()
    rng = random.Random(7)
    with caplog.at_level(logging.WARNING, logger="pysettlers.server"):
        for _ in range(40):
            s = game.state
            for seat in (0, 1, 2, None):
                got = json.loads(cache.view_text(s, seat, None))
                assert got == engine_json(observe(s, seat, None))
            game.play(rng.choice(legal_actions(s, deciders(s)[0])))
    assert cache._engine_only
    assert [r.message for r in caplog.records if "deck_size" in r.message]
