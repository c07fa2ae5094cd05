"""Fast, view-only features for heuristic bots: production, sites, harbors, points, the deck.

What this is for: the measurements both baseline bots (``weighted``, ``greedy``) make of a
position, computed from an :class:`~pysettlers.engine.views.View` only — the static value of
each intersection on this board (pips of its producing hexes, weighted by how scarce each
resource is on this map), harbor access, the open settlement sites a player's road network
can reach within one or two more roads, a player's expected production per resource
(the robber's hex produces nothing), pieces built, the points everyone can see, what the
unseen part of the development deck is likely to hold, a player's longest road measured
on the view's road map, and the "build rate" a production sustains with bank trades (one
number for spread, scarcity and harbors). Static tables are built once per board and cached
by identity.

What this is not: no rule is re-implemented for legality (the legal action list is the only
authority on what a bot may do), no hidden information is read (nothing here takes a
``GameState``), and no decision is made here — the bots weigh these numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from pysettlers.engine import Action, ActionKind, Board, View, data
from pysettlers.engine.awards import trail_length
from pysettlers.engine.sites import closed_by
from pysettlers.engine.types import NOBODY
from pysettlers.engine.types import Bundle as Bundle  # (re-exported: the bots read F.Bundle)

from . import scenarios

# Build kinds, indexing COSTS.
ROAD, SETTLEMENT, CITY, DEV = 0, 1, 2, 3
COSTS: tuple[Bundle, Bundle, Bundle, Bundle] = (
    data.ROAD_COST,
    data.SETTLEMENT_COST,
    data.CITY_COST,
    data.DEVELOPMENT_COST,
)

# How much one pip of each resource is worth to a typical plan, before scarcity: brick,
# lumber, grain and ore all feed settlements or cities; wool only settlements and cards.
RESOURCE_WEIGHT: tuple[float, ...] = (1.0, 1.0, 0.8, 1.0, 1.0)


class BoardInfo:
    """Static per-board tables derived once from a :class:`Board` (shared by all views)."""

    __slots__ = (
        "board",
        "hex_corners",
        "hex_pips",
        "hex_res",
        "inter_hexes",
        "inter_harbor",
        "inter_paths",
        "inter_pips",
        "inter_res_pips",
        "inter_value",
        "n_hexes",
        "n_inter",
        "n_paths",
        "neighbors",
        "path_ends",
        "res_total",
        "scarcity",
    )

    def __init__(self, board: Board) -> None:
        topo = board.topology
        self.board = board
        self.n_hexes = topo.n_hexes
        self.n_inter = topo.n_intersections
        self.n_paths = topo.n_paths
        self.hex_pips: tuple[int, ...] = tuple(data.pips(n) for n in board.numbers)
        self.hex_res: tuple[int, ...] = board.hex_resource
        self.hex_corners = topo.hex_corners
        self.inter_hexes = topo.intersection_hexes
        self.inter_paths = topo.intersection_paths
        self.neighbors = topo.intersection_neighbors
        self.path_ends = topo.path_ends
        self.inter_harbor: tuple[int, ...] = board.intersection_harbor
        total = [0, 0, 0, 0, 0]
        for h, r in enumerate(self.hex_res):
            if r != NOBODY:
                total[r] += self.hex_pips[h]
        self.res_total: tuple[int, ...] = tuple(total)
        mean = sum(total) / 5 or 1.0
        # Scarcer resources are worth more per pip: the square root damps the ratio, and the
        # clip keeps a map with one huge ore hex from making ore worth nothing.
        self.scarcity: tuple[float, ...] = tuple(
            min(1.6, max(0.7, (mean / max(t, 1)) ** 0.5)) for t in total
        )
        res_pips: list[Bundle] = []
        values: list[float] = []
        for v in range(self.n_inter):
            rp = [0, 0, 0, 0, 0]
            for h in self.inter_hexes[v]:
                r = self.hex_res[h]
                if r != NOBODY:
                    rp[r] += self.hex_pips[h]
            res_pips.append((rp[0], rp[1], rp[2], rp[3], rp[4]))
            values.append(sum(rp[r] * self.scarcity[r] * RESOURCE_WEIGHT[r] for r in range(5)))
        self.inter_res_pips: tuple[Bundle, ...] = tuple(res_pips)
        self.inter_pips: tuple[int, ...] = tuple(sum(b) for b in res_pips)
        self.inter_value: tuple[float, ...] = tuple(values)


_INFO: dict[int, tuple[Board, BoardInfo]] = {}


def board_info(board: Board) -> BoardInfo:
    """The cached :class:`BoardInfo` of ``board`` (keyed by identity: boards are shared)."""
    entry = _INFO.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    if len(_INFO) > 64:  # a long tournament sees many boards; keep the cache small
        _INFO.clear()
    info = BoardInfo(board)
    _INFO[id(board)] = (board, info)
    return info


# -- hands and costs ------------------------------------------------------------------------


def missing(hand: Sequence[int], cost: Sequence[int]) -> int:
    """Cards still lacking to pay ``cost`` from ``hand`` (0: affordable)."""
    m = 0
    for r in range(5):
        d = cost[r] - hand[r]
        if d > 0:
            m += d
    return m


def can_pay(hand: Sequence[int], cost: Sequence[int]) -> bool:
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


def maritime_units(hand: Sequence[int], cost: Sequence[int], ratios: Sequence[int]) -> int:
    """Cards the bank would give for the part of ``hand`` that ``cost`` does not need."""
    return sum(max(0, h - c) // q for h, c, q in zip(hand, cost, ratios))


def own_ratios(view: View, p: int) -> tuple[int, int, int, int, int]:
    r = view.ratios
    i = 5 * p
    return (r[i], r[i + 1], r[i + 2], r[i + 3], r[i + 4])


# -- pieces, points and production --------------------------------------------------------------


def buildings(view: View, p: int) -> list[tuple[int, int]]:
    """``(intersection, level)`` of each settlement (1) and city (2) of ``p``."""
    lvl = view.building_level
    return [(v, lvl[v]) for v, o in enumerate(view.building_owner) if o == p]


def pieces(view: View, p: int) -> tuple[int, int, int]:
    """Roads, settlements and cities ``p`` has on the board."""
    roads = sum(1 for o in view.road_owner if o == p)
    s = c = 0
    lvl = view.building_level
    for v, o in enumerate(view.building_owner):
        if o == p:
            if lvl[v] == 2:
                c += 1
            else:
                s += 1
    return roads, s, c


def pieces_left(view: View, p: int) -> tuple[int, int, int]:
    """Roads, settlements and cities left in ``p``'s supply (the view's, kept by the engine)."""
    return view.pieces_left[p]


def visible_vp(view: View, p: int) -> int:
    """Points everyone can see; the viewer also counts their own hidden victory point cards."""
    vp = view.public_vp[p]
    if p == view.viewer and view.dev_cards is not None:
        vp += view.dev_cards[4]
    return vp


def expected_vp(view: View, p: int) -> float:
    """Visible points plus, for an opponent, the expected victory point cards among theirs."""
    if p == view.viewer:
        return float(visible_vp(view, p))
    return view.public_vp[p] + view.dev_counts[p] * unseen_dev_share(view)[4]


def production(view: View, p: int, info: BoardInfo, robber: int | None = None) -> list[float]:
    """Expected pips (cards per 36 rolls) per resource for ``p``; the robber's hex yields none."""
    rob = view.robber if robber is None else robber
    out = [0.0, 0.0, 0.0, 0.0, 0.0]
    lvl = view.building_level
    hp = info.hex_pips
    hr = info.hex_res
    for v, o in enumerate(view.building_owner):
        if o == p:
            k = lvl[v]
            for h in info.inter_hexes[v]:
                r = hr[h]
                if r != NOBODY and h != rob:
                    out[r] += k * hp[h]
    return out


def hex_damage(view: View, info: BoardInfo, h: int) -> list[float]:
    """Pips each player loses while the robber stands on hex ``h`` (none for a site that is
    not a hex: a scenario's site blocks no production, see :func:`site_damage`)."""
    out = [0.0] * view.n
    if not 0 <= h < info.n_hexes:
        return out
    pp = info.hex_pips[h]
    if not pp:
        return out
    bo = view.building_owner
    lvl = view.building_level
    for v in info.hex_corners[h]:
        o = bo[v]
        if o != NOBODY:
            out[o] += lvl[v] * pp
    return out


def ratios_without(view: View, p: int, info: BoardInfo, closed: int) -> list[int]:
    """``p``'s rates from the harbors at their buildings, the one on path ``closed`` left
    out (``NOBODY``: none): the rule of the scenario that closes harbors, on the view's
    pieces (its bots face's ``ratios_without``; ``LookupError`` without one)."""
    return scenarios.ratios_without()(view, p, info, closed)


def site_damage(view: View, info: BoardInfo, site: int) -> list[float]:
    """What each player loses while the robber stands on ``site``: a hex's pips, or for a
    site beyond the hexes (``Topology.site_name``) what the scenario whose site it is says
    (its bots face's ``site_damage``: the pirate on a harbor closes its trade)."""
    if site < info.n_hexes:
        return hex_damage(view, info, site)
    for damage in scenarios.site_damage():
        got = damage(view, info, site)
        if got is not None:
            return got
    raise ValueError(f"no scenario's robber stands on site {site} (beyond the hexes)")


def move_site(a: Action, info: BoardInfo) -> int:
    """The robber's site a move of the robber targets: the site a scenario's move names
    (its bots face's ``ROBBER_MOVES``), else a robber move's hex."""
    site_of = scenarios.robber_moves().get(a.kind)
    return a.hex if site_of is None else site_of(a, info)


def site_corners(info: BoardInfo, site: int) -> tuple[int, ...]:
    """The intersections whose buildings the robber on ``site`` touches (a hex's corners,
    a harbor path's two ends)."""
    if site < info.n_hexes:
        return info.hex_corners[site]
    return info.path_ends[site - info.n_hexes]


def harbor_kinds(view: View, p: int, info: BoardInfo) -> set[int]:
    """Harbor kinds (``Harbor`` values) at ``p``'s buildings."""
    ih = info.inter_harbor
    return {ih[v] for v, o in enumerate(view.building_owner) if o == p and ih[v] != NOBODY}


# -- sites and roads --------------------------------------------------------------------------


def open_site(view: View, info: BoardInfo, v: int) -> bool:
    """Whether the distance rule allows a settlement on ``v`` (ignoring road connection)."""
    return v in open_sites(view, info)


def path_pieces(view: View) -> Sequence[int] | None:
    """The owner of a scenario's piece on each path that is not a road (``-1``: none), or
    ``None`` when the rules have no such pieces: the part of the view that has
    ``path_pieces`` (the engine's ``PathPieces`` capability; as ``View.sites_of`` reads it)."""
    for part in view.ext.values():
        pieces: Sequence[int] | None = getattr(part, "path_pieces", None)
        if pieces is not None:
            return pieces
    return None


def network(view: View, p: int, info: BoardInfo) -> set[int]:
    """Intersections ``p``'s pieces touch: own buildings and the ends of own roads (and of
    a scenario's own path pieces: :func:`path_pieces`).

    Where a road may be built is the view's ``road_sites`` (the engine's rule); this set
    only tells which end of such a path is new to ``p``. An end that holds an opponent's
    building is in it when one of ``p``'s roads leads there, which changes nothing for a
    bot: a road may not continue through that intersection, so it leads nowhere new.
    """
    out = {v for v, o in enumerate(view.building_owner) if o == p}
    ends = info.path_ends
    for e, o in enumerate(view.road_owner):
        if o == p:
            out.update(ends[e])
    pieces = path_pieces(view)
    if pieces is not None:
        for e, o in enumerate(pieces):
            if o == p:
                out.update(ends[e])
    return out


_OPEN: list[tuple[View, frozenset[int]]] = []


def open_sites(view: View, info: BoardInfo) -> frozenset[int]:
    """Every intersection where the distance rule allows a settlement now (the view's)."""
    if _OPEN and _OPEN[0][0] is view:  # asked many times about the same (immutable) view
        return _OPEN[0][1]
    free = frozenset(view.open_sites)
    _OPEN[:] = [(view, free)]
    return free


def reachable_sites(
    view: View,
    p: int,
    info: BoardInfo,
    max_roads: int = 2,
    extra_road: int = -1,
    extra_building: int = -1,
    free: frozenset[int] | set[int] | None = None,
    first: bool = False,
) -> dict[int, int]:
    """Open sites and the fewest new roads ``p`` needs to reach each (0: buildable now).

    A plan, not a rule: what is legal now comes from the view — the sites at 0 roads are
    the view's ``settlement_sites``, the first road goes on one of its ``road_sites``, and
    the distance rule's open intersections are its ``open_sites`` (``free`` may pass
    :func:`open_sites` when already known). Beyond that first road the plan walks on over
    free paths, never through an intersection holding an opponent's building (a road may
    not continue through one, Almanac "Roads"). ``extra_road`` and ``extra_building`` add
    one hypothetical road or settlement of ``p`` (a bot's "what if I built this"): the
    settlement closes its own and adjacent intersections (``sites.closed_by``), and the
    road's free ends become buildable and starting points. Without a settlement in ``p``'s
    supply there is nothing to reach. ``first``: stop at the first level that holds a site
    (:func:`nearest_site`), with 0 roads and no site now, at once.
    """
    if not view.pieces_left[p][1]:
        return {}
    bo = view.building_owner
    ro = view.road_owner
    paths = info.inter_paths
    ends = info.path_ends
    if free is None:
        free = open_sites(view, info)
    if extra_building >= 0:
        free = free - set(closed_by(view.board.topology, extra_building))
    sites: dict[int, int] = {v: 0 for v in view.sites_of(p)[1] if v in free}
    # Where a hypothetical piece lets the plan start: the new settlement, the road's ends.
    start: list[int] = []
    if extra_building >= 0:
        start.append(extra_building)
    if extra_road >= 0:
        for v in ends[extra_road]:
            if bo[v] == NOBODY or bo[v] == p:
                start.append(v)
                if v in free:
                    sites[v] = 0
    if first and (sites or max_roads < 1):
        return sites
    dist: dict[int, int] = dict.fromkeys(sites, 0)
    dist.update(dict.fromkeys(start, 0))
    # One road away: the ends of the paths where p may build a road now, and of the free
    # paths from the hypothetical piece. (An end already in p's network is marked at one
    # road too; every free path from it is itself a road site, so nothing beyond is lost.)
    first_roads = [e for e in view.sites_of(p)[0] if e != extra_road]
    first_roads.extend(e for v in start for e in paths[v] if ro[e] == NOBODY and e != extra_road)
    frontier: list[int] = []
    for e in first_roads:
        for w in ends[e]:
            if w in dist:
                continue
            o = bo[w]
            if o != NOBODY and o != p:
                continue  # an opponent's building: neither a site nor a way through
            dist[w] = 1
            frontier.append(w)
            if w in free:
                sites[w] = 1
    for d in range(2, max_roads + 1):
        if first and sites:
            return sites
        nxt: list[int] = []
        for v in frontier:
            for e in paths[v]:
                if ro[e] != NOBODY or e == extra_road:
                    continue
                a, b = ends[e]
                w = b if a == v else a
                if w in dist:
                    continue
                o = bo[w]
                if o != NOBODY and o != p:
                    continue
                dist[w] = d
                nxt.append(w)
                if w in free:
                    sites[w] = d
        frontier = nxt
    return sites


def nearest_site(view: View, p: int, info: BoardInfo, max_roads: int = 2) -> int:
    """The fewest new roads ``p`` needs to reach an open site (0: one is buildable now), or
    -1 when none is within ``max_roads`` (or ``p`` has no settlement left).

    For ``max_roads`` >= 1 the same as ``min(reachable_sites(view, p, info,
    max_roads).values(), default=-1)`` (tested so; with 0 it only asks for a site now), for
    bots that only ask whether and how soon they can settle: the same walk, stopped at the
    first level with an open site instead of mapping every site (the weighted bot asks on
    each main-phase decision of the expert's playouts).
    """
    return min(reachable_sites(view, p, info, max_roads, first=True).values(), default=-1)


def longest_road(view: View, info: BoardInfo, p: int, extra: int = -1, ship: bool = False) -> int:
    """Length of ``p``'s longest road on the view's road map, with road ``extra`` added (a
    scenario's path piece, with ``ship``); with path pieces (:func:`path_pieces`: Seafarers
    ships), of the road and those pieces together (the Longest Trade Route).

    Measured by the engine's own rule (``awards.trail_length``), not a copy of it.
    """
    roads: Sequence[int] = view.road_owner
    pieces = path_pieces(view)
    if extra >= 0:
        if ship and pieces is not None:
            pieces = list(pieces)
            pieces[extra] = p
        else:
            roads = list(roads)
            roads[extra] = p
    return trail_length(view.board.topology, roads, view.building_owner, p, pieces)


# -- the development deck ----------------------------------------------------------------------


_SHARE: list[tuple[View, tuple[float, float, float, float, float]]] = []


def unseen_dev_share(view: View) -> tuple[float, float, float, float, float]:
    """Chance that a card from the deck is each kind, as far as the view knows.

    Unseen cards are the deck plus the cards opponents hold: the full deck minus every card
    played (public) and minus the viewer's own cards. Opponents' cards are as unknown as the
    deck's, so each unseen card is equally likely to be any of them.
    """
    if _SHARE and _SHARE[0][0] is view:  # asked many times about the same (immutable) view
        return _SHARE[0][1]
    share = _unseen_dev_share(view)
    _SHARE[:] = [(view, share)]
    return share


def _unseen_dev_share(view: View) -> tuple[float, float, float, float, float]:
    # The deck's make-up is public (the view's rules); played cards and our own are not in it.
    counts = list(view.rules.deck)
    played = view.played
    for p in range(view.n):
        for d in range(5):
            counts[d] -= played[5 * p + d]
    if view.dev_cards is not None:
        for d in range(5):
            counts[d] -= view.dev_cards[d]
    total = sum(max(0, c) for c in counts)
    if total <= 0:
        return (0.2, 0.2, 0.2, 0.2, 0.2)
    s = [max(0, c) / total for c in counts]
    return (s[0], s[1], s[2], s[3], s[4])


def resource_share(view: View, p: int, info: BoardInfo) -> list[float]:
    """A guess at the make-up of ``p``'s hidden hand: the shares of their production."""
    prod = production(view, p, info, robber=-1)
    total = sum(prod)
    if total <= 0:
        return [0.2] * 5
    return [x / total for x in prod]


def build_rate(income: Sequence[float], demand: Sequence[float], ratios: Sequence[float]) -> float:
    """The largest rate ``u`` of the demand mix that ``income`` can sustain with bank trades.

    Each resource is needed at ``u * demand[r]``; a shortfall must be bought with the
    surplus of other resources at the player's ``ratios`` (4:1, or a harbor's). The trade
    balance ``g(u) = Σ surplus/ratio − Σ shortfall`` falls as ``u`` grows and is linear
    between the points ``income[r]/demand[r]``, so the root is found exactly. It rewards a
    spread of resources, scarce ones and usable harbors at once — one number instead of
    three hand-tuned bonuses.
    """

    def g(u: float) -> float:
        t = 0.0
        for x, d, q in zip(income, demand, ratios):
            y = x - d * u
            t += y / q if y > 0 else y
        return t

    points = sorted({x / d for x, d in zip(income, demand) if d > 0})
    lo = 0.0
    g_lo = g(0.0)
    if g_lo <= 0:
        return 0.0
    for u in points:
        if u <= lo:
            continue
        g_u = g(u)
        if g_u <= 0:
            return lo + (u - lo) * g_lo / (g_lo - g_u)
        lo, g_lo = u, g_u
    # Beyond the last point every resource is short: g falls with slope -Σ demand.
    slope = sum(demand)
    return lo + g_lo / slope if slope > 0 else lo


def seven_choice(view: View, legal: Sequence[Action]) -> Action:
    """Alternate rule 5, the roller's choice on a 7: use it (discards, robber, a steal) unless
    the roller's own discard costs more cards than the others' discards and the steal take
    from the opponents together."""
    me = view.viewer
    assert me is not None
    own = view.discards[me]
    others = sum(view.discards) - own
    want = ActionKind.USE_SEVEN if others + 1 >= own else ActionKind.IGNORE_SEVEN
    return next((a for a in legal if a.kind == want), legal[0])


def play_victory_point(view: View, legal: Sequence[Action], chosen: Action) -> Action:
    """Alternate rule 1, where a victory point card is worth nothing until played: play one
    when it wins at once, or instead of ending the turn (the turn's development card is then
    not wanted for anything else). ``chosen`` otherwise."""
    if not view.rules.alternate or not view.rules.has("victory_points_played"):
        return chosen
    play = next((a for a in legal if a.kind == ActionKind.PLAY_VICTORY_POINT), None)
    if play is None or view.viewer is None:
        return chosen
    wins = view.public_vp[view.viewer] + 1 >= view.vp_target
    return play if wins or chosen.kind == ActionKind.END_TURN else chosen


def knight_window(view: View, legal: Sequence[Action]) -> Action:
    """Alternate rule 8, asked whether to interrupt a robber move with a knight: yes when
    the robber now stands on one of one's own buildings or one is the victim named."""
    me = view.viewer
    assert me is not None
    part = view.ext.get("knight_interrupts")
    victim = getattr(part, "victim", NOBODY)
    corners = site_corners(board_info(view.board), view.robber)
    hurt = victim == me or any(view.building_owner[v] == me for v in corners)
    want = ActionKind.INTERRUPT_KNIGHT if hurt else ActionKind.LET_ROBBER_BE
    return next((a for a in legal if a.kind == want), legal[0])
