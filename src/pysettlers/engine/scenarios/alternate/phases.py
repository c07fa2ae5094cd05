"""The phases the 1996 alternate rules own, as module constants: read as
``AP.SEVEN_CHOICE`` after ``from . import phases as AP`` in this package's rule modules
(``P`` there is the base game's ``engine/phases.py``).

Speed device, like ``engine/phases.py`` (which says why): each name is the enum's own
member, so ``==`` and ``is`` work as with ``Phase.SEVEN_CHOICE``. Only this package's rule
modules read these; its faces, the adapters and the tests write ``Phase.SEVEN_CHOICE``.

What this is not: a second definition. The ids live in ``types.Phase``, the one registry of
stable ids. Each rule's scenario says which it owns (``phases()``): rule 5 ``SEVEN_CHOICE``,
rule 8 ``KNIGHT_WINDOW`` and ``KNIGHT_MOVE``.
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine.types import Phase

SEVEN_CHOICE: Final = Phase.SEVEN_CHOICE
KNIGHT_WINDOW: Final = Phase.KNIGHT_WINDOW
KNIGHT_MOVE: Final = Phase.KNIGHT_MOVE
