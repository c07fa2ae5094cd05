"""The base game's members of :class:`~pysettlers.engine.types.Phase` (with the 5–6 player
Special Building Phase) as module constants: the game's phases, read as ``P.MAIN`` after
``from . import phases as P`` on the rules' hot paths.

Speed device: the rules read ``P.MAIN``, not ``Phase.MAIN``, for speed, nothing else
(issue 10). Each name is the enum's own member
(``tests/engine/test_engine_v2.py`` checks every one), so ``==`` and ``is`` work as with
``Phase.X``. Compiled by mypyc, a ``Final`` module constant is a C static read in a
few instructions and ``phase == P.X`` becomes an identity test, where reading a member
off the enum class — or off a plain class holding the members — is a lookup through the
type (about 140 instructions; 3% of a random game). In CPython too a module attribute
is the cheapest read there is.

Why both spellings stay: ``Phase`` is the vocabulary every adapter, the notation and the
JSON use (names, iteration, ``Phase(3)``), and mypyc compiles no enum member into a
constant; these names are what the compiled rule modules read. ``kinds.py`` (the action
kinds) and ``cards.py`` (the development cards) are the same device. Outside the engine's
rule modules, write ``Phase.MAIN``.

What this is not: a second definition: the values live in ``types.Phase``, the one
registry of stable ids. Nor every phase: a scenario's phases are its own
(``Scenario.phases``), mirrored for its rule modules in its package
(``scenarios/helpers/phases.py``, read as ``HP.HELPER_REACT``); the base game names none of
them.
"""

from __future__ import annotations

from typing import Final

from .types import Phase

SETUP_SETTLEMENT: Final = Phase.SETUP_SETTLEMENT
SETUP_ROAD: Final = Phase.SETUP_ROAD
PRE_ROLL: Final = Phase.PRE_ROLL
DISCARD: Final = Phase.DISCARD
MOVE_ROBBER: Final = Phase.MOVE_ROBBER
MAIN: Final = Phase.MAIN
BUILD: Final = Phase.BUILD
ROAD_BUILDING: Final = Phase.ROAD_BUILDING
TRADE_RESPONSE: Final = Phase.TRADE_RESPONSE
TRADE_CONFIRM: Final = Phase.TRADE_CONFIRM
GAME_OVER: Final = Phase.GAME_OVER
SPECIAL_BUILD: Final = Phase.SPECIAL_BUILD
