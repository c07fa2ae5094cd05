"""Maps laid out from descriptions: the 1996 rules' maps and a user's own map.

What this is for: the map kinds of ``Rules.map_kind`` that are descriptions — ``islands``,
``big-islands``, ``big-island`` and ``peanut`` (``tables.py``) and ``described`` (the JSON text in
``Rules.map_description``, ``description.py``) — laid out (``layout.py``) and checked the way
``board.check_board`` checks the frame maps. ``board.make_board`` and ``board.check_board``
come here for these kinds.

What this is not: the frame maps (``board.py``: beginner, variable, random; they can be
written as descriptions too, see :func:`layout_description`), or any rule of play
(bridges and the distance exception: ``scenarios/islands`` and ``topology.py``).
"""

from __future__ import annotations

import random

from ..board import DESCRIBED_KINDS, Board, Layout
from ..config import Rules
from .description import (
    MapDescription,
    Pool,
    TokenSpec,
    description_json,
    hexagon,
    load_description,
    parse_description,
)
from .layout import check_laid_out, conflict, lay_out
from .tables import BIG_ISLAND, BIG_ISLANDS, ISLANDS, NAMED, PEANUT


def description_for(rules: Rules) -> MapDescription:
    """The description of the rules' map (a named one, or the rules' own JSON text)."""
    if rules.map_kind == "described":
        assert rules.map_description is not None
        return load_description(rules.map_description)
    return NAMED[rules.map_kind]


def make_described_board(rules: Rules) -> Board:
    """The board of a described map kind, a pure function of the rules (and their seed)."""
    return lay_out(description_for(rules), random.Random(rules.seed))


def check_described_board(board: Board, rules: Rules) -> None:
    """``ValueError`` unless the rules' description could have laid out ``board``."""
    check_laid_out(board, description_for(rules))


def layout_description(layout: Layout, method: str = "spiral") -> MapDescription:
    """A frame map (``board.Layout``: the 3–4 and 5–6 islands) as a description: its land
    shuffled into its shape, tokens by the spiral (or ``random``), the markers shuffled on
    the frame's slots. Lays out boards that ``check_board`` accepts for that map kind
    (from other draws than ``board.variable_board``, whose draws the goldens freeze)."""
    from ..topology import topology_for

    topo = topology_for(layout.land)
    return MapDescription(
        name="frame",
        cells=tuple(sorted(layout.land, key=lambda c: (c[1], c[0]))),
        fixed=(),
        pools=(Pool(tuple(sorted(layout.terrain_counts.items()))),),
        tokens=(TokenSpec("spiral" if method == "spiral" else "random", layout.tokens),),
        harbor_slots=tuple(topo.path_names[topo.side(c, s)] for c, s in layout.harbor_slots),
        harbor_markers=layout.harbor_markers,
        shuffle_harbors=True,
        rotate_ports=True,
        bridges=False,
    )


__all__ = [
    "BIG_ISLAND",
    "BIG_ISLANDS",
    "DESCRIBED_KINDS",
    "ISLANDS",
    "NAMED",
    "PEANUT",
    "MapDescription",
    "Pool",
    "check_described_board",
    "conflict",
    "description_for",
    "description_json",
    "hexagon",
    "layout_description",
    "load_description",
    "make_described_board",
    "parse_description",
]
