"""Every action a game can offer, prebuilt once per (players, board shape).

What this is for: the hot path of every simulation and search. The rules' ``options``
(``registry.Rule``) append actions taken from these tables, so listing legal actions
allocates nothing but the output list. Composite actions are prebuilt in their unit form —
one-card discards, one-card maritime units at each rate, 1-for-1 offers and counter-offers.

What this is not: legality; which of these actions are legal now is for the rules to say.
"""

from __future__ import annotations

from functools import lru_cache

from . import kinds as K
from .actions import Action
from .topology import Topology

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
        # robber_choices[p][hex][mask of the victims there]: every move of the robber to
        # that hex, filled in as masks come up (a 6-player game has 32 victim sets per hex).
        self.robber_choices: list[list[dict[int, tuple[Action, ...]]]] = [
            [{} for _ in range(topo.n_hexes)] for _ in ps
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
