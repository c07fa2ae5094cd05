"""The action kinds owned by the 1996 pirate, as module constants: read as ``K.MOVE_PIRATE``
after ``from . import kinds as K`` in this package's rule modules.

Speed device, like the base game's ``engine/kinds.py`` (whose sister ``engine/phases.py``
says why): each name is the enum's own member, so ``==`` and ``is`` work as with
``ActionKind.MOVE_PIRATE``. Only this package's rule modules read these; its faces, the
adapters and the tests write ``ActionKind.MOVE_PIRATE``.

What this is not: a second definition. The ids live in ``types.ActionKind``, the one
registry of stable ids (records, RL action ids, the protocol); the scenario declares the
kinds it owns with ``kinds()``.
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine.types import ActionKind

MOVE_PIRATE: Final = ActionKind.MOVE_PIRATE
