"""The action kinds the 1996 alternate rules own, as module constants: read as
``K.USE_SEVEN`` after ``from . import kinds as K`` in this package's rule modules.

Speed device, like the base game's ``engine/kinds.py`` (whose sister ``engine/phases.py``
says why): each name is the enum's own member, so ``==`` and ``is`` work as with
``ActionKind.USE_SEVEN``. Only this package's rule modules read these; its faces, the
adapters and the tests write ``ActionKind.USE_SEVEN``.

What this is not: a second definition. The ids live in ``types.ActionKind``, the one
registry of stable ids (records, RL action ids, the protocol). Each rule's scenario says
which it owns (``kinds()``): rule 1 ``PLAY_VICTORY_POINT``, rule 5 ``USE_SEVEN`` and
``IGNORE_SEVEN``, rule 8 ``INTERRUPT_KNIGHT`` and ``LET_ROBBER_BE``.
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine.types import ActionKind

USE_SEVEN: Final = ActionKind.USE_SEVEN
IGNORE_SEVEN: Final = ActionKind.IGNORE_SEVEN
PLAY_VICTORY_POINT: Final = ActionKind.PLAY_VICTORY_POINT
INTERRUPT_KNIGHT: Final = ActionKind.INTERRUPT_KNIGHT
LET_ROBBER_BE: Final = ActionKind.LET_ROBBER_BE
