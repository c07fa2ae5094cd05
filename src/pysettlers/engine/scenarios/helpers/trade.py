"""The helpers that take or trade cards (Helpers of CATAN, "Helpers in Detail").

What this is for: Hilde (a card taken from a richer opponent's hand she looks at), Jean
(one resource at 2:1 for the turn), Marianne (a card from the bank after a roll that paid
nothing), Nassir (a forced trade with 1 or 2 opponents) and Sean (spared the discard of a 7,
or a card from the bank) — for each, side by side, when its advantage applies and what it
does, exactly as the rulebook's full description says (R5 pp. 8–9), and the unit forms
``legal_actions`` lists. The functions follow ``build.py``'s pattern.

What this is not: when Marianne and Sean are asked (``rules.py`` opens their window after
a roll), the prohibitions, or maritime trade itself (the base game's
``trade.trade_ratios`` asks the scenario's hook for Jean's rate).
"""

from __future__ import annotations

from pysettlers.engine.actions import Action, Outcome
from pysettlers.engine.hands import from_bank, held, move_cards, slot
from pysettlers.engine.state import GameState
from pysettlers.engine.types import NOBODY

from . import phases as HP
from .events import (
    HildeChose,
    HildeLooked,
    HildeTook,
    JeanChose,
    MarianneTook,
    NassirRepaid,
    NassirTraded,
    SeanHelped,
)
from .state import hx_of
from .table import HelperTable, Result, opponent_pairs

# -- Hilde -------------------------------------------------------------------------------------
# "After your production roll has been resolved, choose an opponent who has more victory
# points showing on the board than you do. You may look at that player's hand of resource
# cards and take 1 resource card of your choice."


def _hilde_victims(s: GameState, p: int) -> list[int]:
    # Points "showing" are the public ones (buildings and the special cards), never hidden
    # victory point cards. An opponent with no card offers nothing to take.
    vp = s.public_vp
    return [q for q in range(s.n) if q != p and vp[q] > vp[p] and s.hand_size(q)]


def hilde_error(s: GameState, p: int, a: Action) -> str | None:
    q = a.opponent
    if not 0 <= q < s.n or q == p:
        return "choose an opponent"
    if s.public_vp[q] <= s.public_vp[p]:
        return f"p{q} shows {s.public_vp[q]} points, not more than your {s.public_vp[p]}"
    if not s.hand_size(q):
        return f"p{q} holds no resource card to take"
    return None


def hilde_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    row = t.hilde[p]
    out.extend([row[q] for q in _hilde_victims(s, p)])


def hilde_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    hx = hx_of(s)
    q = a.opponent
    hx.victim = q
    hx.owner = p
    s.events.append(HildeChose(p, q))
    s.events.append(HildeLooked(p, q, s.hand(q)))
    s.phase = HP.HILDE_TAKE
    return None, False


def take_error(s: GameState, p: int, a: Action) -> str | None:
    q = hx_of(s).victim
    r = a.resource
    if not 0 <= r < 5 or not held(s, q, r):
        return f"take a card that p{q} holds"
    return None


def take_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    hand = s.hand(hx_of(s).victim)
    row = t.take[p]
    out.extend([row[r] for r in range(5) if hand[r]])


def take_apply(s: GameState, p: int, a: Action) -> bool:
    hx = hx_of(s)
    q = hx.victim
    move_cards(s, q, p, a.resource)
    s.events.append(HildeTook(p, q, a.resource))
    hx.victim = NOBODY
    return True


# -- Jean --------------------------------------------------------------------------------------
# "During your turn, choose 1 resource type. You may exchange that resource type with the
# supply at a 2:1 rate as often as you like during this turn."


def jean_error(s: GameState, p: int, a: Action) -> str | None:
    return None if 0 <= a.resource < 5 else "choose one resource"


def jean_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    out.extend(t.jean[p])


def jean_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    hx_of(s).jean = a.resource  # until the end of this turn, also if Jean is exchanged meanwhile
    s.events.append(JeanChose(p, a.resource))
    return None, True


def jean_ratios(s: GameState, ratios: list[int]) -> list[int]:
    """Every player's maritime ratios, with the current player's Jean resource at 2:1."""
    r = hx_of(s).jean
    if r == NOBODY:
        return ratios
    out = ratios[:]
    i = slot(s.current, r)
    if out[i] > 2:
        out[i] = 2
    return out


# -- Marianne ----------------------------------------------------------------------------------
# "Use this advantage on any player's turn. If any production roll is not a '7' and you
# receive no resources, take any 1 resource card of your choice." Asked in ``rules.py``.


def marianne_error(s: GameState, p: int, a: Action) -> str | None:
    if hx_of(s).window in (0, 7):
        return "Marianne helps only after a production roll other than 7"
    if not 0 <= a.resource < 5 or not s.bank[a.resource]:
        return "take a resource the bank still has"
    return None


def marianne_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    row = t.marianne[p]
    out.extend([row[r] for r in range(5) if s.bank[r]])


def marianne_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    from_bank(s, p, a.resource)
    s.events.append(MarianneTook(p, a.resource))
    return None, True


# -- Nassir ------------------------------------------------------------------------------------
# "First declare a resource card type. Next, choose 1 or 2 opponents. Those opponents must
# each give you 1 card of the declared type (if they have it). Finally, for each resource
# card you received in this way, you must give the player that gave it to you 1 resource
# card of your choice in return."


def nassir_error(s: GameState, p: int, a: Action) -> str | None:
    if not 0 <= a.resource < 5:
        return "declare one resource"
    if a.to not in opponent_pairs(s.n, p):
        return "choose 1 or 2 opponents"
    return None


def nassir_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    for row in t.nassir[p]:
        out.extend(row.values())


def nassir_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    hx = hx_of(s)
    r = a.resource
    givers = []
    for q in range(s.n):
        if a.to >> q & 1 and held(s, q, r):
            move_cards(s, q, p, r)
            givers.append(q)
    s.events.append(NassirTraded(p, r, a.to, tuple(givers)))
    if not givers:
        return None, True
    hx.owed = sum(1 << q for q in givers)
    hx.owner = p
    s.phase = HP.NASSIR_REPAY
    return None, False


def repay_error(s: GameState, p: int, a: Action) -> str | None:
    q, r = a.opponent, a.given_back
    if not 0 <= q < s.n or not hx_of(s).owed >> q & 1:
        return "give a card back to an opponent who gave you one"
    if not 0 <= r < 5 or not held(s, p, r):
        return "give a card you hold"
    return None


def repay_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    owed = hx_of(s).owed
    hand = s.hand(p)
    for q in range(s.n):
        if owed >> q & 1:
            row = t.repay[p][q]
            out.extend([row[r] for r in range(5) if hand[r]])


def repay_apply(s: GameState, p: int, a: Action) -> bool:
    hx = hx_of(s)
    q, r = a.opponent, a.given_back
    move_cards(s, p, q, r)
    hx.owed &= ~(1 << q)
    s.events.append(NassirRepaid(p, q, r))
    return not hx.owed


# -- Sean --------------------------------------------------------------------------------------
# "When any production roll results in a '7', you may immediately use either of these two
# advantages: if you have more than 7 resource cards in your hand, you do not have to
# discard any cards; if you have 7 or fewer, you may take any 1 resource of your choice from
# the supply." Asked in ``rules.py`` right after the 7, before anyone discards. "More than
# 7" is read as the game's hand limit for a 7 (``Rules.discard_max``, 7 unless an option
# changes it), so the two cases always cover every hand.


def sean_error(s: GameState, p: int, a: Action) -> str | None:
    if hx_of(s).window != 7:
        return "Sean helps only when a 7 is rolled"
    if a.resource == NOBODY:
        if not s.discards[p]:
            return "you do not have to discard: keeping your cards needs more than the limit"
        return None
    if s.discards[p]:
        return "with more cards than the limit Sean spares you the discard instead"
    if not 0 <= a.resource < 5 or not s.bank[a.resource]:
        return "take a resource the bank still has"
    return None


def sean_options(s: GameState, p: int, t: HelperTable, out: list[Action]) -> None:
    row = t.sean[p]
    if s.discards[p]:
        out.append(row[0])
    else:
        out.extend([row[r + 1] for r in range(5) if s.bank[r]])


def sean_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Result:
    if a.resource == NOBODY:
        s.discards[p] = 0
        s.events.append(SeanHelped(p, NOBODY))
    else:
        from_bank(s, p, a.resource)
        s.events.append(SeanHelped(p, a.resource))
    return None, True


def sean_can_help(s: GameState, p: int) -> bool:
    return bool(s.discards[p]) or any(s.bank)
