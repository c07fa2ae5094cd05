"""Legal actions: everything the deciding player may do now, in a deterministic order.

What this is for: the hot path of every simulation and search. Every action a game can
ever offer is built once per (players, board shape) in an :class:`ActionTable`, so listing
legal actions allocates nothing but the output list. Composite actions are listed in their
unit form — one-card discards, one-card maritime trades, 1-for-1 offers and counter-offers
— while ``check``/``apply`` accept any legal bundle.

What this is not: the rules themselves; the site and card rules come from the rule modules
(``building``, ``development``, ``trade``), and the table of what each phase allows from
``flow``. ``check`` in ``game.py`` is the authority; the invariant harness verifies that
everything listed here passes it. With the Helpers of CATAN, the helper's advantage and the
scenario's own phases are listed by ``helpers.py`` from its own prebuilt table
(``helper_table.py``), in unit form.
"""

from __future__ import annotations

from functools import lru_cache

from . import data
from .actions import Action
from .building import city_sites, road_sites, settlement_sites
from .development import road_building_error
from .flow import deciders, to_move
from .helpers import phase_actions as helper_phase_actions
from .helpers import trade_ratios
from .helpers import turn_actions as helper_turn_actions
from .production import victim_mask
from .state import GameState
from .topology import Topology
from .trade import confirm_error, holds
from .types import NOBODY, ActionKind, DevCard, Phase

K = ActionKind
P = Phase
UNITS = ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), (0, 0, 0, 0, 1))


def _times(r: int, k: int) -> tuple[int, int, int, int, int]:
    b = [0, 0, 0, 0, 0]
    b[r] = k
    return (b[0], b[1], b[2], b[3], b[4])


class ActionTable:
    """Every action of a game's action space, prebuilt and indexed by player and id."""

    def __init__(self, n: int, topo: Topology) -> None:
        ps = range(n)
        self.roll = [Action(p, K.ROLL) for p in ps]
        self.end = [Action(p, K.END_TURN) for p in ps]
        self.buy = [Action(p, K.BUY_DEVELOPMENT) for p in ps]
        self.knight = [Action(p, K.PLAY_KNIGHT) for p in ps]
        self.road_building = [Action(p, K.PLAY_ROAD_BUILDING) for p in ps]
        self.accept = [Action(p, K.ACCEPT_TRADE) for p in ps]
        self.reject = [Action(p, K.REJECT_TRADE) for p in ps]
        self.cancel = [Action(p, K.CANCEL_TRADE) for p in ps]
        self.road = [[Action(p, K.BUILD_ROAD, e) for e in range(topo.n_paths)] for p in ps]
        self.settlement = [
            [Action(p, K.BUILD_SETTLEMENT, v) for v in range(topo.n_intersections)] for p in ps
        ]
        self.city = [[Action(p, K.BUILD_CITY, v) for v in range(topo.n_intersections)] for p in ps]
        # robber[p][hex][victim + 1]
        self.robber = [
            [[Action(p, K.MOVE_ROBBER, h, q) for q in range(-1, n)] for h in range(topo.n_hexes)]
            for p in ps
        ]
        self.discard = [[Action(p, K.DISCARD, give=UNITS[r]) for r in range(5)] for p in ps]
        # maritime[p][give resource][ratio][mask of resources the bank holds]: the unit
        # trades of ``ratio`` cards of one resource for one card the bank can pay.
        self.maritime = [
            [
                [
                    [
                        [
                            Action(p, K.MARITIME_TRADE, give=_times(r, ratio), get=UNITS[r2])
                            for r2 in range(5)
                            if r2 != r and mask >> r2 & 1
                        ]
                        for mask in range(32)
                    ]
                    for ratio in range(5)
                ]
                for r in range(5)
            ]
            for p in ps
        ]
        everyone = [((1 << n) - 1) & ~(1 << p) for p in ps]
        self.offer = [
            [
                [
                    Action(p, K.OFFER_TRADE, give=UNITS[r], get=UNITS[r2], to=everyone[p])
                    for r2 in range(5)
                ]
                for r in range(5)
            ]
            for p in ps
        ]
        # offers_holding[p][mask of resources held]: every 1-for-1 offer p can make.
        self.offers_holding = [
            [
                [
                    self.offer[p][r][r2]
                    for r in range(5)
                    if held >> r & 1
                    for r2 in range(5)
                    if r2 != r
                ]
                for held in range(32)
            ]
            for p in ps
        ]
        self.counter = [
            [
                [Action(p, K.COUNTER_TRADE, give=UNITS[r], get=UNITS[r2]) for r2 in range(5)]
                for r in range(5)
            ]
            for p in ps
        ]
        # year_of_plenty[p][a][b + 1]
        self.year_of_plenty = [
            [[Action(p, K.PLAY_YEAR_OF_PLENTY, a, b) for b in range(-1, 5)] for a in range(5)]
            for p in ps
        ]
        self.monopoly = [[Action(p, K.PLAY_MONOPOLY, r) for r in range(5)] for p in ps]
        self.confirm = [[Action(p, K.CONFIRM_TRADE, q) for q in ps] for p in ps]


@lru_cache(maxsize=64)
def action_table(n: int, topo: Topology) -> ActionTable:
    """The shared action table of games with ``n`` players on ``topo``."""
    return ActionTable(n, topo)


_CURRENT_DECIDES = frozenset(
    {
        P.SETUP_SETTLEMENT,
        P.SETUP_ROAD,
        P.PRE_ROLL,
        P.MOVE_ROBBER,
        P.MAIN,
        P.BUILD,
        P.ROAD_BUILDING,
        P.TRADE_CONFIRM,
    }
)


def legal_actions(s: GameState, player: int | None = None) -> list[Action]:
    """What ``player`` (default: :func:`to_move`) may do now, in a deterministic order."""
    ph = s.phase
    if player is None:
        # Most phases have one decider, the current player; only discards, trade answers
        # and special build turns need the general rule.
        p = s.current if ph in _CURRENT_DECIDES else to_move(s)
        if p == NOBODY:
            return []
    else:
        p = player
        if p not in deciders(s):
            return []
    t = action_table(s.n, s.topo)
    if ph == P.MAIN or ph == P.BUILD or ph == P.SPECIAL_BUILD:
        out: list[Action] = []
        hands = s.hands
        i = 5 * p
        h0, h1, h2, h3, h4 = hands[i], hands[i + 1], hands[i + 2], hands[i + 3], hands[i + 4]
        # Building costs (data.py): road B+L, settlement B+L+W+G, city 2G+3O, card W+G+O.
        if h0 and h1:
            row = t.road[p]
            out.extend([row[e] for e in road_sites(s, p)])
            if h2 and h3:
                row = t.settlement[p]
                out.extend([row[v] for v in settlement_sites(s, p, False)])
        if h3 >= 2 and h4 >= 3:
            row = t.city[p]
            out.extend([row[v] for v in city_sites(s, p)])
        if h2 and h3 and h4 and any(s.deck):
            out.append(t.buy[p])
        # No development card is played in a special build turn (R5 Special Build Phase).
        dev = s.dev
        if (
            not s.dev_played
            and ph != P.SPECIAL_BUILD
            and (dev[i] or dev[i + 1] or dev[i + 2] or dev[i + 3])
        ):
            _dev_plays(s, p, t, out)
        if ph == P.MAIN:
            ratios = s.ratios if s.helpers is None else trade_ratios(s)  # Jean: 2:1
            bank = s.bank
            mar = t.maritime[p]
            hand = (h0, h1, h2, h3, h4)
            in_bank = (
                (bank[0] > 0) | (bank[1] > 0) << 1 | (bank[2] > 0) << 2 | (bank[3] > 0) << 3
            ) | (bank[4] > 0) << 4
            for r in range(5):
                ratio = ratios[i + r]
                if hand[r] >= ratio:
                    out.extend(mar[r][ratio][in_bank])
            # The 1-for-1 offers depend only on which resources p holds.
            held = (h0 > 0) | (h1 > 0) << 1 | (h2 > 0) << 2 | (h3 > 0) << 3 | (h4 > 0) << 4
            out.extend(t.offers_holding[p][held])
        if s.helpers is not None and ph != P.SPECIAL_BUILD:
            helper_turn_actions(s, p, out)  # Helpers of CATAN: the helper's advantage
        out.append(t.end[p])
        return out
    if ph == P.PRE_ROLL:
        out = [t.roll[p]]
        dev = s.dev
        i = 5 * p
        if not s.dev_played and (dev[i] or dev[i + 1] or dev[i + 2] or dev[i + 3]):
            _dev_plays(s, p, t, out)
        if s.helpers is not None:
            helper_turn_actions(s, p, out)
        return out
    if ph == P.SETUP_SETTLEMENT:
        row = t.settlement[p]
        return [row[v] for v in settlement_sites(s, p, True)]
    if ph == P.SETUP_ROAD or ph == P.ROAD_BUILDING:
        row = t.road[p]
        return [row[e] for e in road_sites(s, p)]
    if ph == P.DISCARD:
        hands = s.hands
        row = t.discard[p]
        return [row[r] for r in range(5) if hands[5 * p + r]]
    if ph == P.MOVE_ROBBER:
        out = []
        rob = t.robber[p]
        robber = s.robber
        n = s.n
        for hx in range(s.topo.n_hexes):
            if hx == robber:
                continue
            mask = victim_mask(s, p, hx)
            if mask:
                row = rob[hx]
                out.extend([row[q + 1] for q in range(n) if mask >> q & 1])
            else:
                out.append(rob[hx][0])
        return out
    if ph == P.TRADE_RESPONSE:
        if p == s.current:
            return [t.cancel[p]]
        out = []
        if holds(s, p, s.offer_get):
            out.append(t.accept[p])
        out.append(t.reject[p])
        hands = s.hands
        cnt = t.counter[p]
        for r in range(5):
            if hands[5 * p + r]:
                row = cnt[r]
                out.extend([row[r2] for r2 in range(5) if r2 != r])
        return out
    if ph == P.TRADE_CONFIRM:
        out = [t.confirm[p][q] for q in range(s.n) if confirm_error(s, p, q) is None]
        out.append(t.cancel[p])
        return out
    if ph > P.SPECIAL_BUILD:
        return helper_phase_actions(s, p)  # the Helpers of CATAN phases
    return []


def _dev_plays(s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
    """Knight and progress cards ``p`` may play (held before this turn; none played yet)."""
    dev = s.dev
    new = s.dev_new
    i = 5 * p
    if dev[i + DevCard.KNIGHT] > new[i + DevCard.KNIGHT]:
        out.append(t.knight[p])
    if (
        dev[i + DevCard.ROAD_BUILDING] > new[i + DevCard.ROAD_BUILDING]
        and road_building_error(s, p) is None
    ):
        out.append(t.road_building[p])
    if dev[i + DevCard.YEAR_OF_PLENTY] > new[i + DevCard.YEAR_OF_PLENTY]:
        bank = s.bank
        yop = t.year_of_plenty[p]
        if sum(bank) == 1:
            out.extend([yop[a][0] for a in range(5) if bank[a]])
        else:
            for a in range(5):
                if bank[a]:
                    row = yop[a]
                    out.extend(
                        [row[b + 1] for b in range(a, 5) if bank[b] and (a != b or bank[a] >= 2)]
                    )
    if dev[i + DevCard.MONOPOLY] > new[i + DevCard.MONOPOLY]:
        out.extend(t.monopoly[p])


# The costs hard-coded above for speed must stay those of the Building Costs Card.
assert data.ROAD_COST == (1, 1, 0, 0, 0) and data.SETTLEMENT_COST == (1, 1, 1, 1, 0)
assert data.CITY_COST == (0, 0, 0, 2, 3) and data.DEVELOPMENT_COST == (0, 0, 1, 1, 1)
