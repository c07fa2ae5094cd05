"""Catanatron's random 4-player games per CPU-second, for comparison with pysettlers.

What this is for: run by ``bench/throughput.py --catanatron PYTHON`` under *another*
interpreter, one that has Catanatron installed (``python3 -m venv /tmp/catanatron-venv &&
/tmp/catanatron-venv/bin/pip install catanatron``). Catanatron is never a dependency of
pysettlers and this file imports nothing of ours. Its ``RandomPlayer`` chooses uniformly
among Catanatron's playable actions, which include maritime trades and exclude domestic
trades: the same random play as the pysettlers side of the benchmark.

Prints one JSON object: games per CPU-second and mean turns per game.
"""

from __future__ import annotations

import json
import random
import sys
import time

from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    first_seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    turns = 0
    t0 = time.process_time()
    for i in range(games):
        random.seed(first_seed + i)  # RandomPlayer draws from the global generator
        game = Game([RandomPlayer(c) for c in colors], seed=first_seed + i)
        game.play()
        turns += game.state.num_turns
    dt = time.process_time() - t0
    print(json.dumps({"games_per_second": games / dt, "turns_per_game": turns / games}))


if __name__ == "__main__":
    main()
