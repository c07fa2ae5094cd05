"""Positions and game records as readable JSON; replay without any RNG.

What this is for:

* ``save_state`` / ``load_state`` — a full position (everything needed to continue the
  game identically, including the game's own generator state) as JSON with board items
  named in the notation's coordinates. Cached values are rebuilt on load, not stored. The
  Helpers of CATAN cards are saved under ``"helpers"`` only when the scenario is on.
* :class:`Game` — a state plus its record: every action in notation with the chance
  outcome it had. ``Game.play`` checks each action, so a record only holds legal steps.
* ``replay(record)`` — rebuilds the game from the record's rules, board and starting
  player, applying each action with its recorded outcome: no RNG is consulted. A malformed
  or falsified record (bad field, invalid board, illegal step, wrong ``result``) is a
  ``ValueError`` naming the field or the action that failed.

What this is not: a database or a network format (adapters wrap these dicts). Never pickle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .actions import (
    Action,
    NotationError,
    Outcome,
    dev_name,
    format_action,
    format_bundle,
    format_outcome,
    helper_name,
    parse_action,
    parse_bundle,
    parse_dev,
    parse_helper,
    parse_outcome,
    parse_resource,
    quoted,
    resource_name,
)
from .board import Board, check_board
from .config import Rules
from .derived import rebuild_caches
from .errors import IllegalActionError
from .game import apply, apply_checked, new_game
from .state import GameState, HelperState, fresh_state
from .types import NOBODY, DevCard, Phase

STATE_FORMAT = "pysettlers-state/1"
RECORD_FORMAT = "pysettlers-record/1"


def _counts(b: Any, names: tuple[str, ...]) -> dict[str, int]:
    return {name: int(c) for name, c in zip(names, b)}


_RES = tuple(resource_name(r) for r in range(5))
_DEV = tuple(dev_name(d) for d in DevCard)


def _uncount(obj: dict[str, int], names: tuple[str, ...]) -> list[int]:
    unknown = set(obj) - set(names)
    if unknown:
        raise ValueError(f"unknown names {sorted(unknown)}; expected {names}")
    return [int(obj.get(name, 0)) for name in names]


def _opt(p: int) -> int | None:
    return None if p == NOBODY else p


def _unopt(p: int | None) -> int:
    return NOBODY if p is None else int(p)


def save_state(s: GameState) -> dict[str, Any]:
    """The whole position as JSON data."""
    t = s.topo
    players = []
    for p in range(s.n):
        players.append(
            {
                "hand": _counts(s.hand(p), _RES),
                "development_cards": _counts(s.dev_cards(p), _DEV),
                "bought_this_turn": _counts(s.dev_new[5 * p : 5 * p + 5], _DEV),
                "knights": s.knights[p],
                "played": _counts(s.played[5 * p : 5 * p + 5], _DEV),
                "discard_owed": s.discards[p],
                "offer_answer": s.offer_answers[p],
                "counter": [format_bundle(b) for b in s.offer_counters[p]],
            }
        )
    return {
        "format": STATE_FORMAT,
        "rules": s.rules.to_json(),
        "board": s.board.to_json(),
        "phase": s.phase.name.lower(),
        "current": s.current,
        "turn": s.turn,
        "first_player": s.first_player,
        "setup_step": s.setup_step,
        "setup_intersection": None
        if s.setup_vertex == NOBODY
        else t.intersection_names[s.setup_vertex],
        "resume": s.resume.name.lower(),
        "free_roads": s.free_roads,
        "special_builder": _opt(s.special_builder),
        "development_card_played": s.dev_played,
        "last_roll": s.last_roll,
        "winner": _opt(s.winner),
        "rng": f"{s.rng:016x}",
        "robber": t.hex_names[s.robber],
        "buildings": {
            t.intersection_names[v]: {
                "player": o,
                "kind": "city" if s.building_level[v] == 2 else "settlement",
            }
            for v, o in enumerate(s.building_owner)
            if o != NOBODY
        },
        "roads": {t.path_names[e]: o for e, o in enumerate(s.road_owner) if o != NOBODY},
        "bank": _counts(s.bank, _RES),
        "deck": _counts(s.deck, _DEV),
        "longest_road": _opt(s.longest_road),
        "largest_army": _opt(s.largest_army),
        "offer": {"give": format_bundle(s.offer_give), "get": format_bundle(s.offer_get)},
        "players": players,
    } | ({} if s.helpers is None else {"helpers": _save_helpers(s.helpers)})


def _save_helpers(hx: HelperState) -> dict[str, Any]:
    def names(mask: int, n: int) -> list[int]:
        return [q for q in range(n) if mask >> q & 1]

    n = len(hx.held)
    return {
        "players": [
            {
                "helper": None if hx.held[p] == NOBODY else helper_name(hx.held[p]),
                "side": "AB"[hx.side[p]],
                "received_turn": _opt(hx.since[p]),
                "used_turn": _opt(hx.used[p]),
                "knights_discarded": hx.knights_discarded[p],
            }
            for p in range(n)
        ],
        "display": [helper_name(h) for h in range(10) if hx.display >> h & 1],
        "stack_dealt": hx.stack,
        "jean": None if hx.jean == NOBODY else resource_name(hx.jean),
        "owner": _opt(hx.owner),
        "resume": hx.resume.name.lower(),
        "window": hx.window,
        "pending": names(hx.pending, n),
        "victim": _opt(hx.victim),
        "drawn": [dev_name(d) for d in hx.drawn],
        "owed": names(hx.owed, n),
    }


def _load_helpers(obj: dict[str, Any], n: int) -> HelperState:
    hx = HelperState.fresh(n)
    if len(obj["players"]) != n:
        raise ValueError("one helpers entry per player is needed")
    for p, item in enumerate(obj["players"]):
        h = item["helper"]
        hx.held[p] = NOBODY if h is None else int(parse_helper(h))
        hx.side[p] = {"A": 0, "B": 1}[item["side"]]
        hx.since[p] = _unopt(item["received_turn"])
        hx.used[p] = _unopt(item["used_turn"])
        hx.knights_discarded[p] = int(item["knights_discarded"])
    hx.display = sum(1 << int(parse_helper(h)) for h in obj["display"])
    hx.stack = int(obj["stack_dealt"])
    hx.jean = NOBODY if obj["jean"] is None else int(parse_resource(obj["jean"]))
    hx.owner = _unopt(obj["owner"])
    hx.resume = Phase[obj["resume"].upper()]
    hx.window = int(obj["window"])
    hx.pending = sum(1 << int(q) for q in obj["pending"])
    hx.victim = _unopt(obj["victim"])
    hx.drawn = tuple(int(parse_dev(d)) for d in obj["drawn"])
    hx.owed = sum(1 << int(q) for q in obj["owed"])
    return hx


def load_state(obj: dict[str, Any]) -> GameState:
    """A position from :func:`save_state` data; raises ``ValueError`` on malformed data."""
    try:
        return _load_state(obj)
    except (LookupError, TypeError, AttributeError) as e:
        # A missing field or a value of the wrong type: say so as the docstring promises,
        # so that a server loading an uploaded position needs to catch one error only.
        raise ValueError(f"malformed {STATE_FORMAT} document: {type(e).__name__}: {e}") from e


def _load_state(obj: dict[str, Any]) -> GameState:
    if obj.get("format") != STATE_FORMAT:
        raise ValueError(f"not a {STATE_FORMAT} document")
    rules = Rules.from_json(obj["rules"])
    board = Board.from_json(obj["board"])
    t = board.topology
    s = fresh_state(rules, board, int(obj["rng"], 16))
    s.phase = Phase[obj["phase"].upper()]
    s.current = int(obj["current"])
    s.turn = int(obj["turn"])
    s.first_player = int(obj["first_player"])
    s.setup_step = int(obj["setup_step"])
    si = obj["setup_intersection"]
    s.setup_vertex = NOBODY if si is None else t.parse_intersection(si)
    s.resume = Phase[obj["resume"].upper()]
    s.free_roads = int(obj["free_roads"])
    s.special_builder = _unopt(obj["special_builder"])
    s.dev_played = bool(obj["development_card_played"])
    s.last_roll = int(obj["last_roll"])
    s.winner = _unopt(obj["winner"])
    s.robber = t.parse_hex(obj["robber"])
    for name, item in obj["buildings"].items():
        v = t.parse_intersection(name)
        s.building_owner[v] = int(item["player"])
        s.building_level[v] = {"settlement": 1, "city": 2}[item["kind"]]
    for name, o in obj["roads"].items():
        s.road_owner[t.parse_path(name)] = int(o)
    s.bank = _uncount(obj["bank"], _RES)
    s.deck = _uncount(obj["deck"], _DEV)
    s.longest_road = _unopt(obj["longest_road"])
    s.largest_army = _unopt(obj["largest_army"])
    g, r = parse_bundle(obj["offer"]["give"]), parse_bundle(obj["offer"]["get"])
    s.offer_give, s.offer_get = g, r
    if len(obj["players"]) != rules.players:
        raise ValueError("one entry per player is needed")
    counters = []
    for p, item in enumerate(obj["players"]):
        s.hands[5 * p : 5 * p + 5] = _uncount(item["hand"], _RES)
        s.dev[5 * p : 5 * p + 5] = _uncount(item["development_cards"], _DEV)
        s.dev_new[5 * p : 5 * p + 5] = _uncount(item["bought_this_turn"], _DEV)
        s.knights[p] = int(item["knights"])
        s.played[5 * p : 5 * p + 5] = _uncount(item["played"], _DEV)
        s.discards[p] = int(item["discard_owed"])
        s.offer_answers[p] = int(item["offer_answer"])
        cg, cr = (parse_bundle(x) for x in item["counter"])
        counters.append((cg, cr))
    s.offer_counters = counters
    if rules.helpers:
        s.helpers = _load_helpers(obj["helpers"], rules.players)
    elif "helpers" in obj:
        raise ValueError("helpers are saved but the rules do not play with them")
    elif s.phase > Phase.SPECIAL_BUILD:
        raise ValueError(f"phase {obj['phase']!r} needs the Helpers of CATAN (rules.helpers)")
    rebuild_caches(s)
    return s


# -- game records ---------------------------------------------------------------------------------


@dataclass
class Step:
    """One action of a record, with the chance outcome it had (``None``: no chance)."""

    action: Action
    outcome: Outcome = None


@dataclass
class Game:
    """A game in progress with its record. Build with :meth:`Game.new`."""

    state: GameState
    first_player: int
    board: Board
    steps: list[Step] = field(default_factory=list)
    start_events: tuple[tuple[object, ...], ...] = ()

    @classmethod
    def new(
        cls, rules: Rules, *, first_player: int | None = None, board: Board | None = None
    ) -> Game:
        s = new_game(rules, first_player=first_player, board=board)
        return cls(s, s.first_player, s.board, [], tuple(s.events))

    def play(
        self, action: Action | str, outcome: Outcome = None, *, checked: bool = True
    ) -> Outcome:
        """Check and apply an action (or its notation); record it with its outcome.

        ``checked=False`` skips the check for a caller that took ``action`` from
        ``legal_actions`` of this very position (the simulator's fast path).
        """
        if isinstance(action, str):
            action = parse_action(action, self.state.topo)
        if checked:
            realized = apply_checked(self.state, action, outcome)
        else:
            realized = apply(self.state, action, outcome)
        self.steps.append(Step(action, realized))
        return realized

    def to_json(self) -> dict[str, Any]:
        s = self.state
        t = s.topo
        return {
            "format": RECORD_FORMAT,
            "rules": s.rules.to_json(),
            "board": self.board.to_json(),
            "first_player": self.first_player,
            "actions": [
                [format_action(st.action, t)]
                + ([format_outcome(st.action.kind, st.outcome)] if st.outcome is not None else [])
                for st in self.steps
            ],
            "result": {
                "winner": _opt(s.winner),
                "turns": s.turn,
                "points": [s.total_vp(p) for p in range(s.n)],
            },
        }


def replay(record: object, *, upto: int | None = None, checked: bool = True) -> Game:
    """Rebuild a game from a record, applying its recorded outcomes (no RNG is used).

    ``upto`` stops after that many actions. With ``checked`` every step is validated, so a
    tampered record fails with :class:`IllegalActionError` at the first bad step.

    Any malformed record raises a ``ValueError`` (:class:`NotationError` and
    :class:`IllegalActionError` are ones) naming the field, or the action — numbered from
    1, with its text — that failed: a missing key, a value of the wrong type, a board the
    rules would not lay out (:func:`~pysettlers.engine.board.check_board`), an action that
    is not notation or not legal, and, when the whole record is replayed, a ``result``
    (winner, turns, points) that is not the replayed game's.
    """
    if not isinstance(record, dict):
        raise ValueError(f"a {RECORD_FORMAT} record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a {RECORD_FORMAT} document")
    rules = _read("rules", Rules.from_json, _need(record, "rules"))
    board = _read("board", Board.from_json, _need(record, "board"))
    _read("board", lambda b: check_board(b, rules), board)
    first_player = _need(record, "first_player")
    if not _is_int(first_player) or not 0 <= first_player < rules.players:
        raise ValueError(
            f"first_player must be a seat from 0 to {rules.players - 1} (got {first_player!r})"
        )
    items = _need(record, "actions")
    if not isinstance(items, list):
        raise ValueError(f"actions must be a list (got {type(items).__name__})")
    if upto is not None and (not _is_int(upto) or upto < 0):
        raise ValueError(f"upto must be a non-negative integer (got {upto!r})")
    game = Game.new(rules, first_player=first_player, board=board)
    topo = board.topology
    for i, item in enumerate(items if upto is None else items[:upto]):
        text, outcome_text = _action_item(i, item)
        try:
            action = parse_action(text, topo)
            outcome = parse_outcome(action.kind, outcome_text)
            if checked:
                realized = apply_checked(game.state, action, outcome)
            else:
                realized = apply(game.state, action, outcome)
            if outcome is None and realized is not None:
                raise ValueError("the record lacks the chance outcome this action needs")
        except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError) as e:
            # Unchecked, an impossible step may fail anywhere in ``apply``; checked, only
            # with the ValueErrors below. Either way the caller learns which step it was.
            raise _at_action(i, text, e) from e
        game.steps.append(Step(action, realized))
    if upto is None or upto >= len(items):
        _check_result(_need(record, "result"), game.state)
    return game


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(record: dict[Any, Any], key: str) -> Any:
    if key not in record:
        raise ValueError(f"the record has no {key!r}")
    return record[key]


_T = TypeVar("_T")


def _read(field_name: str, read: Callable[[Any], _T], value: object) -> _T:
    try:
        return read(value)
    except ValueError as e:
        raise ValueError(f"{field_name}: {e}") from e


def _action_item(i: int, item: object) -> tuple[str, str | None]:
    """An action's notation and its outcome's, from a record's ``[action]`` or
    ``[action, outcome]`` list."""
    where = f"actions[{i}] (action {i + 1})"
    if not isinstance(item, list) or not 1 <= len(item) <= 2:
        raise ValueError(f"{where} must be a list [action] or [action, outcome]")
    text = item[0]
    outcome = item[1] if len(item) == 2 else None
    if not isinstance(text, str):
        raise ValueError(f"{where}: the action must be a string (got {text!r})")
    if outcome is not None and not isinstance(outcome, str):
        raise ValueError(f"{where}: the outcome must be a string (got {outcome!r})")
    return text, outcome


def _at_action(i: int, text: str, e: Exception) -> ValueError:
    """``e`` restated with the action's number (from 1) and text, keeping its kind."""
    where = f"action {i + 1} ({quoted(text)})"
    if isinstance(e, IllegalActionError):
        return IllegalActionError(e.rule, f"{where}: {e.message}")
    if isinstance(e, NotationError):
        return NotationError(f"{where}: {e}")
    if isinstance(e, ValueError):
        return ValueError(f"{where}: {e}")
    return ValueError(f"{where}: {type(e).__name__}: {e}")


def _check_result(result: object, s: GameState) -> None:
    """The record's ``result`` must be what the replayed game reached: a falsified winner,
    turn count or score is refused."""
    if not isinstance(result, dict):
        raise ValueError(f"result must be a JSON object (got {type(result).__name__})")
    points = [s.total_vp(p) for p in range(s.n)]
    for key in ("winner", "turns", "points"):
        if key not in result:
            raise ValueError(f"result has no {key!r}")
    got_points = result["points"]
    # Compared with types: bool is an int to Python, and a winner of true is not seat 1.
    checks: tuple[tuple[str, object, bool], ...] = (
        ("winner", _opt(s.winner), result["winner"] is None or _is_int(result["winner"])),
        ("turns", s.turn, _is_int(result["turns"])),
        ("points", points, isinstance(got_points, list) and all(map(_is_int, got_points))),
    )
    for key, value, typed in checks:
        if not typed or result[key] != value:
            raise ValueError(
                f"result.{key} is {result[key]!r}, but the replayed game has {value!r}"
            )


def position_key(s: GameState) -> dict[str, object]:
    """The game position without the generator state (a replay does not advance it)."""
    f = s.fields()
    del f["rng"]
    return f
