"""The three bots with Seafarers ships: every game legal, and the two heuristic bots build
ships where they help (``weighted``: a ship weighed like a road, by the open sites it leads
to; ``greedy``: by the value of the sites it brings in reach and the Longest Trade Route).
Neither heuristic bot moves a ship (moving is optional); ``random`` does, among its legal
actions. ``make soak`` plays more games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pysettlers.bots import bot_rng, make_bot
from pysettlers.engine import (
    ActionKind,
    Rules,
    apply,
    apply_checked,
    legal_actions,
    new_game,
    observe,
)
from pysettlers.engine.flow import to_move
from pysettlers.engine.game import chance_outcomes
from pysettlers.sim import SimConfig, parse_players, simulate
from support import harness

RUNS = [
    ("weighted,greedy,random,weighted", Rules(players=4, map_kind="islands", ships=True), 8, 120),
    ("greedy,weighted,greedy", Rules(players=3, ships=True, pirate=True), 8, 120),
    (
        "weighted,greedy,random,weighted,greedy",
        Rules(players=5, map_kind="big-islands", ships=True),
        6,
        60,
    ),
]


@pytest.mark.parametrize(("players", "rules", "ci_games", "soak_games"), RUNS)
def test_bots_play_ships_legally(
    players: str, rules: Rules, ci_games: int, soak_games: int
) -> None:
    games = soak_games if harness.soak() else ci_games
    tally, _ = simulate(SimConfig(rules, tuple(parse_players(players)), games=games, seed=3))
    assert tally.games == games
    assert tally.status["error"] == 0, tally.error_games[:3]
    assert tally.status["finished"] >= 0.9 * games


def _kinds_by_bot(names: list[str], rules: Rules, games: int) -> dict[str, Counter[ActionKind]]:
    out: dict[str, Counter[ActionKind]] = {name: Counter() for name in names}
    for g in range(games):
        r = Rules(**{**rules.to_json(), "seed": 100 + g})
        s = new_game(r)
        bots = [make_bot(name, bot_rng(r.seed, seat)) for seat, name in enumerate(names)]
        chance = random.Random(g)
        for _ in range(3000):
            if s.phase.name == "GAME_OVER":
                break
            p = to_move(s)
            legal = legal_actions(s, p)
            a = bots[p].choose(observe(s, p), legal)
            # Offers and counter-offers may be bundles beyond the listed 1-for-1 forms (the
            # bots' domestic trading): those are checked as they are applied.
            talk = a.kind in (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)
            assert a in legal or talk
            outcomes = chance_outcomes(s, a)
            outcome = None
            if outcomes:
                values, weights = zip(*outcomes, strict=True)
                outcome = chance.choices(values, weights)[0]
            (apply_checked if talk else apply)(s, a, outcome)
            out[names[p]][a.kind] += 1
    return out


def test_weighted_and_greedy_build_ships_on_the_islands() -> None:
    kinds = _kinds_by_bot(
        ["weighted", "greedy", "weighted", "greedy"],
        Rules(players=4, map_kind="islands", ships=True),
        4,
    )
    assert kinds["weighted"][ActionKind.BUILD_SHIP] > 0
    assert kinds["greedy"][ActionKind.BUILD_SHIP] > 0
    assert (
        kinds["weighted"][ActionKind.MOVE_SHIP] == 0 and kinds["greedy"][ActionKind.MOVE_SHIP] == 0
    )
