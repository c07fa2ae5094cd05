"""Resource production, a roll of 7, discarding and the robber.

What this is for: paying out a production roll (settlement 1, city 2 per producing hex, the
robber's hex blocked, the finite bank's shortage rule), the discards of a 7, moving the
robber and the steal — the rules of "Resource Production", "Rolling a 7 and Activating the
Robber" and "Robber" in the Almanac.

The rules of rolling (``Roll``), discarding (``Discard``) and moving the robber
(``MoveRobber``) stand at the end, each with legality, options, transition and chance.

What this is not: knights (``development.py`` hands over to the robber step here).
"""

from __future__ import annotations

from . import kinds as K
from . import phases as P
from . import rng
from .actions import Action, Outcome, outcome_words
from .alternate import early_turn
from .config import Rules
from .events import Discarded, Produced, RobberMoved, Rolled, SevenRerolled, make
from .hands import held, move_cards, pay
from .limits import owed_above
from .registry import Rule, register
from .state import Bundle, GameState
from .tables import ActionTable
from .types import NOBODY, Phase, is_int

ROBBER_RULE = "Robber"
DISCARD_RULE = "Rolling a 7 (discard half)"


def produce(s: GameState, total: int) -> None:
    """Pay out the production of a roll of ``total`` (not 7).

    "If there are not enough resource cards to give every player all the production they
    earn, then no player receives any of that resource that turn. Exception: if the
    shortage only affects a single player, give that player as many of these resources
    as are left in the supply" (Almanac, Resource Production).
    """
    # Speed device: the payout writes the hands' flat layout (``hands.py``) itself, and
    # keeps what is owed in the same layout (the ``Produced`` event's), as it runs on every
    # roll; the rules above it are the two loops and the shortage test.
    n = s.n
    res = s.board.hex_resource
    bo = s.building_owner
    lvl = s.building_level
    robber = s.robber
    hands = s.hands
    bank = s.bank
    owed = [0] * (5 * n)  # cards owed, 5 * player + resource
    # Paid at once, as the bank can pay everyone in the usual case; a bank count gone
    # below zero shows a shortage, and the payment is then undone and made by the rule.
    for h, v in s.prod[total]:  # the buildings on hexes numbered ``total``
        if h != robber:
            r = res[h]
            k = lvl[v]
            i = 5 * bo[v] + r
            owed[i] += k
            hands[i] += k
            bank[r] -= k
    if bank[0] < 0 or bank[1] < 0 or bank[2] < 0 or bank[3] < 0 or bank[4] < 0:
        for i, c in enumerate(owed):
            if c:
                hands[i] -= c
                bank[i % 5] += c
        for r in range(5):
            if sum(owed[r::5]) <= bank[r]:
                continue
            owners = [p for p in range(n) if owed[5 * p + r]]
            for p in owners:  # one player short gets what is left; several get none
                owed[5 * p + r] = bank[r] if len(owners) == 1 else 0
        for i, c in enumerate(owed):
            if c:
                hands[i] += c
                bank[i % 5] -= c
    s.events.append(make(Produced, (total, tuple(owed))))


def start_discards(s: GameState) -> bool:
    """Set who must discard on a 7: half, rounded down, of a hand above the limit."""
    limit = s.ruleset.discard_max
    owed = s.discards
    for p in range(s.n):
        owed[p] = owed_above(limit, s.hand_size(p))
    return any(owed)


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
    pay(s, p, give)
    s.discards[p] -= sum(give)
    s.events.append(make(Discarded, (p, give)))


def victim_mask(s: GameState, p: int, h: int) -> int:
    """Bit mask of the opponents of ``p`` with a settlement or city on hex ``h``."""
    return s.hex_owners[h] & ~(1 << p)


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


def move_robber(s: GameState, p: int, site: int, victim: int, stolen: int | None) -> None:
    s.robber = site
    if stolen is not None:
        move_cards(s, victim, p, stolen)
    s.events.append(make(RobberMoved, (p, site, victim, stolen)))


def roll_dice(s: GameState) -> tuple[int, int]:
    """Two dice from the game's own generator, in one draw (36 equally likely pairs)."""
    d1, d2, s.rng_hi, s.rng_lo = rng.two_dice_halves(s.rng_hi, s.rng_lo)
    return (d1, d2)


# -- the rules ---------------------------------------------------------------------------------

DICE: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((d1, d2), (1 if d1 == d2 else 2) / 36) for d1 in range(1, 7) for d2 in range(d1, 7)
)
"""The 21 distinct rolls of two dice (in increasing order) with their probabilities."""


class Roll(Rule):
    kind = K.ROLL
    name = "Resource Production"
    phases = frozenset({P.PRE_ROLL})
    order = 0

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(t.roll[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        if outcome is None:  # (``roll_dice`` written out: a call a turn costs CPython a frame)
            d1, d2, s.rng_hi, s.rng_lo = rng.two_dice_halves(s.rng_hi, s.rng_lo)
            outcome = (d1, d2)
        else:
            assert isinstance(outcome, tuple)
            d1, d2 = outcome
        total = d1 + d2
        s.last_roll = total
        s.events.append(make(Rolled, (a.player, outcome)))  # the (d1, d2) tuple
        if total == 7 and s.ruleset.alternate and s.rules.has("no_early_sevens"):
            if early_turn(s):  # alternate rule 4: ignored, and the same player rolls again
                s.events.append(SevenRerolled(a.player))
                return outcome
        if total == 7:
            s.resume = P.MAIN
            s.phase = P.DISCARD if start_discards(s) else P.MOVE_ROBBER
        else:
            produce(s, total)
            s.phase = P.MAIN
        for x in s.ruleset.scenarios:
            x.after_roll(s, total)
        return outcome

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        return list(DICE)

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        if (
            isinstance(outcome, tuple)
            and len(outcome) == 2
            and all(is_int(d) and 1 <= d <= 6 for d in outcome)  # not bool
        ):
            return None
        return f"{outcome!r} is not a roll of two dice"


class Discard(Rule):
    kind = K.DISCARD
    name = DISCARD_RULE
    phases = frozenset({P.DISCARD})
    order = 0
    fields: tuple[str, ...] = ("give",)

    def error(self, s: GameState, a: Action) -> str | None:
        return discard_error(s, a.player, a.give)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        hand = s.hand(p)
        row = t.discard[p]
        out.extend([row[r] for r in range(5) if hand[r]])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        discard(s, a.player, a.give)
        if not any(s.discards):
            s.phase = P.MOVE_ROBBER
        return None


class MoveRobber(Rule):
    kind = K.MOVE_ROBBER
    name = ROBBER_RULE
    phases = frozenset({P.MOVE_ROBBER})
    order = 0
    fields: tuple[str, ...] = ("a", "b")

    def error(self, s: GameState, a: Action) -> str | None:
        return robber_error(s, a.player, a.hex, a.victim)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        choices = t.robber_choices[p]
        robber = s.robber
        others = ~(1 << p)
        for hx, owners in enumerate(s.hex_owners):
            if hx != robber:
                mask = owners & others
                moves = choices[hx].get(mask)
                if moves is None:
                    row = t.robber[p][hx]
                    victims = [row[q + 1] for q in range(s.n) if mask >> q & 1]
                    moves = choices[hx][mask] = tuple(victims) if victims else (row[0],)
                out.extend(moves)

    def phases_for(self, rules: Rules) -> frozenset[Phase]:
        # Alternate rule 8: a knight played to interrupt moves the robber in its own phase
        # (the rule's phase, named through the enum: read once per ruleset, and ``phases.py``
        # holds only the base game's).
        if rules.has("knight_interrupts"):
            return self.phases | {Phase.KNIGHT_MOVE}
        return self.phases

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        return place_robber(s, a.player, a.hex, a.victim, outcome)

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        return placing_chances(s, a.player, a.victim)

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        return placing_outcome_error(s, a.player, a.victim, outcome)


def place_robber(s: GameState, p: int, site: int, victim: int, outcome: Outcome) -> Outcome:
    """``p`` places the robber on ``site`` (a hex, or a harbor with the pirate:
    ``Topology.site_name``) naming ``victim`` (``NOBODY``: none) and steals, unless a scenario
    settles the steal later (alternate rule 8). Returns the card stolen, if any."""
    settlers = s.ruleset.steal_settlers
    if settlers and _steal_waits(s, p):
        s.robber = site  # placed; the steal is the scenario's to settle
        for x in settlers:
            x.robber_placed(s, p, site, victim, True)
        return None
    stolen = outcome = steal_card(s, victim, outcome)
    move_robber(s, p, site, victim, stolen)
    s.phase = s.resume
    for x in settlers:
        x.robber_placed(s, p, site, victim, False)
    return outcome


def placing_chances(s: GameState, p: int, victim: int) -> list[tuple[Outcome, float]]:
    """The chance outcomes of ``p`` placing the robber naming ``victim``."""
    if victim == NOBODY or (s.ruleset.steal_settlers and _steal_waits(s, p)):
        return []
    return steal_chances(s, victim)


def placing_outcome_error(s: GameState, p: int, victim: int, outcome: Outcome) -> str | None:
    """Why ``outcome`` cannot be the card ``p`` steals from ``victim`` placing the robber."""
    if victim == NOBODY or not s.hand_size(victim):
        return "nothing is stolen here, so no card can be named"
    if s.ruleset.steal_settlers and _steal_waits(s, p):
        return "nothing is stolen yet: another player may interrupt with a knight"
    if not is_int(outcome) or not 0 <= outcome < 5 or not held(s, victim, outcome):
        return f"p{victim} holds no card {outcome_words(K.MOVE_ROBBER, outcome)} to be stolen"
    return None


def steal_card(s: GameState, victim: int, outcome: Outcome) -> int | None:
    """The card a robber takes from ``victim``: ``outcome`` when the caller gives it, else
    drawn at random from their hand with the state's generator; ``None`` when there is no
    victim or their hand is empty (nothing is stolen, and the step has no chance outcome).
    Only draws: moving the card is the caller's (``move_robber``, rule 8's closing steal)."""
    if victim == NOBODY or not s.hand_size(victim):
        return None
    if outcome is None:
        stolen, s.rng_hi, s.rng_lo = rng.weighted_halves(s.rng_hi, s.rng_lo, s.hand(victim))
        return stolen
    assert isinstance(outcome, int)
    return outcome


def steal_chances(s: GameState, victim: int) -> list[tuple[Outcome, float]]:
    """The card a steal from ``victim`` takes, with its probability ([] for an empty hand)."""
    hand = s.hand(victim)
    total = sum(hand)
    return [(r, k / total) for r, k in enumerate(hand) if k] if total else []


def _steal_waits(s: GameState, p: int) -> bool:
    """Whether a scenario settles the steal of the robber ``p`` is placing (rule 8)."""
    return any(x.steal_waits(s, p) for x in s.ruleset.steal_settlers)


# Registered by call, not by decorator: mypyc compiles only undecorated classes.
for _rule in (
    Roll,
    Discard,
    MoveRobber,
):
    register(_rule)
