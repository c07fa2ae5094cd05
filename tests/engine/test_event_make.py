"""Events built with ``events.make`` on the engine's hot paths have their fields in full.

``make(Cls, (a, b))`` skips the class's own ``__new__`` (and its argument count check), so
this test reads every such call in the engine's source and checks that the tuple has as
many items as the class has fields, and that the object built equals the class call's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pysettlers.engine as engine
from pysettlers.engine import events
from pysettlers.engine.events import Rolled, make

ENGINE = Path(engine.__file__).parent


def _make_calls() -> list[tuple[str, int, str, int]]:
    """(file, line, class name, number of fields given) of every ``make(...)`` call."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "make"
            ):
                cls, fields = node.args
                assert isinstance(cls, ast.Name), f"{path}:{node.lineno}: make's class by name"
                assert isinstance(fields, ast.Tuple), f"{path}:{node.lineno}: a tuple literal"
                found.append((path.name, node.lineno, cls.id, len(fields.elts)))
    return found


def test_every_make_call_gives_every_field() -> None:
    calls = _make_calls()
    assert len(calls) >= 10  # the hot paths use it: the roll, production, turns, builds
    for name, line, cls_name, given in calls:
        cls = getattr(events, cls_name)
        assert given == len(cls._fields), (
            f"{name}:{line}: {cls_name} has fields {cls._fields}, make gives {given}"
        )


def test_make_builds_the_same_event_as_the_class() -> None:
    made = make(Rolled, (2, (3, 4)))
    called = Rolled(2, (3, 4))
    assert made == called and type(made) is Rolled
    assert made.player == 2 and made.dice == (3, 4)
    assert repr(made) == repr(called)
