"""Seafarers ships in the browser: boats along their paths, a build button, the award's
name, the paths a ship may be built on or moved to, and the events that place a ship (read
by ``pysettlers.server.drawing``)."""

from typing import Any

from pysettlers.words.speaker import award_names

HINTS: dict[str, Any] = {
    "paths": {
        "part": "ships",
        "member": "ships",
        "piece": "ship",
        "shape": "boat",
        "class": "ships",
    },
    "build": {
        "kind": "ship",
        "title": "Ship",
        "what": "a ship",
        "left": {"part": "ships", "member": "ships_left", "words": "no ships left"},
        # (with the cost in hand and ships left, the only reason: ships/rules.py ship_sites)
        "nowhere": "no coastal path next to your pieces",
    },
    "longest_road": award_names(True)["longest_road"],  # (the one vocabulary's name)
    "targets": {
        "ship": {"place": "path", "arg": 0, "ghost": "ship"},
        # p0 move-ship FROM to TO: the target is where the ship would go
        "move-ship": {
            "place": "path",
            "arg": 2,
            "ghost": "ship",
            "several": "Move a ship so that it lies {place}",
        },
    },
    "events": {"ship": {"placed": "path"}, "ship_moved": {"placed": "to"}},
}
