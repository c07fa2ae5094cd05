"""Bots: players that choose among the engine's legal actions from their own view.

``make_bot("random", rng)`` builds a registered bot; :class:`Bot` is the protocol every bot
follows (``choose(view, legal) -> action``). Bots never see a game state.
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any

from .base import (
    Bot,
    BotFactory,
    bot_names,
    bot_rng,
    lobby_bot_names,
    make_bot,
    register_bot,
)
from .expert import ExpertBot
from .greedy import GreedyBot
from .levels import LEVELS
from .mcts import MctsBot
from .random_bot import RandomBot
from .weighted import WeightedBot


def _llm_bot(rng: random.Random, **options: Any) -> Bot:
    """The ``llm`` bot (``pysettlers.llm``), imported when one is built: importing the bots
    needs neither the model SDK nor anything of ``pysettlers.llm``."""
    from pysettlers.llm.bot import LlmBot

    bot = LlmBot(rng, **options)
    # The SDK is imported at the first request; without it every game would end in an
    # error. Built once before any game (``sim.check_specs``), so this refuses up front.
    # A replay from a cassette asks no model and needs no SDK.
    if not bot.settings.replay and importlib.util.find_spec("openai") is None:
        raise ValueError(
            "the llm bot needs the OpenAI SDK, the llm extra: pip install 'pysettlers[llm]'"
        )
    return bot


register_bot("llm", _llm_bot, lobby=False)  # its options reach outside the game


def _learned_bot(rng: random.Random, **options: Any) -> Bot:
    """The ``learned`` bot (``pysettlers.rl.policy_bot``: a trained policy in NumPy),
    imported when one is built: importing the bots needs no NumPy."""
    try:
        from pysettlers.rl.policy_bot import learned_bot
    except ImportError as err:
        # The missing module by name: ``pysettlers.rl`` re-raises its own ImportError (which
        # names the extra already) from the original one.
        cause: BaseException | None = err
        while cause is not None and getattr(cause, "name", None) is None:
            cause = cause.__cause__
        missing = getattr(cause, "name", None) or str(err)
        raise ValueError(
            f"the learned bot needs the rl extra (NumPy, Gymnasium, PettingZoo): "
            f"pip install 'pysettlers[rl]' (missing: {missing})"
        ) from err
    return learned_bot(rng, **options)


# It plays only the rules its weights were trained for, and reads a file: not in the lobby.
register_bot("learned", _learned_bot, lobby=False)

__all__ = [
    "LEVELS",
    "Bot",
    "BotFactory",
    "ExpertBot",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "WeightedBot",
    "bot_names",
    "bot_rng",
    "lobby_bot_names",
    "make_bot",
    "register_bot",
]
