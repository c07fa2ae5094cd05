"""The learned value's data: games among the field and the best bots, positions from views.

What this is for: the positions the second learned value is trained on. Game ``i`` has seed
``seed + i``; its number of players and each seat's bot are drawn from
``random.Random(seed + i)`` (:data:`PLAYERS`; :func:`pool`: the field's members,
``sim/field.py``, and the current best bots, :data:`BEST`). At the start of every turn
(before the roll, after the set-up) the recorder takes *every seat's features from that
seat's own view* (``observe(state, seat)`` → :func:`~.features.features`), and at the end
the winner and the last turn: the targets of Monte-Carlo training (did this seat win) and,
with the turn of each snapshot, of TD(λ). A game that reaches ``max_turns`` without a winner
is kept with ``winner`` ``None`` (training leaves it out).

The games are cut into chunks of consecutive seeds and played by ``workers`` processes (or
as Ray tasks, ``ray``); each game depends on its seed only, and the chunks come back in seed
order, so the same seed gives the same data for any number of workers.

``model`` (expert iteration): the weights file that ``value=learned2`` reads in every worker,
so that a bot using the current model (:data:`BEST` includes ``expert:value=learned2``
when ``learned=True``) plays the next round's games.

What this is not: training (``train.py``) nor a benchmark; no game state reaches the
features (the recorder observes each seat, as a bot would be shown the game).
"""

from __future__ import annotations

import gzip
import json
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pysettlers.engine import Phase, Rules, View, new_game, observe
from pysettlers.match import Match

from .. import bot_rng
from ..features import board_info
from . import model as M
from .features import FEATURE_NAMES, features

PLAYERS = (3, 4, 4, 4)
BEST = ("greedy", "expert:playouts=24:iterations=2")
"""The current best bots (cheap settings of the expert, so that data stays affordable)."""
LEARNED = "expert:playouts=24:iterations=2:value=learned2"
FALLBACK_FIELD = (
    "weighted",
    "weighted:noise=8",
    "greedy",
    "greedy:noise=0.333",
)
SLOW = ("mcts",)  # field members too slow for data (seconds a decision): left out
DATA_FORMAT = "pysettlers-value2-data"
CHUNK = 4  # games per task


def pool(learned: bool = False) -> tuple[str, ...]:
    """The bot specs seats are drawn from: the field's members (less :data:`SLOW`; a fixed
    list if the field module is absent), then :data:`BEST` (and :data:`LEARNED`)."""
    try:
        from pysettlers.sim.field import members

        field_ = tuple(m for m in members() if m.split(":", 1)[0] not in SLOW)
    except (ImportError, ValueError):
        field_ = FALLBACK_FIELD
    return (*field_, *BEST, *((LEARNED,) if learned else ()))


@dataclass
class GameData:
    """One game's record for training: every seat's features at each turn's start."""

    seed: int
    specs: list[str]
    winner: int | None
    last_turn: int
    turns: list[int] = field(default_factory=list)  # the turn of each snapshot
    snaps: list[list[list[float]]] = field(default_factory=list)  # [snapshot][seat][feature]

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "specs": self.specs,
            "winner": self.winner,
            "last_turn": self.last_turn,
            "turns": self.turns,
            "snaps": self.snaps,
        }


Featurize = Callable[[View, Any], list[float]]


class Recorder:
    """An observer of the match: at each turn's start, every seat's features from its own
    view. ``featurize`` gets views only (the tests spy on it)."""

    def __init__(self, n: int, info: Any, featurize: Featurize) -> None:
        self.n = n
        self.info = info
        self.featurize = featurize
        self.last = -1
        self.turns: list[int] = []
        self.snaps: list[list[list[float]]] = []

    def __call__(self, s: Any) -> None:
        # ``s`` is the match's state; only ``observe`` of it leaves this method.
        if s.turn == self.last or s.phase not in (Phase.PRE_ROLL, Phase.SPECIAL_BUILD):
            return
        self.last = s.turn
        self.turns.append(s.turn)
        views = [observe(s, p) for p in range(self.n)]
        self.snaps.append([[round(v, 6) for v in self.featurize(w, self.info)] for w in views])


def play(
    seed: int, specs_pool: Sequence[str], max_turns: int, featurize: Featurize = features
) -> GameData:
    """Game ``seed`` (its players and bots drawn from ``random.Random(seed)``), recorded."""
    from pysettlers.sim.runner import bot_from_text

    r = random.Random(seed)
    n = r.choice(PLAYERS)
    specs = [r.choice(specs_pool) for _ in range(n)]
    s = new_game(Rules(players=n, seed=seed))
    bots = [bot_from_text(sp, bot_rng(seed, p)) for p, sp in enumerate(specs)]
    rec = Recorder(n, board_info(s.board), featurize)
    match = Match(s, bots, chance=random.Random(f"value2/{seed}"), max_turns=max_turns)
    while not match.bounded():
        rec(match.state)
        match.step()
    s = match.state
    winner = s.winner if s.phase == Phase.GAME_OVER else None
    return GameData(seed, specs, winner, s.turn, rec.turns, rec.snaps)


@dataclass(frozen=True)
class Job:
    seeds: tuple[int, ...]
    specs_pool: tuple[str, ...]
    max_turns: int
    model: str | None


def play_chunk(job: Job) -> list[GameData]:
    """The games of one chunk, in seed order (a worker's task)."""
    if job.model is not None:
        M.use(job.model)
    return [play(seed, job.specs_pool, job.max_turns) for seed in job.seeds]


def generate(
    games: int,
    seed: int,
    *,
    workers: int = 1,
    max_turns: int = 300,
    learned: bool = False,
    model: str | None = None,
    ray: str | None = None,
    specs_pool: Sequence[str] | None = None,
) -> list[GameData]:
    """``games`` games from seed ``seed`` (module docstring), in seed order."""
    if games < 1:
        raise ValueError(f"--games must be at least 1 (got {games})")
    if workers < 1:
        raise ValueError(f"--workers must be at least 1 (got {workers})")
    specs = tuple(specs_pool) if specs_pool is not None else pool(learned)
    jobs = [
        Job(tuple(range(seed + i, seed + min(games, i + CHUNK))), specs, max_turns, model)
        for i in range(0, games, CHUNK)
    ]
    return [g for chunk in _run(jobs, workers, ray) for g in chunk]


def _run(jobs: list[Job], workers: int, ray: str | None) -> Iterator[list[GameData]]:
    if ray is not None:
        from pysettlers.sim.arena_ray import require_ray

        r = require_ray()
        if not r.is_initialized():
            r.init(address=ray or None, log_to_driver=False)
        task = r.remote(play_chunk)
        yield from r.get([task.remote(j) for j in jobs])  # in job order
    elif workers == 1:
        yield from map(play_chunk, jobs)
    else:
        with ProcessPoolExecutor(workers) as ex:
            yield from ex.map(play_chunk, jobs)  # in job order, whatever finishes first


def save(path: str | Path, data: Sequence[GameData], meta: dict[str, Any]) -> None:
    """Write ``data`` as gzipped JSON (``.json.gz``) with the feature names and ``meta``."""
    doc = {
        "format": DATA_FORMAT,
        "features": list(FEATURE_NAMES),
        "meta": meta,
        "games": [g.to_json() for g in data],
    }
    with gzip.open(path, "wt") as f:
        json.dump(doc, f, separators=(",", ":"))


def load(path: str | Path) -> tuple[list[GameData], dict[str, Any]]:
    """Games written by :func:`save` (refused if of another format or other features)."""
    with gzip.open(path, "rt") as f:
        doc = json.load(f)
    if doc.get("format") != DATA_FORMAT:
        raise ValueError(f"{path}: field 'format' must be {DATA_FORMAT!r}")
    if tuple(doc.get("features", ())) != FEATURE_NAMES:
        raise ValueError(f"{path}: field 'features' differs from this version's features")
    games = [
        GameData(g["seed"], g["specs"], g["winner"], g["last_turn"], list(g["turns"]), g["snaps"])
        for g in doc["games"]
    ]
    return games, doc.get("meta", {})


def default_workers() -> int:
    return max(1, (os.cpu_count() or 1) - 1)


__all__ = [
    "BEST",
    "LEARNED",
    "PLAYERS",
    "GameData",
    "Recorder",
    "generate",
    "load",
    "play",
    "pool",
    "save",
]
