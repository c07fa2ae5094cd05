"""The pysettlers rules engine: the complete CATAN base game as a pure-Python library.

What this is for: every rule, in one place, behind a handful of calls —
:func:`new_game`, :func:`legal_actions`, :func:`apply` / :func:`apply_checked`,
:func:`chance_outcomes` and :func:`observe` — plus the text notation, JSON positions and
replayable game records. Nothing here does I/O, reads a clock or touches global ``random``.

What this is not: bots, the simulator, the server and the UI are adapters over this API.
"""

from __future__ import annotations

# Registers every scenario the engine ships (the base game never imports them).
from . import scenarios
from .actions import (
    Action,
    NotationError,
    Outcome,
    format_action,
    format_outcome,
    parse_action,
    parse_outcome,
)
from .board import Board, make_board
from .chat import CHAT_MAX, ChatLine, clean_chat
from .config import Rules
from .determinize import determinize
from .errors import IllegalActionError
from .events import EVENT_KINDS, HIDDEN, Event, event_to_json, redact
from .game import (
    apply,
    apply_checked,
    chance_outcomes,
    check,
    deciders,
    is_over,
    legal_actions,
    new_game,
    to_move,
)
from .limits import discard_owed
from .position import position
from .records import Game, load_state, position_key, record_for, replay, save_state
from .registry import Rule, Ruleset, ruleset_for
from .scenario import Scenario
from .state import GameState
from .topology import Topology, topology_for
from .types import ActionKind, DevCard, Harbor, Helper, Phase, Resource, Terrain
from .validate import validate
from .views import View, observe

__all__ = [
    "CHAT_MAX",
    "EVENT_KINDS",
    "HIDDEN",
    "Action",
    "ActionKind",
    "Board",
    "ChatLine",
    "DevCard",
    "Event",
    "Game",
    "GameState",
    "Harbor",
    "Helper",
    "IllegalActionError",
    "NotationError",
    "Outcome",
    "Phase",
    "Resource",
    "Rule",
    "Rules",
    "Ruleset",
    "Scenario",
    "Terrain",
    "Topology",
    "View",
    "apply",
    "apply_checked",
    "chance_outcomes",
    "check",
    "clean_chat",
    "deciders",
    "determinize",
    "discard_owed",
    "event_to_json",
    "format_action",
    "format_outcome",
    "is_over",
    "legal_actions",
    "load_state",
    "make_board",
    "new_game",
    "observe",
    "parse_action",
    "parse_outcome",
    "position",
    "position_key",
    "record_for",
    "redact",
    "replay",
    "ruleset_for",
    "save_state",
    "scenarios",
    "to_move",
    "topology_for",
    "validate",
]
