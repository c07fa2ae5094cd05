"""Who decides: ``decides`` agrees with ``deciders`` in every phase a game reaches."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysettlers.engine import ActionKind, Rules, apply, deciders, legal_actions, new_game
from pysettlers.engine.flow import decides

TALK = (ActionKind.OFFER_TRADE, ActionKind.COUNTER_TRADE)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from((2, 3, 4, 5, 6)))
def test_decides_is_membership_of_deciders(seed: int, players: int) -> None:
    # 5-6 players reach the Special Building Phase; an offer every few steps reaches trade
    # answers; sevens reach discards.
    rng = random.Random(seed)
    s = new_game(Rules(players=players, seed=seed))
    phases = set()
    for i in range(700):
        if s.winner >= 0:
            break
        phases.add(s.phase)
        who = deciders(s)
        assert [p for p in range(players) if decides(s, p)] == sorted(who)
        legal = legal_actions(s)
        talk = [a for a in legal if a.kind in TALK]
        apply(s, rng.choice(talk if talk and i % 5 == 0 else legal))
    assert len(phases) >= 4
