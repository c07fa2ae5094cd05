"""Seafarers ships on the terminal's board: each ship a letter along its path, a legend line
and the award's name (read by ``pysettlers.render``; the contract is its ``FACE_MEMBERS``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysettlers.engine.types import NOBODY

if TYPE_CHECKING:
    from pysettlers.engine import View

SHIP_LETTERS = "abcdefgh"
"""A ship of seat ``p`` is drawn along its path with ``SHIP_LETTERS[p]``."""

LEGEND = "\n        a along a path: ship of p0 (b of p1, ... h of p7; Seafarers ships)"

LONGEST_ROAD = "Longest Trade Route"


def path_marks(view: View) -> dict[int, str]:
    """Each path with a ship on it → its owner's letter (over any road: a ship and a road
    never share a path)."""
    part = view.ext.get("ships")
    if part is None:
        return {}
    return {p: SHIP_LETTERS[q] for p, q in enumerate(part.path_pieces) if q != NOBODY}


def piece_lines(view: View) -> list[str]:
    """Each player's ships by path name (``p1: ships (0,-2)NE, (1,-2)NW``)."""
    part = view.ext.get("ships")
    if part is None:
        return []
    names = view.board.topology.path_names
    lines = []
    for q in range(view.n):
        ships = [names[e] for e, o in enumerate(part.path_pieces) if o == q]
        if ships:
            lines.append(f"p{q}: ships {', '.join(ships)}")
    return lines
