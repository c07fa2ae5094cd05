"""``pysettlers sim``: many seeded bot games and their statistics.

What this is for: a thin wrapper over :mod:`pysettlers.sim` — the bots by seat (``--players``),
the rules (their flags from the declarations: ``options.py``), the length bounds; the
summary as a table, JSON or a plot (``sim/report.py``). Everything is checked before the
first game: a typo must not cost a long run.

What this is not: the simulator (``sim``) nor its report (``sim/report.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pysettlers import sim
from pysettlers.engine import Rules
from pysettlers.sim import report

from .bots import known_bots
from .errors import open_for_writing, writing_to
from .options import add_length_arguments, add_rules_arguments, at_least, rules_from


def run(args: argparse.Namespace) -> int:
    # Everything is validated before the first game: a typo must not cost a long run.
    specs = sim.parse_players(args.players)
    rules = rules_from(args, "sim", players=len(specs))
    config = sim.SimConfig(
        rules,
        specs,
        games=args.games,
        seed=args.seed,
        max_turns=args.max_turns,
        max_decisions=args.max_decisions,
        rotate=not args.no_rotate,
    )
    sim.check_specs(specs)
    if args.plot:
        try:
            report.require_matplotlib()
        except RuntimeError as err:
            print(f"pysettlers sim: error: {err}", file=sys.stderr)
            return 2
    out = open_for_writing(args.out) if args.out else None
    with writing_to(args.out):
        try:
            with report.progress_bar(config.games, sys.stderr) as advance:
                tally, seconds = sim.simulate(
                    config, workers=args.workers, out=out, progress=advance
                )
        except KeyboardInterrupt:  # Ctrl-C: no summary of a partial run (--out keeps its games)
            print("pysettlers sim: interrupted", file=sys.stderr)
            return 130
        finally:
            if out is not None:
                out.close()
    summary = tally.summary(seconds=seconds, workers=args.workers)
    if args.json:
        sys.stdout.write(report.format_json(summary))
    else:
        report.print_table(summary, sys.stdout)
    if args.plot:
        report.write_plot(summary, tally.turns, args.plot)
    # A run with no game played to an end measured nothing: a CI step must see it fail.
    if summary["errors"] == summary["games"]:
        print(
            f"pysettlers sim: error: every game ({summary['games']}) ended in an error",
            file=sys.stderr,
        )
        return 1
    return 0


def add(sub: Any, rules: type[Rules] = Rules) -> None:
    """The ``sim`` sub-command and its flags."""
    s = sub.add_parser(
        "sim",
        help="play many seeded bot games and summarize them",
        description="Play many seeded games between bots; print wins with 95% Wilson "
        "intervals, win rates by seat, points and game lengths. Results depend only on the "
        "options and --seed, never on --workers.",
    )
    s.add_argument(
        "--players",
        default="random,random,random,random",
        help="bots by seat, comma-separated, 2-8: NAME[:key=value...] for a registered bot "
        f"({known_bots()}), LABEL:module.Class[:key=value...] for your own class "
        "(built as Class(rng, **options)); repeated labels become NAME#1, NAME#2 "
        "(random,random,random,random)",
    )
    s.add_argument("--games", type=at_least(1), default=100, help="games to play (100)")
    s.add_argument("--seed", type=int, default=1, help="master seed of every game (1)")
    add_rules_arguments(s, "sim", rules)
    add_length_arguments(s)
    s.add_argument("--workers", type=at_least(1), default=1, help="processes playing games (1)")
    s.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    s.add_argument("--out", metavar="FILE", help="write each game's record as a JSON line")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--plot", metavar="PNG", help="write win rates and game lengths (matplotlib)")
    s.set_defaults(func=run, command_parser=s)
