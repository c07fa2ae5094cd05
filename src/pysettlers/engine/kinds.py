"""The members of :class:`~pysettlers.engine.types.ActionKind` as module constants:
the kinds of action, read as ``K.BUILD_ROAD`` after ``from . import kinds as K``.

Speed device, like ``phases.py`` (which says why, and why both spellings stay): the rule
modules read these; everything else writes ``ActionKind.BUILD_ROAD``. The values live in
``types.ActionKind``.
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
USE_SEVEN: Final = ActionKind.USE_SEVEN
IGNORE_SEVEN: Final = ActionKind.IGNORE_SEVEN
PLAY_VICTORY_POINT: Final = ActionKind.PLAY_VICTORY_POINT
INTERRUPT_KNIGHT: Final = ActionKind.INTERRUPT_KNIGHT
LET_ROBBER_BE: Final = ActionKind.LET_ROBBER_BE
BUILD_BRIDGE: Final = ActionKind.BUILD_BRIDGE
MOVE_PIRATE: Final = ActionKind.MOVE_PIRATE
BUILD_SHIP: Final = ActionKind.BUILD_SHIP
MOVE_SHIP: Final = ActionKind.MOVE_SHIP
