"""``pysettlers play``: play against bots, here in the terminal (``--terminal``).

What this is for: the command's door to :mod:`pysettlers.terminal`; without ``--terminal`` it
says how to play in the browser (the server: ``pysettlers serve``).

What this is not: the terminal game itself (``terminal.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pysettlers.bots import bot_names
from pysettlers.engine import Rules

from .errors import Failure
from .options import add_rules_arguments, rules_from


def run(args: argparse.Namespace) -> int:
    if not args.terminal:
        raise Failure(
            "to play in the browser, start the server (pysettlers serve, or make play) and "
            "open the URL it prints; to play here: pysettlers play --terminal"
        )
    if not 0 <= args.seat < args.players:
        raise Failure(f"--seat must be from 0 to {args.players - 1}")
    from pysettlers.terminal import play_terminal

    rules = rules_from(args, "play")
    play_terminal(rules, seat=args.seat, bot=args.bot, out=sys.stdout)
    return 0


def add(sub: Any, rules: type[Rules] = Rules) -> None:
    """The ``play`` sub-command and its flags."""
    play = sub.add_parser("play", help="play against bots: in the terminal (--terminal)")
    add_rules_arguments(play, "play", rules)
    play.add_argument("--terminal", action="store_true", help="play here, with no server")
    play.add_argument("--seat", type=int, default=0, help="your seat, 0 to players-1 (0)")
    play.add_argument("--bot", choices=bot_names(), default="weighted", help="bots (weighted)")
    play.set_defaults(func=run, command_parser=play)
