"""Ship positions shared by the ships' rule tests, the renderer's and the browser's.

The north coast of the 19-hex island (``COAST``) and ``examples/maps/channel.json``
(``ISLES``: a water channel between two rows of land), and :func:`at`, a position with ships.
"""

from __future__ import annotations

from typing import Any

from pysettlers.engine import GameState, Rules, load_state, save_state
from pysettlers.engine.awards import trail_length
from pysettlers.engine.data import LONGEST_ROAD_MIN
from support.builders import position
from support.paths import EXAMPLES

CHANNEL = (EXAMPLES / "maps" / "channel.json").read_text()
COAST = Rules(players=3, ships=True, seed=1)
ISLES = Rules(players=3, map_kind="described", map_description=CHANNEL, ships=True)
SHIP = "1lumber+1wool"


def at(
    rules: Rules,
    pieces: dict[str, dict[str, list[str]]],
    ships: dict[str, str] | None = None,
    built: int = 1,
    **kw: Any,
) -> GameState:
    """A position with ``ships`` (``{path: "p0"}``, built on turn ``built``) added to the
    pieces; Longest Road (Trade Route) given to the sole leader of 5 or more."""
    s = position(rules, pieces=pieces, longest_road=None, **kw)
    doc = save_state(s)
    doc["ships"]["ships"] = [
        {"path": path, "player": int(who[1:]), "built_turn": built}
        for path, who in (ships or {}).items()
    ]
    topo = s.topo
    so = [-1] * topo.n_paths
    for path, who in (ships or {}).items():
        so[topo.parse_path(path)] = int(who[1:])
    lengths = [
        trail_length(topo, s.road_owner, s.building_owner, p, so) for p in range(rules.players)
    ]
    best = max(lengths)
    if best >= LONGEST_ROAD_MIN and lengths.count(best) == 1:
        doc["longest_road"] = lengths.index(best)
    return load_state(doc)


OPEN = {"p0": {"settlements": ["(2,-2)N"]}}
"""A settlement on the north coast, where a line of ships starts."""
LINE = {"(2,-2)NW": "p0", "(1,-2)NE": "p0"}
"""Two ships out from :data:`OPEN`'s settlement: a line with an open end."""
