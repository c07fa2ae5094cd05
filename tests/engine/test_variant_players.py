"""The Mayfair variant (``large_game_variant`` ``mayfair``) is for 5–8 players: chosen with
fewer it would change nothing, so it is refused naming the option — while the default loads
for any player count, and a record an earlier version wrote with the no-op choice still
loads and replays the same game."""

from __future__ import annotations

import random

import pytest

from pysettlers.cli import main
from pysettlers.engine import Game, Rules, legal_actions, position_key, replay
from pysettlers.engine.options import OptionError


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mayfair_below_five_players_is_refused_naming_the_option(players: int) -> None:
    with pytest.raises(OptionError) as caught:
        Rules(players=players, large_game_variant="mayfair")
    assert caught.value.option == "large_game_variant"
    assert str(caught.value) == (
        f"large_game_variant 'mayfair' is a variant for 5–8 players (got {players})"
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_the_default_loads_for_any_player_count(players: int) -> None:
    rules = Rules(players=players, map_kind="peanut" if players >= 7 else "variable")
    assert Rules.from_json(rules.to_json()) == rules
    if players >= 5:
        assert Rules(**{**rules.to_json(), "large_game_variant": "mayfair"}).discard_max >= 10


def test_the_command_line_refuses_it_with_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--players", "random,random", "--variant", "mayfair", "--games", "1"])
    assert "--variant mayfair is a variant for 5–8 players (got 2)" in capsys.readouterr().err


def test_a_record_written_with_the_no_op_choice_still_replays() -> None:
    game = Game.new(Rules(players=3, seed=5))
    rng = random.Random(5)
    for _ in range(60):
        game.play(rng.choice(legal_actions(game.state)))
    record = game.to_json()
    record["rules"]["large_game_variant"] = "mayfair"  # as an earlier version wrote it
    again = replay(record)
    assert again.state.rules == game.state.rules
    assert position_key(again.state) == position_key(game.state)
