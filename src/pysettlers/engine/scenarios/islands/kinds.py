"""The action kinds owned by the islands maps' bridges, as module constants: read as
``K.BUILD_BRIDGE`` after ``from . import kinds as K`` in this package's rule modules.

Speed device, like the base game's ``engine/kinds.py`` (whose sister ``engine/phases.py``
says why): each name is the enum's own member, so ``==`` and ``is`` work as with
``ActionKind.BUILD_BRIDGE``. Only this package's rule modules read these; its faces, the
adapters and the tests write ``ActionKind.BUILD_BRIDGE``.

What this is not: a second definition. The ids live in ``types.ActionKind``, the one
registry of stable ids (records, RL action ids, the protocol); the scenario declares the
kinds it owns with ``kinds()``.
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine.types import ActionKind

BUILD_BRIDGE: Final = ActionKind.BUILD_BRIDGE
