"""The game as an OpenSpiel game: ``pyspiel.load_game("pysettlers", {...})``.

What this is for: OpenSpiel's algorithms (IS-MCTS, CFR-style solvers on small cuts, its
bots and evaluation tools) over the engine. Importing this module registers the Python game
``pysettlers`` (``pip install 'pysettlers[openspiel]'``); ``import pysettlers.rl`` never
needs it. The game, as OpenSpiel types it (``docs/rl.md`` "OpenSpiel" says why):

* **sequential**, one decider at a time: the engine's :func:`~pysettlers.engine.to_move`
  (where several seats decide at once — discards, answers to an offer — in the order of
  :func:`~pysettlers.engine.deciders`, as the AEC environment serializes them);
* **explicit stochastic chance**: every die roll, development card drawn and card stolen is
  a chance node after the action that causes it, with the engine's
  :func:`~pysettlers.engine.chance_outcomes` and their probabilities; the ``seed``
  parameter lays out the board and picks the first player, as ``new_game`` does;
* **imperfect information**: a seat's observation is its view (``observe``), its
  information state the game's record as that seat may have it (``record_for``'s
  redaction: the outcomes it may not see left out);
* **zero-sum**: the winner gets ``+1``, every other seat ``-1/(n-1)``; a game cut at
  ``max_actions`` decisions gives everyone 0.

Actions are the RL package's indices (``layout.py``: one ``Discrete(N)`` shared with the
Gymnasium and PettingZoo environments); chance outcomes have fixed ids (:func:`chance_id`).
The observation tensor is ``encode.py``'s flat observation, its string the seat text of
:mod:`pysettlers.seattext`. Clones copy the engine state (cheap); serialization writes the
engine's record (JSON) and loads by replaying it — no engine object is pickled.

What this is not: rules (everything comes from the engine) or a training library.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        "pysettlers.rl.openspiel needs the 'openspiel' extra: "
        f"pip install 'pysettlers[openspiel]' ({e})"
    ) from e

from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    Rules,
    chance_outcomes,
    determinize,
    format_action,
    format_outcome,
    is_over,
    legal_actions,
    load_state,
    observe,
    parse_action,
    redact,
    replay,
    save_state,
    to_move,
)
from pysettlers.engine.actions import Outcome
from pysettlers.engine.options import RULES_OPTIONS, Option

from .encode import PARTS, Encoder
from .layout import ActionLayout, action_layout, legal_index_map

GAME_NAME = "pysettlers"
SERIAL_FORMAT = "pysettlers-openspiel/1"
MAX_ACTIONS = 20_000
"""The default cut (decisions, chance nodes not counted), as the environments' ``max_steps``."""

# -- chance ids -------------------------------------------------------------------------------

_DICE_IDS = 36  # a roll (d1, d2), d1 <= d2: (d1 - 1) * 6 + (d2 - 1)
_TUPLE_BASE = 36  # a set of cards (Candamir's draw, sorted): 36 + digits (card + 1) in base 6
MAX_CHANCE_OUTCOMES = _TUPLE_BASE + 6**3


def chance_id(kind: ActionKind, outcome: Outcome) -> int:
    """The fixed id of a chance outcome of an action of ``kind``: a roll ``(d1, d2)`` is
    ``(d1 - 1) * 6 + d2 - 1``; a card (resource or development card) its number 0-4; a set
    of up to 3 cards ``36 + sum((c + 1) * 6**i)``. Ids keep their meaning in every state."""
    if kind == ActionKind.ROLL and isinstance(outcome, tuple) and len(outcome) == 2:
        return (outcome[0] - 1) * 6 + outcome[1] - 1
    if isinstance(outcome, int) and 0 <= outcome < _DICE_IDS:
        return outcome
    if isinstance(outcome, tuple) and len(outcome) <= 3 and all(0 <= c < 5 for c in outcome):
        code = 0
        for c in reversed(outcome):  # (base 6, the first card least significant)
            code = code * 6 + c + 1
        return _TUPLE_BASE + code
    raise ValueError(f"no OpenSpiel chance id for the {kind.name.lower()} outcome {outcome!r}")


# -- parameters: the rules options, declared once (engine/options.py) -------------------------


def _param_default(o: Option) -> Any:
    """An option's OpenSpiel parameter default: OpenSpiel has no ``None`` and no lists, so an
    option "decided by the other options" is ``""`` (text) or ``-1`` (a number), and a list
    of names is one comma-separated string."""
    d = o.command_default
    if o.kind == "choices":
        return ",".join(d or ())
    if o.kind in ("choice", "text"):
        return "" if d is None else str(d)
    if o.kind == "bool":
        return bool(d)
    if o.kind == "number":
        return -1.0 if d is None else float(d)
    return -1 if d is None else int(d)


def _spec() -> dict[str, Any]:
    spec = {o.name: _param_default(o) for o in RULES_OPTIONS}
    spec["seed"] = 0  # (the command line's is 1; a game's default seed is the rules' 0)
    spec["offers"] = True
    spec["max_actions"] = MAX_ACTIONS
    return spec


PARAMETERS: dict[str, Any] = _spec()
"""The game's parameters with their defaults: every rules option (``Rules``), ``offers``
(``False``: no seat proposes a domestic trade) and ``max_actions``."""


def rules_from_params(params: Mapping[str, Any]) -> tuple[Rules, bool, int]:
    """The rules, the ``offers`` switch and the cut from OpenSpiel parameters. A parameter
    left at its default leaves the option to the rules (a map for the number of players);
    ``ValueError`` names a bad one."""
    unknown = set(params) - set(PARAMETERS)
    if unknown:
        raise ValueError(f"unknown {GAME_NAME} parameters {sorted(unknown)}")
    values: dict[str, Any] = {}
    for o in RULES_OPTIONS:
        v = params.get(o.name, PARAMETERS[o.name])
        if v == PARAMETERS[o.name] and o.name != "seed":
            continue
        if o.kind == "choices":
            v = [x.strip() for x in str(v).split(",") if x.strip()]
        values[o.name] = v
    rules = Rules.from_json(values)
    offers = params.get("offers", True)
    cut = params.get("max_actions", MAX_ACTIONS)
    if not isinstance(offers, bool):
        raise ValueError(f"offers must be true or false (got {offers!r})")
    if not isinstance(cut, int) or cut < 1:
        raise ValueError(f"max_actions must be a whole number of at least 1 (got {cut!r})")
    return rules, offers, cut


_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="pysettlers (the settlers board game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


class SettlersGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped (Any)
    """The OpenSpiel game of one rules configuration (see the module docstring)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules, self.offers, self.max_actions = rules_from_params(params)
        self.layout: ActionLayout = action_layout(self.rules)
        self.encoder = Encoder(self.rules)
        # The start, made once: every new state (and every clone, which OpenSpiel builds as a
        # new state before copying into it) copies it, and all share its board.
        self.start = Game.new(self.rules)
        n = self.rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            # every decision is followed by at most one chance node
            max_game_length=2 * self.max_actions,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> SettlersState:
        return SettlersState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SettlersObserver:
        return SettlersObserver(self, iig_obs_type, params)


class _Core:
    """What a state holds: the engine's game with its record, the action waiting for its
    chance outcome, and each step as the seats saw it. Kept in one object so that OpenSpiel's
    clone (a deep copy) copies the engine state cheaply and its pickling (serialization)
    writes the engine's record as JSON, never the engine's objects."""

    __slots__ = ("decisions", "game", "log", "maps", "pending", "resampled")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.pending: Action | None = None
        self.decisions = 0
        # Per step: (action notation, outcome notation or None, bit mask of seats seeing it).
        self.log: list[tuple[str, str | None, int]] = []
        self.maps: tuple[int, int, dict[int, Action]] | None = None  # (version, seat, legal)
        self.resampled = False  # a determinized state: its record no longer replays to it

    def copy(self) -> _Core:
        g = self.game
        c = _Core(Game(g.state.copy(), g.first_player, g.board, list(g.steps), g.start_events))
        c.pending, c.decisions, c.log = self.pending, self.decisions, list(self.log)
        c.resampled = self.resampled
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self.copy()

    def to_json(self) -> dict[str, Any]:
        s = self.game.state
        return {
            "format": SERIAL_FORMAT,
            # a determinized state is saved as its position; any other as its record
            "record": None if self.resampled else self.game.to_json(),
            "position": save_state(s) if self.resampled else None,
            "pending": None if self.pending is None else format_action(self.pending, s.topo),
            "decisions": self.decisions,
            "log": [list(x) for x in self.log],
        }

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_core_from_json, (json.dumps(self.to_json()),))


def _core_from_json(text: str) -> _Core:
    """A :class:`_Core` from :meth:`_Core.to_json` text: the record replayed (checked), or
    the position loaded; ``ValueError`` names what is wrong."""
    obj = json.loads(text)
    if not isinstance(obj, dict) or obj.get("format") != SERIAL_FORMAT:
        raise ValueError(f"not a {SERIAL_FORMAT} state")
    if obj.get("record") is not None:
        game = replay(obj["record"])
    else:
        s = load_state(obj["position"])
        game = Game(s, s.first_player, s.board, [], ())
    core = _Core(game)
    pending = obj.get("pending")
    core.pending = None if pending is None else parse_action(pending, game.state.topo)
    core.decisions = int(obj["decisions"])
    core.log = [(str(a), None if o is None else str(o), int(m)) for a, o, m in obj["log"]]
    core.resampled = obj.get("record") is None
    return core


class SettlersState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped (Any)
    """One position of the OpenSpiel game (see the module docstring)."""

    def __init__(self, game: SettlersGame) -> None:
        super().__init__(game)
        # (only the core in ``__dict__``: OpenSpiel clones a state by deep-copying it)
        g = game.start
        self._c = _Core(Game(g.state.copy(), g.first_player, g.board, [], g.start_events))

    @property
    def _g(self) -> SettlersGame:
        game: SettlersGame = self.get_game()
        return game

    # -- who moves --------------------------------------------------------------------------

    @property
    def engine_state(self) -> Any:
        """The engine's :class:`~pysettlers.engine.GameState` (all of it: not a seat's view)."""
        return self._c.game.state

    def _cut(self) -> bool:
        return self._c.pending is None and self._c.decisions >= self._g.max_actions

    def is_terminal(self) -> bool:
        return is_over(self._c.game.state) or self._cut()

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._c.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return to_move(self._c.game.state)

    def legal_map(self, seat: int) -> dict[int, Action]:
        """``seat``'s legal actions now, by index (empty unless it decides now)."""
        c = self._c
        s = c.game.state
        if c.pending is not None or is_over(s) or seat != to_move(s):
            return {}
        if c.maps is not None and c.maps[0] == s.version and c.maps[1] == seat:
            return c.maps[2]
        got = legal_index_map(self._g.layout, legal_actions(s, seat, offers=self._g.offers), s.topo)
        c.maps = (s.version, seat, got)
        return got

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.legal_map(player))

    def _chances(self) -> list[tuple[int, Outcome, float]]:
        a = self._c.pending
        assert a is not None
        return [(chance_id(a.kind, o), o, p) for o, p in chance_outcomes(self._c.game.state, a)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._c.pending is None:
            return []
        return sorted((i, p) for i, _, p in self._chances())

    # -- moves ------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        c = self._c
        s = c.game.state
        if c.pending is not None:
            a = c.pending
            found = [o for i, o, _ in self._chances() if i == action]
            if not found:
                raise ValueError(f"chance outcome {action} is not possible after {a}")
            c.game.play(a, found[0], checked=False)
            c.pending = None
            # The seats that see the outcome: those from whom no event of the step is hidden.
            events = s.log[1] if s.log is not None else ()
            seen = 0
            for p in range(s.n):
                if all(redact(e, p) is e for e in events):
                    seen |= 1 << p
            text = format_outcome(a.kind, found[0])
            c.log[-1] = (c.log[-1][0], text, seen)
            return
        player = to_move(s)
        a_ = self.legal_map(player).get(action)
        if a_ is None:
            raise ValueError(
                f"action {action} ({self._g.layout.describe(action)}) is not legal for "
                f"p{player} now"
            )
        c.decisions += 1
        c.log.append((format_action(a_, s.topo), None, 0))
        if chance_outcomes(s, a_):
            c.pending = a_  # the chance node follows
        else:
            c.game.play(a_, None, checked=False)

    def _action_to_string(self, player: int, action: int) -> str:
        s = self._c.game.state
        if player == pyspiel.PlayerId.CHANCE:
            a = self._c.pending
            for i, o, _ in self._chances() if a is not None else ():
                if i == action:
                    assert a is not None
                    return f"chance: {format_outcome(a.kind, o)}"
            return f"chance outcome {action}"
        legal = self.legal_map(player).get(action)
        if legal is not None:
            return format_action(legal, s.topo)
        return str(self._g.layout.describe(action, player, s.topo))

    def returns(self) -> list[float]:
        s = self._c.game.state
        n = s.n
        if not is_over(s) or s.winner < 0:
            return [0.0] * n
        return [1.0 if p == s.winner else -1.0 / (n - 1) for p in range(n)]

    def __str__(self) -> str:
        """A line (OpenSpiel prints states often): the actions so far, the phase, who
        decides, points and hands (everything: a debugging aid, not a seat's view)."""
        c = self._c
        s = c.game.state
        pending = "" if c.pending is None else f"; chance after {format_action(c.pending, s.topo)}"
        points = " ".join(str(s.total_vp(p)) for p in range(s.n))
        hands = " ".join("".join(map(str, s.hand(p))) for p in range(s.n))
        return (
            f"{len(c.log)} actions, turn {s.turn}, {s.phase.name.lower()}, "
            f"p{to_move(s)} to act{pending}; points {points}; hands {hands}"
        )

    # -- what a seat knows ------------------------------------------------------------------

    def information_lines(self, seat: int) -> list[str]:
        """The seat's information state, one line per action: its notation, and the chance
        outcome when the seat saw it (``record_for``'s redaction)."""
        bit = 1 << seat
        return [a if o is None or not m & bit else f"{a} -> {o}" for a, o, m in self._c.log]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SettlersState:
        """A state ``player_id`` cannot tell from this one: the engine's ``determinize`` of
        its view (the others' hands and development cards, the deck, redrawn), with the same
        information state for ``player_id``; for the other seats only the outcomes
        ``player_id`` saw are kept (theirs were redrawn). For IS-MCTS."""
        c = self._c
        if c.pending is not None:
            raise ValueError("resampling at a chance node is not supported")
        u = probability_sampler() if callable(probability_sampler) else random.random()
        rng = random.Random(int(float(u) * 2**53))
        s = determinize(observe(c.game.state, player_id), rng)
        out = SettlersState(self._g)  # (a fresh OpenSpiel history)
        core = _Core(Game(s, c.game.first_player, c.game.board, [], c.game.start_events))
        core.decisions = c.decisions
        bit = 1 << player_id
        core.log = [(a, o, m if m & bit else 0) for a, o, m in c.log]
        core.resampled = True
        out._c = core
        return out


class SettlersObserver:
    """OpenSpiel's Python observer: the seat's observation (its encoded view, and the seat
    text) or, with ``perfect_recall``, its information state (a string only)."""

    def __init__(
        self, game: SettlersGame, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported (got {dict(params)})")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            iig_obs_type.public_info
        ):
            raise ValueError(
                "the observations are a seat's (public and its own private information)"
            )
        sh = game.encoder.shapes
        size = 0 if self.perfect_recall else sh.flat
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        if not self.perfect_recall:
            i = 0
            for name in PARTS:
                shape = getattr(sh, name)
                shape = shape if isinstance(shape, tuple) else (int(shape),)
                k = int(np.prod(shape))
                self.dict[name] = self.tensor[i : i + k].reshape(shape)
                i += k

    def set_from(self, state: SettlersState, player: int) -> None:
        if self.perfect_recall:
            return
        self.tensor[...] = self.game.encoder.encode(observe(state.engine_state, player))[0]

    def string_from(self, state: SettlersState, player: int) -> str:
        if self.perfect_recall:
            return f"p{player}\n" + "\n".join(state.information_lines(player))
        from pysettlers.seattext import seat_text

        return seat_text(observe(state.engine_state, player), board=False)


_registered = False


def register() -> None:
    """Register the game with OpenSpiel (done when this module is imported)."""
    global _registered
    if not _registered:
        pyspiel.register_game(_GAME_TYPE, SettlersGame)
        _registered = True


def load(**params: Any) -> SettlersGame:
    """``pyspiel.load_game("pysettlers", params)``: ``load(players=3, offers=False)``."""
    game: SettlersGame = pyspiel.load_game(GAME_NAME, params)
    return game


register()

__all__ = [
    "GAME_NAME",
    "MAX_ACTIONS",
    "PARAMETERS",
    "SettlersGame",
    "SettlersObserver",
    "SettlersState",
    "chance_id",
    "load",
    "register",
    "rules_from_params",
]
