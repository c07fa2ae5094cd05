"""The invariant harness over seeded 5- and 6-player games, and planted special-build bugs.

What this is for: the 5–6 Player Extension through ``harness.py`` — both the Special
Building Phase and the Mayfair variant, both map kinds, both trade/build styles, three
discard limits — with every invariant checked after every step: 24 of each resource across
bank and hands, the 34-card deck accounted for, piece limits, cached values against a
recount, notation, save/load and replay round trips. ``make test`` (CI) plays
:data:`CI_GAMES`, ``make soak`` :data:`SOAK_GAMES`; ``PYSETTLERS_HARNESS_EXT_GAMES`` sets any
size. The planted bugs below break the Special Building Phase and show that the CI run's
games catch each of them.

What this is not: the rule tests of the extension (``test_extension.py``).
"""

from __future__ import annotations

import pytest

from pysettlers.engine import GameState, Phase
from pysettlers.engine.building import can_build_anything
from pysettlers.engine.events import SpecialBuildTurn
from support import harness
from support.harness import Tally

PLANTED = pytest.mark.compiled_differs(
    "a bug planted by patching a module's function does not reach its compiled callers"
)
CI_GAMES = 96
"""The games of ``make test``: twice round :data:`harness.EXT_COMBOS`, about 30 CPU-seconds.
Half of them (the Special Building variant) have a Special Building Phase, and every one of
those catches each planted special-build bug below."""
SOAK_GAMES = 2000
"""The games of ``make soak`` (``PYSETTLERS_SOAK=1``), about 650 CPU-seconds."""


def _games() -> int:
    return harness.games_from_env("PYSETTLERS_HARNESS_EXT_GAMES", CI_GAMES, SOAK_GAMES)


@pytest.fixture(scope="module")
def tally() -> Tally:
    return harness.run_parallel(_games(), workers=harness.harness_workers(), extension=True)


def test_every_extension_game_keeps_every_invariant(tally: Tally) -> None:
    shown = "\n\n".join(tally.failures[:3])
    assert not tally.failures, f"{len(tally.failures)} of {tally.games} games failed:\n{shown}"


def test_the_extension_run_covers_what_it_claims(tally: Tally) -> None:
    n = _games()
    assert tally.games == n
    assert tally.replays == n - len(tally.failures)
    assert tally.finished >= 0.99 * n
    if n >= len(harness.EXT_COMBOS):
        assert {c[0] for c in tally.configs} == {5, 6}
        assert {c[3] for c in tally.configs} == {7, 9, 10}  # 10: the Mayfair default
        phases = {p.name for p in Phase if p <= Phase.SPECIAL_BUILD} - {"GAME_OVER"}
        assert phases <= set(tally.phases)
        assert {k.name for k in harness.BASE_KINDS} <= set(tally.kinds)


# -- the CI run's games catch planted special-build bugs ----------------------------------------


def first_failure(n: int) -> tuple[int, str] | None:
    """The first of extension games ``0 .. n - 1`` that fails, and its failure, played in
    this process (where the bug is planted); ``None`` if all pass."""
    for i in range(n):
        result = harness.run_game(harness.config_for(i, extension=True))
        if result.failures:
            return i, result.failures[0]
    return None


@PLANTED
def test_the_ci_run_catches_a_special_build_turn_for_the_player_whose_turn_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Special Building Phase goes round to the player whose turn just ended ("each
    other player", R5 p. 7)."""
    import pysettlers.engine.turn as turn

    def next_special_builder(s: GameState) -> bool:
        p = s.special_builder
        for _ in range(s.n):
            p = (p + 1) % s.n
            if p == s.special_builder:
                return False
            if p == s.current or can_build_anything(s, p):  # the bug: p == s.current
                s.special_builder = p
                s.events.append(SpecialBuildTurn(p))
                return True
        return False

    monkeypatch.setattr(turn, "_next_special_builder", next_special_builder)
    caught = first_failure(_games())
    assert caught is not None, "the CI run misses the planted special build bug"
    assert "special build turn after their own" in caught[1]


@PLANTED
def test_the_ci_run_catches_a_special_build_that_ends_the_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Building in the Special Building Phase switches to the builder's own build phase."""
    import pysettlers.engine.building as building
    from pysettlers.engine.flow import enter_build as real

    def enter_build(s: GameState) -> None:
        if s.phase == Phase.SPECIAL_BUILD:
            s.phase = Phase.BUILD
        real(s)

    monkeypatch.setattr(building, "enter_build", enter_build)
    caught = first_failure(_games())
    assert caught is not None, "the CI run misses the planted special build bug"
    assert "in phase BUILD" in caught[1]


@PLANTED
def test_the_ci_run_catches_a_special_build_paid_by_the_wrong_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A special build is paid for by the player whose turn it is, not by the builder."""
    import pysettlers.engine.building as building

    real = building.pay

    def pay(s: GameState, p: int, cost: tuple[int, int, int, int, int]) -> None:
        real(s, s.current if s.phase == Phase.SPECIAL_BUILD else p, cost)

    monkeypatch.setattr(building, "pay", pay)
    caught = first_failure(_games())
    assert caught is not None, "the CI run misses the planted special build bug"
    assert "negative count in hands" in caught[1]
