"""``position(...)``: states built from their parts play on; invalid ones are refused; keys.

What this is for: the public position builder — defaults (a main-phase position on turn 1,
bank and deck conserving the cards, awards as the rules give them, cached values recounted),
names in the notation's coordinates, each phase's payload derived, positions that play on
with ``legal_actions`` and ``apply_checked``, and a ``ValueError`` naming the problem for a
position the rules cannot reach. Also ``position_key``: equal positions give equal keys, a
one-card change changes it, the generator state does not, and it is the same in another
process (no salted hashing).

What this is not: the per-invariant tests of ``validate`` (``test_validate.py``).
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import random
import subprocess
import sys

import pytest

from pysettlers.engine import (
    Game,
    GameState,
    Phase,
    Rules,
    apply_checked,
    deciders,
    format_action,
    legal_actions,
    load_state,
    new_game,
    parse_action,
    save_state,
)
from pysettlers.engine.derived import recount
from pysettlers.engine.position import position
from pysettlers.engine.records import position_key
from pysettlers.engine.types import NOBODY, DevCard, Helper
from pysettlers.engine.validate import validate
from support import harness

BEGINNER = Rules(map_kind="beginner")


def play(s: GameState, *texts: str) -> GameState:
    for text in texts:
        apply_checked(s, parse_action(text, s.topo))
    return s


def legal(s: GameState, player: int | None = None) -> list[str]:
    return [format_action(a, s.topo) for a in legal_actions(s, player)]


@pytest.mark.compiled_differs("doctest finds no examples in a compiled module")
def test_the_docstring_example_runs() -> None:
    # (By the module's name: the package may export the function under the same name.)
    module = importlib.import_module("pysettlers.engine.position")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4 and result.failed == 0


def test_defaults_are_a_main_phase_position_after_the_setup() -> None:
    s = position()
    assert s.rules == Rules() and s.phase == Phase.MAIN and s.turn == 1 and s.current == 0
    assert s.bank == [19] * 5 and s.deck == [14, 2, 2, 2, 5]
    assert s.robber == s.board.robber_start and s.winner == NOBODY
    assert validate(s) == []
    assert legal(s) == ["p0 end"]


def test_cards_are_conserved_by_default() -> None:
    s = position(
        BEGINNER,
        hands={0: "2ore+1wool", "p1": {"ore": 3}, 2: (1, 0, 0, 0, 0)},
        development_cards={0: "knight+victory-point", 3: {"monopoly": 1}},
        played={1: "road-building"},
        knights={2: 2},
    )
    assert s.bank == [18, 19, 18, 19, 14]
    assert s.deck == [14 - 1 - 2, 2 - 1, 2, 2 - 1, 5 - 1]
    assert s.knights == [0, 0, 2, 0] and s.played[10 + DevCard.KNIGHT] == 2
    assert s.total_vp(0) == 1


def test_pieces_by_any_name_or_id_and_caches_recounted() -> None:
    s0 = position(BEGINNER)
    t = s0.topo
    v = t.parse_intersection("(0,-1)N")
    s = position(
        BEGINNER,
        buildings={"(1,-2)SW": (0, "settlement"), t.parse_intersection("(0,1)N"): ("p1", "city")},
        roads={"(0,-1)NE": 0, t.parse_path("(0,1)NE"): 1},
    )
    assert s.building_owner[v] == 0 and s.building_level[v] == 1
    assert s.public_vp[:2] == [1, 2] and s.settlements_left[0] == 4 and s.cities_left[1] == 3
    assert {k: getattr(s, k) for k in recount(s)} == recount(s)


def test_awards_derived_or_given() -> None:
    line = ["(0,-2)E", "(0,-2)NE", "(0,-2)NW", "(0,-2)W", "(-1,-1)NW"]
    s = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement")},
        roads=dict.fromkeys(line, 0),
        knights={1: 3},
    )
    assert s.longest_road == 0 and s.largest_army == 1
    assert s.public_vp[:2] == [3, 2]
    with pytest.raises(ValueError, match="longest_road: p1 holds it with road length 0"):
        position(BEGINNER, buildings={"(0,-1)N": (0, "settlement")}, longest_road=1)
    unheld = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement")},
        roads=dict.fromkeys(line[:4], 0),
        longest_road=None,
    )
    assert unheld.longest_road == NOBODY


def test_a_built_position_plays_on() -> None:
    s = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement"), "(0,1)N": (1, "city")},
        roads={"(0,-1)NE": 0, "(0,-1)E": 0, "(0,1)NE": 1},
        hands={0: "1brick+1lumber+1wool+1grain"},
        phase="main",
    )
    assert "p0 settlement (0,0)N" in legal(s)
    play(s, "p0 settlement (0,0)N", "p0 end")
    assert s.public_vp[0] == 2 and s.phase == Phase.PRE_ROLL and s.current == 1
    assert validate(s) == []
    # ... and a random game goes on from it to its end, every position valid.
    game = Game(s, s.first_player, s.board)
    harness.random_play(game, random.Random(5), 4000)
    assert validate(s) == []


def test_pre_roll_and_a_roll() -> None:
    s = position(BEGINNER, phase="pre_roll", current=2, turn=7)
    assert legal(s) == ["p2 roll"]
    apply_checked(s, parse_action("p2 roll", s.topo), (3, 5))
    assert s.phase == Phase.MAIN and s.last_roll == 8


def test_discard_phase_derives_what_is_owed() -> None:
    s = position(BEGINNER, hands={0: "8ore", 1: "9wool", 2: "7grain"}, phase="discard")
    assert s.discards == [4, 4, 0, 0]
    assert deciders(s) == (0, 1)
    play(s, "p0 discard 4ore", "p1 discard 4wool")
    assert s.phase == Phase.MOVE_ROBBER


def test_road_building_phase() -> None:
    s = position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement")},
        roads={"(0,-1)NE": 0},
        phase="road_building",
        played={0: "road-building"},
        development_card_played=True,
    )
    assert s.free_roads == 2 and s.resume == Phase.MAIN
    assert all(a.startswith("p0 road ") for a in legal(s))
    play(s, legal(s)[0])
    play(s, legal(s)[0])
    assert s.phase == Phase.MAIN and s.roads_left[0] == 12


def test_trade_response_phase() -> None:
    s = position(
        BEGINNER,
        hands={0: "1brick", 1: "1wool", 2: "1wool"},
        phase="trade_response",
        offer=("1brick", "1wool"),
        answers={1: "pending", 2: "pending", 3: "not_asked"},
    )
    assert deciders(s) == (1, 2, 0)
    play(s, "p1 accept #1", "p2 reject #1", "p0 confirm p1 #1")
    assert s.hand(0) == (0, 0, 1, 0, 0) and s.hand(1) == (1, 0, 0, 0, 0)


def test_setup_phases() -> None:
    s = position(Rules(seed=3), phase="setup_settlement")
    assert s.turn == 0 and s.setup_step == 0 and s.current == 0
    assert len(legal(s)) == s.topo.n_intersections


def test_setup_road_position_from_the_snake_order() -> None:
    # First round from p0 with 3 players: p0, p1, p2; then p2, p1, p0.
    rules = Rules(players=3, seed=3)
    s = position(
        rules,
        phase="setup_road",
        buildings={"(0,-2)N": (0, "settlement"), "(0,0)N": (1, "settlement")},
        roads={"(0,-2)NE": 0},
    )
    assert s.setup_step == 1 and s.current == 1
    assert s.setup_vertex == s.topo.parse_intersection("(0,0)N")
    play(s, legal(s)[0])
    assert s.phase == Phase.SETUP_SETTLEMENT and s.current == 2


def test_special_build_phase_with_five_players() -> None:
    rules = Rules(players=5, seed=2)
    s = position(rules, phase="special_build", hands={1: "1ore+1wool+1grain"})
    assert s.special_builder == 1 and deciders(s) == (1,)
    assert "p1 buy" in legal(s, 1)
    with pytest.raises(ValueError, match="special_build needs 5–6 players"):
        position(BEGINNER, phase="special_build", special_builder=1)


def test_game_over() -> None:
    s = position(
        BEGINNER,
        development_cards={3: "5victory-point"},
        phase="game_over",
        current=3,
        buildings={v: (3, "city") for v in ("(0,-1)N", "(0,1)N", "(-2,1)N")},
    )
    assert s.winner == 3 and legal(s) == []
    with pytest.raises(ValueError, match="fewer than 10"):
        position(BEGINNER, phase="game_over")


def test_helpers_positions() -> None:
    rules = Rules(map_kind="beginner", helpers=True)
    s = position(rules, scenarios={"helpers": {0: "vincent", 1: "nassir"}})
    assert s.ext["helpers"] is not None
    assert s.ext["helpers"].held[0] == Helper.VINCENT and s.ext["helpers"].held[1] == Helper.NASSIR
    assert validate(s) == []
    game = Game(s, s.first_player, s.board)
    harness.random_play(game, random.Random(3), 300)
    assert validate(s) == []
    with pytest.raises(ValueError, match=r"'helpers'.* not in play"):
        position(BEGINNER, scenarios={"helpers": {0: "vincent"}})


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        (
            {"buildings": {"(0,0)N": (0, "settlement"), "(0,0)NE": (1, "settlement")}},
            "Distance Rule",
        ),
        ({"roads": {"(0,0)NE": 2}}, "Road: p2's road(s) (1,-1)SW connect to none"),
        ({"hands": {0: "20ore"}}, "bank: -1 ore"),
        ({"hands": {0: "2ore"}, "bank": "19ore"}, "bank: ore not conserved"),
        ({"current": 4}, "current: p4 is not a seat"),
        ({"phase": "game_over"}, "winner"),
        ({"phase": "nonsense"}, "phase: 'nonsense' is not a phase"),
        ({"buildings": {"(9,9)N": (0, "settlement")}}, "not an intersection"),
        ({"buildings": {"(0,0)N": (0, "castle")}}, "'castle' is not"),
        ({"development_cards": {0: "15knight"}}, "deck: -1 knight"),
        ({"knights": {0: 1}, "played": {0: "2knight"}}, "knights: p0 has 1 but played 2"),
        ({"turn": 0}, "turn: 0 is the set-up phase"),
        ({"phase": "discard"}, "discards: the discard phase with no discard owed"),
    ],
)
def test_invalid_positions_are_refused(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(ValueError) as info:
        position(BEGINNER, **kwargs)  # type: ignore[arg-type]
    assert word in str(info.value)


def test_too_many_roads_are_refused() -> None:
    t = position(BEGINNER).topo
    roads = {t.path_names[e]: 0 for e in range(30)}
    with pytest.raises(ValueError, match="p0 has 30 roads on the board"):
        position(BEGINNER, roads=roads, buildings={t.intersection_names[0]: (0, "settlement")})


def test_a_settlement_on_every_intersection_is_refused() -> None:
    t = position(BEGINNER).topo
    with pytest.raises(ValueError, match="Distance Rule") as info:
        position(BEGINNER, buildings={v: (0, "settlement") for v in range(t.n_intersections)})
    assert "settlements_left: p0 has 54 settlements" in str(info.value)


# -- position_key ---------------------------------------------------------------------------------


def sample() -> GameState:
    return position(
        BEGINNER,
        buildings={"(0,-1)N": (0, "settlement")},
        roads={"(0,-1)NE": 0},
        hands={0: "2ore+1wool", 1: "3brick"},
        development_cards={2: "knight"},
    )


def test_equal_positions_have_equal_keys() -> None:
    a, b = sample(), sample()
    assert a == b and position_key(a) == position_key(b)
    assert isinstance(position_key(a), int) and 0 <= position_key(a) < 2**64
    assert position_key(a.copy()) == position_key(a)


def test_a_one_card_change_changes_the_key() -> None:
    a = sample()
    b = sample()
    b.hands[4] -= 1
    b.bank[4] += 1
    assert position_key(a) != position_key(b)
    c = sample()
    c.hands[4], c.hands[5 + 4] = c.hands[5 + 4], c.hands[4]  # the same cards, another owner
    assert position_key(c) != position_key(a)
    d = sample()
    d.deck[0] += 1
    d.dev[10] -= 1
    assert position_key(d) != position_key(a)


def test_the_generator_state_and_events_do_not_change_the_key() -> None:
    a = sample()
    b = sample()
    b.rng ^= 12345
    b.events = [("roll", 0, (3, 4))]
    assert position_key(a) == position_key(b)


def test_other_rules_or_boards_change_the_key() -> None:
    assert position_key(position(Rules(seed=1))) != position_key(position(Rules(seed=2)))
    assert position_key(position(BEGINNER)) != position_key(
        position(Rules(map_kind="beginner", vp_target=12))
    )


def test_the_key_survives_save_and_load() -> None:
    s = harness.random_game(Rules(players=4, seed=8), 500).state
    loaded = load_state(json.loads(json.dumps(save_state(s))))
    assert position_key(loaded) == position_key(s)
    h = harness.random_game(Rules(players=5, seed=8, helpers=True), 400).state
    assert position_key(load_state(save_state(h))) == position_key(h)
    assert position_key(h) != position_key(s)


def test_the_key_is_the_same_in_another_process() -> None:
    s = new_game(Rules(players=3, seed=5))
    code = (
        "from pysettlers.engine import Rules, new_game\n"
        "from pysettlers.engine.records import position_key\n"
        "print(position_key(new_game(Rules(players=3, seed=5))))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert int(out.stdout) == position_key(s)
