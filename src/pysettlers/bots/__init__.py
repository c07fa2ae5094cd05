"""Bots: players that choose among the engine's legal actions from their own view.

``make_bot("random", rng)`` builds a registered bot; :class:`Bot` is the protocol every bot
follows (``choose(view, legal) -> action``). Bots never see a game state.
"""

from __future__ import annotations

from .base import Bot, BotFactory, bot_names, bot_rng, make_bot, register_bot
from .expert import ExpertBot
from .greedy import GreedyBot
from .levels import LEVELS
from .random_bot import RandomBot
from .weighted import WeightedBot

__all__ = [
    "LEVELS",
    "Bot",
    "BotFactory",
    "ExpertBot",
    "GreedyBot",
    "RandomBot",
    "WeightedBot",
    "bot_names",
    "bot_rng",
    "make_bot",
    "register_bot",
]
