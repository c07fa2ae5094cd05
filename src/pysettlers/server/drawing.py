"""The browser's drawing hints: what each scenario in play asks the board and table to draw.

What this is for: a scenario's browser drawing hints are data, declared in its package's
drawing face (``engine/scenarios/<package>/faces/drawing.py``) and gathered here for the
scenarios a game's rules turn on (:func:`hints`), JSON-able so that the server can send
them to the client. A drawing face defines :data:`FACE_MEMBERS` (or ``NOTHING = "why"``).

The hints' keys, all optional, as the client's modules read them (so that no module of
``web/js`` names a scenario's keyword, event or view member; the base game's own stay there):

* ``paths`` — ``{"part": ext name, "member": its map of path → seat, "piece": the piece's
  name (its SVG class and title), "shape": how it is drawn (``"boat"``), "class": the SVG
  group's style class}``: pieces drawn along paths in their seat's colour (Seafarers ships,
  ``board.js``);
* ``build`` — ``{"kind", "title", "what"}``: a build button of the table (``table.js``), and
  why it may be disabled with the cost in hand: ``pieces`` (the view's ``pieces_left`` key
  its piece comes from), ``left`` (``{"part", "member", "words"}``: its own supply,
  ``view[part][member][seat]``, and the words when it is empty), ``nowhere`` (the words when
  there is no place for it);
* ``longest_road`` — the Longest Road award's name while the scenario is on;
* ``robber_on_harbor`` — ``{"title"}``: the robber may stand on a harbor (the pirate);
* ``panel`` — ``{"part", "member", "name", "suffix", "class", "titles"}``: a badge per seat
  in the players' panel from its entry ``view[part][member][seat]``: the entry's ``name``
  member capitalized, then its ``suffix`` member; ``titles`` the tooltip of each name; the
  badge's class and ``data-<class>`` attribute from ``class`` (``panels.js``);
* ``targets`` — ``{keyword: {"place", "arg", "ghost"?, "several"?, "choose"?}}``: a legal
  action of this keyword points at a place of the board (:data:`PLACES`), named by its
  ``arg``-th argument in the notation (``notation.js``); ``ghost``: a ``paths`` piece
  previewed there; ``several``: the target's label when several actions point at one place
  and ``choose``: the title of the choice between them (``{place}``: the place's words);
* ``chance`` — ``{keyword: {"outcome": "stolen", "victim": arg}}`` or ``{keyword:
  {"outcome": "typed", "title", "placeholder"}}``: the chance outcome such an action needs at
  a table with real dice (``actions.js``): the card stolen from the seat its ``victim``-th
  argument names, or one typed in the notation;
* ``reveal`` — ``{"part", "member", "whose", "when", "words"}``: a bundle of the view
  (``view[part][member]``) shown in the controls while the legal list holds ``when``
  actions, after ``words`` (``{name}``: the seat ``view[part][whose]``) — Hilde's look;
* ``events`` — ``{event: {"placed": member} | {"robber": true}}``: an event that places a
  piece on the path its ``member`` names (drawn new and animated), or moves the robber
  (``screen.js``, ``effects.js``).

The server's targets and the client's agree: a place a words face's ``TARGETS`` gives an
action is the one its ``targets`` hint reads from the notation
(``tests/server/test_server_drawing.py``).

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

KEYS: Final = frozenset(
    ("paths", "build", "longest_road", "robber_on_harbor", "panel", "targets", "chance")
    + ("reveal", "events")
)
"""The keys a face's ``HINTS`` may hold (module docstring)."""

PLACES: Final = frozenset(("intersection", "path", "hex", "harbor"))
"""The places a ``targets`` hint may name: those of the words faces' ``TARGETS``."""


def hints(rules: Rules) -> dict[str, dict[str, Any]]:
    """The drawing hints of each scenario package ``rules`` turn on, by package, in
    registration order."""
    from pysettlers.faces import faces, faces_on

    on = faces_on("drawing", rules)
    return {package: dict(module.HINTS) for package, module in faces("drawing") if module in on}


def check(package: str, hints: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the package and key of a hint the client would not read:
    an unknown key, or a ``targets`` entry naming an unknown place or no argument."""
    unknown = sorted(set(hints) - KEYS)
    if unknown:
        raise ValueError(f"{package}'s drawing hints: unknown keys {unknown}")
    for keyword, target in hints.get("targets", {}).items():
        if target.get("place") not in PLACES or not isinstance(target.get("arg"), int):
            raise ValueError(
                f"{package}'s drawing hints: targets[{keyword!r}] needs a place of "
                f"{sorted(PLACES)} and the argument (an int) that names it"
            )
