"""Choosers that talk, for the tests of chat as a channel of the game driver and records.

:class:`Talker` is a random bot with the two optional chat methods of
``pysettlers.match.Talker``: it keeps every batch of lines it heard, and after every
``every``-th of its choices says a scripted line naming itself and the count
(``"p1 #3"``), so a test knows which line came from which decision. Built as
``Talker(rng, every=…)``, like any bot (the simulator's ``label:support.talkers.Talker``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pysettlers.engine import Action, ChatLine, View


class Talker:
    """A random chooser that hears and says (module docstring)."""

    def __init__(self, rng: random.Random, every: int = 3, text: str = "") -> None:
        self.rng = rng
        self.every = every
        self.text = text  # said instead of the scripted line, when given
        self.heard: list[tuple[ChatLine, ...]] = []  # each hear() call's lines
        self.heard_before: list[int] = []  # the version of the view chosen on after each
        self.chosen = 0  # choices made
        self.lines: list[str] = []  # what it said, as it said it
        self.versions: list[int] = []  # the version of the view of each choice
        self.known: list[int] = []  # lines heard in all by each choice
        self._pending: str | None = None
        self.seat = -1

    def hear(self, lines: Sequence[ChatLine]) -> None:
        self.heard.append(tuple(lines))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert view.viewer is not None
        self.seat = view.viewer
        if len(self.heard_before) < len(self.heard):
            self.heard_before.append(view.version)
        self.chosen += 1
        self.versions.append(view.version)
        self.known.append(sum(len(batch) for batch in self.heard))
        self._pending = None
        if self.chosen % self.every == 0:
            self._pending = self.text or f"p{self.seat} #{self.chosen}"
        return self.rng.choice(list(legal))

    def said(self) -> str | None:
        text, self._pending = self._pending, None
        if text is not None:
            self.lines.append(text)
        return text

    def all_heard(self) -> list[ChatLine]:
        """Every line heard, in the order heard."""
        return [line for batch in self.heard for line in batch]
