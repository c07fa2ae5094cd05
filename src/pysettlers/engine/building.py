"""Building: roads, settlements and cities — where each may stand, and placing them.

What this is for: the site rules (one road per path; roads connect to one's own network and
do not continue through an opponent's building; the distance rule; settlements connect to
one's own road; cities upgrade one's own settlement), piece limits, costs, and the effects
of placing a piece (harbor ratios, blocked intersections, Longest Road). The set-up phase
uses the same site rules with its own connection requirement.

The rules of the three building kinds (``BuildRoad``, ``BuildSettlement``, ``BuildCity``)
stand at the end, each with its legality, options and transition side by side.

What this is not: whose decision it is (``flow.py``) or buying development cards
(``development.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from . import kinds as K
from . import phases as P
from .actions import Action, Outcome, format_bundle
from .alternate import KEEP_A_SETTLEMENT_RULE, settlements_on_board
from .awards import extend_longest_road, longest_road_of, update_longest_road
from .data import BRIDGE_COST, CITY_COST, DEVELOPMENT_COST, ROAD_COST, SETTLEMENT_COST
from .errors import IllegalActionError
from .events import CityBuilt, RoadBuilt, SettlementBuilt, StartingResources, make
from .flow import enter_build, next_setup_step
from .hands import from_bank, lower_rate
from .hands import pay as pay  # (re-exported: the scenarios pay through building)
from .registry import Rule, register
from .scenario import path_pieces_of
from .state import Bundle, GameState
from .tables import ActionTable
from .types import NOBODY, Harbor, Phase

DISTANCE_RULE = "Distance Rule"
COST_RULE = "Building Costs"


def require_cost(s: GameState, p: int, cost: Bundle, what: str) -> None:
    if not s.holds(p, cost):
        raise IllegalActionError(
            COST_RULE, f"{what} costs {format_bundle(cost)}; you hold {format_bundle(s.hand(p))}"
        )


def can_build_anything(s: GameState, p: int) -> bool:
    """Whether ``p`` could build a piece or buy a development card with their own hand."""
    if s.holds(p, DEVELOPMENT_COST) and any(s.deck):
        return True
    if s.holds(p, CITY_COST) and city_sites(s, p):
        return True
    if s.holds(p, ROAD_COST) and road_sites(s, p):
        return True
    if s.topo.n_bridge_paths and s.holds(p, BRIDGE_COST) and bridge_sites(s, p):
        return True
    if s.ruleset.path_pieces and any(x.can_build(s, p) for x in s.ruleset.path_pieces):
        return True
    return s.holds(p, SETTLEMENT_COST) and bool(settlement_sites(s, p, False))


# -- roads -------------------------------------------------------------------------------------


def road_connects(s: GameState, p: int, e: int) -> bool:
    """Whether a road on ``e`` would connect to ``p``'s road network or buildings.

    A road may continue from one's own road through an empty intersection or one's own
    building, but not through an intersection holding an opponent's building (Almanac,
    Roads, Illustration K).
    """
    topo = s.topo
    ro = s.road_owner
    bo = s.building_owner
    for v in topo.path_ends[e]:
        o = bo[v]
        if o == p:
            return True
        if o != NOBODY:
            continue
        for f in topo.intersection_paths[v]:
            if f != e and ro[f] == p:
                return True
    return False


def road_site_error(s: GameState, p: int, e: int) -> str | None:
    """Why ``p`` may not build a road on path ``e`` now (ignoring cost), or ``None``."""
    if not 0 <= e < s.topo.n_paths:
        return f"there is no path {e}"
    if e >= s.topo.n_road_paths:
        return sea_path_error(s.topo.path_names[e])
    if e >= s.topo.n_land_paths:
        return (
            f"{s.topo.path_names[e]} lies between two water or port hexes: only a bridge can "
            "be built there"
        )
    return path_site_error(s, p, e)


def sea_path_error(name: str) -> str:
    """Why no road or bridge goes on the open sea's path ``name`` (Seafarers ships)."""
    return (
        f"{name} is a path of the open sea: ships "
        '"serve as roads over water" (002); roads and bridges are never built there'
    )


def path_site_error(s: GameState, p: int, e: int) -> str | None:
    """Why ``p`` may not put a road piece (a road, or a bridge over water) on path ``e``."""
    if s.road_owner[e] != NOBODY:
        return f"only one road can be built on a path; {s.topo.path_names[e]} is taken"
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None
    if ships is not None and ships[e] != NOBODY:
        return f"a path holds one piece; a ship stands on {s.topo.path_names[e]}"
    if s.roads_left[p] <= 0:
        return "you have built all 15 of your roads"
    if s.setup_vertex != NOBODY:
        if s.setup_vertex not in s.topo.path_ends[e]:
            name = s.topo.intersection_names[s.setup_vertex]
            return (
                "in the set-up phase the road must be adjacent to the settlement "
                f"just built ({name})"
            )
        return None
    if not road_connects(s, p, e):
        return (
            "a new road must connect to one of your roads, settlements or cities, and cannot "
            "continue through an intersection occupied by an opponent's building"
        )
    return None


def bits(mask: int) -> list[int]:
    """The set bits of ``mask`` in increasing order (a frontier as ids)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def road_sites(s: GameState, p: int) -> list[int]:
    """All paths where ``p`` may build a road now (ignoring cost), in id order.

    Read from ``p``'s road frontier, which ``place_road``/``place_settlement``/``remove_road``
    keep current (the invariant harness checks it against :func:`scan_road_sites`)."""
    if s.roads_left[p] <= 0:
        return []
    topo = s.topo
    if s.setup_vertex != NOBODY:
        ro = s.road_owner
        land = topo.n_land_paths
        return sorted(
            e for e in topo.intersection_paths[s.setup_vertex] if ro[e] == NOBODY and e < land
        )
    if topo.n_paths != topo.n_land_paths:  # the frontier also holds paths over water
        return bits(s.road_frontier[p] & ((1 << topo.n_land_paths) - 1))
    return bits(s.road_frontier[p])


def bridge_sites(s: GameState, p: int) -> list[int]:
    """The bridge paths (over water) where ``p`` may build a bridge now, ignoring cost: the
    frontier's paths from ``n_land_paths`` on (a bridge connects "exactly like roads")."""
    if s.roads_left[p] <= 0 or s.setup_vertex != NOBODY:
        return []
    t = s.topo
    # Between the land paths and the open sea's (which take ships only, topology.py).
    return bits(
        s.road_frontier[p] >> t.n_land_paths << t.n_land_paths & ((1 << t.n_road_paths) - 1)
    )


def road_piece_sites(s: GameState, p: int) -> list[int]:
    """Where ``p`` may place a piece of the Road Building card now: a road, or a bridge on a
    board with water, or what a scenario adds (a ship: ``extra_road_building_sites``)."""
    sites = road_sites(s, p)
    if s.topo.n_bridge_paths:
        sites += bridge_sites(s, p)
    for x in s.ruleset.path_pieces:
        sites += x.extra_road_building_sites(s, p)
    return sites


def scan_road_sites(s: GameState, p: int, ships: Sequence[int] | None = None) -> list[int]:
    """The free paths a road of ``p`` would connect to, found from scratch over the board
    (the road frontier's definition; no supply or set-up rule). For recounts and for
    states that keep no frontier (``sites.py``'s snapshots, a road lifted for a query).
    ``ships`` — the owners of the ships by path (Seafarers): a path with a ship is not free."""
    topo = s.topo
    ro = s.road_owner
    bo = s.building_owner
    vpaths = topo.intersection_paths
    ends = topo.path_ends
    # Intersections from which p can extend: p's buildings, and the ends of p's roads
    # that hold no opponent's building.
    sources = {v for v, o in enumerate(bo) if o == p}
    for e, o in enumerate(ro):
        if o == p:
            for v in ends[e]:
                if bo[v] == NOBODY or bo[v] == p:
                    sources.add(v)
    out = {f for v in sources for f in vpaths[v] if ro[f] == NOBODY}
    if ships is not None:
        out = {f for f in out if ships[f] == NOBODY}
    return sorted(out)


def place_road(s: GameState, p: int, e: int) -> None:
    s.pieces_changed += 1
    s.road_owner[e] = p
    s.roads_left[p] -= 1
    topo = s.topo
    # The frontiers: nobody may build on e any more; p may now reach the free paths at its
    # ends (others gain nothing from p's road); the ends join p's settlement frontier.
    fr = s.road_frontier
    bit = ~(1 << e)
    for q in range(s.n):
        fr[q] &= bit
    ro = s.road_owner
    bo = s.building_owner
    gained = 0
    blocked = s.blocked
    for v in topo.path_ends[e]:
        # The new road reaches the free paths at v unless an opponent's building stands
        # there; paths at such a v connect only through their other end, which this road
        # did not change (no two paths of the board share both ends).
        o = bo[v]
        if o in (NOBODY, p):
            for f in topo.intersection_paths[v]:
                if ro[f] == NOBODY:
                    gained |= 1 << f
        if not blocked[v]:
            s.settle_frontier[p] |= 1 << v
    if s.ruleset.path_pieces:
        ships = path_pieces_of(s)
        if ships is not None:  # a path with a ship takes no road (Seafarers)
            for f in bits(gained):
                if ships[f] != NOBODY:
                    gained &= ~(1 << f)
    fr[p] |= gained
    extend_longest_road(s, p, e)


def remove_road(s: GameState, e: int) -> None:
    """Take the road off path ``e`` back into its owner's supply (a helper moving a road),
    keeping the frontiers and the owner's road length current. The Longest Road card is
    left to the caller, who re-awards it once the move is complete."""
    p = s.road_owner[e]
    s.pieces_changed += 1
    s.road_owner[e] = NOBODY
    s.roads_left[p] += 1
    topo = s.topo
    near = {e} | {f for v in topo.path_ends[e] for f in topo.intersection_paths[v]}
    refresh_road_frontiers(s, near)
    ro = s.road_owner
    blocked = s.blocked
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None
    for v in topo.path_ends[e]:
        mine = any(ro[f] == p for f in topo.intersection_paths[v])
        if ships is not None and not mine:  # the end of one of p's ships stays a site
            mine = any(ships[f] == p for f in topo.intersection_paths[v])
        if mine and not blocked[v]:
            s.settle_frontier[p] |= 1 << v
        else:
            s.settle_frontier[p] &= ~(1 << v)
    s.road_length[p] = longest_road_of(s, p)


def refresh_road_frontiers(s: GameState, paths: set[int] | tuple[int, ...]) -> None:
    """Every player's road frontier on ``paths``, recomputed (after a change near them)."""
    ro = s.road_owner
    fr = s.road_frontier
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None
    for f in paths:
        bit = 1 << f
        free = ro[f] == NOBODY and (ships is None or ships[f] == NOBODY)
        for q in range(s.n):
            if free and road_connects(s, q, f):
                fr[q] |= bit
            else:
                fr[q] &= ~bit


# -- settlements and cities --------------------------------------------------------------------


def settlement_site_error(s: GameState, p: int, v: int, setup: bool) -> str | None:
    """Why ``p`` may not build a settlement on ``v`` now (ignoring cost), or ``None``."""
    topo = s.topo
    if not 0 <= v < topo.n_intersections:
        return f"there is no intersection {v}"
    if v >= topo.n_land_intersections:
        return (
            f"{topo.intersection_names[v]} lies on the open sea, touching no land hex: "
            "settlements and cities are built on intersections of land"
        )
    if s.building_owner[v] != NOBODY:
        return f"{topo.intersection_names[v]} is already occupied"
    if s.blocked[v]:
        return (
            f"distance rule: an intersection next to {topo.intersection_names[v]} holds a "
            "settlement or city"
        )
    if s.settlements_left[p] <= 0:
        return "you have built all 5 of your settlements; upgrade one to a city first"
    if not setup and not any(s.road_owner[e] == p for e in topo.intersection_paths[v]):
        ships = path_pieces_of(s) if s.ruleset.path_pieces else None
        # Seafarers: a ship line ends at a settlement (002), so a ship connects one too.
        if ships is None or not any(ships[e] == p for e in topo.intersection_paths[v]):
            return "each settlement must connect to at least one of your own roads" + (
                " or ships" if ships is not None else ""
            )
    return None


def settlement_sites(s: GameState, p: int, setup: bool) -> list[int]:
    """All intersections where ``p`` may build a settlement now (ignoring cost): read from
    ``p``'s settlement frontier (unblocked ends of ``p``'s roads), kept current on building."""
    if s.settlements_left[p] <= 0:
        return []
    if setup:
        return [v for v, b in enumerate(s.blocked) if not b]
    return bits(s.settle_frontier[p])


def scan_settlement_sites(
    s: GameState,
    p: int,
    blocked: Sequence[int] | None = None,
    ships: Sequence[int] | None = None,
) -> list[int]:
    """The unblocked ends of ``p``'s roads (and ``ships``, by path, with Seafarers), found
    from scratch (the settlement frontier's definition; no supply rule). For recounts (with
    their own ``blocked`` counts) and frontier-less snapshots."""
    if blocked is None:
        blocked = s.blocked
    ends = s.topo.path_ends
    out = {v for e, o in enumerate(s.road_owner) if o == p for v in ends[e] if not blocked[v]}
    if ships is not None:
        out |= {v for e, o in enumerate(ships) if o == p for v in ends[e] if not blocked[v]}
    return sorted(out)


def place_settlement(s: GameState, p: int, v: int) -> None:
    s.pieces_changed += 1
    topo = s.topo
    s.building_owner[v] = p
    s.building_level[v] = 1
    s.settlements_left[p] -= 1
    s.public_vp[p] += 1
    blocked = s.blocked
    blocked[v] += 1
    closed = 1 << v
    for w in topo.intersection_neighbors[v]:
        blocked[w] += 1
        closed |= 1 << w
    # The distance rule closes v and its neighbours to everyone's settlements; the paths at
    # v open to p and may close to the others (a road does not pass an opponent's building).
    sf = s.settle_frontier
    for q in range(s.n):
        sf[q] &= ~closed
    refresh_road_frontiers(s, topo.intersection_paths[v])
    # The robber's victims and the production of each number include this building.
    board = s.board
    prod = list(s.prod)
    for h in topo.intersection_hexes[v]:
        s.hex_owners[h] |= 1 << p
        n = board.numbers[h]
        if n:
            prod[n] = tuple(sorted((*prod[n], (h, v))))  # in a canonical order, as recount
    s.prod = tuple(prod)
    # Harbor: usable at once, even this turn (Almanac, Combined Trade/Build Phase).
    kind = s.board.intersection_harbor[v]
    if kind != NOBODY:
        for h in s.board.harbors_at(v):
            if h == Harbor.GENERIC:
                for r in range(5):
                    lower_rate(s, p, r, 3)
            else:
                lower_rate(s, p, int(h), 2)
    # A settlement can break an opponent's road that runs through this intersection.
    ro = s.road_owner
    broken = {ro[e] for e in topo.intersection_paths[v] if ro[e] != NOBODY and ro[e] != p}
    others = [q for q in broken if sum(ro[e] == q for e in topo.intersection_paths[v]) >= 2]
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None
    if ships is not None:
        # A trade route is broken here too: two pieces of another player, roads or ships.
        vp = topo.intersection_paths[v]
        owners = {x[e] for x in (ro, ships) for e in vp if x[e] != NOBODY and x[e] != p}
        others = [q for q in sorted(owners) if sum(ro[e] == q or ships[e] == q for e in vp) >= 2]
        if any(ro[e] == p for e in vp) and any(ships[e] == p for e in vp):
            others.append(p)  # one's own settlement joins one's road and ship here
    if others:
        update_longest_road(s, sorted(others))


def city_site_error(s: GameState, p: int, v: int) -> str | None:
    topo = s.topo
    if not 0 <= v < topo.n_intersections:
        return f"there is no intersection {v}"
    if s.building_owner[v] != p or s.building_level[v] != 1:
        return (
            "a city can only replace one of your own settlements; "
            f"{topo.intersection_names[v]} holds none"
        )
    if s.cities_left[p] <= 0:
        return "you have built all 4 of your cities"
    return None


def city_sites(s: GameState, p: int) -> list[int]:
    if s.cities_left[p] <= 0:
        return []
    lvl = s.building_level
    return [v for v, o in enumerate(s.building_owner) if o == p and lvl[v] == 1]


def place_city(s: GameState, p: int, v: int) -> None:
    s.pieces_changed += 1
    s.building_level[v] = 2
    s.cities_left[p] -= 1
    s.settlements_left[p] += 1  # the settlement piece returns to the supply
    s.public_vp[p] += 1


def starting_resources(s: GameState, p: int, v: int) -> None:
    """One resource from each hex around ``p``'s second (or starred) settlement ``v``."""
    res = s.board.hex_resource
    for h in s.topo.intersection_hexes[v]:
        r = res[h]
        if r != NOBODY and s.bank[r]:
            from_bank(s, p, r)
    s.events.append(StartingResources(p, s.hand(p)))


# -- the rules ---------------------------------------------------------------------------------

# The phases in which building is paid for (the set-up phase and Road Building are free).
_PAID: Final = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})


def free_piece_placed(s: GameState, p: int) -> None:
    """One of Road Building's free pieces (a road, or a scenario's bridge or ship) is placed:
    the card ("place 2 free roads on the board (according to normal building rules)",
    Almanac) ends when none is left, or when ``p`` has nowhere to place another."""
    s.free_roads -= 1
    if s.free_roads <= 0 or not road_piece_sites(s, p):
        s.free_roads = 0
        s.phase = s.resume


class BuildRoad(Rule):
    kind = K.BUILD_ROAD
    name = "Roads"
    phases = frozenset({P.SETUP_ROAD, P.MAIN, P.BUILD, P.ROAD_BUILDING, P.SPECIAL_BUILD})
    order = 10
    fields: tuple[str, ...] = ("a",)
    spends = True

    def needs(self, phase: Phase) -> int:
        return 0b00011 if phase in _PAID else 0  # brick, lumber

    def error(self, s: GameState, a: Action) -> str | None:
        err = road_site_error(s, a.player, a.path)
        if err is None and s.phase in _PAID:
            require_cost(s, a.player, ROAD_COST, "a road")
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        ph = s.phase
        h = s.hands
        # Speed device (``hands.py``): the road cost, brick and lumber, read in the hands'
        # flat layout (as the other options here): listed on nearly every step of a game,
        # ``s.holds(p, ROAD_COST)`` would cost CPython a call each time.
        if ph == P.SETUP_ROAD or ph == P.ROAD_BUILDING or (h[5 * p] and h[5 * p + 1]):
            row = t.road[p]
            out.extend([row[e] for e in road_sites(s, p)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        e = a.path
        ph = s.phase
        # Each event is recorded before the award changes the piece may cause.
        if ph == P.SETUP_ROAD:
            s.events.append(make(RoadBuilt, (p, e)))
            place_road(s, p, e)
            for x in s.ruleset.set_ups:
                x.after_setup_road(s, p)
            next_setup_step(s)
        elif ph == P.ROAD_BUILDING:
            s.events.append(make(RoadBuilt, (p, e)))
            place_road(s, p, e)
            free_piece_placed(s, p)
        else:
            pay(s, p, ROAD_COST)
            s.events.append(make(RoadBuilt, (p, e)))
            place_road(s, p, e)
            enter_build(s)
        return None


class BuildSettlement(Rule):
    kind = K.BUILD_SETTLEMENT
    name = "Settlements"
    phases = frozenset({P.SETUP_SETTLEMENT, P.MAIN, P.BUILD, P.SPECIAL_BUILD})
    order = 11
    fields: tuple[str, ...] = ("a",)
    spends = True

    def needs(self, phase: Phase) -> int:
        return 0b01111 if phase in _PAID else 0  # brick, lumber, wool, grain

    def error(self, s: GameState, a: Action) -> str | None:
        setup = s.phase == P.SETUP_SETTLEMENT
        err = settlement_site_error(s, a.player, a.intersection, setup)
        if err and err.startswith("distance"):
            raise IllegalActionError(DISTANCE_RULE, err)
        if err is None and not setup:
            require_cost(s, a.player, SETTLEMENT_COST, "a settlement")
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        row = t.settlement[p]
        if s.phase == P.SETUP_SETTLEMENT:
            out.extend([row[v] for v in settlement_sites(s, p, True)])
            return
        h = s.hands
        i = 5 * p
        if h[i] and h[i + 1] and h[i + 2] and h[i + 3]:  # brick, lumber, wool, grain
            out.extend([row[v] for v in settlement_sites(s, p, False)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        v = a.intersection
        if s.phase == P.SETUP_SETTLEMENT:
            s.events.append(make(SettlementBuilt, (p, v)))
            place_settlement(s, p, v)
            if s.setup_step >= s.n:  # second round: starting resources
                starting_resources(s, p, v)
            s.setup_vertex = v
            s.phase = P.SETUP_ROAD
        else:
            pay(s, p, SETTLEMENT_COST)
            s.events.append(make(SettlementBuilt, (p, v)))
            place_settlement(s, p, v)
            enter_build(s)
        return None


class BuildCity(Rule):
    kind = K.BUILD_CITY
    name = "Cities"
    phases = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})
    order = 12
    fields: tuple[str, ...] = ("a",)
    spends = True

    def needs(self, phase: Phase) -> int:
        return 0b11000  # grain, ore

    def error(self, s: GameState, a: Action) -> str | None:
        err = city_site_error(s, a.player, a.intersection)
        if err is None:
            if s.ruleset.alternate and _last_settlement(s, a.player):
                raise IllegalActionError(
                    KEEP_A_SETTLEMENT_RULE,
                    f"p{a.player} must keep at least one settlement on the board, so their "
                    "last one cannot become a city",
                )
            require_cost(s, a.player, CITY_COST, "a city")
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        h = s.hands
        if h[5 * p + 3] >= 2 and h[5 * p + 4] >= 3:  # 2 grain, 3 ore
            if s.ruleset.alternate and _last_settlement(s, p):
                return
            row = t.city[p]
            out.extend([row[v] for v in city_sites(s, p)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        v = a.intersection
        pay(s, p, CITY_COST)
        place_city(s, p, v)
        s.events.append(make(CityBuilt, (p, v)))
        enter_build(s)
        return None


def _last_settlement(s: GameState, p: int) -> bool:
    """Alternate rule 7 in play and ``p`` down to one settlement on the board."""
    return s.rules.has("keep_a_settlement") and settlements_on_board(s, p) <= 1


# The costs written out in the options above for speed must stay the Building Costs Card's.
assert ROAD_COST == (1, 1, 0, 0, 0) and SETTLEMENT_COST == (1, 1, 1, 1, 0)
assert CITY_COST == (0, 0, 0, 2, 3) and DEVELOPMENT_COST == (0, 0, 1, 1, 1)


# Registered by call, not by decorator: mypyc compiles only undecorated classes.
for _rule in (
    BuildRoad,
    BuildSettlement,
    BuildCity,
):
    register(_rule)
