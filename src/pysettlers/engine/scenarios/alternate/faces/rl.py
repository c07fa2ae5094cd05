"""The 1996 alternate rules' RL face (``pysettlers.rl.scenarios`` says what one defines):
their decisions, none with arguments. What this is not: the rules (this package)."""

from __future__ import annotations

from pysettlers.engine import ActionKind as K
from pysettlers.rl.layout import Family

FAMILIES = (
    Family(K.USE_SEVEN),  # rule 5
    Family(K.IGNORE_SEVEN),  # rule 5
    Family(K.PLAY_VICTORY_POINT),  # rule 1
    Family(K.INTERRUPT_KNIGHT),  # rule 8
    Family(K.LET_ROBBER_BE),  # rule 8
)
