"""Terminal text for views: the island with its pieces, and the table's public facts.

What this is for: ``render_board(view)`` draws the island as plain text — pointy-top hexes in
their rows, each with its coordinate, terrain, number token and pips, the robber, harbors
beside their coastal paths, settlements, cities and roads by player — for any board shape
the topology supports (hexes are placed from the lattice of ``topology.py``, nothing is
laid out by hand). ``render_view(view)`` adds the phase, the scores, the bank and, for a
seated viewer, their own hand; ``render_state(s)`` is the spectator's rendering of a state,
for debugging.

What this is not: no I/O, no colour codes and no rule logic. It reads views only, so it can
never show more than the viewer may know. It is an adapter over the engine's public views,
kept out of ``engine/`` so that the rules stay free of presentation. A scenario's marks, legend
lines and status lines are its render face's (:data:`FACE_MEMBERS`).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Final

from pysettlers.engine import GameState, Rules, View, observe
from pysettlers.engine.actions import dev_name, format_bundle, resource_name
from pysettlers.engine.board import port_harbor_path
from pysettlers.engine.data import pips
from pysettlers.engine.types import NOBODY, Harbor, Phase, Terrain
from pysettlers.words import doing
from pysettlers.words.places import harbor_rate as harbor_label

# Character geometry. A lattice unit of x (see topology.py: a hex centre is at x = 2q + r)
# is _SX columns; a hex's N/S corners are _A rows from its centre, its side corners _B rows.
_SX = 6
_A = 4
_B = 1
_H = _A + _B  # rows between the centres of two hex rows
_MARGIN_X = 11  # room for harbor labels left and right of the island
_MARGIN_Y = 2  # and above and below it

_TERRAIN_NAMES = {
    Terrain.HILLS: "hills",
    Terrain.FOREST: "forest",
    Terrain.PASTURE: "pasture",
    Terrain.FIELDS: "fields",
    Terrain.MOUNTAINS: "mountain",  # one letter short, so a building beside it has room
    Terrain.DESERT: "desert",
}
_RED = (6, 8)
_RESERVED = "\0"  # a cell kept free on the canvas, printed as a blank

LEGEND = (
    "Legend: s0 settlement of p0   C0 city of p0   0 along a path: road of p0\n"
    "        . empty intersection   # coastal path with the harbor written beside it\n"
    "        ~ sea ~ / ~ port ~: a water or port hex; a digit over water: a bridge of p0\n"
    "        each hex: (q,r) coordinate, terrain, number token, one dot per way to roll it\n"
    "        (* for the red 6 and 8), or ROBBER where the robber stands\n"
    "        hills=brick  forest=lumber  pasture=wool  fields=grain  mountain=ore"
)

FACE_MEMBERS: Final = {
    "LEGEND": "str: lines added to the board's legend while the scenario is in play",
    "path_marks": "Callable[[View], dict[int, str]]: a character drawn along each path "
    "holding the scenario's piece (over any road)",
    "status_lines": "Callable[[View], list[str]]: lines of the status after the bank's",
    "piece_lines": "Callable[[View], list[str]]: the scenario's own pieces as text, one line "
    "per player who has any (``pysettlers.seattext``'s Pieces section)",
    "LONGEST_ROAD": "str: the name of the Longest Road award while the scenario is in play",
}
"""What a scenario's render face (``engine/scenarios/<package>/faces/render.py``) may
define: any of these (at least one, else ``NOTHING = "why"``); read here for the scenarios
in play (``Scenario.enabled``)."""


def _in_play(rules: Rules) -> tuple[ModuleType, ...]:
    """The render faces of the scenarios in play under ``rules``, in registration order."""
    from pysettlers.faces import faces_on

    return faces_on("render", rules)


def __getattr__(name: str) -> Any:
    if name == "PHASE_WORDS":  # the one vocabulary's table, gathered on first use
        from pysettlers.words import todo

        return todo.phase_words()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _row(y: int) -> int:
    """The text row of lattice row ``y`` (corners sit 1 or 2 lattice units from a centre)."""
    m = (y + 1) // 3  # the hex row whose centre is nearest: y = 3m + k, k in {-1, 0, 1}
    return _H * m + _B * (y - 3 * m)


class _Canvas:
    """A grid of characters addressed in board coordinates (origin at the centre hex)."""

    def __init__(self, cols: range, rows: range) -> None:
        self.c0 = cols.start
        self.r0 = rows.start
        self.grid = [[" "] * len(cols) for _ in rows]

    def put(self, col: int, row: int, text: str) -> None:
        line = self.grid[row - self.r0]
        for i, ch in enumerate(text):
            x = col - self.c0 + i
            if 0 <= x < len(line):
                line[x] = ch

    def blank(self, col: int, row: int, width: int) -> bool:
        """Whether ``width`` cells from ``col`` on ``row`` are all inside and blank."""
        if not 0 <= row - self.r0 < len(self.grid):
            return False
        line = self.grid[row - self.r0]
        x = col - self.c0
        return x >= 0 and x + width <= len(line) and all(ch == " " for ch in line[x : x + width])

    def centre(self, col: int, row: int, text: str) -> None:
        self.put(col - (len(text) - 1) // 2, row, text)

    def text(self) -> str:
        lines = ["".join(line).replace(_RESERVED, " ").rstrip() for line in self.grid]
        while lines and not lines[0]:
            lines.pop(0)
        while lines and not lines[-1]:
            lines.pop()
        indent = min((len(x) - len(x.lstrip()) for x in lines if x), default=0)
        return "\n".join(x[indent:] for x in lines)


def _place_harbor(
    canvas: _Canvas, label: str, a: tuple[int, int], b: tuple[int, int], hc: int, hr: int
) -> None:
    """Put ``label`` beside the coastal path from ``a`` to ``b`` of the hex centred at ``hc, hr``.

    Candidate spots are tried nearest first: beside the path on its outer row, then above or
    below it, then further out; the first spot with blank cells around it is used.
    """
    (c1, r1), (c2, r2) = sorted((a, b), key=lambda cr: cr[1])
    n = len(label)
    right = c1 + c2 > 2 * hc  # the path lies right of the hex centre
    down = r1 + r2 > 2 * hr

    def at(col: int, row: int) -> tuple[int, int]:
        # ``col`` is the label's end nearest the path.
        return (col, row) if right else (col - n + 1, row)

    if c1 == c2:  # an upright side: beside it on its middle row, else one row off
        mid = (r1 + r2) // 2
        side = c1 + (2 if right else -2)
        spots = [
            at(side, mid),
            at(side, mid - 1),
            at(side, mid + 1),
            at(side + (3 if right else -3), mid),
        ]
    else:
        # The slant's outer character: its upper one for a side facing up, else its lower one.
        row = r1 + 1 if not down else r2 - 1
        col = c1 + round((c2 - c1) * (row - r1) / (r2 - r1))
        beyond = -1 if not down else 1
        step = 2 if right else -2
        spots = [
            at(col + step, row),
            at(col, row + beyond),
            at(col + step, row + beyond),
            at(col, row + 2 * beyond),
            at(col + 2 * step, row + 2 * beyond),
        ]
    for col, row in spots:
        if canvas.blank(col - 1, row, n + 2):
            canvas.put(col, row, label)
            return
    col, row = spots[0]
    canvas.put(col, row, label)


def render_board(view: View, *, legend: bool = False) -> str:
    """The island as text: hexes, numbers, robber, harbors, buildings and roads."""
    board = view.board
    t = board.topology
    corner = [(_SX * x, _row(y)) for x, y in t.intersection_xy]
    centre = [(_SX * (2 * q + r), _H * r) for q, r in t.hexes]
    # Water and port hexes inside the map (the Islands of Catan maps): not land, so not in
    # the topology; drawn as their contents only, between the land's outlines.
    sea: list[tuple[tuple[int, int], tuple[int, int], Harbor | None]] = [
        ((_SX * (2 * q + r), _H * r), (q, r), None) for q, r in board.sea
    ]
    sea += [((_SX * (2 * q + r), _H * r), (q, r), kind) for (q, r), kind, _ in board.ports]
    cols = [c for c, _ in corner] + [c + dc for (c, _), _, _ in sea for dc in (-_SX, _SX)]
    rows = [r for _, r in corner] + [r + dr for (_, r), _, _ in sea for dr in (-_A, _A)]
    canvas = _Canvas(
        range(min(cols) - _MARGIN_X, max(cols) + _MARGIN_X + 1),
        range(min(rows) - _MARGIN_Y, max(rows) + _MARGIN_Y + 1),
    )

    harbor_paths = {p for _, p in board.harbors}
    scenarios = _in_play(view.rules)
    marks: dict[int, str] = {}
    for x in scenarios:
        if hasattr(x, "path_marks"):
            marks.update(x.path_marks(view))
    # Paths: a slanted or upright line, or the owner's digit all along it when it is a road
    # (a scenario's mark when its piece is there: a Seafarers ship's letter).
    for p, (a, b) in enumerate(t.path_ends):
        (c1, r1), (c2, r2) = sorted((corner[a], corner[b]), key=lambda cr: cr[1])
        owner = view.road_owner[p]
        mark = marks.get(p)
        if p >= t.n_land_paths and owner == NOBODY and mark is None:
            continue  # a path over water shows only once a bridge or a ship is on it
        for row in range(r1 + 1, r2):
            col = c1 + round((c2 - c1) * (row - r1) / (r2 - r1))
            if mark is not None:
                ch = mark
            elif owner != NOBODY:
                ch = str(owner)
            elif p in harbor_paths:
                ch = "#"
            else:
                ch = "|" if c1 == c2 else ("\\" if c2 > c1 else "/")
            canvas.put(col, row, ch)

    # Hex contents, one item per text row.
    for h, (c, r) in enumerate(centre):
        terrain = board.terrain[h]
        number = board.numbers[h]
        canvas.centre(c, r - 2, t.hex_names[h])
        canvas.centre(c, r - 1, _TERRAIN_NAMES[terrain])
        if number:
            canvas.centre(c, r, str(number))
        # The robber takes the pips' row, the last row between the hex's upright sides (a
        # row lower is the slant shared with the hexes below, where it would read as theirs);
        # the hex it blocks produces nothing, so its odds are moot while it stands there.
        if h == view.robber:
            canvas.centre(c, r + 1, "ROBBER")
        elif number:
            canvas.centre(c, r + 1, ("*" if number in _RED else ".") * pips(number))

    port_path_at = {
        c: port_harbor_path(t, c, side) for c, _, side in board.ports if side is not None
    }
    for (c, r), (q, rr), kind in sea:
        canvas.centre(c, r - 2, f"({q},{rr})")
        canvas.centre(c, r - 1, "~ sea ~" if kind is None else "~ port ~")
        canvas.centre(c, r, "~~~~~" if kind is None else harbor_label(kind))
        path = port_path_at.get((q, rr))
        if path is not None and t.n_hexes + path == view.robber:  # the pirate on this port
            canvas.centre(c, r + 1, "ROBBER")

    # Intersections, so that harbor labels are placed around them, never over them. An empty
    # one reserves the cell a building's digit would take, so labels stay put as pieces come.
    for v, (c, r) in enumerate(corner):
        owner = view.building_owner[v]
        if owner == NOBODY:
            canvas.put(c, r, "." if not canvas.blank(c + 1, r, 1) else "." + _RESERVED)
        else:
            canvas.put(c, r, ("C" if view.building_level[v] == 2 else "s") + str(owner))

    # Harbors: the label just outside its coastal path, on the first free spot; with the
    # pirate, the robber standing on a harbor is written into its label. A port hex's
    # harbor is labelled on the port hex itself (its # marks the coast it serves).
    port_paths = set(port_path_at.values())
    for kind, p in board.harbors:
        if p in port_paths:
            continue
        a, b = t.path_ends[p]
        hc, hr = centre[t.path_hexes[p][0]]
        label = harbor_label(kind)
        if t.n_hexes + p == view.robber:
            label = f"ROBBER {label}"
        _place_harbor(canvas, label, corner[a], corner[b], hc, hr)

    out = canvas.text()
    if not legend:
        return out
    return out + "\n" + LEGEND + "".join(getattr(x, "LEGEND", "") for x in scenarios)


def _bundle_words(b: tuple[int, ...]) -> str:
    parts = [f"{c} {resource_name(r)}" for r, c in enumerate(b) if c]
    return ", ".join(parts) if parts else "nothing"


def _dev_words(b: tuple[int, ...]) -> str:
    parts = [f"{c} {dev_name(d)}" for d, c in enumerate(b) if c]
    return ", ".join(parts) if parts else "none"


def to_do(view: View) -> str:
    """Who decides now and what, in a player's words (``pysettlers.words``' table, the
    browser's too): ``set-up: p3 to place a settlement``, ``p2 to roll the dice ...``,
    ``p1,p3 to discard half of their cards ...``."""
    if view.phase == Phase.GAME_OVER:
        return f"game over, p{view.winner} won"
    deciders, words = doing(view)
    who = ",".join(f"p{p}" for p in deciders)
    return ("set-up: " if view.turn == 0 else "") + f"{who} to {words}"


def _robber_words(view: View) -> str:
    """Where the robber stands: a hex, or with the pirate a harbor (``the 2:1 ore harbor
    (2,-1)NE``)."""
    topo = view.board.topology
    if view.robber < topo.n_hexes:
        return topo.hex_names[view.robber]
    e = view.robber - topo.n_hexes
    kind = next(k for k, path in view.board.harbors if path == e)
    return f"the {harbor_label(kind)} harbor {topo.path_names[e]}"


def render_status(view: View) -> str:
    """Phase, turn, scores, awards, bank and (for a seated viewer) the viewer's own cards."""
    roll = f"last roll {view.last_roll}" if view.last_roll else "no roll yet"
    if view.phase == Phase.GAME_OVER:
        head = f"Turn {view.turn}: game over, p{view.winner} wins"
    elif view.turn == 0:
        head = f"Set-up: {to_do(view).removeprefix('set-up: ')}"
    elif view.deciders == (view.current,):
        head = f"Turn {view.turn}: {to_do(view)}"
    else:  # a discard, a trade answer, a special build, a helper: others decide now
        head = f"Turn {view.turn}, p{view.current}'s turn: {to_do(view)}"
    lines = [f"{head}; {roll}; robber on {_robber_words(view)}"]
    vp = f"VP/{view.vp_target}"
    scenarios = _in_play(view.rules)
    longest = next(
        (x.LONGEST_ROAD for x in scenarios if hasattr(x, "LONGEST_ROAD")), "Longest Road"
    )
    lines.append(f"  {'player':<8} {vp:>5}  cards  dev  knights  road  awards")
    for p in range(view.n):
        awards = []
        if view.longest_road == p:
            awards.append(longest)
        if view.largest_army == p:
            awards.append("Largest Army")
        if view.revealed_vp_cards[p]:
            awards.append(f"{view.revealed_vp_cards[p]} VP card(s) revealed")
        mark = ">" if p == view.current and view.phase != Phase.GAME_OVER else " "
        if view.winner == p:
            mark = "W"
        name = f"p{p}" + (" (you)" if p == view.viewer else "")
        lines.append(
            f"{mark} {name:<8} {view.public_vp[p]:5}  {view.hand_sizes[p]:5}"
            f"  {view.dev_counts[p]:3}  {view.knights[p]:7}  {view.road_length[p]:4}  "
            + ", ".join(awards)
        )
        lines[-1] = lines[-1].rstrip()
    bank = ", ".join(f"{c} {resource_name(r)}" for r, c in enumerate(view.bank))
    lines.append(f"Bank: {bank}; {view.deck_size} development cards in the deck")
    for x in scenarios:  # the scenarios' public parts (the helpers and their sides)
        if hasattr(x, "status_lines"):
            lines.extend(x.status_lines(view))
    if view.phase == Phase.DISCARD:
        owed = ", ".join(f"p{p} {k}" for p, k in enumerate(view.discards) if k)
        lines.append(f"Cards still to discard: {owed}")
    if view.phase in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM):
        said = []
        for q, a in enumerate(view.offer_answers):
            if a == 4:
                g, r = view.offer_counters[q]
                said.append(f"p{q} counters {format_bundle(g)} for {format_bundle(r)}")
            elif a:
                said.append(f"p{q} {_ANSWERS[a]}")
        lines.append(
            f"Offer by p{view.current}: {format_bundle(view.offer_give)} for "
            f"{format_bundle(view.offer_get)}; " + "; ".join(said)
        )
    if view.phase == Phase.ROAD_BUILDING:
        lines.append(f"Free roads left to place: {view.free_roads}")
    if view.viewer is not None and view.hand is not None and view.dev_cards is not None:
        new = view.dev_bought_this_turn or (0, 0, 0, 0, 0)
        bought = f" (bought this turn: {_dev_words(new)})" if any(new) else ""
        lines.append(f"Your hand (p{view.viewer}): {_bundle_words(view.hand)}")
        lines.append(f"Your development cards: {_dev_words(view.dev_cards)}{bought}")
        lines.append(f"Your points with hidden cards: {view.own_vp}")
    return "\n".join(lines)


_ANSWERS = {1: "has not answered", 2: "accepts", 3: "rejects"}


def render_view(view: View, *, legend: bool = True) -> str:
    """The board, then the table's public facts and the viewer's own cards."""
    return render_board(view, legend=legend) + "\n\n" + render_status(view)


def render_state(s: GameState) -> str:
    """A spectator's rendering of a state (debugging aid: shows no hidden card)."""
    return render_view(observe(s, None))
