"""The front door and the documentation site's sources.

What this is for: issue 30's point 5 — the README stays a short front door (at most 150
lines, ``make play`` before ``make test``, every link to a file that exists); the site's
configuration keeps warnings fatal and links and anchors checked; every page the issue asks
for is in the navigation; the measurement history stays out of the docstrings' way, in
dated records under ``bench/results/`` that the performance page links; and the package
data globs cover every file of the browser client and of the migrations.

What this is not: a build of the site (``make docs``, run by CI, checks every link and
anchor) or of the distribution (``make dist``).
"""

from __future__ import annotations

import re
import tomllib

from support.paths import ROOT, SRC

README = ROOT / "README.md"
DOCS = ROOT / "docs"
MKDOCS = (ROOT / "mkdocs.yml").read_text()


def nav_files() -> list[str]:
    """Every page the navigation names, in order (read as text: the test suite runs without
    the docs extra, so without mkdocs' YAML reader)."""
    nav = MKDOCS[MKDOCS.index("\nnav:\n") :]
    return re.findall(r"^\s+- (?:[^:\n]+: )?([\w/.-]+\.md)$", nav, re.M)


def test_the_readme_is_a_short_front_door() -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 150
    assert text.index("make play") < text.index("make test")
    assert "```python\n>>> from pysettlers.engine import" in text  # the quick start, a doctest
    assert "docs/client.png" in text  # the screenshot
    # Links stay inside the repository and name files that exist.
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        assert not re.match(r"[a-z]+:", target), f"README links outside: {target}"
        assert (ROOT / target).exists(), f"README links to a missing {target}"


def test_the_site_fails_on_warnings_and_checks_links() -> None:
    assert re.search(r"^strict: true$", MKDOCS, re.M)
    validation = MKDOCS[MKDOCS.index("\nvalidation:\n") :].split("\n\n")[0]
    for check in ("omitted_files", "absolute_links", "unrecognized_links", "anchors"):
        # strict makes each of these warnings an error
        assert re.search(rf"^  {check}: warn$", validation, re.M), check


def test_the_navigation_covers_the_pages_the_issue_names() -> None:
    pages = nav_files()
    for page in (
        "index.md", "engine.md", "rules.md", "playing.md", "hosting.md", "protocol.md",
        "bots.md", "sim.md", "rl.md", "maps.md", "performance.md", "extending.md",
        "architecture.md", "reference/engine.md", "reference/bots.md", "reference/sim.md",
    ):  # fmt: skip
        assert page in pages, page
    for page in pages:
        assert (DOCS / page).is_file(), page
    # Every markdown page of docs/ is in the nav, but the dated records (docs/history).
    written = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert {p for p in written if not p.startswith("history/")} == set(pages)


def test_measurement_history_is_dated_and_linked_from_performance() -> None:
    records = sorted((ROOT / "bench" / "results").glob("*.md"))
    assert records
    assert (DOCS / "history").resolve() == (ROOT / "bench" / "results").resolve()
    performance = (DOCS / "performance.md").read_text()
    for record in records:
        assert re.match(r"\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$", record.name), record.name
        assert f"(history/{record.name})" in performance, record.name


def test_package_data_holds_the_web_client_and_the_migrations() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    globs = globs["package-data"]["pysettlers"]
    package = SRC / "pysettlers"
    data = [p for p in (package / "web").rglob("*") if p.is_file()]
    data += [p for p in (package / "server" / "migrations").rglob("*") if p.is_file()]
    data = [p for p in data if p.suffix != ".pyc" and p.suffix != ".py"]  # modules: found
    assert any(p.name == "index.html" for p in data) and any(p.suffix == ".mako" for p in data)
    # Matched as setuptools matches them: a glob under the package, "**" spanning folders.
    matched = {p for g in globs for p in package.glob(g)}
    for path in data:
        assert path in matched, f"{path.relative_to(package)} is not package data"
