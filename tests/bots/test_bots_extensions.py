"""The bots in 5–6 player games (Special Building Phase) and with the Helpers of CATAN.

Games are driven as every adapter drives them (``observe`` for the deciding seat,
``legal_actions``, then ``apply_checked``, which raises on anything illegal), with a spy
checking that each bot gets a View and a list of legal actions and answers with one of
them (or a domestic trade bundle the check accepts). Behaviour tests set a position up
with the test builders and ask for one decision.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from pysettlers.bots import Bot, bot_rng, make_bot
from pysettlers.bots.greedy import GreedyBot
from pysettlers.bots.weighted import WeightedBot
from pysettlers.engine import (
    ActionKind,
    GameState,
    Phase,
    Rules,
    apply_checked,
    format_action,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.engine.types import FIRST_HELPER_KIND, NOBODY
from pysettlers.sim.runner import build_bot, parse_players
from support.builders import play, position
from support.helper_builders import helper_position
from support.spies import Spy

K = ActionKind
USES = frozenset(k for k in ActionKind if FIRST_HELPER_KIND <= k < K.HELPER_DECLINE)


def run_game(
    rules: Rules, bots: Sequence[Bot], max_turns: int = 1000
) -> tuple[GameState, list[str]]:
    s = new_game(rules)
    log: list[str] = []
    while not is_over(s) and s.turn <= max_turns:
        p = to_move(s)
        a = bots[p].choose(observe(s, p), legal_actions(s, p))
        apply_checked(s, a)  # raises IllegalActionError on anything illegal
        log.append(format_action(a, s.topo))
    return s, log


def spies(specs: str, seed: int) -> list[Spy]:
    return [Spy(build_bot(b, bot_rng(seed, i))) for i, b in enumerate(parse_players(specs))]


# -- full games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("specs", "helpers", "seed"),
    [
        ("weighted,greedy,random,weighted,greedy", False, 1),
        ("greedy,weighted,random,greedy,weighted,random", False, 2),
        ("weighted,greedy,random,weighted", True, 3),
        ("greedy,weighted,weighted,greedy", True, 4),
        ("random,weighted,greedy,random,weighted", True, 5),
        ("greedy,random,weighted,greedy,random,weighted", True, 6),
    ],
)
def test_bots_finish_large_and_helper_games_legally(specs: str, helpers: bool, seed: int) -> None:
    bots = spies(specs, seed)
    rules = Rules(players=len(bots), seed=seed, helpers=helpers)
    s, _ = run_game(rules, bots)
    assert is_over(s) and s.winner != NOBODY
    if rules.special_building:
        assert any(b.kinds[K.END_TURN] for b in bots)
    if helpers:  # every kind of bot uses its helpers
        used: Counter[str] = Counter()
        for b in bots:
            used[type(b.inner).__name__] += sum(b.kinds[k] for k in USES)
        assert all(used.values()), used


@pytest.mark.parametrize(
    ("specs", "map_kind", "variant", "seed"),
    [
        ("weighted,greedy,random,weighted,greedy,random,weighted,greedy", "big-island", "sb", 1),
        ("greedy,weighted,random,greedy,weighted,random,greedy", "peanut", "sb", 2),
        ("random,weighted,greedy,random,weighted,greedy,random", "big-island", "mayfair", 3),
        ("greedy,random,weighted,greedy,random,weighted,greedy,weighted", "peanut", "mayfair", 4),
    ],
)
def test_bots_finish_seven_and_eight_player_games_legally(
    specs: str, map_kind: str, variant: str, seed: int
) -> None:
    bots = spies(specs, seed)
    large = "special_building" if variant == "sb" else "mayfair"
    rules = Rules(players=len(bots), map_kind=map_kind, large_game_variant=large, seed=seed)
    s, _ = run_game(rules, bots)
    assert is_over(s) and s.winner != NOBODY
    # Every kind of bot builds: settlements, roads, cities or cards.
    built: Counter[str] = Counter()
    for b in bots:
        built[type(b.inner).__name__] += sum(
            b.kinds[k] for k in (K.BUILD_ROAD, K.BUILD_SETTLEMENT, K.BUILD_CITY, K.BUY_DEVELOPMENT)
        )
    assert len(built) == 3 and all(built.values()), built


def test_random_bot_uses_helpers_only_sometimes() -> None:
    bots = spies("random,random,random,random", 11)
    s, _ = run_game(Rules(players=4, seed=11, helpers=True), bots)
    assert is_over(s)
    uses = sum(b.kinds[k] for b in bots for k in USES)
    decisions = sum(b.kinds.total() for b in bots)
    assert 0 < uses < 0.2 * decisions


@pytest.mark.parametrize("kind", ["weighted", "greedy"])
def test_helpers_option_off_never_uses_a_helper(kind: str) -> None:
    bots = spies(f"{kind}:helpers=0,{kind},{kind},{kind}", 7)
    s, _ = run_game(Rules(players=4, seed=7, helpers=True), bots)
    assert is_over(s)
    assert not any(bots[0].kinds[k] for k in USES)


@pytest.mark.parametrize("kind", ["weighted", "greedy", "random"])
def test_helper_games_are_deterministic(kind: str) -> None:
    rules = Rules(players=5, seed=21, helpers=True)

    def once() -> list[str]:
        bots: list[Bot] = [make_bot(kind, bot_rng(21, p)) for p in range(5)]
        return run_game(rules, bots)[1]

    assert once() == once()


# -- the Special Building Phase -------------------------------------------------------------

SBP_PIECES = {
    "p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]},
    "p1": {"settlements": ["(0,1)N"], "roads": ["(0,0)E"]},
}


def _special_build(hand: str) -> GameState:
    """p0's turn ends and p1, holding ``hand`` (more than 7 cards), has its special build."""
    s = position(Rules(players=5, seed=3), pieces=SBP_PIECES, hands={"p1": hand})
    play(s, "p0 end")
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 1
    return s


@pytest.mark.parametrize("kind", ["weighted", "greedy"])
@pytest.mark.parametrize("hand", ["3wool+3grain+2ore+1brick", "2brick+2lumber+4wool+1grain"])
def test_over_the_discard_limit_the_bot_builds_in_the_special_building_phase(
    kind: str, hand: str
) -> None:
    s = _special_build(hand)
    bot = make_bot(kind, random.Random(0))
    a = bot.choose(observe(s, 1), legal_actions(s, 1))
    assert a.kind in (K.BUY_DEVELOPMENT, K.BUILD_ROAD), format_action(a, s.topo)
    # It keeps building until the hand is safe, then passes.
    while s.phase == Phase.SPECIAL_BUILD and s.special_builder == 1:
        a = bot.choose(observe(s, 1), legal_actions(s, 1))
        apply_checked(s, a)
    assert s.hand_size(1) <= 7


@pytest.mark.parametrize("kind", ["weighted", "greedy"])
def test_the_sbp_option_off_always_passes(kind: str) -> None:
    s = _special_build("3wool+3grain+2ore+1brick")
    bot = build_bot(parse_players(f"{kind}:sbp=0,random")[0], random.Random(0))
    assert bot.choose(observe(s, 1), legal_actions(s, 1)).kind == K.END_TURN


# -- helpers ----------------------------------------------------------------------------------

WILLIAM_PIECES = {"p0": {"settlements": ["(0,1)N"], "roads": ["(0,0)E"]}}


def test_weighted_uses_william_for_a_road_toward_a_site() -> None:
    # Lumber and wool: no plain road, but William builds one for them.
    s = helper_position({"p0": "william"}, pieces=WILLIAM_PIECES, hands={"p0": "1lumber+1wool"})
    a = WeightedBot(random.Random(0)).choose(observe(s, 0), legal_actions(s, 0))
    assert a.kind == K.HELPER_WILLIAM and a.give == (0, 1, 1, 0, 0)
    apply_checked(s, a)
    assert s.phase == Phase.HELPER_AFTER
    after = WeightedBot(random.Random(0)).choose(observe(s, 0), legal_actions(s, 0))
    assert after.kind in (K.HELPER_FLIP, K.HELPER_EXCHANGE)


def test_greedy_uses_william_for_a_road_toward_a_site() -> None:
    s = helper_position({"p0": "william"}, pieces=WILLIAM_PIECES, hands={"p0": "1lumber+1wool"})
    a = GreedyBot(random.Random(0)).choose(observe(s, 0), legal_actions(s, 0))
    assert a.kind == K.HELPER_WILLIAM


def _sean_seven(p2_hand: str) -> GameState:
    others = {"p0": "jean", "p1": "louis", "p3": "william"}
    s = helper_position(
        {"p2": "sean", **others}, hands={"p1": "8ore", "p2": p2_hand}, phase="pre_roll"
    )
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.HELPER_REACT
    return s


@pytest.mark.parametrize("kind", ["weighted", "greedy"])
def test_sean_keeps_an_over_limit_hand_on_a_seven(kind: str) -> None:
    s = _sean_seven("3wool+3grain+3ore")
    a = make_bot(kind, random.Random(0)).choose(observe(s, 2), legal_actions(s, 2))
    assert a.kind == K.HELPER_SEAN and a.a == NOBODY  # "p2 sean keep"


@pytest.mark.parametrize("kind", ["weighted", "greedy"])
def test_sean_takes_a_needed_card_when_under_the_limit(kind: str) -> None:
    s = _sean_seven("1wool+1grain+2ore")  # a city lacks 1 ore (and 1 grain)
    a = make_bot(kind, random.Random(0)).choose(observe(s, 2), legal_actions(s, 2))
    assert a.kind == K.HELPER_SEAN and a.a != NOBODY


def test_helpers_option_off_declines_a_reaction() -> None:
    s = _sean_seven("3wool+3grain+3ore")
    bot = build_bot(parse_players("weighted:helpers=0,random")[0], random.Random(0))
    assert bot.choose(observe(s, 2), legal_actions(s, 2)).kind == K.HELPER_DECLINE
