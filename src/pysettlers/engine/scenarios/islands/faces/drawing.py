"""The Islands of Catan bridges in the browser: a build button and the paths a bridge may
be built on (read by ``pysettlers.server.drawing``). A bridge is drawn as a road over
water."""

from typing import Any

HINTS: dict[str, Any] = {
    "build": {
        "kind": "bridge",
        "title": "Bridge",
        "what": "a bridge",
        "pieces": "roads",  # (a bridge is a road piece: building.py path_site_error)
        "nowhere": "no water crossing next to your pieces",
    },
    "targets": {"bridge": {"place": "path", "arg": 0}},
}
