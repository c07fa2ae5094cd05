"""Tournaments among bot specs (``pysettlers arena``): the schedule, playing it, the results.

What this is for: rating bots against each other with seat order balanced out.

* **Entrants** — bot specs as for ``sim --players``, one per command-line argument; a label
  given twice is numbered (``random#1``, ``random#2``), a useful sanity check (their
  ratings must agree within their intervals).
* **Schedule** — a *table* is the entrants of one game in seat order. ``round-robin``:
  every set of ``players`` distinct entrants is a table; with fewer entrants than seats,
  every entrant sits ``players // n`` times and each set of ``players % n`` entrants takes
  the seats left over (2 entrants, 4 seats: one table A B A B; 3 entrants: A B C A, A B C B,
  A B C C — a second seat, not a missing player). Copies are dealt in turn (A B A B rather
  than A A B B), because in CATAN who plays after whom matters. ``gauntlet``: the first
  entrant at every table with each set of ``players - 1`` of the others (the field), filled
  the same way when the field is smaller. ``field`` (``--field BOT``, :mod:`.field`): the
  first entrant against ``players - 1`` copies of each other entrant in turn, one table a
  member (head to head). Each table is played in every cyclic rotation of
  its seats, so every entrant sits in every seat equally often: a *round* is every table
  in every rotation, and ``--games`` is rounded up to whole rounds.
* **Playing** — game ``i`` of the schedule is :func:`~pysettlers.sim.runner.run_game` of a
  :class:`SimConfig` holding the table's specs in seat order (no rotation of its own) and
  the master seed, so game ``i``'s seed is ``game_seed(seed, i)``: the results do not
  depend on the number of workers, processes or Ray tasks that play them.
* **Results** — one JSON document (``FORMAT``): the config, every game (seats, seed,
  status, winner, points, turns), ratings with 95% intervals (:mod:`.ratings`), the gap
  between each entrant and the next one below it (or along ``--gaps``) with the 95%
  interval of that difference, the pairwise table and each entrant's wins against its fair
  share (a ``field``: the first entrant's share against each member, ``field.head_to_head``);
  beside them each entrant's domestic trade and chat (``negotiation``) and, for bots
  that keep their own accounting such as the ``llm`` bot, its refused replies, fallbacks,
  tokens and cost (``models``). No wall-clock time is in it but the models' latency, kept
  under ``wall_clock`` keys, so the same seed gives the same bytes apart from those (and,
  with a real model, what its replies decide). :func:`analyse` recomputes everything after
  the games from the games alone (``--from FILE``); results written before ``negotiation``
  and ``models`` existed read as games without trade, chat or model stats (the format is
  still ``pysettlers-arena/1``: every key added is optional).

What this is not: a second game runner (one game is ``run_game``), nor a rating library
(``ratings.py``), nor printing (the CLI), nor rules.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pysettlers.engine import Rules
from pysettlers.engine.config import upgrade_json

from . import field, ratings
from .measures import MEASURES, add_stats, measures_json, split_wall_clock
from .runner import BotSpec, GameResult, SimConfig, labelled_specs, run_game

FORMAT = "pysettlers-arena/1"
FORMATS = ("round-robin", "gauntlet", "field")
RESAMPLES = 1000  # bootstrap resamples for the intervals


def parse_entrants(texts: Sequence[str]) -> tuple[BotSpec, ...]:
    """One bot spec per argument, labels made unique as ``sim --players`` does."""
    if len(texts) < 2:
        raise ValueError(
            f"BOT: an arena needs at least 2 entrants (got {len(texts)}); "
            "to measure one bot, use pysettlers sim"
        )
    return labelled_specs(texts)


def _fill(pool: Sequence[int], seats: int) -> list[tuple[int, ...]]:
    """Tables of ``seats`` seats from ``pool``: its ``seats``-subsets, or, when the pool is
    smaller, every member ``seats // n`` times plus each ``seats % n``-subset once more,
    copies dealt in turn."""
    n = len(pool)
    if n >= seats:
        return [tuple(c) for c in itertools.combinations(pool, seats)]
    tables = []
    for extra in itertools.combinations(pool, seats % n):
        # Dealt in turn: the pool once per full pass, then the extra members.
        order = list(pool) * (seats // n) + list(extra)
        tables.append(tuple(order))
    return tables


def schedule(n: int, players: int, fmt: str) -> list[tuple[int, ...]]:
    """The tables of one round before rotation, entrants by seat."""
    if fmt == "round-robin":
        return _fill(range(n), players)
    if fmt == "gauntlet":
        return [(0, *rest) for rest in _fill(range(1, n), players - 1)]
    if fmt == "field":
        return field.schedule(n, players)
    raise ValueError(f"--format must be one of {', '.join(FORMATS)} (got {fmt!r})")


def rotations(table: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every cyclic rotation of a table: each entrant in each seat once per copy."""
    return [table[k:] + table[:k] for k in range(len(table))]


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """Everything that determines an arena's games and ratings (not who plays them)."""

    rules: Rules
    entrants: tuple[BotSpec, ...]
    games: int  # asked for; rounded up to whole rounds (``total``)
    seed: int
    fmt: str = "round-robin"
    max_turns: int = 1000
    max_decisions: int | None = None

    def __post_init__(self) -> None:
        if len(self.entrants) < 2:
            raise ValueError(f"BOT: an arena needs at least 2 entrants (got {len(self.entrants)})")
        if self.games < 1:
            raise ValueError(f"--games must be at least 1 (got {self.games})")
        if self.seed < 0:
            raise ValueError(f"--seed must not be negative (got {self.seed})")
        schedule(len(self.entrants), self.rules.players, self.fmt)  # checks --format

    def seatings(self) -> list[tuple[int, ...]]:
        """Entrants by seat for every game, in game order: whole rounds, each round every
        table in every rotation."""
        one = [
            r
            for t in schedule(len(self.entrants), self.rules.players, self.fmt)
            for r in rotations(t)
        ]
        rounds = math.ceil(self.games / len(one))
        return one * rounds

    def table_config(self, seats: tuple[int, ...]) -> SimConfig:
        """The :class:`SimConfig` whose game ``i`` is this arena's game ``i`` at ``seats``."""
        return SimConfig(
            self.rules,
            tuple(self.entrants[e] for e in seats),
            games=len(self.seatings()),
            seed=self.seed,
            max_turns=self.max_turns,
            max_decisions=self.max_decisions,
            rotate=False,
        )

    def to_json(self) -> dict[str, Any]:
        r = self.rules
        return {
            "format": self.fmt,
            "players": r.players,
            "games_asked": self.games,
            "games": len(self.seatings()),
            "seed": self.seed,
            "entrants": [e.to_json() | {"spec": e.text} for e in self.entrants],
            "rules": rules_json(r),
            "max_turns": self.max_turns,
            "max_decisions": self.max_decisions,
        }


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules of a results document, every option written (from their declarations,
    ``engine/options.py``) but the players (the config's own) and the seed (each game's):
    two documents merge only when these are equal (an older document's scenario booleans
    read as ``scenarios``: :func:`shared_rules`). ``map_kind`` is written ``map``, as
    results have always had it."""
    d = type(rules).options.to_json(rules, every=True)
    del d["players"], d["seed"]
    if d.get("map_description") is None:
        d.pop("map_description", None)  # (as results were before there were described maps)
    return {("map" if k == "map_kind" else k): v for k, v in d.items()}


def shared_rules(rules: Any) -> Any:
    """A results document's rules as :func:`rules_json` writes them now: the scenarios'
    booleans of older documents (``"helpers": false, "pirate": true``) as ``scenarios``, so
    that results written before and after that change still merge."""
    d = upgrade_json(rules)
    if not isinstance(d, dict):
        return d
    names = d.get("scenarios", [])
    return {**d, "scenarios": sorted(names, key=str) if isinstance(names, list) else names}


Job = tuple[SimConfig, int]


def jobs(config: ArenaConfig) -> list[Job]:
    """The games to play, as (config with the table's specs, game index) pairs."""
    cache: dict[tuple[int, ...], SimConfig] = {}
    out = []
    for i, seats in enumerate(config.seatings()):
        if seats not in cache:
            cache[seats] = config.table_config(seats)
        out.append((cache[seats], i))
    return out


def play_chunk(chunk: Sequence[Job]) -> list[GameResult]:
    """Some games: the unit of work of a worker process or a Ray task (module level and
    picklable arguments, as spawned processes and Ray need)."""
    return [run_game(cfg, i, measure=True) for cfg, i in chunk]


def _chunks(all_jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    # As in ``run_games``: small enough to keep every worker busy and the bar moving.
    size = max(1, min(25, len(all_jobs) // (workers * 8)))
    return [list(all_jobs[a : a + size]) for a in range(0, len(all_jobs), size)]


def play(
    config: ArenaConfig,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Callable[[list[list[Job]], Callable[[int], None]], Iterator[list[GameResult]]]
    | None = None,
) -> list[GameResult]:
    """Play every game of the arena; results in game order whoever played them.

    ``executor`` (Ray's, see :mod:`.arena_ray`) takes the chunks and yields their results
    in any order; without it, ``workers`` spawned processes play them (1: this process).
    """
    advance = progress or (lambda n: None)
    all_jobs = jobs(config)
    if workers < 1:
        raise ValueError(f"--workers must be at least 1 (got {workers})")
    results: dict[int, GameResult] = {}
    if executor is not None:
        for chunk_results in executor(_chunks(all_jobs, workers), advance):
            results.update((r.index, r) for r in chunk_results)
    elif workers == 1:
        for cfg, i in all_jobs:
            results[i] = run_game(cfg, i, measure=True)
            advance(1)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            futures = [pool.submit(play_chunk, c) for c in _chunks(all_jobs, workers)]
            for fut in as_completed(futures):
                chunk_results = fut.result()
                results.update((r.index, r) for r in chunk_results)
                advance(len(chunk_results))
    return [results[i] for i in range(len(all_jobs))]


# -- results ------------------------------------------------------------------------------------


def game_json(result: GameResult, seats: tuple[int, ...]) -> dict[str, Any]:
    """One game of the results: ``seats[s]`` is the entrant in seat ``s``; ``winner`` a
    seat (``null``: nobody won, or a bot failed — ``status`` says which).

    Where there is something to say: ``measures``, each seat's domestic trade and chat
    (:mod:`.measures`, each measure a list by seat; absent: all zero); ``bots``, by seat, the
    accounting of a bot that keeps one (the ``llm`` bot's, ``null`` for the others:
    model-dependent, replayed alike from a cassette); and ``wall_clock``, the same seats'
    latency — the one part a rerun never repeats, kept under its own key."""
    out: dict[str, Any] = {
        "game": result.index,
        "seed": result.seed,
        "seats": list(seats),
        "first_player": result.first_player,
        "status": result.status,
        "winner": result.winner,
        "points": list(result.points),
        "turns": result.turns,
        "error": result.error,
    }
    measured = measures_json(result.measures)
    if measured is not None:
        out["measures"] = measured
    if result.stats:
        split = [split_wall_clock(x) for x in result.stats]
        out["bots"] = [bot for bot, _ in split]
        out["wall_clock"] = [clock for _, clock in split]
    return out


def _bootstrap(config_json: dict[str, Any], games: Sequence[dict[str, Any]]) -> ratings.Bootstrap:
    """The fit of the games and its bootstrap refits, seeded by the arena's seed."""
    n = len(config_json["entrants"])
    outcomes = []
    for g in games:
        s, w = g["seats"], g["winner"]
        comp = tuple(s.count(e) for e in range(n))
        outcomes.append(ratings.Outcome(comp, None if w is None else s[w]))
    return ratings.bootstrap(outcomes, n, seed=config_json["seed"], resamples=RESAMPLES)


def _gaps_json(labels: Sequence[str], gaps: Sequence[ratings.Gap]) -> list[dict[str, Any]]:
    return [
        {
            "upper": labels[g.upper],
            "lower": labels[g.lower],
            "gap": round(g.gap, 1),
            "ci95": [round(g.low, 1), round(g.high, 1)],
        }
        for g in gaps
    ]


def gap_order(config_json: dict[str, Any], text: str) -> list[int]:
    """The entrants of ``--gaps LABEL,LABEL,...`` by index; a ValueError names the option
    and what is wrong (an unknown or repeated label, fewer than two)."""
    labels = [e["label"] for e in config_json["entrants"]]
    names = [t.strip() for t in text.split(",")]
    if len(names) < 2:
        raise ValueError(f"--gaps: give at least two entrants' labels, comma-separated: {text!r}")
    order = []
    for name in names:
        if name not in labels:
            raise ValueError(
                f"--gaps: no entrant labelled {name!r} (entrants: {', '.join(labels)})"
            )
        if labels.index(name) in order:
            raise ValueError(f"--gaps: {name!r} is given twice")
        order.append(labels.index(name))
    return order


def with_gaps(doc: dict[str, Any], order: Sequence[int]) -> dict[str, Any]:
    """The document with its gaps taken along ``order`` (entrant indices: each over the
    next) instead of between rating neighbours, from the same seeded refits."""
    labels = [e["label"] for e in doc["config"]["entrants"]]
    gaps = _bootstrap(doc["config"], doc["games"]).gaps(order)
    return {**doc, "gaps": _gaps_json(labels, gaps)}


def _seat_games(games: Sequence[dict[str, Any]], n: int) -> list[list[tuple[dict[str, Any], int]]]:
    """For each entrant, every (game, seat) it sat in, in game order."""
    out: list[list[tuple[dict[str, Any], int]]] = [[] for _ in range(n)]
    for g in games:
        for seat, e in enumerate(g["seats"]):
            out[e].append((g, seat))
    return out


def _per(total: float, count: int, digits: int = 3) -> float | None:
    return round(total / count, digits) if count else None


def negotiation(labels: Sequence[str], games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each entrant's domestic trade and chat (:mod:`.measures`), summed over every seat it
    took (a *seat-game*: an entrant in two seats of one game counts twice) and per seat-game.
    Games without ``measures`` (nothing measured, or results written before there were
    any) count as zero."""
    out = []
    for label, taken in zip(labels, _seat_games(games, len(labels))):
        total = dict.fromkeys(MEASURES, 0.0)
        for g, seat in taken:
            measured = g.get("measures")
            if measured:
                for name in MEASURES:
                    if name in measured:
                        total[name] += measured[name][seat]
        ints = {k: round(v, 3) if k == "value_balance" else int(v) for k, v in total.items()}
        k = len(taken)
        out.append(
            {
                "label": label,
                "seat_games": k,
                **ints,
                "card_balance": ints["cards_in"] - ints["cards_out"],
                "offer_success": _per(total["offers_traded"], int(total["offers"]), 4),
                "per_game": {
                    "offers": _per(total["offers"], k),
                    "counters": _per(total["counters"], k),
                    "trades": _per(total["trades"], k),
                    "card_balance": _per(total["cards_in"] - total["cards_out"], k),
                    "value_balance": _per(total["value_balance"], k),
                    "chat_lines": _per(total["chat_lines"], k),
                    "chat_chars": _per(total["chat_chars"], k, 1),
                },
            }
        )
    return out


def models(labels: Sequence[str], games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entrants whose bots keep their own accounting (the ``llm`` bot): their stats
    summed over their seat-games (``totals``), the rates a benchmark compares, and the
    wall-clock latency apart (``wall_clock``). Entrants without stats are left out."""
    out = []
    for label, taken in zip(labels, _seat_games(games, len(labels))):
        totals: dict[str, Any] = {}
        clock = {"latency_total": 0.0, "latency_max": 0.0}
        counted = 0
        for g, seat in taken:
            bots = g.get("bots")
            stats = bots[seat] if bots else None
            if stats is None:
                continue
            counted += 1
            add_stats(totals, stats)
            clocks = g.get("wall_clock")
            c = clocks[seat] if clocks else None
            if c:
                clock["latency_total"] += c.get("latency_total", 0.0)
                clock["latency_max"] = max(clock["latency_max"], c.get("latency_max", 0.0))
        if not counted:
            continue
        totals["fallbacks"] = dict(sorted(totals.get("fallbacks", {}).items()))
        fell = sum(totals["fallbacks"].values())
        calls, decisions = totals.get("model_calls", 0), totals.get("decisions", 0)
        refused = totals.get("malformed", 0) + totals.get("illegal", 0)
        cost = totals.get("cost")
        out.append(
            {
                "label": label,
                "seat_games": counted,
                "refused_rate": _per(refused, calls, 4),
                "illegal_rate": _per(totals.get("illegal", 0), calls, 4),
                "malformed_rate": _per(totals.get("malformed", 0), calls, 4),
                "fallback_total": fell,
                "fallback_rate": _per(fell, decisions, 4),
                "per_game": {
                    "decisions": _per(decisions, counted, 2),
                    "model_calls": _per(calls, counted, 2),
                    "fallbacks": _per(fell, counted, 2),
                    "tokens_in": _per(totals.get("tokens_in", 0), counted, 1),
                    "tokens_out": _per(totals.get("tokens_out", 0), counted, 1),
                    "cost": None if cost is None else _per(cost, counted, 6),
                },
                "totals": {
                    k: round(v, 6) if isinstance(v, float) else v for k, v in sorted(totals.items())
                },
                "wall_clock": {
                    "latency_total": round(clock["latency_total"], 3),
                    "latency_per_call": _per(clock["latency_total"], calls, 3),
                    "latency_max": round(clock["latency_max"], 3),
                },
            }
        )
    return out


def analyse(config_json: dict[str, Any], games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The whole results document from the config and the games alone."""
    labels = [e["label"] for e in config_json["entrants"]]
    n = len(labels)
    seats = [tuple(g["seats"]) for g in games]
    winners = [g["winner"] for g in games]
    fitted = _bootstrap(config_json, games)
    rated = fitted.ratings()
    entrants = []
    for e in range(n):
        played = [(s, w) for s, w in zip(seats, winners) if e in s]
        wins = sum(1 for s, w in played if w is not None and s[w] == e)
        fair = sum(s.count(e) / len(s) for s, _ in played)
        r = rated[e]
        entrants.append(
            {
                "label": labels[e],
                "rating": round(r.rating, 1),
                "ci95": [round(r.low, 1), round(r.high, 1)],
                "games": len(played),
                "seats": sum(s.count(e) for s, _ in played),
                "wins": wins,
                "win_share": round(wins / len(played), 4) if played else None,
                "fair_share": round(fair / len(played), 4) if played else None,
            }
        )
    pairs = ratings.pairwise(seats, winners, [g["points"] for g in games], n)
    statuses = [g["status"] for g in games]
    return {
        "format": FORMAT,
        "config": config_json,
        "summary": {
            "games": len(games),
            "finished": statuses.count("finished"),
            "unfinished": statuses.count("unfinished"),
            "errors": statuses.count("error"),
            "model": "Plackett-Luce first place (Bradley-Terry for 2 players), MM fit, "
            "prior 1 win + 1 loss vs a 0-rated virtual player; Elo scale, mean 0",
            "ci": f"95% percentile bootstrap over games, {RESAMPLES} resamples, seed = --seed",
        },
        "entrants": entrants,
        "gaps": _gaps_json(labels, fitted.gaps()),
        "pairwise": [
            {
                "a": labels[p.a],
                "b": labels[p.b],
                "games": p.games,
                "ahead": p.ahead,
                "behind": p.behind,
                "level": p.level,
                "rate": None if p.rate is None else round(p.rate, 4),
            }
            for p in pairs
        ],
        "negotiation": negotiation(labels, games),
        "models": models(labels, games),
        **(
            {"field": field.head_to_head(config_json, games)}
            if config_json.get("format") == "field"
            else {}
        ),
        "games": list(games),
    }


def results(config: ArenaConfig, played: Sequence[GameResult]) -> dict[str, Any]:
    """The results document of a played arena."""
    seatings = config.seatings()
    return analyse(config.to_json(), [game_json(r, seatings[r.index]) for r in played])


def dumps(doc: dict[str, Any]) -> str:
    """The document as text: the same document gives the same bytes."""
    return json.dumps(doc, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


class ResultsError(ValueError):
    """A ``--from`` file that is not an arena's results."""


def load(text: str, path: str) -> dict[str, Any]:
    """A results document read back (``--from``), re-analysed from its games."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise ResultsError(f"{path}: not JSON ({err.msg}, line {err.lineno})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ResultsError(f"{path}: not pysettlers arena results (no format {FORMAT!r})")
    try:
        return analyse(doc["config"], doc["games"])
    except (KeyError, TypeError, IndexError) as err:
        raise ResultsError(f"{path}: broken arena results ({type(err).__name__}: {err})") from None


SHARED = ("players", "rules", "max_turns", "max_decisions")
"""What every results document merged into one must share: the games are then one game's."""


def merge(docs: Sequence[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """Several results documents (``(path, document)``, each as :func:`load` gives it) as
    one: all their games, entrants matched by label, rated by one fit over every game
    (``--from A --from B``). Several tournaments that share entrants — e.g. calibration
    runs that vary one bot — then place every entrant on one scale, the shared ones rated
    on all the games. They must agree on :data:`SHARED`, and one label must name one bot
    (spec and options) in all; else :class:`ResultsError` names the file and the field.
    The bootstrap's seed is the first document's."""
    first_path, first = docs[0]
    cfg0 = first["config"]
    entrants: list[dict[str, Any]] = []
    where: dict[str, int] = {}
    games: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []
    for path, doc in docs:
        cfg = doc["config"]
        for key in SHARED:
            mine, theirs = cfg.get(key), cfg0.get(key)
            if key == "rules":
                mine, theirs = shared_rules(mine), shared_rules(theirs)
            if mine != theirs:
                name = key
                if isinstance(mine, dict) and isinstance(theirs, dict):  # name the rule
                    sub = next(k for k in sorted({*mine, *theirs}) if mine.get(k) != theirs.get(k))
                    name, mine, theirs = f"{key}.{sub}", mine.get(sub), theirs.get(sub)
                raise ResultsError(
                    f"{path}: {name} {mine!r} differs from {first_path}'s {theirs!r}: "
                    "only results of the same game can be merged"
                )
        index = []
        for e in cfg["entrants"]:
            at = where.get(e["label"])
            if at is None:
                at = where[e["label"]] = len(entrants)
                entrants.append(e)
            elif entrants[at] != e:
                raise ResultsError(
                    f"{path}: entrant {e['label']!r} is {e.get('spec')!r} with options "
                    f"{e.get('options')!r} here but {entrants[at].get('spec')!r} with "
                    f"{entrants[at].get('options')!r} before: one label must be one bot"
                )
            index.append(at)
        for g in doc["games"]:
            games.append({**g, "source": len(sources), "seats": [index[e] for e in g["seats"]]})
        sources.append(
            {
                "file": path,
                "format": cfg.get("format"),
                "seed": cfg["seed"],
                "games": len(doc["games"]),
            }
        )
    config = {
        "format": "merged",
        "players": cfg0["players"],
        "games_asked": len(games),
        "games": len(games),
        "seed": cfg0["seed"],
        "entrants": entrants,
        "rules": shared_rules(cfg0["rules"]),
        "max_turns": cfg0.get("max_turns"),
        "max_decisions": cfg0.get("max_decisions"),
        "sources": sources,
    }
    return analyse(config, games)


def round_size(config: ArenaConfig) -> int:
    """Games in one round: every table of the schedule in every seat rotation."""
    return sum(len(t) for t in schedule(len(config.entrants), config.rules.players, config.fmt))


def rounded_note(config: ArenaConfig) -> str | None:
    """What the command says when ``--games`` was rounded up to whole rounds."""
    total, one = len(config.seatings()), round_size(config)
    if total == config.games:
        return None
    return (
        f"--games {config.games} rounded up to {total}: whole rounds of {one} games "
        "(every table in every seat rotation)"
    )


__all__ = [
    "FORMAT",
    "FORMATS",
    "ArenaConfig",
    "ResultsError",
    "analyse",
    "dumps",
    "jobs",
    "load",
    "parse_entrants",
    "play",
    "play_chunk",
    "results",
    "rotations",
    "round_size",
    "rounded_note",
    "schedule",
]
