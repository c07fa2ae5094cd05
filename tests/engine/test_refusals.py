"""An action out of its phase is refused in a player's words, naming the rule: no action
kind id (``'roll'``) or phase id (``main``) reaches the terminal, MCP or the server."""

from __future__ import annotations

import pytest

from pysettlers.engine import Game, IllegalActionError, Rules, legal_actions
from pysettlers.engine.flow import TURN_RULE
from pysettlers.engine.refusals import out_of_phase
from pysettlers.engine.types import ActionKind, Phase


def _refusal(game: Game, text: str) -> IllegalActionError:
    before = game.state.version
    with pytest.raises(IllegalActionError) as caught:
        game.play(text)
    assert game.state.version == before  # refused: nothing changed
    return caught.value


def _first_turn(rules: Rules) -> Game:
    """A game at the first roll of its first turn (the set-up played by the first action)."""
    game = Game.new(rules)
    while game.state.phase != Phase.PRE_ROLL:
        game.play(legal_actions(game.state)[0])
    return game


def test_a_second_roll_is_refused_in_words_naming_the_rule() -> None:
    game = _first_turn(Rules(players=3, seed=4))
    p = game.state.current
    while game.state.phase != Phase.MAIN:  # roll (and, after a 7, discard and rob)
        game.play(legal_actions(game.state)[0])
    err = _refusal(game, f"p{p} roll")
    assert err.rule == TURN_RULE
    assert err.message == (
        "you cannot roll now: the dice are rolled once, at the start of your turn"
    )


def test_a_discard_before_the_roll_names_the_phase_in_words() -> None:
    game = _first_turn(Rules(players=3, seed=4))
    err = _refusal(game, f"p{game.state.current} discard 1ore")
    assert err.rule == TURN_RULE
    assert err.message == "you cannot discard before the dice are rolled"


def test_every_kind_and_phase_has_words_and_no_id_shows() -> None:
    for kind in ActionKind:
        for phase in Phase:
            text = out_of_phase(kind, phase)
            assert text.startswith("you cannot ")
            # (an id said as a fallback would be ``offer_trade``, ``trade_response`` …)
            assert "_" not in text and not text.endswith(f"during {phase.name.lower()}"), text
    assert out_of_phase(ActionKind.OFFER_TRADE, Phase.TRADE_RESPONSE) == (
        "you cannot offer a trade while a trade offer waits for its answers"
    )
    assert out_of_phase(ActionKind.DISCARD, Phase.MAIN) == (
        "you cannot discard during the trade and build phase"
    )
    # With trade and build apart (the beginners' style) the main phase is the trade phase.
    assert out_of_phase(ActionKind.BUILD_CITY, Phase.MAIN, separate=True) == (
        "you cannot build a city during the trade phase"
    )
