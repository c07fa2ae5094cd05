"""Train one seat of pysettlers with sb3-contrib's MaskablePPO, then measure its win rate.

What this is for: an example that learns, outside CI (docs/rl.md, "Example: an agent that learns").
The learner plays seat 0 of a 4-player base game against three bots in
``pysettlers/Settlers-v1``; the policy sees the flat ``observation`` and is masked with the
environment's ``action_mask`` (so it never proposes an illegal action). The reward is the
environment's (+1 win, -1 loss) plus, in this script only, a small shaping term: 0.1 per
victory point the learner gains (its public points, from its own view), so that the sparse
win signal is not the only one over games of hundreds of decisions.

After training it plays ``--games`` evaluation games (seeds unseen in training, the policy
greedy over the legal actions) against 3× random and 3× weighted, and prints the win rates,
beside a baseline: a learner uniform over its legal actions on the same seeds. The learner
proposes no domestic trades (``offers=False``; it answers the bots' offers), and games
longer than 5,000 actions are truncated (counted as not won).

Needs: ``pip install 'pysettlers[rl]' sb3-contrib`` (torch comes with stable-baselines3; a
CPU build is enough). Run (nice: the machine may be shared)::

    nice python examples/rl_maskable_ppo.py --steps 200000 --games 200

What this is not: a strong agent, or a tuned one — the hyper-parameters are sb3's defaults
but for the batch sizes below.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

NEEDS = "PyTorch and sb3-contrib"
INSTALL = "'pysettlers[rl-train]'"
try:
    import gymnasium as gym
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback

    import pysettlers.rl  # noqa: F401  (registers pysettlers/Settlers-v1)
    from pysettlers.engine import Rules
except ImportError as err:  # (even for --help: the script can do nothing without them)
    sys.exit(f"{sys.argv[0]}: needs {NEEDS}: pip install {INSTALL} (missing: {err.name})")


class FlatObservation(gym.ObservationWrapper):  # type: ignore[type-arg]
    """The flat ``observation`` alone (the mask goes to MaskablePPO through ActionMasker),
    plus 0.1 reward per victory point gained."""

    def __init__(self, env: gym.Env, shaping: float) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self.shaping = shaping
        self._vp = 0.0

    def _own_vp(self) -> float:
        s = self.env.unwrapped.table.s  # the learner's own points: in its view anyway
        return float(s.public_vp[0])

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = super().reset(**kwargs)
        self._vp = self._own_vp()
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, term, trunc, info = super().step(action)
        vp = self._own_vp()
        reward = float(reward) + self.shaping * (vp - self._vp)
        self._vp = vp
        return obs, reward, term, trunc, info

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["observation"]


MAX_STEPS = 5000  # actions of all seats: a game past this is truncated (reward 0)


def settlers(opponents: list[str]) -> gym.Env:  # type: ignore[type-arg]
    # The learner proposes no domestic trades (offers=False): it still answers the bots'.
    return gym.make(
        "pysettlers/Settlers-v1",
        rules=Rules(players=4),
        opponents=opponents,
        offers=False,
        max_steps=MAX_STEPS,
    )


def make_env(opponents: list[str], shaping: float) -> gym.Env:  # type: ignore[type-arg]
    env = settlers(opponents)
    masked = ActionMasker(env, lambda e: e.unwrapped.action_masks())
    return FlatObservation(masked, shaping)


def evaluate(
    model: MaskablePPO | None, opponents: list[str], games: int, first_seed: int
) -> dict[str, Any]:
    """Win rate over ``games`` games (``model`` None: a learner uniform over its legal
    actions, the baseline)."""
    raw = settlers(opponents).unwrapped
    rng = np.random.default_rng(first_seed)
    wins = 0
    truncated = 0
    t = time.time()
    for g in range(games):
        obs, _ = raw.reset(seed=first_seed + g)
        while True:
            if model is None:
                action = rng.choice(np.flatnonzero(obs["action_mask"]))
            else:
                action, _ = model.predict(
                    obs["observation"],
                    action_masks=obs["action_mask"].astype(bool),
                    deterministic=True,
                )
            obs, reward, term, trunc, _ = raw.step(int(action))
            if term or trunc:
                wins += reward > 0
                truncated += bool(trunc)
                break
    return {
        "opponents": opponents,
        "games": games,
        "wins": int(wins),
        "win_rate": wins / games,
        "truncated": truncated,
        "seconds": round(time.time() - t, 1),
    }


class Progress(BaseCallback):
    """One line on stderr per rollout: steps done, mean episode reward so far."""

    def _on_rollout_end(self) -> None:
        infos = [e["r"] for e in self.model.ep_info_buffer] if self.model.ep_info_buffer else []
        mean = f"{np.mean(infos):+.3f}" if infos else "n/a"
        print(
            f"{self.num_timesteps} steps, mean episode reward {mean}", file=sys.stderr, flush=True
        )

    def _on_step(self) -> bool:
        return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=200_000, help="learner steps of training")
    ap.add_argument("--games", type=int, default=200, help="evaluation games per opponent set")
    ap.add_argument("--train-against", default="random", help="the bots trained against")
    ap.add_argument("--shaping", type=float, default=0.1, help="reward per victory point")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", help="save the trained model here (.zip)")
    ap.add_argument("--load", help="continue training a saved model (.zip)")
    args = ap.parse_args()
    torch.set_num_threads(1)  # one core for the learner: the machine is shared
    env = make_env([args.train_against] * 3, args.shaping)
    if args.load:
        model = MaskablePPO.load(args.load, env=env)
    else:
        model = MaskablePPO(
            "MlpPolicy",
            env,
            n_steps=2048,
            batch_size=256,
            n_epochs=5,
            seed=args.seed,
            verbose=0,
            policy_kwargs={"net_arch": [256, 256]},
        )
    baseline = {
        name: evaluate(None, [name] * 3, args.games, 10**7) for name in ("random", "weighted")
    }
    t0 = time.time()
    cpu0 = time.process_time()
    model.learn(total_timesteps=args.steps, callback=Progress())
    train = {
        "steps": args.steps,
        "wall_s": round(time.time() - t0, 1),
        "cpu_s": round(time.process_time() - cpu0, 1),
    }
    if args.save:
        model.save(args.save)
    after = {
        name: evaluate(model, [name] * 3, args.games, 10**7) for name in ("random", "weighted")
    }
    print(json.dumps({"baseline": baseline, "train": train, "trained": after}, indent=1))


if __name__ == "__main__":
    main()
