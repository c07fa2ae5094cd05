"""``python -m pysettlers.rl`` and the RL quick start as a new user meets them: ``--help``
works, bad rules JSON is one line naming the problem (exit 2, no traceback), the documented
environment id makes no Gymnasium warning, and the training examples say what to install
instead of a traceback, even for ``--help``.

Skipped without the ``rl`` extra.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym

from pysettlers.engine import Rules
from pysettlers.rl import ENV_ID, ENV_ID_V1
from pysettlers.rl.layout import main
from support.paths import EXAMPLES, ROOT, SRC


def test_help_prints_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert "usage: python -m pysettlers.rl [-h] [RULES-JSON]" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (['{"players": 9}'], "RULES-JSON: players must be from 2 to 8 (got 9)"),
        (["nonsense"], "RULES-JSON is not JSON: Expecting value (line 1 column 1)"),
        (["[6]"], "RULES-JSON must be a JSON object"),
        (['{"players": 4}', "extra"], "unrecognized arguments: extra"),
    ],
)
def test_bad_rules_are_one_line_and_exit_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_good_rules_print_their_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['{"players": 6}']) == 0
    assert "cancel_trade" in capsys.readouterr().out


def test_the_documented_environment_id_makes_no_warning() -> None:
    quick = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    made = set(re.findall(r'gym\.make(?:_vec)?\("([^"]+)"', quick))
    assert made == {ENV_ID_V1}, made  # every gym.make in the page uses the current version
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env = gym.make(ENV_ID_V1, rules=Rules(players=4), opponents=["random"] * 3)
        env.reset(seed=1)
        env.close()
    assert [str(w.message) for w in caught] == []
    # The old id still works (code written for it), and Gymnasium says it is out of date.
    with pytest.warns(DeprecationWarning, match="out of date"):
        gym.make(ENV_ID, rules=Rules(players=3), opponents=["random"] * 2).close()


@pytest.mark.parametrize("script", ["rl_maskable_ppo.py", "rl_selfplay.py", "rl_imitate.py"])
def test_an_example_without_torch_says_what_to_install(script: str) -> None:
    # torch made unimportable whether or not it is installed; --help must not get further.
    code = (
        "import runpy, sys; sys.modules['torch'] = None; "
        f"sys.path.insert(0, {str(EXAMPLES)!r}); "
        f"sys.argv = [{script!r}, '--help']; runpy.run_path({str(EXAMPLES / script)!r}, "
        "run_name='__main__')"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 1
    needs = "PyTorch and the rl extra" if script == "rl_imitate.py" else "PyTorch and sb3-contrib"
    said = done.stderr.strip()
    assert "\n" not in said and said.endswith(
        f"{script}: needs {needs}: pip install 'pysettlers[rl-train]' (missing: torch)"
    )
