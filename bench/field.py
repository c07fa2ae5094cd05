"""A bot against the field: its rating, each head-to-head with a 95% interval, as Markdown.

What this is for: the table in docs/bots.md ("The field"). It plays ``pysettlers arena
--field BOT`` (one BOT against three copies of each member of ``sim/field.py`` in turn, every
seat rotation, ``--games-per-member`` games each, rounded up to whole rotations) or reads
the results of earlier runs (``--from``, any number: each row one file), and prints one
Markdown table: the BOT's rating over the whole field with its interval, its share against
each member with a Wilson 95% interval, and its worst head-to-head. The results JSON
(``--out``) is the arena's own (``pysettlers-arena/1``, with its ``field`` key), so
``pysettlers arena --from FILE`` reports it again.

Issue 33 asks for >= 200 games per head-to-head (``--games-per-member 200``); on two shared
cores that is hours for ``greedy`` and days for ``expert`` or with ``mcts`` in the field:
run it with ``--workers`` on a larger machine or ``--ray``.

What this is not: a test (no assertion), nor another arena: the games, the seeds and the
ratings are the arena's, and the same options give the same games for any ``--workers``.

Run: ``nice .venv/bin/python bench/field.py greedy --games-per-member 40 --workers 2
--exclude mcts --out bench/results/field-greedy.json``;
``.venv/bin/python bench/field.py --from bench/results/field-greedy.json``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pysettlers.engine import Rules
from pysettlers.sim import arena, field


def play(args: argparse.Namespace) -> dict[str, Any]:
    entrants = field.entrants(args.bot, args.exclude or ())
    per_round = len(entrants) - 1  # a table a member, each in every rotation
    config = arena.ArenaConfig(
        Rules(players=args.players),
        entrants,
        games=args.games_per_member * per_round,
        seed=args.seed,
        fmt="field",
    )
    executor = None
    if args.ray:
        from pysettlers.sim import arena_ray

        executor = arena_ray.executor(args.ray)
    played = arena.play(config, workers=args.workers, executor=executor)
    doc = arena.results(config, played)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(arena.dumps(doc))
    return doc


def table(docs: list[dict[str, Any]]) -> str:
    """A Markdown table with a column per results document (a BOT): its games, its rating
    over the field, its worst head-to-head, then its share against each member (a row a
    member, in the field's order; a fair share is 1 / players)."""
    members = [m for m in field.FIELD if any(_row(d, m) for d in docs)]
    bots = [f"`{d['config']['entrants'][0]['spec']}`" for d in docs]
    lines = ["| | " + " | ".join(bots) + " |", "|---|" + "---|" * len(docs)]

    def line(name: str, cells: list[str]) -> None:
        lines.append(f"| {name} | " + " | ".join(cells) + " |")

    line("games", [str(len(d["games"])) for d in docs])
    rated = [d["entrants"][0] for d in docs]
    line(
        "rating over the field (95%)",
        [f"**{e['rating']:+.0f}** [{e['ci95'][0]:+.0f}, {e['ci95'][1]:+.0f}]" for e in rated],
    )
    line("wins (all games)", [f"{e['wins']}/{e['games']}" for e in rated])
    line("worst head-to-head", [f"`{_spec(d, d['field']['worst'])}`" for d in docs])
    for m in members:
        cells = []
        for d in docs:
            r = _row(d, m)
            if r is None or r["win_share"] is None:
                cells.append("–")
            else:
                lo, hi = r["ci95"]
                mark = "**" if r["member"] == d["field"]["worst"] else ""
                cells.append(
                    f"{mark}{100 * r['win_share']:.1f}%{mark} [{100 * lo:.0f}, {100 * hi:.0f}]"
                    f" ({r['games']})"
                )
        line(f"vs 3× `{m}`", cells)
    return "\n".join(lines) + "\n"


def _spec(doc: dict[str, Any], label: str) -> str:
    return next(e["spec"] for e in doc["config"]["entrants"] if e["label"] == label)


def _row(doc: dict[str, Any], member: str) -> dict[str, Any] | None:
    """The head-to-head row of the member given by spec (labels may carry ``#2``)."""
    specs = {e["label"]: e["spec"] for e in doc["config"]["entrants"][1:]}
    return next((r for r in doc["field"]["members"] if specs[r["member"]] == member), None)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("bot", nargs="?", help="the bot spec to rate (e.g. greedy, expert)")
    p.add_argument("--games-per-member", type=int, default=40)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--ray", metavar="ADDRESS")
    p.add_argument("--exclude", action="append", metavar="MEMBER")
    p.add_argument("--out", metavar="FILE", help="write the arena's results JSON")
    p.add_argument("--from", dest="from_file", action="append", metavar="FILE")
    args = p.parse_args(argv)
    if args.from_file:
        docs = []
        for path in args.from_file:
            with open(path, encoding="utf-8") as f:
                docs.append(arena.load(f.read(), path))
    elif args.bot:
        docs = [play(args)]
    else:
        p.error("give a BOT to play, or --from FILE")
    sys.stdout.write(table(docs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
