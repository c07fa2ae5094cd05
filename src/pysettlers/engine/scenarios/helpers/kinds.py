"""The action kinds the Helpers of CATAN own, as module constants: read as
``K.HELPER_FLIP`` after ``from . import kinds as K`` in this package's rule modules.

Speed device, like the base game's ``engine/kinds.py`` (whose sister ``engine/phases.py``
says why): each name is the enum's own member, so ``==`` and ``is`` work as with
``ActionKind.HELPER_FLIP``, and compiled by mypyc a ``Final`` module constant is a C static
read. Only this package's rule modules read these; its faces, the adapters and the tests
write ``ActionKind.HELPER_FLIP``.

What this is not: a second definition. The ids live in ``types.ActionKind``, the one
registry of stable ids (records, RL action ids, the protocol); :data:`KINDS` is what
:class:`~pysettlers.engine.scenarios.helpers.HelpersScenario` declares it owns.
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine.types import ActionKind

HELPER_CANDAMIR: Final = ActionKind.HELPER_CANDAMIR
HELPER_HILDE: Final = ActionKind.HELPER_HILDE
HELPER_JEAN: Final = ActionKind.HELPER_JEAN
HELPER_LIN: Final = ActionKind.HELPER_LIN
HELPER_LOUIS: Final = ActionKind.HELPER_LOUIS
HELPER_MARIANNE: Final = ActionKind.HELPER_MARIANNE
HELPER_NASSIR: Final = ActionKind.HELPER_NASSIR
HELPER_SEAN: Final = ActionKind.HELPER_SEAN
HELPER_VINCENT: Final = ActionKind.HELPER_VINCENT
HELPER_WILLIAM: Final = ActionKind.HELPER_WILLIAM
HELPER_DECLINE: Final = ActionKind.HELPER_DECLINE
HELPER_FLIP: Final = ActionKind.HELPER_FLIP
HELPER_EXCHANGE: Final = ActionKind.HELPER_EXCHANGE
HELPER_TAKE: Final = ActionKind.HELPER_TAKE
HELPER_KEEP: Final = ActionKind.HELPER_KEEP
HELPER_REPAY: Final = ActionKind.HELPER_REPAY

KINDS: Final = (
    HELPER_CANDAMIR,
    HELPER_HILDE,
    HELPER_JEAN,
    HELPER_LIN,
    HELPER_LOUIS,
    HELPER_MARIANNE,
    HELPER_NASSIR,
    HELPER_SEAN,
    HELPER_VINCENT,
    HELPER_WILLIAM,
    HELPER_DECLINE,
    HELPER_FLIP,
    HELPER_EXCHANGE,
    HELPER_TAKE,
    HELPER_KEEP,
    HELPER_REPAY,
)
"""Every action kind of the Helpers of CATAN (``HelpersScenario.kinds``)."""
