"""Instructions per random game, counted by valgrind: speed figures a busy machine cannot skew.

What this is for: comparing the cost of the engine loop, of the simulator path and of
Catanatron's random games where timings are too noisy to trust (a shared 2-core machine
swings 30% between runs). Each figure is the instructions of a process that plays 2N games
minus those of the same process playing the first N, divided by N: start-up, imports and
one-time costs (the tables a first game builds and caches) are left out, and both sides
play their second N seeds. ``--catanatron PYTHON`` adds Catanatron's random games
(``bench/catanatron_random.py``) and the ratio. Instruction counts are not time — the
interpreters' instruction mixes differ — so docs/performance.md quotes CPU-second figures and uses
these to check that a change helped.

What this is not: a test, nor a profile (``valgrind --tool=callgrind`` itself gives one).
Needs ``valgrind`` (Debian: ``apt-get install valgrind``); it runs about 50 times slower
than the games themselves.

``--playouts`` adds the expert's set-up playouts (``ExpertBot._playout``: whole games of
fast weighted bots from the end of one set-up), per playout.

Run: ``.venv/bin/python bench/instructions.py [--games 10]
[--catanatron /tmp/catanatron-venv/bin/python] [--playouts] [--json]``
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The two loops measured, each run as ``python -c CODE N``: uniform random play over the
# public API without domestic offers (as bench/throughput.py), and the simulator's own game
# loop with four random bots (as `pysettlers sim`).
ENGINE_LOOP = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
from throughput import play_random
decisions = sum(play_random(i, 4)[1] for i in range(int(sys.argv[1])))
print("decisions", decisions)
"""
SIM_LOOP = """
import sys
from pysettlers.engine import Rules
from pysettlers.sim.runner import game_seed, parse_players, play_game
specs = parse_players("random,random,random,random")
decisions = 0
for i in range(int(sys.argv[1])):
    decisions += play_game(Rules(players=4, seed=game_seed(1, i)), specs).decisions
print("decisions", decisions)
"""

# The expert's set-up playouts (``--playouts``): whole games of fast ``weighted`` bots from
# the end of one greedy set-up (4 players, seed 3), as ``ExpertBot._playout`` plays them; a
# "game" here is one playout.
PLAYOUT_LOOP = """
import random, sys
from pysettlers.bots import features as F
from pysettlers.bots.expert import ExpertBot, _step
from pysettlers.bots.greedy import GreedyBot
from pysettlers.engine import Phase, Rules, legal_actions, new_game, observe, to_move
s = new_game(Rules(players=4, seed=3))
bots = [GreedyBot(random.Random(3 + p)) for p in range(4)]
rng = random.Random(3)
while s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
    p = to_move(s)
    _step(s, bots[p].choose(observe(s, p), legal_actions(s, p)), rng)
expert = ExpertBot(random.Random(1))
info = F.board_info(observe(s, 0).board)
for k in range(int(sys.argv[1])):
    expert._playout(s.copy(), 0, k, info)
"""


def instructions(command: list[str]) -> tuple[int, int]:
    """(instructions executed, decisions printed) of ``command`` under callgrind."""
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{proc.stderr[-2000:]}")
    decided = re.search(r"decisions (\d+)", proc.stdout)
    return int(found.group(1)), int(decided.group(1)) if decided else 0


def per_game(command: list[str], games: int) -> dict[str, float]:
    """Instructions per game (and per decision, where the command prints decisions).

    The process playing ``2 * games`` games less the one playing ``games``: what the games
    after the first ``games`` cost, with start-up, imports and every one-time cost of a
    first game (tables built once per board shape and cached) left out on both sides."""
    full, decisions = instructions([*command, str(2 * games)])
    half, half_decisions = instructions([*command, str(games)])
    out = {"instructions_per_game": (full - half) / games}
    if decisions:
        out["decisions_per_game"] = (decisions - half_decisions) / games
        out["instructions_per_decision"] = (full - half) / (decisions - half_decisions)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--catanatron", metavar="PYTHON", help="an interpreter with Catanatron")
    ap.add_argument(
        "--playouts", action="store_true", help="also the expert's set-up playouts (per playout)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py needs valgrind (apt-get install valgrind)")
    out: dict[str, dict[str, float]] = {
        "engine_loop": per_game([sys.executable, "-c", ENGINE_LOOP], args.games),
        "sim": per_game([sys.executable, "-c", SIM_LOOP], args.games),
    }
    if args.playouts:
        out["expert_playout"] = per_game([sys.executable, "-c", PLAYOUT_LOOP], args.games)
    if args.catanatron:
        script = str(HERE / "catanatron_random.py")
        full, _ = instructions([args.catanatron, script, str(2 * args.games), "0"])
        half, _ = instructions([args.catanatron, script, str(args.games), "0"])
        out["catanatron"] = {"instructions_per_game": (full - half) / args.games}
        for name in ("engine_loop", "sim"):
            out[name]["catanatron_ratio"] = (
                out["catanatron"]["instructions_per_game"] / out[name]["instructions_per_game"]
            )
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, figures in out.items():
        print(name)
        for key, value in figures.items():
            print(f"  {key:>26}: {value:,.2f}" if value < 100 else f"  {key:>26}: {value:,.0f}")


if __name__ == "__main__":
    main()
