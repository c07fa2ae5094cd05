"""The engine's entry points: new game, check, apply, chance — the game's life cycle.

What this is for: creating a game (the map, the starting player, the beginner map's fixed
set-up) and the three calls every layer outside the engine codes against besides
``legal_actions`` and ``observe``:

* ``check(s, a, outcome)`` raises :class:`IllegalActionError` naming the rule unless ``a``
  is legal now: the action's shape, whose decision it is, whether its kind is allowed in
  this phase (all derived from the rule registry), then the kind's own rule.
* ``apply(s, a, outcome)`` mutates ``s`` through the kind's rule. Chance (dice, a
  development card drawn, the card a robber takes) is resolved by ``outcome`` when given,
  else by the state's own seeded generator; the realized outcome is returned so a record
  can replay it. Every action is followed by the winning check, and its events join the
  state's log.
* ``apply_checked`` first runs ``check``, so on error the state is unchanged.

What this is not: any individual rule (each kind's rule lives with its mechanics:
``building``, ``development``, ``production``, ``trade``, ``turn``, and the scenarios'
packages), the phase → kinds table (``registry``), persistence (``records``) or views.
"""

from __future__ import annotations

from typing import Any

# The base game's rule modules register their rules when imported.
from . import building, data, development, production, trade, turn  # noqa: F401
from . import phases as P
from .actions import ZERO, Action, Outcome
from .board import Board, make_board
from .building import place_road, place_settlement, starting_resources
from .config import Rules
from .development import DEV_RULE
from .errors import IllegalActionError
from .events import Event, StartRoll, TurnStarted, make
from .flow import TURN_RULE, deciders, is_over, to_move
from .legal import legal_actions
from .production import DISCARD_RULE, ROBBER_RULE, roll_dice
from .refusals import out_of_phase
from .registry import Rule, offered_by
from .state import GameState, fresh_state
from .trade import DOMESTIC_RULE, MARITIME_RULE, gone_error, unnamed_error
from .turn import win
from .types import ActionKind, is_int

__all__ = [
    "DEV_RULE",
    "DISCARD_RULE",
    "DOMESTIC_RULE",
    "MARITIME_RULE",
    "ROBBER_RULE",
    "TURN_RULE",
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

_OFFER_PHASES = (P.TRADE_RESPONSE, P.TRADE_CONFIRM)


# -- creating a game --------------------------------------------------------------------------


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
    if first_player is not None and (
        not is_int(first_player) or not 0 <= first_player < rules.players
    ):
        raise ValueError(f"first_player must be a seat from 0 to {rules.players - 1}")
    # The seed is mixed so the in-game chance is not the stream that laid out the map.
    s = fresh_state(rules, board, rules.seed ^ 0x5EED_CA7A_2026_0001)
    if rules.map_kind == "beginner":
        _beginner_setup(s)
        s.first_player = s.current = first_player or 0
        s.phase = P.PRE_ROLL
        for x in s.ruleset.set_ups:
            x.new_game(s)
        s.turn = 1
        s.events.append(make(TurnStarted, (s.current, s.turn)))  # (as after a set-up: flow.py)
    else:
        if first_player is None:
            contenders = list(range(rules.players))
            while len(contenders) > 1:
                rolls = {p: sum(roll_dice(s)) for p in contenders}
                s.events.append(StartRoll(tuple(sorted(rolls.items()))))
                best = max(rolls.values())
                contenders = [p for p in contenders if rolls[p] == best]
            first_player = contenders[0]
        s.first_player = s.current = first_player
    if s.events:
        s.log = (0, tuple(s.events), None)
    return s


def _beginner_setup(s: GameState) -> None:
    topo = s.topo
    for seat, colour in enumerate(data.BEGINNER_SEATS[s.n]):
        for k, ((hc, corner), (rc, side)) in enumerate(data.BEGINNER_POSITIONS[colour]):
            v = topo.corner(hc, corner)
            place_settlement(s, seat, v)
            place_road(s, seat, topo.side(rc, side))
            if k == 1:  # the starred settlement yields the starting resources
                starting_resources(s, seat, v)


# -- checking -----------------------------------------------------------------------------------


def _bundle_shape_ok(b: Any) -> bool:
    if b is ZERO:  # the default of every action that carries no bundle
        return True
    return isinstance(b, tuple) and len(b) == 5 and all(is_int(c) and 0 <= c <= 99 for c in b)


def _rule(s: GameState, kind: ActionKind) -> Rule:
    rule = s.ruleset.by_kind[kind]
    if rule is None:
        found = offered_by(kind)
        if found is None:
            raise IllegalActionError("Action", f"'{kind.name.lower()}' is not part of this game")
        scenario, other = found
        raise IllegalActionError(
            other.name,
            f"'{kind.name.lower()}' belongs to the {scenario.name!r} scenario, "
            "which is not in play in this game (see the rules' options)",
        )
    return rule


def check(s: GameState, a: object, outcome: Outcome = None) -> None:
    """Raise :class:`IllegalActionError` unless ``a`` (with ``outcome``, if given) is legal now."""
    # ``a`` and its fields are read as plain objects until checked: compiled with mypyc, a
    # parameter or field read through its declared type would raise TypeError instead.
    if not isinstance(a, Action):
        raise IllegalActionError("Action", f"{a!r} is not an Action")
    raw: tuple[object, ...] = tuple(a)
    player, raw_kind, x, y, give, get, to, offer = raw
    try:
        if not isinstance(raw_kind, int):
            raise ValueError
        kind = ActionKind(raw_kind)
    except ValueError:
        raise IllegalActionError("Action", f"unknown action kind {raw_kind!r}") from None
    if not is_int(player) or not 0 <= player < s.n:
        raise IllegalActionError("Action", f"there is no player {player!r} in this game")
    if not all(is_int(v) for v in (x, y, to, offer)):
        raise IllegalActionError("Action", f"malformed action {a!r}")
    if not _bundle_shape_ok(give) or not _bundle_shape_ok(get):
        raise IllegalActionError("Action", "bundles are 5 counts (brick, lumber, wool, grain, ore)")
    rule = _rule(s, kind)
    used = rule.fields
    for name, default in Action._field_defaults.items():
        if name not in used and getattr(a, name) != default:
            raise IllegalActionError(
                "Action", f"'{kind.name.lower()}' takes no '{name}' (got {getattr(a, name)!r})"
            )
    p = a.player
    ph = s.phase
    if ph == P.GAME_OVER:
        raise IllegalActionError("Ending the Game", f"the game is over; p{s.winner} won")
    if a.offer and (a.offer != s.offer_id or ph not in _OFFER_PHASES):
        # An answer to an offer that is gone says so first, whoever decides now.
        raise IllegalActionError(DOMESTIC_RULE, gone_error(s, a))
    if p not in deciders(s):
        who = ", ".join(f"p{q}" for q in deciders(s))
        raise IllegalActionError(TURN_RULE, f"it is not p{p}'s decision now (waiting for {who})")
    if kind not in s.ruleset.phase_kinds[ph]:
        separate = s.rules.trade_build == "separate"
        raise IllegalActionError(TURN_RULE, out_of_phase(kind, ph, separate))
    err = rule.error(s, a)
    if err:
        raise IllegalActionError(rule.name, err)
    if not a.offer and "offer" in used:  # an answer names the offer it answers (trade.py)
        raise IllegalActionError(rule.name, unnamed_error(s, a))
    if outcome is not None:
        err = rule.outcome_error(s, a, outcome)
        if err:
            has_chance = type(rule).outcome_error is not Rule.outcome_error
            raise IllegalActionError(rule.name if has_chance else "Chance", err)


def chance_outcomes(s: GameState, a: Action) -> list[tuple[Outcome, float]]:
    """The chance outcomes of a legal action with their probabilities ([] if none)."""
    rule = s.ruleset.by_kind[a.kind]
    return [] if rule is None else rule.chance(s, a)


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
    # (an ``int`` local: compiled, a list indexed by an int is a native read, by an enum
    # member a generic ``__getitem__``)
    k: int = a.kind
    rule = s.ruleset.by_kind[k]
    if rule is None:  # a kind these rules do not have: even unchecked, refused by name
        rule = _rule(s, a.kind)
    if s.live_views:  # lazy views still held are completed before the state changes
        s.freeze_views()
    events: list[Event] = []
    s.events = events
    outcome = rule.apply(s, a, outcome)
    # Only the player whose turn it is can win, and only during that turn (not in the
    # Special Building Phase that follows it): at ``vp_target`` points they win at once.
    ph = s.phase
    if s.turn and ph != P.GAME_OVER and ph != P.SPECIAL_BUILD:
        c = s.current
        target = s.ruleset.vp_target
        # (the cheap test first — a speed device, the victory point cards read in their flat
        # layout, ``hands.py``, on every step —; total_vp knows when those cards count)
        if s.public_vp[c] + s.dev[5 * c + 4] >= target and s.total_vp(c) >= target:
            win(s, c)
    s.version = v = s.version + 1
    s.log = (v, tuple(events), s.log)
    return outcome
