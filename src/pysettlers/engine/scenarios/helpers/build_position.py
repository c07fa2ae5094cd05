"""The Helpers of CATAN's part of a position built from parts (``position.position``).

What this is for: the scenario's ``build`` hook — the helpers dealt as the set-up phase
deals them, then the helpers named for players put in front of them.

What this is not: validation (``validate.py``, run on the whole position afterwards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pysettlers.engine import data
from pysettlers.engine.actions import parse_helper
from pysettlers.engine.flow import setup_player
from pysettlers.engine.position import per_player
from pysettlers.engine.state import GameState
from pysettlers.engine.types import NOBODY, Helper, Phase

from .state import HelperState


def build_helpers(s: GameState, spec: Any) -> HelperState:
    """The helpers as the set-up phase deals them, then the named ones in front of players."""
    if isinstance(spec, HelperState):
        return spec.copy()
    if spec is not None and not isinstance(spec, Mapping):
        raise ValueError(f"helpers: expected {{player: helper name}}, got {spec!r}")
    ph = s.phase
    n = s.n
    hx = HelperState.fresh(n)
    if ph in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
        if spec:
            raise ValueError("helpers: in the set-up phase helpers are dealt by the rules")
        # Dealt with each second settlement and road: the players whose second road is down.
        step = sum(1 for o in s.road_owner if o != NOBODY)
        for k in range(n, min(step, 2 * n)):
            p = setup_player(s, k)
            hx.held[p] = data.HELPER_STACK[hx.stack]
            hx.since[p] = 0
            hx.stack += 1
        return hx
    # After the set-up: the stack dealt in the second round's order, the rest displayed.
    for k in range(n - 1, -1, -1):
        p = (s.first_player + k) % n
        hx.held[p] = data.HELPER_STACK[hx.stack]
        hx.since[p] = 0
        hx.stack += 1
    for x in data.HELPER_STACK[hx.stack :]:
        hx.display |= 1 << x
    hx.stack = len(data.HELPER_STACK)
    chosen: dict[int, int] = {}
    for p, name in per_player(spec, n, "helpers"):
        if isinstance(name, str):
            chosen[p] = int(parse_helper(name))
        elif isinstance(name, int) and 0 <= name < len(Helper):
            chosen[p] = name
        else:
            raise ValueError(f"helpers[{p}]: {name!r} is not a helper")
    taken = set(chosen.values())
    if len(taken) != len(chosen):
        raise ValueError("helpers: one helper named for two players")
    for p in range(n):
        if p not in chosen and hx.held[p] in taken:
            # Someone else has this player's card: they take the first free one instead.
            free = [h for h in range(len(Helper)) if h not in taken and h not in hx.held]
            chosen[p] = free[0]
            taken.add(free[0])
    for p, h in chosen.items():
        hx.held[p] = h
    held = set(hx.held)
    hx.display = sum(1 << h for h in range(len(Helper)) if h not in held)
    return hx
