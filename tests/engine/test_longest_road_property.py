"""Longest Road length against a brute-force oracle on random road networks.

What this is for: ``awards.longest_road_of`` starts its search only where a longest trail
can end (odd road count, an opponent's building) plus one intersection per closed part;
this property test checks that shortcut against trying every intersection as a start, on
random networks with loops, branches and breaking buildings.

What this is not: the Almanac's worked examples (``test_rules_awards.py``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pysettlers.engine import Rules, new_game
from pysettlers.engine.awards import longest_road_of
from pysettlers.engine.state import GameState
from pysettlers.engine.types import NOBODY

BASE = new_game(Rules(seed=1), first_player=0)
TOPO = BASE.topo


def brute_force(s: GameState, p: int) -> int:
    """Longest trail of p's roads, trying every intersection as a start."""
    mine = [e for e, o in enumerate(s.road_owner) if o == p]
    best = 0

    def walk(v: int, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        o = s.building_owner[v]
        if length and o not in (NOBODY, p):
            return
        for e in TOPO.intersection_paths[v]:
            if e in mine and e not in used:
                a, b = TOPO.path_ends[e]
                walk(b if a == v else a, used | {e}, length + 1)

    for v in {v for e in mine for v in TOPO.path_ends[e]}:
        walk(v, frozenset(), 0)
    return best


@st.composite
def networks(draw: st.DrawFn) -> GameState:
    s = BASE.copy()
    # Grow a connected-ish network: a random walk of paths plus a few random extra paths,
    # so that loops and branches both appear.
    start = draw(st.integers(0, TOPO.n_paths - 1))
    roads = {start}
    for _ in range(draw(st.integers(0, 14))):
        frontier = sorted({f for e in roads for f in TOPO.path_neighbors[e]} - roads)
        roads.add(draw(st.sampled_from(frontier)))
    roads |= set(draw(st.lists(st.integers(0, TOPO.n_paths - 1), max_size=3)))
    for e in roads:
        s.road_owner[e] = 0
    # Opponents' buildings on some intersections of the network break it there.
    touched = sorted({v for e in roads for v in TOPO.path_ends[e]})
    for v in draw(st.lists(st.sampled_from(touched), max_size=3, unique=True)):
        s.building_owner[v] = draw(st.sampled_from([0, 1, 2]))
        s.building_level[v] = 1
    return s


@settings(max_examples=400, deadline=None)
@given(networks())
def test_longest_road_matches_brute_force(s: GameState) -> None:
    assert longest_road_of(s, 0) == brute_force(s, 0)


def test_a_plain_ring_and_a_ring_with_a_tail() -> None:
    s = BASE.copy()
    ring = TOPO.hex_sides[TOPO.hex_index[(0, 0)]]
    for e in ring:
        s.road_owner[e] = 0
    assert longest_road_of(s, 0) == 6 == brute_force(s, 0)
    tail = next(f for f in TOPO.path_neighbors[ring[0]] if f not in ring)
    s.road_owner[tail] = 0
    assert longest_road_of(s, 0) == 7 == brute_force(s, 0)


def test_two_rings_sharing_a_side_from_every_rotation() -> None:
    # A "theta": two intersections with three roads each, joined three ways. Its longest
    # trail (all 11 roads) must start at one of the two forks, never in between.
    for a, b in [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((-1, 1), (0, 0)), ((1, -1), (1, 0))]:
        s = BASE.copy()
        for h in (a, b):
            for e in TOPO.hex_sides[TOPO.hex_index[h]]:
                s.road_owner[e] = 0
        assert longest_road_of(s, 0) == 11 == brute_force(s, 0)
