"""No-leak property tests: a view shows what its seat may know and nothing more.

What this is for: the engine's promise that hidden information leaves only through
``observe`` and ``redact_event``. The central property: two states that differ only in
others' secrets — another player's hand composition (same size), their unplayed development
cards (same count), the deck's composition (same size) and the generator — give the same
view, for positions reached by seeded random play. Then the particular secrets: the spectator
sees no hand, a stolen card is known to thief and victim only, a drawn development card to
its buyer only, victory point cards stay hidden until the game ends (then every player's
are turned up); and views
serialize to JSON in every phase.

What this is not: a test of what a view *contains* beyond these (render and server tests
use views), nor of the rules that produce the positions.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from pysettlers.engine import (
    Action,
    ActionKind,
    DevCard,
    GameState,
    Phase,
    Rules,
    apply,
    legal_actions,
    observe,
    replay,
)
from pysettlers.engine.events import HIDDEN, CardDrawn, Discarded, RobberMoved
from pysettlers.engine.views import View, redact_event
from support import harness
from support.views import SETTINGS, positions, reference_view, with_other_secrets

K = ActionKind


def view_json(s: GameState, viewer: int | None) -> dict[str, Any]:
    return observe(s, viewer).to_json()


@SETTINGS
@given(st.data())
def test_others_secrets_do_not_change_a_view(data: st.DataObject) -> None:
    s = data.draw(positions())
    viewer = data.draw(st.sampled_from([None, *range(s.n)]))
    other = with_other_secrets(data.draw, s, viewer)
    assert observe(other, viewer) == observe(s, viewer)
    assert view_json(other, viewer) == view_json(s, viewer)


@SETTINGS
@given(positions(), st.data())
def test_the_viewers_own_secrets_do_change_their_view(s: GameState, data: st.DataObject) -> None:
    """The control for the property above: the comparison does see a changed hand."""
    viewer = data.draw(st.sampled_from(range(s.n)))
    t = s.copy()
    t.events = list(s.events)
    t.hands[5 * viewer + data.draw(st.integers(0, 4))] += 1
    assert view_json(t, viewer) != view_json(s, viewer)


@SETTINGS
@given(positions())
def test_the_spectator_sees_no_hand(s: GameState) -> None:
    view = observe(s, None)
    assert view.hand is None and view.dev_cards is None and view.dev_bought_this_turn is None
    assert view.own_vp is None
    obj = view.to_json()
    assert obj["you"] is None
    for item in obj["players"]:
        assert isinstance(item["hand_size"], int) and isinstance(item["development_cards"], int)
        assert "hand" not in item
    # No part of the spectator's view differs from what the table can see: a spectator is a
    # viewer to whom every seat's secrets are hidden.
    for q in range(s.n):
        assert obj["players"][q]["hand_size"] == s.hand_size(q)


def _robbery_with_a_choice(s: GameState) -> bool:
    """The robber is being moved, and some victim holds two kinds of card."""
    if s.phase != Phase.MOVE_ROBBER:
        return False
    return any(a.b >= 0 and sum(1 for c in s.hand(a.b) if c) >= 2 for a in legal_actions(s))


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from((2, 3, 4)), st.data())
def test_a_stolen_card_is_seen_only_by_thief_and_victim(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = harness.random_game(
        Rules(players=players, seed=seed), 3000, until=_robbery_with_a_choice
    )
    s = game.state
    assume(_robbery_with_a_choice(s))
    robberies = [a for a in legal_actions(s) if a.b >= 0 and sum(1 for c in s.hand(a.b) if c) >= 2]
    a = data.draw(st.sampled_from(robberies))
    kinds = [r for r, c in enumerate(s.hand(a.b)) if c]
    first, second = data.draw(st.permutations(kinds))[:2]
    after = []
    for stolen in (first, second):
        t = s.copy()
        assert apply(t, a, stolen) == stolen
        after.append(t)
    thief, victim = a.player, a.b
    for viewer in (None, *range(s.n)):
        views = [view_json(t, viewer) for t in after]
        events = [[e for e in v["events"] if e["event"] == "robber"] for v in views]
        assert [len(e) for e in events] == [1, 1]
        if viewer in (thief, victim):
            assert views[0] != views[1]
            assert [e[0]["stolen"] for e in events] == [
                harness_resource(first),
                harness_resource(second),
            ]
            assert redact_event(after[0].events[-1], viewer) == after[0].events[-1]
        else:
            assert views[0] == views[1]  # the card cannot be told from the view
            assert events[0][0]["stolen"] == "hidden"


def harness_resource(r: int) -> str:
    return ["brick", "lumber", "wool", "grain", "ore"][r]


def _can_buy_two_kinds(s: GameState) -> bool:
    if s.phase not in (Phase.MAIN, Phase.BUILD):
        return False
    kinds = sum(1 for c in s.deck[:4] if c)  # two kinds that cannot end the game
    return kinds >= 2 and any(a.kind == K.BUY_DEVELOPMENT for a in legal_actions(s))


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from((2, 3, 4)), st.data())
def test_a_drawn_development_card_is_seen_only_by_its_buyer(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = harness.random_game(Rules(players=players, seed=seed), 3000, until=_can_buy_two_kinds)
    s = game.state
    assume(_can_buy_two_kinds(s))
    kinds = [c for c in range(4) if s.deck[c]]
    first, second = data.draw(st.permutations(kinds))[:2]
    buyer = s.current
    after = []
    for card in (first, second):
        t = s.copy()
        apply(t, Action(buyer, K.BUY_DEVELOPMENT), card)
        after.append(t)
    for viewer in (None, *range(s.n)):
        views = [view_json(t, viewer) for t in after]
        draws = [[e for e in v["events"] if e["event"] == "draw"] for v in views]
        if viewer == buyer:
            assert views[0] != views[1]
            assert [d[0]["card"] for d in draws] == [
                DevCard(first).name.lower().replace("_", "-"),
                DevCard(second).name.lower().replace("_", "-"),
            ]
        else:
            assert views[0] == views[1]
            assert [d[0]["card"] for d in draws] == ["hidden", "hidden"]
            assert views[0]["players"][buyer]["development_cards"] == sum(after[0].dev_cards(buyer))


@SETTINGS
@given(positions(), st.data())
def test_victory_point_cards_stay_hidden_during_the_game(s: GameState, data: st.DataObject) -> None:
    assume(s.phase != Phase.GAME_OVER and s.deck[DevCard.VICTORY_POINT])
    owner = data.draw(st.sampled_from(range(s.n)))
    t = s.copy()
    t.deck[DevCard.VICTORY_POINT] -= 1
    t.dev[5 * owner + DevCard.VICTORY_POINT] += 1
    for viewer in (None, *range(s.n)):
        view = observe(t, viewer)
        assert view.public_vp[owner] == s.public_vp[owner]
        assert view.revealed_vp_cards[owner] == 0
        if viewer == owner:
            assert view.own_vp == t.public_vp[owner] + t.dev[5 * owner + 4]
            assert view.to_json()["you"]["development_cards"]["victory-point"] >= 1


def _won_with_vp_cards() -> tuple[dict[str, Any], int]:
    """The record of a seeded random game whose winner held victory point cards."""
    for seed in range(200):
        game = harness.random_game(Rules(players=3, seed=seed), 20000)
        s = game.state
        if s.phase == Phase.GAME_OVER and s.dev[5 * s.winner + DevCard.VICTORY_POINT]:
            return game.to_json(), s.winner
    raise AssertionError("no seeded game was won with victory point cards")


def test_victory_point_cards_are_revealed_only_at_the_end() -> None:
    record, winner = _won_with_vp_cards()
    before = replay(record, upto=len(record["actions"]) - 1).state
    end = replay(record).state
    cards = end.dev[5 * winner + DevCard.VICTORY_POINT]
    assert cards and end.winner == winner
    for viewer in (None, *range(end.n)):
        shown_before = observe(before, viewer)
        shown_end = observe(end, viewer)
        # Until the winning action, no other seat counts the cards it has not seen.
        if viewer != winner:
            assert shown_before.public_vp[winner] == before.public_vp[winner]
            assert shown_before.revealed_vp_cards == (0,) * end.n
        # At the end the winner's cards are revealed to everybody ...
        assert shown_end.revealed_vp_cards[winner] == cards
        assert shown_end.public_vp[winner] == end.total_vp(winner) >= end.rules.vp_target
        # ... and so are the others' ("You should also reveal them if someone else wins"):
        # every final score is the player's total.
        for q in range(end.n):
            assert shown_end.revealed_vp_cards[q] == end.dev[5 * q + DevCard.VICTORY_POINT]
            assert shown_end.public_vp[q] == end.total_vp(q)
        # A seat's own count does not add its turned-up cards twice.
        if viewer is not None:
            assert shown_end.own_vp == end.total_vp(viewer)


def test_views_serialize_to_json_in_every_phase() -> None:
    seen: set[Phase] = set()
    goal = set(harness.BASE_PHASES)
    rng = random.Random(5)
    for i in range(60):
        rules = harness.config_for(i)
        game = harness.random_game(rules, 0)

        def note(s: GameState) -> bool:
            if s.phase not in seen:
                seen.add(s.phase)
                for viewer in (None, *range(s.n)):
                    obj = observe(s, viewer).to_json()
                    assert json.loads(json.dumps(obj)) == obj
            return False

        harness.random_play(game, rng, 20000, until=note)
        note(game.state)  # the final position (game over) too
        if seen >= goal:
            break
    assert seen >= goal


def test_redact_event_hides_exactly_the_secret_parts() -> None:
    draw = CardDrawn(1, int(DevCard.MONOPOLY))
    assert redact_event(draw, 1) == draw
    assert redact_event(draw, 0) == CardDrawn(1, HIDDEN)
    assert redact_event(draw, None) == CardDrawn(1, HIDDEN)
    robbery = RobberMoved(0, 7, 2, 4)
    for viewer in (0, 2):
        assert redact_event(robbery, viewer) == robbery
    for viewer in (1, 3, None):
        assert redact_event(robbery, viewer) == RobberMoved(0, 7, 2, HIDDEN)
    nothing = RobberMoved(0, 7, -1, None)
    assert redact_event(nothing, 1) == nothing
    public = Discarded(2, (1, 0, 0, 0, 1))
    assert redact_event(public, None) == public


@SETTINGS
@given(s=positions(), data=st.data())
def test_observe_equals_a_view_computed_from_scratch(s: GameState, data: st.DataObject) -> None:
    # The fast observe builds its view positionally from shared snapshots and generated
    # sums; every field must still be what the plain definition gives, for every viewer.
    viewer = data.draw(st.sampled_from([None, *range(s.n)]))
    since_version = data.draw(st.sampled_from([None, -1, max(-1, s.version - 1), s.version // 2]))
    fast = observe(s, viewer, since_version)
    slow = reference_view(s, viewer, since_version)
    for f in fields(View):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name
