"""Where the tests find the repository's files, wherever in ``tests/`` a test module sits."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
GOLDEN = TESTS / "golden"
EXAMPLES = ROOT / "examples"
SRC = ROOT / "src"
