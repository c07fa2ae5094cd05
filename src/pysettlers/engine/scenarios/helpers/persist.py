"""The Helpers of CATAN's part of a saved position (``records.save_state``/``load_state``).

What this is for: the helper cards and the scenario's phase payload as readable JSON, under
``"helpers"`` in a saved position, written and read through the scenario's hooks.

What this is not: validation of the whole position (``validate.py``).
"""

from __future__ import annotations

from typing import Any

from pysettlers.engine.actions import (
    dev_name,
    helper_name,
    parse_dev,
    parse_helper,
    parse_resource,
    resource_name,
)
from pysettlers.engine.types import NOBODY, Phase

from .state import HelperState


def _opt(p: int) -> int | None:
    return None if p == NOBODY else p


def _unopt(p: int | None) -> int:
    return NOBODY if p is None else int(p)


def save_helpers(hx: HelperState) -> dict[str, Any]:
    def names(mask: int, n: int) -> list[int]:
        return [q for q in range(n) if mask >> q & 1]

    n = len(hx.held)
    return {
        "players": [
            {
                "helper": None if hx.held[p] == NOBODY else helper_name(hx.held[p]),
                "side": "AB"[hx.side[p]],
                "received_turn": _opt(hx.since[p]),
                "used_turn": _opt(hx.used[p]),
                "knights_discarded": hx.knights_discarded[p],
            }
            for p in range(n)
        ],
        "display": [helper_name(h) for h in range(10) if hx.display >> h & 1],
        "stack_dealt": hx.stack,
        "jean": None if hx.jean == NOBODY else resource_name(hx.jean),
        "owner": _opt(hx.owner),
        "resume": hx.resume.name.lower(),
        "window": hx.window,
        "pending": names(hx.pending, n),
        "victim": _opt(hx.victim),
        "drawn": [dev_name(d) for d in hx.drawn],
        "owed": names(hx.owed, n),
    }


def load_helpers(obj: dict[str, Any], n: int) -> HelperState:
    hx = HelperState.fresh(n)
    if len(obj["players"]) != n:
        raise ValueError("one helpers entry per player is needed")
    for p, item in enumerate(obj["players"]):
        h = item["helper"]
        hx.held[p] = NOBODY if h is None else int(parse_helper(h))
        hx.side[p] = {"A": 0, "B": 1}[item["side"]]
        hx.since[p] = _unopt(item["received_turn"])
        hx.used[p] = _unopt(item["used_turn"])
        hx.knights_discarded[p] = int(item["knights_discarded"])
    hx.display = sum(1 << int(parse_helper(h)) for h in obj["display"])
    hx.stack = int(obj["stack_dealt"])
    hx.jean = NOBODY if obj["jean"] is None else int(parse_resource(obj["jean"]))
    hx.owner = _unopt(obj["owner"])
    hx.resume = Phase[obj["resume"].upper()]
    hx.window = int(obj["window"])
    hx.pending = sum(1 << int(q) for q in obj["pending"])
    hx.victim = _unopt(obj["victim"])
    hx.drawn = tuple(int(parse_dev(d)) for d in obj["drawn"])
    hx.owed = sum(1 << int(q) for q in obj["owed"])
    return hx
