"""The public facts a view carries for bots: pieces left, building sites, the 7's discard.

What this is for: the promise that a view's ``pieces_left``, ``road_sites``,
``settlement_sites``, ``city_sites`` and ``open_sites`` are the engine's own answers
(``building.py``, the state's supply and ``blocked`` counts) for every player, that the
lazily computed sites describe the position the view was taken in (a snapshot, even when
first read after the game moved on), that a bot's hypothetical view made with
``dataclasses.replace`` gets its own sites, and that ``limits.discard_owed`` is what the
engine asks when a 7 is rolled.

What this is not: a test of the building rules themselves (``test_rules_building.py``).
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    Action,
    ActionKind,
    GameState,
    Phase,
    Rules,
    apply,
    deciders,
    legal_actions,
    new_game,
    observe,
)
from pysettlers.engine.building import city_sites, road_sites, scan_road_sites, settlement_sites
from pysettlers.engine.limits import discard_owed
from pysettlers.engine.types import NOBODY
from support.builders import position

K = ActionKind
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _walk(players: int, helpers: bool, seed: int, steps: int) -> list[GameState]:
    """Copies of every position of a random game (uniform legal actions)."""
    s = new_game(Rules(players=players, helpers=helpers, seed=seed))
    rng = random.Random(seed)
    out = [s.copy()]
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER:
            break
        p = rng.choice(deciders(s))
        apply(s, rng.choice(legal_actions(s, p)))
        out.append(s.copy())
    return out


def _engine_sites(s: GameState, p: int) -> tuple[list[int], list[int], list[int]]:
    """What ``building.py`` says for ``p`` in a normal turn (no set-up road restriction)."""
    if s.setup_vertex != NOBODY:
        s = s.copy()
        s.setup_vertex = NOBODY
    return road_sites(s, p), settlement_sites(s, p, False), city_sites(s, p)


def legal_road(s: GameState) -> Action:
    return next(a for a in legal_actions(s, 0) if a.kind == K.BUILD_ROAD)


@SETTINGS
@given(
    players=st.integers(3, 6),
    helpers=st.booleans(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
)
def test_view_sites_are_the_engines(players: int, helpers: bool, seed: int, steps: int) -> None:
    states = _walk(players, helpers, seed, steps)
    # Views taken along the way and read only at the end: each must describe its own moment.
    views = [observe(st_, st_.current) for st_ in states[::7]]
    for s, view in zip(states[::7], views):
        for p in range(s.n):
            roads, settlements, cities = _engine_sites(s, p)
            assert view.road_sites[p] == tuple(roads)
            assert view.settlement_sites[p] == tuple(settlements)
            assert view.city_sites[p] == tuple(cities)
            left = (s.roads_left[p], s.settlements_left[p], s.cities_left[p])
            assert view.pieces_left[p] == left
        assert view.open_sites == tuple(v for v, b in enumerate(s.blocked) if not b)
    s = states[-1]
    view = observe(s, None)
    for p in deciders(s):
        # Whatever road or settlement the legal action list offers is among the view's sites
        # (the set-up rules restrict them further, and cost may rule them out).
        legal = legal_actions(s, p)
        roads = {a.a for a in legal if a.kind == K.BUILD_ROAD}
        assert roads <= set(view.road_sites[p])
        if s.phase in (Phase.MAIN, Phase.BUILD, Phase.SPECIAL_BUILD):
            settlements = {a.a for a in legal if a.kind == K.BUILD_SETTLEMENT}
            assert settlements <= set(view.settlement_sites[p])
            if s.hand(p)[0] and s.hand(p)[1]:
                assert roads == set(view.road_sites[p])


def test_sites_are_a_snapshot_of_the_position_observed() -> None:
    s = position(
        pieces={"p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]}},
        hands={"p0": "brick+lumber+brick+lumber"},
    )
    view = observe(s, 0)
    before = road_sites(s, 0)
    apply(s, legal_road(s))  # the view has not been asked for its sites yet
    assert road_sites(s, 0) != before
    assert view.road_sites[0] == tuple(before)
    assert view.pieces_left[0][0] == s.roads_left[0] + 1


def test_a_hypothetical_view_gets_its_own_sites() -> None:
    s = position(pieces={"p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]}})
    view = observe(s, 0)
    assert view.road_sites[0]  # cached on the real view first
    road = next(e for e, o in enumerate(view.road_owner) if o == 0)
    roads = list(view.road_owner)
    roads[road] = NOBODY
    lifted = replace(view, road_owner=tuple(roads))
    s2 = s.copy()
    s2.road_owner[road] = NOBODY  # a poked state keeps no frontier: ask the scan
    assert lifted.road_sites[0] == tuple(scan_road_sites(s2, 0))
    assert lifted.road_sites[0] != view.road_sites[0]


def test_views_of_the_same_pieces_share_sites_and_copies_never_mix() -> None:
    """Views of one set of pieces work the sites out once (``views._share_sites``), and
    copies of a state that go on to place different pieces — the search bot's rollouts
    from one sampled state — each see their own."""
    s = position(
        pieces={"p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]}},
        hands={"p0": "brick+lumber+brick+lumber"},
    )
    first = observe(s, 0)
    assert first.road_sites[0]
    assert observe(s, 1).sites_of(0) is first.sites_of(0)  # shared, not worked out again
    roads = [a for a in legal_actions(s, 0) if a.kind == K.BUILD_ROAD]
    assert len(roads) >= 2
    copies = [s.copy() for _ in roads]
    for c, a in zip(copies, roads):
        apply(c, a)
    for c, a in zip(copies, roads):
        view = observe(c, 0)
        assert view.sites_of(0) is not first.sites_of(0)
        assert view.road_sites[0] == tuple(road_sites(c, 0)) and a.a not in view.road_sites[0]
        assert observe(c.copy(), 2).road_sites[0] == view.road_sites[0]
    assert first.road_sites[0] == tuple(road_sites(s, 0))  # the original, unchanged


def test_discard_owed_is_what_a_seven_asks() -> None:
    for limit in (4, 7, 9):
        s = new_game(Rules(seed=3, discard_limit=limit))
        rng = random.Random(limit)
        checked = 0
        for _ in range(3000):
            if s.phase == Phase.GAME_OVER:
                break
            sizes = [s.hand_size(p) for p in range(s.n)]
            p = rng.choice(deciders(s))
            legal = legal_actions(s, p)
            a = rng.choice(legal)
            if a.kind == K.ROLL:
                apply(s, a, (3, 4))
                assert s.discards == [discard_owed(s.rules, n) for n in sizes]
                checked += 1
            else:
                apply(s, a)
        assert checked > 5
    rules = Rules()
    assert [discard_owed(rules, n) for n in (0, 7, 8, 9, 15)] == [0, 0, 4, 4, 7]
