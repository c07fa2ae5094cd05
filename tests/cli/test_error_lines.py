"""Errors that reached a user raw or without the thing they are about (a QA tour): each is
now one line naming it — ``admin purge --days -1``, a server's refusal body, ``--ray`` with no
cluster, a full disk under ``--out``, a map file that only its layout finds wrong, and the
``learned`` bot without its extra."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pysettlers.admin import refusal
from pysettlers.cli import main
from support.paths import EXAMPLES, SRC


def test_purge_refuses_negative_days_before_asking_the_server(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["admin", "--token", "t", "--url", "http://127.0.0.1:9", "purge", "--days", "-1"])
    assert exit_.value.code == 2
    assert "argument --days: must be at least 0 days (got -1)" in capsys.readouterr().err


def test_a_servers_refusal_is_said_in_one_line() -> None:
    pydantic = {
        "detail": [
            {
                "type": "greater_than_equal",
                "loc": ["body", "finished_days"],
                "msg": "Input should be greater than or equal to 0",
                "input": -1,
            }
        ]
    }
    assert refusal(422, json.dumps(pydantic)) == (
        "422 finished_days: Input should be greater than or equal to 0"
    )
    ours = {"error": "bad_token", "message": "the admin token is wrong"}
    assert refusal(403, json.dumps(ours)) == "403 the admin token is wrong"
    assert refusal(502, "Bad Gateway\n") == "502 Bad Gateway"


def test_ray_without_a_cluster_names_our_option_not_rays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def init(**_: Any) -> None:
        raise ConnectionError("Could not find any running Ray instance. ... `--address` flag")

    fake = SimpleNamespace(is_initialized=lambda: False, init=init)
    monkeypatch.setitem(sys.modules, "ray", fake)  # (no Ray needed, none started)
    assert main(["arena", "random", "weighted", "--games", "4", "--ray", "auto", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "--ray auto: no Ray cluster found there" in err and "--address" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "command", [["sim", "--players", "random,random"], ["arena", "random", "weighted"]]
)
def test_a_full_disk_under_out_names_the_file(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--games", "2", "--out", "/dev/full"]) == 1
    assert "error: cannot write /dev/full: No space left on device" in capsys.readouterr().err


def test_a_map_file_only_its_layout_refuses_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desc = json.loads((EXAMPLES / "maps" / "channel.json").read_text(encoding="utf-8"))
    desc["port_rotation"] = "none"
    ports = [c for c in desc["fixed"] if c.get("kind") == "port"]
    for side in ("NE", "E", "SE", "SW", "W", "NW"):  # a side of the first port facing no land
        ports[0]["side"] = side
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(desc), encoding="utf-8")
        if main(["render", "--map-file", str(bad)]) == 1:
            break
        capsys.readouterr()
    else:
        pytest.fail("every side of the port faces land")
    err = capsys.readouterr().err
    assert f"error: {bad}: map.fixed: port hex " in err and "does not face a land hex" in err


def test_the_learned_bot_without_its_extra_says_so_once() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None; from pysettlers.cli import main; "
        "main(['demo', '--bot', 'learned'])"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("pysettlers demo: error: ") and last.endswith(
        "the learned bot needs the rl extra (NumPy, Gymnasium, PettingZoo): "
        "pip install 'pysettlers[rl]' (missing: gymnasium)"
    )
    assert last.count("pip install") == 1  # (once: it said it twice, nested)
