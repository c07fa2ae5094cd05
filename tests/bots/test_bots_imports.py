"""The bots package's modules use each other only through public names.

What this is for: a regression test that no bot module imports another module's private
name (``helper_score`` used to import ``greedy._Turn``; what both need is now the
``turn_context.TurnContext`` protocol). Not a test of the bots' play (``test_bots*.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pysettlers.bots

BOTS = Path(pysettlers.bots.__file__).parent


def private_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_") and alias.name != "__future__":
                    found.append(f"{node.module}.{alias.name}")
    return found


def test_no_bot_module_imports_a_private_name() -> None:
    offenders = {p.name: private_imports(p) for p in sorted(BOTS.glob("*.py"))}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_check_sees_a_private_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from .greedy import _Turn\n", encoding="utf-8")
    assert private_imports(bad) == ["greedy._Turn"]
