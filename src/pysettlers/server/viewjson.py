"""Views as JSON text for many clients of one game at once, cheaply.

What this is for: after every action each connected client gets its own view. Almost all
of a view is public and the same for every seat (board, pieces, bank, each player's public
facts and building sites); only ``viewer``, ``you`` (the seat's own hand and cards), the
redacted ``events`` and each scenario's part (``ext``: the helpers' private parts) depend
on the seat. :class:`ViewCache` serializes the public part once per version — from the
engine's spectator view, so nothing private can be in it — and each seat's own part from
that seat's ``observe()`` view. The JSON object is equal (as JSON) to
``observe(state, seat, since).to_json()``; ``tests/test_server_noleak.py`` compares them on
every message of its games.

What this is not: a second implementation of views (the engine's ``observe`` decides what
each seat may know; this only splits the serialization).
"""

from __future__ import annotations

import json
from typing import Any

from pysettlers.engine import GameState, View, event_to_json, observe
from pysettlers.engine.actions import dev_name, resource_name

_RES = tuple(resource_name(r) for r in range(5))
_SEAT_KEYS = ("viewer", "you", "events")


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def you_json(view: View) -> dict[str, Any] | None:
    """The ``you`` member of ``view.to_json()``: the seat's own hand and cards."""
    if view.viewer is None or view.hand is None or view.dev_cards is None:
        return None
    bought = view.dev_bought_this_turn
    assert bought is not None
    return {
        "seat": view.viewer,
        "hand": dict(zip(_RES, view.hand)),
        "development_cards": {dev_name(d): c for d, c in enumerate(view.dev_cards)},
        "bought_this_turn": {dev_name(d): c for d, c in enumerate(bought)},
        "total_vp": view.own_vp,
    }


class ViewCache:
    """The public part of one game's views, serialized once per state version."""

    def __init__(self) -> None:
        self._key: tuple[int, int] = (-1, -1)
        self._public = ""

    def public(self, s: GameState) -> str:
        key = (id(s), s.version)
        if key != self._key:
            spectator = observe(s, None)
            d = spectator.to_json()
            for name in (*_SEAT_KEYS, *spectator.ext):
                d.pop(name, None)
            self._public = dumps(d)[1:-1]  # the members, without the braces
            self._key = key
        return self._public

    def view_text(self, s: GameState, seat: int | None, since: int | None) -> str:
        """``observe(s, seat, since).to_json()`` as JSON text."""
        view = observe(s, seat, since)
        topo = s.topo
        own: dict[str, Any] = {
            "viewer": view.viewer,
            "you": you_json(view),
            "events": [event_to_json(e, topo) for e in view.events],
        }
        for name, part in view.ext.items():
            own[name] = part.to_json()
        return "{" + dumps(own)[1:-1] + "," + self.public(s) + "}"
