"""RL environment steps per CPU-second: pysettlers' Gymnasium env against Catanatron's.

What this is for: the speed target of the RL environments (docs/rl.md,
"Speed"): a learner that picks uniformly among its legal actions (the ``action_mask``;
Catanatron's ``info["valid_actions"]``; the same ``rng.integers`` pick on both sides)
against 3 random bots, 4 players, base game, domestic offers off on our side (``offers=False``:
Catanatron has no domestic trade), as (1) one environment, (2) a
``gymnasium.vector.SyncVectorEnv`` of ``--envs`` environments (default 16; the bare
environments, ``.unwrapped``, as on Catanatron's side; on ours also over environments as
``gym.make`` returns them, with its ``OrderEnforcing`` and ``PassiveEnvChecker`` wrappers) and
(3) on our side the vectorized environment (``pysettlers.rl.vector.SettlersVectorEnv``) of as
many tables. Our side runs in a subprocess of its own, pure (``PYTHONPATH=src``) and, with
``--compiled DIR`` (a ``make mypyc MYPYC_DIR=DIR`` build), compiled too; ``--before SRC`` and
``--before-compiled DIR`` add an earlier tree's sources and build, to compare. Catanatron
(``catanatron-gym`` 4.0.0 from PyPI, its ``catanatron-v1`` environment with three
``RandomPlayer`` enemies and the default vector observation) runs
under *another* interpreter — ``--catanatron PYTHON``, a venv with it installed::

    python3 -m venv /tmp/catanatron-venv
    /tmp/catanatron-venv/bin/pip install catanatron==3.2.1 catanatron-gym==4.0.0

The two sides alternate within each repeat (ours, then theirs) so that the shared machine's
load hits both alike; each side counts learner steps (``env.step`` calls; a vector step
counts once per environment) per CPU-second of its own process (``time.process_time``,
excluding start-up), and the script prints the median of the repeats and the ratios.

Not a unit test (speed targets never are); run it by hand::

    PYTHONPATH=src .venv/bin/python bench/rl_steps.py --catanatron /tmp/catanatron-venv/bin/python \
        [--compiled build/mypyc]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

# The Catanatron side: run with ``python -c`` under the other interpreter; prints JSON.
CATANATRON = r"""
import json, random, sys, time
import numpy as np
import gymnasium as gym
import catanatron_gym  # registers catanatron-v1
from catanatron import Color, RandomPlayer

steps, n_envs, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
random.seed(seed)  # RandomPlayer draws from the global generator
rng = np.random.default_rng(seed)

def make():
    enemies = [RandomPlayer(c) for c in (Color.RED, Color.WHITE, Color.ORANGE)]
    return gym.make("catanatron-v1", config={"enemies": enemies}).unwrapped

def single():
    env = make()
    obs, info = env.reset(seed=seed)
    t = time.process_time()
    for _ in range(steps):
        v = info["valid_actions"]
        obs, r, term, trunc, info = env.step(int(v[rng.integers(len(v))]))
        if term or trunc:
            obs, info = env.reset()
    return steps / (time.process_time() - t)

def vector():
    env = gym.vector.SyncVectorEnv([make for _ in range(n_envs)])
    obs, info = env.reset(seed=seed)
    t = time.process_time()
    for _ in range(steps // n_envs):
        acts = [int(v[rng.integers(len(v))]) for v in info["valid_actions"]]
        obs, r, term, trunc, info = env.step(np.array(acts))
    return (steps // n_envs) * n_envs / (time.process_time() - t)

print(json.dumps({"single": single(), "vector": vector()}))
"""


def pick(rng: Any, legal: Any) -> int:
    """A uniform choice among the legal indices (0 for a finished game's empty mask, whose
    action the vector env ignores as it resets that game)."""
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


def ours(steps: int, n_envs: int, seed: int) -> dict[str, float]:
    import gymnasium as gym
    import numpy as np

    import pysettlers.rl  # noqa: F401  (registers pysettlers/Settlers-v0)

    rng = np.random.default_rng(seed)
    options: dict[str, Any] = {"opponents": ["random"] * 3, "offers": False}

    def make() -> gym.Env:  # type: ignore[type-arg]
        return gym.make("pysettlers/Settlers-v0", **options).unwrapped

    env = make()
    obs, _ = env.reset(seed=seed)
    t = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _r, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
        if term or trunc:
            obs, _ = env.reset()
    single = steps / (time.process_time() - t)

    venv = gym.vector.SyncVectorEnv([make for _ in range(n_envs)])
    vobs, _ = venv.reset(seed=seed)
    t = time.process_time()
    for _ in range(steps // n_envs):
        acts = [pick(rng, np.flatnonzero(m)) for m in vobs["action_mask"]]
        vobs, _r, _term, _trunc, _ = venv.step(np.array(acts))
    vector = (steps // n_envs) * n_envs / (time.process_time() - t)

    # The same over environments as ``gym.make`` returns them, with its wrappers
    # (``OrderEnforcing``, ``PassiveEnvChecker``): what ``gym.make_vec(..., "sync")`` builds.
    wrapped = gym.vector.SyncVectorEnv(
        [lambda: gym.make("pysettlers/Settlers-v0", **options) for _ in range(n_envs)]
    )
    vobs, _ = wrapped.reset(seed=seed)
    t = time.process_time()
    for _ in range(steps // n_envs):
        acts = [pick(rng, np.flatnonzero(m)) for m in vobs["action_mask"]]
        vobs, _r, _term, _trunc, _ = wrapped.step(np.array(acts))
    vector_wrapped = (steps // n_envs) * n_envs / (time.process_time() - t)
    got = {"single": single, "vector": vector, "vector_wrapped": vector_wrapped}
    try:
        from pysettlers.rl.vector import SettlersVectorEnv
    except ImportError:  # an older tree (a "before" measurement): no vectorized env
        return got

    ours_vec = SettlersVectorEnv(n_envs, **options)
    vobs, _ = ours_vec.reset(seed=seed)
    t = time.process_time()
    for _ in range(steps // n_envs):
        acts = [pick(rng, np.flatnonzero(m)) for m in vobs["action_mask"]]
        vobs, _r, _term, _trunc, _ = ours_vec.step(np.array(acts))
    batched = (steps // n_envs) * n_envs / (time.process_time() - t)
    return {**got, "batched": batched}


def ours_in(pythonpath: str, steps: int, n_envs: int, seed: int) -> dict[str, float]:
    """``ours`` in a subprocess importing pysettlers from ``pythonpath`` (src, or a build)."""
    env = {**os.environ, "PYTHONPATH": pythonpath}
    out = subprocess.run(
        [sys.executable, __file__, "--side-ours", str(steps), str(n_envs), str(seed)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def theirs(python: str, steps: int, n_envs: int, seed: int) -> dict[str, float]:
    out = subprocess.run(
        [python, "-c", CATANATRON, str(steps), str(n_envs), str(seed)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--side-ours":  # the subprocess of ``ours_in``
        print(json.dumps(ours(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=8000, help="learner steps per measurement")
    ap.add_argument("--envs", type=int, default=16, help="environments in the vector envs")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--catanatron", metavar="PYTHON", help="an interpreter with catanatron-gym")
    ap.add_argument("--compiled", metavar="DIR", help="a mypyc build (make mypyc MYPYC_DIR=DIR)")
    ap.add_argument("--before", metavar="SRC", help="an earlier tree's src, to compare")
    ap.add_argument(
        "--before-compiled", metavar="DIR", help="an earlier tree's mypyc build, to compare"
    )
    args = ap.parse_args()
    ours_sides = ("before", "pure", "before-compiled", "compiled")
    sides: dict[str, dict[str, list[float]]] = {side: {} for side in (*ours_sides, "catanatron")}
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    for r in range(args.repeats):  # the sides interleaved within each repeat
        runs: dict[str, tuple[Any, str]] = {"pure": (ours_in, src)}
        if args.before:
            runs["before"] = (ours_in, args.before)
        if args.before_compiled:
            runs["before-compiled"] = (ours_in, args.before_compiled)
        if args.compiled:
            runs["compiled"] = (ours_in, args.compiled)
        if args.catanatron:
            runs["catanatron"] = (theirs, args.catanatron)
        for side, (run, where) in runs.items():
            for k, v in run(where, args.steps, args.envs, r).items():
                sides[side].setdefault(k, []).append(v)
        print(f"repeat {r + 1}/{args.repeats} done", file=sys.stderr)
    med = {side: {k: statistics.median(v) for k, v in got.items()} for side, got in sides.items()}
    names = {
        "single": "one environment",
        "vector": f"SyncVectorEnv of {args.envs}",
        "vector_wrapped": "same, gym.make wrappers",
        "batched": f"SettlersVectorEnv of {args.envs}",
    }
    print(f"learner steps per CPU-second, medians of {args.repeats} x {args.steps} steps")
    for k, name in names.items():
        line = f"{name:>26}:"
        for side in (*ours_sides, "catanatron"):
            if k in med[side]:
                line += f"  {side} {med[side][k]:7.0f}"
        print(line)
    them = med["catanatron"]
    for side in ours_sides:
        got = med[side]
        if not got:
            continue
        if them:
            best = got.get("batched", got["vector"])
            print(
                f"{side}: {got['single'] / them['single']:.1f}x catanatron (one env), "
                f"{best / them['vector']:.1f}x (our vector env against its "
                f"SyncVectorEnv of {args.envs})"
            )
        if "batched" in got:
            print(
                f"{side}: SettlersVectorEnv {got['batched'] / got['vector']:.2f}x "
                f"SyncVectorEnv of the same {args.envs} environments "
                f"({got['batched'] / got['vector_wrapped']:.2f}x with gym.make's wrappers)"
            )


if __name__ == "__main__":
    main()
