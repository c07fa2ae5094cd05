"""The Helpers of CATAN in the browser: each seat's helper in the players' panel (read by
``pysettlers.server.drawing``)."""

from typing import Any

HINTS: dict[str, Any] = {
    "panel": {"part": "helpers", "member": "players"},
}
