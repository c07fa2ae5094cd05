"""Trade: maritime trade with the bank and domestic trade between players.

What this is for: the terms a trade may have and what it does. Maritime: 4:1 always, 3:1
with a building on a generic harbor, 2:1 for a special harbor's resource, several units at
once ("4 ore for any 2 other cards"), limited by the bank. Domestic: the current player
offers a give-bundle for a get-bundle to some opponents; they accept, reject or
counter-offer; the current player confirms one partner or cancels. No gifts, no
like-for-like trades, resource cards only (Almanac, Trade / Domestic Trade / Maritime
Trade).

Maritime trade may use any rate the player has, not only the best: "The 4:1 trade is
always possible", and a generic harbor's 3:1 stays usable beside a 2:1 harbor (Almanac,
Maritime Trade; Generic Harbor (3:1)). ``check``/``apply`` accept a bundle at any mix of
those rates; the listed unit trades use only the best rate, since a worse rate is never
better.

The rules of the seven trade kinds stand at the end, each with legality, options and
transition side by side.

Every domestic offer is numbered (``offer_id``, from 1 in each game), and every answer to
it — accept, reject, counter-offer — and the offerer's confirmation or withdrawal names that
number (``p1 accept #3``). One naming another offer is refused: the offer it answered was
withdrawn or replaced, and an answer must never land on terms its sender did not see. A
counter-offer is known by the offer it answers and its author (``p0 confirm p1 #3``): each
addressee answers an offer once, so those two fix its terms.

What this is not: whose decision it is (``flow.py``).
"""

from __future__ import annotations

from functools import lru_cache

from . import kinds as K
from . import phases as P
from .actions import OFFER_KINDS, Action, Outcome, format_bundle, resource_name
from .errors import IllegalActionError
from .events import MaritimeTraded, OfferAnswered, OfferClosed, OfferMade, Traded, make
from .flow import TURN_RULE
from .hands import from_bank, held_kinds, move_cards, slot, to_bank
from .registry import Rule, register
from .state import (
    ACCEPTED,
    COUNTERED,
    NOT_ASKED,
    PENDING,
    REJECTED,
    ZERO,
    Bundle,
    GameState,
)
from .tables import ActionTable
from .types import Harbor

MARITIME_RULE = "Maritime Trade"
DOMESTIC_RULE = "Domestic Trade"


def _bundle_ok(b: Bundle) -> bool:
    return len(b) == 5 and all(isinstance(c, int) and c >= 0 for c in b)


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


def trade_ratios(s: GameState) -> list[int]:
    """The bank's best rate for each player and resource now (``5 * player + resource``):
    the harbors' rates, changed by any scenario in play (e.g. a helper's 2:1 this turn)."""
    ratios = s.ratios
    if s.ruleset.scenarios:
        for x in s.ruleset.scenarios:
            ratios = x.trade_ratios(s, ratios)
    return ratios


def has_generic_harbor(s: GameState, p: int) -> bool:
    """Whether ``p`` has a settlement or city on a generic (3:1) harbor open to trade (a
    scenario may close one: the pirate standing on it)."""
    board = s.board
    ends = s.topo.path_ends
    bo = s.building_owner
    closers = s.ruleset.harbor_closers
    for kind, e in board.harbors:
        if kind == Harbor.GENERIC and any(bo[v] == p for v in ends[e]):
            if not closers or not any(x.harbor_closed(s, e) for x in closers):
                return True
    return False


def rates(s: GameState, p: int, r: int) -> tuple[int, ...]:
    """Every rate at which ``p`` may trade resource ``r`` with the bank now, best first."""
    out = {4, trade_ratios(s)[slot(p, r)]}
    if has_generic_harbor(s, p):
        out.add(3)
    return tuple(sorted(out))


@lru_cache(maxsize=4096)
def unit_counts(count: int, rates: tuple[int, ...]) -> frozenset[int]:
    """How many cards the bank may pay for ``count`` cards given at a mix of ``rates``."""
    if count == 0:
        return frozenset({0})
    return frozenset(k + 1 for r in rates if r <= count for k in unit_counts(count - r, rates))


def maritime_error(s: GameState, p: int, give: Bundle, get: Bundle) -> str | None:
    err = terms_error(give, get)
    if err:
        return err
    totals = {0}
    for r in range(5):
        c = give[r]
        if c:
            rs = rates(s, p, r)
            ks = unit_counts(c, rs)
            if not ks:
                shown = " or ".join(f"{x}:1" for x in rs)
                return (
                    f"you trade {resource_name(r)} with the bank at {shown}, so "
                    f"{c} {resource_name(r)} is not a whole number of trades"
                )
            totals = {t + k for t in totals for k in ks}
    if sum(get) not in totals:
        can = ", ".join(str(t) for t in sorted(totals))
        return f"{format_bundle(give)} buys {can} card(s) from the bank, not {sum(get)}"
    if not s.holds(p, give):
        return f"you hold {format_bundle(s.hand(p))}, not {format_bundle(give)}"
    if any(get[r] > s.bank[r] for r in range(5)):
        return f"the bank cannot pay {format_bundle(get)}"
    return None


def exchange_with_bank(s: GameState, p: int, give: Bundle, get: Bundle) -> None:
    for r in range(5):
        if give[r]:
            to_bank(s, p, r, give[r])
        if get[r]:
            from_bank(s, p, r, get[r])
    s.events.append(make(MaritimeTraded, (p, give, get)))


def offer_error(s: GameState, p: int, give: Bundle, get: Bundle, to: int) -> str | None:
    err = terms_error(give, get)
    if err:
        return err
    opponents = ((1 << s.n) - 1) & ~(1 << p)
    if not to or to & ~opponents:
        return "address the offer to one or more of the other players"
    if not s.holds(p, give):
        return f"you hold {format_bundle(s.hand(p))}, not {format_bundle(give)}"
    return None


def open_offer(s: GameState, p: int, give: Bundle, get: Bundle, to: int) -> None:
    s.offer_give = give
    s.offer_get = get
    s.offer_answers = [PENDING if to >> q & 1 else NOT_ASKED for q in range(s.n)]
    s.offer_counters = [(ZERO, ZERO)] * s.n
    s.offer_id += 1
    s.events.append(OfferMade(p, give, get, to, s.offer_id))


def unnamed_error(s: GameState, a: Action) -> str:
    """Why an answer naming no offer is refused (the module docstring; ``game.check`` asks
    every rule with an ``offer`` field for one)."""
    k = s.offer_id
    return f"name the offer you answer: the open offer is #{k} (e.g. 'p{a.player} ... #{k}')"


def gone_error(s: GameState, a: Action) -> str:
    """Why an action naming offer ``a.offer`` finds it gone (``game.check`` says it first,
    before whose decision it is: an answer to an offer that closed is refused for that)."""
    if a.offer == s.offer_id:
        return f"offer #{a.offer} is no longer open: it was traded or withdrawn"
    if s.phase in (P.TRADE_RESPONSE, P.TRADE_CONFIRM):
        return (
            f"offer #{a.offer} is no longer open (withdrawn or replaced); the open offer is "
            f"#{s.offer_id}: look at its terms and answer it"
        )
    if a.offer > s.offer_id:
        return f"there is no offer #{a.offer} (the latest is #{s.offer_id})"
    return f"offer #{a.offer} is no longer open: it was traded, withdrawn or replaced"


def name_open_offer(s: GameState, a: Action) -> Action:
    """``a`` naming the open offer if it names none: for records (and server logs) made
    before offers were numbered, whose answers (``p1 accept``) could only mean the open one.
    Never for a person's or a client's action, which must say what it answers."""
    if a.kind in OFFER_KINDS and not a.offer and s.offer_id:
        return a._replace(offer=s.offer_id)
    return a


def _named(a: Action, k: int) -> Action:
    """A listed (prebuilt, unnamed) answer naming offer ``k``."""
    return Action(a.player, a.kind, a.a, a.b, a.give, a.get, a.to, k)


def accept_error(s: GameState, q: int) -> str | None:
    if s.offer_answers[q] != PENDING:
        return f"p{q} has no offer to answer"
    if not s.holds(q, s.offer_get):
        return f"you do not hold {format_bundle(s.offer_get)} to give"
    return None


def counter_error(s: GameState, q: int, give: Bundle, get: Bundle) -> str | None:
    if s.offer_answers[q] != PENDING:
        return f"p{q} has no offer to answer"
    err = terms_error(give, get)
    if err:
        return err
    if not s.holds(q, give):
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
    if not s.holds(p, give):
        return f"you hold {format_bundle(s.hand(p))}, not {format_bundle(give)}"
    if not s.holds(q, get):  # cannot happen (hands do not change while an offer is open)
        return f"p{q} no longer holds {format_bundle(get)}"
    return None


def execute(s: GameState, p: int, q: int) -> None:
    terms = partner_terms(s, q)
    if terms is None:  # reached only unchecked (a tampered record replayed without checks)
        raise IllegalActionError(DOMESTIC_RULE, f"p{q} has not agreed to trade")
    give, get = terms
    for r in range(5):
        if give[r]:
            move_cards(s, p, q, r, give[r])
        if get[r]:
            move_cards(s, q, p, r, get[r])
    s.events.append(Traded(p, q, give, get, s.offer_id))


def close_offer(s: GameState) -> None:
    s.offer_give = ZERO
    s.offer_get = ZERO
    s.offer_answers = [NOT_ASKED] * s.n
    s.offer_counters = [(ZERO, ZERO)] * s.n


# -- the rules ---------------------------------------------------------------------------------


class MaritimeTrade(Rule):
    kind = K.MARITIME_TRADE
    name = MARITIME_RULE
    phases = frozenset({P.MAIN})
    order = 30
    fields: tuple[str, ...] = ("give", "get")

    def error(self, s: GameState, a: Action) -> str | None:
        err = maritime_error(s, a.player, a.give, a.get)
        if err is not None:
            for x in s.ruleset.harbor_closers:  # its own reason names its rule (raises)
                x.trade_refused(s, a.player, a.give, a.get)
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        # (``trade_ratios`` only when a scenario may change the rates: listed on every step
        # of the main phase, the call alone cost CPython 2% of a random game)
        ratios = trade_ratios(s) if s.ruleset.scenarios else s.ratios
        # Speed device: the hand and the rates read in their flat layout (``hands.py``), as
        # this is listed on every step of the main phase: can p pay any rate at all?
        h = s.hands
        i = 5 * p
        if (
            h[i] < ratios[i]
            and h[i + 1] < ratios[i + 1]
            and h[i + 2] < ratios[i + 2]
            and h[i + 3] < ratios[i + 3]
            and h[i + 4] < ratios[i + 4]
        ):
            return  # not enough of any resource to trade: most of the time
        bank = s.bank
        mar = t.maritime[p]
        in_bank = ((bank[0] > 0) | (bank[1] > 0) << 1 | (bank[2] > 0) << 2 | (bank[3] > 0) << 3) | (
            bank[4] > 0
        ) << 4
        for r in range(5):
            ratio = ratios[i + r]
            if h[i + r] >= ratio:
                out.extend(mar[r][ratio][in_bank])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        exchange_with_bank(s, a.player, a.give, a.get)
        return None


class OfferTrade(Rule):
    kind = K.OFFER_TRADE
    name = DOMESTIC_RULE
    phases = frozenset({P.MAIN})
    # Listed last, after ending the turn: domestic talk is always the end of a listing (the
    # counter-offers too, order 52), so a player who rarely talks splits it off as a suffix.
    order = 95
    fields: tuple[str, ...] = ("give", "get", "to")

    def error(self, s: GameState, a: Action) -> str | None:
        return offer_error(s, a.player, a.give, a.get, a.to)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        # The 1-for-1 offers to everyone depend only on which resources p holds.
        out.extend(t.offers_holding[p][held_kinds(s, p)])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        open_offer(s, a.player, a.give, a.get, a.to)
        s.phase = P.TRADE_RESPONSE
        return None


def _not_the_offerer(s: GameState, a: Action) -> None:
    """The player who made the offer does not answer it (they confirm or cancel)."""
    if a.player == s.current:
        raise IllegalActionError(
            TURN_RULE, "you made this offer: the others answer it, and you choose a partner"
        )


def _answered(s: GameState, a: Action, answer: str) -> None:
    """Record an answer; once everyone asked has answered, confirm or close."""
    s.events.append(OfferAnswered(a.player, answer, a.give, a.get, s.offer_id))
    if PENDING not in s.offer_answers:
        if ACCEPTED in s.offer_answers or COUNTERED in s.offer_answers:
            s.phase = P.TRADE_CONFIRM
        else:
            close_offer(s)
            s.events.append(OfferClosed(s.current, s.offer_id))
            s.phase = P.MAIN


class AcceptTrade(Rule):
    kind = K.ACCEPT_TRADE
    name = DOMESTIC_RULE
    phases = frozenset({P.TRADE_RESPONSE})
    order = 50
    fields: tuple[str, ...] = ("offer",)

    def error(self, s: GameState, a: Action) -> str | None:
        _not_the_offerer(s, a)
        return accept_error(s, a.player)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if s.offer_answers[p] == PENDING and s.holds(p, s.offer_get):
            out.append(_named(t.accept[p], s.offer_id))

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        s.offer_answers[a.player] = ACCEPTED
        _answered(s, a, "accept")
        return None


class RejectTrade(Rule):
    kind = K.REJECT_TRADE
    name = DOMESTIC_RULE
    phases = frozenset({P.TRADE_RESPONSE})
    order = 51
    fields: tuple[str, ...] = ("offer",)

    def error(self, s: GameState, a: Action) -> str | None:
        _not_the_offerer(s, a)
        return None if s.offer_answers[a.player] == PENDING else "no offer to answer"

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if s.offer_answers[p] == PENDING:
            out.append(_named(t.reject[p], s.offer_id))

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        s.offer_answers[a.player] = REJECTED
        _answered(s, a, "reject")
        return None


class CounterTrade(Rule):
    kind = K.COUNTER_TRADE
    name = DOMESTIC_RULE
    phases = frozenset({P.TRADE_RESPONSE})
    order = 52
    fields: tuple[str, ...] = ("give", "get", "offer")

    def error(self, s: GameState, a: Action) -> str | None:
        _not_the_offerer(s, a)
        return counter_error(s, a.player, a.give, a.get)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if s.offer_answers[p] != PENDING:
            return
        hand = s.hand(p)
        cnt = t.counter[p]
        k = s.offer_id
        for r in range(5):
            if hand[r]:
                row = cnt[r]
                out.extend([_named(row[r2], k) for r2 in range(5) if r2 != r])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        s.offer_answers[a.player] = COUNTERED
        s.offer_counters[a.player] = (a.give, a.get)
        _answered(s, a, "counter")
        return None


class ConfirmTrade(Rule):
    kind = K.CONFIRM_TRADE
    name = DOMESTIC_RULE
    phases = frozenset({P.TRADE_CONFIRM})
    order = 53
    fields: tuple[str, ...] = ("a", "offer")

    def error(self, s: GameState, a: Action) -> str | None:
        return confirm_error(s, a.player, a.partner)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        row = t.confirm[p]
        k = s.offer_id
        out.extend([_named(row[q], k) for q in range(s.n) if confirm_error(s, p, q) is None])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        execute(s, a.player, a.partner)
        close_offer(s)
        s.phase = P.MAIN
        return None


class CancelTrade(Rule):
    kind = K.CANCEL_TRADE
    name = DOMESTIC_RULE
    phases = frozenset({P.TRADE_RESPONSE, P.TRADE_CONFIRM})
    order = 54
    fields: tuple[str, ...] = ("offer",)

    def error(self, s: GameState, a: Action) -> str | None:
        if a.player != s.current:  # only the offerer withdraws an offer
            raise IllegalActionError(
                TURN_RULE, "only the player who made the offer can withdraw it"
            )
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if p == s.current:
            out.append(_named(t.cancel[p], s.offer_id))

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        close_offer(s)
        s.events.append(OfferClosed(a.player, s.offer_id))
        s.phase = P.MAIN
        return None


# Registered by call, not by decorator: mypyc compiles only undecorated classes.
for _rule in (
    MaritimeTrade,
    OfferTrade,
    AcceptTrade,
    RejectTrade,
    CounterTrade,
    ConfirmTrade,
    CancelTrade,
):
    register(_rule)
