"""The 1996 pirate's bots face (``pysettlers.bots.scenarios`` says what one defines): the greedy
bot weighs a pirate move as a robber move to the harbor's site (``n_hexes + path``), and
both heuristic bots weigh the robber on a harbor by the trade it closes to each player
there (:func:`site_damage`), with the rates the engine's own rule gives without that
harbor (:func:`ratios_without`). What this is not: the rules."""

from __future__ import annotations

from pysettlers.bots import features as F
from pysettlers.bots.options import HeuristicOptions
from pysettlers.bots.turn_context import TurnContext
from pysettlers.engine import Action, View
from pysettlers.engine import ActionKind as K
from pysettlers.engine.scenarios.pirate import ratios_at_harbors
from pysettlers.engine.types import NOBODY


def score_pirate(t: TurnContext, a: Action, options: HeuristicOptions) -> float:
    """The robber term of the harbor's site (the trade it closes to each player)."""
    return t.robber_delta(t.info.n_hexes + a.path, a.victim)


SCORES = {K.MOVE_PIRATE: score_pirate}


def pirate_site(a: Action, info: F.BoardInfo) -> int:
    """The site of the harbor a pirate move targets (``Topology.site_name``)."""
    return info.n_hexes + a.path


ROBBER_MOVES = {K.MOVE_PIRATE: pirate_site}

_traded = 0.5  # the share of a player's production harbor_damage assumes goes to the bank


def ratios_without(view: View, p: int, info: F.BoardInfo, closed: int) -> list[int]:
    """``p``'s rates from the harbors at their buildings, the one on path ``closed`` left
    out (``NOBODY``: none; the pirate's closed harbor): the engine's own rule
    (``scenarios.pirate.ratios_at_harbors``) on the view's pieces."""
    return ratios_at_harbors(info.board, view.building_owner, p, closed)


def harbor_damage(view: View, info: F.BoardInfo, e: int) -> list[float]:
    """What each player loses while the pirate closes the harbor on path ``e``, in pips (as
    ``features.hex_damage``): the cards per 36 rolls that the bank would give less for the
    share of their production that goes to the bank (half), at the rates left without the
    harbor."""
    out = [0.0] * view.n
    for q in {view.building_owner[v] for v in info.path_ends[e]} - {NOBODY}:
        have = ratios_without(view, q, info, NOBODY)
        left = ratios_without(view, q, info, e)
        prod = F.production(view, q, info)
        out[q] = _traded * sum(x * (1 / a - 1 / b) for x, a, b in zip(prod, have, left))
    return out


def site_damage(view: View, info: F.BoardInfo, site: int) -> list[float] | None:
    """The robber's site beyond the hexes is a harbor's path (``n_hexes + path``): what
    the pirate there costs each player (:func:`harbor_damage`)."""
    return harbor_damage(view, info, site - info.n_hexes)
