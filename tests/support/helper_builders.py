"""Builders for the Helpers of CATAN tests: positions with chosen helpers in front of players.

What this is for: ``builders.position`` sets up pieces and cards; :func:`helper_position`
adds who holds which helper, on which side, received and last used on which turn, the rest
forming the display — written into the position's JSON and loaded, so no test pokes a
field. :func:`holder` and :func:`sides` read the cards back in words.

What this is not: a rules engine; it does not check that a set of helpers could have been
reached by play (each helper is in exactly one place, which ``load_state`` relies on).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pysettlers.engine import GameState, Rules, load_state, save_state
from pysettlers.engine.actions import helper_name
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.types import NOBODY, Helper
from support.builders import position

HELPERS = Rules(map_kind="beginner", helpers=True)
"""Four players on Illustration A's map with the Helpers of CATAN."""

NAMES = tuple(helper_name(h) for h in Helper)


def with_helpers(
    s: GameState,
    helpers: Mapping[str, str],
    *,
    side: Mapping[str, str] | None = None,
    received: Mapping[str, int] | None = None,
    used: Mapping[str, int] | None = None,
    **extra: Any,
) -> GameState:
    """``s`` with ``helpers`` (``{"p0": "lin"}``) in front of the players named.

    Players not named keep their helper unless it was given to someone else, in which case
    they get the first free one (in the rulebook's order). ``side`` — ``"A"`` or ``"B"``
    (default A); ``received``/``used`` — the turn (default: received in the set-up, turn 0,
    never used). ``extra`` overrides other fields of the position's JSON.
    """
    doc = save_state(s)
    hdoc = doc["helpers"]
    players = hdoc["players"]
    chosen = {int(k[1:]): v for k, v in helpers.items()}
    taken = set(chosen.values())
    for p, item in enumerate(players):
        if p in chosen:
            item["helper"] = chosen[p]
        elif item["helper"] is None or item["helper"] in taken:
            item["helper"] = next(h for h in NAMES if h not in taken)
        taken.add(item["helper"])
        key = f"p{p}"
        item["side"] = (side or {}).get(key, "A")
        item["received_turn"] = (received or {}).get(key, 0)
        item["used_turn"] = (used or {}).get(key)
    hdoc["display"] = [h for h in NAMES if h not in taken]
    hdoc["stack_dealt"] = 6
    doc.update(extra)
    return load_state(doc)


def helper_position(
    helpers: Mapping[str, str],
    *,
    rules: Rules = HELPERS,
    side: Mapping[str, str] | None = None,
    received: Mapping[str, int] | None = None,
    used: Mapping[str, int] | None = None,
    **kwargs: Any,
) -> GameState:
    """``builders.position(rules, **kwargs)`` with the helpers given (see :func:`with_helpers`)."""
    return with_helpers(position(rules, **kwargs), helpers, side=side, received=received, used=used)


def holder(s: GameState, p: int) -> str | None:
    assert helpers_of(s) is not None
    h = helpers_of(s).held[p]
    return None if h == NOBODY else helper_name(h)


def sides(s: GameState) -> str:
    """Each player's helper and side, e.g. ``"lin:A jean:B ..."``."""
    assert helpers_of(s) is not None
    return " ".join(f"{holder(s, p)}:{'AB'[helpers_of(s).side[p]]}" for p in range(s.n))


def display(s: GameState) -> set[str]:
    assert helpers_of(s) is not None
    return {helper_name(h) for h in Helper if helpers_of(s).display >> h & 1}
