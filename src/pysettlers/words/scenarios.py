"""The words face: what a scenario package's ``faces/words.py`` defines, gathered for the words.

What this is for: a scenario's events, actions and phases are said in its own package
(``engine/scenarios/<package>/faces/words.py``, found through :mod:`pysettlers.faces`); the
words' tables (``words/events.py``, ``actions.py``, ``todo.py``) and the server's places
(``server/wordsjson.py``) read them from here. A words face defines any of
:data:`FACE_MEMBERS` (at least one, else ``NOTHING = "why"``)::

    EVENTS: dict[type[Event], Callable[[Words, Any], Said]]
        each event kind's sentence: (subject seat, sentence with braced verbs), as
        ``words/events.py``'s own kinds
    ACTIONS: dict[ActionKind, Callable[[Words, Action, View | None], str]]
        each action kind's label, as ``words/actions.py``'s own kinds
    PHASES: dict[Phase, tuple[str, str | None]]
        what the deciders of each phase are to do (completing "p2 to ..."), with a note
    TARGETS: dict[ActionKind, Callable[[Action], tuple[str, int]]]
        the place an action points at on the board: ``("intersection" | "path" | "hex" |
        "harbor", index)`` (the browser's targets, ``web/js/notation.js``' ``placeOf``)
    IN_BRIEF: str
        what the scenario changes, in brief (``pysettlers.llm.texts.rules_summary``)

The faces are gathered on first use (never when this package is imported), so a face may
import the words' grammar (``pysettlers.words.speaker``) without a cycle.

What this is not: the base game's words (``events.py``, ``actions.py``, ``todo.py``).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

FACE_MEMBERS: Final = {
    "EVENTS": "dict[type[Event], Callable[[Words, Any], Said]]: each event kind's sentence",
    "ACTIONS": "dict[ActionKind, Callable[[Words, Action, View | None], str]]: each label",
    "PHASES": "dict[Phase, tuple[str, str | None]]: what each phase's deciders are to do",
    "TARGETS": "dict[ActionKind, Callable[[Action], tuple[str, int]]]: the place pointed at",
    "IN_BRIEF": "str: what the scenario changes, in a sentence or two, for a reader of the "
    "rules in brief (a language model's prompt, the MCP server's rules resource)",
}
"""What a words face may define (module docstring)."""


@cache
def gathered(member: str) -> dict[Any, Any]:
    """Member ``member`` of every scenario's words face, merged in registration order (a
    kind said by two scenarios is an error: each kind belongs to one package)."""
    from pysettlers.faces import faces

    if member not in FACE_MEMBERS:
        raise ValueError(f"a words face has no member {member!r} ({', '.join(FACE_MEMBERS)})")
    out: dict[Any, Any] = {}
    for package, module in faces("words"):
        table = getattr(module, member, {})
        twice = set(out) & set(table)
        if twice:
            raise ValueError(
                f"words face of {package!r}: {member} says {sorted(map(str, twice))} again"
            )
        out.update(table)
    return out
