"""Who plays the other seats of the single-agent environment: bots, policies, leagues.

What this is for: the ``opponents`` of ``pysettlers/Settlers-v0`` (``gym_env.py``), one per
other seat, clockwise from the learner, each of them

* a registered bot's name (``"random"``, ``"weighted"``, ``"greedy"``: ``bots.make_bot``),
  built anew for every game with ``bots.bot_rng(game_seed, seat)``;
* a **policy**: a callable ``(observation, mask) -> action index``. It is called with its
  own seat's observation (the dictionary the learner gets at its seat, ``action_mask``
  included) and that mask, exactly as a learner would be; its index is checked like the
  learner's and an illegal one raises :class:`~pysettlers.rl.core.IllegalActionIndex`
  naming the seat (the game unchanged). :func:`policy_opponent` wraps a trained model with
  a ``predict`` method (Stable-Baselines3's, sb3-contrib's ``MaskablePPO``) as one;
* a :class:`SnapshotPool`, a league: snapshots (policies or bot names) with sampling
  weights, one of them drawn for the seat at every ``reset`` — uniformly (fictitious
  self-play), by the weights given, or prioritized by the results recorded against each
  (``weighting="pfsp"``, the environment records them at the end of every game).

Seats may mix all three. The draw of a pool's snapshot is seeded by the game
(``reset(seed=s)`` fixes it, as it fixes the bots' generators); a policy's own randomness is
its own (:func:`policy_opponent` plays greedily by default, so a seeded game replays).

What this is not: a training loop or a model store. Snapshots live in this process (with
``SubprocVecEnv``/``AsyncVectorEnv`` each worker holds its own pool), and a snapshot is the
callable it was given: :func:`policy_opponent` with ``copy=True`` freezes a copy of a
model's network, anything else is the caller's to keep unchanged.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from copy import deepcopy
from dataclasses import dataclass
from typing import Any, Union

import numpy as np

from pysettlers.bots import Bot, bot_names, bot_rng, make_bot
from pysettlers.engine import Action, apply, observe

from .core import I8, IllegalActionIndex, Table

Policy = Callable[[dict[str, Any], I8], Any]
"""An opponent that acts as a learner does: ``(observation, mask) -> action index``."""

OpponentSpec = Union[str, Policy, "SnapshotPool"]
"""One seat's opponent: a bot's name, a :data:`Policy`, or a :class:`SnapshotPool`."""

WEIGHTINGS = ("uniform", "weights", "pfsp")


@dataclass
class Snapshot:
    """One member of a :class:`SnapshotPool`: a policy or a bot's name, with its sampling
    ``weight`` and the games played against it (``learner_wins`` of ``games``)."""

    name: str
    opponent: str | Policy
    weight: float = 1.0
    keep: bool = False
    games: int = 0
    learner_wins: int = 0

    @property
    def learner_win_rate(self) -> float:
        """The learner's win rate against this snapshot, with one win and one loss assumed
        beforehand (so an unplayed snapshot counts as even, 0.5)."""
        return (self.learner_wins + 1) / (self.games + 2)


def _check_opponent(opponent: object, where: str) -> None:
    if isinstance(opponent, str):
        if opponent not in bot_names():
            raise ValueError(
                f"unknown opponent {opponent!r} {where} (known: {', '.join(bot_names())})"
            )
    elif not callable(opponent):
        raise TypeError(
            f"an opponent {where} is a bot's name, a policy (observation, mask) -> action, "
            f"or a SnapshotPool (got {type(opponent).__name__})"
        )


class SnapshotPool:
    """A league of opponents for one or more seats, one drawn at every ``reset``.

    ``weighting``: ``"uniform"`` — every snapshot equally likely (fictitious self-play over
    past snapshots, the default); ``"weights"`` — in proportion to each snapshot's
    ``weight``; ``"pfsp"`` — prioritized fictitious self-play: ``weight × (1 − r)^power``,
    ``r`` the learner's win rate against the snapshot (:attr:`Snapshot.learner_win_rate`), so
    the snapshots the learner beats least are drawn most. ``max_size``: past it, adding a
    snapshot drops the oldest one not added with ``keep=True`` (a fixed bot, say).

    ``add`` snapshots during training (a callback every k steps: :func:`policy_opponent`
    with ``copy=True``); the environments that hold the pool draw from it at their next
    ``reset`` and :meth:`record` each finished game's result (a truncated game is not
    recorded)."""

    def __init__(
        self,
        snapshots: Iterable[str | Policy] = (),
        *,
        weighting: str = "uniform",
        max_size: int | None = None,
        power: float = 2.0,
    ) -> None:
        if weighting not in WEIGHTINGS:
            raise ValueError(
                f"weighting must be one of {', '.join(map(repr, WEIGHTINGS))} (got {weighting!r})"
            )
        if max_size is not None and max_size < 1:
            raise ValueError(f"max_size must be at least 1 or None (got {max_size})")
        if power < 0:
            raise ValueError(f"power must be at least 0 (got {power})")
        self.weighting = weighting
        self.max_size = max_size
        self.power = float(power)
        self._snapshots: dict[str, Snapshot] = {}
        self._added = 0
        for s in snapshots:
            self.add(s)

    def add(
        self,
        opponent: str | Policy,
        *,
        weight: float = 1.0,
        name: str | None = None,
        keep: bool = False,
    ) -> str:
        """Add ``opponent`` (a policy or a bot's name) and return its name (``name``, else
        the bot's name or ``snapshot-<k>``, k counting the snapshots added)."""
        _check_opponent(opponent, "in a SnapshotPool")
        if not weight > 0:  # (also refuses NaN)
            raise ValueError(f"a snapshot's weight must be positive (got {weight})")
        if name is None:
            name = opponent if isinstance(opponent, str) else f"snapshot-{self._added}"
        if name in self._snapshots:
            raise ValueError(f"the pool already has a snapshot named {name!r}")
        self._added += 1
        self._snapshots[name] = Snapshot(name, opponent, float(weight), keep)
        if self.max_size is not None and len(self._snapshots) > self.max_size:
            oldest = next((s for s in self._snapshots.values() if not s.keep), None)
            if oldest is not None:
                del self._snapshots[oldest.name]
        return name

    def remove(self, name: str) -> None:
        self._get(name)
        del self._snapshots[name]

    def set_weight(self, name: str, weight: float) -> None:
        if not weight > 0:
            raise ValueError(f"a snapshot's weight must be positive (got {weight})")
        self._get(name).weight = float(weight)

    def record(self, name: str, learner_won: bool) -> None:
        """One finished game against the snapshot ``name`` (a snapshot since removed is
        ignored: the game was drawn before it left)."""
        s = self._snapshots.get(name)
        if s is not None:
            s.games += 1
            s.learner_wins += bool(learner_won)

    def _get(self, name: str) -> Snapshot:
        try:
            return self._snapshots[name]
        except KeyError:
            raise KeyError(f"no snapshot named {name!r} (the pool has: {self.names()})") from None

    def __getitem__(self, name: str) -> Snapshot:
        return self._get(name)

    def __len__(self) -> int:
        return len(self._snapshots)

    def __iter__(self) -> Iterator[Snapshot]:
        return iter(list(self._snapshots.values()))

    def names(self) -> list[str]:
        return list(self._snapshots)

    def probabilities(self) -> dict[str, float]:
        """Each snapshot's chance of being drawn now."""
        snaps = list(self._snapshots.values())
        if self.weighting == "uniform":
            w = [1.0] * len(snaps)
        elif self.weighting == "weights":
            w = [s.weight for s in snaps]
        else:  # "pfsp"
            w = [s.weight * (1.0 - s.learner_win_rate) ** self.power for s in snaps]
        total = sum(w)
        return {s.name: x / total for s, x in zip(snaps, w)}

    def sample(self, rng: random.Random | np.random.Generator) -> Snapshot:
        """One snapshot, drawn by :meth:`probabilities` with ``rng``."""
        if not self._snapshots:
            raise ValueError("the SnapshotPool is empty: add a snapshot (pool.add) before reset")
        probs = self.probabilities()
        names = list(probs)
        if isinstance(rng, np.random.Generator):
            k = int(rng.choice(len(names), p=np.array(list(probs.values()))))
        else:
            k = rng.choices(range(len(names)), weights=list(probs.values()))[0]
        return self._snapshots[names[k]]

    def __repr__(self) -> str:
        return f"SnapshotPool({self.names()}, weighting={self.weighting!r})"


def policy_opponent(
    model: Any, *, deterministic: bool = True, key: str | None = "observation", copy: bool = False
) -> Policy:
    """A trained model as an opponent: its ``predict(observation, deterministic=...)``
    (with ``action_masks=mask`` when it takes them, as sb3-contrib's ``MaskablePPO`` does)
    called on ``observation[key]`` (the flat observation by default; ``key=None`` passes
    the whole dictionary). ``deterministic=True`` (the default) plays the most likely
    action, so a seeded game replays; ``False`` samples with the model's own generator.
    ``copy=True`` freezes a copy of ``model.policy`` (or of ``model``) now, so that further
    training leaves this opponent as it was: a snapshot for a :class:`SnapshotPool`.
    Nothing here imports Stable-Baselines3."""
    predictor = deepcopy(getattr(model, "policy", model)) if copy else model
    if copy and hasattr(predictor, "set_training_mode"):
        predictor.set_training_mode(False)
    try:
        masked = "action_masks" in inspect.signature(predictor.predict).parameters
    except AttributeError:
        raise TypeError(
            f"policy_opponent needs a model with a predict method (got {type(model).__name__})"
        ) from None

    def act(observation: dict[str, Any], mask: I8) -> int:
        x = observation if key is None else observation[key]
        if masked:
            action, _ = predictor.predict(
                x, deterministic=deterministic, action_masks=mask.astype(bool)
            )
        else:
            action, _ = predictor.predict(x, deterministic=deterministic)
        return int(np.asarray(action).reshape(-1)[0])

    act.__name__ = act.__qualname__ = f"policy_opponent({type(model).__name__})"
    return act


def _label(opponent: str | Policy) -> str:
    if isinstance(opponent, str):
        return opponent
    return getattr(opponent, "__name__", None) or type(opponent).__name__


class Opponents:
    """The other seats of one environment: their specs (checked once) and, game by game,
    who plays each (:meth:`start`), their turns (:meth:`play`) and the results for the pools
    (:meth:`finish`)."""

    def __init__(self, specs: Sequence[OpponentSpec], seats: Sequence[int]) -> None:
        for k, spec in enumerate(specs):
            if not isinstance(spec, SnapshotPool):
                _check_opponent(spec, f"for seat +{k + 1}")
        self.specs = dict(zip(seats, specs))
        self.bots: dict[int, Bot] = {}
        self.policies: dict[int, Policy] = {}
        self.seated: dict[int, str] = {}
        self._drawn: dict[int, tuple[SnapshotPool, str]] = {}

    def policy_seats(self) -> frozenset[int]:
        """The seats a policy may play (the policies' and the pools'): those that follow
        the learner's ``offers`` switch."""
        return frozenset(p for p, spec in self.specs.items() if not isinstance(spec, str))

    def start(self, game_seed: int) -> None:
        """Seat this game's opponents: bots built anew, a snapshot drawn from each pool."""
        self.bots, self.policies, self.seated, self._drawn = {}, {}, {}, {}
        for p, spec in self.specs.items():
            label = ""
            if isinstance(spec, SnapshotPool):
                snap = spec.sample(random.Random(f"pysettlers-pool/{game_seed}/{p}"))
                self._drawn[p] = (spec, snap.name)
                spec, label = snap.opponent, snap.name
            if isinstance(spec, str):
                self.bots[p] = make_bot(spec, bot_rng(game_seed, p))
            else:
                self.policies[p] = spec
            self.seated[p] = label or _label(spec)

    def play(self, table: Table, p: int) -> Action:
        """Seat ``p``'s policy decides and its action is played; an illegal index raises
        :class:`IllegalActionIndex` naming the seat, the game unchanged."""
        policy = self.policies[p]
        # Its own observation, fresh arrays: never the learner's batch rows (vector.py).
        flat, parts = table.encoder.encode(observe(table.s, p), table.graph)
        mask = table.mask(p)
        obs: dict[str, Any] = {"observation": flat, "action_mask": mask, **parts}
        index = policy(obs, mask)
        try:
            a = table.action_of(p, index)
        except IllegalActionIndex as e:
            raise IllegalActionIndex(
                f"the opponent in seat p{p} ({self.seated[p]}): {e.message}"
            ) from None
        apply(table.s, a)
        return a

    def finish(self, winner: int, learner: int) -> None:
        """Record a finished game's result in the pools its opponents were drawn from."""
        for pool, name in self._drawn.values():
            pool.record(name, winner == learner)
        self._drawn = {}
