"""Saved positions and game records: round trips, replay, and records that must not replay.

What this is for: ``save_state``/``load_state`` give back an equal state (also through JSON
text); a record replays to the identical position without any RNG; a tampered record fails
with :class:`IllegalActionError` at the bad step (or :class:`NotationError` if the text is
no action), and a record whose chance steps lack their outcomes fails with a message naming
the step.

What this is not: the random-simulation round trips over thousands of games (the harness in
``test_invariants.py`` does those); here each failure mode is pinned on a small case.
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
    IllegalActionError,
    NotationError,
    Phase,
    Rules,
    load_state,
    position_key,
    replay,
    save_state,
)
from pysettlers.engine.records import RECORD_FORMAT, STATE_FORMAT
from support import harness


@pytest.fixture(scope="module")
def finished() -> Game:
    """A 3-player random game played to its end."""
    game = harness.random_game(Rules(players=3, seed=4), 20000)
    assert game.state.phase == Phase.GAME_OVER
    return game


@pytest.fixture(scope="module")
def record(finished: Game) -> dict[str, Any]:
    return finished.to_json()


def _index(record: dict[str, Any], pred: Any, start: int = 0) -> int:
    """The index of the first record step at or after ``start`` whose item satisfies ``pred``."""
    for i in range(start, len(record["actions"])):
        if pred(record["actions"][i]):
            return i
    raise AssertionError("no such step in the record")


# -- save / load --------------------------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 1, 9, 40, 150, 400, 800])
@pytest.mark.parametrize(
    "rules",
    [Rules(players=4, seed=21), Rules(players=2, map_kind="beginner", trade_build="separate")],
    ids=["variable4", "beginner2"],
)
def test_save_load_round_trip(rules: Rules, steps: int) -> None:
    s = harness.random_game(rules, steps).state
    saved = save_state(s)
    text = json.dumps(saved)
    loaded = load_state(json.loads(text))
    assert loaded == s
    assert loaded.rng == s.rng  # the game's own generator continues identically
    assert json.dumps(save_state(loaded)) == text
    # The loaded position plays on exactly as the original would.
    a, b = s.copy(), loaded
    harness.random_play(Game(a, a.first_player, a.board), random.Random(1), 50)
    harness.random_play(Game(b, b.first_player, b.board), random.Random(1), 50)
    assert a == b


def test_save_state_is_readable_json(finished: Game) -> None:
    saved = save_state(finished.state)
    assert saved["format"] == STATE_FORMAT
    assert saved["phase"] == "game_over"
    assert saved["winner"] == finished.state.winner
    some_building = next(iter(saved["buildings"]))
    assert some_building.startswith("(")  # named in the notation's coordinates
    assert set(saved["bank"]) == {"brick", "lumber", "wool", "grain", "ore"}


def test_load_state_rejects_other_documents(finished: Game) -> None:
    saved = save_state(finished.state)
    with pytest.raises(ValueError, match=STATE_FORMAT):
        load_state({**saved, "format": "something-else/1"})
    bad = copy.deepcopy(saved)
    bad["bank"]["gold"] = 3
    with pytest.raises(ValueError, match="gold"):
        load_state(bad)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("robber"),
        lambda d: d.update(phase="nonsense"),
        lambda d: d.update(rng=5),
        lambda d: d.update(players=d["players"][:1]),
        lambda d: d["players"][0].pop("hand"),
        lambda d: d.update(buildings={"(9,9)N": {"player": 0, "kind": "settlement"}}),
        lambda d: d.update(buildings={"(0,0)N": {"player": 0, "kind": "castle"}}),
    ],
    ids=["missing", "bad-phase", "bad-rng", "players", "hand", "bad-name", "bad-kind"],
)
def test_load_state_raises_value_error_on_malformed_data(
    finished: Game, damage: Callable[[dict[str, Any]], object]
) -> None:
    saved = copy.deepcopy(save_state(finished.state))
    damage(saved)
    with pytest.raises(ValueError):
        load_state(saved)


def test_load_state_raises_value_error_on_non_documents() -> None:
    for junk in ([], "pysettlers-state/1", None, 3):
        with pytest.raises(ValueError):
            load_state(junk)  # type: ignore[arg-type]


# -- replay -------------------------------------------------------------------------------------


def test_a_record_replays_to_the_identical_position(finished: Game, record: dict[str, Any]) -> None:
    again = replay(json.loads(json.dumps(record)))
    assert position_key(again.state) == position_key(finished.state)
    assert again.to_json() == record
    assert record["result"]["winner"] == finished.state.winner
    assert record["format"] == RECORD_FORMAT


def test_replay_upto_stops_at_any_step(finished: Game, record: dict[str, Any]) -> None:
    n = len(record["actions"])
    for upto in (0, 1, n // 3, n - 1):
        partial = replay(record, upto=upto)
        assert len(partial.steps) == upto
        assert partial.to_json()["actions"] == record["actions"][:upto]
    assert replay(record, upto=n - 1).state.phase != Phase.GAME_OVER


def test_position_key_ignores_only_the_generator(finished: Game) -> None:
    s = finished.state
    t = s.copy()
    t.rng ^= 1
    assert position_key(t) == position_key(s) and t != s
    assert isinstance(position_key(s), int)  # hashable: usable in sets and as a dict key
    t.turn += 1
    assert position_key(t) != position_key(s)


def test_replay_rejects_other_documents(record: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=RECORD_FORMAT):
        replay({**record, "format": "pysettlers-state/1"})


# -- tampered records ---------------------------------------------------------------------------


def _tampered(record: dict[str, Any], i: int, item: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out["actions"][i] = item
    return out


def _replay_fails_at(record: dict[str, Any], i: int) -> IllegalActionError:
    """Replay must fail at step ``i`` exactly: the steps before it still replay."""
    replay(record, upto=i)
    with pytest.raises(IllegalActionError) as info:
        replay(record)
    return info.value


def test_an_action_by_the_wrong_player_fails(record: dict[str, Any]) -> None:
    i = _index(record, lambda item: item[0].endswith(" roll"), 20)
    player = int(record["actions"][i][0].split()[0][1:])
    other = (player + 1) % 3
    bad = _tampered(record, i, [f"p{other} roll", *record["actions"][i][1:]])
    err = _replay_fails_at(bad, i)
    assert err.rule == "Turn Overview" and f"not p{other}'s decision" in err.message


def test_an_action_out_of_phase_fails(record: dict[str, Any]) -> None:
    i = _index(record, lambda item: item[0].endswith(" end"))
    bad = copy.deepcopy(record)
    bad["actions"].insert(i + 1, [bad["actions"][i][0]])  # end the same turn twice
    err = _replay_fails_at(bad, i + 1)
    assert "not p" in err.message or "you cannot end your turn" in err.message


def test_a_settlement_breaking_the_distance_rule_fails(record: dict[str, Any]) -> None:
    first, second = record["actions"][0][0], record["actions"][2][0]
    assert " settlement " in first and " settlement " in second
    # The second player's first settlement moved next to the first player's: a path away.
    g = Game.new(Rules.from_json(record["rules"]), first_player=record["first_player"])
    topo = g.state.topo
    v = topo.parse_intersection(first.split()[2])
    neighbour = topo.intersection_names[topo.intersection_neighbors[v][0]]
    bad = _tampered(record, 2, [f"{second.split()[0]} settlement {neighbour}"])
    err = _replay_fails_at(bad, 2)
    assert err.rule == "Distance Rule"


def test_a_stolen_card_the_victim_does_not_hold_fails(record: dict[str, Any]) -> None:
    for i, item in enumerate(record["actions"]):
        if " robber " not in item[0] or len(item) != 2:
            continue
        victim = int(item[0].split()[3][1:])
        missing = [r for r, c in enumerate(replay(record, upto=i).state.hand(victim)) if not c]
        if missing:
            break
    else:
        raise AssertionError("no robbery of a victim lacking some resource in the record")
    name = ["brick", "lumber", "wool", "grain", "ore"][missing[0]]
    err = _replay_fails_at(_tampered(record, i, [item[0], name]), i)
    assert err.rule == "Robber" and f"holds no card '{name}' to be stolen" in err.message
    assert "<" not in err.message  # the card by its name, not an enum's repr


def test_impossible_dice_fail(record: dict[str, Any]) -> None:
    i = _index(record, lambda item: item[0].endswith(" roll"))
    with pytest.raises(NotationError, match="not a dice outcome"):
        replay(_tampered(record, i, [record["actions"][i][0], "7+1"]))


def test_a_card_gone_from_the_deck_cannot_be_drawn(record: dict[str, Any]) -> None:
    names = ["knight", "road-building", "year-of-plenty", "monopoly", "victory-point"]
    buys = [j for j, item in enumerate(record["actions"]) if item[0].endswith(" buy")]
    for j in reversed(buys):  # the late purchases are the likely ones
        empty = [c for c in range(5) if not replay(record, upto=j).state.deck[c]]
        if empty:
            break
    else:
        raise AssertionError("no purchase with a kind of card already gone in the record")
    err = _replay_fails_at(_tampered(record, j, [record["actions"][j][0], names[empty[0]]]), j)
    assert f"'{names[empty[0]]}' is not a card left in the deck" in err.message


def test_an_outcome_for_an_action_without_chance_fails(record: dict[str, Any]) -> None:
    k = _index(record, lambda item: item[0].endswith(" end"))
    err = _replay_fails_at(_tampered(record, k, [record["actions"][k][0], "ore"]), k)
    assert "involves no chance" in err.message


def test_text_that_is_no_action_fails_with_a_notation_error(record: dict[str, Any]) -> None:
    with pytest.raises(NotationError, match="unknown action"):
        replay(_tampered(record, 5, ["p0 teleport (0,0)"]))


def test_a_record_without_chance_outcomes_fails_clearly(record: dict[str, Any]) -> None:
    i = _index(record, lambda item: item[0].endswith(" roll"))
    bad = _tampered(record, i, [record["actions"][i][0]])  # the dice were not written down
    with pytest.raises(ValueError, match="lacks the chance outcome") as info:
        replay(bad)
    assert record["actions"][i][0] in str(info.value)
    replay(bad, upto=i)  # everything before the incomplete step is fine


def test_a_game_started_by_a_roll_off_records_its_starting_player() -> None:
    game = Game.new(Rules(players=4, seed=9))  # the starting player is rolled for
    assert game.start_events and game.start_events[0].kind == "start_roll"
    harness.random_play(game, random.Random(2), 30)
    again = replay(game.to_json())
    assert again.state.first_player == game.state.first_player
    assert position_key(again.state) == position_key(game.state)


def test_game_play_accepts_notation_and_records_outcomes() -> None:
    game = Game.new(Rules(map_kind="beginner", seed=3))
    assert game.play("p0 roll", (3, 4)) == (3, 4)
    assert game.to_json()["actions"] == [["p0 roll", "3+4"]]
    with pytest.raises(IllegalActionError):
        game.play("p1 end")
    assert len(game.steps) == 1  # a refused action is not recorded
    assert game.state.phase in (Phase.DISCARD, Phase.MOVE_ROBBER)
