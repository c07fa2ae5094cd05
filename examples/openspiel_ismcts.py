"""OpenSpiel's IS-MCTS plays one seat of pysettlers against our bots.

What this is for: an example of one of OpenSpiel's algorithms on the game
(``pysettlers.rl.openspiel``; docs/rl.md, "OpenSpiel"). Seat 0 is OpenSpiel's Python
``ISMCTSBot`` (information-set MCTS: each simulation starts from a state drawn with the
game's ``resample_from_infostate``, the engine's ``determinize`` of the seat's view); the
other seats are bots from our registry, which choose from their own views; chance nodes are
sampled with their probabilities. The search evaluates a leaf with one random rollout of at
most ``--depth`` actions, then, where the game has not ended, by victory points (the
leader's lead, scaled into the game's returns), so that a simulation stays cheap.

Needs: ``pip install 'pysettlers[openspiel]'``. Run::

    python examples/openspiel_ismcts.py --games 2 --simulations 8 --bot weighted

It prints each game's winner, its length and the search's time. What this is not: a strong
player (a handful of simulations); a tuned one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

NEEDS = "OpenSpiel"
INSTALL = "'pysettlers[openspiel]'"
try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from open_spiel.python.algorithms import (  # type: ignore[import-not-found,unused-ignore]
        ismcts,
        mcts,
    )

    import pysettlers.rl.openspiel  # noqa: F401  (registers the game)
    from pysettlers.bots import make_bot
    from pysettlers.engine import observe
except ImportError as err:  # (even for --help: the script can do nothing without them)
    sys.exit(f"{sys.argv[0]}: needs {NEEDS}: pip install {INSTALL} (missing: {err.name})")


class ShortRollouts(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """A random rollout of at most ``max_length`` actions; a game not over by then is scored
    by victory points: each seat's points minus the best of the others', over the target."""

    def evaluate(self, state: Any) -> Any:
        s = state.clone()
        for _ in range(self.max_length):
            if s.is_terminal():
                return np.array(s.returns())
            if s.is_chance_node():
                ids, ps = zip(*s.chance_outcomes())
                s.apply_action(self._random_state.choice(ids, p=ps))
            else:
                s.apply_action(self._random_state.choice(s.legal_actions()))
        if s.is_terminal():
            return np.array(s.returns())
        g = s.engine_state
        vp = [g.total_vp(p) for p in range(g.n)]
        target = g.ruleset.vp_target
        return np.array(
            [(v - max(vp[:p] + vp[p + 1 :])) / target for p, v in enumerate(vp)], np.float64
        )


def play(game: Any, seed: int, sims: int, depth: int, bot_name: str) -> tuple[int, int, float]:
    """One game: seat 0 searches, the others are ``bot_name``. Returns (winner, actions,
    seconds of search)."""
    rng = np.random.RandomState(seed)
    searcher = ismcts.ISMCTSBot(
        game,
        ShortRollouts(max_length=depth, random_state=rng),
        uct_c=1.4,
        max_simulations=sims,
        # opponents' legal actions differ between the worlds drawn for one information state
        allow_inconsistent_action_sets=True,
        random_state=rng,
    )
    n = game.num_players()
    bots = {p: make_bot(bot_name, random.Random(seed * 10 + p)) for p in range(1, n)}
    state = game.new_initial_state()
    searched = 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, ps = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=ps)))
            continue
        p = state.current_player()
        legal = state.legal_map(p)
        if p == 0 and len(legal) > 1:
            t = time.perf_counter()
            state.apply_action(int(searcher.step(state)))
            searched += time.perf_counter() - t
        elif p == 0:
            state.apply_action(next(iter(legal)))
        else:  # our bot chooses from its view; its action goes back as the layout's index
            choice = bots[p].choose(observe(state.engine_state, p), list(legal.values()))
            state.apply_action(next(i for i, a in legal.items() if a is choice or a == choice))
    winner = state.engine_state.winner
    return winner, len(state.history()), searched


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--simulations", type=int, default=8)
    ap.add_argument("--depth", type=int, default=40, help="rollout actions before scoring")
    ap.add_argument("--bot", default="random", help="the other seats' bot (our registry)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    wins = 0
    for g in range(args.games):
        # the board and the first player come with the game's seed; no domestic offers
        game = pyspiel.load_game(
            "pysettlers", {"players": args.players, "seed": args.seed + g, "offers": False}
        )
        winner, length, secs = play(game, args.seed + g, args.simulations, args.depth, args.bot)
        wins += winner == 0
        print(f"game {g}: winner p{winner}, {length} actions, search {secs:.1f} s")
    print(f"IS-MCTS (seat 0) won {wins}/{args.games} against {args.players - 1}x {args.bot}")


if __name__ == "__main__":
    main()
