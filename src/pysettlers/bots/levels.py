"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``expert``, each a documented bot.

What this is for: a player choosing an opponent wants a level, not an algorithm (issue 14).
Each level is a registered bot name that stands for one bot with fixed default options;
any option of that bot may still be given (``easy:noise=2``), and overrides the level's.

=========  ===============================================================================
level      bot and options
=========  ===============================================================================
easy       ``weighted`` with ``noise=20`` and no domestic offers of its own (``offers=0``):
           the weighted bot's rules of thumb, its choices blurred by a random term far
           larger than most differences between them, so it often plays a merely legal move
medium     ``weighted`` with ``noise=8`` and ``offers=0``: fixed priorities over its own view
           (``weighted.py``), its close calls made at random; like ``easy`` it answers
           offers and trades with the bank, but proposes none
hard       ``greedy`` with ``noise=0.333``: one-ply lookahead over a value function
           (``greedy.py``), its closest calls (within about a third of a victory point's
           worth) made at random
expert     ``expert``: playouts of a game's first 16 turns, valued by the learned chance to
           win, for its set-up settlements and a determinized
           search over its own turn evaluated by the greedy value function, dealing the
           others' hands from what it remembers of the public card flow (``expert.py``,
           ``memory.py``); registered by ``expert.py``
=========  ===============================================================================

Why these settings: at a table of all four, plain ``weighted`` (even blurred) and plain
``greedy`` leave too little room for 100 rating points between neighbours, and the expert
rates only a little above plain greedy there (our guess: its edge against three greedy
bots comes partly from its set-up search, which models the others' placements as greedy
ones, exact only against greedy bots). So the middle levels are blurred to fit between:
``medium`` proposes no trades (about 40 points weaker), and ``hard`` is greedy with
``noise=0.333``. Rated together over four-level arenas, the gaps easy→medium→hard→expert
are 141, 120 and 123 points (docs/bots.md, "Levels measured"; the calibration runs that
chose these settings are in bench/results/).

What this is not: a new kind of bot: levels only name settings of the existing ones.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Bot, register_bot
from .greedy import GreedyBot
from .options import GREEDY_SPECS, WEIGHTED_SPECS, register_option_specs, with_defaults
from .weighted import WeightedBot

LEVELS = ("easy", "medium", "hard", "expert")
EASY_NOISE = 20.0  # the weighted bot's scores mostly differ by far less than this
MEDIUM_NOISE = 8.0  # ... by about this much in its close calls
HARD_NOISE = 0.333  # the greedy bot's scores are victory points' worth


EASY = {"noise": EASY_NOISE, "offers": 0.0}  # each level's settings of its bot's options
MEDIUM = {"noise": MEDIUM_NOISE, "offers": 0.0}
HARD = {"noise": HARD_NOISE}


def easy(rng: random.Random, **options: Any) -> Bot:
    """The ``easy`` level: a blurred weighted bot (module docstring)."""
    return WeightedBot(rng, **{**EASY, **options})


def medium(rng: random.Random, **options: Any) -> Bot:
    """The ``medium`` level: the weighted bot, its close calls blurred, no offers of its own."""
    return WeightedBot(rng, **{**MEDIUM, **options})


def hard(rng: random.Random, **options: Any) -> Bot:
    """The ``hard`` level: the greedy bot, its closest calls blurred."""
    return GreedyBot(rng, **{**HARD, **options})


register_bot("easy", easy)
register_bot("medium", medium)
register_bot("hard", hard)
# The levels' options: their bot's, with the level's settings as defaults.
register_option_specs("easy", with_defaults(WEIGHTED_SPECS, **EASY))
register_option_specs("medium", with_defaults(WEIGHTED_SPECS, **MEDIUM))
register_option_specs("hard", with_defaults(GREEDY_SPECS, **HARD))
