"""The Islands of Catan bridges in the browser: a build button (read by
``pysettlers.server.drawing``). A bridge is drawn as a road over water."""

from typing import Any

HINTS: dict[str, Any] = {
    "build": {"kind": "bridge", "title": "Bridge", "what": "a bridge"},
}
