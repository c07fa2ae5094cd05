"""The fixed board frame of a rules configuration: the ids the RL spaces are indexed by.

What this is for: an action space and an observation must keep one size for every game of a
rules configuration, but on the 1996 Islands maps (and a described map with a pool of water)
the *land* — so the engine's topology — is drawn anew by every seed. The frame is the board
shape every seed's land lies inside: for the described map kinds (``islands``,
``big-islands``, ``described``) the topology of all the description's cells taken as land;
for the frame maps (``beginner``, ``variable``, ``random``, ``big-island``, ``peanut``),
whose shape no seed changes, the game's own topology. With Seafarers ships the frame also
holds the open sea's intersections and paths (``topology.py``): on a frame map the game's
own, on a described map those of the ring of hexes round all its cells. A game's hexes,
intersections and paths are mapped into the frame by their lattice coordinates
(``Topology.hexes`` and ``intersection_xy``), which are global, so the mapping needs no
search.

What this is not: a rule. Nothing here decides what is legal; the frame only names places.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from pysettlers.engine import Rules, Topology, make_board, topology_for
from pysettlers.engine.maps import DESCRIBED_KINDS, description_for
from pysettlers.engine.topology import ring

from .scenarios import sea_in_frame

XY = tuple[int, int]


class FrameError(ValueError):
    """A game's board has a place its rules' frame does not (a bug, or a foreign board)."""


@dataclass(frozen=True, slots=True, eq=False)  # compared (and cached) by identity
class Frame:
    """The frame's topology and its places keyed by lattice coordinates."""

    topo: Topology
    hex_of: dict[XY, int]
    intersection_of: dict[XY, int]
    path_of: dict[tuple[XY, XY], int]

    @property
    def n_hexes(self) -> int:
        return self.topo.n_hexes

    @property
    def n_intersections(self) -> int:
        return self.topo.n_intersections

    @property
    def n_paths(self) -> int:
        return self.topo.n_paths


@dataclass(frozen=True, slots=True)
class Mapping:
    """One game topology's ids as frame ids (``hexes[h]``, ``intersections[v]``, ``paths[e]``)."""

    hexes: tuple[int, ...]
    intersections: tuple[int, ...]
    paths: tuple[int, ...]
    # The other way: a frame id's game id (``-1``: not land in this game).
    game_hexes: tuple[int, ...]
    game_intersections: tuple[int, ...]
    game_paths: tuple[int, ...]


def _path_key(t: Topology, e: int) -> tuple[XY, XY]:
    a, b = t.path_ends[e]
    xa, xb = t.intersection_xy[a], t.intersection_xy[b]
    return (xa, xb) if xa <= xb else (xb, xa)


def _frame_of(topo: Topology) -> Frame:
    return Frame(
        topo,
        {c: h for h, c in enumerate(topo.hexes)},
        {xy: v for v, xy in enumerate(topo.intersection_xy)},
        {_path_key(topo, e): e for e in range(topo.n_paths)},
    )


def frame_for(rules: Rules) -> Frame:
    """The frame of ``rules`` (the seed never changes it, see the module docstring)."""
    return _frame_for(replace(rules, seed=0))


@cache
def _frame_for(rules: Rules) -> Frame:
    if rules.map_kind in DESCRIBED_KINDS:
        desc = description_for(rules)
        # Every cell as land: each land hex, and each bridge over water, is one of its places.
        cells = tuple(desc.cells)
        if not sea_in_frame(rules):
            return _frame_of(topology_for(cells))
        # With ships (an RL face's ``SEA_IN_FRAME``), also the open sea: a game's sea hexes
        # (board.sea_hexes) are cells or hexes beside one, so the ring round the cells, as
        # sea, holds every sea place.
        return _frame_of(topology_for(cells, False, tuple(ring(cells))))
    return _frame_of(make_board(rules).topology)


@cache
def mapping(frame: Frame, topo: Topology) -> Mapping:
    """``topo``'s ids in ``frame``; :class:`FrameError` naming a place the frame lacks."""
    try:
        hexes = tuple(frame.hex_of[c] for c in topo.hexes)
        intersections = tuple(frame.intersection_of[xy] for xy in topo.intersection_xy)
        paths = tuple(frame.path_of[_path_key(topo, e)] for e in range(topo.n_paths))
    except KeyError as e:
        raise FrameError(f"the board has a place outside its rules' frame: {e}") from None
    return Mapping(
        hexes,
        intersections,
        paths,
        _inverse(hexes, frame.n_hexes),
        _inverse(intersections, frame.n_intersections),
        _inverse(paths, frame.n_paths),
    )


def _inverse(ids: tuple[int, ...], size: int) -> tuple[int, ...]:
    out = [-1] * size
    for game_id, frame_id in enumerate(ids):
        out[frame_id] = game_id
    return tuple(out)
