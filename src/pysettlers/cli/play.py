"""``pysettlers play``: play against bots, here in the terminal (``--terminal``).

What this is for: the command's door to :mod:`pysettlers.terminal`; without ``--terminal`` it
says how to play in the browser (the server: ``pysettlers serve``).

What this is not: the terminal game itself (``terminal.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pysettlers.engine import Rules

from .bots import add_bot_argument, bot_spec
from .errors import Failure
from .options import add_rules_arguments, rules_from


def run(args: argparse.Namespace) -> int:
    if not args.terminal:
        raise Failure(
            "to play in the browser, start the server (pysettlers serve, or make play) and "
            "open the URL it prints; to play here: pysettlers play --terminal"
        )
    rules = rules_from(args, "play")
    if not 0 <= args.seat < rules.players:  # a bad option: the usage, exit status 2
        raise ValueError(f"--seat must be from 0 to {rules.players - 1} (got {args.seat})")
    bot_spec(args.bot)  # checked before the game: an unknown bot or a bad option
    from pysettlers.terminal import play_terminal

    play_terminal(rules, seat=args.seat, bot=args.bot, out=sys.stdout)
    return 0


def add(sub: Any, rules: type[Rules] = Rules) -> None:
    """The ``play`` sub-command and its flags."""
    play = sub.add_parser("play", help="play against bots: in the terminal (--terminal)")
    add_rules_arguments(play, "play", rules)
    play.add_argument("--terminal", action="store_true", help="play here, with no server")
    play.add_argument("--seat", type=int, default=0, help="your seat, 0 to players-1 (0)")
    add_bot_argument(play, default="weighted", what="the other seats' bot (weighted)")
    play.set_defaults(func=run, command_parser=play)
