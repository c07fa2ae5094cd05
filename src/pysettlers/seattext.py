"""A seat's game as compact text and JSON, for players that read and write text.

What this is for: a language model (the ``llm`` bot), an MCP client (``pysettlers mcp``) or
a script plays one seat from what this module writes — the seat's view as a few short,
labelled sections, and the legal actions, each in the engine's notation with a one-line
meaning. The text is a documented, stable format (``SEAT_TEXT_FORMAT``, described in
``docs/llm.md``): sections open with a fixed heading and are left out when empty, so a reader
(a prompt, a test) can rely on them; a change of layout bumps the format's number.

Everything here is read from one :class:`~pysettlers.engine.View` — the seat's own
knowledge — and the legal actions the engine lists for it, so the text can hold nothing
the seat may not know (``tests/cli/test_seattext.py`` checks that two games that differ
only in what the seat cannot see give the same text). Words come from the one vocabulary
(:mod:`pysettlers.words`): the same sentences the terminal, the replays and the browser
show.

What this is not: a parser (actions come back as notation, read by
:func:`~pysettlers.engine.parse_action`), a prompt (the ``llm`` bot wraps this in its own),
or the browser's JSON (``server/viewjson.py``; :func:`seat_json` is the plain view JSON
with the same action lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from pysettlers.engine import Action, ActionKind, View, format_action
from pysettlers.engine.actions import format_bundle
from pysettlers.engine.maps.description import TERRAIN_NAMES
from pysettlers.engine.types import Phase
from pysettlers.faces import faces_on
from pysettlers.render import render_status, to_do
from pysettlers.words import Words
from pysettlers.words.places import harbor_rate

SEAT_TEXT_FORMAT: Final = "pysettlers-seat-text/1"
"""The name and version of the text layout :func:`seat_text` writes."""

OFFER_HINT: Final = (
    "(Any other domestic offer in the same form is allowed too: "
    "pN offer <give> for <get> [to pX,pY], e.g. p0 offer 2wool for 1ore to p1.)"
)
"""Said under the legal actions when the seat may offer a domestic trade: the list holds
only the simplest offers, and any other the rules allow is accepted."""


@dataclass(frozen=True, slots=True)
class LegalLine:
    """One legal action as a text player sees it: its notation (what to send back) and what
    it means, in the seat's words."""

    notation: str
    meaning: str

    def to_json(self) -> dict[str, str]:
        return {"action": self.notation, "meaning": self.meaning}


def legal_lines(view: View, legal: Sequence[Action], words: Words | None = None) -> list[LegalLine]:
    """Each legal action in notation with a one-line meaning, in the engine's order."""
    w = words if words is not None else Words.for_view(view)
    topo = view.board.topology
    return [LegalLine(format_action(a, topo), w.action(a, view)) for a in legal]


def board_text(view: View) -> str:
    """The board's fixed facts: each land hex (coordinate, terrain, number, ``*`` for a red
    6 or 8) and each harbor with the path it is on — what does not change in a game."""
    board = view.board
    topo = board.topology
    hexes = []
    for h, name in enumerate(topo.hex_names):
        number = board.numbers[h]
        terrain = TERRAIN_NAMES[board.terrain[h]]  # (the map descriptions' names)
        hexes.append(f"{name} {terrain}" + (f" {number}" if number else ""))
    harbors = [f"{harbor_rate(kind)} at {topo.path_names[e]}" for kind, e in board.harbors]
    lines = ["Hexes (coordinate terrain number): " + "; ".join(hexes)]
    if harbors:
        lines.append("Harbors (rate at path): " + "; ".join(harbors))
    return "\n".join(lines)


def pieces_text(view: View) -> str:
    """Every player's settlements, cities and roads, by intersection and path name."""
    topo = view.board.topology
    lines = []
    for p in range(view.n):
        settlements = [
            topo.intersection_names[v]
            for v, o in enumerate(view.building_owner)
            if o == p and view.building_level[v] == 1
        ]
        cities = [
            topo.intersection_names[v]
            for v, o in enumerate(view.building_owner)
            if o == p and view.building_level[v] == 2
        ]
        roads = [topo.path_names[e] for e, o in enumerate(view.road_owner) if o == p]
        parts = [
            f"settlements {', '.join(settlements) or 'none'}",
            f"cities {', '.join(cities) or 'none'}",
            f"roads {', '.join(roads) or 'none'}",
        ]
        lines.append(f"p{p}: " + "; ".join(parts))
    return "\n".join(lines)


def seat_text(
    view: View,
    legal: Sequence[Action] = (),
    *,
    chat: Sequence[tuple[int, str]] = (),
    board: bool = True,
    names: Sequence[str] | None = None,
) -> str:
    """The seat's view as labelled sections (format :data:`SEAT_TEXT_FORMAT`).

    ``legal``: the seat's legal actions, listed last (empty when the seat does not decide
    now); ``chat``: the table's lines to show, as (seat, text); ``board``: whether to
    include the fixed board facts (a reader that keeps them from an earlier call may ask
    without); ``names``: the seats' names (default ``p0``, ``p1``...).
    """
    w = Words.for_view(view, names)
    me = "a spectator" if view.viewer is None else f"p{view.viewer}"
    out = [
        f"# {SEAT_TEXT_FORMAT}",
        f"You are {me} in a game of {view.n} players; first to {view.vp_target} victory "
        f"points wins. Version {view.version}, turn {view.turn}.",
        f"Now: {to_do(view)}.",
    ]
    said = [text for text in (w.event(e) for e in view.events) if text]
    if said:
        out += ["", "## Since you last looked"] + [f"- {text}" for text in said]
    if chat:
        out += ["", "## Chat"] + [f"- {w.subject(p)}: {text}" for p, text in chat]
    out += ["", "## Table", render_status(view)]
    if view.phase in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM) and view.offer_id:
        out.append(
            f"Open offer #{view.offer_id} by p{view.current}: gives "
            f"{format_bundle(view.offer_give)}, wants {format_bundle(view.offer_get)}"
        )
    if board:
        out += ["", "## Board", board_text(view)]
    robber = view.robber
    topo = view.board.topology
    where = (
        topo.hex_names[robber]
        if robber < topo.n_hexes
        else f"the harbor at {topo.path_names[robber - topo.n_hexes]}"
    )
    out += ["", "## Pieces", pieces_text(view)]
    for face in faces_on("render", view.rules):  # the scenarios' own pieces (ships)
        if hasattr(face, "piece_lines"):
            out += face.piece_lines(view)
    out.append(f"Robber: {where}")
    if legal:
        out += ["", *legal_section(view, legal, w)]
    return "\n".join(out) + "\n"


def legal_section(view: View, legal: Sequence[Action], words: Words | None = None) -> list[str]:
    """The ``## Your legal actions (N)`` section's lines: its heading, ``- <notation> —
    <meaning>`` per action, and :data:`OFFER_HINT` when an offer is legal (the MCP
    server's ``act`` reply ends with it too)."""
    out = [f"## Your legal actions ({len(legal)})"]
    out += [f"- {line.notation} — {line.meaning}" for line in legal_lines(view, legal, words)]
    if any(a.kind == ActionKind.OFFER_TRADE for a in legal):
        out.append(OFFER_HINT)
    return out


def seat_json(
    view: View, legal: Sequence[Action] = (), *, chat: Sequence[tuple[int, str]] = ()
) -> dict[str, Any]:
    """The JSON alternative: the engine's view JSON, the legal actions with their meanings,
    who decides now in words, and the chat lines shown."""
    return {
        "format": "pysettlers-seat-json/1",
        "view": view.to_json(),
        "to_do": to_do(view),
        "legal": [line.to_json() for line in legal_lines(view, legal)],
        "chat": [{"seat": p, "text": text} for p, text in chat],
    }
