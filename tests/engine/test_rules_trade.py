"""Maritime trade (4:1, harbors 3:1 and 2:1) and domestic trade, with the Almanac's examples.

Harbors of the beginner map (BD §1.2): 2:1 ore on (2,-1)NE, 3:1 on (2,0)E, (0,-2)NW,
(-1,2)SE and (-2,2)SW, 2:1 grain on (1,-2)NE, wool on (1,1)SE, brick on (-2,1)W, lumber on
(-1,-1)W. Almanac entries: "Maritime Trade", "Domestic Trade", "Trade", "Combined
Trade/Build Phase".
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    ActionKind,
    GameState,
    NotationError,
    Phase,
    Rules,
    apply,
    deciders,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    replay,
)
from pysettlers.engine.game import TURN_RULE
from pysettlers.engine.trade import DOMESTIC_RULE, MARITIME_RULE
from support.builders import assert_illegal, hand, legal, play, position
from support.paths import GOLDEN

RON = {"p0": {"settlements": ["(2,-1)N"], "roads": ["(2,-1)NE"]}}  # on the 2:1 ore harbor
BRAD = {"p0": {"settlements": ["(2,0)NE"], "roads": ["(2,0)NE"]}}  # on a 3:1 harbor
INLAND = {"p0": {"settlements": ["(0,-1)S"], "roads": ["(0,-1)SE"]}}  # no harbor


def test_ron_ore_harbor_two_for_one() -> None:
    # Almanac, Maritime Trade: "Ron built a settlement at the ore special harbor. He may
    # exchange 2 ore cards for any 1 other resource card. He can also trade 4 ore cards for
    # any 2 other cards."
    s = position(pieces=RON, hands={"p0": "6ore"})
    assert "p0 maritime 2ore for 1lumber" in legal(s)
    play(s, "p0 maritime 2ore for 1lumber")
    assert hand(s, 0) == "1lumber+4ore"
    play(s, "p0 maritime 4ore for 1brick+1wool")
    assert hand(s, 0) == "1brick+1lumber+1wool"
    assert s.bank[4] == 19


def test_ron_wool_gets_only_one_card() -> None:
    # "If he traded 4 wool instead of 4 ore, he would get only 1 card in return." A special
    # harbor "does not permit you to trade any other resource type at a more favorable rate
    # (not even 3:1)!"
    s = position(pieces=RON, hands={"p0": "4wool"})
    assert_illegal(s, "p0 maritime 4wool for 2brick", MARITIME_RULE)
    assert_illegal(s, "p0 maritime 3wool for 1brick", MARITIME_RULE)
    assert_illegal(s, "p0 maritime 2wool for 1brick", MARITIME_RULE)
    play(s, "p0 maritime 4wool for 1brick")
    assert hand(s, 0) == "1brick"


def test_brad_generic_harbor_three_for_one() -> None:
    # "Brad has a settlement at a generic harbor. He can, for instance, exchange 3 lumber
    # cards for 1 wool card." Any resource, 3 identical cards per card taken.
    s = position(pieces=BRAD, hands={"p0": "9lumber+2ore"})
    assert "p0 maritime 3lumber for 1wool" in legal(s)
    play(s, "p0 maritime 3lumber for 1wool")
    assert hand(s, 0) == "6lumber+1wool+2ore"
    assert_illegal(s, "p0 maritime 2lumber for 1wool", MARITIME_RULE)
    assert_illegal(s, "p0 maritime 2ore for 1wool", MARITIME_RULE)
    play(s, "p0 maritime 6lumber for 1grain+1brick")
    assert hand(s, 0) == "1brick+1wool+1grain+2ore"


def test_four_for_one_without_a_harbor() -> None:
    # "The 4:1 trade is always possible, even if you do not have a settlement on a harbor."
    s = position(pieces=INLAND, hands={"p0": "4brick+3ore"})
    assert_illegal(s, "p0 maritime 3ore for 1wool", MARITIME_RULE)
    assert "p0 maritime 3ore for 1wool" not in legal(s)
    assert "p0 maritime 4brick for 1wool" in legal(s)
    play(s, "p0 maritime 4brick for 1wool")
    assert hand(s, 0) == "1wool+3ore"


def test_city_on_a_harbor_keeps_the_harbor() -> None:
    s = position(
        pieces={"p0": {"cities": ["(2,-1)NE"], "roads": ["(2,-1)E"]}}, hands={"p0": "2ore"}
    )
    play(s, "p0 maritime 2ore for 1grain")
    assert hand(s, 0) == "1grain"


HARBOR_BUILDER = {"p0": {"settlements": ["(1,1)N"], "roads": ["(2,0)SW", "(2,0)SE"]}}


def test_harbor_usable_the_turn_the_settlement_is_built() -> None:
    # Combined Trade/Build Phase: "You can even use a harbor on the same turn you build a
    # settlement there."
    s = position(pieces=HARBOR_BUILDER, hands={"p0": "1brick+4lumber+1wool+1grain"})
    play(s, "p0 settlement (2,0)SE")  # the 3:1 harbor on (2,0)E
    assert hand(s, 0) == "3lumber"
    play(s, "p0 maritime 3lumber for 1ore")
    assert hand(s, 0) == "1ore"


def test_special_harbor_usable_the_turn_the_settlement_is_built() -> None:
    # p0 already trades 3:1 (settlement on the 3:1 harbor at (2,0)E); building on the ore
    # harbor's (2,-1)NE makes ore 2:1 at once, and only ore.
    s = position(
        pieces={"p0": {"settlements": ["(2,0)NE"], "roads": ["(2,0)NE", "(2,-1)E"]}},
        hands={"p0": "1brick+1lumber+1wool+1grain+4ore+2lumber"},
    )
    assert_illegal(s, "p0 maritime 2ore for 1brick", MARITIME_RULE)
    play(s, "p0 settlement (2,-1)NE")
    play(s, "p0 maritime 2ore for 1brick")
    assert_illegal(s, "p0 maritime 2lumber for 1brick", MARITIME_RULE)
    play(s, "p0 maritime 2ore for 1wool")
    assert hand(s, 0) == "1brick+2lumber+1wool"


def test_separate_phases_no_trade_after_building() -> None:
    # Turn Overview: roll, then trade, then build; the separate phases are the beginners'
    # sequence ("Your turn is over after building" — no trading after the build phase began).
    rules = Rules(map_kind="beginner", trade_build="separate")
    s = position(rules, pieces=HARBOR_BUILDER, hands={"p0": "2brick+5lumber+1wool+1grain"})
    play(s, "p0 settlement (2,0)SE")
    assert s.phase == Phase.BUILD
    assert_illegal(s, "p0 maritime 3lumber for 1ore", TURN_RULE)
    assert_illegal(s, "p0 offer 1lumber for 1ore to p1", TURN_RULE)
    assert not any(" maritime " in t or " offer " in t for t in legal(s))
    # Building goes on.
    play(s, "p0 road (2,0)E", "p0 end")
    assert hand(s, 0) == "3lumber"


def test_separate_phases_trade_then_build() -> None:
    rules = Rules(map_kind="beginner", trade_build="separate")
    s = position(rules, pieces=INLAND, hands={"p0": "4ore+1lumber"})
    play(s, "p0 maritime 4ore for 1brick", "p0 road (0,-1)SW")
    assert s.phase == Phase.BUILD
    assert hand(s, 0) == "nothing"


def test_maritime_limited_by_the_bank() -> None:
    # "... as long as ... they are still available in the supply": the bank holds no lumber.
    s = position(pieces=RON, hands={"p0": "4ore", "p3": "19lumber"})
    assert_illegal(s, "p0 maritime 2ore for 1lumber", MARITIME_RULE)
    assert not any("lumber" in t.split(" for ")[-1] for t in legal(s) if "maritime" in t)
    play(s, "p0 maritime 2ore for 1brick")


def test_maritime_no_like_for_like() -> None:
    # Trade: "You may not trade like resources (e.g., 2 wool for 1 wool)."
    s = position(pieces=RON, hands={"p0": "4ore+4wool"})
    assert_illegal(s, "p0 maritime 2ore for 1ore", MARITIME_RULE)
    assert_illegal(s, "p0 maritime 4wool for 1wool", MARITIME_RULE)
    assert_illegal(s, "p0 maritime 4ore for 1ore+1brick", MARITIME_RULE)


def test_maritime_only_with_cards_held_and_only_on_ones_own_turn_after_rolling() -> None:
    # Trade: "You may not trade with the supply during another player's turn." Trading
    # comes after the production roll.
    s = position(pieces=RON, hands={"p0": "2ore", "p1": "4brick"}, phase="pre_roll")
    assert_illegal(s, "p0 maritime 2ore for 1brick", TURN_RULE)
    play(s, ("p0 roll", (2, 2)))
    assert_illegal(s, "p1 maritime 4brick for 1ore", TURN_RULE)
    assert_illegal(s, "p0 maritime 4ore for 2brick", MARITIME_RULE)


# -- domestic trade -----------------------------------------------------------------------------

PETE = Rules(players=3, map_kind="beginner")  # Pete p0, Beth p1, Cooper p2


def pete_position() -> GameState:
    return position(
        PETE,
        pieces={"p0": {"settlements": ["(0,-1)S"], "roads": ["(0,-1)SE"]}},
        hands={"p0": "2lumber+3ore", "p1": "2brick+1grain", "p2": "1brick+1wool"},
    )


def test_pete_beth_cooper_example() -> None:
    # Almanac, Domestic Trade: "It is Pete's turn. He needs one brick to build a road. He has
    # 2 lumber and 3 ore. Pete asks aloud, 'Who will give me 1 brick for 1 ore?' Beth
    # answers, 'If you give me 3 ore, I'll give you a brick.' Cooper interjects, 'I'll give
    # you 1 brick if you give me 1 lumber and 1 ore.' Pete accepts Cooper's offer and trades
    # a lumber and an ore for a brick. Note Beth may not trade with Cooper, since it is
    # Pete's turn."
    s = pete_position()
    play(
        s,
        "p0 offer 1ore for 1brick to p1,p2",
        "p1 counter 1brick for 3ore #1",  # counter-offers are written from the answerer's side
        "p2 counter 1brick for 1lumber+1ore #1",
    )
    assert s.phase == Phase.TRADE_CONFIRM
    # Beth may not trade with Cooper, nor make offers of her own.
    assert_illegal(s, "p1 confirm p2 #1", TURN_RULE)
    assert_illegal(s, "p1 offer 1grain for 1wool to p2", TURN_RULE)
    play(s, "p0 confirm p2 #1")
    assert hand(s, 0) == "1brick+1lumber+2ore"
    assert hand(s, 2) == "1lumber+1wool+1ore"
    assert hand(s, 1) == "2brick+1grain"  # Beth's counter-offer was not taken
    assert s.phase == Phase.MAIN
    play(s, "p0 road (0,-1)SW")  # the road Pete needed the brick for
    assert hand(s, 0) == "2ore"
    # "While it is your turn, you must be a part of all trades."
    assert_illegal(s, "p1 offer 1brick for 1wool to p2", TURN_RULE)


def test_pete_could_have_taken_beths_terms_instead() -> None:
    s = pete_position()
    play(s, "p0 offer 1ore for 1brick to p1,p2", "p1 counter 1brick for 3ore #1", "p2 reject #1")
    assert_illegal(s, "p0 confirm p2 #1", DOMESTIC_RULE)  # Cooper did not agree
    play(s, "p0 confirm p1 #1")
    assert hand(s, 0) == "1brick+2lumber"
    assert hand(s, 1) == "1brick+1grain+3ore"


def test_accepting_needs_the_cards_asked_for() -> None:
    s = pete_position()
    play(s, "p0 offer 1ore for 1grain to p1,p2")
    assert_illegal(s, "p2 accept #1", DOMESTIC_RULE)  # Cooper holds no grain
    play(s, "p2 reject #1", "p1 accept #1", "p0 confirm p1 #1")
    assert hand(s, 0) == "2lumber+1grain+2ore"
    assert hand(s, 1) == "2brick+1ore"


def test_everyone_rejects_nothing_changes() -> None:
    s = pete_position()
    hands = [hand(s, p) for p in range(3)]
    play(s, "p0 offer 1ore for 1brick to p1,p2", "p1 reject #1", "p2 reject #1")
    assert s.phase == Phase.MAIN
    assert [hand(s, p) for p in range(3)] == hands


def test_current_player_may_cancel_an_offer() -> None:
    s = pete_position()
    play(s, "p0 offer 1ore for 1brick to p1,p2", "p1 accept #1", "p0 cancel #1")
    assert s.phase == Phase.MAIN
    assert hand(s, 0) == "2lumber+3ore"


def test_no_gifts_and_no_like_for_like() -> None:
    # Trade: "You may not give away cards." "You may not trade like resources."
    s = pete_position()
    assert_illegal(s, "p0 offer 1ore for nothing to p1", DOMESTIC_RULE)
    assert_illegal(s, "p0 offer nothing for 1brick to p1", DOMESTIC_RULE)
    assert_illegal(s, "p0 offer 1ore for 1ore to p1", DOMESTIC_RULE)
    assert_illegal(s, "p0 offer 1ore+1lumber for 1ore to p1", DOMESTIC_RULE)
    assert_illegal(s, "p0 offer 4ore for 1brick to p1", DOMESTIC_RULE)  # holds only 3
    assert_illegal(s, "p0 offer 1ore for 1brick to p0", DOMESTIC_RULE)  # not to oneself
    play(s, "p0 offer 1ore for 1brick to p1")
    assert_illegal(s, "p1 counter nothing for 1ore #1", DOMESTIC_RULE)
    assert_illegal(s, "p1 counter 1brick for nothing #1", DOMESTIC_RULE)
    assert_illegal(s, "p1 counter 1brick for 1brick #1", DOMESTIC_RULE)
    assert_illegal(s, "p1 counter 1wool for 1ore #1", DOMESTIC_RULE)  # Beth holds no wool


def test_no_trading_on_another_players_turn_or_before_the_roll() -> None:
    s = position(PETE, hands={"p0": "1ore", "p1": "1brick", "p2": "1wool"}, phase="pre_roll")
    assert_illegal(s, "p0 offer 1ore for 1brick to p1", TURN_RULE)
    assert_illegal(s, "p1 offer 1brick for 1wool to p2", TURN_RULE)
    play(s, ("p0 roll", (3, 3)))
    assert_illegal(s, "p1 offer 1brick for 1wool to p2", TURN_RULE)
    assert_illegal(s, "p2 offer 1wool for 1ore to p0", TURN_RULE)


def test_only_addressed_players_answer() -> None:
    s = pete_position()
    play(s, "p0 offer 1ore for 1brick to p1")
    assert_illegal(s, "p2 accept #1", TURN_RULE)
    play(s, "p1 accept #1", "p0 confirm p1 #1")
    assert hand(s, 2) == "1brick+1wool"


# -- offers have an identity ------------------------------------------------------------------


def test_offers_are_numbered_and_listed_answers_name_the_open_one() -> None:
    s = pete_position()
    play(s, "p0 offer 1ore for 1brick to p1,p2")
    assert s.offer_id == 1
    texts = {format_action(a, s.topo) for a in legal_actions(s, 1)}
    assert {"p1 accept #1", "p1 reject #1", "p1 counter 1brick for 1ore #1"} <= texts
    assert {format_action(a, s.topo) for a in legal_actions(s, 0)} == {"p0 cancel #1"}
    play(s, "p0 cancel #1", "p0 offer 1ore for 1brick to p1")
    assert s.offer_id == 2
    assert "p1 accept #2" in {format_action(a, s.topo) for a in legal_actions(s, 1)}


def test_an_answer_to_a_withdrawn_offer_never_lands_on_its_successor() -> None:
    # Beth saw offer #1 (1 ore for her brick). Pete withdraws it and offers 1 lumber for
    # the brick instead. Beth's "accept" of #1 must not become an accept of #2.
    s = pete_position()
    play(s, "p0 offer 1ore for 1brick to p1", "p0 cancel #1")
    play(s, "p0 offer 1lumber for 1brick to p1")
    for late in ("p1 accept #1", "p1 reject #1", "p1 counter 1brick for 2ore #1"):
        err = assert_illegal(s, late, DOMESTIC_RULE)
        assert "#1 is no longer open" in err.message and "#2" in err.message
    assert_illegal(s, "p0 cancel #1", DOMESTIC_RULE)
    play(s, "p1 accept #2")
    assert_illegal(s, "p0 confirm p1 #1", DOMESTIC_RULE)
    play(s, "p0 confirm p1 #2")
    assert hand(s, 1) == "1brick+1lumber+1grain"  # the terms Beth answered, #2's


def test_an_answer_must_name_the_offer() -> None:
    s = pete_position()
    play(s, "p0 offer 1ore for 1brick to p1")
    for bare in ("p1 accept", "p1 reject", "p1 counter 1brick for 2ore"):
        err = assert_illegal(s, bare, DOMESTIC_RULE)
        assert "name the offer" in err.message and "#1" in err.message
    with pytest.raises(NotationError, match="only an answer to an offer"):
        parse_action("p0 end #1", s.topo)


def test_a_record_made_before_offers_were_numbered_still_replays() -> None:
    # Records of the first format wrote answers without a number ("p1 accept"); they could
    # only mean the open offer, and replay names it. The golden file is such a record, kept
    # as it was written (a 3-player random game with 64 answers to offers).
    old = json.loads((GOLDEN / "record_before_offer_numbers.json").read_text())
    texts = [item[0] for item in old["actions"]]
    assert any(t.endswith(" confirm p2") for t in texts) and not any("#" in t for t in texts)
    game = replay(old)  # checked, and its result must be the recorded one
    again = [item[0] for item in game.to_json()["actions"]]
    named = [a for a, b in zip(again, texts, strict=True) if a != b]
    assert len(named) == sum(
        t.split()[1] in ("accept", "reject", "counter", "confirm", "cancel") for t in texts
    )
    assert all(re.search(r" #\d+$", a) for a in named)
    assert replay(game.to_json()).to_json() == game.to_json()  # and now round-trips named


# -- listing without domestic trade proposals -----------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from((3, 4, 5)),
    steps=st.integers(0, 900),
    offer_every=st.sampled_from((0, 7)),
)
def test_listing_without_offers_is_the_full_list_without_proposals(
    seed: int, players: int, steps: int, offer_every: int
) -> None:
    # ``offers=False`` lists exactly the full list minus offers and counter-offers, in the
    # same order, for every decider of every phase (trade answers included: play that makes
    # an offer every few steps reaches them).
    rng = random.Random(seed)
    s = new_game(Rules(players=players, seed=seed))
    for i in range(steps):
        if s.winner >= 0:
            break
        for p in deciders(s):
            full = legal_actions(s, p)
            quiet = legal_actions(s, p, offers=False)
            assert quiet == [a for a in full if a.kind not in PROPOSALS]
        full = legal_actions(s)
        talk = [a for a in full if a.kind in PROPOSALS]
        pick = talk if talk and offer_every and i % offer_every == 0 else full
        apply(s, rng.choice(pick))


PROPOSALS = (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)
