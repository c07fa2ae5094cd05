"""Trade: maritime trade with the bank and domestic trade between players.

What this is for: the terms a trade may have and what it does. Maritime: 4:1 always, 3:1
with a building on a generic harbor, 2:1 for a special harbor's resource, several units at
once ("4 ore for any 2 other cards"), limited by the bank. Domestic: the current player
offers a give-bundle for a get-bundle to some opponents; they accept, reject or
counter-offer; the current player confirms one partner or cancels. No gifts, no
like-for-like trades, resource cards only (Almanac, Trade / Domestic Trade / Maritime
Trade).

What this is not: when trading is allowed (``game.py``).
"""

from __future__ import annotations

from .actions import format_bundle, resource_name
from .helper_trade import trade_ratios
from .state import ACCEPTED, COUNTERED, NOT_ASKED, PENDING, ZERO, Bundle, GameState

MARITIME_RULE = "Maritime Trade"
DOMESTIC_RULE = "Domestic Trade"


def _bundle_ok(b: Bundle) -> bool:
    return len(b) == 5 and all(isinstance(c, int) and c >= 0 for c in b)


def holds(s: GameState, p: int, b: Bundle) -> bool:
    h = s.hands
    i = 5 * p
    return all(h[i + r] >= b[r] for r in range(5))


def terms_error(give: Bundle, get: Bundle) -> str | None:
    """Rules common to every trade between two parties."""
    if not _bundle_ok(give) or not _bundle_ok(get):
        return "a trade is two bundles of non-negative resource counts"
    if not sum(give) or not sum(get):
        return "you may not give away cards: each side must give at least one card"
    if any(give[r] and get[r] for r in range(5)):
        return "you may not trade like resources (e.g. 2 wool for 1 wool)"
    return None


# -- maritime -----------------------------------------------------------------------------


def maritime_error(s: GameState, p: int, give: Bundle, get: Bundle) -> str | None:
    err = terms_error(give, get)
    if err:
        return err
    units = 0
    # Jean (Helpers of CATAN): the current player's chosen resource at 2:1 this turn.
    ratios = s.ratios if s.helpers is None else trade_ratios(s)
    for r in range(5):
        c = give[r]
        if c:
            ratio = ratios[5 * p + r]
            if c % ratio:
                return (
                    f"you trade {resource_name(r)} with the bank at {ratio}:1, "
                    f"so give a multiple of {ratio}"
                )
            units += c // ratio
    if sum(get) != units:
        return f"{format_bundle(give)} buys {units} card(s) from the bank, not {sum(get)}"
    if not holds(s, p, give):
        return f"you hold {format_bundle(s.hand(p))}, not {format_bundle(give)}"
    if any(get[r] > s.bank[r] for r in range(5)):
        return f"the bank cannot pay {format_bundle(get)}"
    return None


def exchange_with_bank(s: GameState, p: int, give: Bundle, get: Bundle) -> None:
    h = s.hands
    bank = s.bank
    i = 5 * p
    for r in range(5):
        d = get[r] - give[r]
        if d:
            h[i + r] += d
            bank[r] -= d
    s.events.append(("maritime", p, give, get))


def offer_error(s: GameState, p: int, give: Bundle, get: Bundle, to: int) -> str | None:
    err = terms_error(give, get)
    if err:
        return err
    opponents = ((1 << s.n) - 1) & ~(1 << p)
    if not to or to & ~opponents:
        return "address the offer to one or more of the other players"
    if not holds(s, p, give):
        return f"you hold {format_bundle(s.hand(p))}, not {format_bundle(give)}"
    return None


def open_offer(s: GameState, p: int, give: Bundle, get: Bundle, to: int) -> None:
    s.offer_give = give
    s.offer_get = get
    s.offer_answers = [PENDING if to >> q & 1 else NOT_ASKED for q in range(s.n)]
    s.offer_counters = [(ZERO, ZERO)] * s.n
    s.events.append(("offer", p, give, get, to))


def accept_error(s: GameState, q: int) -> str | None:
    if s.offer_answers[q] != PENDING:
        return f"p{q} has no offer to answer"
    if not holds(s, q, s.offer_get):
        return f"you do not hold {format_bundle(s.offer_get)} to give"
    return None


def counter_error(s: GameState, q: int, give: Bundle, get: Bundle) -> str | None:
    if s.offer_answers[q] != PENDING:
        return f"p{q} has no offer to answer"
    err = terms_error(give, get)
    if err:
        return err
    if not holds(s, q, give):
        return f"you hold {format_bundle(s.hand(q))}, not {format_bundle(give)}"
    return None


def partner_terms(s: GameState, q: int) -> tuple[Bundle, Bundle] | None:
    """What the current player would give and get trading with ``q`` now, if ``q`` agreed."""
    a = s.offer_answers[q]
    if a == ACCEPTED:
        return s.offer_give, s.offer_get
    if a == COUNTERED:
        give_q, get_q = s.offer_counters[q]
        return get_q, give_q  # the counter is written from q's side
    return None


def confirm_error(s: GameState, p: int, q: int) -> str | None:
    if not 0 <= q < s.n:
        return f"there is no player p{q}"
    terms = partner_terms(s, q)
    if terms is None:
        return (
            f"p{q} has not agreed to trade; you may only trade with a player "
            "who accepted or countered"
        )
    give, get = terms
    if not holds(s, p, give):
        return f"you hold {format_bundle(s.hand(p))}, not {format_bundle(give)}"
    if not holds(s, q, get):  # cannot happen (hands do not change while an offer is open)
        return f"p{q} no longer holds {format_bundle(get)}"
    return None


def execute(s: GameState, p: int, q: int) -> None:
    terms = partner_terms(s, q)
    assert terms is not None
    give, get = terms
    h = s.hands
    for r in range(5):
        d = get[r] - give[r]
        if d:
            h[5 * p + r] += d
            h[5 * q + r] -= d
    s.events.append(("trade", p, q, give, get))


def close_offer(s: GameState) -> None:
    s.offer_give = ZERO
    s.offer_get = ZERO
    s.offer_answers = [NOT_ASKED] * s.n
    s.offer_counters = [(ZERO, ZERO)] * s.n
