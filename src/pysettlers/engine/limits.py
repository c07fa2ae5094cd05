"""The hand limit of a 7: how many cards a hand of a given size must give up.

What this is for: the one statement of "when a 7 is rolled, each player with more than the
limit (``Rules.discard_max``: 7 unless an option says otherwise) discards half, rounded
down", as a pure function of the rules and a hand size, so that code outside the rule
modules — bots weighing the risk of a hand they might hold, ``determinize`` — asks the
engine rather than restating it. (A view's ``discards`` is what each player owes *now*.)

What this is not: the discard phase itself (``production.py`` sets who owes what when the
7 is rolled, and checks and applies the discards).
"""

from __future__ import annotations

from .config import Rules


def discard_owed(rules: Rules, hand_size: int) -> int:
    """Cards a hand of ``hand_size`` must discard when a 7 is rolled (0 at or below the limit)."""
    return owed_above(rules.discard_max, hand_size)


def owed_above(limit: int, hand_size: int) -> int:
    """:func:`discard_owed` with the limit given (the engine keeps it in its ruleset)."""
    return hand_size // 2 if hand_size > limit else 0
