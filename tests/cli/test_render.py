"""Terminal rendering of views: every hex, token, robber, harbor and piece is drawn.

Positions are made through the engine's own JSON (``save_state`` / ``load_state``), so the
pieces are real pieces; the checks find things by their text (a hex's coordinate, then its
terrain and token under it) rather than by restating the renderer's geometry.
"""

from __future__ import annotations

import random

import pytest

from pysettlers.engine import (
    Board,
    GameState,
    Harbor,
    Phase,
    Rules,
    Terrain,
    apply_checked,
    legal_actions,
    load_state,
    new_game,
    observe,
    parse_action,
    save_state,
    topology_for,
)
from pysettlers.engine.position import position
from pysettlers.render import (
    LEGEND,
    PHASE_WORDS,
    harbor_label,
    render_board,
    render_state,
    render_status,
    render_view,
    to_do,
)

BEGINNER = Rules(map_kind="beginner")


def grid(text: str) -> list[str]:
    return text.splitlines()


def find(lines: list[str], needle: str) -> tuple[int, int]:
    """The (line, column of the centre) of the only occurrence of ``needle``."""
    hits = [(i, line.index(needle)) for i, line in enumerate(lines) if needle in line]
    assert len(hits) == 1, f"{needle!r} occurs {len(hits)} times"
    i, c = hits[0]
    return i, c + (len(needle) - 1) // 2


def word_at(lines: list[str], row: int, col: int) -> str:
    """The run of non-blank characters through (row, col)."""
    line = lines[row]
    if col >= len(line) or line[col] == " ":
        return ""
    a = b = col
    while a > 0 and line[a - 1] != " ":
        a -= 1
    while b + 1 < len(line) and line[b + 1] != " ":
        b += 1
    return line[a : b + 1]


def edited(s: GameState, **changes: object) -> GameState:
    doc = save_state(s)
    for key, value in changes.items():
        doc[key] = value
    return load_state(doc)


def hex_items(lines: list[str], name: str) -> tuple[str, str, str]:
    """Terrain, token and pips drawn under a hex's coordinate."""
    row, col = find(lines, name)
    return word_at(lines, row + 1, col), word_at(lines, row + 2, col), word_at(lines, row + 3, col)


@pytest.mark.parametrize("rules", [BEGINNER, Rules(seed=3), Rules(map_kind="random", seed=8)])
def test_every_hex_shows_its_terrain_token_and_pips(rules: Rules) -> None:
    s = new_game(rules)
    board = s.board
    lines = grid(render_board(observe(s, None)))
    for h, name in enumerate(board.topology.hex_names):
        terrain, token, dots = hex_items(lines, name)
        assert board.terrain[h].name.lower().startswith(terrain) and len(terrain) >= 5
        n = board.numbers[h]
        if n:
            assert token == str(n)
            assert len(dots) == 6 - abs(7 - n)
            assert set(dots) == ({"*"} if n in (6, 8) else {"."})
        else:
            assert board.terrain[h] == Terrain.DESERT
            assert token == ""


def test_the_robber_is_drawn_once_inside_its_hex() -> None:
    s = new_game(BEGINNER)
    for where in ("(0,0)", "(1,0)", "(-2,2)", "(2,-2)"):
        moved = edited(s, robber=where)
        lines = grid(render_board(observe(moved, None)))
        row, col = find(lines, "ROBBER")
        name_row, name_col = find(lines, where)
        assert abs(col - name_col) <= 1
        # Between the hex's upright sides (not on the slanted row below, shared with the
        # hexes of the next row): the hex's side corners or walls bound it left and right.
        assert name_row < row <= name_row + 3
        line = lines[row]
        for side in (name_col - 6, name_col + 6):
            assert line[side] in "|.#sC" or line[side].isdigit(), (where, line)
        # It takes the place of the dots; the number token stays.
        h = s.board.topology.parse_hex(where)
        number = s.board.numbers[h]
        assert hex_items(lines, where)[1:] == (str(number) if number else "", "ROBBER")


def test_beginner_pieces_are_drawn_by_player() -> None:
    s = new_game(BEGINNER)
    text = render_board(observe(s, None))
    for p in range(4):
        assert text.count(f"s{p}") == 2
    assert "C" not in text.replace("(", "")  # no city yet


def test_a_city_replaces_its_settlement() -> None:
    s = new_game(BEGINNER)
    doc = save_state(s)
    doc["buildings"]["(0,-1)N"]["kind"] = "city"
    city = load_state(doc)
    before = grid(render_board(observe(s, None)))
    after = grid(render_board(observe(city, None)))
    assert sum(line.count("C0") for line in after) == 1
    assert sum(line.count("s0") for line in after) == 1
    changed = [
        (r, c)
        for r, (x, y) in enumerate(zip(before, after))
        for c in range(max(len(x), len(y)))
        if (x[c : c + 1] or " ") != (y[c : c + 1] or " ")
    ]
    assert len(changed) == 1  # just the letter: s0 -> C0
    r, c = changed[0]
    assert after[r][c : c + 2] == "C0"


@pytest.mark.parametrize("path", ["(0,0)NE", "(0,0)E", "(1,1)SW", "(-1,0)W"])
def test_a_road_is_drawn_with_its_owners_digit_along_its_path(path: str) -> None:
    # A settlement of p2's at one end of the path in both positions (a road must connect to
    # its owner's network); these paths are inland, with no harbor.
    rules = Rules(seed=4)
    end = position(rules).topo.path_ends[position(rules).topo.parse_path(path)][0]
    s = position(rules, buildings={end: (2, "settlement")})
    road = position(rules, buildings={end: (2, "settlement")}, roads={path: 2})
    before = grid(render_board(observe(s, None)))
    after = grid(render_board(observe(road, None)))
    assert len(before) == len(after)
    changed = [
        (after[r][c], before[r][c])
        for r in range(len(after))
        for c in range(len(after[r]))
        if c < len(before[r]) and after[r][c] != before[r][c]
    ]
    upright = path.endswith(("E", "W")) and len(path.split(")")[1]) == 1
    assert [new for new, _ in changed] == ["2"] * (1 if upright else 2)
    assert {old for _, old in changed} in ([{"|"}] if upright else [{"/"}, {"\\"}])


def test_every_harbor_is_labelled_and_its_path_marked() -> None:
    s = new_game(Rules(seed=11))
    text = render_board(observe(s, None))
    kinds = [kind for kind, _ in s.board.harbors]
    assert text.count("3:1") == kinds.count(Harbor.GENERIC)
    for kind in set(kinds) - {Harbor.GENERIC}:
        assert text.count(harbor_label(kind)) == kinds.count(kind)
    # Each harbor's coastal path is drawn with '#': one character upright, two slanted.
    assert 9 * 1 <= text.count("#") <= 9 * 2


def test_beginner_view_readable_in_100_columns() -> None:
    s = new_game(BEGINNER)
    for viewer in (None, 0, 3):
        text = render_view(observe(s, viewer))
        assert max(len(line) for line in text.splitlines()) <= 100
        assert text.isascii()
        assert LEGEND in text


def test_status_shows_scores_bank_and_only_the_viewers_own_hand() -> None:
    s = new_game(BEGINNER)
    spectator = render_status(observe(s, None))
    assert "Turn 1: p0 to roll the dice (or first play a development card)" in spectator
    assert "Bank: 18 brick, 15 lumber, 18 wool, 16 grain, 16 ore" in spectator
    assert "25 development cards in the deck" in spectator
    assert "Your hand" not in spectator
    blue = render_status(observe(s, 1))
    assert "Your hand (p1): 1 brick, 1 lumber, 1 ore" in blue
    assert "p1 (you)" in blue
    assert "Your hand (p0)" not in blue


def test_render_state_is_the_spectators_view() -> None:
    s = new_game(Rules(seed=5))
    assert render_state(s) == render_view(observe(s, None))


@pytest.mark.parametrize("players", [2, 3])
def test_small_games_render_mid_game(players: int) -> None:
    s = new_game(Rules(players=players, seed=21))
    rng = random.Random(0)
    while s.turn < 15:
        apply_checked(s, rng.choice(legal_actions(s)))
    text = render_view(observe(s, 0))
    rows = [line[2:].split()[0] for line in text.splitlines() if line[2:4] in ("p0", "p1", "p2")]
    assert rows == [f"p{p}" for p in range(players)]
    pieces = sum(text.count(f"s{p}") + text.count(f"C{p}") for p in range(players))
    assert pieces >= 2 * players  # the set-up's settlements at least
    assert "p0 (you)" in text and "Your hand (p0)" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_any_board_shape_renders() -> None:
    # The 30-hex island's rows of 3, 4, 5, 6, 5, 4, 3 hexes (the 5–6 player extension).
    rows = {-3: (0, 3), -2: (-1, 3), -1: (-2, 3), 0: (-3, 3), 1: (-3, 2), 2: (-3, 1), 3: (-3, 0)}
    land = tuple((q, r) for r, (a, b) in rows.items() for q in range(a, b))
    topo = topology_for(tuple(sorted(land, key=lambda c: (c[1], c[0]))))
    assert topo.n_hexes == 30
    terrain = tuple(Terrain(h % 6) for h in range(30))
    numbers = tuple(0 if t == Terrain.DESERT else 2 + h % 11 or 3 for h, t in enumerate(terrain))
    numbers = tuple(3 if n == 7 else n for n in numbers)
    harbors = tuple((Harbor(i % 6), p) for i, p in enumerate(topo.coastal_paths[::4]))
    board = Board(topo, terrain, numbers, harbors)
    s = new_game(Rules(seed=2), board=board)
    lines = grid(render_board(observe(s, None)))
    for h, name in enumerate(topo.hex_names):
        assert hex_items(lines, name)[1] == (str(numbers[h]) if numbers[h] else "")
    assert sum(line.count("3:1") for line in lines) == sum(k == Harbor.GENERIC for k, _ in harbors)


def test_status_shows_helpers_and_the_display() -> None:
    from pysettlers.engine import Rules, apply_checked, legal_actions, new_game, observe
    from pysettlers.engine.scenarios.helpers.events import HelperDisplayed
    from pysettlers.render import render_view
    from pysettlers.words import Words

    s = new_game(Rules(players=3, seed=4, helpers=True), first_player=0)
    said: list[str] = []
    while s.phase.name.startswith("SETUP"):
        apply_checked(s, legal_actions(s)[0])
        words = Words.for_view(observe(s, 0))
        said += [words.event(e) or "" for e in s.events if isinstance(e, HelperDisplayed)]
    text = render_view(observe(s, None))
    # The second set-up round starts with p2 (right of the starting player): Nassir, A1.
    # Helpers are named as the log names them ("You get the helper Nassir").
    assert "p2 Nassir (A)" in text
    display = next(line for line in text.splitlines() if line.startswith("Display: "))
    shown = display.removeprefix("Display: ").split(", ")
    assert "Nassir" not in shown and len(shown) == 7
    # The log's line at the end of the set-up names the same display: the four helpers
    # without a number and the three left over from the stack (R5, "Taking your first
    # helper"), not only the three.
    assert said == [
        f"Helpers on display: {', '.join(shown[:-1])} and {shown[-1]} "
        "(Jean, Sean and Lin left over from the stack)."
    ]


def test_every_phase_is_said_in_a_players_words() -> None:
    assert set(PHASE_WORDS) == set(Phase)
    for phase, words in PHASE_WORDS.items():
        assert "_" not in words and words != phase.name.lower()


def test_status_says_what_to_do_not_the_phase_name() -> None:
    s = new_game(Rules(seed=6))
    view = observe(s, None)
    status = render_status(view)
    assert f"Set-up: p{s.current} to place a settlement;" in status
    assert "setup" not in status.replace("Set-up", "")
    apply_checked(s, legal_actions(s)[0])
    assert (
        to_do(observe(s, None)) == f"set-up: p{s.current} to place a road beside the new settlement"
    )
    # A 7's discard: those who owe cards decide (clockwise from the current player).
    seven = position(Rules(seed=6), phase="discard", current=1, hands={0: "8brick", 2: "9ore"})
    status = render_status(observe(seven, None))
    assert "Turn 1, p1's turn: p2,p0 to discard half of their cards (a 7 was rolled)" in status


def test_a_ship_on_the_open_sea_is_drawn_with_its_owners_letter() -> None:
    # Seafarers ships: the open sea's paths show only once a ship is on them (the letter of
    # its owner, a for p0), here two on the frame: out from (1,-2)N and along the outer rim.
    from support.ships import COAST, at

    plain = at(COAST, {"p0": {"settlements": ["(1,-2)N"]}})
    shipped = at(
        COAST, {"p0": {"settlements": ["(1,-2)N"]}}, ships={"(1,-3)E": "p0", "(1,-3)NE": "p0"}
    )
    before = grid(render_board(observe(plain, None)))
    after = grid(render_board(observe(shipped, None)))
    assert len(before) == len(after)
    changed = [
        after[r][c]
        for r in range(len(after))
        for c in range(len(after[r]))
        if after[r][c] != before[r].ljust(len(after[r]))[c]
    ]
    assert changed == ["a"] * 3  # the upright (1,-3)E on one row, the slanted rim on two


def test_to_do_names_who_answers_an_offer_not_its_maker() -> None:
    s = position(
        Rules(players=3, map_kind="beginner"),
        hands={"p0": "1ore", "p1": "1brick", "p2": "1brick"},
    )
    apply_checked(s, parse_action("p0 offer 1ore for 1brick to p1,p2", s.topo))
    assert to_do(observe(s, 0)) == "p1,p2 to answer offer #1"
