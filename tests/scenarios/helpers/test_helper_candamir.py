"""Candamir (Helpers of CATAN, "Helpers in Detail").

"Use this advantage only 1 time during your turn. When you buy a development card, you may
substitute 1 of the 3 resources with any 1 other resource of your choice (for example,
wool, grain, and lumber). Additionally, when taking that development card, instead of
drawing 1 card at random from the top of the development card deck, draw the top 3 cards
and choose 1 of them to keep. Return the 2 cards you did not choose and reshuffle the
development card deck."
"""

from __future__ import annotations

from math import comb

import pytest

from pysettlers.engine import (
    ActionKind,
    Phase,
    Rules,
    chance_outcomes,
    format_outcome,
    observe,
    parse_action,
    parse_outcome,
)
from pysettlers.engine.events import HIDDEN, CardDrawn
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.scenarios.helpers.events import CandamirDrew
from pysettlers.engine.views import redact_event
from support.builders import assert_illegal, hand, legal, play, targets
from support.helper_positions import candamir_position

RULE = "Helpers in Detail (Candamir)"
K, RB, YOP, MONO, VP = range(5)


def test_substitute_one_resource_draw_three_keep_one() -> None:
    s = candamir_position()
    # Wool, grain and lumber: the rulebook's example. A plain buy needs ore.
    assert "p0 buy" not in legal(s)
    assert targets(s, "candamir") == {"1lumber+1wool+1grain"}
    deck = list(s.deck)
    play(s, ("p0 candamir 1lumber+1wool+1grain", (MONO, K, VP)))
    assert hand(s, 0) == "nothing"
    assert s.phase == Phase.CANDAMIR_KEEP
    assert helpers_of(s) is not None and helpers_of(s).drawn == (K, MONO, VP)  # sorted
    assert legal(s) == ["p0 keep knight", "p0 keep monopoly", "p0 keep victory-point"]
    play(s, "p0 keep monopoly")
    # Only the kept card left the deck: the other two went back and it was reshuffled.
    assert s.deck == [deck[0], deck[1], deck[2], deck[3] - 1, deck[4]]
    assert s.dev_cards(0) == (0, 0, 0, 1, 0)
    assert s.dev_new[MONO] == 1  # bought this turn: not playable before the next
    assert s.phase == Phase.HELPER_AFTER
    play(s, "p0 flip")
    assert s.phase == Phase.MAIN


def test_the_usual_cost_is_a_use_too() -> None:
    s = candamir_position("1wool+1grain+1ore")
    assert {"p0 buy", "p0 candamir 1wool+1grain+1ore"} <= set(legal(s))
    play(s, ("p0 candamir 1wool+1grain+1ore", (K, K, K)))
    assert legal(s) == ["p0 keep knight"]


@pytest.mark.parametrize(
    "payment",
    [
        "1lumber+1grain+1ore+1wool",  # four cards
        "2lumber+1grain",  # two of the three substituted
        "1brick+1lumber+1ore",
        "1wool+1grain",
    ],
)
def test_only_one_resource_may_be_substituted(payment: str) -> None:
    s = candamir_position("2brick+2lumber+1wool+1grain+1ore")
    assert_illegal(s, f"p0 candamir {payment}", RULE)


def test_substitutes_may_double_a_resource() -> None:
    # "any 1 other resource": other than the one replaced, so wool, grain, grain will do.
    s = candamir_position("1wool+2grain")
    play(s, ("p0 candamir 1wool+2grain", (K, RB, YOP)))
    assert hand(s, 0) == "nothing"


def test_every_payment_listed() -> None:
    s = candamir_position("3brick+3lumber+3wool+3grain+3ore")
    assert len(targets(s, "candamir")) == 13  # the usual cost and 12 substitutions


def test_draw_probabilities_are_three_cards_without_replacement() -> None:
    s = candamir_position()
    odds = dict(chance_outcomes(s, parse_action("p0 candamir 1lumber+1wool+1grain", s.topo)))
    assert sum(odds.values()) == pytest.approx(1)
    assert odds[(K, K, K)] == pytest.approx(comb(14, 3) / comb(25, 3))
    assert odds[(K, MONO, VP)] == pytest.approx(14 * 2 * 5 / comb(25, 3))
    assert (MONO, MONO, MONO) not in odds  # only two monopoly cards


def test_fewer_than_three_cards_in_the_deck() -> None:
    # The other players hold all but one knight and one victory point card.
    s = candamir_position(
        dev={"p1": "13knight", "p2": "2road-building+2year-of-plenty+2monopoly+4victory-point"}
    )
    assert s.deck == [1, 0, 0, 0, 1]
    a = parse_action("p0 candamir 1lumber+1wool+1grain", s.topo)
    assert chance_outcomes(s, a) == [((K, VP), 1.0)]
    assert_illegal(s, ("p0 candamir 1lumber+1wool+1grain", (K, K, VP)), RULE)
    play(s, "p0 candamir 1lumber+1wool+1grain")
    assert helpers_of(s) is not None and helpers_of(s).drawn == (K, VP)
    play(s, "p0 keep victory-point")
    assert s.deck == [1, 0, 0, 0, 0]


def test_a_single_card_left_is_kept() -> None:
    s = candamir_position(
        dev={"p1": "13knight", "p2": "2road-building+2year-of-plenty+2monopoly+5victory-point"}
    )
    play(s, "p0 candamir 1lumber+1wool+1grain")
    assert legal(s) == ["p0 keep knight"]
    play(s, "p0 keep knight")
    assert sum(s.deck) == 0


def test_not_from_an_empty_deck() -> None:
    s = candamir_position(
        dev={"p1": "14knight", "p2": "2road-building+2year-of-plenty+2monopoly+5victory-point"}
    )
    assert "candamir" not in " ".join(legal(s))
    assert_illegal(s, "p0 candamir 1lumber+1wool+1grain", RULE)


def test_outcomes_must_be_in_the_deck() -> None:
    s = candamir_position()
    assert_illegal(s, ("p0 candamir 1lumber+1wool+1grain", (MONO, MONO, MONO)), RULE)
    assert_illegal(s, ("p0 candamir 1lumber+1wool+1grain", (K, K)), RULE)


def test_only_the_buyer_sees_the_cards_drawn() -> None:
    s = candamir_position()
    play(s, ("p0 candamir 1lumber+1wool+1grain", (K, YOP, VP)))
    mine = observe(s, 0).ext.get("helpers")
    assert mine is not None and mine.drawn == (K, YOP, VP)
    for viewer in (None, 1, 2, 3):
        v = observe(s, viewer)
        assert (
            v.ext.get("helpers") is not None
            and v.ext.get("helpers").drawn is None
            and v.ext.get("helpers").drawn_count == 3
        )
        assert CandamirDrew(0, HIDDEN) in v.events
        data = v.to_json()
        assert data["helpers"]["drawn"] is None
        assert "year" not in str(data["events"])
    play(s, "p0 keep year-of-plenty")
    assert redact_event(s.events[0], 1) == CardDrawn(0, HIDDEN)
    assert observe(s, 1).ext.get("helpers") is not None


def test_in_the_turn_after_the_roll_not_before() -> None:
    s = candamir_position(phase="pre_roll")
    assert_illegal(s, "p0 candamir 1lumber+1wool+1grain", "Turn Overview")
    s = candamir_position(phase="build", rules=_separate())
    play(s, ("p0 candamir 1lumber+1wool+1grain", (K, K, K)), "p0 keep knight", "p0 flip")
    assert s.phase == Phase.BUILD


def test_buying_ends_the_trade_phase_in_separate_phases() -> None:
    s = candamir_position(rules=_separate())
    play(s, ("p0 candamir 1lumber+1wool+1grain", (K, K, K)), "p0 keep knight", "p0 flip")
    assert s.phase == Phase.BUILD


def test_the_draw_has_a_notation_for_records() -> None:
    # Records store each step's chance outcome in notation; replay is covered by the
    # random-play invariants (test_helpers_invariants.py).
    kind = ActionKind.HELPER_CANDAMIR
    text = format_outcome(kind, (K, K, VP))
    assert text == "knight+knight+victory-point"
    assert parse_outcome(kind, text) == (K, K, VP)


def _separate() -> Rules:
    return Rules(map_kind="beginner", helpers=True, trade_build="separate")
