"""The notation of ships: ``p0 ship (0,-2)NE`` builds one; ``p0 move-ship (0,-2)NE to
(1,-2)E`` moves the ship on the first path to the second (names as for roads)."""

from __future__ import annotations

from pysettlers.engine.actions import Action, NotationError, quoted
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import ActionKind


def format_ship(a: Action, head: str, topo: Topology) -> str:
    return f"{head} {topo.path_names[a.path]}"


def parse_ship(player: int, kind: ActionKind, rest: list[str], text: str, topo: Topology) -> Action:
    if len(rest) != 1:
        raise NotationError(f"{quoted(text)}: 'ship' takes 1 argument (a path), got {len(rest)}")
    return Action(player, kind, topo.parse_path(rest[0]))


def format_move(a: Action, head: str, topo: Topology) -> str:
    return f"{head} {topo.path_names[a.path]} to {topo.path_names[a.to_path]}"


def parse_move(player: int, kind: ActionKind, rest: list[str], text: str, topo: Topology) -> Action:
    if len(rest) != 3 or rest[1].lower() != "to":
        raise NotationError(
            f"{quoted(text)}: 'move-ship' takes a path, 'to' and a path "
            "(p0 move-ship (0,-2)NE to (1,-2)E)"
        )
    return Action(player, kind, topo.parse_path(rest[0]), topo.parse_path(rest[2]))
