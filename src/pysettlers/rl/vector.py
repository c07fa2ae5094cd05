"""Many tables in one process, stepped at once: a Gymnasium vector environment.

What this is for: ``SettlersVectorEnv(16, opponents=[...], ...)`` holds ``num_envs``
single-agent games (:class:`~pysettlers.rl.gym_env.SettlersEnv`, built with the same keyword
arguments) and steps them all with one call: ``step(actions)`` takes an array of ``num_envs``
action indices and returns the observations as arrays of ``num_envs`` rows (``observation``
``(N, D)`` float32, ``action_mask`` ``(N, A)`` int8; with ``graph=True`` the node arrays
too), the rewards, terminations and truncations as arrays of ``N``, and the infos as
Gymnasium's vector envs give them (a key's values in an array beside a ``_key`` mask).

The semantics are those of ``gymnasium.vector.SyncVectorEnv`` over the same environments, in
its default autoreset mode (``NEXT_STEP``): a table whose game ended returns its final
observation, and on the next ``step`` it is reset (that table's action is ignored; reward 0,
not terminated). ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (a list gives each its
own). So the same seeds give the same trajectories as ``SyncVectorEnv`` — or as N separate
environments — step for step (``tests/rl/test_rl_speed.py``). ``action_masks()`` is the
``(N, A)`` mask now (sb3-contrib's name).

What it saves over ``SyncVectorEnv``: each table writes its observation and mask straight
into its row of the batch (``Table.rows``) — no per-step dictionaries of fresh arrays to
concatenate — and the loop reads the actions and writes the rewards and flags as Python
values, the arrays once. That is a few µs a table; the games themselves (the bots' turns,
the engine, the learner's view and its encoding) cost what they cost in one environment,
and are most of a step (docs/rl.md "Speed": why this is not 2× ``SyncVectorEnv``).

What this is not: parallel. The tables share one process and one core; for several cores,
``gymnasium.vector.AsyncVectorEnv`` over ``SettlersEnv`` (or over this, per process).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium.vector.utils import batch_space

from .gym_env import SettlersEnv


class SettlersVectorEnv(gym.vector.VectorEnv[dict[str, Any], npt.NDArray[np.int64], Any]):
    """See the module docstring. ``copy=False`` returns the batch arrays themselves (they
    are written over by the next step), as ``SyncVectorEnv(copy=False)`` does."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, *, copy: bool = True, **env_kwargs: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int (got {num_envs!r})")
        self.envs = [SettlersEnv(**env_kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        self.copy = copy
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = first.render_mode
        self.autoreset_mode = gym.vector.AutoresetMode.NEXT_STEP
        sh = first.table.encoder.shapes
        self._obs: dict[str, Any] = {
            "observation": np.zeros((num_envs, sh.flat), np.float32),
            "action_mask": np.zeros((num_envs, first.table.layout.size), np.int8),
        }
        self._graph = first.table.graph
        if self._graph:
            for name in ("hexes", "intersections", "paths"):
                self._obs[name] = np.zeros((num_envs, *getattr(sh, name)), np.float32)
        for i, env in enumerate(self.envs):  # each table writes its own rows
            env.table.rows = (self._obs["observation"][i], self._obs["action_mask"][i])
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)

    def _put_graph(self, i: int, obs: dict[str, Any]) -> None:
        if self._graph:
            for name in ("hexes", "intersections", "paths"):
                self._obs[name][i] = obs[name]

    def _out(self) -> dict[str, Any]:
        # (a fresh copy of each array: what ``deepcopy`` gives, without its bookkeeping)
        return {k: v.copy() for k, v in self._obs.items()} if self.copy else self._obs

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(
                    f"{self.num_envs} tables need {self.num_envs} seeds (got {len(seeds)})"
                )
        infos: dict[str, Any] = {}
        for i, (env, s) in enumerate(zip(self.envs, seeds)):
            obs, info = env.reset(seed=s, options=options)
            self._put_graph(i, obs)
            infos = self._add_info(infos, info, i)
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        self._autoreset[:] = False
        return self._out(), infos

    def step(
        self, actions: Any
    ) -> tuple[
        dict[str, Any],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(
                f"step needs one action index per table: shape ({self.num_envs},) "
                f"(got {acts.shape})"
            )
        infos: dict[str, Any] = {}
        rewards, terms, truncs = self._rewards, self._terminations, self._truncations
        # (speed: Python ints and bools for the loop, and the arrays written once after it)
        ended = self._autoreset.tolist()
        r_out, term_out, trunc_out = rewards.tolist(), terms.tolist(), truncs.tolist()
        graph = self._graph
        for i, (env, a) in enumerate(zip(self.envs, acts.tolist())):
            if ended[i]:  # the game ended last step: a new one, this action ignored
                obs, info = env.reset()
                r_out[i] = 0.0
                term_out[i] = trunc_out[i] = False
            else:
                obs, r, term_out[i], trunc_out[i], info = env.step(a)
                r_out[i] = float(r)
            if graph:
                self._put_graph(i, obs)
            if info:
                infos = self._add_info(infos, info, i)
        rewards[:] = r_out
        terms[:] = term_out
        truncs[:] = trunc_out
        np.logical_or(terms, truncs, out=self._autoreset)
        return self._out(), rewards.copy(), terms.copy(), truncs.copy(), infos

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The tables' masks now, ``(N, A)`` (``MaskablePPO`` reads them from here)."""
        mask: npt.NDArray[np.int8] = self._obs["action_mask"].copy()
        return mask

    def render(self) -> tuple[Any, ...] | None:
        if self.render_mode is None:
            return None
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
