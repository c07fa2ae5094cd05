"""The readable rules layer over the fast kernel (issue 30, point 4).

What this checks: one ``Bundle`` type everywhere; the Action's named fields read the slot
their kind keeps there (and stay the C field readers the speed device made them); the
hands' named accessors move and read the cards they say; event kinds built without
generated source still take their fields by position or by name.
"""

from __future__ import annotations

import inspect

import pytest

from pysettlers.bots import features, trading
from pysettlers.engine import Rules, actions, data, hands, new_game, state, types, views
from pysettlers.engine.actions import Action
from pysettlers.engine.events import MonopolyPlayed, Traded, YearOfPlentyPlayed
from pysettlers.engine.types import ActionKind, DevCard, Resource

A_NAMES = ("intersection", "path", "hex", "resource", "partner", "opponent", "helper", "card")
B_NAMES = ("victim", "second_resource", "to_path", "level", "given_back")


def test_one_bundle_type_is_imported_everywhere() -> None:
    for module in (data, actions, state, views, features, trading):
        assert module.Bundle is types.Bundle, module.__name__
    assert actions.ZERO is state.ZERO is types.ZERO == (0, 0, 0, 0, 0)


def test_the_named_fields_read_the_generic_slots() -> None:
    a = Action(2, ActionKind.MOVE_ROBBER, 7, 3)
    for name in A_NAMES:
        assert getattr(a, name) == 7, name
    for name in B_NAMES:
        assert getattr(a, name) == 3, name
    # The tuple, its fields and equality are what they were: the names are only readers.
    assert Action._fields == ("player", "kind", "a", "b", "give", "get", "to", "offer")
    assert tuple(a) == (2, ActionKind.MOVE_ROBBER, 7, 3, types.ZERO, types.ZERO, 0, 0)
    assert a == Action(2, ActionKind.MOVE_ROBBER, a=7, b=3)


def test_the_named_fields_are_read_only_c_field_readers_with_their_docs() -> None:
    reader = type(vars(Action)["a"])
    for name in (*A_NAMES, *B_NAMES):
        field = vars(Action)[name]
        assert type(field) is reader, name  # the speed device: no Python call per read
        assert field.__doc__, name
        with pytest.raises(AttributeError):
            setattr(Action(0, ActionKind.ROLL), name, 1)


def test_the_hands_accessors_move_the_cards_they_name() -> None:
    s = new_game(Rules(players=4, seed=5))
    ore, wool = Resource.ORE, Resource.WOOL
    bank = sum(s.bank)
    hands.from_bank(s, 1, ore, 3)
    assert hands.held(s, 1, ore) == 3 and s.hand(1) == (0, 0, 0, 0, 3)
    assert sum(s.bank) == bank - 3
    hands.move_cards(s, 1, 2, ore, 2)
    assert s.hand(1) == (0, 0, 0, 0, 1) and s.hand(2) == (0, 0, 0, 0, 2)
    hands.from_bank(s, 3, wool)
    assert hands.held_kinds(s, 3) == 1 << wool
    assert hands.take_all(s, 0, 2, ore) == 2 and hands.held(s, 0, ore) == 2
    assert hands.take_all(s, 0, 3, ore) == 0
    hands.pay(s, 0, (0, 0, 0, 0, 2))
    hands.to_bank(s, 1, ore)
    hands.to_bank(s, 3, wool)
    assert all(s.hand(p) == (0, 0, 0, 0, 0) for p in range(4)) and sum(s.bank) == bank
    assert s.hands[hands.seat_slice(2)] == list(s.hand(2))
    assert hands.slot(2, ore) == 14


def test_the_development_card_accessors() -> None:
    s = new_game(Rules(players=3, seed=5))
    knight = DevCard.KNIGHT
    deck = s.deck[knight]
    hands.draw_card(s, 1, knight)
    assert s.deck[knight] == deck - 1
    assert hands.cards_held(s, 1, knight) == 1 and hands.bought_this_turn(s, 1, knight) == 1
    assert not hands.playable(s, 1, knight)  # bought this turn
    s.dev_new[hands.seat_slice(1)] = [0] * 5  # the turn ends
    assert hands.playable(s, 1, knight)
    hands.play_card(s, 1, knight)
    assert hands.cards_held(s, 1, knight) == 0 and hands.cards_played(s, 1, knight) == 1
    hands.remove_played(s, 1, knight)
    assert hands.cards_played(s, 1, knight) == 0


def test_the_rates_accessors() -> None:
    s = new_game(Rules(players=3, seed=5))
    hands.lower_rate(s, 2, Resource.GRAIN, 3)
    hands.lower_rate(s, 2, Resource.GRAIN, 2)
    hands.lower_rate(s, 2, Resource.GRAIN, 3)  # never worse again
    assert hands.rate(s, 2, Resource.GRAIN) == 2 and hands.rate(s, 2, Resource.ORE) == 4


def test_events_take_their_fields_by_position_or_by_name() -> None:
    e = YearOfPlentyPlayed(1, 2, -1)
    assert e == YearOfPlentyPlayed(player=1, resource=2, second=-1)
    assert e == YearOfPlentyPlayed(1, second=-1, resource=2)
    assert MonopolyPlayed(0, 4, (0, 1, 2)).taken == (0, 1, 2)
    assert str(inspect.signature(Traded)).startswith("(")
    assert list(inspect.signature(Traded).parameters) == list(Traded._fields)
    with pytest.raises(TypeError, match="YearOfPlentyPlayed"):
        YearOfPlentyPlayed(1, 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="YearOfPlentyPlayed"):
        YearOfPlentyPlayed(1, 2, 3, 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="YearOfPlentyPlayed"):
        YearOfPlentyPlayed(1, 2, -1, colour=3)  # type: ignore[call-arg]
