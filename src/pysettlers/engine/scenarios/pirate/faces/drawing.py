"""The 1996 pirate in the browser: the robber may stand on a harbor, a harbor is a target
of the robber's move, and at a table with real dice the card stolen there is entered (read
by ``pysettlers.server.drawing``)."""

from typing import Any

HINTS: dict[str, Any] = {
    "robber_on_harbor": {"title": "the robber (the pirate), on a harbor"},
    # p0 pirate HARBOR [VICTIM]: one action per victim at a harbor, chosen between
    "targets": {
        "pirate": {
            "place": "harbor",
            "arg": 0,
            "several": "Move the robber to {place}",
            "choose": "Move the robber to {place}: steal from…",
        }
    },
    "chance": {"pirate": {"outcome": "stolen", "victim": 1}},
}
