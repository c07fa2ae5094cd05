"""Seafarers ships (002), ``Rules(ships=True)``: an option on any map.

    "Seafarers introduces the concept of ships, which serve as roads over water or along the
    coast. Each ship costs one lumber and one wool ... A settlement must first be built
    before a player can switch from building roads to building ships, or vice versa. Thus, a
    chain of ships is always anchored at a settlement on the coast. A shipping line that is
    not anchored at both ends by different settlements can also move the last ship at the
    open end, although this can only be done once per turn and may not be done with any
    ships that were created on the same turn. The "Longest Road" card is now renamed the
    "Longest Trade Route" since this is now calculated by counting the number of contiguous
    ships plus roads that a player has. A settlement or city is necessary between a road and
    a ship for the two to be considered continuous for the purposes of this card." (002)

Readings chosen (002 is a sketch; README, Seafarers ships, keeps the same list):

* **Where.** A ship stands on a *sea path*: a path with a land hex on one side only (the
  other a water or port hex, or the sea beyond the map's rim), a path over water between
  two water or port hexes (the islands maps' bridge paths), or a path of the *open sea*.
  With ships the board's topology has the open sea (``topology.py``, ``board.sea_hexes``):
  the sea is the board's water and port hexes and its frame — every hex beside a land hex
  that is not land (the frame of the frame maps; the islands maps' water and port hexes,
  which are laid "into the normal pattern" where the frame would be, and beyond their rim
  the hexes next to land). Every corner and side of a sea hex is then an intersection and a
  path, so a line of ships sails across open sea, not only along coasts. Why the frame and
  no farther: it is the sea the table lays out (the frame pieces, the islands' blue hexes);
  beyond it there is nowhere to put a piece. Sea intersections hold no settlement or city
  (no land; closed from the start like an intersection next to a settlement), are never
  robber or production targets, and are no neighbours for the distance rule (nothing can
  stand on them). Roads and bridges never go on a path of the open sea. Port hexes are
  sea. The robber stays on land (it never goes to sea; with the 1996 pirate it may stand
  on a harbor, which is that option's rule, not a Seafarers pirate).
* **One piece a path.** A path holds one road, bridge or ship: no road or bridge where a
  ship stands, no ship where a road or bridge stands.
* **Connection.** A ship joins one's own settlement or city at one of its ends, or one's
  own ship there when no building stands between them; an opponent's settlement or city
  breaks a line as it breaks a road. A ship never continues a road, nor a road a ship,
  except at one's own settlement or city. A settlement may be built at the end of one's
  ship (its line ends at the new settlement), by the distance rule as usual.
* **Supply.** 15 ships per player (002 gives no number; the Seafarers box has 15 a colour).
* **Set-up.** No ship in the set-up phase: 002 says nothing of one, and the base set-up
  places "a road".
* **Road Building.** Each of the card's two free pieces may be a road (a bridge) or a ship;
  the phase ends when no piece has a site.
* **Special Building Phase** (5–6 players): ships may be built there; none moved.
* **A line** is one's ships joined end to end at intersections holding no building. It is
  *closed* when it touches one's own settlements or cities at two different intersections
  ("anchored at both ends by different settlements"); a branched line touching two is
  closed as a whole. A ship is at the *open end* when one of its ends holds neither one's
  own building nor another ship of its line.
* **Moving.** On one's own turn after the roll (trade/build phase), at most once per turn,
  a ship not built this turn, at the open end of a line that is not closed, moves to any
  other free sea path where a new ship could be built once it is lifted (joined to one's
  buildings or remaining ships). Moving it counts as building for the separate trade and
  build phases. It stays the same ship (built when it was).
* **Longest Trade Route.** Roads (bridges included) and ships count together, joined only
  at one's own settlement or city (``awards.route_length``); the card keeps its rules
  (5 pieces, the holder keeps a tie). A settlement on an intersection where two pieces of
  another player meet breaks that player's route, roads or ships.

Where each part lives: this package (state, view and persistence in ``part.py``, the rules
in ``rules.py``, events, notation ``p0 ship (0,-2)NE`` / ``p0 move-ship (0,-2)NE to
(1,-2)E``); the base game reads the ships through ``scenario.path_pieces_of`` (no road on a
ship's path, a settlement joins a ship, the trade route in ``awards``), which asks the
:class:`ShipPieces` capability the scenario has.

What this is not: the Seafarers pirate, scenarios, gold fields or victory point tokens.
"""

from __future__ import annotations

from typing import Any

from pysettlers.engine.actions import register_notation
from pysettlers.engine.config import Rules
from pysettlers.engine.data import SHIP_COST, SHIPS_PER_PLAYER
from pysettlers.engine.registry import Rule, register_scenario
from pysettlers.engine.scenario import Capability, PathPieces, Scenario
from pysettlers.engine.state import GameState
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import NOBODY, ActionKind
from pysettlers.engine.validate import unanchored

from . import kinds as K
from . import part as _part
from .notation import format_move, format_ship, parse_move, parse_ship
from .part import NAME, ShipsPart, ShipsView, part_of
from .rules import (
    MOVE_RULE,
    SHIP_RULE,
    BuildShip,
    MoveShip,
    is_closed,
    line_of,
    movable,
    move_targets,
    open_end,
    sea_paths,
    ship_sites,
)

__all__ = [
    "MOVE_RULE",
    "NAME",
    "SHIP_RULE",
    "ShipsPart",
    "ShipsView",
    "is_closed",
    "line_of",
    "movable",
    "move_targets",
    "open_end",
    "part_of",
    "sea_paths",
    "ship_sites",
]


class ShipPieces(PathPieces):
    """The ships as the base game sees them: pieces on paths that are not roads."""

    def path_pieces(self, s: GameState) -> list[int]:
        x: ShipsPart = s.ext[NAME]
        return x.owner

    def extra_road_building_sites(self, s: GameState, p: int) -> list[int]:
        return ship_sites(s, p)

    def can_build(self, s: GameState, p: int) -> bool:
        return s.holds(p, SHIP_COST) and bool(ship_sites(s, p))


class Ships(Scenario):
    """Seafarers ships through the scenario hooks; what the base game's building rules read
    of them is a capability it has (:class:`ShipPieces`)."""

    name = NAME
    by_name = True  # (``Rules.scenarios``)
    label = "Ships (Seafarers)"
    note = "built by the sea, the one at a line's open end moved; the Longest Trade Route"

    def enabled(self, rules: Rules) -> bool:
        return rules.ships

    def kinds(self) -> tuple[ActionKind, ...]:
        return (K.BUILD_SHIP, K.MOVE_SHIP)

    def rules(self) -> tuple[Rule, ...]:
        return (BuildShip(), MoveShip())

    def init(self, s: GameState) -> None:
        s.ext[NAME] = ShipsPart.fresh(s.n, s.topo.n_paths)

    def capabilities(self) -> tuple[Capability, ...]:
        return (ShipPieces(),)

    def view(self, s: GameState, viewer: int | None) -> ShipsView:
        return _part.ships_view(s)

    def build(self, s: GameState, spec: Any) -> ShipsPart:
        """``spec``: ``None`` or ``{path: player}`` (ids or names) for ships already built."""
        x = ShipsPart.fresh(s.n, s.topo.n_paths)
        if spec is None:
            return x
        if not isinstance(spec, dict):
            raise ValueError("ships: give {path: player} for the ships on the board")
        for where, p in spec.items():
            e = s.topo.parse_path(where) if isinstance(where, str) else where
            if not isinstance(e, int) or not 0 <= e < s.topo.n_paths:
                raise ValueError(f"ships: no path {where!r}")
            if not isinstance(p, int) or not 0 <= p < s.n:
                raise ValueError(f"ships: no seat {p!r}")
            x.owner[e] = p
            x.built[e] = 0
            x.left[p] -= 1
        return x

    def save(self, ext: Any, topo: Topology) -> dict[str, Any]:
        assert isinstance(ext, ShipsPart)
        return _part.save(ext, topo)

    def load(self, obj: dict[str, Any], rules: Rules, topo: Topology) -> ShipsPart:
        return _part.load(obj, rules.players, topo)

    def unview(self, s: GameState, part: Any) -> ShipsPart:
        assert isinstance(part, ShipsView)
        return _part.unview(s, part)

    def validate(self, s: GameState) -> list[str]:
        x = part_of(s)
        topo = s.topo
        out = []
        sea = sea_paths(topo)
        for e, o in enumerate(x.owner):
            if o == NOBODY:
                if x.built[e] != NOBODY:
                    out.append(f"ships: a built turn on {topo.path_names[e]} with no ship")
                continue
            if e not in sea:
                out.append(f"ships: a ship on {topo.path_names[e]}, which touches no sea")
            if s.road_owner[e] != NOBODY:
                out.append(f"ships: a ship and a road on {topo.path_names[e]}")
            if x.built[e] > s.turn:
                out.append(f"ships: the ship on {topo.path_names[e]} was built after this turn")
        for p in range(s.n):
            on_board = sum(o == p for o in x.owner)
            if on_board + x.left[p] != SHIPS_PER_PLAYER or x.left[p] < 0:
                out.append(
                    f"ships: p{p} has {on_board} ships on the board and {x.left[p]} left "
                    f"(supply {SHIPS_PER_PLAYER})"
                )
        if x.moved > s.turn:
            out.append("ships: a ship moved after this turn")
        out += _ships_connected(s, x)
        return out


def _ships_connected(s: GameState, x: ShipsPart) -> list[str]:
    """Every line of ships reaches one of its owner's settlements or cities.

    "A chain of ships is always anchored at a settlement on the coast" (002): a ship is
    built, or moved, only where it joins its owner's building or another of their ships, and
    buildings stay. As for roads (``validate._roads_connected``) a line may pass an
    opponent's building, which may have been built on it later; a ship never joins a
    road except at its owner's building, so roads do not anchor a line.
    """
    topo = s.topo
    out = []
    for p, part in unanchored(topo, x.owner, s.building_owner):
        names = ", ".join(topo.path_names[e] for e in part)
        out.append(f"ships: p{p}'s ship(s) {names} connect to none of p{p}'s buildings")
    return out


register_notation(ActionKind.BUILD_SHIP, "ship", format_ship, parse_ship)
register_notation(ActionKind.MOVE_SHIP, "move-ship", format_move, parse_move)
register_scenario(Ships())
