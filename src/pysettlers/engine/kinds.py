"""The base game's members of :class:`~pysettlers.engine.types.ActionKind` as module
constants: the kinds of action, read as ``K.BUILD_ROAD`` after ``from . import kinds as K``.

Speed device, like ``phases.py`` (which says why, and why both spellings stay): the base
game's rule modules read these; everything else writes ``ActionKind.BUILD_ROAD``. The
values live in ``types.ActionKind``, the one registry of stable ids.

What this is not: every kind. A scenario's kinds are its own (``Scenario.kinds``), mirrored
for its rule modules in its package (``scenarios/helpers/kinds.py``); the base game names
none of them.
"""

from __future__ import annotations

from typing import Final

from .types import ActionKind

ROLL: Final = ActionKind.ROLL
END_TURN: Final = ActionKind.END_TURN
BUILD_ROAD: Final = ActionKind.BUILD_ROAD
BUILD_SETTLEMENT: Final = ActionKind.BUILD_SETTLEMENT
BUILD_CITY: Final = ActionKind.BUILD_CITY
BUY_DEVELOPMENT: Final = ActionKind.BUY_DEVELOPMENT
PLAY_KNIGHT: Final = ActionKind.PLAY_KNIGHT
PLAY_ROAD_BUILDING: Final = ActionKind.PLAY_ROAD_BUILDING
PLAY_YEAR_OF_PLENTY: Final = ActionKind.PLAY_YEAR_OF_PLENTY
PLAY_MONOPOLY: Final = ActionKind.PLAY_MONOPOLY
MOVE_ROBBER: Final = ActionKind.MOVE_ROBBER
DISCARD: Final = ActionKind.DISCARD
MARITIME_TRADE: Final = ActionKind.MARITIME_TRADE
OFFER_TRADE: Final = ActionKind.OFFER_TRADE
ACCEPT_TRADE: Final = ActionKind.ACCEPT_TRADE
REJECT_TRADE: Final = ActionKind.REJECT_TRADE
COUNTER_TRADE: Final = ActionKind.COUNTER_TRADE
CONFIRM_TRADE: Final = ActionKind.CONFIRM_TRADE
CANCEL_TRADE: Final = ActionKind.CANCEL_TRADE
