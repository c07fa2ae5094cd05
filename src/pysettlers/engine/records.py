"""Positions and game records as readable JSON; replay without any RNG.

What this is for:

* ``save_state`` / ``load_state`` — a full position (everything needed to continue the
  game identically, including the game's own generator state) as JSON with board items
  named in the notation's coordinates. Cached values are rebuilt on load, not stored. Each
  scenario in play saves its part under its name (its ``save``/``load`` hooks).
* :class:`Game` — a state plus its record: every action in notation with the chance
  outcome it had. ``Game.play`` checks each action, so a record only holds legal steps.
  What the players said goes beside the actions (``"chat"``, only when there is some:
  ``chat.py``).
* ``replay(record)`` — rebuilds the game from the record's rules, board and starting
  player, applying each action with its recorded outcome: no RNG is consulted. A malformed
  or falsified record (bad field, invalid board, illegal step, wrong ``result``) is a
  ``ValueError`` naming the field or the action that failed.

What this is not: a database or a network format (adapters wrap these dicts). Never pickle.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from hashlib import blake2b
from typing import Any, NamedTuple, TypeVar

from .actions import (
    Action,
    NotationError,
    Outcome,
    dev_name,
    format_action,
    format_bundle,
    format_outcome,
    parse_action,
    parse_bundle,
    parse_outcome,
    quoted,
    resource_name,
)
from .board import Board, check_board
from .chat import ChatLine, chat_json, read_chat
from .config import Rules
from .derived import rebuild_caches
from .errors import IllegalActionError
from .events import Event, redact
from .game import apply, apply_checked, new_game
from .hands import seat_slice
from .jsonfields import read_bool, read_int, read_seat_or_none, read_seats, read_str, shown
from .registry import phase_owner
from .state import GameState, fresh_state
from .trade import name_open_offer
from .types import NOBODY, DevCard, Phase, is_int
from .validate import check_supply, validate

STATE_FORMAT = "pysettlers-state/1"
RECORD_FORMAT = "pysettlers-record/1"


def _counts(b: Any, names: tuple[str, ...]) -> dict[str, int]:
    return {name: int(c) for name, c in zip(names, b)}


_RES = tuple(resource_name(r) for r in range(5))
_DEV = tuple(dev_name(d) for d in DevCard)


def _uncount(obj: object, names: tuple[str, ...], where: str) -> list[int]:
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: expected counts by name such as {{'{names[0]}': 1}}")
    unknown = set(obj) - set(names)
    if unknown:
        raise ValueError(f"{where}: unknown names {sorted(unknown)}; expected {names}")
    return [_int(obj.get(name, 0), f"{where}.{name}") for name in names]


# The JSON field readers (each names the field of a wrong value), shared with scenarios.
_int = read_int
_bool = read_bool
_str = read_str
_unopt = read_seat_or_none
_mask = read_seats


def _opt(p: int) -> int | None:
    return None if p == NOBODY else p


def save_state(s: GameState) -> dict[str, Any]:
    """The whole position as JSON data."""
    t = s.topo
    players = []
    for p in range(s.n):
        players.append(
            {
                "hand": _counts(s.hand(p), _RES),
                "development_cards": _counts(s.dev_cards(p), _DEV),
                "bought_this_turn": _counts(s.dev_new[seat_slice(p)], _DEV),
                "knights": s.knights[p],
                "played": _counts(s.played[seat_slice(p)], _DEV),
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
        "version": s.version,
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
        "robber": t.site_name(s.robber),
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
        "offer": {
            "give": format_bundle(s.offer_give),
            "get": format_bundle(s.offer_get),
            "id": s.offer_id,
        },
        "players": players,
    } | {x.name: x.save(s.ext[x.name], t) for x in s.ruleset.scenarios}


_STATE_KEYS = frozenset(
    {
        "format",
        "rules",
        "board",
        "phase",
        "current",
        "turn",
        "version",
        "first_player",
        "setup_step",
        "setup_intersection",
        "resume",
        "free_roads",
        "special_builder",
        "development_card_played",
        "last_roll",
        "winner",
        "rng",
        "robber",
        "buildings",
        "roads",
        "bank",
        "deck",
        "longest_road",
        "largest_army",
        "offer",
        "players",
    }
)


def load_state(obj: object) -> GameState:
    """A position from :func:`save_state` data.

    Raises ``ValueError`` on malformed data (a missing field, a wrong type, an unknown name)
    and on a position the rules cannot reach — cards not conserved, pieces beyond the
    supply, a broken distance rule, an award held against the rules, a phase without its
    payload: the message lists every problem :func:`validate.validate` finds.
    """
    # (Any JSON value is accepted and checked here: compiled with mypyc, a parameter typed
    # as a dict would reject a list with a TypeError before this function could say why.)
    if not isinstance(obj, dict):
        raise ValueError(f"not a {STATE_FORMAT} document (a JSON object)")
    try:
        s = _load_state(obj)
    except (LookupError, TypeError, AttributeError, OverflowError) as e:
        # A missing field or a value of the wrong type: say so as the docstring promises,
        # so that a server loading an uploaded position needs to catch one error only.
        # (OverflowError: compiled with mypyc, a huge int used as an index overflows where
        # pure Python raises an IndexError.)
        raise ValueError(f"malformed {STATE_FORMAT} document: {type(e).__name__}: {e}") from e
    except RecursionError:
        # A deeply nested value where a field belongs, quoted in a message (``repr``).
        raise ValueError(f"malformed {STATE_FORMAT} document: a value nests too deeply") from None
    # The board itself was checked when it was read (no 7 token, no numbered desert, ...).
    # It is not required to be a board the rules' map kind would lay out (check_board, which
    # replay applies): a position may come from another program's board or a rulebook
    # illustration that is no legal random map.
    problems = validate(s)
    if problems:
        raise ValueError("invalid position: " + "; ".join(problems))
    return s


def _load_state(obj: dict[str, Any]) -> GameState:
    if obj.get("format") != STATE_FORMAT:
        raise ValueError(f"not a {STATE_FORMAT} document")
    rules = Rules.from_json(obj["rules"])
    board = Board.from_json(obj["board"])
    s = fresh_state(rules, board, int(_str(obj["rng"], "rng"), 16))
    t = s.topo  # the board with or without the open sea, as the rules say (fresh_state)
    s.phase = Phase[_str(obj["phase"], "phase").upper()]
    s.current = _int(obj["current"], "current")
    s.turn = _int(obj["turn"], "turn")
    s.version = _int(obj.get("version", 0), "version")  # older documents: counted from here
    s.first_player = _int(obj["first_player"], "first_player")
    s.setup_step = _int(obj["setup_step"], "setup_step")
    si = obj["setup_intersection"]
    s.setup_vertex = NOBODY if si is None else t.parse_intersection(_str(si, "setup_intersection"))
    s.resume = Phase[_str(obj["resume"], "resume").upper()]
    s.free_roads = _int(obj["free_roads"], "free_roads")
    s.special_builder = _unopt(obj["special_builder"], "special_builder")
    s.dev_played = _bool(obj["development_card_played"], "development_card_played")
    s.last_roll = _int(obj["last_roll"], "last_roll")
    s.winner = _unopt(obj["winner"], "winner")
    s.robber = t.parse_site(_str(obj["robber"], "robber"))
    for name, item in obj["buildings"].items():
        v = t.parse_intersection(name)
        s.building_owner[v] = _int(item["player"], f"buildings[{name!r}].player")
        s.building_level[v] = {"settlement": 1, "city": 2}[item["kind"]]
    for name, o in obj["roads"].items():
        s.road_owner[t.parse_path(name)] = _int(o, f"roads[{name!r}]")
    s.bank = _uncount(obj["bank"], _RES, "bank")
    s.deck = _uncount(obj["deck"], _DEV, "deck")
    s.longest_road = _unopt(obj["longest_road"], "longest_road")
    s.largest_army = _unopt(obj["largest_army"], "largest_army")
    offer = obj["offer"]
    s.offer_give = parse_bundle(_str(offer["give"], "offer.give"))
    s.offer_get = parse_bundle(_str(offer["get"], "offer.get"))
    # Saved before offers were numbered: an open offer is number 1 (the first one named).
    open_now = s.phase in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM)
    s.offer_id = _int(offer.get("id", 1 if open_now else 0), "offer.id")
    if s.offer_id < 0 or (open_now and s.offer_id < 1):
        raise ValueError(
            f"offer.id must be a number from 1 while an offer is open (got {s.offer_id})"
        )
    if len(obj["players"]) != rules.players:
        raise ValueError("one entry per player is needed")
    counters = []
    for p, item in enumerate(obj["players"]):
        where = f"players[{p}]"
        s.hands[seat_slice(p)] = _uncount(item["hand"], _RES, f"{where}.hand")
        s.dev[seat_slice(p)] = _uncount(
            item["development_cards"], _DEV, f"{where}.development_cards"
        )
        s.dev_new[seat_slice(p)] = _uncount(
            item["bought_this_turn"], _DEV, f"{where}.bought_this_turn"
        )
        s.knights[p] = _int(item["knights"], f"{where}.knights")
        s.played[seat_slice(p)] = _uncount(item["played"], _DEV, f"{where}.played")
        s.discards[p] = _int(item["discard_owed"], f"{where}.discard_owed")
        s.offer_answers[p] = _int(item["offer_answer"], f"{where}.offer_answer")
        cg, cr = (parse_bundle(_str(x, f"{where}.counter")) for x in item["counter"])
        counters.append((cg, cr))
    s.offer_counters = counters
    for x in s.ruleset.scenarios:
        s.ext[x.name] = x.load(obj[x.name], rules, t)
    extra = set(obj) - _STATE_KEYS - {x.name for x in s.ruleset.scenarios}
    if extra:
        raise ValueError(f"unknown fields {sorted(extra)} (a scenario the rules do not play?)")
    if s.phase > Phase.SPECIAL_BUILD and s.phase not in s.ruleset.scenario_of_phase:
        owner = phase_owner(s.phase)
        name = "no" if owner is None else f"the {owner.name!r}"
        raise ValueError(
            f"phase {obj['phase']!r} belongs to {name} scenario, which the rules do not play"
        )
    # Pieces beyond the supply are refused before the recount measures roads (a walk that
    # thousands of pieces would make endless).
    check_supply(s)
    rebuild_caches(s)
    return s


# -- game records ---------------------------------------------------------------------------------


class Step(NamedTuple):
    """One action of a record, with the chance outcome it had (``None``: no chance).

    A named tuple: one is made on every action of every simulated game."""

    action: Action
    outcome: Outcome = None


_new_tuple = tuple.__new__


@dataclass
class Game:
    """A game in progress with its record. Build with :meth:`Game.new`.

    ``chat`` holds what the players said (``chat.py``), in order, each line with the number
    of actions applied before it: the game's driver (``pysettlers.match``) or the server
    adds to it; the rules never read it."""

    state: GameState
    first_player: int
    board: Board
    steps: list[Step] = field(default_factory=list)
    start_events: tuple[Event, ...] = ()
    chat: list[ChatLine] = field(default_factory=list)

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
        # tuple.__new__ directly: a named tuple's own constructor is a Python-level function,
        # a fortieth of a simulated decision.
        self.steps.append(_new_tuple(Step, (action, realized)))
        return realized

    def to_json(self) -> dict[str, Any]:
        s = self.state
        t = s.topo
        record: dict[str, Any] = {
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
        if self.chat:
            # Only when someone spoke: a record without chat stays as it always was (the
            # field is optional, so the format keeps its number).
            record["chat"] = chat_json(self.chat)
        return record


def replay(record: object, *, upto: object = None, checked: bool = True) -> Game:
    """Rebuild a game from a record, applying its recorded outcomes (no RNG is used).

    ``upto`` stops after that many actions. With ``checked`` every step is validated, so a
    tampered record fails with :class:`IllegalActionError` at the first bad step.

    Any malformed record raises a ``ValueError`` (:class:`NotationError` and
    :class:`IllegalActionError` are ones) naming the field, or the action — numbered from
    1, with its text — that failed: a missing key, a value of the wrong type, a board the
    rules would not lay out (:func:`~pysettlers.engine.board.check_board`), an action that
    is not notation or not legal, a ``chat`` line that is not ``[step, seat, text]`` as
    :func:`~pysettlers.engine.chat.read_chat` wants it (named by its line), and, when the
    whole record is replayed, a ``result`` (winner, turns, points) that is not the replayed
    game's.
    """
    try:
        return _replay(record, upto, checked)
    except RecursionError:
        # A deeply nested value where a field belongs, quoted in a message (``repr``).
        raise ValueError(f"malformed {RECORD_FORMAT} record: a value nests too deeply") from None


def _replay(record: object, upto: object, checked: bool) -> Game:
    if not isinstance(record, dict):
        raise ValueError(f"a {RECORD_FORMAT} record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a {RECORD_FORMAT} document")
    rules = _read("rules", Rules.from_json, _need(record, "rules"))
    board = _read("board", Board.from_json, _need(record, "board"))
    _read("board", lambda b: check_board(b, rules), board)
    first_player = _need(record, "first_player")
    if not is_int(first_player) or not 0 <= first_player < rules.players:
        raise ValueError(
            f"first_player must be a seat from 0 to {rules.players - 1} (got {first_player!r})"
        )
    items = _need(record, "actions")
    if not isinstance(items, list):
        raise ValueError(f"actions must be a list (got {type(items).__name__})")
    # (``upto`` is typed ``object`` and checked here: compiled with mypyc, an ``int``
    # parameter would take True for 1 and reject "3" with a TypeError.)
    count: int | None = None
    if upto is not None:
        if not is_int(upto) or upto < 0:
            raise ValueError(f"upto must be a non-negative integer (got {upto!r})")
        count = upto
    chat = read_chat(record["chat"], rules.players, len(items)) if "chat" in record else []
    game = Game.new(rules, first_player=first_player, board=board)
    # (a replay stopped at ``upto`` has the lines said until then)
    game.chat = chat if count is None else [line for line in chat if line.step <= count]
    topo = game.state.topo  # with Seafarers ships, the board with the open sea
    for i, item in enumerate(items if count is None else items[:count]):
        text, outcome_text = _action_item(i, item)
        try:
            # (a record made before offers were numbered answers the open one: name it)
            action = name_open_offer(game.state, parse_action(text, topo))
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
    if count is None or count >= len(items):
        _check_result(_need(record, "result"), game.state)
    return game


def position_key(s: GameState) -> int:
    """A 64-bit key of the game position: equal positions give equal keys.

    Every field counts except the game's generator state (a replay does not advance it the
    way the game did), the events and the count of actions applied (what happened, not
    where the game is).
    The key is a BLAKE2b digest of the fields packed as signed 64-bit integers, plus a
    digest of the rules and of the board: stable across processes and Python versions (no
    salted ``hash()``), so keys can be stored and compared between runs. A one-card change
    changes it, as any change of a field does (up to the 2**-64 chance of a collision).

    Cost: about 20 µs for a 4-player position, 35 µs for 6 players with the helpers (on a
    busy 2-core machine; not incremental: it reads the whole state each time).
    """
    ints = _key_ints(s)
    try:
        packed = _packer(len(ints)).pack(*ints)
    except (struct.error, OverflowError):  # beyond 64 bits (a broken position): spell it out
        packed = repr(ints).encode()
    h = blake2b(packed, digest_size=8, key=_static_digest(s.rules, s.board))
    return int.from_bytes(h.digest(), "little")


def _key_ints(s: GameState) -> list[int]:
    """Every field but ``rng`` and ``events`` as one list of ints (lengths are fixed by the
    rules and the board, which the key covers, so plain concatenation is unambiguous)."""
    out = [
        int(s.phase),  # (plain ints: packing an IntEnum goes through __index__, slowly)
        s.current,
        s.turn,
        s.first_player,
        s.setup_step,
        s.setup_vertex,
        int(s.resume),
        s.free_roads,
        s.special_builder,
        int(s.dev_played),
        s.last_roll,
        s.winner,
        s.robber,
        s.longest_road,
        s.largest_army,
        *s.offer_give,
        *s.offer_get,
    ]
    out += s.building_owner
    out += s.building_level
    out += s.road_owner
    out += s.blocked
    out += s.hands
    out += s.bank
    out += s.deck
    out += s.dev
    out += s.dev_new
    out += s.knights
    out += s.played
    out += s.discards
    out += s.roads_left
    out += s.settlements_left
    out += s.cities_left
    out += s.ratios
    out += s.road_length
    out += s.public_vp
    out += s.offer_answers
    for give, get in s.offer_counters:
        out += give
        out += get
    for name in sorted(s.ext):  # each scenario's part, as its state spells it
        out += s.ext[name].key_ints()
    return out


@lru_cache(maxsize=16)
def _packer(n: int) -> struct.Struct:
    """Little-endian signed 64-bit integers, ``n`` of them (the same on every platform)."""
    return struct.Struct(f"<{n}q")


@lru_cache(maxsize=64)
def _static_digest(rules: Rules, board: Board) -> bytes:
    """A digest of the rules and the board (shared by every state of a game, so cached)."""
    text = json.dumps([rules.to_json(), board.to_json()], sort_keys=True)
    return blake2b(text.encode(), digest_size=16).digest()


def record_for(game: Game, viewer: int | None) -> dict[str, Any]:
    """The game's record as seat ``viewer`` (``None``: a spectator) may have it.

    Until the game is over the seed is left out, and so is the chance outcome of every
    step whose events hold something ``viewer`` may not see (a card drawn by another
    player, a card stolen between two others): the redaction follows each event kind's
    declared visibility (``events.py``), so a record given to a seat lets it predict
    nothing. Once the game is over the whole record is public. Such a partial record shows
    the game; only a complete one replays. The chat stays: everyone at the table saw it.
    """
    record = game.to_json()
    if game.state.phase == Phase.GAME_OVER:
        return record
    del record["rules"]["seed"]
    node = game.state.log
    secret_steps: set[int] = set()
    while node is not None:
        version, events, node = node
        if version and any(redact(e, viewer) is not e for e in events):
            secret_steps.add(version - 1)  # version v follows step v - 1 (0-based)
    record["actions"] = [
        item[:1] if i in secret_steps else item for i, item in enumerate(record["actions"])
    ]
    return record


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
        raise ValueError(f"{where}: the action must be a string (got {shown(text)})")
    if outcome is not None and not isinstance(outcome, str):
        raise ValueError(f"{where}: the outcome must be a string (got {shown(outcome)})")
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
        ("winner", _opt(s.winner), result["winner"] is None or is_int(result["winner"])),
        ("turns", s.turn, is_int(result["turns"])),
        ("points", points, isinstance(got_points, list) and all(map(is_int, got_points))),
    )
    for key, value, typed in checks:
        if not typed or result[key] != value:
            raise ValueError(
                f"result.{key} is {result[key]!r}, but the replayed game has {value!r}"
            )
