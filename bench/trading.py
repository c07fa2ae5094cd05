"""Domestic trading: the same bot with and without it, win rates with 95% intervals.

What this is for: the measure of issue 14's "trading like a person would" — does the
trading policy (``bots/trading.py``) win more games than the same bot that never offers
and rejects every offer (``trade=0``)? Two line-ups per bot, each over ``--games`` seeded
games with the seats rotated through every position (``sim.runner.seating``), so the
first player's advantage cancels out:

* ``2v2``: two traders and two non-traders, seated alternately (T N T N). A fair share
  for the traders together is 1/2.
* ``1v3``: one trader among three non-traders (it can trade with nobody willing, so this
  shows what offers cost when nobody accepts). A fair share is 1/4.
* ``3v1``: three traders and one non-trader: what refusing every trade costs when the
  others trade among themselves. A fair share for the traders together is 3/4.

For each: the traders' pooled win rate with a Wilson 95% interval, games unfinished at
the turn cap, and per game the domestic offers made, counter-offers and trades completed
(counted in the game records).

What this is not: a test (no assertion) or a tuning tool. Games are played as ``pysettlers
sim`` plays them (``sim.runner.run_games``), so the numbers reproduce for a given seed.

Run (the machine is shared: run it niced):
``nice .venv/bin/python bench/trading.py --games 400 --jobs 2``
``nice .venv/bin/python bench/trading.py --bots weighted --lineups 2v2 --games 800``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from pysettlers.engine import Rules
from pysettlers.sim.runner import FINISHED, SimConfig, parse_players, run_games
from pysettlers.sim.stats import wilson

LINEUPS = {
    "2v2": ("T", "N", "T", "N"),
    "1v3": ("T", "N", "N", "N"),
    "3v1": ("T", "T", "T", "N"),
}


def specs_text(bot: str, lineup: Sequence[str], trade: str) -> str:
    """The ``--players`` text of a line-up: ``T`` seats trade, ``N`` seats do not."""
    on = f"{bot}:trade=1" + (f":offers={trade}" if trade else "")
    return ",".join(on if x == "T" else f"{bot}:trade=0" for x in lineup)


def measure(bot: str, name: str, games: int, seed: int, jobs: int, offers: str) -> str:
    lineup = LINEUPS[name]
    specs = parse_players(specs_text(bot, lineup, offers))
    traders = {i for i, x in enumerate(lineup) if x == "T"}
    config = SimConfig(Rules(players=len(lineup)), specs, games, seed, max_turns=500)
    wins = finished = offers_made = counters = trades = 0
    t0 = time.monotonic()
    for r in run_games(config, workers=jobs, keep_records=True):
        assert r.error is None, r.error
        if r.status == FINISHED and r.winner is not None:
            finished += 1
            wins += r.seats[r.winner] in traders
        assert r.record is not None
        for step in r.record["actions"]:
            text = step[0]
            offers_made += " offer " in text
            counters += " counter " in text
            trades += " confirm " in text
    lo, hi = wilson(wins, games)
    fair = len(traders) / len(lineup)
    return (
        f"{bot:9} {name}  traders win {wins:4}/{games} = {wins / games:6.1%} "
        f"[{lo:6.1%}, {hi:6.1%}]  fair {fair:5.1%}  unfinished {games - finished}  "
        f"per game: offers {offers_made / games:5.1f} counters {counters / games:5.1f} "
        f"trades {trades / games:4.1f}  ({time.monotonic() - t0:.0f} s)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="greedy,weighted", help="comma-separated bot kinds")
    ap.add_argument("--lineups", default="2v2,1v3", help="comma-separated: 2v2, 1v3, 3v1")
    ap.add_argument("--offers", default="", help="the traders' offers option (default: bot's)")
    args = ap.parse_args()
    for bot in args.bots.split(","):
        for name in args.lineups.split(","):
            line = measure(bot, name, args.games, args.seed, args.jobs, args.offers)
            print(line, flush=True)


if __name__ == "__main__":
    main()
