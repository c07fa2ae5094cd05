"""The game in words: places, events and actions as a person reads them, written once.

What this is for: every client a person reads — the browser (through the server's state
messages and replays), the terminal player, the demo's log — names things with these
words: a hex by its terrain and number ("the 6 fields"), a harbor by its rate ("the 2:1
ore harbor"), an intersection by what is around it, a path by the hexes it borders; each
event kind as a sentence for its reader ("You roll 8", "Anna moves the robber to the 6
fields and steals a card from you"); each legal action as a label ("Move the robber to
the 6 fields and steal from Anna (5 cards)"). The notation (coordinates, ``p1 accept #3``)
stays what records hold and clients send; readers see it in tooltips.

* :class:`Words` — one game's words for one reader (``words.event(e)``, ``words.action(a,
  view)``, ``words.places``; ``words.clause(e)`` for a log that names the subject itself);
  :func:`award_names`, the awards' names (the Longest Trade Route with ships).
* :mod:`.places` — :class:`Places`, the words for each place of a board.
* :mod:`.events` — the words of every event kind (``EVENT_WORDS``).
* :mod:`.actions` — the label of every action kind (``ACTION_WORDS``).
* :mod:`.scenarios` — what a scenario's words face defines (``engine/scenarios/<package>/
  faces/words.py``: its events, actions, phases and targets); the three tables above
  include them.
* :mod:`.todo` — who must do what now (``PHASE_WORDS``; ``words.to_do(view)``) and the few
  words shown over the board with an event (``words.caption(e)``).

What this is not: part of the engine, which stays free of presentation (design.md:
"one vocabulary turns events into words for every client", outside the rules). Nothing
here decides what a reader may know: the words are made from views and redacted events.
"""

from __future__ import annotations

from typing import Any

from .actions import action_words
from .events import event_words
from .places import Places, harbor_rate, places
from .speaker import Words, award_names, bundle
from .todo import doing, phase_words

_GATHERED = {"ACTION_WORDS": action_words, "EVENT_WORDS": event_words, "PHASE_WORDS": phase_words}


def __getattr__(name: str) -> Any:
    # The whole tables include the scenarios' words faces, gathered on first use (a face
    # imports this package's grammar, so they cannot be gathered while it is imported).
    if name in _GATHERED:
        return _GATHERED[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ACTION_WORDS",
    "EVENT_WORDS",
    "PHASE_WORDS",
    "Places",
    "Words",
    "award_names",
    "bundle",
    "doing",
    "harbor_rate",
    "places",
]
