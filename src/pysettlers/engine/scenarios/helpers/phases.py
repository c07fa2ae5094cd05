"""The phases the Helpers of CATAN own, as module constants: read as ``HP.HELPER_REACT``
after ``from . import phases as HP`` in this package's rule modules (``P`` there is the base
game's ``engine/phases.py``).

Speed device, like ``engine/phases.py`` (which says why): each name is the enum's own
member, so ``==`` and ``is`` work as with ``Phase.HELPER_REACT``. Only this package's rule
modules read these; its faces, the adapters and the tests write ``Phase.HELPER_REACT``.

What this is not: a second definition. The ids live in ``types.Phase``, the one registry of
stable ids; :data:`PHASES` is what
:class:`~pysettlers.engine.scenarios.helpers.HelpersScenario` declares it owns.
"""

from __future__ import annotations

from typing import Final

from pysettlers.engine.types import Phase

HELPER_AFTER: Final = Phase.HELPER_AFTER
HELPER_REACT: Final = Phase.HELPER_REACT
HILDE_TAKE: Final = Phase.HILDE_TAKE
CANDAMIR_KEEP: Final = Phase.CANDAMIR_KEEP
NASSIR_REPAY: Final = Phase.NASSIR_REPAY

PHASES: Final = (HELPER_AFTER, HELPER_REACT, HILDE_TAKE, CANDAMIR_KEEP, NASSIR_REPAY)
"""Every phase of the Helpers of CATAN (``HelpersScenario.phases``)."""
