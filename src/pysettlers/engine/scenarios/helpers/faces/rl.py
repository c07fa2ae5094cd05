"""The Helpers of CATAN's RL face (``pysettlers.rl.scenarios`` says what one defines).

What this is for: the action families of the helpers' kinds (``Action`` documents each
field) and the helper each player holds, with its side, in the observation's ``players``
rows. What this is not: the helpers' rules (this package's ``rules.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pysettlers.engine import ActionKind as K
from pysettlers.engine import View
from pysettlers.engine.actions import helper_name
from pysettlers.rl.fields import (
    DEV_A,
    HEX_A,
    INTERSECTION_A,
    MAYBE_RESOURCE_A,
    OPPONENTS_TO,
    PATH_A,
    PATH_B,
    RESOURCE_A,
    RESOURCE_B,
    SEAT_A,
    Field,
    bundle_field,
)
from pysettlers.rl.layout import Family

_helper = Field(
    "helper",
    lambda f, n: 10,
    lambda c, a: a.a,
    lambda c, v: {"a": v},
    lambda f, n, v: helper_name(v),
)
"""Which of the ten helpers (the display's, to exchange for)."""

_level = Field(
    "level",
    lambda f, n: 2,
    lambda c, a: a.b - 1,
    lambda c, v: {"b": v + 1},
    lambda f, n, v: ("settlement", "city")[v],
)
"""Vincent's building: 1 a settlement, 2 a city."""

FAMILIES = (
    Family(K.HELPER_CANDAMIR, (bundle_field(3),)),
    Family(K.HELPER_HILDE, (SEAT_A,)),
    Family(K.HELPER_JEAN, (RESOURCE_A,)),
    Family(K.HELPER_LIN, (HEX_A,)),
    Family(K.HELPER_LOUIS, (PATH_A, PATH_B)),
    Family(K.HELPER_MARIANNE, (MAYBE_RESOURCE_A,)),
    Family(K.HELPER_NASSIR, (RESOURCE_A, OPPONENTS_TO)),
    Family(K.HELPER_SEAN, (MAYBE_RESOURCE_A,)),
    Family(K.HELPER_VINCENT, (INTERSECTION_A, _level)),
    Family(K.HELPER_WILLIAM, (PATH_A, bundle_field(2))),
    Family(K.HELPER_DECLINE),
    Family(K.HELPER_FLIP),
    Family(K.HELPER_EXCHANGE, (_helper,)),
    Family(K.HELPER_TAKE, (RESOURCE_A,)),
    Family(K.HELPER_KEEP, (DEV_A,)),
    Family(K.HELPER_REPAY, (SEAT_A, RESOURCE_B)),
)

PLAYER_FEATURES = 11 + 1
"""The helper held (none, or one of ten: one-hot) and its side."""

_held = tuple(tuple(1.0 if j == i else 0.0 for j in range(11)) for i in range(11))


def player_features(view: View, seat: int) -> Sequence[float]:
    """``seat``'s helper (one-hot, none first) and its side, from the view's helpers part."""
    part = view.ext["helpers"]
    return (*_held[part.held[seat] + 1], part.sides[seat])
