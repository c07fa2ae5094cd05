"""The 1996 pirate's RL face (``pysettlers.rl.scenarios`` says what one defines): the pirate
moved to a harbor, with a victim. (The observation's "robber on this harbor" column is the
view's robber site, in every configuration.) What this is not: the rules (this package)."""

from __future__ import annotations

from dataclasses import replace

from pysettlers.engine import ActionKind as K
from pysettlers.rl.fields import PATH_A, VICTIM_B
from pysettlers.rl.layout import Family

_harbor = replace(PATH_A, name="harbor")
"""The harbor, by its path: any frame path (harbors are the board's, not the frame's; the
state's robber site is ``n_hexes + path``, ``Topology.site_name``)."""

FAMILIES = (Family(K.MOVE_PIRATE, (_harbor, VICTIM_B)),)
