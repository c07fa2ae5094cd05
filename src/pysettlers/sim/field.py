"""The field: a standard gauntlet of opponents that play differently (issue 33).

What this is for: rating a bot against more than our own greedy family. Strength measured
against one kind of opponent overfits (the expert's edge over three greedy bots did not
carry to other opponents), so a bot is measured against *the field* — every member below
in turn, one BOT against three copies of the member (``pysettlers arena --field BOT``, or
``--format field BOT MEMBER...`` for a field of one's own), every seat rotation — and its
strength is its rating over all those games, with its worst head-to-head beside it.

* **The members** (:data:`FIELD`, bot specs as for ``--players``): ``random``; the
  weighted and greedy bots plain and blurred by noise (``weighted:noise=8`` is the medium
  level's blur, ``greedy:noise=0.333`` the hard level's); each strategy style of both
  (``style=roads|cards|cities|harbors|robber``, ``bots/styles.py``: Longest Road,
  development cards and Largest Army, cities on ore and grain, a harbor trader, an
  aggressive robber); and a plain determinized MCTS bot, ``mcts``, when one is registered
  (looked up by name, so the field works before and after it exists).
* **Head to head** (:func:`head_to_head`): for each member, the BOT's wins in the games
  against it with the Wilson 95% interval (a fair share is 1 / players), the member's
  rating, and which member the BOT does worst against.

What this is not: the schedule, the playing or the rating (``arena.py``, ``ratings.py``:
the field is a format of the arena, and its one rating is the arena's Plackett-Luce fit
over all the games), nor a claim that the field is complete: it is what we have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pysettlers.bots import bot_names
from pysettlers.bots.options import STYLES as BOT_STYLES

from .runner import BotSpec, labelled_specs
from .stats import wilson

STYLES = tuple(s for s in BOT_STYLES if s != "plain")  # (plain: the bot itself, a member)

FIELD: tuple[str, ...] = (
    "random",
    "weighted",
    "weighted:noise=8",
    *(f"weighted:style={s}" for s in STYLES),
    "greedy",
    "greedy:noise=0.333",
    *(f"greedy:style={s}" for s in STYLES),
    "mcts",
)
"""Every member the field may hold, as bot specs (``mcts`` only where it is registered)."""


def members(exclude: Sequence[str] = ()) -> tuple[str, ...]:
    """The field's members whose bot is registered in this process, less ``exclude`` (specs
    or bot names: ``mcts`` drops the MCTS bot, ``greedy:style=roads`` that one member).
    An ``exclude`` naming no member is an error, so a typo does not go unnoticed."""
    known = set(bot_names())
    present = [m for m in FIELD if m.split(":", 1)[0] in known]
    for x in exclude:
        if not any(m == x or m.split(":", 1)[0] == x for m in present):
            raise ValueError(f"--exclude: {x!r} is no member of the field ({', '.join(present)})")
    out = tuple(m for m in present if not any(m == x or m.split(":", 1)[0] == x for x in exclude))
    if not out:
        raise ValueError("--exclude: that leaves no member in the field")
    return out


def entrants(bot: str, exclude: Sequence[str] = ()) -> tuple[BotSpec, ...]:
    """``bot`` first, then the field's members: the entrants of ``arena --field BOT``. A
    member with the BOT's own spec is left out, so that every entrant keeps its spec as its
    label and the results of several BOTs merge into one fit (``arena --from A --from B``:
    the greedy BOT of one run is the greedy member of another)."""
    return labelled_specs([bot, *(m for m in members(exclude) if m != bot.strip())])


def schedule(n: int, players: int) -> list[tuple[int, ...]]:
    """The field's tables before rotation: entrant 0 with ``players - 1`` copies of each
    other entrant in turn."""
    return [(0, *([m] * (players - 1))) for m in range(1, n)]


def head_to_head(config_json: dict[str, Any], games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The BOT's (entrant 0's) results against each member, from the results' games: wins
    of the games against the member, their share with its Wilson 95% interval, the fair
    share, and the worst head-to-head (lowest share; ties: the first member)."""
    labels = [e["label"] for e in config_json["entrants"]]
    players = config_json["players"]
    rows = []
    for m in range(1, len(labels)):
        played = [g for g in games if 0 in g["seats"] and m in g["seats"]]
        finished = [g for g in played if g["winner"] is not None]
        wins = sum(1 for g in finished if g["seats"][g["winner"]] == 0)
        lo, hi = wilson(wins, len(played))
        rows.append(
            {
                "member": labels[m],
                "games": len(played),
                "unfinished": len(played) - len(finished),
                "wins": wins,
                "win_share": round(wins / len(played), 4) if played else None,
                "ci95": [round(lo, 4), round(hi, 4)],
                "member_wins": sum(1 for g in finished if g["seats"][g["winner"]] == m),
            }
        )
    scored = [r for r in rows if r["win_share"] is not None]
    worst = min(scored, key=lambda r: r["win_share"]) if scored else None
    return {
        "bot": labels[0],
        "players": players,
        "fair_share": round(1 / players, 4),
        "members": rows,
        "worst": None if worst is None else worst["member"],
    }


def sections(doc: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report's table of a field's results (none for other formats): each member's
    rating, the BOT's wins against it with their interval, worst marked."""
    field = doc.get("field")
    if not field:
        return []
    rated = {e["label"]: e for e in doc["entrants"]}
    bot = rated[field["bot"]]
    rows = [
        [
            f"{field['bot']} (the BOT)",
            f"{bot['rating']:+.0f} ({bot['ci95'][0]:+.0f} .. {bot['ci95'][1]:+.0f})",
            f"{bot['wins']}/{bot['games']}",
            _pct(bot["win_share"]),
            "",
        ]
    ]
    for r in sorted(field["members"], key=lambda r: (r["win_share"] is None, r["win_share"])):
        e = rated[r["member"]]
        rows.append(
            [
                r["member"] + ("  <- worst" if r["member"] == field["worst"] else ""),
                f"{e['rating']:+.0f} ({e['ci95'][0]:+.0f} .. {e['ci95'][1]:+.0f})",
                f"{r['wins']}/{r['games']}",
                _pct(r["win_share"]),
                f"{_pct(r['ci95'][0])} .. {_pct(r['ci95'][1])}",
            ]
        )
    title = (
        f"The field: {field['bot']} against {field['players'] - 1}x each member, worst first "
        f"(fair share {_pct(field['fair_share'])}; Wilson 95% interval of the BOT's share)"
    )
    return [(title, ["member", "rating (95%)", "BOT wins", "BOT share", "95% interval"], rows)]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


__all__ = ["FIELD", "entrants", "head_to_head", "members", "schedule", "sections"]
