"""The notation of the alternate rules' actions: a keyword and no argument (``p0 use-seven``,
``p0 victory-point``, ``p2 interrupt``, ``p2 let-be``)."""

from __future__ import annotations

from pysettlers.engine.actions import Action, NotationError, keyword, quoted
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import ActionKind


def no_argument(a: Action, head: str, topo: Topology) -> str:
    return head


def parse_no_argument(
    player: int, kind: ActionKind, rest: list[str], text: str, topo: Topology
) -> Action:
    if rest:
        raise NotationError(f"{quoted(text)}: '{keyword(kind)}' takes no argument")
    return Action(player, kind)
