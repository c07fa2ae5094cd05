"""``validate``: each invariant broken on its own is reported by name; play never breaks any.

What this is for: one test per invariant — start from a valid position (built with
``position`` or reached by seeded random play), break exactly one thing, and check that
``validate`` names it (and that the untouched position gives ``[]``); ``load_state``
refusing invalid and wrongly typed documents with a ``ValueError`` naming the problem; and
``validate`` run on every step of seeded random games (3–6 players, with and without the
Helpers of CATAN), where it must always be empty.

What this is not: the tests of ``position`` itself (``test_position.py``), nor of the rules
that keep these invariants (the per-rule tests and the invariant harness).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from pysettlers.engine import (
    Game,
    GameState,
    Phase,
    Rules,
    deciders,
    legal_actions,
    load_state,
    save_state,
)
from pysettlers.engine.position import position
from pysettlers.engine.state import ACCEPTED, PENDING
from pysettlers.engine.types import NOBODY, DevCard, Helper
from pysettlers.engine.validate import validate
from support import harness

BEGINNER = Rules(map_kind="beginner")
TYPED = pytest.mark.compiled_differs("a compiled GameState's typed attributes refuse the value")


P0_LINE = ["(0,-2)E", "(0,-2)NE", "(0,-2)NW", "(0,-2)W", "(-1,-1)NW"]
"""Five roads in a line from p0's settlement on (0,-1)N (Longest Road)."""
P1_LINE = ["(0,2)SW", "(-1,2)E", "(0,1)SW", "(-1,1)E", "(0,0)SW", "(-1,0)E"]
"""Six roads in a line from (0,2)S."""


def base() -> GameState:
    """p0 with a settlement, a city and 5 roads in a line (Longest Road), 3 knights played
    (Largest Army); p1 with a settlement and a road; cards in hands and development cards."""
    s = position(
        BEGINNER,
        buildings={
            "(0,-1)N": (0, "settlement"),
            "(0,1)N": (1, "settlement"),
            "(2,-1)S": (0, "city"),
        },
        roads={**dict.fromkeys(P0_LINE, 0), "(2,-1)SW": 0, "(0,1)NE": 1},
        hands={0: "2brick+1ore", 1: "3wool", 2: "1grain"},
        development_cards={0: "knight+victory-point", 1: "monopoly"},
        knights={0: 3},
    )
    assert validate(s) == []
    return s


@pytest.fixture
def s() -> GameState:
    return base()


def broken(s: GameState, fix: Callable[[GameState], object], word: str) -> list[str]:
    """Apply the damage, and assert a message containing ``word`` is reported."""
    assert validate(s) == [], "the starting position must be valid"
    fix(s)
    problems = validate(s)
    assert any(word in m for m in problems), problems
    return problems


def test_the_base_position_is_valid(s: GameState) -> None:
    assert validate(s) == []
    assert s.longest_road == 0 and s.largest_army == 0
    assert s.public_vp[0] == 1 + 2 + 2 + 2


# -- cards ----------------------------------------------------------------------------------------


def test_a_negative_hand(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.hands[4] = -3
        t.bank[4] += 4  # conserved, but negative

    problems = broken(s, damage, "hands: p0 has -3 ore")
    assert not any("not conserved" in m for m in problems)


def test_extra_cards_in_a_hand_with_the_bank_unchanged(s: GameState) -> None:
    broken(s, lambda t: t.hands.__setitem__(9, 50), "bank: ore not conserved")


def test_a_negative_bank(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.bank[0] -= 20
        t.hands[0] += 20

    broken(s, damage, "bank: -")


def test_a_negative_deck(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.deck[3] = -1
        t.dev[3] += t.rules.deck[3] + 1 - t.dev[3] - t.dev[8]

    broken(s, damage, "deck: -1 monopoly")


def test_development_cards_not_conserved(s: GameState) -> None:
    broken(s, lambda t: t.dev.__setitem__(5 + DevCard.YEAR_OF_PLENTY, 1), "deck: year-of-plenty")


def test_knights_differ_from_the_played_knights(s: GameState) -> None:
    broken(s, lambda t: t.knights.__setitem__(0, 2), "knights: p0 has 2 but played 3")


def test_a_victory_point_card_played(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.dev[4] -= 1
        t.played[4] += 1

    broken(s, damage, "played a victory point card")


def test_bought_more_than_held(s: GameState) -> None:
    broken(s, lambda t: t.dev_new.__setitem__(5 + 3, 2), "dev_new: p1 bought 2 monopoly")


def test_negative_discards_and_knights(s: GameState) -> None:
    broken(s, lambda t: t.discards.__setitem__(2, -1), "discards: p2 has -1")


# -- pieces ---------------------------------------------------------------------------------------


def test_too_many_roads(s: GameState) -> None:
    def damage(t: GameState) -> None:
        free = [e for e, o in enumerate(t.road_owner) if o == NOBODY]
        for e in free[:25]:
            t.road_owner[e] = 1

    broken(s, damage, "roads_left: p1 has 26 roads on the board (supply 15)")


def test_too_many_settlements_and_the_distance_rule(s: GameState) -> None:
    def damage(t: GameState) -> None:
        for v, o in enumerate(t.building_owner):
            if o == NOBODY:
                t.building_owner[v], t.building_level[v] = 2, 1

    problems = broken(s, damage, "settlements_left: p2 has")
    assert any(m.startswith("Distance Rule") for m in problems)


def test_too_many_cities(s: GameState) -> None:
    def damage(t: GameState) -> None:
        for name in ("(-2,0)N", "(-1,2)N", "(0,2)S", "(2,-2)N"):
            v = t.topo.parse_intersection(name)
            t.building_owner[v], t.building_level[v] = 0, 2

    broken(s, damage, "cities_left: p0 has 5 cities on the board (supply 4)")


def test_a_cached_field_differing_from_the_recount(s: GameState) -> None:
    broken(s, lambda t: t.public_vp.__setitem__(1, 5), "public_vp: cached")
    t = base()
    broken(t, lambda u: u.roads_left.__setitem__(0, 15), "roads_left: cached")
    t = base()
    broken(t, lambda u: u.ratios.__setitem__(0, 2), "ratios: cached")


def test_the_distance_rule(s: GameState) -> None:
    def damage(t: GameState) -> None:
        v = t.topo.parse_intersection("(0,1)N")
        w = t.topo.intersection_neighbors[v][0]
        t.building_owner[w], t.building_level[w] = 2, 1
        t.settlements_left[2] -= 1

    broken(s, damage, "Distance Rule: buildings on")


def test_a_road_leading_nowhere(s: GameState) -> None:
    def damage(t: GameState) -> None:
        e = t.topo.parse_path("(-2,2)W")
        t.road_owner[e] = 2
        t.roads_left[2] -= 1

    broken(s, damage, "Road: p2's road(s) (-2,2)W connect to none of p2's buildings")


def test_a_road_cut_off_by_an_opponent_settlement_is_allowed() -> None:
    # p1 built a settlement on an intersection of p0's road after the road: legal history.
    t = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement"), "(0,-1)SE": (1, "settlement")},
        roads={"(0,-1)NE": 0, "(0,-1)E": 0, "(0,-1)SE": 0, "(0,0)NE": 1},
    )
    assert validate(t) == []


def test_building_levels_consistent_with_owners(s: GameState) -> None:
    v = s.topo.parse_intersection("(0,0)N")
    broken(s, lambda t: t.building_level.__setitem__(v, 1), "building_level: (0,0)N has level 1")
    t = base()
    broken(t, lambda u: u.building_level.__setitem__(v, 3), "building_level")
    t = base()
    broken(t, lambda u: u.building_owner.__setitem__(v, 7), "building_owner: (0,0)N is owned by 7")


def test_a_road_owner_out_of_range(s: GameState) -> None:
    broken(s, lambda t: t.road_owner.__setitem__(0, 4), "road_owner")


# -- awards ---------------------------------------------------------------------------------------


def test_longest_road_held_below_the_minimum(s: GameState) -> None:
    broken(
        s, lambda t: setattr(t, "longest_road", 1), "longest_road: p1 holds it with road length 1"
    )


def test_longest_road_set_aside_with_a_sole_leader(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.longest_road = NOBODY
        t.public_vp[0] -= 2

    broken(s, damage, "longest_road: set aside although p0 alone leads")


def test_longest_road_held_without_the_maximum() -> None:
    t = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement"), "(0,2)S": (1, "settlement")},
        roads={**dict.fromkeys(P0_LINE, 0), **dict.fromkeys(P1_LINE, 1)},
    )
    assert t.longest_road == 1 and t.road_length[:2] == [5, 6]

    def damage(u: GameState) -> None:
        u.longest_road = 0
        u.public_vp[0] += 2
        u.public_vp[1] -= 2

    broken(t, damage, "longest_road: p0 holds it with road length 5 but another player has 6")


def test_a_tied_holder_keeps_longest_road() -> None:
    t = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement"), "(0,2)S": (1, "settlement")},
        roads={**dict.fromkeys(P0_LINE, 0), **dict.fromkeys(P1_LINE[:5], 1)},
        longest_road=1,
    )
    assert t.road_length[:2] == [5, 5] and validate(t) == []


def test_largest_army_rules(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "largest_army", 2), "largest_army: p2 holds it with knights 0")
    t = base()

    def aside(u: GameState) -> None:
        u.largest_army = NOBODY
        u.public_vp[0] -= 2

    broken(t, aside, "largest_army: set aside although p0 alone leads")


# -- ranges, phase and payload --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "word"),
    [
        ("current", 9, "current: 9 is not a seat"),
        ("current", -1, "current: -1 is not a seat"),
        ("first_player", 4, "first_player: 4"),
        ("winner", 5, "winner: 5 is neither"),
        ("special_builder", -3, "special_builder: -3"),
        ("robber", 19, "robber: 19 is not a hex"),
        ("turn", -1, "turn: -1 is negative"),
        ("setup_step", 9, "setup_step: 9"),
        ("last_roll", 13, "last_roll: 13"),
        # Compiled, GameState's typed attributes refuse these (True is stored as 1).
        pytest.param("current", "x", "current: must be an int", marks=TYPED),
        pytest.param("current", True, "current: must be an int", marks=TYPED),
        pytest.param("dev_played", 1, "dev_played: must be true or false", marks=TYPED),
        pytest.param("phase", 3, "phase: must be a Phase", marks=TYPED),
    ],
)
def test_values_out_of_range(s: GameState, field: str, value: object, word: str) -> None:
    broken(s, lambda t: setattr(t, field, value), word)


def test_a_list_of_the_wrong_size(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "hands", t.hands[:-1]), "hands: must be a list of 20")


def test_the_discard_phase_needs_a_discard_owed(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "phase", Phase.DISCARD), "discards: the discard phase")


def test_discards_owed_outside_the_discard_phase(s: GameState) -> None:
    broken(s, lambda t: t.discards.__setitem__(0, 1), "discards: [1, 0, 0, 0] owed outside")


def test_more_owed_than_half_the_hand() -> None:
    t = position(BEGINNER, hands={0: "8ore", 1: "9wool"}, phase="discard")
    assert t.discards == [4, 4, 0, 0]
    broken(t, lambda u: u.discards.__setitem__(1, 5), "discards: p1 owes 5 but holds 9")


def test_road_building_needs_free_roads(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "phase", Phase.ROAD_BUILDING), "free_roads: 0")
    t = base()
    broken(t, lambda u: setattr(u, "free_roads", 1), "free_roads: 1 outside road_building")


def test_the_phase_to_return_to(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.phase = Phase.MOVE_ROBBER
        t.resume = Phase.DISCARD

    broken(s, damage, "resume: discard")


def test_setup_road_needs_the_settlement_just_built() -> None:
    t = position(Rules(), phase="setup_road", buildings={"(0,0)N": (0, "settlement")})
    assert t.setup_vertex == t.topo.parse_intersection("(0,0)N") and t.turn == 0
    assert [a for a in legal_actions(t)]
    broken(t, lambda u: setattr(u, "setup_vertex", 0), "setup_vertex: (0,-2)N does not hold")
    u = position(Rules(), phase="setup_road", buildings={"(0,0)N": (0, "settlement")})
    broken(u, lambda w: setattr(w, "setup_vertex", NOBODY), "setup_vertex: the set-up road")


def test_setup_step_and_pieces_agree() -> None:
    t = position(Rules(), phase="setup_settlement")
    broken(t, lambda u: setattr(u, "setup_step", 2), "current: set-up step 2 is p2's")
    t = position(Rules(), phase="setup_settlement")
    broken(t, lambda u: setattr(u, "turn", 3), "turn: the set-up phase comes before turn 1")


def test_setup_vertex_outside_setup(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "setup_vertex", 3), "setup_vertex: set outside")


def test_turn_zero_is_the_setup(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "turn", 0), "turn: 0 is the set-up phase")


def test_an_offer_the_current_player_cannot_give(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.phase = Phase.TRADE_RESPONSE
        t.offer_give = (0, 0, 0, 0, 5)
        t.offer_get = (0, 0, 1, 0, 0)
        t.offer_answers = [0, PENDING, PENDING, PENDING]

    broken(s, damage, "offer: p0 offers 5ore but holds 2brick+1ore")


def test_an_offer_outside_the_trade_phases(s: GameState) -> None:
    broken(
        s, lambda t: setattr(t, "offer_give", (1, 0, 0, 0, 0)), "offer: a domestic offer is open"
    )


def test_trade_answers() -> None:
    t = position(
        BEGINNER, hands={0: "1brick", 1: "1wool"}, phase="trade_response", offer=("1brick", "1wool")
    )
    assert validate(t) == []
    broken(t, lambda u: setattr(u, "offer_answers", [0, 3, 3, 3]), "trade_response with no answer")
    u = position(
        BEGINNER, hands={0: "1brick", 1: "1wool"}, phase="trade_response", offer=("1brick", "1wool")
    )
    broken(u, lambda w: w.offer_answers.__setitem__(2, ACCEPTED), "p2 accepted but does not hold")


def test_game_over_needs_a_winner(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "phase", Phase.GAME_OVER), "winner: the game is over but nobody")


def test_a_winner_with_too_few_points(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.phase = Phase.GAME_OVER
        t.winner = 0

    broken(s, damage, "winner: p0 has 8 points, fewer than 10")


def test_no_winner_while_the_game_goes_on(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "winner", 0), "winner: p0 won but the game goes on")


def test_ten_points_on_ones_turn_end_the_game(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.dev[4] += 2
        t.deck[4] -= 2

    broken(s, damage, "winner: p0 has 10 points on their turn")


def test_special_build_only_with_the_variant(s: GameState) -> None:
    def damage(t: GameState) -> None:
        t.phase = Phase.SPECIAL_BUILD
        t.special_builder = 1

    broken(s, damage, "phase: special_build needs 5–6 players")


def test_special_builder_only_in_its_phase(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "special_builder", 1), "special_builder: p1 outside")


def test_helper_phases_only_with_helpers(s: GameState) -> None:
    broken(s, lambda t: setattr(t, "phase", Phase.HELPER_AFTER), "the 'helpers' scenario")


# -- Helpers of CATAN -----------------------------------------------------------------------------

HELPERS = Rules(map_kind="beginner", helpers=True)


@pytest.fixture
def h() -> GameState:
    t = position(HELPERS, hands={0: "1ore"}, scenarios={"helpers": {0: "vincent"}})
    assert validate(t) == []
    return t


def test_a_helper_held_twice(h: GameState) -> None:
    assert h.ext["helpers"] is not None
    broken(
        h,
        lambda t: t.ext["helpers"].held.__setitem__(1, Helper.VINCENT),
        "helpers.held: a helper in front of two",
    )  # type: ignore[union-attr]


def test_a_held_helper_in_the_display(h: GameState) -> None:
    broken(
        h,
        lambda t: setattr(
            t.ext["helpers"], "display", t.ext["helpers"].display | 1 << Helper.VINCENT
        ),
        "helpers.display: vincent also held",
    )  # type: ignore[union-attr]


def test_a_helper_lost(h: GameState) -> None:
    broken(h, lambda t: setattr(t.ext["helpers"], "display", 0), "in no place")


def test_every_player_has_a_helper_after_the_setup(h: GameState) -> None:
    def damage(t: GameState) -> None:
        assert t.ext["helpers"] is not None
        old = t.ext["helpers"].held[2]
        t.ext["helpers"].held[2] = NOBODY
        t.ext["helpers"].display |= 1 << old

    broken(h, damage, "helpers.held: after the set-up phase every player has a helper")


def test_knights_discarded_for_vincent_count_in_the_deck() -> None:
    t = position(HELPERS, scenarios={"helpers": {0: "vincent"}}, knights={0: 1})
    assert t.ext["helpers"] is not None
    t.ext["helpers"].knights_discarded[0] = 1  # a knight gone for Vincent, but still in the deck
    assert any("deck: knight not conserved" in m and "out of the game 1" in m for m in validate(t))
    t.deck[DevCard.KNIGHT] -= 1
    assert validate(t) == []


def test_helper_payloads(h: GameState) -> None:
    broken(h, lambda t: setattr(t.ext["helpers"], "owner", 1), "helpers.owner: p1 outside")
    broken(base_helpers(), lambda t: setattr(t, "phase", Phase.HELPER_REACT), "helpers.pending")
    broken(base_helpers(), lambda t: setattr(t.ext["helpers"], "owed", 2), "helpers.owed")
    broken(base_helpers(), lambda t: setattr(t.ext["helpers"], "drawn", (0,)), "helpers.drawn")
    broken(base_helpers(), lambda t: setattr(t.ext["helpers"], "victim", 1), "helpers.victim")
    broken(base_helpers(), lambda t: setattr(t.ext["helpers"], "jean", 2), "helpers.jean")
    broken(
        base_helpers(), lambda t: setattr(t.ext["helpers"], "side", [2, 0, 0, 0]), "helpers.side"
    )
    broken(
        base_helpers(), lambda t: setattr(t.ext["helpers"], "since", [9, 0, 0, 0]), "helpers.since"
    )


def base_helpers() -> GameState:
    return position(HELPERS, hands={0: "1ore"}, scenarios={"helpers": {0: "vincent"}})


def test_helpers_present_exactly_with_the_rules(s: GameState, h: GameState) -> None:
    broken(s, lambda t: t.ext.__setitem__("helpers", h.ext["helpers"]), "ext: the scenarios")
    broken(h, lambda t: t.ext.pop("helpers"), "ext: the scenarios in play are ['helpers']")


# -- load_state -----------------------------------------------------------------------------------


def saved() -> dict[str, Any]:
    return copy.deepcopy(save_state(base()))


def _players(d: dict[str, Any]) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = d["players"]
    return players


@pytest.mark.parametrize(
    ("damage", "word"),
    [
        (lambda d: _players(d)[0]["hand"].update(ore=-3), "hands: p0 has -3 ore"),
        (lambda d: _players(d)[0]["hand"].update(ore=50), "bank: ore not conserved"),
        (lambda d: d.update(current=9), "current: 9 is not a seat"),
        (lambda d: d.update(current=-1), "current: -1 is not a seat"),
        (
            lambda d: d.update(roads=dict.fromkeys(list(d["roads"]) + _more_paths(30), 1)),
            "roads_left",
        ),
        (lambda d: d.update(buildings=_everywhere()), "Distance Rule"),
        (lambda d: d.update(phase="game_over"), "winner: the game is over but nobody won"),
        (lambda d: d.update(current="x"), "current: expected an integer, got 'x'"),
        (lambda d: d.update(turn=True), "turn: expected an integer, got True"),
        (lambda d: _players(d)[1].update(knights="3"), "players[1].knights: expected an integer"),
        (lambda d: d["bank"].update(ore=2.0), "bank.ore: expected an integer"),
        (lambda d: d.update(development_card_played=0), "development_card_played: expected true"),
        (lambda d: d.update(winner=False), "winner: expected an integer"),
        (lambda d: d.update(robber=3), "robber: expected a string"),
    ],
    ids=[
        "negative-hand",
        "fifty-ore",
        "current-9",
        "current-minus-1",
        "30-roads",
        "settlement-everywhere",
        "game-over-no-winner",
        "current-str",
        "turn-bool",
        "knights-str",
        "bank-float",
        "played-int",
        "winner-bool",
        "robber-int",
    ],
)
def test_load_state_rejects(damage: Callable[[dict[str, Any]], object], word: str) -> None:
    d = saved()
    load_state(copy.deepcopy(d))  # the undamaged document loads
    damage(d)
    with pytest.raises(ValueError) as info:
        load_state(d)
    assert word in str(info.value)


def _more_paths(k: int) -> list[str]:
    s = base()
    return [s.topo.path_names[e] for e, o in enumerate(s.road_owner) if o == NOBODY][:k]


def _everywhere() -> dict[str, dict[str, Any]]:
    t = base().topo
    return {name: {"player": 0, "kind": "settlement"} for name in t.intersection_names}


def test_load_state_names_every_problem() -> None:
    d = saved()
    d["current"] = 7
    _players(d)[2]["hand"]["grain"] = 40
    with pytest.raises(ValueError) as info:
        load_state(d)
    assert "current: 7" in str(info.value) and "grain not conserved" in str(info.value)


# -- positions reached by play --------------------------------------------------------------------


GAMES = [
    Rules(players=players, helpers=helpers, seed=seed, map_kind=kind)
    for seed, (players, helpers, kind) in enumerate(
        [
            (3, False, "variable"),
            (4, False, "beginner"),
            (5, False, "random"),
            (6, False, "variable"),
            (3, True, "random"),
            (4, True, "variable"),
            (5, True, "variable"),
            (6, True, "random"),
        ]
    )
] + [Rules(players=5, large_game_variant="mayfair", trade_build="separate", seed=11)]


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.players}p-helpers{int(r.helpers)}")
def test_validate_holds_at_every_step_of_random_games(rules: Rules) -> None:
    rng = random.Random(rules.seed)
    game = Game.new(rules)
    s = game.state
    phases: set[Phase] = set()
    for step in range(3000):
        problems = validate(s)
        assert problems == [], f"step {step}, phase {s.phase.name}: {problems}"
        phases.add(s.phase)
        if s.phase == Phase.GAME_OVER:
            break
        ds = deciders(s)
        p = ds[0] if len(ds) == 1 else rng.choice(ds)
        game.play(harness.choose(s, rng, legal_actions(s, p)), checked=False)
    assert {Phase.MAIN, Phase.PRE_ROLL, Phase.SETUP_ROAD} <= phases or rules.map_kind == "beginner"
    # The position also survives a trip through JSON (load_state validates it).
    assert load_state(json.loads(json.dumps(save_state(s)))) == s


# -- more payloads ----------------------------------------------------------------------------


def test_setup_pieces_follow_the_snake_order() -> None:
    t = position(Rules(), phase="setup_settlement")
    v = t.topo.parse_intersection("(0,0)N")

    def extra(u: GameState) -> None:
        u.building_owner[v], u.building_level[v] = 0, 1
        u.settlements_left[0] -= 1
        u.public_vp[0] += 1
        u.blocked[v] += 1
        for w in u.topo.intersection_neighbors[v]:
            u.blocked[w] += 1

    broken(
        t,
        extra,
        "setup_step: at set-up step 0 p0 has placed 0 settlement(s) and 0 road(s), not 1 and 0",
    )


def test_no_city_or_development_card_in_the_setup() -> None:
    t = position(Rules(), phase="setup_road", buildings={"(0,0)N": (0, "settlement")})
    v = t.topo.parse_intersection("(0,0)N")

    def city(u: GameState) -> None:
        u.building_level[v] = 2
        u.settlements_left[0] += 1
        u.cities_left[0] -= 1
        u.public_vp[0] += 1

    broken(t, city, "building_level: a city in the set-up phase")
    u = position(Rules(), phase="setup_road", buildings={"(0,0)N": (0, "settlement")})

    def card(w: GameState) -> None:
        w.dev[0] += 1
        w.deck[0] -= 1

    broken(u, card, "dev: development cards in the set-up phase")


def trading() -> GameState:
    return position(
        BEGINNER,
        hands={0: "1brick", 1: "1wool"},
        phase="trade_response",
        offer=("1brick", "1wool"),
    )


def test_offer_terms() -> None:
    broken(trading(), lambda u: setattr(u, "offer_get", (0, 0, 0, 0, 0)), "is no trade")
    broken(trading(), lambda u: setattr(u, "offer_get", (1, 0, 0, 0, 0)), "like resources")
    broken(trading(), lambda u: u.offer_answers.__setitem__(0, PENDING), "answers their own")
    broken(trading(), lambda u: setattr(u, "offer_answers", [0] * 4), "addressed to nobody")


def test_trade_confirm_needs_a_willing_partner() -> None:
    def damage(u: GameState) -> None:
        u.phase = Phase.TRADE_CONFIRM

    broken(trading(), damage, "trade_confirm needs every answer in")


def test_counter_offers() -> None:
    def stray(u: GameState) -> None:
        u.offer_counters[1] = ((0, 0, 1, 0, 0), (1, 0, 0, 0, 0))

    broken(trading(), stray, "offer_counters: p1 has a counter-offer but answered 1")

    def unheld(u: GameState) -> None:
        u.offer_answers[1] = 4  # COUNTERED
        u.offer_counters[1] = ((0, 0, 0, 0, 2), (1, 0, 0, 0, 0))

    broken(trading(), unheld, "offer_counters: p1 counters with 2ore not held")
    broken(base(), stray, "offer_counters: a counter-offer outside")


def test_helper_stack_window_and_resume(h: GameState) -> None:
    broken(h, lambda t: setattr(t.ext["helpers"], "stack", 7), "helpers.stack: 7")
    broken(
        base_helpers(), lambda t: setattr(t.ext["helpers"], "window", 8), "helpers.window: a roll's"
    )
    broken(base_helpers(), lambda t: setattr(t.ext["helpers"], "resume", Phase.GAME_OVER), "resume")
    broken(base_helpers(), lambda t: setattr(t.ext["helpers"], "stack", 0), "helpers.stack")

    def react(t: GameState) -> None:
        assert t.ext["helpers"] is not None
        t.phase = Phase.HELPER_REACT
        t.ext["helpers"].pending = 1 << 9

    problems = broken(base_helpers(), react, "helpers.pending: names no player")
    assert any("helpers.window: helper_react without the roll" in m for m in problems)
