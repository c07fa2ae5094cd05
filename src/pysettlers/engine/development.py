"""Development cards: buying, and playing knights and progress cards.

What this is for: the deck (drawn as chance, by the counts left), the one-card-per-turn
rule, the rule against playing a card bought this turn, and the effects of Road Building,
Year of Plenty and Monopoly. Victory point cards are never "played": they count in the
owner's total at once and are revealed when that total wins (``game.py``).

The rules of buying (``BuyDevelopment``) and of playing each card (``PlayKnight``,
``PlayRoadBuilding``, ``PlayYearOfPlenty``, ``PlayMonopoly``) stand at the end.

What this is not: the robber step after a knight (``production.py``) or road sites
(``building.py``).
"""

from __future__ import annotations

from . import cards as D
from . import kinds as K
from . import phases as P
from . import rng
from .actions import Action, Outcome, dev_name, outcome_words, resource_name
from .awards import update_largest_army
from .building import require_cost, road_piece_sites
from .config import Rules
from .data import DEVELOPMENT_COST
from .events import (
    CardDrawn,
    KnightPlayed,
    MonopolyPlayed,
    RoadBuildingPlayed,
    YearOfPlentyPlayed,
    make,
)
from .flow import enter_build
from .hands import (
    bought_this_turn,
    cards_held,
    draw_card,
    from_bank,
    pay,
    play_card,
    take_all,
)
from .registry import NEEDS_DEV, Rule, register
from .state import GameState
from .tables import ActionTable
from .types import NOBODY, DevCard, Phase, is_int

DEV_RULE = "Development Cards"


def play_error(s: GameState, p: int, card: DevCard) -> str | None:
    if s.dev_played:
        return "you may play only one development card (knight or progress card) per turn"
    if cards_held(s, p, card) <= 0:
        return f"you hold no {dev_name(card)} card"
    if cards_held(s, p, card) - bought_this_turn(s, p, card) <= 0:
        return f"you may not play a {dev_name(card)} card bought during this turn"
    return None


def take_card(s: GameState, p: int, card: DevCard) -> None:
    play_card(s, p, card)
    s.dev_played = True


def draw(s: GameState, p: int, card: int) -> None:
    draw_card(s, p, card)
    s.events.append(make(CardDrawn, (p, card)))


def road_building_error(s: GameState, p: int) -> str | None:
    # "A Road Building card can be used to build bridges" (003, Islands of Catan); with
    # Seafarers its pieces may be ships (README, Seafarers ships).
    sites = road_piece_sites(s, p)
    if s.roads_left[p] <= 0 and not sites:
        return "Road Building needs a road in your supply; you have none left"
    if not sites:
        return "Road Building needs a path where you could build a road; there is none"
    return None


def year_of_plenty_error(s: GameState, a: int, b: int) -> str | None:
    if not 0 <= a < 5 or not -1 <= b < 5:
        return "name one or two resources"
    bank = s.bank
    if b == NOBODY:
        # Taking a single card is only right when the bank holds exactly one card.
        if sum(bank) != 1:
            return "Year of Plenty takes 2 resource cards from the bank"
        if not bank[a]:
            return f"the bank has no {resource_name(a)}"
        return None
    need = [0] * 5
    need[a] += 1
    need[b] += 1
    if any(need[r] > bank[r] for r in range(5)):
        return f"the bank cannot pay {resource_name(a)} and {resource_name(b)}"
    return None


def year_of_plenty(s: GameState, p: int, a: int, b: int) -> None:
    for r in (a, b):
        if r != NOBODY:
            from_bank(s, p, r)
    s.events.append(YearOfPlentyPlayed(p, a, b))


def monopoly(s: GameState, p: int, r: int) -> None:
    taken = [0] * s.n
    for q in range(s.n):
        if q != p:
            taken[q] = take_all(s, p, q, r)
    s.events.append(MonopolyPlayed(p, r, tuple(taken)))


# -- the rules ---------------------------------------------------------------------------------


class BuyDevelopment(Rule):
    kind = K.BUY_DEVELOPMENT
    name = DEV_RULE
    phases = frozenset({P.MAIN, P.BUILD, P.SPECIAL_BUILD})
    order = 13
    spends = True

    def needs(self, phase: Phase) -> int:
        return 0b11100  # wool, grain, ore

    def error(self, s: GameState, a: Action) -> str | None:
        if not any(s.deck):
            return "the development card deck is empty"
        require_cost(s, a.player, DEVELOPMENT_COST, "a development card")
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        h = s.hands
        i = 5 * p
        # Speed device (``hands.py``): the cost in the hands' flat layout, as in building.py.
        if h[i + 2] and h[i + 3] and h[i + 4] and any(s.deck):  # wool, grain, ore
            out.append(t.buy[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        if outcome is None:
            card, s.rng_hi, s.rng_lo = rng.weighted_halves(s.rng_hi, s.rng_lo, s.deck)
            outcome = card
        assert isinstance(outcome, int)
        pay(s, a.player, DEVELOPMENT_COST)
        draw(s, a.player, outcome)
        enter_build(s)
        return outcome

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        total = sum(s.deck)
        return [(c, k / total) for c, k in enumerate(s.deck) if k]

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        if not is_int(outcome) or not 0 <= outcome < 5 or not s.deck[outcome]:
            return f"{outcome_words(a.kind, outcome)} is not a card left in the deck"
        return None


def may_play(s: GameState, p: int, card: int) -> bool:
    """Held before this turn, and no card played yet this turn (the options' quick test).

    Speed device (``hands.py``): the cards read in their flat layout, as every option
    listing of a player holding a development card asks this for each kind."""
    i = 5 * p + card
    return not s.dev_played and s.dev[i] > s.dev_new[i]


# "You may play a development card ... before rolling the dice or after" (Almanac,
# Development Cards): the turn's own phases, never in a special build turn.
PLAY_PHASES = frozenset({P.PRE_ROLL, P.MAIN, P.BUILD})


class PlayCard(Rule):
    """What the four playable cards share: the phases and the quick filter."""

    name = DEV_RULE
    phases = PLAY_PHASES

    def phases_for(self, rules: Rules) -> frozenset[Phase]:
        # Alternate rule 3: "a player cannot play them until after he rolls the dice".
        if rules.has("development_after_roll"):
            return self.phases - {P.PRE_ROLL}
        return self.phases

    def needs(self, phase: Phase) -> int:
        return NEEDS_DEV


class PlayKnight(PlayCard):
    kind = K.PLAY_KNIGHT
    order = 20

    def error(self, s: GameState, a: Action) -> str | None:
        return play_error(s, a.player, D.KNIGHT)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if may_play(s, p, D.KNIGHT):
            out.append(t.knight[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        take_card(s, p, D.KNIGHT)
        s.knights[p] += 1
        s.events.append(make(KnightPlayed, (p,)))
        update_largest_army(s)
        s.resume = s.phase
        s.phase = P.MOVE_ROBBER
        return None


class PlayRoadBuilding(PlayCard):
    kind = K.PLAY_ROAD_BUILDING
    order = 21

    def error(self, s: GameState, a: Action) -> str | None:
        p = a.player
        return play_error(s, p, D.ROAD_BUILDING) or road_building_error(s, p)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if may_play(s, p, D.ROAD_BUILDING) and road_building_error(s, p) is None:
            out.append(t.road_building[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        take_card(s, p, D.ROAD_BUILDING)
        s.events.append(RoadBuildingPlayed(p))
        s.free_roads = min(2, s.roads_left[p])
        if s.ruleset.path_pieces and any(
            x.extra_road_building_sites(s, p) for x in s.ruleset.path_pieces
        ):
            s.free_roads = 2  # ships too: the phase ends early when no piece has a site
        s.resume = s.phase
        s.phase = P.ROAD_BUILDING
        return None


class PlayYearOfPlenty(PlayCard):
    kind = K.PLAY_YEAR_OF_PLENTY
    order = 22
    fields: tuple[str, ...] = ("a", "b")

    def error(self, s: GameState, a: Action) -> str | None:
        return play_error(s, a.player, D.YEAR_OF_PLENTY) or year_of_plenty_error(
            s, a.resource, a.second_resource
        )

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if not may_play(s, p, D.YEAR_OF_PLENTY):
            return
        bank = s.bank
        yop = t.year_of_plenty[p]
        if sum(bank) == 1:
            out.extend([yop[a][0] for a in range(5) if bank[a]])
            return
        for a in range(5):
            if bank[a]:
                row = yop[a]
                out.extend(
                    [row[b + 1] for b in range(a, 5) if bank[b] and (a != b or bank[a] >= 2)]
                )

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        take_card(s, a.player, D.YEAR_OF_PLENTY)
        year_of_plenty(s, a.player, a.resource, a.second_resource)
        return None


class PlayMonopoly(PlayCard):
    kind = K.PLAY_MONOPOLY
    order = 23
    fields: tuple[str, ...] = ("a",)

    def error(self, s: GameState, a: Action) -> str | None:
        err = play_error(s, a.player, D.MONOPOLY)
        if not err and not 0 <= a.resource < 5:
            err = "name one resource"
        return err

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if may_play(s, p, D.MONOPOLY):
            out.extend(t.monopoly[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        take_card(s, a.player, D.MONOPOLY)
        monopoly(s, a.player, a.resource)
        return None


# Registered by call, not by decorator: mypyc compiles only undecorated classes.
for _rule in (
    BuyDevelopment,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    PlayMonopoly,
):
    register(_rule)
