"""The browser's drawing hints: what each scenario in play asks the board and table to draw.

What this is for: a scenario's browser drawing hints are data, declared in its package's
drawing face (``engine/scenarios/<package>/faces/drawing.py``) and gathered here for the
scenarios a game's rules turn on (:func:`hints`), JSON-able so that the server can send
them to the client. A drawing face defines :data:`FACE_MEMBERS` (or ``NOTHING = "why"``).

The hints' keys, all optional, as the client's modules draw them today:

* ``paths`` — ``{"part": ext name, "member": its map of path → seat, "piece": the piece's
  name, "class": the SVG group's style class}``: pieces drawn along paths in their seat's
  colour (Seafarers ships, ``board.js``);
* ``build`` — ``{"kind", "title", "what"}``: a build button of the table (``table.js``);
* ``longest_road`` — the Longest Road award's name while the scenario is on;
* ``robber_on_harbor`` — ``{"title"}``: the robber may stand on a harbor (the pirate);
* ``panel`` — ``{"part", "member"}``: a seat's entry in the players' panel (``panels.js``).

What this is not: the drawing (``web/js``), nor what a seat may know (hints are about the
rules, the same for every seat).
"""

from __future__ import annotations

from typing import Any, Final

from pysettlers.engine import Rules

FACE_MEMBERS: Final = {
    "HINTS": "dict[str, Any]: JSON-able drawing hints (module docstring's keys)",
}
"""What a scenario's drawing face may define (module docstring)."""


def hints(rules: Rules) -> dict[str, dict[str, Any]]:
    """The drawing hints of each scenario package ``rules`` turn on, by package, in
    registration order."""
    from pysettlers.faces import faces, faces_on

    on = faces_on("drawing", rules)
    return {package: dict(module.HINTS) for package, module in faces("drawing") if module in on}
