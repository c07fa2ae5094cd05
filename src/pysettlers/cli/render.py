"""``pysettlers render``: a freshly laid-out board, as text.

What this is for: a look at a map (``--map``, ``--map-file``, ``--seed``) without playing;
``--status`` adds the scores and the bank (``render.render_view``).

What this is not: the drawing itself (``pysettlers.render``).
"""

from __future__ import annotations

import argparse
from typing import Any

from pysettlers.engine import Rules, new_game, observe
from pysettlers.render import render_board, render_view

from .options import add_rules_arguments, rules_from


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args, "render")
    view = observe(new_game(rules), None)
    print(f"{rules.map_kind} map, seed {rules.seed}, {rules.players} players")
    print(render_view(view) if args.status else render_board(view, legend=True))
    return 0


def add(sub: Any, rules: type[Rules] = Rules) -> None:
    """The ``render`` sub-command and its flags."""
    render = sub.add_parser("render", help="show a freshly laid-out board")
    add_rules_arguments(render, "render", rules)
    render.add_argument("--status", action="store_true", help="also show scores and bank")
    render.set_defaults(func=run, command_parser=render)
