"""Mutated documents at the engine's entry points: a ``ValueError`` or a result, never a hang.

What this is for: the property of issue 29's point 7 — saved positions (``load_state``,
which runs ``validate``), records (``replay``), map descriptions (the loader and
``Rules(map_kind="described")``) and the position builder (``position``), each fed
documents that start as real ones and are then mutated (a field replaced by another JSON
value — huge or negative numbers, wrong names, a list nested thousands deep —, deleted,
duplicated, or a many-pieces map of one player) answer with a result or a ``ValueError``
(``IllegalActionError`` and ``NotationError`` are ones); never another exception.

The time bound is structural first: pieces beyond the supply are refused before any road
is measured, and the walk itself refuses more than a player's pieces
(``test_trust_boundaries.py`` checks both without a clock). A hang guard (``SIGALRM``,
10 s, far above the slowest input's few milliseconds) turns a regression into a failure
instead of a stuck run; it is no timing assertion.

What this is not: the server's fuzz (``test_server_fuzz.py``) or legality of actions
(``test_trust_boundaries.py``, the invariant harness).
"""

from __future__ import annotations

import json
import random
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysettlers.engine import Game, Rules, legal_actions, load_state, save_state, validate
from pysettlers.engine.maps import description_json, load_description
from pysettlers.engine.maps.tables import ISLANDS
from pysettlers.engine.position import position
from pysettlers.engine.records import replay
from support import harness

HANG_S = 10.0
EXAMPLES = 2000 if harness.soak() else 60  # (make soak: many more)


class Hang(Exception):
    """An input took longer than ``HANG_S`` (the guard, not a measurement)."""


@contextmanager
def hang_guard() -> Iterator[None]:
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"an input ran past {HANG_S} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def only_value_errors(call: Callable[[], object]) -> None:
    """Run ``call``: it may return or raise ``ValueError``; anything else fails the test."""
    with hang_guard(), suppress(ValueError):
        call()


def _game(rules: Rules, steps: int) -> Game:
    g = Game.new(rules)
    rng = random.Random(rules.seed)
    for _ in range(steps):
        acts = legal_actions(g.state)
        if not acts:
            break
        g.play(rng.choice(acts))
    return g


GAMES = [
    _game(Rules(seed=3), 250),
    _game(Rules(ships=True, seed=4), 400),
    _game(Rules(players=5, helpers=True, seed=5), 250),
    _game(
        Rules(map_kind="islands", pirate=True, alternate=("victory_points_played",), seed=6), 250
    ),
]
STATES = [save_state(g.state) for g in GAMES]
RECORDS = []
for _g in GAMES[:2]:
    _r = _g.to_json()
    _r["actions"] = _r["actions"][:50]  # a short replay per example
    del _r["result"]  # (a part of a record: no result to compare)
    RECORDS.append(_r)
DESCRIPTION = description_json(ISLANDS)

DEEP: list[Any] = []
for _ in range(5000):
    DEEP = [DEEP]
NAMES = ["(0,0)", "(0,-1)N", "(0,-1)NE", "(99,99)", "p0", "p9", "ore", "knight", "main", "x"]

json_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 5, 7, 15, 16, 99, 2**63]),
    st.floats(allow_nan=True),
    st.sampled_from(NAMES),
    st.text(max_size=12),
    st.just("x" * 5000),
    st.just("<deep>").map(lambda _: DEEP),  # (named, not shown: repr(DEEP) would recurse)
    st.lists(st.integers(-3, 300), max_size=5),
    st.dictionaries(st.sampled_from(NAMES), st.integers(-2, 9), max_size=3),
)


def _paths(doc: Any, pre: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield pre
    if doc is DEEP:
        return
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*pre, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*pre, i))


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` (a JSON document) with one to three fields replaced, deleted or copied."""
    doc = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        where = draw(st.sampled_from(paths))
        parent = doc
        for k in where[:-1]:
            parent = parent[k]
        key = where[-1]
        op = draw(st.sampled_from(["replace", "replace", "delete", "copy", "add", "nudge"]))
        if op == "replace":
            parent[key] = draw(json_values)
        elif op == "delete" and isinstance(parent, dict):
            del parent[key]
        elif op == "copy" and isinstance(parent, list):
            parent.extend([parent[key]] * draw(st.integers(1, 60)))
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(NAMES))] = draw(json_values)
        elif op == "nudge" and type(parent[key]) is int:
            parent[key] += draw(st.sampled_from([-1, 1, 8, -100, 10**6]))
    return doc


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


@FUZZ
@given(st.sampled_from(range(len(STATES))).flatmap(lambda i: mutated(STATES[i])))
def test_mutated_saved_positions_load_or_raise_value_error(doc: Any) -> None:
    def load_and_check() -> None:
        s = load_state(doc)
        assert validate(s) == []  # a position that loads is a valid one

    only_value_errors(load_and_check)


@FUZZ
@given(st.sampled_from(range(len(RECORDS))).flatmap(lambda i: mutated(RECORDS[i])))
def test_mutated_records_replay_or_raise_value_error(record: Any) -> None:
    only_value_errors(lambda: replay(record))


@FUZZ
@given(mutated(DESCRIPTION))
def test_mutated_map_descriptions_load_or_raise_value_error(desc: Any) -> None:
    try:
        text = json.dumps(desc)
    except (ValueError, RecursionError):
        text = "[" * 5000 + "]" * 5000  # (a value too deep to write: the same as text)
    only_value_errors(lambda: load_description(text))
    only_value_errors(lambda: Rules(map_kind="described", map_description=text))


# The builder is a typed Python API (the compiled engine refuses a value of another type
# with a TypeError before the function runs): values of the declared types, any content.
PLAYERS = st.one_of(
    st.integers(-2, 8), st.integers(-(2**70), 2**70), st.sampled_from([*NAMES, "p1"])
)
SPOTS = st.one_of(st.integers(-2, 300), st.integers(-(2**70), 2**70), st.sampled_from(NAMES))
CARDS = st.one_of(
    st.sampled_from(["", "2ore", "99brick", "x", "ore+ore", "knight", "1" * 50 + "ore"]),
    st.lists(st.integers(-3, 120), max_size=6),
    st.dictionaries(st.sampled_from(NAMES), st.integers(-3, 120), max_size=3),
)


@FUZZ
@given(
    rules=st.sampled_from([Rules(), Rules(players=6), Rules(ships=True), Rules(helpers=True)]),
    roads=st.one_of(
        st.dictionaries(SPOTS, PLAYERS, max_size=8),
        st.integers(0, 120).map(lambda k: {e: 0 for e in range(k)}),
    ),
    buildings=st.dictionaries(
        st.integers(0, 60),
        st.tuples(PLAYERS, st.sampled_from(["settlement", "city", 3])),
        max_size=8,
    ),
    ships=st.one_of(st.none(), st.integers(0, 200).map(lambda k: {e: 1 for e in range(k)})),
    hands=st.dictionaries(PLAYERS, CARDS, max_size=2),
)
def test_the_position_builder_builds_or_raises_value_error(
    rules: Rules, roads: Any, buildings: Any, ships: Any, hands: Any
) -> None:
    scenarios = {"ships": ships} if rules.ships and ships is not None else None
    only_value_errors(
        lambda: position(rules, roads=roads, buildings=buildings, hands=hands, scenarios=scenarios)
    )


def test_the_hang_guard_fires() -> None:
    if not hasattr(signal, "setitimer"):
        pytest.skip("no interval timers on this platform")
    global HANG_S
    saved, HANG_S = HANG_S, 0.05  # (seconds: a float is what setitimer takes)
    try:
        with pytest.raises(Hang):
            only_value_errors(lambda: [None for _ in iter(int, 1)])
    finally:
        HANG_S = saved
