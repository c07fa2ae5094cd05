"""Development cards: buying, and playing knights and progress cards.

What this is for: the deck (drawn as chance, by the counts left), the one-card-per-turn
rule, the rule against playing a card bought this turn, and the effects of Road Building,
Year of Plenty and Monopoly. Victory point cards are never "played": they count in the
owner's total at once and are revealed when that total wins (``game.py``).

What this is not: the robber step after a knight (``production.py``) or road sites
(``building.py``).
"""

from __future__ import annotations

from .actions import dev_name, resource_name
from .building import road_sites
from .state import GameState
from .types import NOBODY, DevCard

DEV_RULE = "Development Cards"


def play_error(s: GameState, p: int, card: DevCard) -> str | None:
    if s.dev_played:
        return "you may play only one development card (knight or progress card) per turn"
    i = 5 * p + card
    if s.dev[i] <= 0:
        return f"you hold no {dev_name(card)} card"
    if s.dev[i] - s.dev_new[i] <= 0:
        return f"you may not play a {dev_name(card)} card bought during this turn"
    return None


def take_card(s: GameState, p: int, card: DevCard) -> None:
    s.dev[5 * p + card] -= 1
    s.played[5 * p + card] += 1
    s.dev_played = True


def draw(s: GameState, p: int, card: int) -> None:
    s.deck[card] -= 1
    s.dev[5 * p + card] += 1
    s.dev_new[5 * p + card] += 1
    s.events.append(("draw", p, card))


def road_building_error(s: GameState, p: int) -> str | None:
    if s.roads_left[p] <= 0:
        return "Road Building needs a road in your supply; you have none left"
    if not road_sites(s, p):
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
            s.bank[r] -= 1
            s.hands[5 * p + r] += 1
    s.events.append(("year_of_plenty", p, a, b))


def monopoly(s: GameState, p: int, r: int) -> None:
    taken = [0] * s.n
    h = s.hands
    for q in range(s.n):
        if q != p:
            c = h[5 * q + r]
            if c:
                taken[q] = c
                h[5 * q + r] = 0
                h[5 * p + r] += c
    s.events.append(("monopoly", p, r, tuple(taken)))
