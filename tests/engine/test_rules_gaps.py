"""Rules a mutation test found untested: each test here fails if its rule is written wrong.

What this is for: behaviours that a deliberately broken engine (a mutant) still passed
every other test with — the edges of a rule rather than its middle:

* Year of Plenty when the bank holds exactly two, or one, of the resource named, and when
  the whole bank holds one card (Almanac, Year of Plenty; R5 "Progress cards").
* A Special Building turn (5–6 players, R5 p. 7) for a player whose only affordable build is
  a settlement: the player is asked, not skipped as one who "can afford nothing".
* A city on an intersection id outside the board, Road Building with no path to build on,
  and a trade confirmation naming a seat the game does not have (``n`` or ``-1``): each is
  refused with :class:`IllegalActionError` and the position is unchanged.

Everything goes through the public API (positions from ``builders``; ``Action`` values for
ids the notation cannot write).

What this is not: the main cases of these rules (``test_rules_development.py``,
``test_extension.py``, ``test_rules_building.py``, ``test_rules_trade.py``).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import (
    Action,
    ActionKind,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply_checked,
    check,
    legal_actions,
    parse_action,
    save_state,
)
from support.builders import BEGINNER, assert_illegal, bank, hand, legal, play, position

K = ActionKind
DEV_RULE = "Development Cards"


def refused(s: GameState, action: Action, rule: str) -> IllegalActionError:
    """``action`` (given as a value: its id is not writable in notation) is refused naming
    ``rule``, is not listed as legal, and leaves the position unchanged."""
    before = save_state(s)
    with pytest.raises(IllegalActionError) as info:
        check(s, action)
    with pytest.raises(IllegalActionError):
        apply_checked(s, action)
    assert info.value.rule == rule, str(info.value)
    assert save_state(s) == before
    assert action not in legal_actions(s, action.player)
    return info.value


# -- Year of Plenty at the bank's last cards -----------------------------------------------------


def year_of_plenty_position(bank_text: str) -> GameState:
    # p0 holds an old Year of Plenty card; everyone else's cards are in nobody's hand, and
    # the bank holds exactly ``bank_text``.
    return position(dev={"p0": "year-of-plenty"}, bank=bank_text)


def test_two_ore_in_the_bank_pay_year_of_plenty_ore_ore() -> None:
    s = year_of_plenty_position("5brick+5lumber+5wool+5grain+2ore")
    assert "p0 year-of-plenty ore ore" in legal(s)
    play(s, "p0 year-of-plenty ore ore")
    assert hand(s, 0) == "2ore"
    assert bank(s) == "5brick+5lumber+5wool+5grain"


def test_one_ore_in_the_bank_does_not_pay_two() -> None:
    s = year_of_plenty_position("5brick+5lumber+5wool+5grain+1ore")
    err = assert_illegal(s, "p0 year-of-plenty ore ore", DEV_RULE)
    assert "cannot pay ore and ore" in err.message
    # One ore and another resource is still two cards the bank holds.
    check(s, parse_action("p0 year-of-plenty ore grain", s.topo))
    # A single card is only for a bank down to its last card.
    assert_illegal(s, "p0 year-of-plenty ore", DEV_RULE)


def test_with_one_card_in_the_whole_bank_a_single_card_is_taken() -> None:
    s = year_of_plenty_position("1ore")
    assert [t for t in legal(s) if "year-of-plenty" in t] == ["p0 year-of-plenty ore"]
    assert_illegal(s, "p0 year-of-plenty ore ore", DEV_RULE)
    assert_illegal(s, "p0 year-of-plenty grain", DEV_RULE)
    play(s, "p0 year-of-plenty ore")
    assert hand(s, 0) == "1ore" and bank(s) == "nothing"


# -- a Special Building turn whose only build is a settlement -----------------------------------

# On the 30-hex island p1 has a settlement on the coast at (0,-3)N and roads to (1,-3)N, an
# open site two paths away. Every other path from p1's network is taken by an opponent's
# road, so p1 can build no road; with no ore p1 can neither buy a card nor build a city.
# With exactly brick, lumber, wool and grain, the settlement is p1's only build.
SETTLEMENT_ONLY = {
    "p1": {"settlements": ["(0,-3)N"], "roads": ["(0,-3)NE", "(1,-3)NW"]},
    "p2": {"settlements": ["(-1,-2)N"], "roads": ["(0,-3)NW", "(0,-3)W"]},
    "p3": {"settlements": ["(0,-2)N"], "roads": ["(0,-3)E"]},
    "p4": {"settlements": ["(2,-3)N"], "roads": ["(1,-3)NE", "(2,-3)NW"]},
}
FIVE = Rules(players=5, seed=1)


def test_a_player_whose_only_build_is_a_settlement_is_asked() -> None:
    s = position(FIVE, pieces=SETTLEMENT_ONLY, hands={"p1": "1brick+1lumber+1wool+1grain"})
    assert not {t for t in legal(s, 1) if " road " in t}  # no road site for p1 at all
    play(s, "p0 end")
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 1
    assert sorted(legal(s)) == ["p1 end", "p1 settlement (1,-3)N"]
    play(s, "p1 settlement (1,-3)N")
    assert s.public_vp[1] == 2


def test_without_the_site_the_same_hand_is_skipped() -> None:
    # The control: p4's settlement beside (1,-3)N leaves p1 nothing to build.
    pieces = {**SETTLEMENT_ONLY, "p4": {"settlements": ["(1,-3)NE"], "roads": ["(1,-3)NE"]}}
    s = position(FIVE, pieces=pieces, hands={"p1": "1brick+1lumber+1wool+1grain"})
    play(s, "p0 end")
    assert s.phase == Phase.PRE_ROLL and s.current == 1  # nobody could build: p1's turn


# -- a city on an intersection that is not on the board -----------------------------------------


def test_a_city_on_an_out_of_range_intersection_is_refused() -> None:
    # p0's settlement sits on the board's last intersection, so an id of -1 (Python's "last
    # item") would wrongly find it if the range were not checked.
    s = position(pieces={"p0": {"settlements": ["(0,2)S"]}}, hands={"p0": "2grain+3ore"})
    last = s.topo.n_intersections - 1
    assert s.topo.intersection_names[last] == "(0,2)S"
    assert "p0 city (0,2)S" in legal(s)
    for v in (-1, s.topo.n_intersections, 10**6):
        err = refused(s, Action(0, K.BUILD_CITY, v), "Cities")
        assert f"no intersection {v}" in err.message


# -- Road Building with nowhere to build ---------------------------------------------------------

# p0's settlement on the coast at (0,-2)N has two paths; p1's and p2's roads hold both.
BOXED_IN = {
    "p0": {"settlements": ["(0,-2)N"]},
    "p1": {"settlements": ["(-1,-1)N"], "roads": ["(0,-2)NW", "(0,-2)W"]},
    "p2": {"settlements": ["(1,-2)N"], "roads": ["(0,-2)NE", "(1,-2)NW"]},
}


def test_road_building_needs_a_path_to_build_on() -> None:
    s = position(pieces=BOXED_IN, dev={"p0": "road-building"})
    err = assert_illegal(s, "p0 road-building", DEV_RULE)
    assert "there is none" in err.message


def test_road_building_with_one_free_path_is_legal() -> None:
    pieces = {**BOXED_IN, "p2": {"settlements": ["(1,-2)N"], "roads": ["(1,-2)NW"]}}
    s = position(pieces=pieces, dev={"p0": "road-building"})
    assert "p0 road-building" in legal(s)
    play(s, "p0 road-building")
    assert s.phase == Phase.ROAD_BUILDING


# -- confirming a trade with a seat the game does not have --------------------------------------


def open_offer() -> GameState:
    # p0 offers ore for brick to everyone; only the last seat, p3, accepts.
    s = position(
        BEGINNER,
        hands={"p0": "2ore", "p1": "1brick", "p2": "1brick", "p3": "1brick"},
    )
    play(s, "p0 offer 1ore for 1brick to p1,p2,p3", "p3 accept #1", "p1 reject #1", "p2 reject #1")
    return s


@pytest.mark.parametrize("seat", [4, -1], ids=["n", "minus-one"])
def test_confirming_a_seat_outside_the_game_is_refused(seat: int) -> None:
    s = open_offer()
    assert s.phase == Phase.TRADE_CONFIRM
    err = refused(s, Action(0, K.CONFIRM_TRADE, seat), "Domestic Trade")
    assert f"no player p{seat}" in err.message
    # The real partner is still there to confirm (-1 must not have meant "the last seat").
    play(s, "p0 confirm p3 #1")
    assert hand(s, 3) == "1ore" and hand(s, 0) == "1brick+1ore"
