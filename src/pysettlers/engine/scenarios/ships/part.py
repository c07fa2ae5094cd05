"""Seafarers ships' part of a game state, of a view and of a saved position.

What this is for: :class:`ShipsPart`, kept in ``GameState.ext["ships"]`` while ``Rules.ships``
is on and copied with the state — who owns the ship on each path, each player's ships left,
the turn each ship was built (a ship built this turn may not move) and the turn of the last
move (one move a turn); :class:`ShipsView`, the same facts as every seat sees them (ships are
public pieces on the board); and their JSON under ``"ships"`` in a saved position.

What this is not: any rule (``rules.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pysettlers.engine.data import SHIPS_PER_PLAYER
from pysettlers.engine.jsonfields import read_int
from pysettlers.engine.state import GameState
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import NOBODY

NAME = "ships"
"""The scenario's name: its key in ``GameState.ext``, views and saved positions."""


class ShipsPart:
    """``owner[e]`` — the player whose ship stands on path ``e`` (``NOBODY``: none);
    ``built[e]`` — the turn that ship was built (``NOBODY`` where no ship); ``left[p]`` —
    ships in ``p``'s supply; ``moved`` — the turn in which a ship was last moved (only the
    player whose turn it is moves one)."""

    __slots__ = ("built", "left", "moved", "owner")

    owner: list[int]
    built: list[int]
    left: list[int]
    moved: int

    @classmethod
    def fresh(cls, n: int, n_paths: int) -> ShipsPart:
        x = ShipsPart.__new__(ShipsPart)
        x.owner = [NOBODY] * n_paths
        x.built = [NOBODY] * n_paths
        x.left = [SHIPS_PER_PLAYER] * n
        x.moved = NOBODY
        return x

    def copy(self) -> ShipsPart:
        x = ShipsPart.__new__(ShipsPart)
        x.owner = self.owner[:]
        x.built = self.built[:]
        x.left = self.left[:]
        x.moved = self.moved
        return x

    def key_ints(self) -> list[int]:
        return [*self.owner, *self.built, *self.left, self.moved]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShipsPart):
            return NotImplemented
        return self.key_ints() == other.key_ints()

    def __repr__(self) -> str:
        ships = {e: o for e, o in enumerate(self.owner) if o != NOBODY}
        return f"ShipsPart(ships={ships}, left={self.left}, moved={self.moved})"

    __hash__ = None  # type: ignore[assignment]


def part_of(s: GameState) -> ShipsPart:
    """The ships part of ``s`` (the option must be on)."""
    x: ShipsPart = s.ext[NAME]
    return x


@dataclass(frozen=True, slots=True)
class ShipsView:
    """Ships as every seat sees them (all public): ``path_pieces`` — the owner of the ship
    on each path (``-1``: none; the name the base game's ``View.sites_of`` reads);
    ``built_turn`` — the turn each was built; ``left`` — ships in each supply; ``moved_turn``
    — the turn of the last move."""

    path_pieces: tuple[int, ...]
    built_turn: tuple[int, ...]
    left: tuple[int, ...]
    moved_turn: int
    names: tuple[str, ...] = field(compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "ships": {self.names[e]: o for e, o in enumerate(self.path_pieces) if o != NOBODY},
            "built_turn": {self.names[e]: t for e, t in enumerate(self.built_turn) if t != NOBODY},
            "ships_left": list(self.left),
            "moved_turn": None if self.moved_turn == NOBODY else self.moved_turn,
        }


def ships_view(s: GameState) -> ShipsView:
    x = part_of(s)
    return ShipsView(tuple(x.owner), tuple(x.built), tuple(x.left), x.moved, s.topo.path_names)


def unview(s: GameState, view: ShipsView) -> ShipsPart:
    """The part again from a view (nothing of it is secret)."""
    x = ShipsPart.fresh(s.n, s.topo.n_paths)
    x.owner = list(view.path_pieces)
    x.built = list(view.built_turn)
    x.left = list(view.left)
    x.moved = view.moved_turn
    return x


def save(x: ShipsPart, topo: Topology) -> dict[str, Any]:
    return {
        "ships": [
            {"path": topo.path_names[e], "player": o, "built_turn": x.built[e]}
            for e, o in enumerate(x.owner)
            if o != NOBODY
        ],
        "moved_turn": None if x.moved == NOBODY else x.moved,
    }


def load(obj: object, n: int, topo: Topology) -> ShipsPart:
    """The part from :func:`save`'s JSON; ``ValueError`` naming the bad field."""
    if not isinstance(obj, dict) or set(obj) != {"ships", "moved_turn"}:
        raise ValueError("ships: expected an object with 'ships' and 'moved_turn'")
    x = ShipsPart.fresh(n, topo.n_paths)
    items = obj["ships"]
    if not isinstance(items, list):
        raise ValueError("ships.ships: expected a list")
    for i, item in enumerate(items):
        where = f"ships.ships[{i}]"
        if not isinstance(item, dict) or set(item) != {"path", "player", "built_turn"}:
            raise ValueError(f"{where}: expected an object with path, player and built_turn")
        if not isinstance(item["path"], str):
            raise ValueError(f"{where}.path: expected a path name")
        e = topo.parse_path(item["path"])
        p = read_int(item["player"], f"{where}.player")
        if not 0 <= p < n:
            raise ValueError(f"{where}.player: no seat {p}")
        if x.owner[e] != NOBODY:
            raise ValueError(f"{where}: two ships on {topo.path_names[e]}")
        x.owner[e] = p
        x.built[e] = read_int(item["built_turn"], f"{where}.built_turn")
        x.left[p] -= 1
    moved = obj["moved_turn"]
    x.moved = NOBODY if moved is None else read_int(moved, "ships.moved_turn")
    return x
