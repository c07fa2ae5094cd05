"""Random play with the Helpers of CATAN: hundreds of seeded games audited at every step.

What this is for: the scenario's invariants over games of 3 to 6 players on every map kind,
both trade/build styles, engine-drawn and caller-supplied chance:

* every game finishes; resources are conserved (bank + hands = ``rules.bank_per_resource``
  of each) and so is the development deck (deck + held + played + knights discarded for
  Vincent = ``rules.deck``), with Candamir's drawn cards counted in the deck until kept;
* exactly one helper in front of each player from the end of their set-up, the other
  helpers in the display (or the stack during the set-up), no helper twice;
* the cached piece values equal a recount; the player whose turn it is wins at once;
* every listed action passes ``check`` and its notation round-trips; on a sample of steps
  the position round-trips through ``save_state``/``load_state`` and JSON, copies are
  independent, perturbed and malformed helper actions are rejected cleanly (or, if accepted,
  are listed), every chance outcome is one ``check`` accepts;
* views of other seats leak nothing: on sampled steps each seat's view is unchanged when
  the others' secrets (hand compositions of the same sizes, development cards, the deck's
  composition, Candamir's drawn cards) are changed — except what a seat may know (the hand
  Hilde's owner looks at, to owner and victim; Candamir's cards, to their owner);
* the record replays to the identical position (``position_key``).

``make test`` (CI) plays :data:`CI_GAMES`, ``make soak`` :data:`SOAK_GAMES`;
``PYSETTLERS_HELPER_GAMES`` sets any number; ``PYSETTLERS_HARNESS_WORKERS=1`` plays
in-process. A failure names the game's rules, step and last actions. The planted bugs at the
end break helper rules and show that the CI run's games catch each of them.

What this is not: the per-helper rules (``test_helper_*.py``) or the base-game harness
(``harness.py``, whose checks this reuses where they fit).
"""

from __future__ import annotations

from typing import Any

import pytest

from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    GameState,
    Outcome,
    format_action,
)
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.scenarios.helpers import rules as helper_rules
from pysettlers.engine.types import HELPER_KINDS
from support import harness
from support.helpers_harness import Tally, n_games, play_game, rules_for, run

K = ActionKind
PLANTED = pytest.mark.compiled_differs(
    "a bug planted by patching a module's function does not reach its compiled callers"
)


@pytest.fixture(scope="module")
def tally() -> Tally:
    n = n_games()
    workers = harness.harness_workers()
    chunks = [range(i, min(i + 20, n)) for i in range(0, n, 20)]
    total = Tally()
    if workers <= 1:
        for r in chunks:
            total.merge(run(r))
        return total
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        for t in pool.map(run, chunks):
            total.merge(t)
    return total


def test_every_game_keeps_every_invariant(tally: Tally) -> None:
    shown = "\n\n".join(tally.failures[:3])
    assert not tally.failures, f"{len(tally.failures)} of {tally.games} games failed:\n{shown}"


def test_games_finish_and_replay(tally: Tally) -> None:
    assert tally.games == n_games()
    assert tally.replays == tally.games
    assert tally.finished >= 0.99 * tally.games
    assert tally.sampled > tally.games


def test_every_helper_action_is_played(tally: Tally) -> None:
    if tally.games < 24:
        pytest.skip("coverage is asserted for runs of 24 games or more")
    helper_kinds = {k.name for k in K if k in HELPER_KINDS}
    assert helper_kinds <= set(tally.kinds)


def test_format_action_is_total_on_helper_actions() -> None:
    # Every helper kind has a notation (the run above round-trips what it meets).
    s = Game.new(rules_for(1)).state
    for k in K:
        if k in HELPER_KINDS:
            assert format_action(Action(0, k, 0, 1, give=(1, 0, 1, 0, 0), to=2), s.topo)


# -- the CI run's games catch planted helper bugs -----------------------------------------------


def first_failure(n: int) -> tuple[int, str] | None:
    """The first of games ``0 .. n - 1`` that fails, and its failure, played in this
    process (where the bug is planted); ``None`` if all pass."""
    for i in range(n):
        try:
            play_game(rules_for(i), Tally(games=1))
        except Exception as e:
            return i, f"{type(e).__name__}: {e}"
    return None


def _hx(s: GameState) -> Any:
    hx = helpers_of(s)
    assert hx is not None
    return hx


def _rule(kind: ActionKind) -> Any:
    return next(r for r in helper_rules.RULES if r.kind == kind)


def test_the_ci_run_catches_marianne_taking_a_card_from_nowhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Marianne's card is added to the hand but not taken from the bank."""

    def marianne_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> tuple[None, bool]:
        s.hands[5 * p + a.a] += 1
        return None, True

    monkeypatch.setattr(_rule(K.HELPER_MARIANNE), "_apply", marianne_apply)
    caught = first_failure(n_games())
    assert caught is not None, "the CI run misses the planted Marianne bug"
    assert "not conserved" in caught[1]


@PLANTED
def test_the_ci_run_catches_an_exchange_that_leaves_the_helper_in_the_display(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Exchanging a helper takes the new one without removing it from the display."""
    real = helper_rules.Exchange.apply

    def exchange_apply(self: Any, s: GameState, a: Action, outcome: Outcome) -> Outcome:
        out = real(self, s, a, outcome)
        _hx(s).display |= 1 << a.a
        return out

    monkeypatch.setattr(helper_rules.Exchange, "apply", exchange_apply)
    caught = first_failure(n_games())
    assert caught is not None, "the CI run misses the planted exchange bug"
    assert "also in the display" in caught[1]


def test_the_ci_run_catches_vincents_knight_going_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Vincent's knight leaves the played cards without being counted as discarded, so the
    development deck is no longer accounted for (the rarest helper action of the run)."""
    rule = _rule(K.HELPER_VINCENT)
    real = rule._apply

    def vincent_apply(s: GameState, p: int, a: Action, outcome: Outcome) -> Any:
        out = real(s, p, a, outcome)
        _hx(s).knights_discarded[p] -= 1
        return out

    monkeypatch.setattr(rule, "_apply", vincent_apply)
    caught = first_failure(n_games())
    assert caught is not None, "the CI run misses the planted Vincent bug"
    assert "development card KNIGHT" in caught[1]
