"""Resource production, a roll of 7, discarding and the robber.

What this is for: paying out a production roll (settlement 1, city 2 per producing hex, the
robber's hex blocked, the finite bank's shortage rule), the discards of a 7, moving the
robber and the steal — the rules of "Resource Production", "Rolling a 7 and Activating the
Robber" and "Robber" in the Almanac.

What this is not: the dice themselves (chance is resolved by ``game.py``) or knights
(``development.py`` hands over to the robber step here).
"""

from __future__ import annotations

from .errors import IllegalActionError
from .state import Bundle, GameState
from .types import NOBODY

ROBBER_RULE = "Robber"
DISCARD_RULE = "Rolling a 7 (discard half)"


def produce(s: GameState, total: int) -> None:
    """Pay out the production of a roll of ``total`` (not 7).

    "If there are not enough resource cards to give every player all the production they
    earn, then no player receives any of that resource that turn. Exception: if the
    shortage only affects a single player, give that player as many of these resources
    as are left in the supply" (Almanac, Resource Production).
    """
    board = s.board
    n = s.n
    owed = [0] * (5 * n)
    corners = s.topo.hex_corners
    bo = s.building_owner
    lvl = s.building_level
    robber = s.robber
    kinds = 0  # bit mask of the resources someone is owed
    for h in board.number_hexes[total]:
        if h == robber:
            continue
        r = board.hex_resource[h]
        for v in corners[h]:
            o = bo[v]
            if o != NOBODY:
                owed[5 * o + r] += lvl[v]
                kinds |= 1 << r
    hands = s.hands
    bank = s.bank
    for r in range(5):
        if not kinds >> r & 1:
            continue
        need = 0
        owners = 0
        for p in range(n):
            c = owed[5 * p + r]
            if c:
                need += c
                owners += 1
        if need > bank[r]:
            if owners == 1:
                for p in range(n):
                    if owed[5 * p + r]:
                        owed[5 * p + r] = bank[r]
            else:
                for p in range(n):
                    owed[5 * p + r] = 0
        for p in range(n):
            c = owed[5 * p + r]
            if c:
                hands[5 * p + r] += c
                bank[r] -= c
    s.events.append(("produce", total, tuple(owed)))


def start_discards(s: GameState) -> bool:
    """Set who must discard on a 7: half, rounded down, of a hand above the limit."""
    limit = s.rules.discard_max
    any_discard = False
    for p in range(s.n):
        size = s.hand_size(p)
        s.discards[p] = size // 2 if size > limit else 0
        any_discard = any_discard or size > limit
    return any_discard


def discard_error(s: GameState, p: int, give: Bundle) -> str | None:
    owed = s.discards[p]
    if owed <= 0:
        return f"p{p} has no cards to discard"
    if len(give) != 5 or any(c < 0 for c in give):
        return "a discard is a bundle of non-negative counts"
    total = sum(give)
    if total <= 0:
        return "discard at least one card"
    if total > owed:
        return f"p{p} must discard {owed} more card(s), not {total}"
    hand = s.hand(p)
    if any(give[r] > hand[r] for r in range(5)):
        return "you can only discard cards you hold"
    return None


def discard(s: GameState, p: int, give: Bundle) -> None:
    from .building import pay

    pay(s, p, give)
    s.discards[p] -= sum(give)
    s.events.append(("discard", p, give))


def victim_mask(s: GameState, p: int, h: int) -> int:
    """Bit mask of the opponents of ``p`` with a settlement or city on hex ``h``."""
    bo = s.building_owner
    mask = 0
    for v in s.topo.hex_corners[h]:
        o = bo[v]
        if o != NOBODY and o != p:
            mask |= 1 << o
    return mask


def robber_victims(s: GameState, p: int, h: int) -> list[int]:
    """Opponents with a settlement or city on hex ``h``, in seat order."""
    mask = victim_mask(s, p, h)
    return [q for q in range(s.n) if mask >> q & 1]


def robber_error(s: GameState, p: int, h: int, victim: int) -> str | None:
    topo = s.topo
    if not 0 <= h < topo.n_hexes:
        return f"there is no hex {h}"
    if h == s.robber:
        return "the robber must be moved to another hex; it may not stay where it is"
    victims = robber_victims(s, p, h)
    if victims and victim not in victims:
        names = ", ".join(f"p{q}" for q in victims)
        return (
            f"choose whom to rob among the players with a building on {topo.hex_names[h]}: {names}"
        )
    if not victims and victim != NOBODY:
        return f"nobody but you has a building on {topo.hex_names[h]}: no one to rob"
    return None


def steal_weights(s: GameState, victim: int) -> list[int]:
    """The victim's hand: the steal takes one card at random from it."""
    return list(s.hand(victim)) if victim != NOBODY else [0, 0, 0, 0, 0]


def move_robber(s: GameState, p: int, h: int, victim: int, stolen: int | None) -> None:
    s.robber = h
    if stolen is not None:
        s.hands[5 * victim + stolen] -= 1
        s.hands[5 * p + stolen] += 1
    s.events.append(("robber", p, h, victim, stolen))


def check_robber(s: GameState, p: int, h: int, victim: int) -> None:
    err = robber_error(s, p, h, victim)
    if err:
        raise IllegalActionError(ROBBER_RULE, err)
