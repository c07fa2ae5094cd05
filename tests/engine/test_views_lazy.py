"""Lazy views (``observe(..., lazy=True)``): the same view, filled in on first read.

A lazy view must read exactly as the eager view of the same moment — whenever it is read,
however many actions were applied since — and must never carry the state anywhere: it
pickles whole and without it, and lets go of it once filled in. The no-leak properties of
views (``test_views.py``) carry over through the equality with the eager view.
"""

from __future__ import annotations

import gc
import pickle
import random
import weakref
from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pysettlers.engine import Rules, apply, legal_actions, observe
from pysettlers.engine.state import GameState
from pysettlers.engine.views import View
from support import harness
from support.views import SETTINGS, positions, reference_view

EAGER_AT_ONCE = ("viewer", "n", "phase", "current", "turn", "winner", "version", "ext")


def _source(view: View) -> object:
    return object.__getattribute__(view, "_source")


def _same(lazy: View, eager: View) -> None:
    for f in fields(View):
        if f.compare:
            assert getattr(lazy, f.name) == getattr(eager, f.name), f.name
    assert lazy == eager


def _step(s: GameState, rng: random.Random) -> None:
    apply(s, rng.choice(legal_actions(s)))


@SETTINGS
@given(s=positions(), data=st.data())
def test_a_lazy_view_read_at_once_is_the_eager_view(s: GameState, data: st.DataObject) -> None:
    viewer = data.draw(st.sampled_from([None, *range(s.n)]))
    since = data.draw(st.sampled_from([None, -1, max(-1, s.version - 1), s.version // 2]))
    lazy = observe(s, viewer, since, lazy=True)
    assert _source(lazy) is not None  # nothing but the fields read at once is filled in yet
    for name in EAGER_AT_ONCE:
        getattr(lazy, name)
    assert _source(lazy) is not None
    later = [f.name for f in fields(View) if f.init and f.name not in EAGER_AT_ONCE]
    first = data.draw(st.sampled_from(later))
    getattr(lazy, first)  # any other field fills in the whole view
    assert _source(lazy) is None
    _same(lazy, observe(s, viewer, since))
    _same(lazy, reference_view(s, viewer, since))


@SETTINGS
@given(s=positions(max_steps=600), data=st.data())
def test_a_kept_lazy_view_reads_its_own_moment_after_the_game_moved_on(
    s: GameState, data: st.DataObject
) -> None:
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    views = []
    for _ in range(data.draw(st.integers(1, 6))):
        if s.winner >= 0:
            break
        viewer = data.draw(st.sampled_from([None, *range(s.n)]))
        since = data.draw(st.sampled_from([None, -1, max(-1, s.version - 1)]))
        views.append((observe(s, viewer, since, lazy=True), observe(s, viewer, since)))
        for _ in range(data.draw(st.integers(1, 20))):
            if s.winner >= 0:
                break
            _step(s, rng)
    for lazy, eager in views:
        _same(lazy, eager)


@pytest.mark.compiled_differs("a compiled GameState's methods cannot be patched")
def test_the_state_changing_under_a_kept_view_would_show_without_the_completion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The control for the test above: with ``apply``'s completion of held views switched off,
    # a lazy view read after the game moved on shows the later moment, and the check fails.
    s = harness.random_game(Rules(players=4, seed=7), 300).state
    lazy, eager = observe(s, 0, lazy=True), observe(s, 0)
    monkeypatch.setattr(GameState, "freeze_views", lambda self: None)
    rng = random.Random(1)
    for _ in range(40):
        _step(s, rng)
    assert lazy != eager


def test_a_view_nobody_kept_costs_apply_nothing_and_keeps_no_state() -> None:
    s = harness.random_game(Rules(players=3, seed=11), 200).state
    view = observe(s, 1, lazy=True)
    ref = weakref.ref(view)
    assert len(s.live_views) == 1
    del view
    assert ref() is None  # freed at once: the state holds only a weak reference
    _step(s, random.Random(2))
    assert s.live_views == []


def test_a_filled_view_lets_go_of_the_state() -> None:
    s = harness.random_game(Rules(players=4, seed=3), 150).state
    view = observe(s, 2, lazy=True)
    _step(s, random.Random(3))  # the held view is completed before the state changes
    assert _source(view) is None
    # Neither the view nor anything it holds refers to the live state any more.
    reachable = gc.get_referents(view)
    reachable += [y for x in reachable for y in gc.get_referents(x)]
    assert all(x is not s for x in reachable)


@pytest.mark.compiled_differs(
    "a compiled Board does not unpickle (its __init__ wants its topology)"
)
@SETTINGS
@given(s=positions(), viewer=st.sampled_from([None, 0, 1]))
def test_a_lazy_view_pickles_whole_and_without_the_state(s: GameState, viewer: int | None) -> None:
    lazy = observe(s, viewer, lazy=True)
    data = pickle.dumps(lazy)
    assert b"GameState" not in data
    assert b"live_views" not in data
    back = pickle.loads(data)
    _same(back, observe(s, viewer))
    assert _source(back) is None


def test_replace_and_unknown_attributes_on_a_lazy_view() -> None:
    s = harness.random_game(Rules(players=4, seed=5), 100).state
    lazy = observe(s, 0, lazy=True)
    with pytest.raises(AttributeError, match="no attribute 'no_such_field'"):
        lazy.no_such_field  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(lazy, "_cache")
    assert _source(lazy) is not None  # neither read filled the view in
    what_if = replace(lazy, turn=lazy.turn + 1)
    assert what_if.turn == lazy.turn + 1
    assert what_if.hand == observe(s, 0).hand
