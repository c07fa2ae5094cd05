"""Malformed or falsified records: ``replay`` refuses them with a ``ValueError`` that says where.

What this is for: regression tests that a record with a missing key, a value of the wrong
type, an invalid board, a bad or illegal action, or a falsified ``result`` raises a
``ValueError`` (``NotationError`` and ``IllegalActionError`` are ones) naming the field or
the action number and text — never ``KeyError``, ``IndexError``, ``AttributeError`` or
``TypeError`` — and a hypothesis fuzz that mutates real records (deleting keys, changing
types, truncating lists, swapping values) and accepts no other exception. Not the replay's
faithfulness on good records (``test_records.py`` and the invariant harness).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    NotationError,
    Phase,
    Rules,
    legal_actions,
    position_key,
    replay,
)
from support import harness


def _record(rules: Rules, steps: int) -> dict[str, Any]:
    return harness.random_game(rules, steps).to_json()


RECORDS = {
    "variable3": _record(Rules(players=3, seed=4), 120),
    "beginner4": _record(Rules(map_kind="beginner", seed=2), 90),
    "ext5-helpers": _record(Rules(players=5, seed=6, helpers=True), 90),
}


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    game = harness.random_game(Rules(players=3, seed=4), 20000)
    assert game.state.phase == Phase.GAME_OVER
    return game.to_json()


def test_the_good_records_replay() -> None:
    for record in RECORDS.values():
        game = replay(copy.deepcopy(record))
        assert len(game.steps) == len(record["actions"])


# -- fields ---------------------------------------------------------------------------------------


def without(record: dict[str, Any], key: str) -> dict[str, Any]:
    out = copy.deepcopy(record)
    del out[key]
    return out


def with_(record: dict[str, Any], key: str, value: object) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out[key] = value
    return out


R = RECORDS["variable3"]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (None, "must be a JSON object"),
        ([R], "must be a JSON object"),
        (without(R, "rules"), "the record has no 'rules'"),
        (without(R, "board"), "the record has no 'board'"),
        (without(R, "first_player"), "the record has no 'first_player'"),
        (without(R, "actions"), "the record has no 'actions'"),
        (without(R, "result"), "the record has no 'result'"),
        (with_(R, "rules", "4 players"), "rules: rules must be a JSON object"),
        (with_(R, "rules", {**R["rules"], "players": 3.5}), "rules: players must be an integer"),
        (with_(R, "rules", {**R["rules"], "players": 4}), "board: .*tokens|board: .*terrain|"),
        (with_(R, "board", []), "board: board must be a JSON object"),
        (with_(R, "board", {"hexes": R["board"]["hexes"][:18], "harbors": []}), "board: .*18"),
        (with_(R, "first_player", "0"), "first_player must be a seat from 0 to 2"),
        (with_(R, "first_player", 3), "first_player must be a seat from 0 to 2"),
        (with_(R, "first_player", True), "first_player must be a seat"),
        (with_(R, "actions", {"0": ["p0 roll"]}), "actions must be a list"),
        (with_(R, "actions", ["p0 roll"]), r"actions\[0\] \(action 1\) must be a list"),
        (with_(R, "actions", [[]]), r"actions\[0\] \(action 1\) must be a list"),
        (with_(R, "actions", [[1]]), r"action 1\): the action must be a string"),
        (with_(R, "actions", [["a", "b", "c"]]), r"actions\[0\] \(action 1\) must be a list"),
        (with_(R, "result", None), "result must be a JSON object"),
        (with_(R, "result", {}), "result has no 'winner'"),
    ],
)
def test_malformed_fields_are_named(bad: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        replay(bad)


def test_an_invalid_board_is_refused() -> None:
    bad = copy.deepcopy(R)
    item = next(h for h in bad["board"]["hexes"] if h["number"] == 6)
    item["number"] = 7
    with pytest.raises(ValueError, match=r"board: hex \(.*\) has number 7"):
        replay(bad)
    bad = copy.deepcopy(R)
    items = [h for h in bad["board"]["hexes"] if h["number"] not in (0, 5)]
    items[0]["number"] = 5  # one 5 too many: not the token set of the rules
    with pytest.raises(ValueError, match="board: number tokens"):
        replay(bad)


def test_a_failing_action_is_named_by_number_and_text() -> None:
    actions = R["actions"]
    i = next(k for k in range(10, len(actions)) if actions[k][0].endswith(" end"))
    bad = copy.deepcopy(R)
    bad["actions"][i] = [actions[i][0].replace(" end", " teleport")]
    with pytest.raises(NotationError, match=rf"action {i + 1} \('p\d teleport'\): .*unknown"):
        replay(bad)
    bad["actions"][i] = [actions[i][0], "ore"]  # an outcome where there is no chance
    with pytest.raises(IllegalActionError) as info:
        replay(bad)
    assert f"action {i + 1} ({actions[i][0]!r})" in str(info.value)
    assert info.value.rule and "involves no chance" in info.value.message
    bad["actions"][i] = [actions[i][0], 5]
    with pytest.raises(ValueError, match=rf"action {i + 1}\): the outcome must be a string"):
        replay(bad)


def test_a_long_action_text_is_shortened_in_the_message() -> None:
    bad = with_(R, "actions", [["p0 " + "x" * 10000]])
    with pytest.raises(NotationError) as info:
        replay(bad)
    assert len(str(info.value)) < 400 and str(info.value).startswith("action 1 (")


def test_unchecked_replay_of_an_impossible_step_is_a_value_error() -> None:
    # Unchecked, apply trusts its input: this city is built where the rules forbid it, and
    # the replay only notices at the end — the result is not the game's — but as a
    # ValueError all the same, never an exception from deep inside apply.
    bad = with_(R, "actions", [["p2 city (0,0)N"], *R["actions"]])
    with pytest.raises(ValueError, match=r"result\.points is"):
        replay(bad, checked=False)
    with pytest.raises(IllegalActionError, match=r"action 1 \('p2 city \(0,0\)N'\)"):
        replay(bad)


@pytest.mark.parametrize("upto", [-1, 1.5, "3", True])
def test_upto_must_be_a_count(upto: object) -> None:
    with pytest.raises(ValueError, match="upto must be a non-negative integer"):
        replay(R, upto=upto)  # type: ignore[arg-type]


# -- the result ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "change", "message"),
    [
        ("winner", lambda w: (w + 1) % 3, "result.winner is"),
        ("winner", lambda w: None, "result.winner is None, but the replayed game has"),
        ("winner", lambda w: bool(w) if w in (0, 1) else "1", "result.winner is"),
        ("turns", lambda t: t + 1, "result.turns is"),
        ("turns", lambda t: float(t), "result.turns is"),
        ("points", lambda p: [10, *p[1:]] if p[0] != 10 else [9, *p[1:]], "result.points is"),
        ("points", lambda p: p[:-1], "result.points is"),
        ("points", lambda p: [float(x) for x in p], "result.points is"),
    ],
)
def test_a_falsified_result_is_refused(
    finished: dict[str, Any], key: str, change: Any, message: str
) -> None:
    bad = copy.deepcopy(finished)
    bad["result"][key] = change(bad["result"][key])
    with pytest.raises(ValueError, match=message):
        replay(bad)
    replay(bad, upto=len(bad["actions"]) - 1)  # a partial replay does not judge the result


def test_an_unfinished_records_result_is_checked_too() -> None:
    bad = copy.deepcopy(R)
    bad["result"]["winner"] = 0  # nobody has won yet
    with pytest.raises(ValueError, match=r"result.winner is 0, but the replayed game has None"):
        replay(bad)


def test_the_true_result_passes(finished: dict[str, Any]) -> None:
    game = replay(copy.deepcopy(finished))
    assert game.state.winner == finished["result"]["winner"]


# -- fuzz: mutate real records -------------------------------------------------------------------


def paths(obj: object, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path inside a JSON value (lists by index), the value itself excluded."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def parent_of(obj: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        obj = obj[k]
    return obj


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(["p0 roll", "3+4", "(0,0)", "p9 end", "ore", "9" * 5000, "desert"]),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    record = copy.deepcopy(RECORDS[draw(st.sampled_from(sorted(RECORDS)))])
    for _ in range(draw(st.integers(1, 3))):
        all_paths = list(paths(record))
        if not all_paths:
            break
        path = draw(st.sampled_from(all_paths))
        parent = parent_of(record, path)
        key = path[-1]
        how = draw(st.sampled_from(["delete", "retype", "truncate", "swap", "edit"]))
        if how == "delete":
            del parent[key]
        elif how == "retype":
            parent[key] = draw(JUNK)
        elif how == "truncate":
            value = parent[key]
            if isinstance(value, list | str):
                parent[key] = value[: draw(st.integers(0, max(0, len(value) - 1)))]
            else:
                parent[key] = draw(JUNK)
        elif how == "swap":
            other = draw(st.sampled_from(all_paths))
            try:
                other_parent = parent_of(record, other)
                parent[key], other_parent[other[-1]] = other_parent[other[-1]], parent[key]
            except (KeyError, IndexError, TypeError):
                pass  # the other path went away with an earlier swap
        else:
            value = parent[key]
            if isinstance(value, str) and value:
                i = draw(st.integers(0, len(value) - 1))
                parent[key] = (
                    value[:i]
                    + draw(st.sampled_from(["9", "-", "+", " ", "p", "x"]))
                    + value[i + 1 :]
                )
            else:
                parent[key] = draw(JUNK)
    return record


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(record=mutated(), checked=st.booleans())
def test_mutated_records_raise_only_value_errors(record: dict[str, Any], checked: bool) -> None:
    try:
        game = replay(record, checked=checked)
    except ValueError:
        return
    # Accepted: then it really is a record of the game it rebuilt.
    if checked:
        again = Game(game.state, game.first_player, game.board, game.steps)
        assert position_key(replay(again.to_json()).state) == position_key(game.state)


def test_an_unchecked_replay_of_a_kind_the_rules_lack_is_a_value_error() -> None:
    # Found by the compiled build's run of the property above: a helper's action in a
    # record whose rules have no helpers reached apply() unchecked (an AssertionError).
    game = Game.new(Rules(players=4, seed=3))
    record = game.to_json()
    record["actions"] = [["p0 jean ore"]]
    for checked in (True, False):
        with pytest.raises(ValueError, match="helpers"):
            replay(record, checked=checked)


def test_an_unchecked_confirm_with_a_player_who_never_agreed_is_a_value_error() -> None:
    # Found by the property above (it failed now and then): an offer, every answer a
    # rejection but one acceptance, then a record confirming the trade with one who
    # rejected reached the trade unchecked (an AssertionError, not a ValueError).
    game = Game.new(Rules(players=3, seed=5))
    s = game.state
    while s.phase != Phase.MAIN or not any(s.hands[5 * s.current : 5 * s.current + 5]):
        legal = legal_actions(s)
        game.play(next((a for a in legal if a.kind == ActionKind.END_TURN), legal[0]))
    p = s.current
    # An offer one of the others can accept (they hold what is asked).
    offer, r = next(
        (a, r)
        for a in legal_actions(s)
        if a.kind == ActionKind.OFFER_TRADE
        for r in ((p + 1) % 3, (p + 2) % 3)
        if s.holds(r, a.get)
    )
    q = 3 - p - r
    game.play(offer)
    for who, kind in sorted([(q, ActionKind.REJECT_TRADE), (r, ActionKind.ACCEPT_TRADE)]):
        game.play(Action(who, kind, offer=s.offer_id))
    record = game.to_json()
    record["actions"].append([f"p{p} confirm p{q} #{s.offer_id}"])
    with pytest.raises(IllegalActionError, match="has not agreed"):
        replay(record, checked=True)
    with pytest.raises(ValueError, match=f"p{q} has not agreed to trade"):
        replay(record, checked=False)
