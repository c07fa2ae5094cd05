"""The error raised for an illegal or malformed action.

What this is for: one exception type that every trust boundary (server, CLI, RL env)
catches; its ``rule`` names the rulebook rule that forbids the action, and its message says
why in words. Raising it never leaves a state half-changed: checks run before any mutation.
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now. ``rule`` is the rule's name in the rulebook."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
