"""Domestic trading of the weighted and greedy bots (``bots/trading.py``): cheap, exact cases.

What this is for: issue 14 point 2's behaviours, each from a position built with the test
builders — offers bounded per turn and never repeated, a clearly good offer accepted, the
same offer refused from a player close to winning, a counter-offer when one card changes a
refused trade into a good one, confirming the better partner — and games with trading bots
(3–6 players, Helpers of CATAN) played to the end through the engine's full check.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pysettlers.bots import Bot
from pysettlers.bots.greedy import GreedyBot
from pysettlers.bots.trading import MAX_OFFERS, Trader, near_winner, plan_value, terms_ok
from pysettlers.bots.weighted import WeightedBot, threat
from pysettlers.engine import (
    ActionKind,
    GameState,
    Rules,
    format_action,
    legal_actions,
    observe,
)
from pysettlers.sim.runner import FINISHED, parse_players, play_game
from support.builders import BEGINNER, play, position

K = ActionKind
BOTS = (WeightedBot, GreedyBot)

# p1 is one grain short of a city and holds spare wool; p0 has 3 points (a city and a
# settlement), and the rules' target decides whether that is close to winning.
PIECES = {
    "p0": {
        "settlements": ["(0,-1)N"],
        "cities": ["(-2,1)N"],
        "roads": ["(0,-1)NE", "(-2,1)NE"],
    },
    "p1": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
}
P1_HAND = "3ore+grain+3wool"


def offer_to_p1(offer: str, vp_target: int = 10, p1: str = P1_HAND) -> GameState:
    rules = Rules(map_kind="beginner", vp_target=vp_target)
    s = position(rules, pieces=PIECES, hands={"p0": "2grain+2ore+brick", "p1": p1}, current=0)
    return play(s, offer)


def answer(bot: Bot, s: GameState, seat: int = 1) -> Any:
    return bot.choose(observe(s, seat), legal_actions(s, seat))


@pytest.mark.parametrize("cls", BOTS)
def test_a_clearly_good_offer_is_accepted(cls: type[Bot]) -> None:
    """The last grain of its city for a spare wool, from a player far from winning."""
    s = offer_to_p1("p0 offer 1grain for 1wool to p1")
    assert not near_winner(observe(s, 1), 0)
    assert answer(cls(random.Random(0)), s).kind == K.ACCEPT_TRADE  # type: ignore[call-arg]


@pytest.mark.parametrize("cls", BOTS)
def test_no_trade_feeds_a_player_close_to_winning(cls: type[Bot]) -> None:
    """The same offer from a player 2 points from the target is refused outright."""
    s = offer_to_p1("p0 offer 1grain for 1wool to p1", vp_target=5)
    assert near_winner(observe(s, 1), 0)
    assert answer(cls(random.Random(0)), s).kind == K.REJECT_TRADE  # type: ignore[call-arg]


@pytest.mark.parametrize("cls", BOTS)
def test_trade_off_rejects_everything(cls: type[Bot]) -> None:
    s = offer_to_p1("p0 offer 1grain for 1wool to p1")
    bot = cls(random.Random(0), trade=False)  # type: ignore[call-arg]
    assert answer(bot, s).kind == K.REJECT_TRADE


@pytest.mark.parametrize("cls", BOTS)
def test_counter_offer_when_one_card_makes_it_acceptable(cls: type[Bot]) -> None:
    """Asked for ore (which its city needs) and wool for the grain it lacks, it offers the
    wool alone: the one-card change that turns a bad trade into a good one."""
    s = offer_to_p1("p0 offer 1grain for 1ore+1wool to p1")
    a = answer(cls(random.Random(0)), s)  # type: ignore[call-arg]
    assert a.kind == K.COUNTER_TRADE, a
    assert (a.give, a.get) == ((0, 0, 1, 0, 0), (0, 0, 0, 1, 0))  # 1 wool for the grain
    play(s, format_action(a, s.topo))  # the counter is legal; p0 may confirm it now
    assert any(x.kind == K.CONFIRM_TRADE for x in legal_actions(s, 0))


@pytest.mark.parametrize("cls", BOTS)
def test_no_counter_when_nothing_small_helps(cls: type[Bot]) -> None:
    """Holding a city's cards, asked for one of its ore: no one-card change is worth it."""
    s = offer_to_p1("p0 offer 1brick for 1ore to p1", p1="3ore+2grain")
    assert answer(cls(random.Random(0)), s).kind == K.REJECT_TRADE  # type: ignore[call-arg]


def offering_position(hands: dict[str, str] | None = None) -> GameState:
    # p0 is one grain short of a city, with spare wool and lumber to offer.
    return position(
        BEGINNER,
        pieces=PIECES,
        hands=hands or {"p0": "3ore+grain+2wool+lumber", "p1": "2grain", "p2": "grain+brick"},
        current=0,
    )


@pytest.mark.parametrize("cls", BOTS)
def test_offers_are_bounded_per_turn_and_never_repeated(cls: type[Bot]) -> None:
    """Every offer refused: at most ``MAX_OFFERS`` in the turn, each one different, then the
    turn goes on; the next turn it may offer again."""
    s = offering_position()
    bot = cls(random.Random(1), offers=1.0)  # type: ignore[call-arg]
    made = []
    for _ in range(20):
        a = bot.choose(observe(s, 0), legal_actions(s, 0))
        if a.kind != K.OFFER_TRADE:
            break
        made.append((a.give, a.get))
        assert a.get[3] == 1  # the grain its city lacks
        play(s, format_action(a, s.topo))
        for q in range(1, s.n):  # everyone asked refuses
            if a.to >> q & 1:
                play(s, f"p{q} reject #{s.offer_id}")
    assert 1 <= len(made) <= MAX_OFFERS
    assert len(set(made)) == len(made)
    s.turn += 1  # a new turn: the memory of this one's offers is gone
    assert bot.choose(observe(s, 0), legal_actions(s, 0)).kind == K.OFFER_TRADE


def test_offers_skip_players_close_to_winning_and_empty_hands() -> None:
    rules = Rules(map_kind="beginner", vp_target=5)  # p0 has 3 points: 2 from the target
    pieces = {
        "p0": PIECES["p1"],
        "p1": PIECES["p0"],  # p1 has the city and the settlement
    }
    hands = {"p0": "3ore+grain+2wool+lumber", "p1": "2grain", "p2": "grain+brick"}
    s = position(rules, pieces=pieces, hands=hands, current=0)
    a = GreedyBot(random.Random(1), offers=1.0).choose(observe(s, 0), legal_actions(s, 0))
    assert a.kind == K.OFFER_TRADE and a.to == 1 << 2  # neither p1 (near) nor p3 (no cards)


def test_the_offerer_confirms_the_better_partner_or_cancels() -> None:
    s = offering_position({"p0": "3ore+grain+2wool+lumber", "p1": "2grain", "p2": "grain+ore"})
    play(s, "p0 offer 1wool for 1grain to p1,p2", "p1 accept #1", "p2 counter 1grain for 2wool #1")
    bot = GreedyBot(random.Random(0))
    a = bot.choose(observe(s, 0), legal_actions(s, 0))
    assert a.kind == K.CONFIRM_TRADE and a.a == 1  # one wool is cheaper than two
    s = offering_position({"p0": "3ore+grain+2wool+lumber", "p1": "2grain", "p2": "grain+ore"})
    play(s, "p0 offer 1wool for 1grain to p1,p2", "p1 reject #1", "p2 counter 1grain for 3ore #1")
    a = bot.choose(observe(s, 0), legal_actions(s, 0))
    assert a.kind == K.CANCEL_TRADE  # giving up its city's ore for the grain gains nothing


def test_trader_helpers() -> None:
    assert terms_ok((1, 0, 0, 0, 0), (0, 1, 0, 0, 0))
    assert not terms_ok((1, 0, 0, 0, 0), (1, 1, 0, 0, 0))  # like for like
    assert not terms_ok((0, 0, 0, 0, 0), (0, 1, 0, 0, 0))  # a gift
    city = [3]  # F.CITY
    assert plan_value((0, 0, 0, 2, 3), city) > plan_value((0, 0, 0, 1, 3), city)
    trader = Trader(random.Random(0), threat, 1.0)
    hand = (1, 1, 0, 0, 2)
    offers = list(trader.candidates(hand))
    assert len(offers) == len(set(offers))
    assert all(terms_ok(g, r) and all(h >= x for h, x in zip(hand, g)) for g, r in offers)


# -- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        ("greedy:offers=1,weighted:offers=1,greedy:trade=0", Rules(players=3, seed=3)),
        ("greedy:offers=1,weighted:offers=1,greedy,weighted", Rules(players=4, seed=4)),
        (
            "greedy:offers=1,weighted:offers=1,greedy,weighted,random",
            Rules(players=5, seed=5, helpers=True),
        ),
        (
            "greedy:offers=1,weighted:offers=1,greedy,weighted,greedy,random",
            Rules(players=6, seed=6),
        ),
    ],
)
def test_games_with_trading_bots_finish_legally(players: str, rules: Rules) -> None:
    played = play_game(rules, parse_players(players))
    assert played.error is None and played.status == FINISHED
    steps = [str(a) for a in played.game.to_json()["actions"]]
    assert any(" confirm " in x for x in steps), "some domestic trade took place"
