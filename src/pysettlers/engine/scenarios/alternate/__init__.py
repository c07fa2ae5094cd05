"""The 1996 alternate rules that add decisions: 1, victory point cards played; 5, a 7 ignored.

    "1. Victory Point cards are played like all other Development cards. Only one can be
    played each turn, and they cannot be played immediately upon drawing." (003)

The reading taken: a victory point card counts only once played (``p0 victory-point``): it
goes face up, its point is public, and an unplayed one is worth nothing, not even at the
end (playing it is the only way it is like the other cards). "Only one can be played each
turn" is read with "like all other Development cards": one development card of any kind a
turn, so a victory point card uses the turn's play. A played card can win the game at
once on one's own turn, like any point. The card is playable in the phases of the other
cards (before or after the roll; only after it with rule 3).

    "5. Any time a player rolls a "7", he can choose to ignore it and not move the robber.
    That player forfeits his right to steal a resource card." (003, ALTERNATE RULES)

The reading taken: the choice comes at once, when the 7 is rolled, before anyone discards
(a phase of its own, ``SEVEN_CHOICE``, in which only the roller decides): ``p0 use-seven``
lets the 7 take its usual course (discards above the limit, then the robber and the
steal), ``p0 ignore-seven`` ignores the roll as a 7 altogether — nobody discards, the robber
stays, nothing is stolen — and the turn goes on to trade and build (a 7 produces nothing
either way). Ignoring the discards too follows from ignoring the roll: the text's "ignore
it" is the 7 itself, and "not move the robber" and the forfeited steal are what that costs
the roller. The players who would have discarded are shown in the view during the choice
(``discards``), as the table would see them.

The rules of 003 that need no decision of their own (2, 3, 4, 6, 7) live in the base rule
modules (``engine/alternate.py``); so do rule 1's points (``GameState.total_vp``). With
the Helpers of CATAN rule 5 is refused (``Rules``): Sean's owner answers a 7 at once, and
neither rulebook says whether before or after the roller's choice.

What this is not: rule 8 (knights interrupting a robber move), or any strategy.
"""

from __future__ import annotations

from pysettlers.engine import cards as D
from pysettlers.engine import phases as P
from pysettlers.engine.actions import Action, Outcome, register_notation
from pysettlers.engine.config import Rules
from pysettlers.engine.development import PlayCard, may_play, play_error, take_card
from pysettlers.engine.registry import Rule, register_scenario
from pysettlers.engine.scenario import StatelessRule
from pysettlers.engine.state import GameState
from pysettlers.engine.tables import ActionTable
from pysettlers.engine.types import ActionKind, Phase

from . import kinds as K
from . import phases as AP
from .events import SevenIgnored, SevenUsed, VictoryPointPlayed
from .notation import no_argument, parse_no_argument

IGNORE_SEVEN_RULE = "Alternate rule 5 (ignore a 7)"


VICTORY_POINTS_PLAYED_RULE = "Alternate rule 1 (victory point cards played)"
_PLAY_VP = [Action(p, K.PLAY_VICTORY_POINT) for p in range(8)]


class PlayVictoryPoint(PlayCard):
    """Played "like all other Development cards": their phases, limits and rule name."""

    kind = K.PLAY_VICTORY_POINT
    order = 24

    def error(self, s: GameState, a: Action) -> str | None:
        return play_error(s, a.player, D.VICTORY_POINT)

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        if may_play(s, p, D.VICTORY_POINT):
            out.append(_PLAY_VP[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        p = a.player
        take_card(s, p, D.VICTORY_POINT)
        s.public_vp[p] += 1
        s.events.append(VictoryPointPlayed(p))
        return None


class VictoryPointsPlayed(StatelessRule):
    """Alternate rule 1 through the scenario hooks: the card's own play."""

    name = "victory_points_played"

    def enabled(self, rules: Rules) -> bool:
        return rules.has("victory_points_played")

    def kinds(self) -> tuple[ActionKind, ...]:
        return (K.PLAY_VICTORY_POINT,)

    def rules(self) -> tuple[Rule, ...]:
        return (PlayVictoryPoint(),)


_USE = [Action(p, K.USE_SEVEN) for p in range(8)]
_IGNORE = [Action(p, K.IGNORE_SEVEN) for p in range(8)]


class UseSeven(Rule):
    kind = K.USE_SEVEN
    name = IGNORE_SEVEN_RULE
    phases = frozenset({AP.SEVEN_CHOICE})
    order = 0

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(_USE[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        s.events.append(SevenUsed(a.player))
        # The discards were worked out with the roll (``Roll``); they are made now.
        s.phase = P.DISCARD if any(s.discards) else P.MOVE_ROBBER
        return None


class IgnoreSeven(Rule):
    kind = K.IGNORE_SEVEN
    name = IGNORE_SEVEN_RULE
    phases = frozenset({AP.SEVEN_CHOICE})
    order = 1

    def options(self, s: GameState, p: int, t: ActionTable, out: list[Action]) -> None:
        out.append(_IGNORE[p])

    def apply(self, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        s.events.append(SevenIgnored(a.player))
        for q in range(s.n):
            s.discards[q] = 0
        s.phase = s.resume  # the main phase (``Roll`` set it for after the robber)
        return None


class IgnoreSevenScenario(StatelessRule):
    """Alternate rule 5 through the scenario hooks: the phase after a rolled 7."""

    name = "ignore_seven"

    def enabled(self, rules: Rules) -> bool:
        return rules.has("ignore_seven")

    def kinds(self) -> tuple[ActionKind, ...]:
        return (K.USE_SEVEN, K.IGNORE_SEVEN)

    def rules(self) -> tuple[Rule, ...]:
        return (UseSeven(), IgnoreSeven())

    def phases(self) -> tuple[Phase, ...]:
        return (AP.SEVEN_CHOICE,)

    def deciders(self, s: GameState) -> tuple[int, ...]:
        return (s.current,)

    def after_roll(self, s: GameState, total: int) -> None:
        if total == 7 and s.phase in (P.DISCARD, P.MOVE_ROBBER):
            s.phase = AP.SEVEN_CHOICE

    def validate(self, s: GameState) -> list[str]:
        if s.phase == AP.SEVEN_CHOICE and s.last_roll != 7:
            return [f"{self.name}: the choice of a 7 is open after a roll of {s.last_roll}"]
        return []


register_notation(K.PLAY_VICTORY_POINT, "victory-point", no_argument, parse_no_argument)
register_notation(K.USE_SEVEN, "use-seven", no_argument, parse_no_argument)
register_notation(K.IGNORE_SEVEN, "ignore-seven", no_argument, parse_no_argument)
register_scenario(VictoryPointsPlayed())
register_scenario(IgnoreSevenScenario())

# Rule 8 registers itself after the rules above (its module imports this package's parts).
from . import knights  # noqa: E402, F401
