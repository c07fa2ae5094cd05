"""The Makefile's front door on a machine without ``python3-venv``: ``python3 -m venv`` needs
ensurepip, which Debian and Ubuntu ship apart from Python. Root with apt-get (CI) installs
the package; anyone else is told which one to install, and no half-made venv is left.

A Python without ensurepip is simulated by a module of that name first on its path that
fails to import, as the missing one does; apt-get is replaced by a script that logs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support.paths import ROOT

VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make_venv(tmp_path: Path, apt_get: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "ensurepip.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'ensurepip'\")\n"
    )
    venv = tmp_path / "venv"
    done = subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), f"{venv}/.installed", f"VENV={venv}",
         f"PYTHON=env PYTHONPATH={shadow} {sys.executable}", f"APT_GET={apt_get}"],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return done, venv


def test_without_ensurepip_make_names_the_package_to_install(tmp_path: Path) -> None:
    done, venv = make_venv(tmp_path, apt_get=str(tmp_path / "no-apt-get"))
    assert done.returncode != 0
    assert "python3-venv package" in done.stderr
    assert f"sudo apt-get install python{VERSION}-venv" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not venv.exists()  # stopped before venv could leave a .venv without pip


@pytest.mark.skipif(os.geteuid() != 0, reason="the install is only tried as root")
def test_as_root_with_apt_get_make_installs_the_package(tmp_path: Path) -> None:
    log = tmp_path / "apt.log"
    fake = tmp_path / "apt-get"
    fake.write_text(f'#!/bin/sh\necho "$*" >> {log}\n')
    fake.chmod(0o755)
    done, venv = make_venv(tmp_path, apt_get=str(fake))
    assert log.read_text().splitlines() == ["update -qq", f"install -y -qq python{VERSION}-venv"]
    # The fake installed nothing: make says so and stops.
    assert done.returncode != 0 and "still has no ensurepip" in done.stderr
    assert not venv.exists()
