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
from pysettlers.engine.jsonfields import read_int as _int
from pysettlers.engine.jsonfields import read_seat_or_none as _unopt
from pysettlers.engine.jsonfields import read_seats as _mask
from pysettlers.engine.jsonfields import read_str as _str
from pysettlers.engine.types import NOBODY, Phase

from .state import HelperState


def _opt(p: int) -> int | None:
    return None if p == NOBODY else p


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
        where = f"helpers.players[{p}]"
        hx.held[p] = NOBODY if h is None else int(parse_helper(_str(h, f"{where}.helper")))
        hx.side[p] = {"A": 0, "B": 1}[item["side"]]
        hx.since[p] = _unopt(item["received_turn"], f"{where}.received_turn")
        hx.used[p] = _unopt(item["used_turn"], f"{where}.used_turn")
        hx.knights_discarded[p] = _int(item["knights_discarded"], f"{where}.knights_discarded")
    display = [int(parse_helper(_str(h, "helpers.display"))) for h in obj["display"]]
    if len(set(display)) != len(display):
        raise ValueError(f"helpers.display: a helper listed twice ({obj['display']})")
    hx.display = sum(1 << h for h in display)
    hx.stack = _int(obj["stack_dealt"], "helpers.stack_dealt")
    jean = obj["jean"]
    hx.jean = NOBODY if jean is None else int(parse_resource(_str(jean, "helpers.jean")))
    hx.owner = _unopt(obj["owner"], "helpers.owner")
    hx.resume = Phase[_str(obj["resume"], "helpers.resume").upper()]
    hx.window = _int(obj["window"], "helpers.window")
    hx.pending = _mask(obj["pending"], n, "helpers.pending")
    hx.victim = _unopt(obj["victim"], "helpers.victim")
    hx.drawn = tuple(int(parse_dev(_str(d, "helpers.drawn"))) for d in obj["drawn"])
    hx.owed = _mask(obj["owed"], n, "helpers.owed")
    return hx
