"""The notation of a bridge: ``p0 bridge (1,0)E`` — the keyword and the path's name, which
for a path over water names one of the water or port hexes beside it."""

from __future__ import annotations

from pysettlers.engine.actions import Action, NotationError, quoted
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import ActionKind


def format_bridge(a: Action, head: str, topo: Topology) -> str:
    return f"{head} {topo.path_names[a.path]}"


def parse_bridge(
    player: int, kind: ActionKind, rest: list[str], text: str, topo: Topology
) -> Action:
    if len(rest) != 1:
        raise NotationError(f"{quoted(text)}: 'bridge' takes 1 argument (a path), got {len(rest)}")
    return Action(player, kind, topo.parse_path(rest[0]))
