"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``expert``, each a documented bot.

What this is for: a player choosing an opponent wants a level, not an algorithm (issue 14).
Each level is a registered bot name that stands for one bot with fixed default options;
any option of that bot may still be given (``easy:noise=2``), and overrides the level's.

=========  ===============================================================================
level      bot and options
=========  ===============================================================================
easy       ``weighted`` with ``noise=20`` and no domestic offers (``offers=0``): the weighted
           bot's rules of thumb, its choices blurred by a random term far larger than most
           differences between them, so it often plays a merely legal move
medium     ``weighted`` with ``noise=8``: fixed priorities over its own view
           (``weighted.py``), its close calls made at random
hard       ``greedy``: one-ply lookahead over a value function (``greedy.py``)
expert     ``expert``: a determinized search over its own turn evaluated by the greedy
           value function, dealing the others' hands from what it remembers of the public
           card flow (``expert.py``, ``memory.py``); registered by ``expert.py``
=========  ===============================================================================

Why these settings: plain ``weighted`` and ``greedy`` are only about 70 rating points
apart, short of the 100 the issue asks between neighbours; blurring ``weighted``'s choices
widens that gap and the one below. With the bots' domestic trading ``noise=2`` and
``noise=3`` left ``medium`` only ~40–60 points under ``hard`` and ~300 above ``easy``
(README, "Levels"), hence ``noise=8``. The spacing of the levels is measured with
``pysettlers arena`` (README, "Levels").

What this is not: a new kind of bot: levels only name settings of the existing ones.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Bot, register_bot
from .greedy import GreedyBot
from .weighted import WeightedBot

LEVELS = ("easy", "medium", "hard", "expert")
EASY_NOISE = 20.0  # the weighted bot's scores mostly differ by far less than this
MEDIUM_NOISE = 8.0  # ... by about this much in its close calls


def easy(rng: random.Random, **options: Any) -> Bot:
    """The ``easy`` level: a blurred weighted bot (module docstring)."""
    return WeightedBot(rng, **{"noise": EASY_NOISE, "offers": 0.0, **options})


def medium(rng: random.Random, **options: Any) -> Bot:
    """The ``medium`` level: the weighted bot, its close calls blurred."""
    return WeightedBot(rng, **{"noise": MEDIUM_NOISE, **options})


def hard(rng: random.Random, **options: Any) -> Bot:
    """The ``hard`` level: the greedy bot."""
    return GreedyBot(rng, **options)


register_bot("easy", easy)
register_bot("medium", medium)
register_bot("hard", hard)
