"""Seafarers ships' RL face (``pysettlers.rl.scenarios`` says what one defines): a ship
built on a sea path, a ship moved from a path to a path; the frame takes in the open sea.
What this is not: the rules (this package)."""

from __future__ import annotations

from pysettlers.engine import ActionKind as K
from pysettlers.rl.fields import PATH_A, PATH_B
from pysettlers.rl.layout import Family

FAMILIES = (
    Family(K.BUILD_SHIP, (PATH_A,)),
    Family(K.MOVE_SHIP, (PATH_A, PATH_B)),
)

SEA_IN_FRAME = True
"""Ships sail the open sea: a described map's frame takes in the sea round its cells."""
