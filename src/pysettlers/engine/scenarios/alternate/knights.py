"""Alternate rule 8 (003): knights interrupting a robber move, in chains.

    "8. Knight cards may be used to interrupt immediately after any player moves the robber.
    The player who plays the Knight card places the robber where he desires and gets to
    steal a card from another player. The player who used to be moving the robber gets
    nothing. A Knight card can be played to interrupt another player's Knight card, leading
    to a chain of Knights."

The readings taken (``Rules(alternate=("knight_interrupts",))``):

* **When.** Whenever the robber is placed (after a 7 or a knight), it stands on its new hex
  with its victim named, and the steal waits. The other players who may play a knight are
  asked one at a time, clockwise from the player who placed it (phase ``KNIGHT_WINDOW``):
  ``p2 interrupt`` plays a knight, ``p2 let-be`` passes. When all have passed, the player
  who placed the robber last steals from the victim they named (the usual ``RobberMoved``
  event then says what was taken, to thief and victim only). Asking in turn order from the
  mover makes the order deterministic; the text does not say who goes first when several
  players would interrupt.
* **The interrupter** plays the knight (it counts for the Largest Army as any knight) and
  moves the robber themselves (phase ``KNIGHT_MOVE``: an ordinary robber move, to another
  hex than the one it stands on, naming a victim there), which opens a new window: the
  player interrupted may interrupt back, and so on — the chain.
* **Who may.** A player holding a knight card they did not buy this turn, who has not
  played a development card this turn: "one development card per turn" counts every card a
  player plays during one turn, their own or another's. So the player whose turn it is can
  interrupt only if they have not played a card yet (a chain started by their own knight
  cannot come back to them).
* After the chain, the turn resumes where the first robber move left it (before the roll
  for a knight played then, otherwise the trade and build phase).

What this is not: the robber's own rules (``production.py``); the chain's state is
``s.ext["knight_interrupts"]`` (:class:`KnightChain`).
"""

from __future__ import annotations

from typing import Any, Final

from pysettlers.engine import cards as D
from pysettlers.engine.actions import Action, Outcome, register_notation
from pysettlers.engine.awards import update_largest_army
from pysettlers.engine.config import Rules
from pysettlers.engine.development import DEV_RULE
from pysettlers.engine.events import KnightPlayed, RobberMoved
from pysettlers.engine.flow import clockwise
from pysettlers.engine.hands import held, move_cards, play_card, playable
from pysettlers.engine.production import steal_card, steal_chances
from pysettlers.engine.registry import Rule, register_scenario
from pysettlers.engine.scenario import Capability, Scenario, StealSettler
from pysettlers.engine.state import GameState
from pysettlers.engine.tables import ActionTable
from pysettlers.engine.topology import Topology
from pysettlers.engine.types import NOBODY, ActionKind, Phase, is_int

from . import kinds as K
from . import phases as AP
from .events import RobberPlaced
from .notation import no_argument, parse_no_argument

KNIGHT_INTERRUPTS_RULE = "Alternate rule 8 (knights interrupt the robber)"
NAME: Final = "knight_interrupts"


class KnightChain:
    """The chain's state: who placed the robber last and whom they named, who has passed
    in the open window (a bit mask), and who played a development card out of their turn
    this turn (a bit mask; the player whose turn it is has ``GameState.dev_played``)."""

    __slots__ = ("mover", "out_of_turn", "passed", "victim")

    def __init__(
        self, mover: int = NOBODY, victim: int = NOBODY, passed: int = 0, out_of_turn: int = 0
    ) -> None:
        self.mover = mover
        self.victim = victim
        self.passed = passed
        self.out_of_turn = out_of_turn

    def copy(self) -> KnightChain:
        return KnightChain(self.mover, self.victim, self.passed, self.out_of_turn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnightChain) and self.key_ints() == other.key_ints()

    def __hash__(self) -> int:
        return hash(tuple(self.key_ints()))

    def key_ints(self) -> list[int]:
        return [self.mover, self.victim, self.passed, self.out_of_turn]

    def to_json(self) -> dict[str, Any]:
        """Everything here is public: the view's part and the saved part alike."""
        return {
            "mover": self.mover,
            "victim": self.victim,
            "passed": [q for q in range(8) if self.passed >> q & 1],
            "out_of_turn": [q for q in range(8) if self.out_of_turn >> q & 1],
        }


def chain(s: GameState) -> KnightChain:
    part = s.ext[NAME]
    assert isinstance(part, KnightChain)
    return part


def may_interrupt(s: GameState, q: int, mover: int) -> bool:
    """Whether ``q`` may play a knight now against the robber ``mover`` placed."""
    if q == mover:
        return False
    if not playable(s, q, D.KNIGHT):
        return False
    if q == s.current:
        return not s.dev_played
    return not chain(s).out_of_turn >> q & 1


def next_to_ask(s: GameState) -> int:
    """The next player asked in the open window (``NOBODY``: everyone has passed)."""
    c = chain(s)
    for q in clockwise(s.n, c.mover)[1:]:
        if not c.passed >> q & 1 and may_interrupt(s, q, c.mover):
            return q
    return NOBODY


def _steal(s: GameState, outcome: Outcome) -> Outcome:
    """The last mover robs the victim they named; the chain is over, the turn resumes."""
    c = chain(s)
    p, victim = c.mover, c.victim
    stolen = outcome = steal_card(s, victim, outcome)
    if stolen is not None:
        move_cards(s, victim, p, stolen)
    s.events.append(RobberMoved(p, s.robber, victim, stolen))
    c.mover = c.victim = NOBODY
    c.passed = 0
    s.phase = s.resume
    return outcome


def _closing(s: GameState, a: Action) -> bool:
    """Whether ``a`` (a pass) closes the window: then the steal comes with it."""
    c = chain(s)
    saved = c.passed
    c.passed |= 1 << a.player
    try:
        return next_to_ask(s) == NOBODY
    finally:
        c.passed = saved


_INTERRUPT = [Action(p, K.INTERRUPT_KNIGHT) for p in range(8)]
_LET_BE = [Action(p, K.LET_ROBBER_BE) for p in range(8)]


class InterruptKnight(Rule):
    kind = K.INTERRUPT_KNIGHT
    name = DEV_RULE  # a knight card played: the development cards' limits
    phases = frozenset({AP.KNIGHT_WINDOW})
    order = 0

    def error(self, s: GameState, a: Action) -> str | None:
        if not may_interrupt(s, a.player, chain(s).mover):
            return f"p{a.player} has no knight to play now (one development card a turn)"
        return None

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(_INTERRUPT[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        q = a.player
        play_card(s, q, D.KNIGHT)
        s.knights[q] += 1
        c = chain(s)
        if q == s.current:
            s.dev_played = True
        else:
            c.out_of_turn |= 1 << q
        s.events.append(KnightPlayed(q))
        update_largest_army(s)
        c.mover, c.victim, c.passed = q, NOBODY, 0
        s.phase = AP.KNIGHT_MOVE
        return None


class LetRobberBe(Rule):
    kind = K.LET_ROBBER_BE
    name = KNIGHT_INTERRUPTS_RULE
    phases = frozenset({AP.KNIGHT_WINDOW})
    order = 1

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(_LET_BE[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        c = chain(s)
        c.passed |= 1 << a.player
        if next_to_ask(s) == NOBODY:
            return _steal(s, outcome)
        return None

    def chance(self, s: GameState, a: Action) -> list[tuple[Outcome, float]]:
        c = chain(s)
        if c.victim == NOBODY or not _closing(s, a):
            return []
        return steal_chances(s, c.victim)

    def outcome_error(self, s: GameState, a: Action, outcome: Outcome) -> str | None:
        c = chain(s)
        if c.victim == NOBODY or not _closing(s, a) or not s.hand_size(c.victim):
            return "nothing is stolen with this pass, so no card can be named"
        if not is_int(outcome) or not 0 <= outcome < 5 or not held(s, c.victim, outcome):
            return f"p{c.victim} holds no card {outcome!r} to be stolen"
        return None


class KnightWindow(StealSettler):
    """The steal waits while another player may interrupt with a knight."""

    def steal_waits(self, s: GameState, p: int) -> bool:
        return any(may_interrupt(s, q, p) for q in range(s.n))

    def robber_placed(self, s: GameState, p: int, h: int, victim: int, waited: bool) -> None:
        c = chain(s)
        if waited:
            c.mover, c.victim, c.passed = p, victim, 0
            s.events.append(RobberPlaced(p, h, victim))
            s.phase = AP.KNIGHT_WINDOW
        else:
            c.mover = c.victim = NOBODY
            c.passed = 0


class KnightInterrupts(Scenario):
    """Alternate rule 8 through the scenario hooks; the robber's steal waiting for the
    window is a capability it has (:class:`KnightWindow`)."""

    name = NAME

    def enabled(self, rules: Rules) -> bool:
        return rules.has("knight_interrupts")

    def kinds(self) -> tuple[ActionKind, ...]:
        return (K.INTERRUPT_KNIGHT, K.LET_ROBBER_BE)

    def rules(self) -> tuple[Rule, ...]:
        return (InterruptKnight(), LetRobberBe())

    def phases(self) -> tuple[Phase, ...]:
        return (AP.KNIGHT_WINDOW, AP.KNIGHT_MOVE)

    def deciders(self, s: GameState) -> tuple[int, ...]:
        if s.phase == AP.KNIGHT_MOVE:
            return (chain(s).mover,)
        q = next_to_ask(s)
        return () if q == NOBODY else (q,)

    def init(self, s: GameState) -> None:
        s.ext[self.name] = KnightChain()

    def end_turn(self, s: GameState) -> None:
        chain(s).out_of_turn = 0

    def view(self, s: GameState, viewer: int | None) -> KnightChain:
        return chain(s).copy()

    def build(self, s: GameState, spec: Any) -> KnightChain:
        if spec is not None:
            raise ValueError(f"{self.name}: this rule takes no part in a built position")
        return KnightChain()

    def save(self, ext: Any, topo: Topology) -> dict[str, Any]:
        assert isinstance(ext, KnightChain)
        return ext.to_json()

    def load(self, obj: dict[str, Any], rules: Rules, topo: Topology) -> KnightChain:
        def seat(key: str) -> int:
            v = obj.get(key, NOBODY)
            if not is_int(v) or not NOBODY <= v < rules.players:
                raise ValueError(f"{self.name}.{key}: a seat or -1, not {v!r}")
            return int(v)

        def seats(key: str) -> int:
            v = obj.get(key, [])
            if not isinstance(v, list) or not all(is_int(q) and 0 <= q < rules.players for q in v):
                raise ValueError(f"{self.name}.{key}: a list of seats, not {v!r}")
            return sum(1 << q for q in set(v))

        return KnightChain(seat("mover"), seat("victim"), seats("passed"), seats("out_of_turn"))

    def unview(self, s: GameState, part: Any) -> KnightChain:
        assert isinstance(part, KnightChain)
        return part.copy()

    def capabilities(self) -> tuple[Capability, ...]:
        return (KnightWindow(),)

    def validate(self, s: GameState) -> list[str]:
        c = chain(s)
        out = []
        if s.phase in (AP.KNIGHT_WINDOW, AP.KNIGHT_MOVE) and c.mover == NOBODY:
            out.append(f"{self.name}: {s.phase.name.lower()} with nobody moving the robber")
        if s.phase not in (AP.KNIGHT_WINDOW, AP.KNIGHT_MOVE) and (c.mover != NOBODY or c.passed):
            out.append(f"{self.name}: a knight chain is open outside its phases")
        return out


register_notation(K.INTERRUPT_KNIGHT, "interrupt", no_argument, parse_no_argument)
register_notation(K.LET_ROBBER_BE, "let-be", no_argument, parse_no_argument)
register_scenario(KnightInterrupts())
