"""The Makefile's front door on a machine without ``python3-venv``: ``python3 -m venv`` needs
ensurepip, which Debian and Ubuntu ship apart from Python. Root with apt-get (CI) installs
the package; anyone else is told which one to install, and no half-made venv is left.

A Python without ensurepip is simulated by a module of that name first on its path that
fails to import, as the missing one does; apt-get is replaced by a script that logs.

And what each front-door target installs (read from ``make -n``, nothing installed):
``make play`` the server's extra and ``make demo`` the package alone, no developer tools;
``make dev`` and ``make test`` those, into the same venv.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
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


# -- what each front-door target installs ---------------------------------------------------


def dry_run(target: str, tmp_path: Path) -> str:
    """The commands ``make -n TARGET`` would run for a fresh venv (none of them is run; make
    still runs a line that calls ``$(MAKE)``, so apt-get is one that installs nothing)."""
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "-C", str(ROOT), target, f"VENV={tmp_path}/venv",
         f"PYTHON={sys.executable}", "APT_GET=false"],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def installs(commands: str) -> list[str]:
    """The requirement each ``pip install -e`` of a dry run installs: ``.``, ``.[web]``…"""
    return re.findall(r"pip install --quiet -e '?(\.(?:\[[a-z,]+\])?)'?", commands)


def test_play_and_demo_install_no_developer_tools(tmp_path: Path) -> None:
    # A fresh clone: `make play` installs the server's extra only, `make demo` the package.
    assert installs(dry_run("play", tmp_path)) == [".[web]"]
    assert "pysettlers serve" in dry_run("play", tmp_path)
    assert installs(dry_run("demo", tmp_path)) == ["."]
    # The developer tools come with `make dev` and `make test`, into the same venv.
    assert installs(dry_run("dev", tmp_path)) == [".[dev]"]
    assert installs(dry_run("test", tmp_path)) == [".[dev]"]
    for target in ("play", "demo", "dev"):
        assert f"-m venv {tmp_path}/venv" in dry_run(target, tmp_path)
    # The extras named are the ones pyproject declares, and `web` is not a developer tool.
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = extras["optional-dependencies"]
    assert not [r for r in extras["web"] if re.match(r"(pytest|mypy|ruff|hypothesis)", r)]
    assert "pysettlers[web]" in extras["dev"]
