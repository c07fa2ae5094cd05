"""Building sites as views carry them: where each player could build, by the building rules.

What this is for: the per-player sites a view publishes (``views.observe``) so that bots
and other adapters read the rule instead of restating it — the paths where a player may
build a road, the intersections where they may build a settlement, the settlements they may
upgrade to cities (all ignoring cost), the intersections the distance rule leaves open,
and which intersections one more settlement would close. Every answer comes from
``building.py``'s own functions or the state's ``blocked`` counts.

The sites are those of a normal turn. In the set-up phase the road being placed must touch
the settlement just built (``setup_vertex``), a restriction of that one step that
``legal_actions`` applies; the sites here ignore it, so that a plan built on them (where
could this player build after a few more roads) holds for the rest of the game.

What this is not: legality of an action now (``legal_actions``: cost, phase, set-up), and no
search beyond the present position — a bot's plans over several roads stay in the bot.
"""

from __future__ import annotations

from collections.abc import Sequence

from .building import city_sites, scan_road_sites, scan_settlement_sites
from .config import Rules
from .state import GameState
from .topology import Topology
from .types import NOBODY

Sites = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Where one player could build: (roads' paths, settlements' and cities' intersections)."""


def normal_road_sites(s: GameState, p: int, ships: Sequence[int] | None = None) -> list[int]:
    """Paths where ``p`` may build a road in a normal turn (ignoring cost), in id order.

    ``building.scan_road_sites`` (the connection rule, found from the pieces: a snapshot
    keeps no frontier), without the set-up's restriction to the settlement just built;
    empty without a road in the supply.
    """
    if s.roads_left[p] <= 0:
        return []
    land = s.topo.n_land_paths  # a path over water takes a bridge, not a road
    return [e for e in scan_road_sites(s, p, ships) if e < land]


def player_sites(s: GameState, p: int, ships: Sequence[int] | None = None) -> Sites:
    """``(roads, settlements, cities)``: where ``p`` could build each piece in a normal turn.

    Each is empty when ``p`` has no such piece left in their supply; settlements must
    connect to one of ``p``'s roads and keep the distance rule. Under alternate rule 7
    (``keep_a_settlement``) a player's last settlement is no city site: ``BuildCity``
    refuses to upgrade it, and the sites say what the rules allow. ``ships`` — with
    Seafarers, the ships' owners by path: no road where a ship stands, and a settlement may
    connect to a ship.
    """
    cities = city_sites(s, p)
    if len(cities) == 1 and s.rules.alternate and s.rules.has("keep_a_settlement"):
        cities = []
    return (
        tuple(normal_road_sites(s, p, ships)),
        tuple(scan_settlement_sites(s, p, None, ships)) if s.settlements_left[p] > 0 else (),
        tuple(cities),
    )


def scratch_state(
    topo: Topology,
    building_owner: Sequence[int],
    building_level: Sequence[int],
    road_owner: Sequence[int],
    blocked: Sequence[int],
    pieces_left: Sequence[tuple[int, int, int]],
    rules: Rules,
) -> GameState:
    """A state holding only what the building rules read, from a snapshot of the pieces
    (a view's), for :func:`player_sites`: they answer exactly as on the game's own state,
    and the view never keeps the live state. Not a game: nothing else is set."""
    s = GameState.__new__(GameState)
    s.topo = topo
    s.rules = rules
    s.building_owner = list(building_owner)
    s.building_level = list(building_level)
    s.road_owner = list(road_owner)
    s.blocked = list(blocked)
    s.roads_left = [r for r, _, _ in pieces_left]
    s.settlements_left = [k for _, k, _ in pieces_left]
    s.cities_left = [c for _, _, c in pieces_left]
    s.setup_vertex = NOBODY  # the normal rule (module docstring)
    return s


def open_intersections(blocked: Sequence[int]) -> tuple[int, ...]:
    """Intersections where the distance rule allows a settlement (ignoring roads and supply),
    from the state's ``blocked`` counts: no settlement or city on them or next to them."""
    return tuple(v for v, b in enumerate(blocked) if not b)


def closed_by(topo: Topology, v: int) -> tuple[int, ...]:
    """The intersections a settlement on ``v`` closes to further settlements by the distance
    rule: ``v`` itself and its adjacent intersections (as ``place_settlement`` blocks them)."""
    return (v, *topo.intersection_neighbors[v])
