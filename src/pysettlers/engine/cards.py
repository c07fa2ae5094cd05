"""The members of :class:`~pysettlers.engine.types.DevCard` as module constants:
the development card kinds, read as ``D.KNIGHT`` after ``from . import cards as D``.

Speed device, like ``phases.py`` (which says why, and why both spellings stay): the rule
modules read these; everything else writes ``DevCard.KNIGHT``. The values live in
``types.DevCard``.
"""

from __future__ import annotations

from typing import Final

from .types import DevCard

KNIGHT: Final = DevCard.KNIGHT
ROAD_BUILDING: Final = DevCard.ROAD_BUILDING
YEAR_OF_PLENTY: Final = DevCard.YEAR_OF_PLENTY
MONOPOLY: Final = DevCard.MONOPOLY
VICTORY_POINT: Final = DevCard.VICTORY_POINT
