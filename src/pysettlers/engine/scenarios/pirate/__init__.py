"""The pirate (1996 rules, "Alternate Rules for Experienced Players", 1), ``Rules(pirate=True)``.

    "1. Pirate. In addition to the normal rules for the robber, the robber can be placed on
    any port hex. While the robber is there, no trades may be conducted using that port.
    The player who moved the robber can still steal a card from a neighboring player as
    normal." (003)

**Where.** In this engine a harbor is the coastal path of the frame its marker faces
(``Board.harbors``); that is the 1996 "port hex". Whenever the robber is moved — after a 7,
by a knight, by a knight interrupting under alternate rule 8 — its mover may put it on any
hex (the base rule, ``p0 robber (1,0) p2``) or on any harbor (``p0 pirate (0,-2)NE p1``), in
either case never where it already stands ("the robber must be moved"). The robber's site
is one int in the state (``Topology.site_name``: a hex ``h``, or ``n_hexes + path`` for a
harbor), so a harbor site never equals a hex: while the robber is on a harbor no hex is
blocked for production. From a harbor it moves on as usual, to a hex or another harbor.
Lin (Helpers of CATAN) moves the robber "if the robber is on a terrain hex": a harbor is
none, so Lin waits until the robber is back on land.

**No trade there.** While the robber is on a harbor, that harbor's rate is gone for
everyone who has it: its 2:1 (or its 3:1) is not offered, and a maritime trade that needs it
is refused naming this rule. Nothing else changes: the 4:1 rate, and any other harbor a
player has, stay open — also when two harbors meet at one intersection, only the one the
robber stands on is closed. "Trades ... using that port" are trades with the bank at the
port's rate; domestic trade never uses a port, so it is untouched.

**Whom to rob — the reading taken.** "A neighboring player" of a port: the players with a
settlement or city on either intersection at the ends of the harbor's path — the two
places from which the port can be used, so exactly the players who can trade there (and
whose trade the pirate blocks). The 1996 port hex is a sea hex whose other corners may also
touch land, but only the two intersections the port marker points at are "on" the port
(R5, Harbors: "a settlement on a coastal intersection adjacent to a harbor"), and settling
next to a sea hex is no relation to it otherwise; the robber on a land hex likewise robs
only players "adjacent" to the hex it stands on. As with the robber, the mover names one
victim among them (other than themselves), a victim with no cards gives nothing, and with
no such player there is no steal.

What this is not: the robber's own rules (``production.py``, whose placing and stealing
this rule reuses), the knights' chain (``scenarios/alternate/knights.py``) or any
strategy. The scenario keeps no state of its own: where the robber stands is base state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from pysettlers.engine import phases as P
from pysettlers.engine.actions import (
    Action,
    NotationError,
    Outcome,
    parse_player,
    quoted,
    register_notation,
)
from pysettlers.engine.board import Board
from pysettlers.engine.config import Rules
from pysettlers.engine.errors import IllegalActionError
from pysettlers.engine.hands import seat_slice
from pysettlers.engine.production import place_robber, placing_chances, placing_outcome_error
from pysettlers.engine.registry import Rule, register_scenario
from pysettlers.engine.scenario import Capability, HarborCloser, StatelessRule
from pysettlers.engine.state import Bundle, GameState
from pysettlers.engine.tables import ActionTable
from pysettlers.engine.topology import NameError_, Topology
from pysettlers.engine.trade import maritime_error
from pysettlers.engine.types import NOBODY, ActionKind, Harbor, Phase

from . import kinds as K

PIRATE_RULE = "Pirate (1996 alternate rule)"
NAME: Final = "pirate"


# -- where the pirate stands ---------------------------------------------------------------


def harbor_on(board: Board, site: int) -> int:
    """The path of the harbor the robber stands on at ``site`` (``NOBODY``: on a hex)."""
    n = board.topology.n_hexes
    return site - n if site >= n else NOBODY


def harbor_kind(board: Board, e: int) -> Harbor | None:
    """The marker of the harbor on path ``e`` (``None``: no harbor there)."""
    for kind, path in board.harbors:
        if path == e:
            return kind
    return None


def harbor_victims(topo: Topology, building_owner: Sequence[int], e: int, p: int) -> list[int]:
    """The players other than ``p`` who neighbor the harbor on path ``e`` (a settlement or
    city on either end of its path: the module's reading), in seat order. Works on a
    state's or a view's ``building_owner``."""
    owners = {building_owner[v] for v in topo.path_ends[e]}
    return sorted(q for q in owners if q != NOBODY and q != p)


def closed_harbor(s: GameState) -> int:
    """The path of the harbor closed to trade now (``NOBODY``: the robber is on a hex)."""
    return harbor_on(s.board, s.robber)


def harbor_ratios(s: GameState, p: int, closed: int) -> list[int]:
    """``p``'s five rates with the bank from the harbors they have, the one on ``closed``
    left out (4:1 where no harbor helps)."""
    return ratios_at_harbors(s.board, s.building_owner, p, closed)


def ratios_at_harbors(
    board: Board, building_owner: Sequence[int], p: int, closed: int
) -> list[int]:
    """:func:`harbor_ratios` from the pieces alone, so that a bot reads the same rule from
    its view (``bots.features``): the board and who has a building where."""
    ends = board.topology.path_ends
    bo = building_owner
    out = [4, 4, 4, 4, 4]
    for kind, e in board.harbors:
        if e == closed or not any(bo[v] == p for v in ends[e]):
            continue
        if kind == Harbor.GENERIC:
            out = [min(x, 3) for x in out]
        else:
            out[kind] = 2
    return out


# -- the rule ------------------------------------------------------------------------------


@cache
def _move(p: int, e: int, victim: int) -> Action:
    return Action(p, K.MOVE_PIRATE, e, victim)


def pirate_error(s: GameState, p: int, e: int, victim: int) -> str | None:
    topo = s.topo
    if not 0 <= e < topo.n_paths or harbor_kind(s.board, e) is None:
        where = topo.path_names[e] if 0 <= e < topo.n_paths else f"path {e}"
        return f"there is no harbor on {where}: the pirate goes on a harbor (port)"
    if topo.n_hexes + e == s.robber:
        return (
            f"the robber is already on the harbor {topo.path_names[e]}: it must be moved "
            "somewhere else"
        )
    victims = harbor_victims(topo, s.building_owner, e, p)
    if victims and victim not in victims:
        names = ", ".join(f"p{q}" for q in victims)
        return (
            f"choose whom to rob among the players with a building on the harbor "
            f"{topo.path_names[e]}: {names}"
        )
    if not victims and victim != NOBODY:
        return f"nobody but you has a building on the harbor {topo.path_names[e]}: no one to rob"
    return None


class MovePirate(Rule):
    """The robber placed on a harbor: wherever and whenever it could be placed on a hex."""

    kind = K.MOVE_PIRATE
    name = PIRATE_RULE
    phases = frozenset({P.MOVE_ROBBER})
    order = 1  # after the hexes (``MoveRobber``, order 0)
    fields: tuple[str, ...] = ("a", "b")

    def phases_for(self, rules: Rules) -> frozenset[Phase]:
        # Alternate rule 8: the interrupting knight moves the robber, so may use the pirate
        # (rule 8's own phase, read once per ruleset: no mirror needed).
        if rules.has("knight_interrupts"):
            return self.phases | {Phase.KNIGHT_MOVE}
        return self.phases

    def error(self, s: GameState, a: Action) -> str | None:
        return pirate_error(s, a.player, a.path, a.victim)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        topo = s.topo
        n = topo.n_hexes
        for e in sorted(e for _, e in s.board.harbors):
            if n + e != s.robber:
                victims = harbor_victims(topo, s.building_owner, e, p)
                out.extend([_move(p, e, q) for q in victims] if victims else [_move(p, e, -1)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        return place_robber(s, a.player, s.topo.n_hexes + a.path, a.victim, outcome)

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        return placing_chances(s, a.player, a.victim)

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        return placing_outcome_error(s, a.player, a.victim, outcome)


class ClosedHarbor(HarborCloser):
    """The harbor the pirate stands on, closed to trade."""

    def harbor_closed(self, s: GameState, e: int) -> bool:
        return closed_harbor(s) == e

    def trade_refused(self, s: GameState, p: int, give: Bundle, get: Bundle) -> None:
        e = closed_harbor(s)
        if e == NOBODY or p not in harbor_victims(s.topo, s.building_owner, e, NOBODY):
            return
        kept = s.robber
        s.robber = s.board.robber_start  # only to ask: would the trade do with the port open?
        try:
            open_port = maritime_error(s, p, give, get) is None
        finally:
            s.robber = kept
        if open_port:
            kind = harbor_kind(s.board, e)
            assert kind is not None
            rate = "3:1" if kind == Harbor.GENERIC else f"2:1 {kind.name.lower()}"
            raise IllegalActionError(
                PIRATE_RULE,
                f"the robber is on the {rate} harbor {s.topo.path_names[e]}: no trade may use "
                "that port while it is there",
            )


class Pirate(StatelessRule):
    """The pirate through the scenario hooks: its rule, the closed harbor's rates; the
    closed harbor itself is a capability it has (:class:`ClosedHarbor`)."""

    name = NAME
    by_name = True  # (``Rules.scenarios``)
    label = "Pirate (1996)"
    note = "the robber may also stand on a harbor, closing it to trade"

    def enabled(self, rules: Rules) -> bool:
        return rules.pirate

    def kinds(self) -> tuple[ActionKind, ...]:
        return (K.MOVE_PIRATE,)

    def rules(self) -> tuple[Rule, ...]:
        return (MovePirate(),)

    def trade_ratios(self, s: GameState, ratios: list[int]) -> list[int]:
        e = closed_harbor(s)
        if e == NOBODY:
            return ratios
        # The pirate's hook runs before the helpers' (``scenarios/__init__``): ``ratios``
        # are the harbors' rates here, and Jean's 2:1 still applies on top of these.
        out = ratios[:]
        for p in harbor_victims(s.topo, s.building_owner, e, NOBODY):
            out[seat_slice(p)] = harbor_ratios(s, p, e)
        return out

    def capabilities(self) -> tuple[Capability, ...]:
        return (ClosedHarbor(),)


# -- notation: ``p0 pirate (0,-2)NE p1`` (the harbor's path, then the victim if any) --------


def _format(a: Action, head: str, topo: Topology) -> str:
    victim = f" p{a.victim}" if a.victim >= 0 else ""
    return f"{head} {topo.path_names[a.path]}{victim}"


def _parse(player: int, kind: ActionKind, rest: list[str], text: str, topo: Topology) -> Action:
    if len(rest) not in (1, 2):
        raise NotationError(
            f"{quoted(text)}: 'pirate' takes a harbor's path and optionally a victim"
        )
    try:
        e = topo.parse_path(rest[0])
    except NameError_ as err:
        raise NotationError(f"{quoted(text)}: {err}") from None
    victim = parse_player(rest[1]) if len(rest) == 2 else -1
    return Action(player, kind, e, victim)


register_notation(K.MOVE_PIRATE, "pirate", _format, _parse)
register_scenario(Pirate())
