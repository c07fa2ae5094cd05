"""Statistics of a simulator run: win counts with Wilson intervals, seats, points, lengths.

What this is for: :class:`Tally` takes the :class:`~pysettlers.sim.runner.GameResult` of
each game in turn (so a long run need not keep its games in memory) and produces the run's
summary as plain JSON data with stable keys, which ``report.py`` prints as a table or JSON.

The summary (``format`` ``pysettlers-sim-summary/1``); players are named by their unique
labels (``random#1`` …, see :func:`~pysettlers.sim.runner.parse_players`), seats are
engine seats ``p0`` … and rates are fractions of **all** games played:

==================  ============================================================================
key                 meaning
==================  ============================================================================
games               games played; ``finished + unfinished + errors``
finished            games someone won
unfinished          games stopped by ``max_turns`` / ``max_decisions``: nobody's win
errors              games stopped by a bot's illegal action or exception (``error_games``)
seed                the master seed; ``rotate``, ``max_turns``, ``max_decisions`` (the cap in
                    force: 50 × max_turns unless given), ``rules`` and ``players`` (label,
                    bot, class, options) complete the run's options
wins                label → games won
win_rate            label → wins / games
win_ci95            label → [low, high], the 95% Wilson score interval of ``win_rate``
seat_wins           wins by seat (list, seat 0 first); ``seat_win_rate``: ÷ games
order_win_rate      wins by place in the turn order (0: the starting player, rolled for) ÷ games
mean_points         label → mean final points (with hidden VP cards), games without an error
mean_turns          mean turns of the finished games (``null`` if none finished)
mean_decisions      mean actions (every decision of every player) of the finished games
turns, decisions    nearest-rank ``min``, ``p10``, ``median``, ``p90``, ``max`` of the finished
                    games (``null`` if none finished)
error_games         the first 100 errors: ``game`` index, its ``seed``, the ``message``
chat                only when a bot talked: ``lines`` said in all, ``games`` with any,
                    ``per_game`` (lines ÷ games played), ``by_player`` (label → lines)
models              only when a bot keeps its own accounting (the ``llm`` bot): label →
                    its stats summed over its games (``decisions``, ``model_calls``,
                    ``fallbacks`` by reason …, no latency), ``seat_games``,
                    ``fallback_total`` and ``fallback_rate`` (÷ decisions): a model whose
                    endpoint is down is played by its fallback bot, and this says so
seconds             wall-clock time of the run
games_per_second    games ÷ seconds
workers             processes that played the games
==================  ============================================================================

Everything except ``seconds``, ``games_per_second`` and ``workers`` is a function of the
options and the seed alone, identical for any number of workers.

What this is not: no hypothesis tests beyond the intervals, and no printing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .measures import add_stats, split_wall_clock
from .runner import ERROR, FINISHED, UNFINISHED, GameResult, SimConfig, decision_cap

SUMMARY_FORMAT = "pysettlers-sim-summary/1"
TIMING_KEYS = ("seconds", "games_per_second", "workers")
"""Keys that describe how a run was played rather than its games."""

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile
_MAX_ERRORS = 100


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (``(0, 1)`` when ``n`` is 0).

    Unlike the normal approximation it stays inside [0, 1] and is sensible for 0 or ``n``
    successes, which small runs and lopsided matchups produce.
    """
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n (got k={k}, n={n})")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def nearest_rank(sorted_values: Sequence[int], q: float) -> int:
    """The nearest-rank ``q`` quantile of non-empty, sorted values (an actual value)."""
    if not sorted_values:
        raise ValueError("no values")
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def distribution(values: Sequence[int]) -> dict[str, int] | None:
    """``min``, ``p10``, ``median``, ``p90``, ``max`` of ``values`` (``None`` if empty)."""
    if not values:
        return None
    v = sorted(values)
    return {
        "min": v[0],
        "p10": nearest_rank(v, 0.1),
        "median": nearest_rank(v, 0.5),
        "p90": nearest_rank(v, 0.9),
        "max": v[-1],
    }


def _r(x: float) -> float:
    """Rates and means rounded for reading; 6 digits is far below any sampling error."""
    return round(x, 6)


class Tally:
    """Running totals of a run's games, added in game order."""

    def __init__(self, config: SimConfig) -> None:
        self.config = config
        n = config.rules.players
        self.labels = [s.label for s in config.specs]
        self.games = 0
        self.status = {FINISHED: 0, UNFINISHED: 0, ERROR: 0}
        self.wins = [0] * n  # by entry of the players list
        self.points = [0] * n
        self.seat_wins = [0] * n
        self.order_wins = [0] * n
        self.scored = 0  # games whose points count (no error)
        self.turns: list[int] = []  # of finished games
        self.decisions: list[int] = []
        self.error_games: list[dict[str, Any]] = []
        self.chat = [0] * n  # lines said, by entry of the players list
        self.chat_games = 0  # games in which someone said something
        # By entry: the summed accounting of a bot that keeps one (``None``: it keeps none).
        self.bots: list[dict[str, Any] | None] = [None] * n
        self.bot_games = [0] * n

    def add(self, r: GameResult) -> None:
        n = self.config.rules.players
        self.games += 1
        self.status[r.status] += 1
        if r.chat:  # (every game's, errors included: what was said was said)
            self.chat_games += 1
            for seat, lines in enumerate(r.chat):
                self.chat[r.seats[seat]] += lines
        # Every game's, errors included: a fallback that decided is news either way.
        for seat, kept in enumerate(r.stats):
            if kept is not None:
                entry = r.seats[seat]
                totals = self.bots[entry]
                if totals is None:
                    totals = self.bots[entry] = {}
                add_stats(totals, split_wall_clock(kept)[0] or {})
                self.bot_games[entry] += 1
        if r.status == ERROR:
            if len(self.error_games) < _MAX_ERRORS:
                self.error_games.append({"game": r.index, "seed": r.seed, "message": r.error})
            return
        self.scored += 1
        for seat, entry in enumerate(r.seats):
            self.points[entry] += r.points[seat]
        if r.status == FINISHED:
            # Only a finished game has a winner; a capped game is nobody's win.
            assert r.winner is not None
            self.wins[r.seats[r.winner]] += 1
            self.seat_wins[r.winner] += 1
            self.order_wins[(r.winner - r.first_player) % n] += 1
            self.turns.append(r.turns)
            self.decisions.append(r.decisions)

    def summary(self, *, seconds: float, workers: int) -> dict[str, Any]:
        """The run's summary as JSON data (keys in the module docstring)."""
        games = self.games
        c = self.config
        rules = c.rules.to_json()
        del rules["seed"]  # each game has its own, derived from the master seed

        def rate(k: int) -> float:
            return _r(k / games) if games else 0.0

        finished = len(self.turns)
        # Only where a bot talked: the summary of a run without chat is as it always was.
        lines = sum(self.chat)
        chat = (
            {
                "chat": {
                    "lines": lines,
                    "games": self.chat_games,
                    "per_game": rate(lines),
                    "by_player": dict(zip(self.labels, self.chat)),
                }
            }
            if lines
            else {}
        )
        return {
            "format": SUMMARY_FORMAT,
            "games": games,
            "finished": self.status[FINISHED],
            "unfinished": self.status[UNFINISHED],
            "errors": self.status[ERROR],
            "seed": c.seed,
            "rotate": c.rotate,
            "max_turns": c.max_turns,
            "max_decisions": decision_cap(c.max_turns, c.max_decisions),
            "rules": rules,
            "players": [s.to_json() for s in c.specs],
            "wins": dict(zip(self.labels, self.wins)),
            "win_rate": {lab: rate(w) for lab, w in zip(self.labels, self.wins)},
            "win_ci95": {
                lab: [_r(x) for x in wilson(w, games)] for lab, w in zip(self.labels, self.wins)
            },
            "seat_wins": list(self.seat_wins),
            "seat_win_rate": [rate(w) for w in self.seat_wins],
            "order_win_rate": [rate(w) for w in self.order_wins],
            "mean_points": {
                lab: (_r(p / self.scored) if self.scored else None)
                for lab, p in zip(self.labels, self.points)
            },
            "mean_turns": _r(sum(self.turns) / finished) if finished else None,
            "mean_decisions": _r(sum(self.decisions) / finished) if finished else None,
            "turns": distribution(self.turns),
            "decisions": distribution(self.decisions),
            "error_games": list(self.error_games),
            **chat,
            **self._models(),
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
            "workers": workers,
        }

    def _models(self) -> dict[str, Any]:
        """The ``models`` key, only where a bot kept its own accounting."""
        models = {}
        for label, totals, games in zip(self.labels, self.bots, self.bot_games):
            if totals is None:
                continue
            fallbacks = dict(sorted(totals.get("fallbacks", {}).items()))
            fell, decisions = sum(fallbacks.values()), totals.get("decisions", 0)
            models[label] = {
                **{k: _r(v) if isinstance(v, float) else v for k, v in sorted(totals.items())},
                "fallbacks": fallbacks,
                "seat_games": games,
                "fallback_total": fell,
                "fallback_rate": _r(fell / decisions) if decisions else None,
            }
        return {"models": models} if models else {}


__all__ = [
    "SUMMARY_FORMAT",
    "TIMING_KEYS",
    "Z95",
    "Tally",
    "distribution",
    "nearest_rank",
    "wilson",
]
