"""Positions and game records as readable JSON; replay without any RNG.

What this is for:

* ``save_state`` / ``load_state`` — a full position (everything needed to continue the
  game identically, including the game's own generator state) as JSON with board items
  named in the notation's coordinates. Cached values are rebuilt on load, not stored. Each
  scenario in play saves its part under its name (its ``save``/``load`` hooks).
* :class:`Game` — a state plus its record: every action in notation with the chance
  outcome it had. ``Game.play`` checks each action, so a record only holds legal steps.
* ``replay(record)`` — rebuilds the game from the record's rules, board and starting
  player, applying each action with its recorded outcome: no RNG is consulted.

What this is not: a database or a network format (adapters wrap these dicts). Never pickle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import (
    Action,
    Outcome,
    dev_name,
    format_action,
    format_bundle,
    format_outcome,
    parse_action,
    parse_bundle,
    parse_outcome,
    resource_name,
)
from .board import Board
from .config import Rules
from .derived import rebuild_caches
from .events import Event, redact
from .game import apply, apply_checked, new_game
from .registry import phase_owner
from .state import GameState, fresh_state
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
    s.version = int(obj.get("version", 0))  # older documents: counted from here
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
    start_events: tuple[Event, ...] = ()

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


def replay(record: dict[str, Any], *, upto: int | None = None, checked: bool = True) -> Game:
    """Rebuild a game from a record, applying its recorded outcomes (no RNG is used).

    ``upto`` stops after that many actions. With ``checked`` every step is validated, so a
    tampered record fails with :class:`IllegalActionError` at the first bad step.
    """
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a {RECORD_FORMAT} document")
    rules = Rules.from_json(record["rules"])
    board = Board.from_json(record["board"])
    game = Game.new(rules, first_player=int(record["first_player"]), board=board)
    topo = board.topology
    items = record["actions"] if upto is None else record["actions"][:upto]
    for item in items:
        action = parse_action(item[0], topo)
        outcome = parse_outcome(action.kind, item[1]) if len(item) > 1 else None
        if checked:
            realized = apply_checked(game.state, action, outcome)
        else:
            realized = apply(game.state, action, outcome)
        if outcome is None and realized is not None:
            raise ValueError(f"record step {item!r} lacks the chance outcome it needs")
        game.steps.append(Step(action, realized))
    return game


def position_key(s: GameState) -> dict[str, object]:
    """The game position without the generator state (a replay does not advance it)."""
    f = s.fields()
    del f["rng"]
    del f["version"]
    return f


def record_for(game: Game, viewer: int | None) -> dict[str, Any]:
    """The game's record as seat ``viewer`` (``None``: a spectator) may have it.

    Until the game is over the seed is left out, and so is the chance outcome of every
    step whose events hold something ``viewer`` may not see (a card drawn by another
    player, a card stolen between two others): the redaction follows each event kind's
    declared visibility (``events.py``), so a record given to a seat lets it predict
    nothing. Once the game is over the whole record is public. Such a partial record shows
    the game; only a complete one replays.
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
