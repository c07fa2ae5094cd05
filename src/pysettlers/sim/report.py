"""Showing a simulator run: progress bar, summary table, JSON and a PNG plot.

What this is for: the presentation of ``stats.Tally.summary()`` data — a table (drawn with
``rich`` when it is installed and the output is a terminal, plain aligned text otherwise,
so pipes and logs stay clean), the same data as JSON, a ``rich`` progress bar on a
terminal's stderr, and a PNG with win rates and the game-length histogram (``matplotlib``,
the optional ``plot`` extra, imported only when a plot is asked for).

What this is not: no statistics (``stats.py``) and no game playing (``runner.py``). The
optional libraries are imported through :mod:`importlib`, so this module imports and
type-checks without them.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from pysettlers.engine.config import upgrade_json
from pysettlers.engine.options import RULES_OPTIONS, Options, say_value


def have(module: str) -> bool:
    """Whether an optional library is installed (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ValueError:
        return False


def require_matplotlib() -> None:
    """Raise a clear error when ``--plot`` cannot work, before any game is played."""
    if not have("matplotlib"):
        raise RuntimeError(
            "--plot needs matplotlib: pip install 'pysettlers[plot]' or 'matplotlib>=3.8'"
        )


# -- progress -----------------------------------------------------------------------------------


@contextmanager
def progress_bar(
    total: int, stream: TextIO, enabled: bool = True
) -> Iterator[Callable[[int], None]]:
    """A callback ``advance(n)`` that moves a rich progress bar on ``stream``.

    The bar appears only when ``stream`` is a terminal and ``rich`` is installed; otherwise
    the callback does nothing (no bar in logs, pipes or CI).
    """
    isatty = getattr(stream, "isatty", None)
    if not (enabled and callable(isatty) and isatty() and have("rich")):
        yield lambda n: None
        return
    rich_console = importlib.import_module("rich.console")
    rich_progress = importlib.import_module("rich.progress")
    console = rich_console.Console(file=stream)
    columns = (
        rich_progress.TextColumn("games"),
        rich_progress.BarColumn(),
        rich_progress.MofNCompleteColumn(),
        rich_progress.TaskProgressColumn(),
        rich_progress.TimeElapsedColumn(),
        rich_progress.TextColumn("eta"),
        rich_progress.TimeRemainingColumn(),
    )
    with rich_progress.Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)


# -- the table ----------------------------------------------------------------------------------


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(i: int) -> str:
    return f"{i}{_SUFFIX.get(i, 'th')}"


def headline(summary: dict[str, Any], options: Options = RULES_OPTIONS) -> str:
    """One line naming the run's options: every rules option not at its default."""
    r = summary["rules"]
    n = r["players"]
    # Every option not at its default, from the declarations (a new option is named too);
    # the head says the players, the map and the target itself.
    said = ("players", "map_kind", "vp_target", "map_description")
    # (A summary written before ``Rules.scenarios`` names its scenarios one boolean each.)
    changed = options.changed(upgrade_json(r))
    extras = [say_value(o, v) for o, v in changed if o.name not in said]
    seats = "seats rotate" if summary["rotate"] else "fixed seats"
    return (
        f"pysettlers sim: {summary['games']} games, {n} players ({seats}), {r['map_kind']} map, "
        f"{r['vp_target']} VP, seed {summary['seed']}, max {summary['max_turns']} turns / "
        f"{summary['max_decisions']} decisions" + "".join(f", {e}" for e in extras)
    )


def table_sections(summary: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """The table's sections as (title, header, rows) of text cells."""
    labels = [p["label"] for p in summary["players"]]
    players = [
        [
            lab,
            str(summary["wins"][lab]),
            _pct(summary["win_rate"][lab]),
            f"{_pct(summary['win_ci95'][lab][0])} - {_pct(summary['win_ci95'][lab][1])}",
            _num(summary["mean_points"][lab], 2),
        ]
        for lab in labels
    ]
    players.append(["(unfinished)", str(summary["unfinished"]), "", "", ""])
    if summary["errors"]:
        players.append(["(errors)", str(summary["errors"]), "", "", ""])
    n = summary["rules"]["players"]
    seats = [
        ["win rate by seat", *(_pct(x) for x in summary["seat_win_rate"])],
        ["win rate by turn order", *(_pct(x) for x in summary["order_win_rate"])],
    ]
    lengths = []
    for key, mean in (("turns", "mean_turns"), ("decisions", "mean_decisions")):
        d = summary[key] or {}
        lengths.append(
            [key, *(str(d.get(k, "-")) for k in ("min", "p10", "median", "p90", "max"))]
            + [_num(summary[mean])]
        )
    return [
        ("", ["player", "wins", "win rate", "95% CI (Wilson)", "mean points"], players),
        ("", ["", *(f"p{s}" for s in range(n))], [seats[0]]),
        ("", ["", *(_ordinal(i + 1) for i in range(n))], [seats[1]]),
        (
            f"game length ({summary['finished']} finished games)",
            ["", "min", "p10", "median", "p90", "max", "mean"],
            lengths,
        ),
    ]


def model_lines(summary: dict[str, Any]) -> list[str]:
    """A line per bot that keeps its own accounting (the ``llm`` bot): how many of its
    decisions its fallback bot made, and why — so that a run whose model never answered
    is not read as the model's (the arena's "fallbacks (by reason)" column)."""
    lines = []
    for label, m in summary.get("models", {}).items():
        reasons = ", ".join(f"{k} {v}" for k, v in m["fallbacks"].items()) or "none"
        line = (
            f"{label}: {m.get('decisions', 0)} decisions, {m['fallback_total']} by the "
            f"fallback bot ({reasons})"
        )
        if m["fallback_total"] and m["fallback_total"] == m.get("decisions"):
            line += ": every decision was the fallback's, none the model's"
        lines.append(line)
    return lines


def footer(summary: dict[str, Any]) -> list[str]:
    lines = []
    for e in summary["error_games"][:5]:
        lines.append(f"error in game {e['game']} (seed {e['seed']}): {e['message']}")
    if summary["errors"] > 5:
        lines.append(f"... {summary['errors'] - 5} more errors (see --json)")
    chat = summary.get("chat")  # (only where a bot talked)
    if chat:
        said = ", ".join(f"{lab} {n}" for lab, n in chat["by_player"].items())
        lines.append(
            f"chat: {chat['lines']} lines in {chat['games']} games "
            f"({_num(chat['per_game'])} a game): {said}"
        )
    lines.extend(model_lines(summary))
    gps = summary["games_per_second"]
    lines.append(
        f"{summary['games']} games in {summary['seconds']:.1f} s: "
        f"{_num(gps)} games/s with {summary['workers']} worker(s)"
    )
    return lines


def _plain(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        out.append("  ".join(cells).rstrip())
    return out


def format_table(summary: dict[str, Any]) -> str:
    """The summary as plain aligned text."""
    lines = [headline(summary), ""]
    for title, header, rows in table_sections(summary):
        if title:
            lines.append(title)
        lines.extend(_plain(header, rows))
        lines.append("")
    lines.extend(footer(summary))
    return "\n".join(lines) + "\n"


def print_table(summary: dict[str, Any], out: TextIO) -> None:
    """The summary table on ``out``: rich on a terminal when installed, else plain text."""
    isatty = getattr(out, "isatty", None)
    if not (callable(isatty) and isatty() and have("rich")):
        out.write(format_table(summary))
        return
    rich_console = importlib.import_module("rich.console")
    rich_table = importlib.import_module("rich.table")
    console = rich_console.Console(file=out)
    console.print(headline(summary), highlight=False)
    for title, header, rows in table_sections(summary):
        table = rich_table.Table(title=title or None, title_justify="left")
        for i, h in enumerate(header):
            table.add_column(h, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    for line in footer(summary):
        console.print(line, highlight=False)


# -- the arena ----------------------------------------------------------------------------------


def arena_sections(doc: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """The arena's tables: ratings best first, the rating gaps (between neighbours, or
    along ``--gaps``), and who finished ahead of whom."""
    rows = sorted(doc["entrants"], key=lambda e: -e["rating"])
    rating_rows = [
        [
            e["label"],
            f"{e['rating']:+.0f}",
            f"{e['ci95'][0]:+.0f} .. {e['ci95'][1]:+.0f}",
            f"{e['wins']}/{e['games']}",
            _pct(e["win_share"]),
            _pct(e["fair_share"]),
        ]
        for e in rows
    ]
    labels = [e["label"] for e in rows]
    cell = {(p["a"], p["b"]): p for p in doc["pairwise"]}
    pair_rows = []
    for a in labels:
        row = [a]
        for b in labels:
            p = cell.get((a, b))
            row.append("-" if p is None or not p["games"] else f"{_pct(p['rate'])} ({p['games']})")
        pair_rows.append(row)
    # Read with get: a document written before gaps were reported has none, and --from
    # re-analyses it anyway, but a caller may print a document as it was stored.
    gap_rows = [
        [
            f"{g['upper']} over {g['lower']}",
            f"{g['gap']:+.0f}",
            f"{g['ci95'][0]:+.0f} .. {g['ci95'][1]:+.0f}",
        ]
        for g in doc.get("gaps", [])
    ]
    sections = [
        (
            "Ratings (Elo scale, mean 0; 95% bootstrap interval)",
            ["entrant", "rating", "95% interval", "wins/games", "win share", "fair share"],
            rating_rows,
        ),
    ]
    if gap_rows:
        sections.append(
            (
                "Gaps, each entrant over the next (95% bootstrap interval of the difference)",
                ["", "gap", "95% interval"],
                gap_rows,
            )
        )
    from .field import sections as field_sections  # (the field's head-to-head, if one)

    return [
        *sections,
        *field_sections(doc),
        (
            "Row finished ahead of column (a level finish counts half; games together)",
            ["", *labels],
            pair_rows,
        ),
        *benchmark_sections(doc, order=labels),
    ]


def _signed(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:+.{digits}f}"


def benchmark_sections(
    doc: dict[str, Any], order: Sequence[str] | None = None
) -> list[tuple[str, list[str], list[list[str]]]]:
    """The arena's negotiation and language-model tables (``arena.negotiation`` and
    ``arena.models``), entrants in ``order`` (labels; default the document's). The trade
    table is left out when nobody traded or talked, the models' when no bot keeps stats;
    a document written before these existed has neither."""
    rank = {label: i for i, label in enumerate(order or [])}

    def ordered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted(rows, key=lambda r: rank.get(r["label"], len(rank)))

    sections = []
    talk = ordered(doc.get("negotiation", []))
    if any(r["offers"] or r["counters"] or r["trades"] or r["chat_lines"] for r in talk):
        rows = [
            [
                r["label"],
                _num(r["per_game"]["offers"], 2),
                _pct(r["offer_success"]),
                _num(r["per_game"]["counters"], 2),
                _num(r["per_game"]["trades"], 2),
                _signed(r["per_game"]["card_balance"]),
                _signed(r["per_game"]["value_balance"]),
                _num(r["per_game"]["chat_lines"], 2),
                _num(r["per_game"]["chat_chars"], 0),
            ]
            for r in talk
        ]
        sections.append(
            (
                "Domestic trade and chat, per seat-game (balance: cards got less given; "
                "value: weighed by scarcity on the board)",
                [
                    "entrant",
                    "offers",
                    "traded",
                    "counters",
                    "trades",
                    "cards +/-",
                    "value +/-",
                    "chat lines",
                    "chars",
                ],
                rows,
            )
        )
    llm = ordered(doc.get("models", []))
    if llm:
        rows = []
        for m in llm:
            pg, fell = m["per_game"], m["totals"].get("fallbacks", {})
            reasons = ", ".join(f"{k} {v}" for k, v in fell.items()) or "none"
            rows.append(
                [
                    m["label"],
                    _num(pg["decisions"]),
                    _pct(m["refused_rate"]),
                    _pct(m["illegal_rate"]),
                    f"{_pct(m['fallback_rate'])} ({reasons})",
                    f"{_num(pg['tokens_in'], 0)} / {_num(pg['tokens_out'], 0)}",
                    "unpriced" if pg["cost"] is None else f"{pg['cost']:.4f}",
                    _num(m["wall_clock"]["latency_per_call"], 2),
                ]
            )
        sections.append(
            (
                "Language models, per seat-game (refused: malformed or illegal replies of all "
                "requests; fallbacks: of decisions; latency: wall clock, s a request)",
                [
                    "entrant",
                    "decisions",
                    "refused",
                    "illegal",
                    "fallbacks (by reason)",
                    "tokens in / out",
                    "cost",
                    "latency",
                ],
                rows,
            )
        )
    return sections


def arena_headline(doc: dict[str, Any], seconds: float | None, workers: int) -> str:
    cfg, summ = doc["config"], doc["summary"]
    text = (
        f"{cfg['format']}: {len(cfg['entrants'])} entrants, {cfg['players']} players, "
        f"{summ['games']} games ({summ['unfinished']} unfinished, {summ['errors']} errors), "
        f"seed {cfg['seed']}"
    )
    if seconds is not None:
        text += f"; {seconds:.1f} s with {workers} worker(s)"
    return text


def arena_notes(doc: dict[str, Any]) -> list[str]:
    """Warnings under the tables: a rating that rests on the prior more than on games."""
    notes = []
    for e in doc["entrants"]:
        if e["games"] and e["wins"] in (0, e["games"]):
            word = "never won" if e["wins"] == 0 else "won every game"
            notes.append(
                f"{e['label']} {word}: its rating and interval rest on the prior (one virtual "
                "win and loss against a 0-rated player), not only on the games"
            )
    return notes


_SEAT = re.compile(r"\bseat \d+ ")


def arena_errors(doc: dict[str, Any], shown: int = 5) -> list[str]:
    """Why games ended in an error: each distinct message once, with how many games it
    ended and the first of them (``sim`` prints the same per game), the first ``shown``.
    Messages that differ only in the seat (``seat 1 (r) raised …``) are one: an entrant
    changes seats from game to game."""
    first: dict[str, dict[str, Any]] = {}
    counts: Counter[str] = Counter()
    for g in doc.get("games", []):
        if g.get("status") == "error":
            key = _SEAT.sub("seat ", str(g.get("error")))
            first.setdefault(key, g)
            counts[key] += 1
    lines = []
    for key, g in list(first.items())[:shown]:
        n = counts[key]
        games = "1 game" if n == 1 else f"{n} games"
        lines.append(f"error in {games} (first: game {g['game']}, seed {g['seed']}): {g['error']}")
    if len(first) > shown:
        lines.append(f"... {len(first) - shown} more distinct errors (see --json)")
    return lines


def print_arena(
    doc: dict[str, Any], out: TextIO, *, seconds: float | None = None, workers: int = 1
) -> None:
    """The arena's report on ``out``: rich tables on a terminal when installed, else text."""
    head = arena_headline(doc, seconds, workers)
    sections = arena_sections(doc)
    isatty = getattr(out, "isatty", None)
    if not (callable(isatty) and isatty() and have("rich")):
        lines = [head, ""]
        for title, header, rows in sections:
            lines.append(title)
            lines.extend(_plain(header, rows))
            lines.append("")
        lines.extend(arena_notes(doc))
        lines.extend(arena_errors(doc))
        out.write("\n".join(lines) + "\n")
        return
    rich_console = importlib.import_module("rich.console")
    rich_table = importlib.import_module("rich.table")
    console = rich_console.Console(file=out)
    console.print(head, highlight=False)
    for title, header, rows in sections:
        table = rich_table.Table(title=title, title_justify="left")
        for i, h in enumerate(header):
            table.add_column(h, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    for line in [*arena_notes(doc), *arena_errors(doc)]:
        console.print(line, highlight=False)


def format_json(summary: dict[str, Any]) -> str:
    """The summary as indented JSON (keys documented in ``stats.py``)."""
    return json.dumps(summary, indent=2) + "\n"


# -- replay -------------------------------------------------------------------------------------


class RecordError(ValueError):
    """A records file that cannot be read or replayed; the message starts ``FILE:LINE:``
    (the line of the record, or of the failing action in a pretty-printed one) and, for a
    bad step, names the action by its number from 1 (the engine's ``replay`` says which)."""


_DECODER = json.JSONDecoder()
_BLANK = " \t\r\n"


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _BLANK:
        i += 1
    return i


def _elements(text: str, i: int) -> list[int]:
    """Where each element of the (valid) JSON array opening at ``text[i]`` starts."""
    starts: list[int] = []
    i = _skip(text, i + 1)
    while text[i] != "]":
        starts.append(i)
        i = _skip(text, _DECODER.raw_decode(text, i)[1])
        if text[i] == ",":
            i = _skip(text, i + 1)
    return starts


def _members(text: str, i: int) -> dict[str, int]:
    """Where each member's value of the (valid) JSON object opening at ``text[i]`` starts."""
    starts: dict[str, int] = {}
    i = _skip(text, i + 1)
    while text[i] != "}":
        key, i = _DECODER.raw_decode(text, i)
        i = _skip(text, _skip(text, i) + 1)  # past the colon
        starts[key] = i
        i = _skip(text, _DECODER.raw_decode(text, i)[1])
        if text[i] == ",":
            i = _skip(text, i + 1)
    return starts


class _Source:
    """One record of a file and where it lies in it, to name the line of what failed."""

    def __init__(self, path: str, text: str, start: int, first_line: int) -> None:
        self.path = path
        self.text = text  # the record's line in JSON lines, else the whole file
        self.start = start  # the offset of the record's "{" in ``text``
        self.first_line = first_line  # the line of ``text``'s first character

    def line_of(self, message: str) -> int:
        """The line of what ``message`` is about: an action (``action N``), a top-level
        field it begins with (``result ...``), or else the record itself."""
        at = self.start
        try:
            fields = _members(self.text, self.start)
            action = re.search(r"\baction (\d+)\b", message)
            head = re.match(r"\w+", message)
            if action and "actions" in fields and self.text[fields["actions"]] == "[":
                items = _elements(self.text, fields["actions"])
                n = int(action.group(1))
                at = items[n - 1] if 0 < n <= len(items) else fields["actions"]
                if self.text[at] == "[" and _elements(self.text, at):  # at its notation
                    at = _elements(self.text, at)[0]
            elif head and head.group() in fields:
                at = fields[head.group()]
        except (ValueError, IndexError):  # not an object after all: the record's own line
            pass
        return self.first_line + self.text.count("\n", 0, at)

    def error(self, message: str) -> RecordError:
        return RecordError(f"{self.path}:{self.line_of(message)}: {message}")


def _is_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except json.JSONDecodeError:
        return False


def _read_source(path: str, game: int) -> tuple[dict[str, Any], _Source]:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (records are JSON)") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from err
    lines = [(i + 1, line) for i, line in enumerate(text.split("\n")) if line.strip()]
    doc: Any = None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        # JSON lines (``sim --out``): the first value ends before the file does ("Extra
        # data"), or, when that first line is the broken one, some other line is a record.
        if not (err.msg == "Extra data" or any(_is_object(line) for _, line in lines[1:])):
            raise RecordError(
                f"{path}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}"
            ) from None
    if doc is not None:
        first = _skip(text, 0)
        if isinstance(doc, dict):
            records: list[tuple[Any, int]] = [(doc, first)]
        elif isinstance(doc, list):
            records = list(zip(doc, _elements(text, first)))
        else:
            at = text.count("\n", 0, first) + 1
            raise RecordError(f"{path}:{at}: not a record (a JSON object) nor a list of them")
        if not 0 <= game < len(records):
            raise ValueError(f"{path} holds {len(records)} records; --game {game} is not one")
        record, start = records[game]
        source = _Source(path, text, start, 1)
    else:
        if not 0 <= game < len(lines):
            raise ValueError(f"{path} holds {len(lines)} records; --game {game} is not one")
        number, line = lines[game]
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise RecordError(f"{path}:{number}:{err.colno}: not valid JSON: {err.msg}") from None
        source = _Source(path, line, _skip(line, 0), number)
    if not isinstance(record, dict):
        raise source.error(f"record {game} is not a JSON object")
    return record, source


def load_record(path: str, game: int = 0) -> dict[str, Any]:
    """Record number ``game`` (from 0) of a file: JSON lines as ``sim --out`` writes them,
    or a single record (``game.to_json()``, pretty-printed or not), or a JSON list of them.

    Raises :class:`RecordError` for a file that cannot be read or is not JSON (naming
    ``FILE:LINE``), ``ValueError`` when there is no record number ``game``."""
    return _read_source(path, game)[0]


def replay_file(path: str, *, game: int = 0, step: int | None = None, context: int = 5) -> str:
    """:func:`format_replay` of record ``game`` of a file; a record that does not replay
    raises :class:`RecordError` naming ``FILE:LINE`` and the action that failed."""
    record, source = _read_source(path, game)
    try:
        return format_replay(record, step=step, context=context)
    except RecordError as err:
        raise source.error(str(err)) from None


_AT_ACTION = re.compile(r"action (\d+) \(")


def _partial_hint(record: dict[str, Any], message: str) -> str:
    """Where a seat's or a spectator's record stops replaying, and how to see that far: a
    record of a game still running (``record_for``: no seed) hides the chance outcomes its
    reader may not know, so it replays only up to the first of them."""
    rules = record.get("rules")
    found = _AT_ACTION.match(message)
    if "lacks the chance outcome" not in message or found is None:
        return ""
    if isinstance(rules, dict) and "seed" in rules:
        return ""
    last = int(found.group(1)) - 1
    return (
        f" — a seat's or spectator's record of a game still running hides the outcomes its "
        f"reader may not know, so it replays only to there: --step {last} shows the "
        "position before it (the finished game's record replays whole)"
    )


def format_replay(record: dict[str, Any], *, step: int | None = None, context: int = 5) -> str:
    """The position after ``step`` actions (default: the end) as a spectator sees it, and
    the actions around it in notation, step ``step`` marked with ``=>``.

    Steps count from 1; step 0 is the position before the first action. A record that
    does not replay raises :class:`RecordError` (with the engine's message); a ``step``
    outside the record, ``ValueError``.
    """
    # Imported here: the engine's replay is only needed by this one command.
    from pysettlers.engine import IllegalActionError, observe, replay
    from pysettlers.engine.chat import read_chat
    from pysettlers.render import render_view, to_do

    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list of [action] or [action, outcome]")
    total = len(actions)
    k = total if step is None else step
    if not 0 <= k <= total:
        raise ValueError(f"--step must be from 0 to {total} (the record has {total} actions)")
    try:
        game = replay(record, upto=k)
    except IllegalActionError as err:  # the action first, then the rulebook's section
        raise RecordError(f"{err.message} (rule: {err.rule})") from None
    except ValueError as err:  # the engine names the field or the action (from 1) that failed
        raise RecordError(str(err) + _partial_hint(record, str(err))) from None
    view = observe(game.state, None)
    rules = record["rules"]
    # What the players said, by the step it follows (replay() has checked the field).
    said: dict[int, list[str]] = {}
    for line in read_chat(record.get("chat", []), game.state.n, total):
        said.setdefault(line.step, []).append(f"p{line.seat} says: {line.text}")
    sim = record.get("sim") or {}
    lines = []
    head = f"{rules['players']} players, {rules['map_kind']} map, {rules['vp_target']} VP"
    if sim:
        head = f"game {sim.get('game')} (seed {sim.get('seed')}): " + head
        head += "; " + ", ".join(f"p{s} {lab}" for s, lab in enumerate(sim.get("seats", [])))
    else:
        head = f"seed {rules.get('seed')}: " + head
    lines.append(head)
    result = record.get("result") or {}
    if sim.get("status") == "error":
        lines.append(f"ended by an error after {total} actions: {sim.get('error')}")
    elif result.get("winner") is not None:
        lines.append(
            f"p{result['winner']} won on turn {result.get('turns')} after {total} actions; "
            f"points {result.get('points')}"
        )
    else:
        lines.append(f"unfinished: stopped in turn {result.get('turns')} after {total} actions")
    where = "before the first action" if k == 0 else f"after step {k} of {total}"
    lines += ["", f"Position {where} (turn {view.turn}: {to_do(view)}):", ""]
    lines.append(render_view(view))
    lines += ["", "Actions (=> marks the last one applied):"]
    lo, hi = max(1, k - context), min(total, k + context)
    width = len(str(hi))
    pad = " " * (width + 5)  # chat lines sit under the action they follow
    lines += [pad + x for x in said.get(lo - 1, [])]
    for i in range(lo, hi + 1):
        item = actions[i - 1]
        chance = f"  [{item[1]}]" if len(item) > 1 else ""
        mark = "=>" if i == k else "  "
        lines.append(f"{mark} {i:>{width}}  {item[0]}{chance}")
        lines += [pad + x for x in said.get(i, [])]
    if total == 0:
        lines.append("  (the record has no actions)")
    return "\n".join(lines) + "\n"


# -- the plot -----------------------------------------------------------------------------------


def write_plot(summary: dict[str, Any], turns: Sequence[int], path: str) -> None:
    """A PNG: win rates with their 95% intervals, and the histogram of finished games' turns."""
    require_matplotlib()
    # The object-oriented API without pyplot: no GUI backend, no global figure state.
    figure_mod = importlib.import_module("matplotlib.figure")
    fig = figure_mod.Figure(figsize=(11, 4.5), layout="constrained")
    left, right = fig.subplots(1, 2)

    labels = [p["label"] for p in summary["players"]]
    rates = [summary["win_rate"][lab] for lab in labels]
    lows = [r - summary["win_ci95"][lab][0] for r, lab in zip(rates, labels)]
    highs = [summary["win_ci95"][lab][1] - r for r, lab in zip(rates, labels)]
    xs = list(range(len(labels)))
    left.bar(xs, rates, yerr=[lows, highs], capsize=4, color="tab:blue")
    left.axhline(1 / len(labels), color="grey", linestyle="--", linewidth=1, label="fair share")
    left.set_xticks(xs, labels, rotation=20, ha="right")
    left.set_ylabel("win rate (95% Wilson interval)")
    left.set_title(
        f"{summary['games']} games, {summary['unfinished']} unfinished, {summary['errors']} errors"
    )
    left.legend(loc="upper right")

    if turns:
        bins = min(40, max(5, len(set(turns))))
        right.hist(list(turns), bins=bins, color="tab:green")
    right.yaxis.get_major_locator().set_params(integer=True)  # counts of games
    right.set_xlabel("turns")
    right.set_ylabel("games")
    right.set_title(f"game length ({len(turns)} finished games)")
    fig.suptitle(headline(summary), fontsize=9)
    fig.savefig(path, dpi=100)


__all__ = [
    "RecordError",
    "format_json",
    "format_replay",
    "format_table",
    "have",
    "headline",
    "load_record",
    "print_table",
    "progress_bar",
    "replay_file",
    "require_matplotlib",
    "write_plot",
]
