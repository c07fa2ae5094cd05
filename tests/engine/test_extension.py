"""The 5–6 Player Extension: the larger island, its components, the Special Building Phase.

What this is for: checking R5 "5-6 Player Rules" (pages 6–7) and ``board-data.md`` §3 —
30 hexes with two deserts, the extension's 28 tokens along the spiral from any corner,
11 harbors, 24 of each resource, the 34-card deck, the Special Building Phase's order and
restrictions, and the Mayfair variant (no Special Building Phase, discard limit 10).

What this is not: the random-play invariant harness (``test_invariants.py`` covers 5 and 6
players too).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from pysettlers.engine import (
    ActionKind,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply,
    apply_checked,
    data,
    format_action,
    is_over,
    legal_actions,
    load_state,
    make_board,
    new_game,
    parse_action,
    save_state,
)
from pysettlers.engine.board import EXT_LAYOUT, red_numbers_touch, spiral_numbers
from pysettlers.engine.topology import topology_for
from pysettlers.engine.types import Harbor, Terrain

TOPO = topology_for(data.EXT_LAND)


def test_island_shape_rows_and_coast() -> None:
    assert TOPO.n_hexes == 30
    rows = Counter(r for _, r in TOPO.hexes)
    assert [rows[r] for r in range(-3, 4)] == [3, 4, 5, 6, 5, 4, 3]
    assert len(TOPO.coastal_paths) == 38  # board-data.md §0
    assert set(TOPO.corner_hexes()) == {(0, -3), (2, -3), (2, 0), (-1, 3), (-3, 3), (-3, 0)}


@pytest.mark.parametrize("kind", ["variable", "random"])
@pytest.mark.parametrize("seed", range(8))
def test_board_components(kind: str, seed: int) -> None:
    board = make_board(Rules(players=6, map_kind=kind, seed=seed))
    assert Counter(board.terrain) == {
        Terrain.HILLS: 5,
        Terrain.FOREST: 6,
        Terrain.PASTURE: 6,
        Terrain.FIELDS: 6,
        Terrain.MOUNTAINS: 5,
        Terrain.DESERT: 2,
    }
    # Only the extension's 28 tokens; deserts get none.
    assert sorted(n for n in board.numbers if n) == sorted(data.EXT_TOKENS)
    assert all((n == 0) == (t == Terrain.DESERT) for t, n in zip(board.terrain, board.numbers))
    # Eleven harbors: the base nine plus a 2:1 wool and a 3:1, at random on fixed slots.
    assert len(board.harbors) == 11
    assert Counter(k for k, _ in board.harbors) == Counter(data.EXT_HARBORS)
    assert Counter(data.EXT_HARBORS)[Harbor.GENERIC] == 5
    assert Counter(data.EXT_HARBORS)[Harbor.WOOL] == 2
    slots = {TOPO.side(c, s) for c, s in data.EXT_HARBOR_SLOTS}
    assert {p for _, p in board.harbors} == slots
    assert board.terrain[board.robber_start] == Terrain.DESERT
    # No 6 or 8 touches another 6 or 8 (the random kind enforces it; the spiral ensures it).
    assert not red_numbers_touch(TOPO, board.numbers)


def test_spiral_worked_example_from_top_left() -> None:
    expected = [
        (0, -3), (-1, -2), (-2, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 3),
        (-1, 3), (0, 2), (1, 1), (2, 0), (2, -1), (2, -2), (2, -3), (1, -3),
        (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 1), (1, 0),
        (1, -1), (1, -2), (0, -1), (-1, 0), (-1, 1), (0, 0),
    ]  # fmt: skip
    assert [TOPO.hexes[h] for h in TOPO.spiral((0, -3))] == expected


@pytest.mark.parametrize("corner", TOPO.corner_hexes())
def test_spiral_from_every_corner_skips_both_deserts(corner: tuple[int, int]) -> None:
    order = TOPO.spiral(corner)
    assert sorted(order) == list(range(30))  # every hex exactly once
    assert TOPO.hexes[order[0]] == corner
    # Each ring starts next to the previous ring's start (1996 rules).
    assert TOPO.hexes[order[16]] in [TOPO.hexes[g] for g in TOPO.hex_neighbors[order[0]]]
    assert TOPO.hexes[order[26]] in [TOPO.hexes[g] for g in TOPO.hex_neighbors[order[16]]]
    rng = random.Random(hash(corner) & 0xFFFF)
    for _ in range(20):
        terrain = [t for t, k in data.EXT_TERRAIN_COUNTS.items() for _ in range(k)]
        rng.shuffle(terrain)
        numbers = spiral_numbers(TOPO, terrain, corner, EXT_LAYOUT.tokens)
        laid = [numbers[h] for h in order if terrain[h] != Terrain.DESERT]
        assert laid == list(data.EXT_TOKENS)  # A, B, C ... Zc in order, deserts skipped
        assert not red_numbers_touch(TOPO, numbers)  # computed fact, board-data.md §3.3


def test_components_bank_deck_and_pieces() -> None:
    s = new_game(Rules(players=5, seed=3))
    assert s.bank == [24] * 5
    assert s.deck == [20, 3, 3, 3, 5] and sum(s.deck) == 34
    assert s.settlements_left == [5] * 5 and s.cities_left == [4] * 5
    assert s.roads_left == [15] * 5


def test_rules_options() -> None:
    assert Rules(players=5).special_building
    assert not Rules(players=4).special_building
    mayfair = Rules(players=6, large_game_variant="mayfair")
    assert not mayfair.special_building and mayfair.discard_max == 10
    assert Rules(players=6).discard_max == 7
    assert Rules(players=6, large_game_variant="mayfair", discard_limit=8).discard_max == 8
    with pytest.raises(ValueError, match="beginner"):
        Rules(players=5, map_kind="beginner")
    with pytest.raises(ValueError, match="players"):
        Rules(players=9)
    with pytest.raises(ValueError, match="'big-island' or 'peanut'"):
        Rules(players=7)
    with pytest.raises(ValueError, match="large_game_variant"):
        Rules(players=5, large_game_variant="seafarers")


# -- the Special Building Phase ---------------------------------------------------------------


def _after_setup(rules: Rules) -> GameState:
    """A game whose set-up phase was played by taking the first legal action each time."""
    s = new_game(rules, first_player=0)
    while s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
        apply_checked(s, legal_actions(s)[0])
    assert s.phase == Phase.PRE_ROLL and s.current == 0
    return s


def _with_hands(s: GameState, hands: dict[int, dict[str, int]], **extra: Any) -> GameState:
    """The same position with the given hands (the bank pays for them) and fields."""
    obj = save_state(s)
    for p, hand in hands.items():
        for res, count in hand.items():
            obj["bank"][res] -= count - obj["players"][p]["hand"][res]
            obj["players"][p]["hand"][res] = count
    obj.update(extra)
    return load_state(obj)


RICH = {"brick": 2, "lumber": 2, "wool": 2, "grain": 3, "ore": 4}


def _roll_and_end(s: GameState, dice: tuple[int, int] = (2, 3)) -> None:
    p = s.current
    apply_checked(s, parse_action(f"p{p} roll", s.topo), dice)
    apply_checked(s, parse_action(f"p{p} end", s.topo))


def test_special_building_phase_order_and_skip() -> None:
    s = _after_setup(Rules(players=5, seed=11))
    # p2 and p4 can afford something; p1 and p3 hold nothing (after a roll that pays nothing
    # to them we overwrite all hands).
    s = _with_hands(
        s,
        {0: {}, 1: {r: 0 for r in RICH}, 2: RICH, 3: {r: 0 for r in RICH}, 4: RICH},
    )
    s = _with_hands(s, {p: {r: 0 for r in RICH} for p in (1, 3)})
    apply_checked(s, parse_action("p0 roll", s.topo), (6, 6))
    hands_before = [s.hand(p) for p in range(5)]
    apply_checked(s, parse_action("p0 end", s.topo))
    # Clockwise from the player after the current one; those who can build nothing skipped.
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 2 and s.current == 0
    assert [a.player for a in legal_actions(s)] == [2] * len(legal_actions(s))
    kinds = {a.kind for a in legal_actions(s)}
    assert kinds <= {
        ActionKind.BUILD_ROAD,
        ActionKind.BUILD_SETTLEMENT,
        ActionKind.BUILD_CITY,
        ActionKind.BUY_DEVELOPMENT,
        ActionKind.END_TURN,
    }
    assert ActionKind.BUY_DEVELOPMENT in kinds and ActionKind.BUILD_CITY in kinds
    city = next(a for a in legal_actions(s) if a.kind == ActionKind.BUILD_CITY)
    apply_checked(s, city)
    assert s.hand(2) != hands_before[2] and s.public_vp[2] == 3
    apply_checked(s, parse_action("p2 end", s.topo))
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 4
    apply_checked(s, parse_action("p4 end", s.topo))
    # Everybody had their special build turn: p1's turn begins.
    assert s.phase == Phase.PRE_ROLL and s.current == 1 and s.special_builder == -1


def _sbp_state(vp_cards: int = 1, vp_target: int = 10) -> GameState:
    s = _after_setup(Rules(players=6, seed=5, vp_target=vp_target))
    s = _with_hands(s, {1: RICH})
    obj = save_state(s)
    # p1 holds a knight bought on an earlier turn and victory point cards.
    obj["deck"]["knight"] -= 1
    obj["deck"]["victory-point"] -= vp_cards
    obj["players"][1]["development_cards"]["knight"] = 1
    obj["players"][1]["development_cards"]["victory-point"] = vp_cards
    s = load_state(obj)
    apply_checked(s, parse_action("p0 roll", s.topo), (6, 6))
    apply_checked(s, parse_action("p0 end", s.topo))
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 1
    return s


@pytest.mark.parametrize(
    "text",
    [
        "p1 knight",
        "p1 year-of-plenty ore ore",
        "p1 maritime 4grain for 1ore",
        "p1 offer 1grain for 1ore to p0",
        "p1 roll",
        "p0 settlement (0,-3)N",
        "p2 end",
        "p0 end",
    ],
)
def test_special_building_phase_forbids(text: str) -> None:
    s = _sbp_state()
    before = save_state(s)
    with pytest.raises(IllegalActionError) as err:
        apply_checked(s, parse_action(text, s.topo))
    assert err.value.rule in ("Turn Overview",), err.value
    assert save_state(s) == before  # nothing changed


def test_special_building_spends_down_before_the_robber() -> None:
    # "They can even keep their hand size at 7 or lower, so they do not have to lose cards
    # to the robber" (R5 p. 7): p1 holds 13 cards, builds in the phase, then a 7 is rolled.
    s = _sbp_state()
    assert s.hand_size(1) == 13
    city = next(a for a in legal_actions(s) if a.kind == ActionKind.BUILD_CITY)
    apply_checked(s, city)
    apply_checked(s, parse_action("p1 buy", s.topo), 3)  # a monopoly card
    assert s.hand_size(1) == 5
    while s.phase == Phase.SPECIAL_BUILD:
        apply_checked(s, parse_action(f"p{s.special_builder} end", s.topo))
    assert s.current == 1 and s.phase == Phase.PRE_ROLL
    # The card bought in the special build turn is playable on the player's own turn.
    assert any(a.kind == ActionKind.PLAY_MONOPOLY for a in legal_actions(s))
    apply_checked(s, parse_action("p1 roll", s.topo), (3, 4))
    assert s.discards[1] == 0


def test_no_victory_in_the_special_building_phase() -> None:
    # p1 reaches the target by building during p0's Special Building Phase: the game goes on
    # until p1's own turn begins (R5 Ending the Game: "you must wait until your next turn").
    s = _sbp_state(vp_cards=5, vp_target=8)
    assert s.total_vp(1) == 7
    city = next(a for a in legal_actions(s) if a.kind == ActionKind.BUILD_CITY)
    apply_checked(s, city)
    assert s.total_vp(1) == 8 and not is_over(s) and s.phase == Phase.SPECIAL_BUILD
    apply_checked(s, parse_action("p1 end", s.topo))
    while s.phase == Phase.SPECIAL_BUILD:
        assert not is_over(s)
        apply_checked(s, parse_action(f"p{s.special_builder} end", s.topo))
    assert is_over(s) and s.winner == 1 and s.current == 1


def test_mayfair_variant_has_no_special_building_and_discards_above_ten() -> None:
    s = _after_setup(Rules(players=5, large_game_variant="mayfair", seed=2))
    nine = {"brick": 2, "lumber": 2, "wool": 2, "grain": 2, "ore": 1}
    eleven = {"brick": 3, "lumber": 2, "wool": 2, "grain": 2, "ore": 2}
    s = _with_hands(s, {1: RICH, 2: nine, 3: eleven})
    apply_checked(s, parse_action("p0 roll", s.topo), (3, 4))
    assert s.discards == [0, 6, 0, 5, 0]  # 13 → 6, 9 keeps all (limit 10), 11 → 5
    for p in (1, 3):
        while s.discards[p]:
            apply_checked(s, legal_actions(s, p)[0])
    robber = legal_actions(s)[0]
    apply_checked(s, robber)
    apply_checked(s, parse_action("p0 end", s.topo))
    assert s.phase == Phase.PRE_ROLL and s.current == 1  # no Special Building Phase


def test_larger_bank_shortage_rule() -> None:
    # With 24 of a resource, production that needs more than the bank holds pays nobody
    # when several players are owed it, and pays the single owed player what is left.
    s = _after_setup(Rules(players=5, seed=8))
    roll = next(
        (d1, d2)
        for d1 in range(1, 7)
        for d2 in range(1, 7)
        if d1 + d2 != 7 and _owed_players(s, d1 + d2)
    )
    total = roll[0] + roll[1]
    owed = _owed_players(s, total)
    res = next(iter(owed))
    obj = save_state(s)
    name = ("brick", "lumber", "wool", "grain", "ore")[res]
    # Leave one card of that resource in the bank; a player not owed it holds the rest.
    taker = next(p for p in range(5) if p not in owed[res]) if len(owed[res]) < 5 else 0
    obj["players"][taker]["hand"][name] += obj["bank"][name] - 1
    obj["bank"][name] = 1
    s = load_state(obj)
    before = [s.hands[5 * p + res] for p in range(5)]
    apply_checked(s, parse_action(f"p{s.current} roll", s.topo), roll)
    after = [s.hands[5 * p + res] for p in range(5)]
    need = sum(owed[res].values())
    if need <= 1:
        assert sum(after) - sum(before) == need
    elif len(owed[res]) == 1:
        (only,) = owed[res]
        assert after[only] - before[only] == 1  # what is left
    else:
        assert after == before  # nobody gets it
    assert sum(s.hands[5 * p + res] for p in range(5)) + s.bank[res] == 24


def _owed_players(s: GameState, total: int) -> dict[int, dict[int, int]]:
    owed: dict[int, dict[int, int]] = {}
    for h in s.board.number_hexes[total]:
        if h == s.robber:
            continue
        r = s.board.hex_resource[h]
        for v in s.topo.hex_corners[h]:
            o = s.building_owner[v]
            if o >= 0:
                owed.setdefault(r, {}).setdefault(o, 0)
                owed[r][o] += s.building_level[v]
    return owed


@pytest.mark.parametrize("players", [5, 6])
def test_random_games_finish_with_components_conserved(players: int) -> None:
    for seed in range(6):
        s = new_game(Rules(players=players, seed=seed))
        rng = random.Random(seed)
        seen_sbp = False
        steps = 0
        while not is_over(s) and steps < 20_000:
            acts = [a for a in legal_actions(s) if a.kind != ActionKind.OFFER_TRADE]
            a = acts[rng.randrange(len(acts))]
            assert parse_action(format_action(a, s.topo), s.topo) == a
            seen_sbp = seen_sbp or s.phase == Phase.SPECIAL_BUILD
            apply(s, a)
            steps += 1
            for r in range(5):
                assert s.bank[r] + sum(s.hands[5 * p + r] for p in range(players)) == 24
        assert sum(s.deck) + sum(s.dev) + sum(s.played) == 34
        assert is_over(s) and s.total_vp(s.winner) >= 10
        assert seen_sbp
