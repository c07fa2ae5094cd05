"""An arena's results as a Markdown page (``pysettlers arena ... --page results.md``).

What this is for: publishing a benchmark run — a page a reader can check and repeat: the
configuration (rules, seeds, seats rotated, entrants and their specs), the ratings with
their 95% intervals, the gaps, who finished ahead of whom, each entrant's domestic trade and
chat, the language models' table (refused replies, fallbacks, tokens, cost, latency), and
the exact command that plays the same games again. :func:`page` writes it from a results
document alone, so ``pysettlers arena --from results.json --page results.md`` makes the
page of an earlier run.

What this is not: the analysis (``arena.py``), the terminal report (``report.py``, whose
tables this page shares) or a site generator: plain Markdown, for a README, a gist or
the docs.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from pysettlers.engine import Rules
from pysettlers.engine.config import default_map_kind

from . import report
from .arena import shared_rules


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, numbers: bool = True
) -> list[str]:
    """A Markdown table: the first column left-aligned, the others right (``numbers``) or
    left."""
    rest = " ---: " if numbers else " --- "
    lines = [
        "| " + " | ".join(_cell(h) or " " for h in header) + " |",
        "|" + "|".join([" --- "] + [rest] * (len(header) - 1)) + "|",
    ]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def rules_flags(config: dict[str, Any]) -> list[str]:
    """The ``pysettlers arena`` flags that give a results document's rules (``--players``
    and every option not at its default). A described map is given by ``--map-file``; its
    text is the config's ``rules.map_description``."""
    rules = shared_rules(config["rules"])
    players = config["players"]
    flags = ["--players", str(players)]
    for o in Rules.options.where("arena"):
        if o.name in ("players", "seed"):
            continue
        key = "map" if o.name == "map_kind" else o.name
        value = rules.get(key)
        if value is None:
            continue
        if o.name == "map_kind":
            if value in (default_map_kind(players), "described"):
                continue
        elif value == o.to_json(o.default):
            continue
        if o.name == "map_description":
            flags += [o.cli_flag, "MAP.txt"]
        elif o.kind == "bool":
            flags.append(o.cli_flag)
        elif o.kind == "choices":
            for name in value:
                flags += [o.cli_flag, str(name)]
        else:
            flags += [o.cli_flag, str(value)]
    return flags


def command(doc: dict[str, Any], out: str = "results.json") -> str | None:
    """The command that plays a results document's games again (``None`` for merged
    results: each source has its own)."""
    cfg = doc["config"]
    if cfg["format"] not in ("round-robin", "gauntlet", "field"):
        return None
    words = ["pysettlers", "arena", *(e.get("spec") or e["label"] for e in cfg["entrants"])]
    words += ["--format", cfg["format"], "--games", str(cfg["games_asked"])]
    words += ["--seed", str(cfg["seed"]), *rules_flags(cfg)]
    if cfg.get("max_turns") not in (None, 1000):
        words += ["--max-turns", str(cfg["max_turns"])]
    if cfg.get("max_decisions") is not None:
        words += ["--max-decisions", str(cfg["max_decisions"])]
    words += ["--out", out]
    return " ".join(shlex.quote(w) for w in words)


def _config_lines(doc: dict[str, Any]) -> list[str]:
    cfg, summ = doc["config"], doc["summary"]
    rules = shared_rules(cfg["rules"])
    hidden = ("map", "map_description")  # (the map said first; a description is long)
    shown = [f"{k} {v}" for k, v in rules.items() if v not in (None, [], "") and k not in hidden]
    map_kind = rules.get("map", "?")
    if cfg["format"] == "merged":
        what = f"merged from {len(cfg.get('sources', []))} results files"
    else:
        what = f"{cfg['format']}, every table in every seat rotation"
    lines = [
        f"- **Schedule:** {what}; {summ['games']} games of {cfg['players']} players "
        f"({summ['finished']} finished, {summ['unfinished']} unfinished, "
        f"{summ['errors']} errors)",
        f"- **Seeds:** master seed {cfg['seed']}; game *i* is seeded from it and *i* alone "
        "(the same games for any number of workers)",
        f"- **Rules:** {map_kind} map, " + ", ".join(shown),
        f"- **Game length:** at most {cfg.get('max_turns')} turns"
        + (f", {cfg['max_decisions']} decisions" if cfg.get("max_decisions") else ""),
        f"- **Ratings:** {summ['model']}; {summ['ci']}",
    ]
    for src in cfg.get("sources", []):
        lines.append(
            f"- **Source:** `{src['file']}` ({src.get('format')}, seed {src['seed']}, "
            f"{src['games']} games)"
        )
    return lines


def page(doc: dict[str, Any], *, title: str = "Arena results", out: str = "results.json") -> str:
    """The results document as a Markdown page (module docstring)."""
    lines = [f"# {title}", "", "## Configuration", "", *_config_lines(doc), ""]
    lines += markdown_table(
        ["entrant", "spec"],
        [[e["label"], f"`{e.get('spec') or e['label']}`"] for e in doc["config"]["entrants"]],
        numbers=False,
    )
    headings = {
        "Ratings": "## Ratings",
        "Gaps": "## Gaps",
        "Row finished ahead": "## Pairwise",
        "Domestic trade": "## Domestic trade and chat",
        "Language models": "## Language models",
        "The field": "## The field",
    }
    had_models = False
    for title_, header, rows in report.arena_sections(doc):
        heading = next((h for k, h in headings.items() if title_.startswith(k)), "##")
        had_models = had_models or heading == "## Language models"
        lines += ["", heading, "", f"{title_}.", "", *markdown_table(header, rows)]
    if not had_models:
        lines += ["", "## Language models", "", "No entrant kept model stats (no `llm` bot)."]
    notes = report.arena_notes(doc)
    if notes:
        lines += ["", *(f"> {n}" for n in notes)]
    lines += ["", "## Reproduce", ""]
    cmd = command(doc, out)
    if cmd is None:
        files = " ".join(f"--from {shlex.quote(s['file'])}" for s in doc["config"]["sources"])
        lines += [
            "Merged results: play each source again with its own command, then rate them",
            "together:",
            "",
            "```bash",
            f"pysettlers arena {files}",
            "```",
        ]
    else:
        lines += [
            "The same command plays the same games (a language model's replies aside: record",
            "them with the bot's `cassette=` option and replay them with `replay=true`):",
            "",
            "```bash",
            cmd,
            "```",
        ]
    return "\n".join(lines) + "\n"


__all__ = ["command", "markdown_table", "page", "rules_flags"]
