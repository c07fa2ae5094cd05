"""The Makefile's checks cover what they should.

What this is for: regression tests that ``make typecheck`` runs ``mypy --strict`` on the
whole package (bots and the CLI included, not only engine and sim), and that the engine is
free of presentation code (the terminal renderer is an adapter outside ``engine/``), and
that ``make docs`` and ``make dist`` build and check what they should, in CI too. Not a
run of mypy itself (``make typecheck`` does that) or of a build (CI runs those).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pysettlers.engine
from support.paths import ROOT

ENGINE = Path(pysettlers.engine.__file__).parent


def recipe(target: str) -> list[str]:
    """The command lines of a Makefile target."""
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"{target}\s*:", line))
    body = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        body.append(line.strip())
    return body


def test_typecheck_covers_the_whole_package() -> None:
    mypy = [line for line in recipe("typecheck") if "mypy" in line]
    assert len(mypy) == 1
    args = mypy[0].split()
    assert "--strict" in args
    assert args[-1].rstrip("/") == "src/pysettlers"


def engine_imports(path: Path) -> set[str]:
    """What a source file imports: each module, and ``module.name`` for each name taken."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.add(node.module or "")
            found.update(f"{node.module or ''}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_the_engine_has_no_renderer() -> None:
    assert not (ENGINE / "render.py").exists()
    for path in ENGINE.glob("*.py"):
        assert not [m for m in engine_imports(path) if "render" in m], path.name


def test_the_renderer_is_an_adapter() -> None:
    from pysettlers import render

    assert Path(render.__file__).parent == ENGINE.parent
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    modules = next(line for line in makefile if line.startswith("ENGINE_MODULES"))
    assert "render" not in modules  # nothing to filter out of the compiled engine any more


def test_docs_and_dist_targets_build_and_check() -> None:
    docs = recipe("docs")
    assert any("mkdocs build --strict" in line for line in docs)
    dist = recipe("dist")
    assert any("-m build" in line for line in dist)
    assert any("twine check" in line for line in dist)
    assert any("check_dist.py" in line for line in dist)
    # CI runs both after the tests.
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci.index("make docs") > ci.index("make test") and "make dist" in ci
