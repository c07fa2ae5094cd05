"""The members of :class:`~pysettlers.engine.types.DevCard` as module constants: the
development card kinds, read as ``D.KNIGHT`` after ``from . import cards as D`` on hot paths.

What this is for: speed, nothing else (issue 10). Each name is the enum's own member
(``tests/test_engine_v2.py`` checks every one), so ``==`` and ``is`` work as with
``DevCard.X``. Compiled by mypyc, a ``Final`` module constant is a C static read in a
few instructions and ``card == D.X`` becomes an identity test, where reading a member
off the enum class — or off a plain class holding the members — is a lookup through the
type (about 140 instructions; 3% of a random game). In CPython too a module attribute
is the cheapest read there is.

What this is not: a second definition: the values live in ``types.DevCard``.
"""

from __future__ import annotations

from typing import Final

from .types import DevCard

KNIGHT: Final = DevCard.KNIGHT
ROAD_BUILDING: Final = DevCard.ROAD_BUILDING
YEAR_OF_PLENTY: Final = DevCard.YEAR_OF_PLENTY
MONOPOLY: Final = DevCard.MONOPOLY
VICTORY_POINT: Final = DevCard.VICTORY_POINT
