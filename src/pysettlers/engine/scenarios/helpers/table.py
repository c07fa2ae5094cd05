"""The Helpers of CATAN's action space: payments the advantages accept, and a prebuilt table.

What this is for: the tables of what Candamir, William and Vincent accept as payment (each
derived from the Building Costs Card as the helper's text says) and every helper action
built once per (players, board shape) in a :class:`HelperTable`, so that ``legal_actions``
lists them without allocating; plus the small pieces the advantages' modules share.

What this is not: when an advantage applies or what it does (``helper_build.py``,
``helper_trade.py``) nor the card mechanics (``helpers.py``).
"""

from __future__ import annotations

from functools import lru_cache

from pysettlers.engine import data
from pysettlers.engine.actions import Action, Outcome
from pysettlers.engine.state import Bundle
from pysettlers.engine.topology import Topology

from . import kinds as K

UNITS: tuple[Bundle, ...] = (
    (1, 0, 0, 0, 0),
    (0, 1, 0, 0, 0),
    (0, 0, 1, 0, 0),
    (0, 0, 0, 1, 0),
    (0, 0, 0, 0, 1),
)


def _add(a: Bundle, b: Bundle) -> Bundle:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def _substitutions(cost: Bundle, replaceable: tuple[int, ...]) -> tuple[Bundle, ...]:
    """``cost`` with one card of a ``replaceable`` resource replaced by any *other* resource.

    "Substitute 1 of the 3 resources with any 1 other resource of your choice": any resource
    but the one replaced, so the result may hold two of a kind (wool, grain, grain).
    """
    out: list[Bundle] = []
    for r in replaceable:
        less = list(cost)
        less[r] -= 1
        base: Bundle = (less[0], less[1], less[2], less[3], less[4])
        for x in range(5):
            if x != r:
                b = _add(base, UNITS[x])
                if b not in out:
                    out.append(b)
    return tuple(out)


# Candamir: the development card's cost (wool, grain, ore) as it is, or with one card
# substituted; William: the road's brick or lumber substituted (a plain road is no use of
# William). Tables of the payments each accepts.
CANDAMIR_PAYMENTS: tuple[Bundle, ...] = (
    data.DEVELOPMENT_COST,
    *_substitutions(data.DEVELOPMENT_COST, (2, 3, 4)),
)
WILLIAM_PAYMENTS: tuple[Bundle, ...] = _substitutions(data.ROAD_COST, (0, 1))
# Vincent: "Build 1 settlement for 1 lumber plus 1 brick; upgrade a settlement to a city for
# 2 ore plus 1 grain" (the level built: 1 settlement, 2 city).
VINCENT_COSTS: dict[int, Bundle] = {1: (1, 1, 0, 0, 0), 2: (0, 0, 0, 1, 2)}
assert len(CANDAMIR_PAYMENTS) == 13 and len(WILLIAM_PAYMENTS) == 8


# -- the unit forms, prebuilt ------------------------------------------------------------------


def opponent_pairs(n: int, p: int) -> tuple[int, ...]:
    """Bit masks of the one or two opponents Nassir may choose, in increasing order."""
    others = [q for q in range(n) if q != p]
    masks = {1 << q for q in others} | {
        (1 << q) | (1 << r) for q in others for r in others if q < r
    }
    return tuple(sorted(masks))


class HelperTable:
    """Every helper action of a game's action space, built once per (players, board shape).

    Louis's moves (a road from one path to another) are made on first use and kept, since
    all path pairs would be thousands of actions most games never list.
    """

    def __init__(self, n: int, topo: Topology) -> None:
        ps = range(n)
        paths = range(topo.n_paths)
        verts = range(topo.n_intersections)
        self.candamir = [
            [Action(p, K.HELPER_CANDAMIR, give=b) for b in CANDAMIR_PAYMENTS] for p in ps
        ]
        self.hilde = [[Action(p, K.HELPER_HILDE, q) for q in ps] for p in ps]
        self.jean = [[Action(p, K.HELPER_JEAN, r) for r in range(5)] for p in ps]
        self.lin = [[Action(p, K.HELPER_LIN, h) for h in range(topo.n_hexes)] for p in ps]
        self.louis: list[dict[tuple[int, int], Action]] = [{} for _ in ps]
        self.marianne = [[Action(p, K.HELPER_MARIANNE, r) for r in range(5)] for p in ps]
        self.nassir = [
            [
                {m: Action(p, K.HELPER_NASSIR, r, to=m) for m in opponent_pairs(n, p)}
                for r in range(5)
            ]
            for p in ps
        ]
        # sean[p][resource + 1]; sean[p][0] keeps the cards above the limit
        self.sean = [[Action(p, K.HELPER_SEAN, r) for r in range(-1, 5)] for p in ps]
        # vincent[p][level - 1][intersection]
        self.vincent = [
            [[Action(p, K.HELPER_VINCENT, v, level) for v in verts] for level in (1, 2)] for p in ps
        ]
        # william[p][payment][path]
        self.william = [
            [[Action(p, K.HELPER_WILLIAM, e, give=b) for e in paths] for b in WILLIAM_PAYMENTS]
            for p in ps
        ]
        self.decline = [Action(p, K.HELPER_DECLINE) for p in ps]
        self.flip = [Action(p, K.HELPER_FLIP) for p in ps]
        self.exchange = [[Action(p, K.HELPER_EXCHANGE, h) for h in range(10)] for p in ps]
        self.take = [[Action(p, K.HELPER_TAKE, r) for r in range(5)] for p in ps]
        self.keep = [[Action(p, K.HELPER_KEEP, d) for d in range(5)] for p in ps]
        self.repay = [[[Action(p, K.HELPER_REPAY, q, r) for r in range(5)] for q in ps] for p in ps]

    def louis_move(self, p: int, e: int, f: int) -> Action:
        row = self.louis[p]
        a = row.get((e, f))
        if a is None:
            a = row[(e, f)] = Action(p, K.HELPER_LOUIS, e, f)
        return a


@lru_cache(maxsize=64)
def helper_table(n: int, topo: Topology) -> HelperTable:
    return HelperTable(n, topo)


Result = tuple[Outcome, bool]
"""What an advantage's apply returns: the chance outcome and whether the use is over."""
