"""Golden data files: today's behaviour frozen, so any change to it is seen and decided on.

What this is for: three files in ``tests/golden/``, checked on every run —

* ``boards.json`` — seed → the board JSON of each map kind (the map layout is a pure
  function of the rules and must not drift: saved games and published seeds depend on it);
  ``boards_seven_eight.json`` the same for the 1996 rules' 7–8 player maps;
* ``legal_counts.json`` — positions as saved-state JSON → the number of legal actions of the
  player to move (and their kinds), across phases, player counts and map kinds;
* ``records.jsonl`` — seeded random games: the record each seed gives, and the sha256 of the
  final position's saved-state JSON (without the generator, which a replay does not advance).

To regenerate after an intended change (and only then), run::

    PYSETTLERS_REGEN_GOLDEN=1 .venv/bin/pytest tests/engine/test_golden.py

The tests then rewrite the files and report themselves as skipped, never as passed; review
``git diff tests/golden`` and commit the files with the change that explains them. A normal
run never writes them, and a missing file is a failure.

What this is not: a substitute for the per-rule tests, which say *why* a behaviour is right;
goldens only say that it has not changed. They were frozen with the invariant harness green.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from pysettlers.engine import (
    Board,
    Phase,
    Rules,
    legal_actions,
    load_state,
    make_board,
    replay,
    save_state,
    to_move,
)
from support import harness
from support.paths import GOLDEN

REGEN = os.environ.get("PYSETTLERS_REGEN_GOLDEN") == "1"
REGEN_HINT = "regenerate with PYSETTLERS_REGEN_GOLDEN=1 (see tests/engine/test_golden.py)"


def golden(name: str, make: Callable[[], Any]) -> Any:
    """The golden data in ``name``; with ``PYSETTLERS_REGEN_GOLDEN=1``, rewrite it and skip."""
    path = GOLDEN / name
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        data = make()
        if name.endswith(".jsonl"):
            path.write_text("".join(json.dumps(item) + "\n" for item in data))
        else:
            path.write_text(json.dumps(data, indent=1) + "\n")
        pytest.skip(f"regenerated {path}: review `git diff tests/golden` before committing")
    if not path.exists():
        pytest.fail(f"{path} is missing; {REGEN_HINT}")
    text = path.read_text()
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text)


def position_hash(state: Any) -> str:
    """sha256 of the saved-state JSON without the generator state and the count of actions
    applied (canonical key order): the position alone."""
    saved = save_state(state)
    del saved["rng"]
    del saved["version"]
    text = json.dumps(saved, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# -- boards ---------------------------------------------------------------------------------------

BOARD_SEEDS = (0, 1, 7, 42, 2026)


def make_boards() -> dict[str, Any]:
    out: dict[str, Any] = {"beginner": make_board(Rules(map_kind="beginner")).to_json()}
    for kind in ("variable", "random"):
        out[kind] = {
            str(seed): make_board(Rules(map_kind=kind, seed=seed)).to_json() for seed in BOARD_SEEDS
        }
    return out


def test_boards_are_unchanged() -> None:
    boards = golden("boards.json", make_boards)
    assert make_board(Rules(map_kind="beginner", seed=99)).to_json() == boards["beginner"]
    for kind in ("variable", "random"):
        assert set(boards[kind]) == {str(seed) for seed in BOARD_SEEDS}
        for seed, expected in boards[kind].items():
            board = make_board(Rules(map_kind=kind, seed=int(seed)))
            assert board.to_json() == expected, f"{kind} board of seed {seed} changed"
            assert Board.from_json(expected) == board
    # The golden boards differ from one another (a layout ignoring its seed would not).
    assert len({json.dumps(b) for b in boards["variable"].values()}) == len(BOARD_SEEDS)


SEVEN_EIGHT_MAPS = ("big-island", "peanut")


def make_seven_eight_boards() -> dict[str, Any]:
    return {
        kind: {
            str(seed): make_board(Rules(players=8, map_kind=kind, seed=seed)).to_json()
            for seed in BOARD_SEEDS
        }
        for kind in SEVEN_EIGHT_MAPS
    }


def test_seven_eight_boards_are_unchanged() -> None:
    boards = golden("boards_seven_eight.json", make_seven_eight_boards)
    assert set(boards) == set(SEVEN_EIGHT_MAPS)
    for kind in SEVEN_EIGHT_MAPS:
        assert set(boards[kind]) == {str(seed) for seed in BOARD_SEEDS}
        for seed, expected in boards[kind].items():
            for players in (7, 8):  # the map does not depend on the number of players
                board = make_board(Rules(players=players, map_kind=kind, seed=int(seed)))
                assert board.to_json() == expected, f"{kind} board of seed {seed} changed"
            assert Board.from_json(expected) == board
        assert len({json.dumps(b) for b in boards[kind].values()}) == len(BOARD_SEEDS)


# -- legal-action counts --------------------------------------------------------------------------

# (name, rules, phase wanted, random steps to play first, fewest legal actions wanted)
POSITIONS: list[tuple[str, Rules, Phase, int, int]] = [
    ("4p variable: first settlement", Rules(players=4, seed=1), Phase.SETUP_SETTLEMENT, 0, 1),
    ("4p variable: a set-up road", Rules(players=4, seed=1), Phase.SETUP_ROAD, 5, 1),
    (
        "4p variable: last set-up settlement",
        Rules(players=4, seed=1),
        Phase.SETUP_SETTLEMENT,
        14,
        1,
    ),
    ("4p variable: a card to play before the roll", Rules(players=4, seed=2), Phase.PRE_ROLL, 0, 3),
    ("4p variable: build, trade, play", Rules(players=4, seed=2), Phase.MAIN, 400, 40),
    ("4p variable: discard", Rules(players=4, seed=3), Phase.DISCARD, 100, 5),
    ("4p variable: move the robber", Rules(players=4, seed=3), Phase.MOVE_ROBBER, 400, 20),
    ("4p variable: road building", Rules(players=4, seed=4), Phase.ROAD_BUILDING, 0, 5),
    ("4p variable: answer an offer", Rules(players=4, seed=5), Phase.TRADE_RESPONSE, 200, 10),
    ("4p variable: confirm a partner", Rules(players=4, seed=6), Phase.TRADE_CONFIRM, 0, 3),
    (
        "3p random, separate phases: build",
        Rules(players=3, map_kind="random", trade_build="separate", seed=8),
        Phase.BUILD,
        300,
        4,
    ),
    (
        "3p random: trade and build",
        Rules(players=3, map_kind="random", seed=9),
        Phase.MAIN,
        500,
        25,
    ),
    ("2p beginner: first turn", Rules(players=2, map_kind="beginner", seed=10), Phase.MAIN, 0, 2),
    (
        "2p beginner, discard limit 4: discard",
        Rules(players=2, map_kind="beginner", discard_limit=4, seed=11),
        Phase.DISCARD,
        50,
        4,
    ),
]


def _kinds(state: Any) -> dict[str, int]:
    return dict(sorted(Counter(a.kind.name for a in legal_actions(state)).items()))


def make_legal_counts() -> list[dict[str, Any]]:
    out = []
    for name, rules, phase, at_least, fewest in POSITIONS:

        def wanted(s: Any, ph: Phase = phase, m: int = fewest) -> bool:
            return bool(s.phase == ph and len(legal_actions(s)) >= m)

        for k in range(200):  # the next seeds, if this game never reaches such a position
            seeded = Rules.from_json({**rules.to_json(), "seed": rules.seed + k})
            game = harness.random_game(seeded, at_least)
            state = harness.random_play(game, random.Random(seeded.seed), 20000, until=wanted).state
            if wanted(state):
                break
        assert wanted(state), f"{name}: no such position reached"
        out.append(
            {
                "name": name,
                "position": save_state(state),
                "player": to_move(state),
                "count": len(legal_actions(state)),
                "kinds": _kinds(state),
            }
        )
    return out


def test_legal_action_counts_are_unchanged() -> None:
    cases = golden("legal_counts.json", make_legal_counts)
    assert len(cases) == len(POSITIONS)
    for case in cases:
        state = load_state(case["position"])
        assert to_move(state) == case["player"], case["name"]
        assert (len(legal_actions(state)), _kinds(state)) == (case["count"], case["kinds"]), (
            f"{case['name']}: legal actions changed"
        )
    assert {case["position"]["phase"] for case in cases} >= {
        ph.name.lower() for ph in harness.BASE_PHASES if ph != Phase.GAME_OVER
    }


# -- records --------------------------------------------------------------------------------------

RECORD_RULES = [
    Rules(players=4, seed=2026),
    Rules(players=3, map_kind="random", trade_build="separate", seed=7),
    Rules(players=2, map_kind="beginner", discard_limit=5, seed=3),
    Rules(players=4, map_kind="random", discard_limit=9, seed=12),
]


def make_records() -> list[dict[str, Any]]:
    out = []
    for rules in RECORD_RULES:
        game = harness.random_game(rules, harness.MAX_STEPS)
        assert game.state.phase == Phase.GAME_OVER
        out.append({"record": game.to_json(), "final_state_sha256": position_hash(game.state)})
    return out


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return golden("records.jsonl", make_records)  # type: ignore[no-any-return]


def test_records_replay_to_the_same_final_position(records: list[dict[str, Any]]) -> None:
    assert len(records) == len(RECORD_RULES)
    for item in records:
        record = item["record"]
        game = replay(record)
        assert game.state.phase == Phase.GAME_OVER
        assert position_hash(game.state) == item["final_state_sha256"], record["rules"]
        assert game.to_json()["result"] == record["result"]


def test_each_seed_still_gives_its_recorded_game(records: list[dict[str, Any]]) -> None:
    """(rules, seed) gives one game: the map, the start roll, the engine's own dice and
    cards, and the order of legal actions, which the harness's random play indexes into."""
    for item in records:
        record = item["record"]
        rules = Rules.from_json(record["rules"])
        game = harness.random_game(rules, harness.MAX_STEPS)
        assert game.to_json() == record, (
            f"seed {rules.seed} now plays another game; if the engine's chance, the order of "
            f"legal_actions or the harness's random play changed on purpose, {REGEN_HINT}"
        )
        assert position_hash(game.state) == item["final_state_sha256"]
