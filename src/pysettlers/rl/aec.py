"""The PettingZoo AEC environment: every seat an agent.

What this is for: ``aec_env(rules=Rules(...))`` — a PettingZoo ``AECEnv`` whose agents
``player_0`` … ``player_{n-1}`` are the seats of one game under any rules the engine has
(2–8 players, the Helpers of CATAN, the 1996 alternate rules, the pirate, the Islands maps
with bridges). Each agent's observation is its own view (``encode.py``) with an
``action_mask`` equal to the engine's legal actions for it; its action space is the rules'
fixed ``Discrete(N)`` (``layout.py``).

**Turn order.** ``agent_selection`` is always the engine's :func:`~pysettlers.engine.to_move`.
Where the rules let several seats decide at once — discards after a 7, the answers to a
domestic trade offer, scenario phases — the engine lists them in a fixed order
(:func:`~pysettlers.engine.deciders`: clockwise from the current player, the offer's maker
last) and the environment serializes them in that order: the first decider acts, then the
next one still deciding. A seat that is not selected sees an all-zero mask.

**Rewards.** At the end of a game the winner gets ``+1`` and every other seat ``-1``; every
other step rewards 0 (``reward="win"``; ``"points"`` or a function ``(prev_view, view, seat)
-> float`` instead: ``rewards.py``). ``max_steps`` (default 20,000 actions) truncates every agent.
``offers=False``: no seat proposes a domestic trade (offers and counter-offers are never in
a mask; the action space is the same), the single-agent environment's switch for every seat.
**Chance** (dice, development cards, the robber's steal) is drawn from the game's own
generator, seeded with the game: ``reset(seed=s)`` fixes the board, the first player and
every chance outcome, so equal seeds and equal actions give equal games. ``reset()``
without a seed draws the next game's seed from the environment's generator.

**Conventions.** ``env()`` without arguments plays the 4-player base game, as PettingZoo's
classic environments build their default game; ``render_mode`` is ``"ansi"``,
``"rgb_array"`` or ``"human"`` (``render.py``); :meth:`SettlersAEC.state` is the global
observation (every seat's observation, seat by seat; ``state_space``).

What this is not: a bot harness (``gym_env.py`` plays bots for the other seats).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # pettingzoo ships no py.typed
from pettingzoo.utils.wrappers import (  # type: ignore[import-untyped]  # (the same)
    OrderEnforcingWrapper,
)

from pysettlers.engine import Rules, is_over, observe, to_move

from .core import OBS_HIGH, Table, check_rules
from .render import RENDER_MODES, Renderer
from .rewards import RewardSpec, call, reward_fn

MAX_STEPS = 20_000


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class SettlersAEC(AECEnv):  # type: ignore[misc]  # AECEnv is untyped (Any) to mypy
    """See the module docstring."""

    metadata = {  # noqa: RUF012  (PettingZoo's convention: a plain class attribute)
        "render_modes": list(RENDER_MODES),
        "name": "pysettlers_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Rules | Mapping[str, Any] | None = None,
        *,
        render_mode: str | None = None,
        graph: bool = False,
        max_steps: int = MAX_STEPS,
        reward: RewardSpec = "win",
        offers: bool = True,
    ) -> None:
        super().__init__()
        # (None: the 4-player base game, PettingZoo's classic environments' convention)
        rules = Rules(players=4) if rules is None else check_rules(rules)
        self._renderer = Renderer(render_mode, "pysettlers")  # refuses a bad mode
        self._reward = reward_fn(reward)  # (None: "win", read from the state)
        self._prev_views: dict[str, Any] = {}  # each agent's view at its last reward
        # offers=False (opponents, issue 32: the single-agent env's switch): no seat proposes
        # a domestic trade, so no mask lists an offer or a counter-offer.
        quiet = frozenset() if offers else frozenset(range(rules.players))
        self.table = Table(rules, graph=graph, quiet=quiet)
        n_obs = self.table.encoder.shapes.flat
        # The global state: every seat's observation, seat by seat (state()).
        self.state_space = spaces.Box(0.0, OBS_HIGH, (rules.players * n_obs,), np.float32)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [agent_name(p) for p in range(rules.players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self.table.observation_space for a in self.possible_agents}
        self.action_spaces = {
            a: self.table.action_space_for(lambda p=p: p)  # type: ignore[misc]
            for p, a in enumerate(self.possible_agents)
        }
        self._rng = np.random.default_rng()
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed) % 2**63
        else:
            game_seed = int(self._rng.integers(0, 2**63 - 1))
        s = self.table.new_game(game_seed)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(to_move(s))
        if self._reward is not None:
            self._prev_views = {a: observe(s, self._seat[a]) for a in self.agents}
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observation(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self.table.play(seat, action)  # refuses an illegal index, state unchanged
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        s = self.table.s
        if self._reward is not None:  # "points" or the user's function, over each seat's views
            for a in self.agents:
                view = observe(s, self._seat[a])
                self.rewards[a] = call(self._reward, self._prev_views[a], view, self._seat[a])
                self._prev_views[a] = view
        if is_over(s):
            for a in self.agents:
                if self._reward is None:
                    self.rewards[a] = 1.0 if self._seat[a] == s.winner else -1.0
                self.terminations[a] = True
        else:
            if self._reward is None:
                self.rewards = {a: 0.0 for a in self.agents}
            if self._steps >= self.max_steps:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = agent_name(to_move(s))
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> Any:
        """The global observation (PettingZoo's ``state()``, for centralized critics): every
        seat's flat observation, seat 0 first, in ``state_space``. It holds every hand, so it
        is for training, never for a seat's policy; the deck order and the generator are in
        no seat's view, so not in it either."""
        return np.concatenate(
            [self.table.observation(p)["observation"] for p in range(self.table.n)]
        )

    def render(self) -> Any:
        """The board: text (``"ansi"``), an RGB array (``"rgb_array"``), or shown
        (``"human"``, returns ``None``): ``render.py``."""
        return self._renderer.render(self.table.s)

    def close(self) -> None:
        self._renderer.close()


def raw_env(rules: Rules | Mapping[str, Any] | None = None, **kwargs: Any) -> SettlersAEC:
    """The bare AEC environment (PettingZoo's ``raw_env()`` convention)."""
    return SettlersAEC(rules, **kwargs)


def aec_env(rules: Rules | Mapping[str, Any] | None = None, **kwargs: Any) -> Any:
    """The AEC environment for ``rules`` (see :class:`SettlersAEC`) in PettingZoo's
    ``OrderEnforcingWrapper``, as its ``env()`` convention has it:
    ``aec_env(rules=Rules(players=6), render_mode="ansi")``; ``.unwrapped`` is the bare one."""
    return OrderEnforcingWrapper(raw_env(rules, **kwargs))


env = aec_env
