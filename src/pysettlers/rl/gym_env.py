"""The Gymnasium environment ``pysettlers/Settlers-v1``: one learning seat against bots.

What this is for: single-agent training. ``gymnasium.make("pysettlers/Settlers-v1",
rules=Rules(...), opponents=["greedy", "weighted", "random"])`` seats the learner at
``seat`` (default 0) and a bot (``pysettlers.bots.make_bot``) built from each spec in the
other seats, clockwise from the learner — or, per seat, a policy ``(observation, mask) ->
action`` or a :class:`~pysettlers.rl.opponents.SnapshotPool` to draw one from at every
reset (``opponents.py``; with ``offers=False`` the policies propose no trade either).
``step(i)`` applies the learner's action ``i``,
then lets the bots take every decision up to the learner's next one (discards and trade
answers included) or the end of the game; the returned observation is the learner's, with
its ``action_mask`` (also :meth:`SettlersEnv.action_masks`, sb3-contrib's name).

**Reward**: ``+1`` when the learner wins, ``-1`` when a bot wins, else 0. A game longer
than ``max_steps`` actions (all seats; default 20,000) is truncated. ``reset(seed=s)``
fixes the board, the chance and the bots' generators (``bots.bot_rng(s, seat)``);
``reset()`` without a seed draws the next game's seed from the environment's generator.
``render_mode="ansi"``: ``render()`` returns the board as text; ``"rgb_array"`` an image of
it, ``"human"`` shows it (``render.py``). ``reward="win"`` (the default, above), ``"points"``
or a function ``(prev_view, view, seat) -> float`` (``rewards.py``).

``pysettlers/Settlers-v1`` is this environment with :data:`V1_DEFAULTS` (an illegal action is
refused, not raised), the version whose defaults pass Gymnasium's ``check_env``.

**An illegal action** raises :class:`~pysettlers.rl.core.IllegalActionIndex` naming it and
the legal ones, the game unchanged (``illegal_action="raise"``, the default). With
``illegal_action="refuse"`` (Catanatron's convention) it is refused instead: the game is
unchanged, the step returns ``illegal_reward`` (default -1) and ``info["illegal_action"]``
with the message, and the decision stays the learner's. Either way it is never replaced by
another action. ``action_space.sample()`` draws among the legal actions now.

``offers=False``: the learner never proposes a domestic trade — its mask is the engine's
``legal_actions(state, seat, offers=False)`` (no offers, no counter-offers; it still accepts
or rejects the bots' offers). With the bounded menu a seat may offer any of 20 one-for-one
trades to any set of opponents, so an untrained policy that picks uniformly spends most of
its decisions proposing trades; this keeps early training (and Catanatron-like play, which
has no domestic trade) moving. The action space is the same.

What this is not: a multi-agent environment (``aec.py``) or a bot (the learner is yours).
Nor a :class:`~pysettlers.match.Match`: there the driver asks every seat's chooser, here
the learner is outside the loop — ``step`` is called with its action, and the bots play
only up to the learner's next decision and hand control back — so ``_play_bots`` is the
bots' half of one step, not a game's driver.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np

from pysettlers.bots import Bot
from pysettlers.engine import Rules, is_over, observe

from .aec import MAX_STEPS
from .core import I8, IllegalActionIndex, Table, check_rules
from .opponents import Opponents, OpponentSpec
from .render import RENDER_MODES, Renderer
from .rewards import RewardSpec, call, reward_fn
from .turns import play_bots

ENV_ID = "pysettlers/Settlers-v0"
ENV_ID_V1 = "pysettlers/Settlers-v1"
V1_DEFAULTS: dict[str, Any] = {"illegal_action": "refuse"}
"""What ``Settlers-v1`` changes from v0's defaults (docs/rl.md "Conventions"): an illegal
action is refused (``illegal_reward``, the decision stays the learner's) rather than raised,
so ``check_env``, which steps an action sampled before a seeded reset, passes as it is."""


class SettlersEnv(gym.Env[dict[str, Any], np.int64]):
    """See the module docstring."""

    # (Gymnasium's form: a plain class attribute)
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | Mapping[str, Any] | None = None,
        opponents: Sequence[OpponentSpec] = ("random", "random", "random"),
        *,
        seat: int = 0,
        render_mode: str | None = None,
        graph: bool = False,
        max_steps: int = MAX_STEPS,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        offers: bool = True,
        reward: RewardSpec = "win",
    ) -> None:
        if illegal_action not in ("raise", "refuse"):
            raise ValueError(f"illegal_action must be 'raise' or 'refuse' (got {illegal_action!r})")
        # (a mapping of options, as gym.make passes plain data from a config: Rules.from_json)
        rules = Rules(players=len(opponents) + 1) if rules is None else check_rules(rules)
        if len(opponents) != rules.players - 1:
            raise ValueError(
                f"{rules.players} players need {rules.players - 1} opponents "
                f"(got {len(opponents)}: {list(opponents)})"
            )
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat must be from 0 to {rules.players - 1} (got {seat})")
        # (opponents, issue 32: bots, policies or snapshot pools per seat: opponents.py)
        others = [(seat + k) % rules.players for k in range(1, rules.players)]
        self._opponents = Opponents(opponents, others)
        self._renderer = Renderer(render_mode, "pysettlers: Settlers")  # refuses a bad mode
        self._reward = reward_fn(reward)  # (None: "win", read from the state)
        self._prev_view: Any = None  # the learner's view at its last reward (other rewards)
        # offers=False: the learner, and the policies that may be its snapshots, never offer.
        quiet = frozenset() if offers else frozenset({seat}) | self._opponents.policy_seats()
        self.table = Table(rules, graph=graph, quiet=quiet)
        self.rules = rules
        self.opponents = tuple(opponents)
        self.seat = seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.observation_space = self.table.observation_space
        self.action_space = self.table.action_space_for(lambda: self.seat)
        self._bots: dict[int, Bot] = {}
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = (
            int(seed) % 2**63 if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        )
        self.table.new_game(game_seed)
        self._opponents.start(game_seed)  # bots built, a snapshot drawn from each pool
        self._bots = self._opponents.bots
        self._steps = 0
        self._play_bots()
        if self._reward is not None:
            self._prev_view = observe(self.table.s, self.seat)
        if self.render_mode == "human":
            self.render()
        return self.table.observation(self.seat), {"seed": game_seed}

    def _play_bots(self) -> None:
        """The bots decide until the learner's turn to decide, the end, or ``max_steps``."""
        # (speed, issue 32: the loop is ``turns.py``, which ``make mypyc`` compiles)
        self._steps = play_bots(
            self.table.s, self.seat, self._bots, self._play_policy, self._steps, self.max_steps
        )

    def _play_policy(self, p: int) -> None:
        """A policy's seat plays one action, as a learner would (``opponents.py``)."""
        self._opponents.play(self.table, p)

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        s = self.table.s
        if is_over(s) or self._steps >= self.max_steps:
            raise RuntimeError("the episode is over: call reset()")
        try:
            self.table.play(self.seat, action)  # refuses an illegal index, state unchanged
        except IllegalActionIndex as e:
            if self.illegal_action == "raise":
                raise
            # Refused, said so, and the decision stays the learner's: nothing is replaced.
            obs = self.table.observation(self.seat)
            return obs, self.illegal_reward, False, False, {"illegal_action": str(e)}
        self._steps += 1
        self._play_bots()
        over = is_over(s)
        if over:  # the result, for the snapshot pools that seated this game's opponents
            self._opponents.finish(s.winner, self.seat)
        reward = 0.0
        if self._reward is not None:  # "points" or the user's function, over the views
            view = observe(s, self.seat)
            reward = call(self._reward, self._prev_view, view, self.seat)
            self._prev_view = view
        elif over:
            reward = 1.0 if s.winner == self.seat else -1.0
        truncated = not over and self._steps >= self.max_steps
        info: dict[str, Any] = {"winner": s.winner} if over else {}
        if self.render_mode == "human":
            self.render()
        return self.table.observation(self.seat), reward, over, truncated, info

    @property
    def seated(self) -> dict[int, str]:
        """Who plays each other seat this game, by seat: a bot's name, a policy's name, or
        the name of the member a pool drew (``opponents.py``)."""
        return dict(self._opponents.seated)

    def action_masks(self) -> I8:
        """The learner's mask now (``MaskablePPO`` reads it from here)."""
        return self.table.mask(self.seat)

    def render(self) -> Any:
        """The board: text (``"ansi"``), an RGB array (``"rgb_array"``), or shown
        (``"human"``, returns ``None``): ``render.py``."""
        return self._renderer.render(self.table.s)

    def close(self) -> None:
        self._renderer.close()
        super().close()


def register() -> None:
    """Register ``pysettlers/Settlers-v0`` and ``-v1`` (:data:`V1_DEFAULTS`) with Gymnasium
    (once). v0 keeps its defaults as they were; a change of defaults is a new version."""
    # ``gym.make_vec(id, n, vectorization_mode="vector_entry_point")`` builds the batched
    # env (``vector.py``: N tables in one process, the arrays of all N at once).
    vector = "pysettlers.rl.vector:SettlersVectorEnv"
    if ENV_ID not in gym.registry:
        gym.register(
            id=ENV_ID, entry_point="pysettlers.rl.gym_env:SettlersEnv", vector_entry_point=vector
        )
    if ENV_ID_V1 not in gym.registry:
        gym.register(
            id=ENV_ID_V1,
            entry_point="pysettlers.rl.gym_env:SettlersEnv",
            vector_entry_point=vector,
            kwargs=V1_DEFAULTS,
        )
