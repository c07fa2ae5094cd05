"""Seafarers ships on the command line and in the text board: ``--ships`` on ``demo``,
``render``, ``sim`` and ``arena`` (``play`` shares ``demo``'s options), ships drawn with their
owner's letter, the log's ship items and the Longest Trade Route's name."""

from __future__ import annotations

import re

import pytest

from pysettlers.cli import main
from pysettlers.engine import Rules, observe
from pysettlers.engine.position import position
from pysettlers.engine.scenarios.ships.faces.render import SHIP_LETTERS
from pysettlers.render import render_board, render_status


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("path", ["(0,-2)NE", "(-2,0)W"])
def test_a_ship_is_drawn_with_its_owners_letter_along_its_path(path: str) -> None:
    rules = Rules(seed=4, ships=True)
    topo = position(rules).topo
    end = topo.path_ends[topo.parse_path(path)][0]
    plain = position(rules, buildings={end: (2, "settlement")})
    ship = position(rules, buildings={end: (2, "settlement")}, scenarios={"ships": {path: 2}})
    before = render_board(observe(plain, None)).splitlines()
    after = render_board(observe(ship, None)).splitlines()
    changed = [
        after[r][c]
        for r in range(len(after))
        for c in range(min(len(after[r]), len(before[r])))
        if after[r][c] != before[r][c]
    ]
    assert changed and set(changed) == {SHIP_LETTERS[2]}
    assert "ship of p0" in render_board(observe(ship, None), legend=True)
    assert "ship of p0" not in render_board(observe(plain, None), legend=False)


def test_the_longest_road_is_named_the_longest_trade_route() -> None:
    rules = Rules(seed=4, ships=True)
    s = position(rules, buildings={"(0,-2)N": (0, "settlement")})
    s.longest_road = 0  # only the name is under test
    assert "Longest Trade Route" in render_status(observe(s, None))


def test_demo_with_ships_builds_and_logs_them(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "demo", "--map", "islands", "--ships", "--seed", "3", "--max-turns", "60")
    assert re.search(r"(^ +|; |: )builds a ship (on|at|over) ", out, re.M)  # in words
    assert "ship of p0" in out  # the legend


def test_render_sim_and_arena_take_ships(capsys: pytest.CaptureFixture[str]) -> None:
    assert "ship of p0" in run(capsys, "render", "--ships")
    out = run(
        capsys,
        "sim",
        "--players",
        "random,random,random",
        "--games",
        "2",
        "--ships",
        "--map",
        "islands",
        "--workers",
        "1",
    )
    assert "games" in out
