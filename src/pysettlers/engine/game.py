"""The engine's entry points: new game, who decides, legal actions, check, apply, chance.

What this is for: the turn structure (set-up rounds, roll, the trade/build phase, end of
turn, winning) and the dispatch of each action to the rule module that owns it. Every layer
outside the engine codes against these functions and ``views.observe``.

* ``legal_actions(s, player)`` lists, in a deterministic order, what ``player`` (default:
  :func:`to_move`) may do now. Composite actions that ``apply`` also accepts are listed in
  their unit form: discards one card at a time, maritime trades one card at a time,
  domestic offers and counter-offers one card for one card. Any other legal bundle is
  accepted by :func:`check` and :func:`apply`.
* ``apply(s, a, outcome)`` mutates ``s``. Chance (dice, a development card drawn, the card
  a robber takes) is resolved by ``outcome`` when given, else by the state's own seeded
  generator; the realized outcome is returned so a record can replay it.
* ``apply_checked`` first runs ``check``, which raises :class:`IllegalActionError` naming
  the rule and leaves the state untouched.

With ``Rules.helpers`` the Helpers of CATAN hook in at a few points — the second set-up
road deals a helper (on the beginner map, ``new_game`` deals them all), a roll may open
Marianne's or Sean's window, the end of a turn ends Jean's rate, and the helper kinds are
checked and applied by ``helpers.py``.

What this is not: the individual rules' details (``building``, ``production``, ``trade``,
``development``, ``awards``, ``helpers``), persistence (``records``) or views (``views``).
"""

from __future__ import annotations

from typing import Any

from . import data, helpers, rng
from .actions import ZERO, Action, Outcome
from .awards import update_largest_army
from .board import Board, make_board
from .building import (
    can_build_anything,
    city_site_error,
    pay,
    place_city,
    place_road,
    place_settlement,
    require_cost,
    road_site_error,
    road_sites,
    settlement_site_error,
)
from .config import Rules
from .development import (
    DEV_RULE,
    draw,
    monopoly,
    play_error,
    road_building_error,
    take_card,
    year_of_plenty,
    year_of_plenty_error,
)
from .errors import IllegalActionError
from .flow import PHASE_KINDS, TURN_RULE, deciders, is_over, setup_player, to_move
from .legal import legal_actions
from .production import (
    DISCARD_RULE,
    ROBBER_RULE,
    discard,
    discard_error,
    move_robber,
    produce,
    robber_error,
    start_discards,
)
from .state import ACCEPTED, COUNTERED, PENDING, REJECTED, GameState, fresh_state
from .trade import (
    DOMESTIC_RULE,
    MARITIME_RULE,
    accept_error,
    close_offer,
    confirm_error,
    counter_error,
    exchange_with_bank,
    execute,
    maritime_error,
    offer_error,
    open_offer,
)
from .types import FIRST_HELPER_KIND, NOBODY, ActionKind, DevCard, Phase

__all__ = [
    "apply",
    "apply_checked",
    "chance_outcomes",
    "check",
    "deciders",
    "is_over",
    "legal_actions",
    "new_game",
    "to_move",
]

K = ActionKind
P = Phase


# -- creating a game --------------------------------------------------------------------------


def _roll_die(s: GameState) -> int:
    d, s.rng = rng.below(s.rng, 6)
    return d + 1


def new_game(
    rules: Rules, *, first_player: int | None = None, board: Board | None = None
) -> GameState:
    """A new game: the map laid out from the seed (or ``board``), ready for the set-up phase.

    The starting player is found as the rules say — everyone rolls, the highest roll starts,
    ties re-roll — unless ``first_player`` is given (a real table, a replay). With the
    beginner map the pieces of Illustration A are placed, the starred settlements' resources
    paid, and "the oldest player" (``first_player``, default seat 0) takes the first turn.
    """
    if board is None:
        board = make_board(rules)
    # The seed is mixed so the in-game chance is not the stream that laid out the map.
    s = fresh_state(rules, board, rules.seed ^ 0x5EED_CA7A_2026_0001)
    if first_player is not None and not 0 <= first_player < rules.players:
        raise ValueError(f"first_player must be a seat from 0 to {rules.players - 1}")
    if rules.map_kind == "beginner":
        _beginner_setup(s)
        s.first_player = s.current = first_player or 0
        s.phase = P.PRE_ROLL
        if s.helpers is not None:
            helpers.deal_all(s)  # as in the set-up phase, before turn 1
        s.turn = 1
        return s
    if first_player is None:
        contenders = list(range(rules.players))
        while len(contenders) > 1:
            rolls = {p: _roll_die(s) + _roll_die(s) for p in contenders}
            s.events.append(("start_roll", tuple(sorted(rolls.items()))))
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
        first_player = contenders[0]
    s.first_player = s.current = first_player
    return s


def _beginner_setup(s: GameState) -> None:
    topo = s.topo
    for seat, colour in enumerate(data.BEGINNER_SEATS[s.n]):
        for k, ((hc, corner), (rc, side)) in enumerate(data.BEGINNER_POSITIONS[colour]):
            v = topo.corner(hc, corner)
            place_settlement(s, seat, v)
            place_road(s, seat, topo.side(rc, side))
            if k == 1:  # the starred settlement yields the starting resources
                _starting_resources(s, seat, v)


def _starting_resources(s: GameState, p: int, v: int) -> None:
    res = s.board.hex_resource
    for h in s.topo.intersection_hexes[v]:
        r = res[h]
        if r != NOBODY and s.bank[r]:
            s.bank[r] -= 1
            s.hands[5 * p + r] += 1
    s.events.append(("starting_resources", p, s.hand(p)))


# -- checking -----------------------------------------------------------------------------------


# The fields each kind uses; the others must keep their defaults, so that equal intents
# compare equal and an accepted action round-trips through the notation (which omits them).
_USED_FIELDS: dict[ActionKind, tuple[str, ...]] = {
    K.BUILD_ROAD: ("a",),
    K.BUILD_SETTLEMENT: ("a",),
    K.BUILD_CITY: ("a",),
    K.PLAY_YEAR_OF_PLENTY: ("a", "b"),
    K.PLAY_MONOPOLY: ("a",),
    K.MOVE_ROBBER: ("a", "b"),
    K.DISCARD: ("give",),
    K.MARITIME_TRADE: ("give", "get"),
    K.OFFER_TRADE: ("give", "get", "to"),
    K.COUNTER_TRADE: ("give", "get"),
    K.CONFIRM_TRADE: ("a",),
    **helpers.USED_FIELDS,
}


def _bundle_shape_ok(b: Any) -> bool:
    if b is ZERO:  # the default of every action that carries no bundle
        return True
    return (
        isinstance(b, tuple)
        and len(b) == 5
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 99 for c in b)
    )


def check(s: GameState, a: Action, outcome: Outcome = None) -> None:
    """Raise :class:`IllegalActionError` unless ``a`` (with ``outcome``, if given) is legal now."""
    if not isinstance(a, Action):
        raise IllegalActionError("Action", f"{a!r} is not an Action")
    try:
        kind = ActionKind(a.kind)
    except ValueError:
        raise IllegalActionError("Action", f"unknown action kind {a.kind!r}") from None
    if not isinstance(a.player, int) or not 0 <= a.player < s.n:
        raise IllegalActionError("Action", f"there is no player {a.player!r} in this game")
    if not all(isinstance(x, int) for x in (a.a, a.b, a.to)):
        raise IllegalActionError("Action", f"malformed action {a!r}")
    if not _bundle_shape_ok(a.give) or not _bundle_shape_ok(a.get):
        raise IllegalActionError("Action", "bundles are 5 counts (brick, lumber, wool, grain, ore)")
    used = _USED_FIELDS.get(kind, ())
    for name, default in Action._field_defaults.items():
        if name not in used and getattr(a, name) != default:
            raise IllegalActionError(
                "Action", f"'{kind.name.lower()}' takes no '{name}' (got {getattr(a, name)!r})"
            )
    p = a.player
    ph = s.phase
    if ph == P.GAME_OVER:
        raise IllegalActionError("Ending the Game", f"the game is over; p{s.winner} won")
    if p not in deciders(s):
        who = ", ".join(f"p{q}" for q in deciders(s))
        raise IllegalActionError(TURN_RULE, f"it is not p{p}'s decision now (waiting for {who})")
    if kind not in PHASE_KINDS[ph] or (
        ph == P.TRADE_RESPONSE and (kind == K.CANCEL_TRADE) != (p == s.current)
    ):
        raise IllegalActionError(
            TURN_RULE, f"'{kind.name.lower()}' is not allowed during {ph.name.lower()}"
        )
    rule, err = _kind_error(s, kind, a)
    if err:
        raise IllegalActionError(rule, err)
    _check_outcome(s, kind, a, outcome)


def _kind_error(s: GameState, kind: ActionKind, a: Action) -> tuple[str, str | None]:
    p = a.player
    ph = s.phase
    if kind == K.BUILD_SETTLEMENT:
        setup = ph == P.SETUP_SETTLEMENT
        err = settlement_site_error(s, p, a.a, setup)
        if err:
            return ("Distance Rule" if err.startswith("distance") else "Settlements", err)
        if not setup:
            require_cost(s, p, data.SETTLEMENT_COST, "a settlement")
        return ("", None)
    if kind == K.BUILD_ROAD:
        err = road_site_error(s, p, a.a)
        if err:
            return ("Roads", err)
        if ph in (P.MAIN, P.BUILD, P.SPECIAL_BUILD):
            require_cost(s, p, data.ROAD_COST, "a road")
        return ("", None)
    if kind == K.BUILD_CITY:
        err = city_site_error(s, p, a.a)
        if err:
            return ("Cities", err)
        require_cost(s, p, data.CITY_COST, "a city")
        return ("", None)
    if kind == K.BUY_DEVELOPMENT:
        if not any(s.deck):
            return (DEV_RULE, "the development card deck is empty")
        require_cost(s, p, data.DEVELOPMENT_COST, "a development card")
        return ("", None)
    if kind == K.PLAY_KNIGHT:
        return (DEV_RULE, play_error(s, p, DevCard.KNIGHT))
    if kind == K.PLAY_ROAD_BUILDING:
        return (DEV_RULE, play_error(s, p, DevCard.ROAD_BUILDING) or road_building_error(s, p))
    if kind == K.PLAY_YEAR_OF_PLENTY:
        return (
            DEV_RULE,
            play_error(s, p, DevCard.YEAR_OF_PLENTY) or year_of_plenty_error(s, a.a, a.b),
        )
    if kind == K.PLAY_MONOPOLY:
        err = play_error(s, p, DevCard.MONOPOLY)
        if not err and not 0 <= a.a < 5:
            err = "name one resource"
        return (DEV_RULE, err)
    if kind == K.MOVE_ROBBER:
        return (ROBBER_RULE, robber_error(s, p, a.a, a.b))
    if kind == K.DISCARD:
        return (DISCARD_RULE, discard_error(s, p, a.give))
    if kind == K.MARITIME_TRADE:
        return (MARITIME_RULE, maritime_error(s, p, a.give, a.get))
    if kind == K.OFFER_TRADE:
        return (DOMESTIC_RULE, offer_error(s, p, a.give, a.get, a.to))
    if kind == K.ACCEPT_TRADE:
        return (DOMESTIC_RULE, accept_error(s, p))
    if kind == K.COUNTER_TRADE:
        return (DOMESTIC_RULE, counter_error(s, p, a.give, a.get))
    if kind == K.REJECT_TRADE:
        return (DOMESTIC_RULE, None if s.offer_answers[p] == PENDING else "no offer to answer")
    if kind == K.CONFIRM_TRADE:
        return (DOMESTIC_RULE, confirm_error(s, p, a.a))
    if kind >= FIRST_HELPER_KIND:
        return helpers.kind_error(s, kind, a)
    return ("", None)  # ROLL, END_TURN, CANCEL_TRADE: the phase check was all


def _check_outcome(s: GameState, kind: ActionKind, a: Action, outcome: Outcome) -> None:
    if outcome is None:
        return
    if kind == K.ROLL:
        if not (
            isinstance(outcome, tuple)
            and len(outcome) == 2
            and all(isinstance(d, int) and 1 <= d <= 6 for d in outcome)
        ):
            raise IllegalActionError(
                "Resource Production", f"{outcome!r} is not a roll of two dice"
            )
        return
    if kind == K.BUY_DEVELOPMENT:
        if not isinstance(outcome, int) or not 0 <= outcome < 5 or not s.deck[outcome]:
            raise IllegalActionError(DEV_RULE, f"{outcome!r} is not a card left in the deck")
        return
    if kind == K.MOVE_ROBBER and a.b != NOBODY and s.hand_size(a.b):
        if not isinstance(outcome, int) or not 0 <= outcome < 5 or not s.hands[5 * a.b + outcome]:
            raise IllegalActionError(ROBBER_RULE, f"p{a.b} holds no card {outcome!r} to be stolen")
        return
    if kind >= FIRST_HELPER_KIND:
        helpers.check_outcome(s, kind, outcome)
        return
    raise IllegalActionError("Chance", f"'{kind.name.lower()}' involves no chance here")


def chance_outcomes(s: GameState, a: Action) -> list[tuple[Outcome, float]]:
    """The chance outcomes of a legal action with their probabilities ([] if none)."""
    if a.kind == K.ROLL:
        return [
            ((d1, d2), (1 if d1 == d2 else 2) / 36) for d1 in range(1, 7) for d2 in range(d1, 7)
        ]
    if a.kind == K.BUY_DEVELOPMENT:
        total = sum(s.deck)
        return [(c, k / total) for c, k in enumerate(s.deck) if k]
    if a.kind == K.MOVE_ROBBER and a.b != NOBODY:
        hand = s.hand(a.b)
        total = sum(hand)
        return [(r, k / total) for r, k in enumerate(hand) if k] if total else []
    if a.kind >= FIRST_HELPER_KIND and s.helpers is not None:
        return helpers.chance_outcomes(s, a)
    return []


# -- applying -----------------------------------------------------------------------------------


def apply_checked(s: GameState, a: Action, outcome: Outcome = None) -> Outcome:
    """:func:`check`, then :func:`apply`. On error the state is unchanged."""
    check(s, a, outcome)
    return apply(s, a, outcome)


def apply(s: GameState, a: Action, outcome: Outcome = None) -> Outcome:
    """Carry out a legal action (unchecked: use ``apply_checked`` at trust boundaries).

    Returns the chance outcome that was used (sampled from the state's generator when
    ``outcome`` is ``None``), or ``None`` for an action without chance.
    """
    s.events = []
    kind = a.kind
    p = a.player
    ph = s.phase
    # The two most frequent actions first (the chain below is tested in order).
    if kind == K.ROLL:
        if outcome is None:
            d1 = _roll_die(s)
            d2 = _roll_die(s)
            outcome = (d1, d2)
        assert isinstance(outcome, tuple)
        total = outcome[0] + outcome[1]
        s.last_roll = total
        s.events.append(("roll", p, outcome))
        if total == 7:
            s.resume = P.MAIN
            s.phase = P.DISCARD if start_discards(s) else P.MOVE_ROBBER
        else:
            produce(s, total)
            s.phase = P.MAIN
        if s.helpers is not None:
            helpers.open_window(s, total)  # Marianne (not 7) or Sean (7), on any turn
    elif kind == K.END_TURN:
        _end_turn(s)
    elif kind == K.BUILD_ROAD:
        # Each event is recorded before the award changes the piece may cause.
        if ph == P.SETUP_ROAD:
            s.events.append(("road", p, a.a))
            place_road(s, p, a.a)
            if s.helpers is not None and s.setup_step >= s.n:
                helpers.deal(s, p)  # with the second settlement and road: a helper
            _next_setup_step(s)
        elif ph == P.ROAD_BUILDING:
            s.events.append(("road", p, a.a))
            place_road(s, p, a.a)
            s.free_roads -= 1
            if s.free_roads <= 0 or not road_sites(s, p):
                s.free_roads = 0
                s.phase = s.resume
        else:
            pay(s, p, data.ROAD_COST)
            s.events.append(("road", p, a.a))
            place_road(s, p, a.a)
            _enter_build(s)
    elif kind == K.BUILD_SETTLEMENT:
        if ph == P.SETUP_SETTLEMENT:
            s.events.append(("settlement", p, a.a))
            place_settlement(s, p, a.a)
            if s.setup_step >= s.n:  # second round: starting resources
                _starting_resources(s, p, a.a)
            s.setup_vertex = a.a
            s.phase = P.SETUP_ROAD
        else:
            pay(s, p, data.SETTLEMENT_COST)
            s.events.append(("settlement", p, a.a))
            place_settlement(s, p, a.a)
            _enter_build(s)
    elif kind == K.BUILD_CITY:
        pay(s, p, data.CITY_COST)
        place_city(s, p, a.a)
        s.events.append(("city", p, a.a))
        _enter_build(s)
    elif kind == K.DISCARD:
        discard(s, p, a.give)
        if not any(s.discards):
            s.phase = P.MOVE_ROBBER
    elif kind == K.MOVE_ROBBER:
        stolen: int | None = None
        if a.b != NOBODY and s.hand_size(a.b):
            if outcome is None:
                stolen, s.rng = rng.weighted(s.rng, s.hand(a.b))
                outcome = stolen
            else:
                assert isinstance(outcome, int)
                stolen = outcome
        else:
            outcome = None
        move_robber(s, p, a.a, a.b, stolen)
        s.phase = s.resume
    elif kind == K.BUY_DEVELOPMENT:
        if outcome is None:
            card, s.rng = rng.weighted(s.rng, s.deck)
            outcome = card
        assert isinstance(outcome, int)
        pay(s, p, data.DEVELOPMENT_COST)
        draw(s, p, outcome)
        _enter_build(s)
    elif kind == K.PLAY_KNIGHT:
        take_card(s, p, DevCard.KNIGHT)
        s.knights[p] += 1
        s.events.append(("knight", p))
        update_largest_army(s)
        s.resume = ph
        s.phase = P.MOVE_ROBBER
    elif kind == K.PLAY_ROAD_BUILDING:
        take_card(s, p, DevCard.ROAD_BUILDING)
        s.events.append(("road_building", p))
        s.free_roads = min(2, s.roads_left[p])
        s.resume = ph
        s.phase = P.ROAD_BUILDING
    elif kind == K.PLAY_YEAR_OF_PLENTY:
        take_card(s, p, DevCard.YEAR_OF_PLENTY)
        year_of_plenty(s, p, a.a, a.b)
    elif kind == K.PLAY_MONOPOLY:
        take_card(s, p, DevCard.MONOPOLY)
        monopoly(s, p, a.a)
    elif kind == K.MARITIME_TRADE:
        exchange_with_bank(s, p, a.give, a.get)
    elif kind == K.OFFER_TRADE:
        open_offer(s, p, a.give, a.get, a.to)
        s.phase = P.TRADE_RESPONSE
    elif kind in (K.ACCEPT_TRADE, K.REJECT_TRADE, K.COUNTER_TRADE):
        if kind == K.ACCEPT_TRADE:
            s.offer_answers[p] = ACCEPTED
        elif kind == K.REJECT_TRADE:
            s.offer_answers[p] = REJECTED
        else:
            s.offer_answers[p] = COUNTERED
            s.offer_counters[p] = (a.give, a.get)
        s.events.append(("answer", p, kind.name.lower(), a.give, a.get))
        if PENDING not in s.offer_answers:
            if ACCEPTED in s.offer_answers or COUNTERED in s.offer_answers:
                s.phase = P.TRADE_CONFIRM
            else:
                close_offer(s)
                s.events.append(("offer_closed", s.current))
                s.phase = P.MAIN
    elif kind == K.CONFIRM_TRADE:
        execute(s, p, a.a)
        close_offer(s)
        s.phase = P.MAIN
    elif kind == K.CANCEL_TRADE:
        close_offer(s)
        s.events.append(("offer_closed", p))
        s.phase = P.MAIN
    elif kind >= FIRST_HELPER_KIND:
        outcome = helpers.apply(s, a, outcome)
    else:  # pragma: no cover - check() rejects unknown kinds
        raise ValueError(f"unknown action kind {kind!r}")
    # Only the player whose turn it is can win, and only during that turn (not in the
    # Special Building Phase that follows it).
    if s.turn and s.phase != P.GAME_OVER and s.phase != P.SPECIAL_BUILD:
        c = s.current
        if s.public_vp[c] + s.dev[5 * c + 4] >= s.rules.vp_target:
            _win(s, c)
    return outcome


def _enter_build(s: GameState) -> None:
    # Beginners' separate phases: once you build, the trade phase is over for this turn.
    if s.phase == P.MAIN and s.rules.trade_build == "separate":
        s.phase = P.BUILD


def _next_setup_step(s: GameState) -> None:
    s.setup_vertex = NOBODY
    s.setup_step += 1
    if s.setup_step >= 2 * s.n:
        # "The starting player (the last to place their second settlement) begins the game."
        s.current = s.first_player
        s.phase = P.PRE_ROLL
        s.turn = 1
    else:
        s.current = setup_player(s, s.setup_step)
        s.phase = P.SETUP_SETTLEMENT


def _end_turn(s: GameState) -> None:
    """End a turn or a special build turn; start the Special Building Phase or the next turn."""
    if s.phase != P.SPECIAL_BUILD:
        s.dev_played = False
        if s.helpers is not None:
            helpers.end_turn(s)
        if s.rules.special_building:
            s.phase = P.SPECIAL_BUILD
            s.special_builder = s.current
    if s.phase == P.SPECIAL_BUILD and _next_special_builder(s):
        return
    s.dev_new = [0] * (5 * s.n)  # cards bought this turn (or in its special build) are now old
    s.special_builder = NOBODY
    s.current = (s.current + 1) % s.n
    s.turn += 1
    s.phase = P.PRE_ROLL
    s.events.append(("turn", s.current, s.turn))


def _next_special_builder(s: GameState) -> bool:
    """Hand the special build turn to the next player clockwise who could build anything.

    "In clockwise order, each player then takes a special build turn" (R5 p. 7). A player
    who can afford nothing could only pass, so they are skipped without being asked.
    Returns ``False`` when every other player has had their special build turn.
    """
    p = s.special_builder
    while True:
        p = (p + 1) % s.n
        if p == s.current:
            return False
        if can_build_anything(s, p):
            s.special_builder = p
            s.events.append(("special_build", p))
            return True


def _win(s: GameState, p: int) -> None:
    """Game over: ``p`` reveals any victory point cards and wins."""
    s.winner = p
    s.phase = P.GAME_OVER
    s.free_roads = 0  # a free road may have won the game; none is left to place
    s.events.append(("win", p, s.public_vp[p] + s.dev[5 * p + 4], s.dev[5 * p + 4]))
