"""The Helpers of CATAN's notation: one keyword per helper's advantage and for the decisions
that follow it::

    p0 candamir 1lumber+1wool+1grain   (the card's cost, 1 resource substituted or not)
    p0 hilde p2        p0 take ore     (look at p2's hand, then take a card from it)
    p0 jean ore                        p0 lin (0,0)           (the desert the robber goes to)
    p0 louis (0,-1)NE to (1,-1)SE      p2 marianne ore        p2 sean ore    p2 sean keep
    p0 nassir wool from p1,p2          p0 repay p1 ore        p2 decline
    p0 vincent settlement (0,0)N       p0 vincent city (0,0)N
    p0 william (0,-1)NE 1brick+1wool   p0 keep knight         p0 flip    p0 exchange jean

Candamir's chance outcome (the cards drawn) is written ``knight+knight+monopoly``.

What this is for: registering these with ``actions.register_notation`` when the scenario's
package is imported. What this is not: legality (``rules.py``).
"""

from __future__ import annotations

from pysettlers.engine.actions import (
    Action,
    NotationError,
    Outcome,
    dev_name,
    format_bundle,
    helper_name,
    keyword,
    parse_bundle,
    parse_dev,
    parse_helper,
    parse_player,
    parse_players,
    parse_resource,
    players_text,
    quoted,
    register_notation,
    register_outcome_notation,
    resource_name,
)
from pysettlers.engine.data import CANDAMIR_DRAW
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import ActionKind

from . import kinds as K

_LEVELS = {1: "settlement", 2: "city"}
KEYWORDS: dict[ActionKind, str] = {
    K.HELPER_CANDAMIR: "candamir",
    K.HELPER_HILDE: "hilde",
    K.HELPER_JEAN: "jean",
    K.HELPER_LIN: "lin",
    K.HELPER_LOUIS: "louis",
    K.HELPER_MARIANNE: "marianne",
    K.HELPER_NASSIR: "nassir",
    K.HELPER_SEAN: "sean",
    K.HELPER_VINCENT: "vincent",
    K.HELPER_WILLIAM: "william",
    K.HELPER_DECLINE: "decline",
    K.HELPER_FLIP: "flip",
    K.HELPER_EXCHANGE: "exchange",
    K.HELPER_TAKE: "take",
    K.HELPER_KEEP: "keep",
    K.HELPER_REPAY: "repay",
}


def _format_helper(a: Action, head: str, topo: Topology) -> str:
    k = a.kind
    if k in (K.HELPER_JEAN, K.HELPER_MARIANNE, K.HELPER_TAKE):
        return f"{head} {resource_name(a.resource)}"
    if k == K.HELPER_SEAN:
        return f"{head} {'keep' if a.resource < 0 else resource_name(a.resource)}"
    if k == K.HELPER_CANDAMIR:
        return f"{head} {format_bundle(a.give)}"
    if k == K.HELPER_HILDE:
        return f"{head} p{a.opponent}"
    if k == K.HELPER_LIN:
        return f"{head} {topo.hex_names[a.hex]}"
    if k == K.HELPER_LOUIS:
        return f"{head} {topo.path_names[a.path]} to {topo.path_names[a.to_path]}"
    if k == K.HELPER_NASSIR:
        return f"{head} {resource_name(a.resource)} from {players_text(a.to)}"
    if k == K.HELPER_VINCENT:
        return f"{head} {_LEVELS.get(a.level, '?')} {topo.intersection_names[a.intersection]}"
    if k == K.HELPER_WILLIAM:
        return f"{head} {topo.path_names[a.path]} {format_bundle(a.give)}"
    if k == K.HELPER_EXCHANGE:
        return f"{head} {helper_name(a.helper)}"
    if k == K.HELPER_KEEP:
        return f"{head} {dev_name(a.card)}"
    if k == K.HELPER_REPAY:
        return f"{head} p{a.opponent} {resource_name(a.given_back)}"
    return head  # decline, flip


def _parse_helper(player: int, k: ActionKind, rest: list[str], text: str, topo: Topology) -> Action:
    def need(n: int) -> None:
        if len(rest) != n:
            kw = keyword(k)
            raise NotationError(f"{quoted(text)}: '{kw}' takes {n} argument(s), got {len(rest)}")

    if k in (K.HELPER_JEAN, K.HELPER_MARIANNE, K.HELPER_TAKE):
        need(1)
        return Action(player, k, parse_resource(rest[0]))
    if k == K.HELPER_SEAN:
        need(1)
        return Action(player, k, -1 if rest[0].lower() == "keep" else parse_resource(rest[0]))
    if k == K.HELPER_CANDAMIR:
        need(1)
        return Action(player, k, give=parse_bundle(rest[0]))
    if k == K.HELPER_HILDE:
        need(1)
        return Action(player, k, parse_player(rest[0]))
    if k == K.HELPER_LIN:
        need(1)
        return Action(player, k, topo.parse_hex(rest[0]))
    if k == K.HELPER_LOUIS:
        need(3)
        if rest[1].lower() != "to":
            raise NotationError(f"{quoted(text)}: expected '<path> to <path>'")
        return Action(player, k, topo.parse_path(rest[0]), topo.parse_path(rest[2]))
    if k == K.HELPER_NASSIR:
        need(3)
        if rest[1].lower() != "from":
            raise NotationError(f"{quoted(text)}: expected '<resource> from p1,p2'")
        return Action(player, k, parse_resource(rest[0]), to=parse_players(rest[2]))
    if k == K.HELPER_VINCENT:
        need(2)
        levels = {v: lvl for lvl, v in _LEVELS.items()}
        if rest[0].lower() not in levels:
            raise NotationError(f"{quoted(text)}: expected 'settlement' or 'city'")
        return Action(player, k, topo.parse_intersection(rest[1]), levels[rest[0].lower()])
    if k == K.HELPER_WILLIAM:
        need(2)
        return Action(player, k, topo.parse_path(rest[0]), give=parse_bundle(rest[1]))
    if k == K.HELPER_EXCHANGE:
        need(1)
        return Action(player, k, parse_helper(rest[0]))
    if k == K.HELPER_KEEP:
        need(1)
        return Action(player, k, parse_dev(rest[0]))
    if k == K.HELPER_REPAY:
        need(2)
        return Action(player, k, parse_player(rest[0]), parse_resource(rest[1]))
    need(0)
    return Action(player, k)


def _format_draw(outcome: Outcome) -> str:
    assert isinstance(outcome, tuple)
    return "+".join(dev_name(c) for c in outcome)


def _parse_draw(text: str) -> Outcome:
    # "Draw the top 3 cards" (fewer if the deck is shorter): never more than 3 names.
    cards = text.split("+")
    if len(cards) > CANDAMIR_DRAW:
        raise NotationError(
            f"{quoted(text)}: Candamir draws at most {CANDAMIR_DRAW} development cards"
        )
    return tuple(int(parse_dev(c)) for c in cards)


def register() -> None:
    for kind, word in KEYWORDS.items():
        register_notation(kind, word, _format_helper, _parse_helper)
    register_outcome_notation(K.HELPER_CANDAMIR, _format_draw, _parse_draw)
