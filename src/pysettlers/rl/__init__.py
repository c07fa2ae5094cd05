"""Reinforcement-learning environments over the engine's views (``pip install 'pysettlers[rl]'``).

What this is for: researchers' standard interfaces to the game —

* :func:`aec_env` — a PettingZoo AEC environment, every seat an agent (``aec.py``);
* ``gymnasium.make("pysettlers/Settlers-v1", opponents=[...])`` — one learning seat against
  bots (``gym_env.py``; registered when this package is imported), with the defaults every
  checker passes on (``docs/rl.md`` "Conventions"); ``Settlers-v0`` the same with the first
  defaults (an illegal action raises), kept for code written for it;
* :func:`board_image` — the board as an RGB array (``render.py``); the reward options
  (``rewards.py``);
* :func:`action_layout` / :func:`describe_layout` — the fixed ``Discrete(N)`` action space
  of a rules configuration and which index is which action (``layout.py``);
* the observation encoding, flat and as a graph (``encode.py``);
* :class:`SettlersVectorEnv` — N single-agent tables stepped at once, batched (``vector.py``);
* :class:`SnapshotPool` / :func:`policy_opponent` — opponents that are policies or leagues of
  snapshots, per seat (``opponents.py``).

See ``docs/rl.md`` for the spaces in full. What this is not: rules (every legal action and
every observation comes from the engine) or a training library.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401  (no py.typed)
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"pysettlers.rl needs the 'rl' extra (gymnasium, pettingzoo, numpy): "
        f"pip install 'pysettlers[rl]' ({e})"
    ) from e

from .aec import SettlersAEC, aec_env, env, raw_env
from .core import IllegalActionIndex, Table
from .encode import PARTS, Encoder, graph_edges, shapes_for
from .frame import Frame, frame_for
from .gym_env import ENV_ID, ENV_ID_V1, SettlersEnv, register
from .layout import (
    FAMILIES,
    ActionLayout,
    Family,
    Field,
    LayoutError,
    action_layout,
    describe_layout,
    families,
    register_family,
)
from .opponents import (  # (opponents, issue 32: policies and leagues per seat)
    OpponentSpec,
    Policy,
    SnapshotPool,
    policy_opponent,
)
from .render import board_image  # (conventions, issue 32: the board as an image)
from .rewards import RewardFn  # (conventions, issue 32: reward="win" | "points" | a function)
from .vector import SettlersVectorEnv  # (speed, issue 32: N tables stepped at once)

register()

__all__ = [
    "ENV_ID",
    "ENV_ID_V1",
    "FAMILIES",
    "PARTS",
    "ActionLayout",
    "Encoder",
    "Family",
    "Field",
    "Frame",
    "IllegalActionIndex",
    "LayoutError",
    "OpponentSpec",
    "Policy",
    "RewardFn",
    "SettlersAEC",
    "SettlersEnv",
    "SettlersVectorEnv",
    "SnapshotPool",
    "Table",
    "action_layout",
    "aec_env",
    "board_image",
    "describe_layout",
    "env",
    "families",
    "frame_for",
    "graph_edges",
    "policy_opponent",
    "raw_env",
    "register",
    "register_family",
    "shapes_for",
]
