"""The 1996 pirate in the browser: the robber may stand on a harbor (read by
``pysettlers.server.drawing``)."""

from typing import Any

HINTS: dict[str, Any] = {
    "robber_on_harbor": {"title": "the robber (the pirate), on a harbor"},
}
