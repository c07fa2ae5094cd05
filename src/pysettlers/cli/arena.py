"""``pysettlers arena``: a tournament among bots, with ratings and a pairwise table.

What this is for: a thin wrapper over :mod:`pysettlers.sim.arena` — play a round-robin or a
gauntlet (or read earlier results back with ``--from``), then report: a table, JSON, a chart,
a Markdown page (``--page``, :mod:`pysettlers.sim.arena_page`).
Everything is checked before the first game: a typo must not cost a run.

What this is not: the schedule, the ratings or the results' format (``sim/arena.py``,
``sim/ratings.py``), nor their report (``sim/report.py``).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from pysettlers import sim
from pysettlers.engine import Rules
from pysettlers.sim import report

from .bots import known_bots
from .errors import Failure, open_for_writing, writing_to
from .options import add_length_arguments, add_rules_arguments, at_least, rules_from


def run(args: argparse.Namespace) -> int:
    from pysettlers.sim import arena, arena_plot

    if args.from_file:
        if args.bots:
            raise ValueError("BOT: give either entrants to play or --from FILE, not both")
        if args.field:
            raise ValueError("--field: plays games; --from reads results (give one)")
        docs = []
        for path in args.from_file:
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except OSError as err:
                raise Failure(f"cannot read {path}: {err.strerror or err}") from None
            try:
                docs.append((path, arena.load(text, path)))
            except arena.ResultsError as err:
                raise Failure(str(err)) from None
        try:
            doc = docs[0][1] if len(docs) == 1 else arena.merge(docs)
        except arena.ResultsError as err:
            raise Failure(str(err)) from None
        if args.gaps:
            doc = arena.with_gaps(doc, arena.gap_order(doc["config"], args.gaps))
        seconds = None
        out = open_for_writing(args.out) if args.out else None
        page_out = open_for_writing(args.page) if args.page else None
    else:
        # Everything is validated before the first game: a typo must not cost a run.
        fmt = args.format
        if args.field:
            from pysettlers.sim import field

            if len(args.bots) != 1:
                raise ValueError(
                    f"BOT: --field rates one BOT against the field (got {len(args.bots)}); "
                    "for a field of your own: --format field BOT MEMBER..."
                )
            if fmt not in ("field", "round-robin"):  # (round-robin: the default, not asked)
                raise ValueError(f"--field plays --format field, not {fmt}")
            entrants, fmt = field.entrants(args.bots[0], args.exclude or ()), "field"
        elif args.exclude:
            raise ValueError("--exclude: only with --field (it names members of the field)")
        else:
            entrants = arena.parse_entrants(args.bots)
        config = arena.ArenaConfig(
            rules_from(args, "arena"),
            entrants,
            games=args.games,
            seed=args.seed,
            fmt=fmt,
            max_turns=args.max_turns,
            max_decisions=args.max_decisions,
        )
        sim.check_specs(entrants)
        order = arena.gap_order(config.to_json(), args.gaps) if args.gaps else None
        executor = None
        if args.ray:
            from pysettlers.sim import arena_ray

            executor = arena_ray.executor(args.ray)
        if args.plot and args.plot.lower().endswith(".png"):
            try:
                report.require_matplotlib()
            except RuntimeError as err:
                raise ValueError(f"{err} (or write an .svg, which needs nothing)") from None
        # The results file is opened before any game: a typo must not cost a run.
        out = open_for_writing(args.out) if args.out else None
        page_out = open_for_writing(args.page) if args.page else None
        note = arena.rounded_note(config)
        if note and not args.quiet:
            print(f"pysettlers arena: {note}", file=sys.stderr)

        start = time.perf_counter()
        try:
            with report.progress_bar(
                len(config.seatings()), sys.stderr, enabled=not args.quiet
            ) as advance:
                played = arena.play(
                    config, workers=args.workers, progress=advance, executor=executor
                )
        except KeyboardInterrupt:
            print("pysettlers arena: interrupted", file=sys.stderr)
            return 130
        seconds = time.perf_counter() - start
        doc = arena.results(config, played)
        if order is not None:
            doc = arena.with_gaps(doc, order)
    if out is not None:
        with writing_to(args.out), out:
            out.write(arena.dumps(doc))
    if page_out is not None:
        from pysettlers.sim import arena_page

        with writing_to(args.page), page_out:
            page_out.write(arena_page.page(doc, out=args.out or "results.json"))
    if args.plot:
        try:
            arena_plot.write(doc, args.plot)
        except OSError as err:
            raise Failure(f"cannot write {args.plot}: {err.strerror or err}") from None
    if args.json:
        sys.stdout.write(arena.dumps(doc))
    else:
        report.print_arena(doc, sys.stdout, seconds=seconds, workers=args.workers)
    return 0


def add(sub: Any, rules: type[Rules] = Rules) -> None:
    """The ``arena`` sub-command and its flags."""
    a = sub.add_parser(
        "arena",
        help="a tournament among bots: ratings with intervals, pairwise table",
        description="Play a round-robin (every table of --players seats drawn from the "
        "entrants) or a gauntlet (the first entrant against the field), every table in every "
        "seat rotation; rate the entrants (Plackett-Luce first place, Elo scale, 95% bootstrap "
        "intervals) and count who finished ahead of whom. Results depend only on the options "
        "and --seed, never on --workers.",
    )
    a.add_argument(
        "bots",
        nargs="*",
        metavar="BOT",
        help="an entrant: NAME[:key=value...] for a registered bot "
        f"({known_bots()}; a language model: llm:model=NAME...) or "
        "LABEL:module.Class[:key=value...]; at least 2",
    )
    a.add_argument(
        "--games",
        type=at_least(1),
        default=120,
        help="games to play at least, rounded up to whole rounds (every table in every "
        "rotation) (120)",
    )
    a.add_argument(
        "--format",
        choices=("round-robin", "gauntlet", "field"),
        default="round-robin",
        help="round-robin; gauntlet: the first BOT against every set of the others; field: "
        "the first BOT against 3 copies (players - 1) of each other in turn (round-robin)",
    )
    a.add_argument(
        "--field",
        action="store_true",
        help="rate the one BOT against the field (sim/field.py: random, weighted and greedy "
        "plain, with noise and in each style, and mcts): head-to-head tables, one rating "
        "over all the games, each member's share with a 95%% interval, the worst one",
    )
    a.add_argument(
        "--exclude",
        metavar="MEMBER",
        action="append",
        help="with --field: leave this member (a spec, or a bot name for all its specs, "
        "e.g. mcts) out of the field; may be repeated",
    )
    a.add_argument("--seed", type=int, default=1, help="master seed of every game (1)")
    add_rules_arguments(a, "arena", rules)  # --players among them: the seats of a table
    add_length_arguments(a)
    a.add_argument("--workers", type=at_least(1), default=1, help="processes playing games (1)")
    a.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play the games as Ray tasks on the cluster at ADDRESS (auto: this machine's "
        "cluster or RAY_ADDRESS); the same results as --workers (needs the ray extra)",
    )
    a.add_argument(
        "--out",
        metavar="FILE",
        help="write the results (JSON): config, every game, ratings, pairwise table",
    )
    a.add_argument(
        "--from",
        dest="from_file",
        metavar="FILE",
        action="append",
        help="report the results of an earlier --out without playing; given more than once, "
        "the games of all, rated together (entrants matched by label; the same rules)",
    )
    a.add_argument(
        "--gaps",
        metavar="LABEL,LABEL,...",
        help="report the rating gap of each listed entrant over the next, with its 95%% "
        "interval (default: each entrant over its neighbour below)",
    )
    a.add_argument(
        "--page",
        metavar="FILE",
        help="write the results as a Markdown page: the config, ratings, pairwise table, "
        "trade and language-model tables, and the command that plays the games again",
    )
    a.add_argument("--json", action="store_true", help="print the results as JSON")
    a.add_argument(
        "--plot", metavar="FILE", help="chart of the ratings: FILE.svg (or .png with matplotlib)"
    )
    a.add_argument("--quiet", action="store_true", help="no progress bar or notes")
    a.set_defaults(func=run, command_parser=a)
