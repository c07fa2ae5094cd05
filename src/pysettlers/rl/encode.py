"""The observation: one seat's view as numpy arrays, flat and as a graph.

What this is for: turning :func:`~pysettlers.engine.observe`'s view of one seat — never the
state — into fixed-size ``float32`` arrays indexed by the rules' frame (``frame.py``):

* ``hexes`` — ``(n_hexes, HEX_FEATURES)``: land, terrain one-hot (6), number token one-hot
  (2–12, 11), pips / 5, robber here, water, port hex;
* ``intersections`` — ``(n_intersections, 2 + 2n + 6)``: on the board, open to a settlement
  by the distance rule, a settlement of seat +k (n), a city of seat +k (n), the harbor
  reached from here (one-hot over the 6 harbor kinds);
* ``paths`` — ``(n_paths, 3 + n + 6)``: on the board, a bridge path, the robber (pirate) on
  this harbor, a road of seat +k (n), the harbor on this path (6);
* ``players`` — ``(n, PLAYER_FEATURES)``, seat +k in row k (row 0 is the viewer): hand
  size, development cards held, knights played, cards played by kind (5), public victory
  points, revealed victory point cards, road length, roads / settlements / cities left,
  discard owed, development cards bought this turn, trade ratios (5), longest road, largest
  army, current player, decider now, special builder, answer to the offer (none / pending /
  accepted / rejected / countered, 5), the counter-offer's give and get (10), the hand when
  hands are face up (5; alternate rule 2, else 0), then each scenario's columns (its RL
  face's ``player_features``: with the Helpers of CATAN the helper held, none + 10, and
  its side);
* ``me`` — own hand (5), own development cards (5), of them bought this turn (5), own
  victory points;
* ``globals`` — bank (5), development deck size, phase one-hot (every ``Phase``),
  a development card played this turn, free roads left, the offer's give and get (10),
  last roll one-hot (none, 2–12: 12), turn / 100, victory point target.

``observation`` is the concatenation ``globals | me | players | hexes | intersections |
paths`` (each row-major); :func:`feature_names` names every entry. Seats are relative:
seat ``+k`` is the seat ``k`` places clockwise from the viewer, as in the action layout.
Counts are raw (not scaled). Places not on this game's board (an Islands map's frame) are
all zeros with the "on the board" feature 0.

The encoding is incremental: each seat's last observation is kept and only what changed
since that seat's last view is written into it (``Encoder.encode``); the arrays are those a
from-scratch encoding gives (``tests/rl/test_rl_speed.py``).

What this is not: hidden information. Everything comes from the view, so the no-leak
property of ``observe`` carries over (tests/rl/test_rl.py checks it on the arrays).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

from pysettlers.engine import Board, Phase, Rules, View
from pysettlers.engine.data import pips
from pysettlers.engine.types import NOBODY

from .frame import Frame, Mapping, frame_for, mapping
from .scenarios import faces_on

F32 = npt.NDArray[np.float32]
N_PHASES = len(Phase)
HEX_FEATURES = 1 + 6 + 11 + 1 + 1 + 1 + 1
N_HARBOR_KINDS = 6


BASE_PLAYER_FEATURES = 1 + 1 + 1 + 5 + 1 + 1 + 1 + 3 + 1 + 1 + 5 + 1 + 1 + 1 + 1 + 1 + 5 + 10 + 5


def player_features(rules: Rules) -> int:
    return BASE_PLAYER_FEATURES + sum(
        getattr(face, "PLAYER_FEATURES", 0) for face in faces_on(rules)
    )


GLOBAL_FEATURES = 5 + 1 + N_PHASES + 1 + 1 + 10 + 12 + 1 + 1
ME_FEATURES = 16


@dataclass(frozen=True, slots=True)
class Shapes:
    """The arrays' shapes for one rules configuration."""

    n: int
    globals: int
    me: int
    players: tuple[int, int]
    hexes: tuple[int, int]
    intersections: tuple[int, int]
    paths: tuple[int, int]

    @property
    def flat(self) -> int:
        return (
            self.globals
            + self.me
            + self.players[0] * self.players[1]
            + self.hexes[0] * self.hexes[1]
            + self.intersections[0] * self.intersections[1]
            + self.paths[0] * self.paths[1]
        )


def shapes_for(rules: Rules) -> Shapes:
    f = frame_for(rules)
    n = rules.players
    return Shapes(
        n,
        GLOBAL_FEATURES,
        ME_FEATURES,
        (n, player_features(rules)),
        (f.n_hexes, HEX_FEATURES),
        (f.n_intersections, 2 + 2 * n + N_HARBOR_KINDS),
        (f.n_paths, 3 + n + N_HARBOR_KINDS),
    )


@dataclass(slots=True, eq=False)
class _Kept:
    """One viewer's last observation (``flat``; ``hexes``, ``inter``, ``paths`` are views of
    its board part) and what it was made from, so the next view writes only what changed."""

    flat: F32
    head: F32  # ``globals | me | players``: what ``_fill`` writes from the view's numbers
    hexes: F32
    inter: F32
    paths: F32
    idx: npt.NDArray[np.intp]  # the viewer's plan (``Encoder._plan``)
    rows: tuple[int, ...]
    rel: tuple[int, ...]
    board: Board | None = None
    m: Mapping | None = None
    # The view's piece tuples last written: compared by identity first (shared while
    # nothing changes), then by value; ``last_*`` are the values the arrays hold.
    owner: tuple[int, ...] = ()
    level: tuple[int, ...] = ()
    roads: tuple[int, ...] = ()
    last_owner: tuple[int, ...] = ()
    last_level: tuple[int, ...] = ()
    last_roads: tuple[int, ...] = ()
    blocked: tuple[int, ...] | None = None
    open: tuple[int, ...] = ()
    robber: int | None = None
    pieces_of: tuple[tuple[int, int, int], ...] = ()  # the view's ``pieces_left`` ...
    pieces: tuple[int, ...] = ()  # ... flattened


class Encoder:
    """Encodes views of the games of one rules configuration (one per environment)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.frame: Frame = frame_for(rules)
        self.shapes = shapes_for(rules)
        self._board: Board | None = None
        self._static: tuple[F32, F32, F32, Mapping] | None = None
        # Per viewer: its last observation, updated in place by the next (``encode``).
        self._kept: dict[int, _Kept] = {}
        sh = self.shapes
        self._head = sh.globals + sh.me + sh.players[0] * sh.players[1]
        # The numbers ``_fill`` reads from a view: 26 of the game and the viewer, the
        # per-seat fields (21 a seat and the scenarios' columns), then a 0 for the rest and
        # a 1 for each row's "no answer" (the common case: no offer answered).
        self._source_len = 26 + sh.n * (sh.players[1] - BASE_PLAYER_FEATURES + 21) + 2
        # The turn is the one number of the source that is not a small count (turn / 100,
        # and a long game's turn passes 255): written apart, after the gather (``_fill``).
        self._turn_at = 30 + N_PHASES
        # The scenarios' columns of each player row (their RL faces'), looked up once.
        self._player_parts: tuple[Callable[[View, int], Sequence[float]], ...] = tuple(
            face.player_features for face in faces_on(rules) if hasattr(face, "player_features")
        )

    def _board_part(self, board: Board) -> tuple[F32, F32, F32, Mapping]:
        """The static arrays of a board (land, terrain, numbers, harbors), made once a game."""
        if self._board is board and self._static is not None:
            return self._static
        sh = self.shapes
        topo = board.topology
        m = mapping(self.frame, topo)
        hexes = np.zeros(sh.hexes, np.float32)
        for h in range(topo.n_hexes):
            row = hexes[m.hexes[h]]
            row[0] = 1.0
            row[1 + int(board.terrain[h])] = 1.0
            num = board.numbers[h]
            if 2 <= num <= 12:
                row[7 + num - 2] = 1.0
                row[18] = pips(num) / 5.0
        for c in board.sea:
            if c in self.frame.hex_of:
                hexes[self.frame.hex_of[c], 20] = 1.0
        for c, _, _ in board.ports:
            if c in self.frame.hex_of:
                hexes[self.frame.hex_of[c], 21] = 1.0
        inter = np.zeros(sh.intersections, np.float32)
        paths = np.zeros(sh.paths, np.float32)
        inter[list(m.intersections), 0] = 1.0
        paths[list(m.paths), 0] = 1.0
        for e in range(topo.n_paths):
            if topo.is_bridge(e):
                paths[m.paths[e], 1] = 1.0
        n = sh.n
        for kind, e in board.harbors:
            paths[m.paths[e], 3 + n + int(kind)] = 1.0
            for v in topo.path_ends[e]:
                inter[m.intersections[v], 2 + 2 * n + int(kind)] = 1.0
        self._board = board
        self._static = (hexes, inter, paths, m)
        return self._static

    def _kept_for(self, viewer: int) -> _Kept:
        """The viewer's kept observation, made on its first view."""
        k = self._kept.get(viewer)
        if k is None:
            sh = self.shapes
            flat = np.zeros(sh.flat, np.float32)
            i = self._head
            j = i + sh.hexes[0] * sh.hexes[1]
            e = j + sh.intersections[0] * sh.intersections[1]
            hexes = flat[i:j].reshape(sh.hexes)
            inter = flat[j:e].reshape(sh.intersections)
            paths = flat[e:].reshape(sh.paths)
            k = self._kept[viewer] = _Kept(flat, flat[:i], hexes, inter, paths, *self._plan(viewer))
        return k

    def _plan(self, viewer: int) -> tuple[npt.NDArray[np.intp], tuple[int, ...], tuple[int, ...]]:
        """Where each entry of ``globals | me | players`` is read from in the source row
        (``_source``: the view's numbers, absolute seats, a 0 last), each absolute seat's
        player row's start, and each seat's relative number — for this viewer."""
        n = self.shapes.n
        pf = self.shapes.players[1]
        extra = pf - BASE_PLAYER_FEATURES
        s_len = self._source_len
        zero = s_len - 2
        idx = [zero] * self._head
        # globals: bank, deck, (phase), dev played, free roads, (offer), (roll), turn, target
        idx[0:5] = range(5)
        idx[5] = 5
        idx[6 + N_PHASES] = 6
        idx[7 + N_PHASES] = 7
        idx[30 + N_PHASES] = 8
        idx[31 + N_PHASES] = 9
        g = GLOBAL_FEATURES
        # me: hand, development cards, of them bought this turn, own points
        idx[g : g + 15] = range(11, 26)
        idx[g + 15] = 10
        o = 26  # per-seat blocks of the source, in the order _source writes them
        blocks: list[tuple[int, int, int]] = []  # (row column, width, source start)
        for col, width in ((0, 1), (1, 1), (2, 1), (3, 5), (8, 1), (9, 1), (10, 1), (11, 3)):
            blocks.append((col, width, o))
            o += width * n
        for col, width in ((14, 1), (15, 1), (16, 5), (BASE_PLAYER_FEATURES, extra)):
            blocks.append((col, width, o))
            o += width * n
        assert o == zero, (o, zero)
        rows = tuple(g + ME_FEATURES + ((q - viewer) % n) * pf for q in range(n))
        for q in range(n):
            idx[rows[q] + 26] = zero + 1  # "no answer" (``_fill`` moves it when answered)
            for col, width, start in blocks:
                idx[rows[q] + col : rows[q] + col + width] = range(
                    start + q * width, start + (q + 1) * width
                )
        rel = tuple((q - viewer) % n for q in range(n))
        return np.array(idx, np.intp), rows, rel

    def _board_update(self, k: _Kept, view: View) -> None:
        """Bring the kept board arrays to ``view``: only the pieces, open sites and robber
        that changed since the viewer's last view are written (the view's piece tuples are
        shared objects while nothing changes, so identity says most of it)."""
        board = view.board
        n = view.n
        if k.board is not board:  # a new game: the static board, no piece yet
            hex0, inter0, path0, m0 = self._board_part(board)
            k.hexes[...] = hex0
            k.inter[...] = inter0
            k.paths[...] = path0
            topo = board.topology
            k.board, k.m = board, m0
            k.owner = k.roads = ()
            k.level = ()
            k.blocked, k.open = None, ()
            k.robber = None
            k.last_owner = (NOBODY,) * topo.n_intersections
            k.last_level = (0,) * topo.n_intersections
            k.last_roads = (NOBODY,) * topo.n_paths
        m = k.m
        assert m is not None
        robber = view.robber
        if robber != k.robber:
            if k.robber is not None:
                self._robber_cell(k, k.robber, 0.0)
            self._robber_cell(k, robber, 1.0)
            k.robber = robber
        owner, level = view.building_owner, view.building_level
        if owner is not k.owner or level is not k.level:
            lo, ll = k.last_owner, k.last_level
            if owner != lo or level != ll:
                inter, mi, rel = k.inter, m.intersections, k.rel
                for v, o, lv, o0, lv0 in zip(range(len(owner)), owner, level, lo, ll):
                    if o != o0 or lv != lv0:
                        row = inter[mi[v]]
                        row[2 : 2 + 2 * n] = 0.0
                        if o != NOBODY:
                            row[2 + rel[o] + (n if lv == 2 else 0)] = 1.0
            k.owner = k.last_owner = owner
            k.level = k.last_level = level
        blocked = view.blocked
        if blocked is not k.blocked:
            sites = view.open_sites
            if sites != k.open:
                old, new = set(k.open), set(sites)
                mi = m.intersections
                for v in old - new:
                    k.inter[mi[v], 1] = 0.0
                for v in new - old:
                    k.inter[mi[v], 1] = 1.0
            k.blocked, k.open = blocked, sites
        roads = view.road_owner
        if roads is not k.roads:
            lr = k.last_roads
            if roads != lr:
                paths, mp, rel = k.paths, m.paths, k.rel
                for e, o, o0 in zip(range(len(roads)), roads, lr):
                    if o != o0:
                        row = paths[mp[e]]
                        row[3 : 3 + n] = 0.0
                        if o != NOBODY:
                            row[3 + rel[o]] = 1.0
            k.roads = k.last_roads = roads

    @staticmethod
    def _robber_cell(k: _Kept, robber: int, value: float) -> None:
        """Write the robber's mark: on its hex, or with the pirate on a harbor's path."""
        assert k.board is not None and k.m is not None
        n_hexes = k.board.topology.n_hexes
        if robber < n_hexes:
            k.hexes[k.m.hexes[robber], 19] = value
        else:  # the pirate on a harbor
            k.paths[k.m.paths[robber - n_hexes], 2] = value

    def _fill(self, view: View) -> _Kept:
        """The viewer's kept observation brought up to ``view`` (see ``encode``)."""
        viewer = view.viewer
        if viewer is None:
            raise ValueError("an RL observation is a seat's: observe(state, seat), not a spectator")
        k = self._kept_for(viewer)
        self._board_update(k, view)
        n = view.n
        assert view.hand is not None and view.dev_cards is not None
        assert view.dev_bought_this_turn is not None
        pl = view.pieces_left
        if pl is not k.pieces_of:  # (shared by the views while no piece changes)
            k.pieces_of, k.pieces = pl, tuple(chain.from_iterable(pl))
        extras: tuple[float, ...] = ()
        if self._player_parts:
            for q in range(n):
                for part in self._player_parts:
                    extras += tuple(part(view, q))
        # The view's numbers in one row (absolute seats), read into place by the plan: the
        # turn's place holds 0 (written below), a 0 and a 1 end it (``_plan``).
        source: tuple[Any, ...] = (
            *view.bank,
            view.deck_size,
            view.dev_played,
            view.free_roads,
            0,
            view.vp_target,
            view.own_vp or 0,
            *view.hand,
            *view.dev_cards,
            *view.dev_bought_this_turn,
            *view.hand_sizes,
            *view.dev_counts,
            *view.knights,
            *view.played,
            *view.public_vp,
            *view.revealed_vp_cards,
            *view.road_length,
            *k.pieces,
            *view.discards,
            *view.dev_bought,
            *view.ratios,
            *extras,
            0,
            1,
        )
        if len(source) != self._source_len:
            raise ValueError(
                f"the view's per-seat fields do not fit {n} players "
                f"({len(source)} numbers, expected {self._source_len})"
            )
        head = k.head
        # (speed, issue 32) The numbers are counts from 0 to 255 (the turn apart): ``bytes``
        # converts them several times faster than ``np.array``; anything else (a scenario's
        # column that is not such a count) takes numpy's general conversion, to the same values.
        try:
            row: npt.NDArray[np.generic] = np.frombuffer(bytes(source), np.uint8)
        except (TypeError, ValueError):
            row = np.array(source, np.float32)
        head[...] = row[k.idx]
        head[self._turn_at] = view.turn / 100.0
        # The one-hot entries ("no answer" is in the plan).
        rows = k.rows
        head[6 + int(view.phase)] = 1.0
        lr = view.last_roll
        head[18 + N_PHASES + (lr - 1 if 2 <= lr <= 12 else 0)] = 1.0
        seat = view.longest_road
        if 0 <= seat < n:
            head[rows[seat] + 21] = 1.0
        seat = view.largest_army
        if 0 <= seat < n:
            head[rows[seat] + 22] = 1.0
        seat = view.current
        if 0 <= seat < n:
            head[rows[seat] + 23] = 1.0
        seat = view.special_builder
        if 0 <= seat < n:
            head[rows[seat] + 25] = 1.0
        for seat in view.deciders:
            if 0 <= seat < n:
                head[rows[seat] + 24] = 1.0
        answers = view.offer_answers
        if answers and any(answers):
            for q in range(n):
                a = answers[q]
                if 0 < a < 5:
                    head[rows[q] + 26] = 0.0
                    head[rows[q] + 26 + a] = 1.0
        # The rare parts: an offer on the table, counter-offers, hands face up.
        if view.phase in _OFFER_PHASES:
            head[8 + N_PHASES : 18 + N_PHASES] = view.offer_give + view.offer_get
        if answers and 4 in answers:
            counters = view.offer_counters
            for q in range(n):
                if answers[q] == 4:
                    head[rows[q] + 31 : rows[q] + 41] = counters[q][0] + counters[q][1]
        if view.hands is not None:
            for q in range(n):
                head[rows[q] + 41 : rows[q] + 46] = view.hands[q]
        return k

    def encode(self, view: View, graph: bool = False) -> tuple[F32, dict[str, F32]]:
        """The flat observation of ``view`` (a seat's), and with ``graph`` its ``hexes``,
        ``intersections`` and ``paths`` arrays (fresh copies).

        Incremental: each viewer's last observation is kept, and only what changed since
        that viewer's last view is written into it — the pieces, open sites and robber by
        difference, the numbers (bank, hands, scores...) read in one array operation from
        a row of the view's fields, the one-hot entries set at once; the result is a copy.
        """
        k = self._fill(view)
        parts: dict[str, F32] = {}
        if graph:
            parts = {
                "hexes": k.hexes.copy(),
                "intersections": k.inter.copy(),
                "paths": k.paths.copy(),
            }
        return k.flat.copy(), parts

    def encode_into(self, view: View, out: F32) -> None:
        """Write the flat observation of ``view`` into ``out`` (a row of a batch: the
        vectorized environment's), as :meth:`encode` would return it."""
        out[...] = self._fill(view).flat

    def arrays(self, view: View) -> dict[str, F32]:
        """The view's arrays by name (``globals``, ``me``, ``players``, ``hexes``,
        ``intersections``, ``paths``): the flat observation cut at :data:`PARTS`."""
        flat, _ = self.encode(view)
        sh = self.shapes
        out: dict[str, F32] = {}
        i = 0
        for name in PARTS:
            got = getattr(sh, name)  # (a tuple, or the int size of a 1-D part)
            shape: tuple[int, ...] = got if isinstance(got, tuple) else (int(got),)
            size = int(np.prod(shape))
            out[name] = flat[i : i + size].reshape(shape)
            i += size
        return out


_OFFER_PHASES = frozenset((Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM))
_ZEROS5 = (0.0,) * 5
_ONEHOT: dict[int, tuple[tuple[float, ...], ...]] = {
    size: tuple(tuple(1.0 if j == i else 0.0 for j in range(size)) for i in range(size))
    for size in (5, 11, 12, N_PHASES)
}


PARTS = ("globals", "me", "players", "hexes", "intersections", "paths")
"""The order of the parts in the flat observation."""


def graph_edges(rules: Rules) -> dict[str, npt.NDArray[np.int64]]:
    """The frame's static graph for graph networks: ``path_ends`` (``(n_paths, 2)``: the
    intersections a path joins), ``hex_corners`` (``(n_hexes, 6)``: the intersections of a hex,
    clockwise from the top) and ``path_hexes`` (``(n_paths, 2)``: the hexes beside a path,
    ``-1`` for none) — indices into the rows of ``intersections``, ``paths`` and ``hexes``."""
    t = frame_for(rules).topo
    path_hexes = [(list(hs) + [-1, -1])[:2] for hs in t.path_hexes]
    return {
        "path_ends": np.array(t.path_ends, np.int64).reshape(t.n_paths, 2),
        "hex_corners": np.array(t.hex_corners, np.int64).reshape(t.n_hexes, 6),
        "path_hexes": np.array(path_hexes, np.int64).reshape(t.n_paths, 2),
    }
