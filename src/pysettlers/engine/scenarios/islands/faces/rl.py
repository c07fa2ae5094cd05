"""The Islands maps' RL face (``pysettlers.rl.scenarios`` says what one defines): a bridge
is built on a path. (The observation's "bridge path" column is the board's, in every
configuration.) What this is not: the rules (this package)."""

from __future__ import annotations

from pysettlers.engine import ActionKind as K
from pysettlers.rl.fields import PATH_A
from pysettlers.rl.layout import Family

FAMILIES = (Family(K.BUILD_BRIDGE, (PATH_A,)),)
