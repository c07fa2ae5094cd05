"""The observation encoder as it was before it became incremental (issue 32), kept as the
oracle of ``tests/rl/test_rl_speed.py``: the incremental encoder must give the same arrays.

What this is for: a frozen, simple reference — every view encoded from scratch (only the
board's arrays reused while the pieces are the same objects). What this is not: used by the
package; change it only if the observation itself changes (then both change together).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pysettlers.engine import Board, Phase, Rules, View
from pysettlers.engine.data import pips
from pysettlers.engine.types import NOBODY
from pysettlers.rl.encode import PARTS, shapes_for
from pysettlers.rl.frame import Frame, Mapping, frame_for, mapping
from pysettlers.rl.scenarios import faces_on

F32 = npt.NDArray[np.float32]
N_PHASES = len(Phase)


class ReferenceEncoder:
    """Encodes views of the games of one rules configuration (one per environment)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.frame: Frame = frame_for(rules)
        self.shapes = shapes_for(rules)
        self._board: Board | None = None
        self._static: tuple[F32, F32, F32, Mapping] | None = None
        # Per viewer: the key and arrays of the last board part made (``_board_arrays``).
        self._last: dict[int, tuple[tuple[Any, ...], tuple[F32, F32, F32, F32]]] = {}
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

    def _board_arrays(self, view: View, viewer: int) -> tuple[F32, F32, F32, F32]:
        """``hexes``, ``intersections``, ``paths`` and their concatenation, remade only when
        the pieces, the robber or the board change (the view's piece tuples are shared
        objects until then, so identity says it)."""
        owner = view.building_owner
        roads = view.road_owner
        blocked = view.blocked
        last = self._last.get(viewer)
        if last is not None:
            k = last[0]
            if (
                k[1] is owner
                and k[3] is roads
                and k[4] is blocked
                and k[0] is view.board
                and k[2] is view.building_level
                and k[5] == view.robber
            ):
                return last[1]
        key = (view.board, owner, view.building_level, roads, blocked, view.robber)
        n = view.n
        hex0, inter0, path0, m = self._board_part(view.board)
        topo = view.board.topology
        rel = [(q - viewer) % n for q in range(n)]
        hexes = hex0.copy()
        inter = inter0.copy()
        paths = path0.copy()
        robber = view.robber
        if robber < topo.n_hexes:
            hexes[m.hexes[robber], 19] = 1.0
        else:  # the pirate on a harbor
            paths[m.paths[robber - topo.n_hexes], 2] = 1.0
        levels = view.building_level
        mi = m.intersections
        for v, o in enumerate(view.building_owner):
            if o != NOBODY:
                inter[mi[v], 2 + rel[o] + (n if levels[v] == 2 else 0)] = 1.0
        open_sites = view.open_sites
        if open_sites:
            inter[[mi[v] for v in open_sites], 1] = 1.0
        mp = m.paths
        for e, o in enumerate(view.road_owner):
            if o != NOBODY:
                paths[mp[e], 3 + rel[o]] = 1.0
        flat = np.concatenate((hexes.ravel(), inter.ravel(), paths.ravel()))
        out = (hexes, inter, paths, flat)
        self._last[viewer] = (key, out)
        return out

    def encode(self, view: View, graph: bool = False) -> tuple[F32, dict[str, F32]]:
        """The flat observation of ``view`` (a seat's), and with ``graph`` its ``hexes``,
        ``intersections`` and ``paths`` arrays (fresh copies)."""
        viewer = view.viewer
        if viewer is None:
            raise ValueError("an RL observation is a seat's: observe(state, seat), not a spectator")
        n = view.n
        hexes, inter, paths, board_flat = self._board_arrays(view, viewer)
        # globals
        lr = view.last_roll
        offer = view.phase in _OFFER_PHASES
        out: list[float] = [
            *view.bank,
            view.deck_size,
            *_ONEHOT[N_PHASES][int(view.phase)],
            view.dev_played,
            view.free_roads,
            *(view.offer_give if offer else _ZEROS5),
            *(view.offer_get if offer else _ZEROS5),
            *_ONEHOT[12][lr - 1 if 2 <= lr <= 12 else 0],
            view.turn / 100.0,
            view.vp_target,
        ]
        # me
        assert view.hand is not None and view.dev_cards is not None
        assert view.dev_bought_this_turn is not None
        out += view.hand
        out += view.dev_cards
        out += view.dev_bought_this_turn
        out.append(view.own_vp or 0)
        # players, from the viewer clockwise
        deciders = view.deciders
        player_parts = self._player_parts
        answers = view.offer_answers
        counters = view.offer_counters
        hands = view.hands
        played = view.played
        ratios = view.ratios
        for k in range(n):
            q = (viewer + k) % n
            i = 5 * q
            answer = answers[q] if answers else 0
            out += (
                view.hand_sizes[q],
                view.dev_counts[q],
                view.knights[q],
                *played[i : i + 5],
                view.public_vp[q],
                view.revealed_vp_cards[q],
                view.road_length[q],
                *view.pieces_left[q],
                view.discards[q],
                view.dev_bought[q],
                *ratios[i : i + 5],
                view.longest_road == q,
                view.largest_army == q,
                view.current == q,
                q in deciders,
                view.special_builder == q,
                *_ONEHOT[5][answer if 0 <= answer < 5 else 0],
                *(counters[q][0] if answer == 4 else _ZEROS5),
                *(counters[q][1] if answer == 4 else _ZEROS5),
                *(hands[q] if hands is not None else _ZEROS5),
            )
            for part in player_parts:
                out += part(view, q)
        flat = np.concatenate((np.array(out, np.float32), board_flat))
        parts: dict[str, F32] = {}
        if graph:
            parts = {"hexes": hexes.copy(), "intersections": inter.copy(), "paths": paths.copy()}
        return flat, parts

    def arrays(self, view: View) -> dict[str, F32]:
        """The view's arrays by name (``globals``, ``me``, ``players``, ``hexes``,
        ``intersections``, ``paths``): the flat observation cut at :data:`PARTS`."""
        flat, _ = self.encode(view)
        sh = self.shapes
        out: dict[str, F32] = {}
        i = 0
        for name in PARTS:
            shape: tuple[int, ...] = getattr(sh, name)
            shape = shape if isinstance(shape, tuple) else (int(shape),)
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
