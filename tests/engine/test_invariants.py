"""The random-simulation invariant harness over seeded games, and its self-tests.

What this is for: ``harness.py`` plays seeded random games (every combination of 2/3/4
players, the three map kinds, both trade/build styles and four discard limits) and checks
the invariants after every step, the round trips and fuzzing on a sample of steps, and the
replay of each record. ``make test`` (CI) plays :data:`CI_GAMES`, four times round the 72
combinations; ``make soak`` plays :data:`SOAK_GAMES`; ``PYSETTLERS_HARNESS_GAMES=20000``
sets any size; ``PYSETTLERS_HARNESS_WORKERS=1`` plays in-process (for a debugger). A failure
names the game's rules, step and last actions, and how to reproduce it.

The self-tests below plant corruptions and engine bugs to show that each checker can fail,
and that the games of the CI run are enough to catch the planted bugs.

What this is not: the per-rule tests (``test_rules_*.py``), which pin the rulebook's examples.
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Action, ActionKind, GameState, Phase, Rules
from pysettlers.engine.types import NOBODY
from support import harness
from support.harness import HarnessFailure, Tally

PLANTED = pytest.mark.compiled_differs(
    "a bug planted by patching a module's function does not reach its compiled callers"
)
CI_GAMES = 288
"""The games of ``make test``: four times round :data:`harness.COMBOS`, about 65 CPU-seconds.
Every phase and action kind is reached well before that, and each planted bug below is
caught within the first few dozen of these games."""
SOAK_GAMES = 2000
"""The games of ``make soak`` (``PYSETTLERS_SOAK=1``), about 460 CPU-seconds."""


def n_games() -> int:
    return harness.harness_games(CI_GAMES, SOAK_GAMES)


@pytest.fixture(scope="module")
def tally() -> Tally:
    n = n_games()
    return harness.run_parallel(n, workers=harness.harness_workers())


def test_every_game_keeps_every_invariant(tally: Tally) -> None:
    shown = "\n\n".join(tally.failures[:3])
    assert not tally.failures, f"{len(tally.failures)} of {tally.games} games failed:\n{shown}"


def test_the_run_covers_what_it_claims(tally: Tally) -> None:
    n = n_games()
    assert tally.games == n
    assert tally.replays == n - len(tally.failures)  # every game's record was replayed
    # Random play ends games well inside the step cap; a stall would show up here.
    assert tally.finished >= 0.99 * n
    assert tally.steps > 500 * n
    if n >= len(harness.COMBOS):
        assert len(tally.configs) == len(harness.COMBOS)


def test_the_run_reaches_every_phase_and_action_kind(tally: Tally) -> None:
    if tally.games < 144:
        pytest.skip("coverage is only asserted for runs of 144 games or more")
    phases = {p.name for p in harness.BASE_PHASES} - {"GAME_OVER"}
    assert phases <= set(tally.phases)
    assert {k.name for k in harness.BASE_KINDS} <= set(tally.kinds)
    assert tally.sampled > 3 * tally.games
    assert tally.enumerated == tally.sampled
    assert tally.fuzz_rejected > 0 and tally.fuzz_accepted > 0
    assert tally.composites > tally.games


# -- the checkers can fail ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def midgame() -> GameState:
    """A 4-player position some 300 actions in, reached by the harness's random play."""
    game = harness.random_game(Rules(players=4, seed=11), 300)
    assert game.state.phase != Phase.GAME_OVER
    return game.state


def test_a_healthy_position_passes(midgame: GameState) -> None:
    harness.check_cards(midgame)
    harness.check_pieces(midgame)
    harness.check_awards(midgame)
    harness.check_phase_payload(midgame)
    harness.check_victory(midgame)


def test_check_cards_catches_a_card_from_nowhere(midgame: GameState) -> None:
    s = midgame.copy()
    s.hands[5 * 1 + 2] += 1
    with pytest.raises(HarnessFailure, match="resource 2"):
        harness.check_cards(s)


def test_check_cards_catches_a_lost_development_card(midgame: GameState) -> None:
    s = midgame.copy()
    s.deck[0] -= 1
    with pytest.raises(HarnessFailure, match="KNIGHT"):
        harness.check_cards(s)


def test_check_cards_catches_a_played_card_the_events_do_not_show(midgame: GameState) -> None:
    s = midgame.copy()
    s.deck[1] -= 1
    s.played[5 * 0 + 1] += 1
    harness.check_cards(s)  # conserved ...
    with pytest.raises(HarnessFailure, match="events"):
        harness.check_cards(s, [0, 0, 0, 0, 0])  # ... but no event says it was played


def test_check_pieces_catches_a_stale_cache(midgame: GameState) -> None:
    for name, delta_index in (("public_vp", 0), ("roads_left", 1), ("road_length", 2)):
        s = midgame.copy()
        getattr(s, name)[delta_index] += 1
        with pytest.raises(HarnessFailure, match=f"cached {name}"):
            harness.check_pieces(s)


def test_check_pieces_catches_a_sixth_settlement(midgame: GameState) -> None:
    s = midgame.copy()
    free = [v for v, o in enumerate(s.building_owner) if o == NOBODY]
    for v in free[:6]:
        s.building_owner[v] = 0
        s.building_level[v] = 1
    with pytest.raises(HarnessFailure):
        harness.check_pieces(s)
    counted = harness.recount(s)
    with pytest.raises(HarnessFailure, match="settlements_left"):
        harness.check_board(s, counted)


def test_check_awards_catches_misplaced_special_cards(midgame: GameState) -> None:
    s = midgame.copy()
    s.road_length = [5, 6, 0, 0]
    s.longest_road = 0
    with pytest.raises(HarnessFailure, match="longest road held by p0"):
        harness.check_awards(s)
    s.longest_road = NOBODY
    with pytest.raises(HarnessFailure, match="longest road set aside"):
        harness.check_awards(s)
    s.longest_road = 1
    harness.check_awards(s)
    s.road_length = [6, 6, 0, 0]
    harness.check_awards(s)  # a tied holder keeps the card
    s.knights = [3, 0, 0, 0]
    s.largest_army = NOBODY
    with pytest.raises(HarnessFailure, match="largest army"):
        harness.check_awards(s)


def test_check_phase_payload_and_victory_catch_leftovers(midgame: GameState) -> None:
    s = midgame.copy()
    s.phase = Phase.MAIN
    s.discards[1] = 2
    with pytest.raises(HarnessFailure, match="discards owed"):
        harness.check_phase_payload(s)
    s = midgame.copy()
    s.dev[5 * s.current + 4] += 10
    with pytest.raises(HarnessFailure, match="game not over"):
        harness.check_victory(s)


def test_notation_roundtrip_catches_a_field_the_notation_drops(midgame: GameState) -> None:
    harness.notation_roundtrip(Action(0, ActionKind.BUILD_SETTLEMENT, 3), midgame)
    with pytest.raises(HarnessFailure, match="round trip"):
        harness.notation_roundtrip(Action(0, ActionKind.BUILD_SETTLEMENT, 3, b=5), midgame)


@PLANTED
def test_the_harness_catches_a_planted_engine_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    import pysettlers.engine.production as game_module

    real = game_module.produce

    def produce_with_a_forged_card(s: GameState, total: int) -> None:
        real(s, total)
        s.hands[5 * s.current] += 1  # a brick that did not come from the bank

    monkeypatch.setattr(game_module, "produce", produce_with_a_forged_card)
    result = harness.run_game(harness.config_for(0))
    assert result.failures and "resource 0" in result.failures[0]
    assert "reproduce: harness.run_game(Rules(" in result.failures[0]


# -- the CI run's games catch planted engine bugs ----------------------------------------------


def first_failure(n: int) -> tuple[int, str] | None:
    """The first of harness games ``0 .. n - 1`` that fails, and its failure; ``None`` if
    all pass. Played in this process (a planted bug does not reach worker processes), and
    stops at the first failure, so a bug the run catches early costs little to show."""
    for i in range(n):
        result = harness.run_game(harness.config_for(i))
        if result.failures:
            return i, result.failures[0]
    return None


@PLANTED
def test_the_ci_run_catches_a_bank_shortage_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug on a rare path: production ignores the bank's shortage rule ("if there are not
    enough resource cards ... no player receives any"), so the bank can be overdrawn. Only
    4 of the first 72 games run the bank short of a resource owed to two players or more;
    the first is game 13 of the CI run."""
    import pysettlers.engine.production as production

    real = production.produce

    def produce_from_a_bottomless_bank(s: GameState, total: int) -> None:
        before = s.bank[:]
        s.bank[:] = [10**6] * 5  # the shortage rule never applies
        real(s, total)
        s.bank[:] = [b - (10**6 - left) for b, left in zip(before, s.bank)]

    monkeypatch.setattr(production, "produce", produce_from_a_bottomless_bank)
    caught = first_failure(n_games())
    assert caught is not None, "the CI run misses the planted bank shortage bug"
    assert "negative count in bank" in caught[1]


def test_the_ci_run_catches_largest_army_at_two_knights(monkeypatch: pytest.MonkeyPatch) -> None:
    """Largest Army handed over at 2 knights instead of 3 (Almanac, Largest Army)."""
    import pysettlers.engine.awards as awards

    monkeypatch.setattr(awards, "LARGEST_ARMY_MIN", 2)
    caught = first_failure(n_games())
    assert caught is not None, "the CI run misses the planted Largest Army bug"
    assert "largest army held by" in caught[1]
