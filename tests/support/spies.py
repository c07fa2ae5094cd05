"""A bot wrapper that checks what a driver hands a bot, for the bots' and drivers' tests.

Every call must carry a :class:`View` (nothing reachable from it a game state) and a
non-empty list of legal :class:`Action` values; the wrapped bot's choice must be one of them
— but for domestic offers and counter-offers, which are listed in their one-for-one unit form
only while a bot may propose other bundles (``bots/trading.py``); the drivers' checked apply
verifies those like any action. ``listed_only=True`` refuses those too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import fields

from pysettlers.bots import Bot
from pysettlers.engine import (
    Action,
    ActionKind,
    GameState,
    Rules,
    View,
    apply_checked,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)

FREE_FORM = (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)


class Spy:
    """Wraps ``inner``; counts its calls and the kinds it chose."""

    def __init__(self, inner: Bot, *, listed_only: bool = False) -> None:
        self.inner = inner
        self.listed_only = listed_only
        self.calls = 0
        self.kinds: Counter[ActionKind] = Counter()

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert type(view) is View, type(view)
        assert isinstance(legal, list) and legal
        assert all(type(a) is Action for a in legal)
        assert not any(isinstance(getattr(view, f.name), GameState) for f in fields(View))
        self.calls += 1
        choice = self.inner.choose(view, legal)
        assert choice in legal or (not self.listed_only and choice.kind in FREE_FORM), choice
        self.kinds[choice.kind] += 1
        return choice


def play_with_views(rules: Rules, bots: Sequence[Bot], max_turns: int = 400) -> GameState:
    """A game of ``rules`` played by ``bots`` (one a seat) through the engine's checked
    apply, each decision from the seat's own view with the events since its last one."""
    s = new_game(rules)
    seen = [-1] * rules.players
    while not is_over(s) and s.turn <= max_turns:
        p = to_move(s)
        legal = legal_actions(s, p)
        since, seen[p] = seen[p], s.version
        apply_checked(s, bots[p].choose(observe(s, p, since), legal))
    return s
