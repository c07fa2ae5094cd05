"""``python -m pysettlers.bots.learn``: generate data, train and write the learned value.

What this is for: the documented, reproducible command behind the shipped weights
(docs/bots.md, "The learned value from self-play": these commands, then two rounds of
expert iteration with ``--pool`` and ``--model``, whose commands are given there)::

    python -m pysettlers.bots.learn generate --games 400 --seed 33000000 --workers 2 \\
        --out value2-data.json.gz
    python -m pysettlers.bots.learn generate --games 800 --seed 33000400 --workers 2 \\
        --out value2-data-more.json.gz
    python -m pysettlers.bots.learn train value2-data.json.gz value2-data-more.json.gz \\
        --holdout-seeds 33000320-33000399 --out round0.json

``generate --model FILE --learned`` is the expert-iteration step: the bots of the next
round's games include ``expert:value=learned2`` playing with ``FILE``; ``--pool`` names the
bots the seats are drawn from instead (e.g. that bot twice, so that its own positions, the
ones its search is led to, make up much of the data). ``train`` prints
the held-out table (and with ``--table FILE`` writes it as Markdown).

What this is not: part of ``pysettlers``' main command (training needs the ``train``
extra, which playing never does).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from . import data as D


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pysettlers.bots.learn", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="play and record games (every seat's own view)")
    g.add_argument("--games", type=int, default=400)
    g.add_argument("--seed", type=int, default=33_000_000)
    g.add_argument("--workers", type=int, default=1)
    g.add_argument("--ray", metavar="ADDRESS", help="play the chunks as Ray tasks")
    g.add_argument("--max-turns", type=int, default=300)
    g.add_argument("--learned", action="store_true", help="add expert:value=learned2 seats")
    g.add_argument("--model", help="the weights value=learned2 uses (default: shipped)")
    g.add_argument(
        "--pool",
        metavar="SPEC,SPEC,...",
        help="the bots each seat is drawn from, uniformly (a spec twice: twice as often); "
        "default: the field and the best bots (with --learned, expert:value=learned2 too)",
    )
    g.add_argument("--out", required=True, help="the data file (.json.gz)")
    t = sub.add_parser("train", help="fit, measure on held-out games, write weights")
    t.add_argument("data", nargs="+", help="data files from generate (merged)")
    t.add_argument("--kind", choices=("trees", "mlp"), default="mlp", help="what to write")
    t.add_argument("--holdout", type=float, default=0.2, help="the last share of games held out")
    t.add_argument(
        "--holdout-seeds",
        metavar="FIRST-LAST",
        help="hold out these games instead (the same ones whatever else was generated)",
    )
    t.add_argument("--td", type=float, metavar="LAMBDA", help="the network's TD(λ) targets")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", help="write the chosen kind's weights here")
    t.add_argument("--table", help="write the held-out table here (Markdown)")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "generate":
            return generate(a)
        return train(a)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def generate(a: argparse.Namespace) -> int:
    start = time.perf_counter()
    if a.pool is not None and a.learned:
        raise ValueError(f"--pool with --learned: name {D.LEARNED} in the pool instead")
    specs = read_pool(a.pool) if a.pool is not None else D.pool(a.learned)
    games = D.generate(
        a.games,
        a.seed,
        workers=a.workers,
        max_turns=a.max_turns,
        model=a.model,
        ray=a.ray,
        specs_pool=specs,
    )
    meta = {
        "games": a.games,
        "seed": a.seed,
        "max_turns": a.max_turns,
        "learned": a.learned,
        "model": a.model,
        "pool": list(specs),
    }
    D.save(a.out, games, meta)
    won = sum(1 for g in games if g.winner is not None)
    snaps = sum(len(g.snaps) for g in games)
    took = time.perf_counter() - start
    print(f"{len(games)} games ({won} won), {snaps} snapshots, {took:.0f} s -> {a.out}")
    return 0


def train(a: argparse.Namespace) -> int:
    from . import train as T  # numpy and scikit-learn: the ``train`` extra

    games = []
    for path in a.data:
        got, _meta = D.load(path)
        games.extend(got)
    kinds = ("trees", "mlp")
    held = seed_range(a.holdout_seeds) if a.holdout_seeds else None
    rows, docs, tr, te = T.run(
        games, kinds=kinds, holdout=a.holdout, held=held, seed=a.seed, td=a.td
    )
    lines = [
        f"Held out: {te.games} games, {te.snapshots} snapshots "
        f"(trained on {tr.games} games, {tr.snapshots} snapshots; split by game)",
        "",
        "| model | log-loss | winner ranked first |",
        "|---|---|---|",
        *(f"| {name} | {loss:.4f} | {hits:.1%} |" for name, loss, hits in rows),
    ]
    print("\n".join(lines))
    for kind, doc in docs.items():
        print(f"{kind}: export reproduces the trainer within {T.verify(doc):.2e}")
    if a.table:
        Path(a.table).write_text("\n".join(lines) + "\n")
    if a.out:
        doc = {k: v for k, v in docs[a.kind].items() if k != "_check"}
        doc["meta"]["data"] = [Path(p).name for p in a.data]
        Path(a.out).write_text(json.dumps(doc, separators=(",", ":")) + "\n")
        print(f"wrote {a.out} ({Path(a.out).stat().st_size // 1024} KiB)")
    return 0


def read_pool(text: str) -> tuple[str, ...]:
    """``--pool``: comma-separated bot specs, each checked by building its bot once."""
    from pysettlers.sim.runner import bot_from_text

    specs = tuple(x.strip() for x in text.split(",") if x.strip())
    if not specs:
        raise ValueError("--pool names no bot")
    for spec in specs:
        try:
            bot_from_text(spec, random.Random(0))
        except ValueError as e:
            raise ValueError(f"--pool: {spec!r}: {e}") from None
    return specs


def seed_range(text: str) -> range:
    """``FIRST-LAST`` (inclusive) as a range of seeds."""
    first, sep, last = text.partition("-")
    try:
        r = range(int(first), int(last) + 1)
    except ValueError:
        r = range(0)
    if not sep or not r:
        raise ValueError(f"--holdout-seeds must be FIRST-LAST, first <= last (got {text!r})")
    return r


if __name__ == "__main__":
    sys.exit(main())
