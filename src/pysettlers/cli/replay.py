"""``pysettlers replay``: a recorded game's position at any step.

What this is for: a thin wrapper over :func:`pysettlers.sim.report.replay_file` (records as
``sim --out`` and ``demo --out`` write them).

What this is not: the replay (the engine's ``records``) nor its text (``sim/report.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pysettlers.sim import report

from .options import at_least


def run(args: argparse.Namespace) -> int:
    text = report.replay_file(args.file, game=args.game, step=args.step, context=args.context)
    sys.stdout.write(text)
    return 0


def add(sub: Any) -> None:
    """The ``replay`` sub-command and its flags."""
    r = sub.add_parser("replay", help="show a recorded game's position at any step")
    r.add_argument("file", metavar="FILE", help="records: JSON lines (sim --out) or one record")
    r.add_argument(
        "--game", type=at_least(0), default=0, help="which record of the file, from 0 (0)"
    )
    r.add_argument(
        "--step", type=at_least(0), default=None, help="position after this many actions (the end)"
    )
    r.add_argument(
        "--context", type=at_least(0), default=5, help="actions shown around the step (5)"
    )
    r.set_defaults(func=run, command_parser=r)
