"""The package's papers: one version, a license file, a citation that agrees.

What this is for: issue 30's "one version source" — ``pysettlers.__version__`` is the
version; ``pyproject.toml`` reads it (``dynamic``), the citation repeats it and must agree —
and the MIT license the metadata names is the file shipped.

What this is not: a build of the distribution.
"""

from __future__ import annotations

import re
import tomllib

import pysettlers
from support.paths import ROOT


def test_the_version_is_written_once_and_the_citation_agrees() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    attr = project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "pysettlers.__version__"
    cited = re.search(r"^version: (\S+)$", (ROOT / "CITATION.cff").read_text(), re.M)
    assert cited is not None and cited[1] == pysettlers.__version__
    assert f"## [{pysettlers.__version__}]" in (ROOT / "CHANGELOG.md").read_text()


def test_the_license_file_is_the_one_the_metadata_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
