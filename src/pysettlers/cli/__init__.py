"""The ``pysettlers`` command: ``demo`` (bots play a seeded game), ``play`` (against bots in
the terminal), ``render`` (a fresh map), ``sim`` (many bot games and their statistics),
``arena`` (a tournament among bots, with ratings), ``replay`` (a recorded game's position),
``serve`` (the game server, :mod:`pysettlers.server`; needs the ``web`` extra) and ``admin``.

What this is for: a terminal front door over the engine, the bots and the simulator, one
module per sub-command (``demo.py``, ``play.py``, ``render.py``, ``sim.py``, ``arena.py``,
``replay.py``, ``serve.py``) and three shared ones: ``parser.py`` (the parser assembled,
``main`` and its exit statuses), ``options.py`` (the rules flags, generated from the
options' declarations in ``engine/options.py``) and ``errors.py`` (one-line messages, the
rules' option names said as flags). Output is plain text without colour codes.

What this is not: no rules (the engine decides what is legal) and no strategy (the bots
choose): the bots only ever get views and legal actions.
"""

from __future__ import annotations

from .demo import run_demo
from .parser import build_parser, main
from .serve import uvicorn_options

__all__ = ["build_parser", "main", "run_demo", "uvicorn_options"]
