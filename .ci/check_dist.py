"""Check what `make dist` built: the wheel and the sdist hold the files the package needs.

What this is for: the server serves the browser client from ``pysettlers/web`` and upgrades
its database with the Alembic migrations in ``pysettlers/server/migrations``; neither is a
Python module found by the package finder, so a change to ``package-data`` could leave them
out of the distribution without any import failing. This script opens the built archives
and names every missing file. What this is not: a test of the package's behaviour.

Usage: python .ci/check_dist.py DIST_DIR
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def needed() -> list[str]:
    """The package's non-Python files, relative to src/: the web client, the migrations'
    template and versions, the language models' texts, and the typing marker."""
    pkg = SRC / "pysettlers"
    files = [p for p in (pkg / "web").rglob("*") if p.is_file()]
    files += [p for p in (pkg / "server" / "migrations").rglob("*") if p.is_file()]
    files += sorted((pkg / "llm" / "texts").glob("*.md"))  # the llm bot's and MCP's texts
    files.append(pkg / "py.typed")
    return sorted(str(p.relative_to(SRC)) for p in files if "__pycache__" not in p.parts)


def main(dist: Path) -> int:
    wheels = sorted(dist.glob("*.whl"))
    sdists = sorted(dist.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        print(f"{dist}: expected one wheel and one sdist, found {wheels + sdists}")
        return 1
    with zipfile.ZipFile(wheels[0]) as z:
        in_wheel = set(z.namelist())
    with tarfile.open(sdists[0]) as t:
        # sdist members are "pysettlers-X.Y.Z/src/pysettlers/..."
        in_sdist = {name.split("/", 1)[1] for name in t.getnames() if "/" in name}
    missing = [f"{wheels[0].name}: {f}" for f in needed() if f not in in_wheel]
    missing += [f"{sdists[0].name}: src/{f}" for f in needed() if f"src/{f}" not in in_sdist]
    for extra in ("LICENSE", "README.md", "CHANGELOG.md"):
        if extra not in in_sdist:
            missing.append(f"{sdists[0].name}: {extra}")
    if missing:
        print("missing from the distribution:\n  " + "\n  ".join(missing))
        return 1
    print(f"{wheels[0].name} and {sdists[0].name} hold all {len(needed())} data files")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "dist")))
