"""The OpenSpiel game (``pysettlers.rl.openspiel``): OpenSpiel's own random-simulation test,
serialization, chance, observations and information states, returns, resampling.

Skipped when ``open_spiel`` is not installed (the ``openspiel`` extra).
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pysettlers.engine import (  # noqa: E402
    ActionKind,
    Rules,
    chance_outcomes,
    legal_actions,
    observe,
)
from pysettlers.rl import action_layout  # noqa: E402
from pysettlers.rl.encode import Encoder  # noqa: E402
from pysettlers.rl.openspiel import (  # noqa: E402
    GAME_NAME,
    MAX_CHANCE_OUTCOMES,
    chance_id,
    rules_from_params,
)


def _play(state: Any, rng: random.Random, steps: int) -> Any:
    """Random play (chance by its probabilities) for ``steps`` actions or to the end."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, ps = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, ps)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_random_sim_test_full_games() -> None:
    # OpenSpiel's own checks over whole games (legal actions, chance, observation tensors
    # and strings, information-state strings, clones, returns) — no domestic offers, so a
    # game is ~1,500 actions.
    game = pyspiel.load_game(GAME_NAME, {"offers": False})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3, "max_actions": 80},
        {"players": 6, "max_actions": 60},
        {"players": 4, "scenarios": "helpers", "max_actions": 60},
        {"players": 2, "max_actions": 60, "seed": 5},
    ],
)
def test_random_sim_test_with_serialization(params: dict[str, Any]) -> None:
    # With ``serialize=True`` every state is serialized and deserialized (the engine's record
    # replayed) and compared; short games (offers on, cut at ``max_actions``).
    game = pyspiel.load_game(GAME_NAME, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_type_and_parameters() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 6})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 6
    rules = Rules(players=6)
    assert game.num_distinct_actions() == action_layout(rules).size  # the RL id space
    assert game.observation_tensor_size() == Encoder(rules).shapes.flat
    assert game.max_chance_outcomes() == MAX_CHANCE_OUTCOMES
    # rules options as parameters, the defaults leaving them to the rules
    r, offers, cut = rules_from_params(
        {"players": 4, "alternate": "no_early_sevens", "vp_target": 12, "offers": False}
    )
    assert r.alternate == ("no_early_sevens",) and r.vp_target == 12 and not offers
    assert cut == 20_000
    with pytest.raises(ValueError, match="vp_target"):
        rules_from_params({"vp_target": 99})
    with pytest.raises(ValueError, match="unknown"):
        rules_from_params({"colour": "red"})


def test_chance_nodes_are_the_engines_outcomes() -> None:
    game = pyspiel.load_game(GAME_NAME, {"offers": False, "seed": 3})
    state = game.new_initial_state()
    rng = random.Random(1)
    seen_roll = seen_card = False
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            a = state._c.pending
            expected = {chance_id(a.kind, o): p for o, p in chance_outcomes(state.engine_state, a)}
            got = dict(state.chance_outcomes())
            assert got == expected and abs(sum(got.values()) - 1.0) < 1e-9
            if a.kind == ActionKind.ROLL:
                seen_roll = True
                assert len(got) == 21 and got[0] == pytest.approx(1 / 36)  # double ones
                assert got[1] == pytest.approx(2 / 36)  # 1 and 2
            if a.kind == ActionKind.BUY_DEVELOPMENT:
                seen_card = True
                assert set(got) <= set(range(5))
        _play(state, rng, 1)
    assert seen_roll and seen_card


def test_legal_actions_are_the_layouts_indices() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3, "seed": 2})
    state = game.new_initial_state()
    rng = random.Random(2)
    lay = action_layout(Rules(players=3))
    for _ in range(400):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            p = state.current_player()
            s = state.engine_state
            want = sorted(lay.index(a, s.topo) for a in legal_actions(s, p))
            assert state.legal_actions() == want
            for other in range(3):
                if other != p:
                    assert state.legal_actions(other) == []
        _play(state, rng, 1)
    with pytest.raises(Exception, match="not legal"):
        state2 = game.new_initial_state()
        state2.apply_action(0)  # a roll during the set-up


def test_observations_are_the_seats_views() -> None:
    game = pyspiel.load_game(GAME_NAME, {"offers": False, "seed": 4})
    state = _play(game.new_initial_state(), random.Random(4), 400)
    enc = Encoder(Rules(players=4))
    for p in range(4):
        want = enc.encode(observe(state.engine_state, p))[0]
        np.testing.assert_array_equal(np.array(state.observation_tensor(p), np.float32), want)
        assert f"You are p{p}" in state.observation_string(p)


def test_information_state_hides_others_secrets() -> None:
    # A development card drawn: the buyer's information state names it, no other seat's does.
    game = pyspiel.load_game(GAME_NAME, {"offers": False, "seed": 6})
    state = game.new_initial_state()
    rng = random.Random(6)
    for _ in range(20_000):
        assert not state.is_terminal(), "no development card bought in a whole game"
        if state.is_chance_node() and state._c.pending.kind == ActionKind.BUY_DEVELOPMENT:
            buyer = state._c.pending.player
            _play(state, rng, 1)
            last = [state.information_state_string(p).splitlines()[-1] for p in range(4)]
            assert "->" in last[buyer]
            assert all("->" not in last[p] for p in range(4) if p != buyer)
            return
        _play(state, rng, 1)


def test_returns_are_zero_sum() -> None:
    game = pyspiel.load_game(GAME_NAME, {"offers": False, "seed": 8})
    state = _play(game.new_initial_state(), random.Random(8), 50_000)
    assert state.is_terminal()
    r = state.returns()
    w = state.engine_state.winner
    assert r[w] == 1.0 and all(r[p] == pytest.approx(-1 / 3) for p in range(4) if p != w)
    assert sum(r) == pytest.approx(0.0)
    cut = _play(
        pyspiel.load_game(GAME_NAME, {"max_actions": 30}).new_initial_state(),
        random.Random(0),
        10_000,
    )
    assert cut.is_terminal() and cut.returns() == [0.0] * 4


def test_serialization_round_trips_and_clones_are_independent() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 4, "seed": 9})
    state = _play(game.new_initial_state(), random.Random(9), 700)
    text = pyspiel.serialize_game_and_state(game, state)
    assert "pysettlers" in text
    _game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    for p in range(4):
        assert state2.information_state_string(p) == state.information_state_string(p)
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    clone = state.clone()
    before = str(state)
    _play(clone, random.Random(1), 50)
    assert str(state) == before and str(clone) != before


def test_resample_keeps_the_information_state() -> None:
    game = pyspiel.load_game(GAME_NAME, {"offers": False, "seed": 10})
    state = _play(game.new_initial_state(), random.Random(10), 600)
    while state.is_chance_node():
        _play(state, random.Random(0), 1)
    p = state.current_player()
    for u in (0.1, 0.7):
        other = state.resample_from_infostate(p, lambda u=u: u)
        assert other.information_state_string(p) == state.information_state_string(p)
        # (the observation string's "since you last looked" events are not redrawn)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.legal_actions() == state.legal_actions()
        _play(other, random.Random(3), 200)  # a drawn world plays on


def test_ismcts_plays_a_seat() -> None:
    # One of OpenSpiel's algorithms over the game: a few IS-MCTS decisions, no crash, legal.
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(GAME_NAME, {"offers": False, "seed": 11})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rs, max_length=20),
        uct_c=1.4,
        max_simulations=4,
        random_state=rs,
        allow_inconsistent_action_sets=True,
    )
    state = _play(game.new_initial_state(), random.Random(11), 300)
    decided = 0
    while decided < 3 and not state.is_terminal():
        if state.is_chance_node():
            _play(state, random.Random(decided), 1)
            continue
        a = bot.step(state)
        assert a in state.legal_actions()
        state.apply_action(a)
        decided += 1
