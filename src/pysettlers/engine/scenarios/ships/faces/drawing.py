"""Seafarers ships in the browser: boats along their paths, a build button and the award's
name (read by ``pysettlers.server.drawing``)."""

from typing import Any

HINTS: dict[str, Any] = {
    "paths": {"part": "ships", "member": "ships", "piece": "ship", "class": "ships"},
    "build": {"kind": "ship", "title": "Ship", "what": "a ship"},
    "longest_road": "Longest Trade Route",
}
