"""The helpers that build, buy or move the robber (Helpers of CATAN, "Helpers in Detail").

What this is for: Candamir (a development card bought with 1 resource substituted, 3 drawn
and 1 kept), Lin (the robber to the desert for a card of the vacated hex), Louis (a road
moved), Vincent (a played knight discarded for a cheap settlement or city) and William (a
road with 1 resource substituted) — for each, side by side, when its advantage applies and
what it does, exactly as the rulebook's full description says (R5 pp. 8–9; the card texts
are only summaries), and the unit forms ``legal_actions`` lists.

Each advantage has ``*_error(s, p, a)`` (why ``a`` is not legal now, ``None`` if it is),
``*_options(s, p, t, out)`` (append its legal unit forms from the prebuilt table) and
``*_apply(s, p, a, outcome)`` (carry it out; returns ``(outcome, done)``, ``done`` being
``False`` when the advantage continues with a decision of its own phase, like Candamir's
card to keep).

What this is not: the prohibitions, flipping and exchanging (``rules.py``), the helpers
that take or trade cards (``trade.py``), or the base building rules reused here.
"""

from __future__ import annotations

from math import comb

from pysettlers.engine import data, rng
from pysettlers.engine.actions import Action, Outcome
from pysettlers.engine.awards import update_largest_army, update_longest_road
from pysettlers.engine.building import (
    city_site_error,
    city_sites,
    pay,
    place_city,
    place_road,
    place_settlement,
    remove_road,
    road_site_error,
    road_sites,
    scan_road_sites,
    settlement_site_error,
    settlement_sites,
)
from pysettlers.engine.development import draw
from pysettlers.engine.events import CityBuilt, RoadBuilt, SettlementBuilt
from pysettlers.engine.hands import from_bank, remove_played
from pysettlers.engine.scenario import path_pieces_of
from pysettlers.engine.state import GameState
from pysettlers.engine.types import NOBODY, DevCard

from . import phases as HP
from .events import CandamirBought, CandamirDrew, LinMoved, LouisMoved, VincentBuilt, WilliamPaid
from .state import hx_of
from .table import (
    CANDAMIR_PAYMENTS,
    VINCENT_COSTS,
    WILLIAM_PAYMENTS,
    HelperTable,
    Result,
)

# -- Candamir ----------------------------------------------------------------------------------
# "When you buy a development card, you may substitute 1 of the 3 resources with any 1 other
# resource of your choice. Additionally, when taking that development card, instead of
# drawing 1 card at random from the top of the development card deck, draw the top 3 cards
# and choose 1 of them to keep. Return the 2 cards you did not choose and reshuffle."


def candamir_error(s: GameState, p: int, a: Action) -> str | None:
    if not any(s.deck):
        return "the development card deck is empty"
    if a.give not in CANDAMIR_PAYMENTS:
        return (
            "pay wool, grain and ore, or substitute 1 of the 3 with any 1 other resource "
            "(e.g. wool, grain and lumber)"
        )
    if not s.holds(p, a.give):
        return "you do not hold the resources you name"
    return None


def candamir_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    if any(s.deck):
        row = t.candamir[p]
        out.extend([row[i] for i, b in enumerate(CANDAMIR_PAYMENTS) if s.holds(p, b)])


def candamir_draws(deck: list[int]) -> list[tuple[tuple[int, ...], float]]:
    """The sets of cards Candamir may draw (sorted) with their probabilities.

    The top 3 cards of a shuffled deck (all of them if fewer are left): a draw without
    replacement, so each multiset has the multivariate hypergeometric probability.
    """
    total = sum(deck)
    k = min(data.CANDAMIR_DRAW, total)
    out: list[tuple[tuple[int, ...], float]] = []
    whole = comb(total, k)

    def walk(card: int, left: int, chosen: list[int], ways: int) -> None:
        if card == 5:
            if left == 0:
                out.append((tuple(chosen), ways / whole))
            return
        for c in range(min(left, deck[card]) + 1):
            walk(card + 1, left - c, chosen + [card] * c, ways * comb(deck[card], c))

    walk(0, k, [], 1)
    return out


def candamir_outcome_error(s: GameState, outcome: Outcome) -> str | None:
    k = min(data.CANDAMIR_DRAW, sum(s.deck))
    if not isinstance(outcome, tuple) or len(outcome) != k:
        return f"Candamir draws {k} card(s); {outcome!r} is not {k} development card(s)"
    need = [0] * 5
    for c in outcome:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 5:
            return f"{c!r} is not a development card"
        need[c] += 1
    if any(need[c] > s.deck[c] for c in range(5)):
        return f"the deck does not hold {outcome!r}"
    return None


def candamir_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    hx = hx_of(s)
    if outcome is None:
        left = s.deck[:]
        cards = []
        for _ in range(min(data.CANDAMIR_DRAW, sum(left))):
            c, s.rng_hi, s.rng_lo = rng.weighted_halves(s.rng_hi, s.rng_lo, left)
            left[c] -= 1
            cards.append(c)
        outcome = tuple(sorted(cards))
    else:
        assert isinstance(outcome, tuple)
        outcome = tuple(sorted(outcome))
    pay(s, p, a.give)
    s.events.append(CandamirBought(p, a.give))
    # The cards stay counted in the deck until one is kept; the other two go back into it
    # and the deck is reshuffled (the deck is kept as counts, so nothing more to do).
    hx.drawn = outcome
    s.events.append(CandamirDrew(p, outcome))
    hx.owner = p
    s.phase = HP.CANDAMIR_KEEP
    return outcome, False


def keep_error(s: GameState, p: int, a: Action) -> str | None:
    if a.card not in hx_of(s).drawn:
        return "keep one of the cards you drew"
    return None


def keep_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    row = t.keep[p]
    out.extend([row[d] for d in sorted(set(hx_of(s).drawn))])


def keep_apply(s: GameState, p: int, a: Action) -> bool:
    hx = hx_of(s)
    hx.drawn = ()
    draw(s, p, a.card)  # counts as bought this turn: it may not be played before the next
    return True


# -- Lin ---------------------------------------------------------------------------------------
# "You may use it before or after resolving your production roll. If the robber is on a
# terrain hex, you may move the robber to the desert. After moving the robber this way, you
# receive 1 resource of the type produced by the vacated hex." Note 1: no card is taken from
# a player at the desert. Note 2: not in the middle of resolving the roll (nor a 7).


def _deserts(s: GameState) -> list[int]:
    return [h for h, r in enumerate(s.board.hex_resource) if r == NOBODY]


def _on_terrain(s: GameState) -> bool:
    """Whether the robber is on a terrain hex: not on the desert, nor (with the pirate,
    003 "1. Pirate") on a harbor, which Lin's text does not name."""
    return s.robber < s.topo.n_hexes and s.board.hex_resource[s.robber] != NOBODY


def lin_error(s: GameState, p: int, a: Action) -> str | None:
    if s.robber >= s.topo.n_hexes:
        return "the robber is not on a terrain hex (the pirate is on a harbor)"
    if s.board.hex_resource[s.robber] == NOBODY:
        return "the robber is not on a terrain hex (it is on the desert)"
    if a.hex not in _deserts(s):
        return "Lin moves the robber to the desert"
    return None


def lin_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    if _on_terrain(s):
        row = t.lin[p]
        out.extend([row[h] for h in _deserts(s)])


def lin_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    vacated = s.robber
    r = s.board.hex_resource[vacated]
    s.robber = a.hex
    got: int | None = None
    if s.bank[r]:  # the bank's limit: none left, none received
        from_bank(s, p, r)
        got = r
    s.events.append(LinMoved(p, vacated, a.hex, got))
    return None, True


# -- Louis -------------------------------------------------------------------------------------
# "You may remove 1 of your roads from the board and rebuild it for free. Louis can only move
# a road where 1 of its 2 ends is not connected to any of your other pieces (ignore
# opponents' pieces when you are checking connections)."


def _free_end(s: GameState, p: int, e: int) -> bool:
    topo = s.topo
    ro = s.road_owner
    bo = s.building_owner
    for v in topo.path_ends[e]:
        if bo[v] != p and not any(f != e and ro[f] == p for f in topo.intersection_paths[v]):
            return True
    return False


def louis_roads(s: GameState, p: int) -> list[int]:
    """``p``'s roads that Louis may move: one end touches none of ``p``'s other pieces."""
    return [e for e, o in enumerate(s.road_owner) if o == p and _free_end(s, p, e)]


def _sites_without(s: GameState, p: int, e: int) -> list[int]:
    """Where ``p`` could build a road if the road on ``e`` were lifted (``e`` excluded).

    The road is lifted for the query only, so that the building rules decide (connection to
    one's own network, not through an opponent's building) without being restated here.
    """
    s.road_owner[e] = NOBODY
    try:
        # From scratch: the state's frontiers do not know of a road lifted for a query.
        # A road moves to a land path only (a path over water takes a bridge, 003).
        land = s.topo.n_land_paths
        ships = path_pieces_of(s) if s.ruleset.path_pieces else None  # no road on a ship
        return [f for f in scan_road_sites(s, p, ships) if f != e and f < land]
    finally:
        s.road_owner[e] = p


def louis_error(s: GameState, p: int, a: Action) -> str | None:
    e, f = a.path, a.to_path
    n_paths = s.topo.n_paths
    if not 0 <= e < n_paths or s.road_owner[e] != p:
        return "move one of your own roads"
    if not _free_end(s, p, e):
        return (
            f"the road on {s.topo.path_names[e]} is connected to your pieces at both ends; "
            "Louis moves only a road with one end free of your other pieces"
        )
    if f == e:
        return "rebuild the road somewhere else"
    if not 0 <= f < n_paths or f not in _sites_without(s, p, e):
        s.road_owner[e] = NOBODY
        s.roads_left[p] += 1
        try:
            why = road_site_error(s, p, f) or "you could not build a road there"
        finally:
            s.road_owner[e] = p
            s.roads_left[p] -= 1
        return why
    return None


def louis_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    for e in louis_roads(s, p):
        out.extend([t.louis_move(p, e, f) for f in _sites_without(s, p, e)])


def louis_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    s.events.append(LouisMoved(p, a.path, a.to_path))
    remove_road(s, a.path)
    place_road(s, p, a.to_path)
    update_longest_road(s, (p,))  # the move as a whole can win or lose Longest Road
    return None, True


# -- Vincent -----------------------------------------------------------------------------------
# "You may discard 1 knight card that you have already played to reduce your building costs
# as follows (choose one): build 1 settlement for 1 lumber plus 1 brick; upgrade a
# settlement to a city for 2 ore plus 1 grain." The knight leaves the game, which can cost
# Largest Army.


def vincent_error(s: GameState, p: int, a: Action) -> str | None:
    if not s.knights[p]:
        return "you have no played knight card to discard"
    level = a.level
    if level not in VINCENT_COSTS:
        return "build a settlement or a city"
    if level == 1:
        err = settlement_site_error(s, p, a.intersection, False)
    else:
        err = city_site_error(s, p, a.intersection)
    if err:
        return err
    if not s.holds(p, VINCENT_COSTS[level]):
        return "you do not hold " + ("1 lumber and 1 brick" if level == 1 else "2 ore and 1 grain")
    return None


def vincent_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    if not s.knights[p]:
        return
    if s.holds(p, VINCENT_COSTS[1]):
        row = t.vincent[p][0]
        out.extend([row[v] for v in settlement_sites(s, p, False)])
    if s.holds(p, VINCENT_COSTS[2]):
        row = t.vincent[p][1]
        out.extend([row[v] for v in city_sites(s, p)])


def vincent_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    hx = hx_of(s)
    level = a.level
    v = a.intersection
    s.events.append(VincentBuilt(p, level, v))
    s.knights[p] -= 1
    remove_played(s, p, DevCard.KNIGHT)
    hx.knights_discarded[p] += 1
    update_largest_army(s)
    pay(s, p, VINCENT_COSTS[level])
    if level == 1:
        s.events.append(SettlementBuilt(p, v))
        place_settlement(s, p, v)
    else:
        place_city(s, p, v)
        s.events.append(CityBuilt(p, v))
    return None, True


# -- William -----------------------------------------------------------------------------------
# "When you build a road, you may ... substitute either the lumber or the brick with any 1
# other resource of your choice (for example, 1 lumber plus 1 wool)."


def william_error(s: GameState, p: int, a: Action) -> str | None:
    err = road_site_error(s, p, a.path)
    if err:
        return err
    if a.give not in WILLIAM_PAYMENTS:
        return "pay 1 brick or 1 lumber plus 1 other resource (not the usual brick and lumber)"
    if not s.holds(p, a.give):
        return "you do not hold the resources you name"
    return None


def william_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    pays = [i for i, b in enumerate(WILLIAM_PAYMENTS) if s.holds(p, b)]
    if not pays:
        return
    sites = road_sites(s, p)
    for i in pays:
        row = t.william[p][i]
        out.extend([row[e] for e in sites])


def william_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    pay(s, p, a.give)
    s.events.append(WilliamPaid(p, a.path, a.give))
    s.events.append(RoadBuilt(p, a.path))
    place_road(s, p, a.path)
    return None, True
