"""A learned agent in one command: demonstrations -> behaviour cloning -> PPO -> evaluation.

The standard warm start for a game too long for PPO from scratch on a small machine
(docs/rl.md "Baselines"):

1. **data**: the demonstrator bot (default ``greedy:offers=0``) plays 4-player base games
   against itself, no domestic trade proposals (``pysettlers.rl.imitate``); each of its
   decisions with a choice is recorded as (observation, mask, action, final result);
2. **behaviour cloning**: an MLP (``--hidden``) with a policy head (masked softmax
   cross-entropy on the demonstrator's action) and a value head (the result, +1 / -1),
   trained with AdamW; 5% of the games held out for the accuracy printed;
3. **PPO** (optional, ``--ppo-steps``): masked PPO fine-tuning from the cloned weights, the
   learner in a random seat of ``SettlersEnv(offers=False)`` against ``--ppo-opponents``,
   reward +1 / -1 at the end. A compact PPO of its own (CleanRL-style) rather than
   sb3-contrib's MaskablePPO, because (a) warm-starting SB3 from our network means matching
   its policy's module layout and its separate value network, and (b) the rollouts are
   played by worker processes with the NumPy policy (``policy_bot.MlpPolicy``): whole games
   per worker, the GPU only for the update, and nothing but torch to carry to a machine
   without internet;
4. **evaluation**: the weights as the ``learned`` bot against 3x ``--eval-opponent``
   (default ``weighted``) through the simulator's driver, the learner's seat rotated; wins
   with a Wilson 95% interval.

Writes the weights (``--out``, a few MB, float16) and a JSON of every stage's numbers
(``--json``). The default run is sized for under an hour on 2 cores (``nice``)::

    PYTHONPATH=src python examples/rl_imitate.py --out learned.npz --json result.json

Scale with ``--games``, ``--epochs``, ``--ppo-steps``, ``--workers``, ``--device cuda``, and
cap each stage's wall time with ``--data-seconds``, ``--bc-seconds``, ``--ppo-seconds``,
``--eval-seconds`` (``bench/rl_gpu_run.sh`` runs it within 8 minutes on a 16-core GPU machine).

Needs ``pip install 'pysettlers[rl-train]'`` (torch). Outside CI.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import sys

# (the rollout and game workers are one process per core: no BLAS threads of their own)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
import time
from pathlib import Path
from typing import Any

NEEDS = "PyTorch and the rl extra"
INSTALL = "'pysettlers[rl-train]'"
try:
    import numpy as np
    import torch
    from torch import nn

    import pysettlers.rl  # noqa: F401  (gymnasium, pettingzoo)
    from pysettlers.engine import Rules
    from pysettlers.rl.imitate import (
        DEFAULT_DEMONSTRATOR,
        DemoConfig,
        demo_config,
        evaluate,
        generate,
        load_demos,
        save_demos,
    )
    from pysettlers.rl.policy_bot import MlpPolicy, load_weights, save_weights
except ImportError as err:  # (even for --help: the script can do nothing without them)
    sys.exit(f"{sys.argv[0]}: needs {NEEDS}: pip install {INSTALL} (missing: {err.name})")
SCALE_FLOOR = 0.25  # (a rare one-hot entry is not blown up to a huge input)


class Net(nn.Module):
    """The MLP: normalised input, ReLU hidden layers, a policy and a value head."""

    def __init__(self, d: int, a: int, hidden: list[int], mean: np.ndarray, scale: np.ndarray):
        super().__init__()
        self.register_buffer("mean", torch.as_tensor(mean, dtype=torch.float32))
        self.register_buffer("scale", torch.as_tensor(scale, dtype=torch.float32))
        layers: list[nn.Module] = []
        width = d
        for h in hidden:
            layers += [nn.Linear(width, h), nn.ReLU()]
            width = h
        self.body = nn.Sequential(*layers)
        self.pi = nn.Linear(width, a)
        self.v = nn.Linear(width, 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body((x - self.mean) / self.scale)
        return self.pi(h), self.v(h).squeeze(-1)

    def arrays(self) -> dict[str, Any]:
        """The weights as ``save_weights`` takes them ((in, out) matrices)."""
        lin = [m for m in self.body if isinstance(m, nn.Linear)]

        def t(m: nn.Linear) -> tuple[np.ndarray, np.ndarray]:
            return m.weight.detach().cpu().numpy().T.copy(), m.bias.detach().cpu().numpy()

        return {
            "mean": self.mean.cpu().numpy(),
            "scale": self.scale.cpu().numpy(),
            "hidden": [t(m) for m in lin],
            "pi": t(self.pi),
            "v": (
                self.v.weight.detach().cpu().numpy().T.copy(),
                self.v.bias.detach().cpu().numpy(),
            ),
        }

    def numpy_policy(self, rules: Rules) -> MlpPolicy:
        w = self.arrays()
        return MlpPolicy(rules, w["mean"], w["scale"], tuple(w["hidden"]), w["pi"], w["v"])


def masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~mask, -1e9)


# -- behaviour cloning --------------------------------------------------------------------------


def clone(
    demos: dict[str, Any],
    args: argparse.Namespace,
    device: torch.device,
    net: Net | None = None,
    epochs: int | None = None,
    seconds: float | None = None,
) -> tuple[Net, dict[str, Any]]:
    """Behaviour cloning (a new net, or more epochs of ``net``); the weights of the epoch
    with the best held-out accuracy are kept (the MLP overfits the games it has seen)."""
    epochs = args.epochs if epochs is None else epochs
    seconds = args.bc_seconds if seconds is None else seconds
    obs, mask, act, res, game = (demos[k] for k in ("obs", "mask", "action", "result", "game"))
    n, d = obs.shape
    a = mask.shape[1]
    games = np.unique(game)
    held = set(games[-max(1, len(games) // 20) :].tolist()) if len(games) > 1 else set()
    val = np.isin(game, list(held))
    tr = np.flatnonzero(~val)
    va = np.flatnonzero(val)
    # Normalisation from the training rows (a sample of them: float64 sums).
    pick = tr[np.linspace(0, len(tr) - 1, min(len(tr), 50_000)).astype(int)]
    sample = obs[pick].astype(np.float64)
    mean = sample.mean(0).astype(np.float32)
    scale = np.maximum(sample.std(0), SCALE_FLOOR).astype(np.float32)
    if net is None:
        net = Net(d, a, args.hidden, mean, scale).to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    on_gpu = device.type == "cuda"
    # The whole data set on the device when it fits (float16), else batches from the host.
    to = (lambda x: torch.as_tensor(x).to(device)) if on_gpu else torch.as_tensor
    X, M, A, R = to(obs), to(mask), to(act.astype(np.int64)), to(res)
    steps_per_epoch = max(1, math.ceil(len(tr) / args.batch))
    total = steps_per_epoch * epochs

    def set_lr() -> None:
        # Warm-up, then a cosine down to 0 over the run: the steps, or the wall budget when
        # that is sooner (so a budget-cut run still ends at a low learning rate).
        prog = done / total
        if seconds:
            prog = max(prog, (time.monotonic() - t0) / seconds)
        warm = min(1.0, (done + 1) / max(1, total // 50))
        for g in opt.param_groups:
            g["lr"] = args.lr * warm * 0.5 * (1 + math.cos(math.pi * min(1.0, prog)))

    gen = torch.Generator().manual_seed(args.seed)
    t0 = time.monotonic()
    log: list[dict[str, Any]] = []
    done = 0
    best: tuple[float, dict[str, torch.Tensor] | None] = (-1.0, None)
    for epoch in range(epochs):
        order = torch.as_tensor(tr)[torch.randperm(len(tr), generator=gen)]
        tot_pi = tot_v = 0.0
        net.train()
        for b in range(steps_per_epoch):
            idx = order[b * args.batch : (b + 1) * args.batch]
            ix = idx.to(device) if on_gpu else idx
            x = X[ix].to(device, torch.float32)
            m = M[ix].to(device)
            y = A[ix].to(device)
            r = R[ix].to(device)
            set_lr()
            logits, v = net(x)
            loss_pi = nn.functional.cross_entropy(masked(logits, m), y)
            loss_v = nn.functional.mse_loss(v, r)
            loss = loss_pi + args.value_coef * loss_v
            opt.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
            done += 1
            tot_pi += loss_pi.item()
            tot_v += loss_v.item()
            if seconds and time.monotonic() - t0 > seconds:
                break
        acc = accuracy(net, X, M, A, va, device)
        row = {
            "epoch": epoch + 1,
            "loss_pi": tot_pi / max(1, b + 1),
            "loss_v": tot_v / max(1, b + 1),
            "val_accuracy": acc,
            "seconds": round(time.monotonic() - t0, 1),
        }
        log.append(row)
        print(f"  bc {row}", flush=True)
        if acc is not None and acc > best[0]:
            best = (acc, {k: v.detach().clone() for k, v in net.state_dict().items()})
        if seconds and time.monotonic() - t0 > seconds:
            break
    if best[1] is not None:
        net.load_state_dict(best[1])
    return net, {
        "best_val_accuracy": best[0],
        "samples": int(n),
        "train": len(tr),
        "held_out": len(va),
        "epochs": log,
        "steps": done,
    }


@torch.no_grad()
def accuracy(net: Net, X, M, A, rows: np.ndarray, device: torch.device) -> float | None:
    if len(rows) == 0:
        return None
    net.eval()
    hit = 0
    for s in range(0, len(rows), 4096):
        ix = torch.as_tensor(rows[s : s + 4096])
        ix = ix.to(device) if device.type == "cuda" else ix
        logits, _ = net(X[ix].to(device, torch.float32))
        hit += int((masked(logits, M[ix].to(device)).argmax(1) == A[ix].to(device)).sum())
    return hit / len(rows)


# -- PPO ----------------------------------------------------------------------------------------

_ROLL: dict[str, Any] = {}


def _roll_games(job: tuple[dict[str, Any], list[int], str, float]) -> list[dict[str, np.ndarray]]:
    """Whole games of the NumPy policy (sampled) in a random seat against the opponents."""
    import random

    import gymnasium  # noqa: F401  (the env's dependency, imported once per worker)

    from pysettlers.rl.gym_env import SettlersEnv

    weights, seeds, opponent, temperature = job
    policy = MlpPolicy(Rules(players=4), **weights)
    out = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        seat = random.Random(seed).randrange(4)
        env = SettlersEnv(Rules(players=4), [opponent] * 3, seat=seat, offers=False)
        ob, _ = env.reset(seed=seed)
        X, M, A, L, V = [], [], [], [], []
        reward = 0.0
        while True:
            mask = ob["action_mask"].astype(bool)
            if mask.sum() == 1:  # forced: played, not learned from
                a = int(np.flatnonzero(mask)[0])
            else:
                logits, v = policy.forward(ob["observation"])
                z = np.where(mask, logits / temperature, -np.inf)
                p = np.exp(z - z.max())
                p /= p.sum()
                a = int(rng.choice(len(p), p=p))
                X.append(ob["observation"].astype(np.float16))
                M.append(mask)
                A.append(a)
                L.append(float(np.log(p[a])))
                V.append(float(v))
            ob, r, term, trunc, _ = env.step(a)
            if term or trunc:
                reward = float(r)
                break
        if A:
            out.append(
                {
                    "obs": np.stack(X),
                    "mask": np.stack(M),
                    "act": np.array(A, np.int64),
                    "logp": np.array(L, np.float32),
                    "value": np.array(V, np.float32),
                    "reward": np.float32(reward),
                }
            )
    return out


def ppo(net: Net, args: argparse.Namespace, device: torch.device, pool: Any) -> dict[str, Any]:
    """Masked PPO from the cloned weights; returns the per-iteration log."""
    opt = torch.optim.Adam(net.parameters(), lr=args.ppo_lr, eps=1e-5)
    t0 = time.monotonic()
    steps = 0
    it = 0
    seed = 10_000_000 + args.seed * 1_000_000
    log = []
    wins = games = 0
    per = max(1, args.ppo_games // max(1, args.workers))
    while steps < args.ppo_steps:
        if args.ppo_seconds and time.monotonic() - t0 > args.ppo_seconds:
            break
        w = net.arrays()
        weights = {
            "mean": w["mean"],
            "scale": w["scale"],
            "hidden": tuple(w["hidden"]),
            "pi": w["pi"],
            "v": w["v"],
        }
        jobs = []
        for _ in range(max(1, args.workers)):
            jobs.append((weights, list(range(seed, seed + per)), args.ppo_opponent, 1.0))
            seed += per
        trajs = [t for part in pool.map(_roll_games, jobs) for t in part]
        # GAE over each game's own decisions (reward only at the end).
        obs, mask, act, logp, adv, ret = [], [], [], [], [], []
        for t in trajs:
            v = t["value"]
            T = len(v)
            rew = np.zeros(T, np.float32)
            rew[-1] = t["reward"]
            nxt = np.append(v[1:], 0.0)
            delta = rew + args.gamma * nxt - v
            g = np.zeros(T, np.float32)
            acc = 0.0
            for i in range(T - 1, -1, -1):
                acc = delta[i] + args.gamma * args.lam * acc
                g[i] = acc
            obs.append(t["obs"])
            mask.append(t["mask"])
            act.append(t["act"])
            logp.append(t["logp"])
            adv.append(g)
            ret.append(g + v)
            games += 1
            wins += int(t["reward"] > 0)
        X = torch.as_tensor(np.concatenate(obs)).to(device, torch.float32)
        M = torch.as_tensor(np.concatenate(mask)).to(device)
        A = torch.as_tensor(np.concatenate(act)).to(device)
        LP = torch.as_tensor(np.concatenate(logp)).to(device)
        ADV = torch.as_tensor(np.concatenate(adv)).to(device)
        RET = torch.as_tensor(np.concatenate(ret)).to(device)
        n = len(A)
        steps += n
        it += 1
        stats = []
        net.train()
        for _ in range(args.ppo_epochs):
            perm = torch.randperm(n, device=device)
            for s in range(0, n, args.ppo_batch):
                ix = perm[s : s + args.ppo_batch]
                logits, v = net(X[ix])
                dist = torch.distributions.Categorical(logits=masked(logits, M[ix]))
                new = dist.log_prob(A[ix])
                ratio = (new - LP[ix]).exp()
                ad = ADV[ix]
                ad = (ad - ad.mean()) / (ad.std() + 1e-8)
                pg = -torch.min(ratio * ad, ratio.clamp(1 - args.clip, 1 + args.clip) * ad).mean()
                vl = 0.5 * ((v - RET[ix]) ** 2).mean()
                p = dist.probs
                ent = -(p * torch.log(p.clamp_min(1e-12))).sum(-1).mean()
                loss = pg + args.value_coef * vl - args.ent_coef * ent
                opt.zero_grad(set_to_none=True)
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
                stats.append(
                    (pg.item(), vl.item(), ent.item(), ((ratio - 1) - (new - LP[ix])).mean().item())
                )
        s_ = np.mean(stats, 0)
        row = {
            "iteration": it,
            "steps": steps,
            "games": len(trajs),
            "win_rate_this_iteration": round(
                sum(int(t["reward"] > 0) for t in trajs) / max(1, len(trajs)), 3
            ),
            "pg": round(float(s_[0]), 4),
            "v": round(float(s_[1]), 4),
            "entropy": round(float(s_[2]), 3),
            "kl": round(float(s_[3]), 5),
            "seconds": round(time.monotonic() - t0, 1),
        }
        log.append(row)
        print(f"  ppo {row}", flush=True)
    return {"steps": steps, "games": games, "training_wins": wins, "iterations": log}


# -- DAgger ------------------------------------------------------------------------------------


def dagger(
    net: Net,
    demos: dict[str, Any],
    args: argparse.Namespace,
    device: torch.device,
    rules: Rules,
    out: Path,
) -> list[dict[str, Any]]:
    """DAgger rounds: the current policy plays the demonstrator's seat (against 3x
    ``--dagger-opponent``), the demonstrator labels every decision; the labels join the
    data and cloning goes on. Fixes the cloned policy's compounding errors: it learns what to
    do in the states its own mistakes lead to."""
    log = []
    tmp = out.with_name(out.stem + "-dagger.npz")
    players = (args.demonstrator,) + (args.dagger_opponent,) * (rules.players - 1)
    for r in range(args.dagger_rounds):
        save_weights(tmp, rules, **net.arrays())
        cfg = DemoConfig(
            rules, players, args.demonstrator, seed=args.seed + 1000 + r, policy=str(tmp)
        )
        new = generate(cfg, args.dagger_games, workers=args.workers, seconds=args.dagger_seconds)
        summ = new["summary"]
        won = summ["wins"].get(args.demonstrator, 0)
        print(
            f"  dagger round {r + 1}: the policy won {won}/{summ['games']} "
            f"({summ['samples']} labels, {summ['seconds']} s)",
            flush=True,
        )
        new["game"] = new["game"] + (r + 1) * 10_000_000  # (apart from earlier games' ids)
        for k in ("obs", "mask", "action", "result", "seat", "game"):
            demos[k] = np.concatenate([demos[k], new[k]])
        net, info = clone(
            demos, args, device, net=net, epochs=args.dagger_epochs, seconds=args.dagger_seconds
        )
        log.append(
            {
                "round": r + 1,
                "policy_wins": won,
                "games": summ["games"],
                "labels": summ["samples"],
                "best_val_accuracy": info["best_val_accuracy"],
            }
        )
    tmp.unlink(missing_ok=True)
    return log


# -- the pipeline -------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=600, help="demonstration games")
    ap.add_argument(
        "--data", default=None, help="demonstrations .npz to read (or write with --save-data)"
    )
    ap.add_argument("--save-data", action="store_true")
    ap.add_argument("--demonstrator", default=DEFAULT_DEMONSTRATOR)
    ap.add_argument(
        "--players", default=None, help="bot specs by seat (default: the demonstrator x4)"
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[512, 256])
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--value-coef", type=float, default=0.5)
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument(
        "--dagger-rounds",
        type=int,
        default=2,
        help="DAgger rounds after cloning: the policy plays, the demonstrator labels",
    )
    ap.add_argument("--dagger-games", type=int, default=200, help="games per DAgger round")
    ap.add_argument("--dagger-epochs", type=int, default=3)
    ap.add_argument("--dagger-opponent", default="weighted")
    ap.add_argument("--dagger-seconds", type=float, default=None, help="per round")
    ap.add_argument("--ppo-steps", type=int, default=0, help="learner decisions of PPO (0: none)")
    ap.add_argument("--ppo-games", type=int, default=32, help="games per PPO iteration")
    ap.add_argument("--ppo-opponent", default="weighted")
    ap.add_argument("--ppo-lr", type=float, default=2e-5)
    ap.add_argument("--ppo-epochs", type=int, default=2)
    ap.add_argument("--ppo-batch", type=int, default=1024)
    ap.add_argument("--clip", type=float, default=0.1)
    ap.add_argument("--ent-coef", type=float, default=0.001)
    ap.add_argument("--gamma", type=float, default=0.999)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--eval-opponent", default="weighted")
    ap.add_argument("--eval-bc", action="store_true", help="also evaluate the cloned weights")
    ap.add_argument("--data-seconds", type=float, default=None)
    ap.add_argument("--bc-seconds", type=float, default=None)
    ap.add_argument("--ppo-seconds", type=float, default=None)
    ap.add_argument("--eval-seconds", type=float, default=None)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--threads", type=int, default=None, help="torch CPU threads")
    ap.add_argument("--out", default="learned.npz")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    device = torch.device(args.device)
    result: dict[str, Any] = {"args": {k: v for k, v in vars(args).items()}, "device": str(device)}
    if device.type == "cuda":
        result["gpu"] = torch.cuda.get_device_name(0)
    t_all = time.monotonic()

    def stage(name: str) -> None:
        print(f"[{time.monotonic() - t_all:6.1f} s] {name}", flush=True)

    if args.data and Path(args.data).exists() and not args.save_data:
        stage(f"data: reading {args.data}")
        demos = load_demos(args.data)
    else:
        stage(f"data: {args.games} games of {args.demonstrator}, {args.workers} workers")
        cfg = demo_config("{}", args.demonstrator, args.players, args.seed)
        demos = generate(
            cfg, args.games, workers=args.workers, seconds=args.data_seconds, progress=True
        )
        if args.data:
            save_demos(args.data, demos)
    result["data"] = demos["summary"]
    print(f"  {json.dumps(demos['summary'])}", flush=True)

    stage(f"behaviour cloning on {device}")
    net, result["bc"] = clone(demos, args, device)
    rules = Rules(players=4)
    if args.dagger_rounds > 0:
        result["dagger"] = dagger(net, demos, args, device, rules, Path(args.out))
    del demos
    meta = {
        "demonstrator": args.demonstrator,
        "hidden": args.hidden,
        "bc": result["bc"]["epochs"][-1],
    }
    if args.ppo_steps > 0:
        bc_out = Path(args.out).with_name(Path(args.out).stem + "-bc.npz")
        save_weights(bc_out, rules, **net.arrays(), meta=meta)
        result["bc_weights"] = str(bc_out)
        stage(f"PPO: {args.ppo_steps} steps against 3x {args.ppo_opponent}")
        ctx = mp.get_context("fork" if sys.platform != "darwin" else "spawn")
        with ctx.Pool(max(1, args.workers)) as pool:
            result["ppo"] = ppo(net, args, device, pool)
        meta["ppo"] = {"steps": result["ppo"]["steps"], "opponent": args.ppo_opponent}
    out = save_weights(args.out, rules, **net.arrays(), meta=meta)
    result["weights"] = str(out)
    result["weights_bytes"] = out.stat().st_size
    load_weights(out)  # (read back: the file plays)

    if args.eval_games > 0:
        stage(f"evaluation: {args.eval_games} games against 3x {args.eval_opponent}")
        result["eval"] = evaluate(
            out,
            args.eval_games,
            opponent=args.eval_opponent,
            workers=args.workers,
            seconds=args.eval_seconds,
        )
        if args.ppo_steps > 0 and args.eval_bc:
            result["eval_bc"] = evaluate(
                result["bc_weights"],
                args.eval_games,
                opponent=args.eval_opponent,
                workers=args.workers,
                seconds=args.eval_seconds,
            )
            print(f"  (behaviour cloning alone: {json.dumps(result['eval_bc'])})", flush=True)
        e = result["eval"]
        print(
            f"  learned vs 3x {args.eval_opponent}: {e['wins']}/{e['games']} = {e['rate']:.1%} "
            f"(Wilson 95% {e['wilson95'][0]:.1%}-{e['wilson95'][1]:.1%}; fair share 25%)",
            flush=True,
        )
    result["seconds"] = round(time.monotonic() - t_all, 1)
    stage("done")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=1, default=str))


if __name__ == "__main__":
    main()
