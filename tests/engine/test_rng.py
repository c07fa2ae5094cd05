"""The engine's generator: SplitMix64 itself, and the draws built on it."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from pysettlers.engine import rng

STATES = st.integers(0, 2**64 - 1)


def test_splitmix64_gives_the_reference_sequence() -> None:
    # The published test vector of SplitMix64 (seed 1234567), as in Vigna's reference code.
    state = 1234567
    out = []
    for _ in range(5):
        value, state = rng.next_u64(state)
        out.append(value)
    assert out == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@given(STATES)
def test_two_dice_is_the_pair_below_36_picks(state: int) -> None:
    # ``two_dice`` writes the step out for speed; it must draw exactly what ``below`` does.
    x, after = rng.below(state, 36)
    assert rng.two_dice(state) == (x // 6 + 1, x % 6 + 1, after)


def test_two_dice_are_fair_over_many_rolls() -> None:
    state, counts = 99, Counter[tuple[int, int]]()
    rolls = 36_000
    for _ in range(rolls):
        d1, d2, state = rng.two_dice(state)
        counts[d1, d2] += 1
    assert set(counts) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    # Chi-square with 35 degrees of freedom: 66.6 is its 0.999 quantile.
    chi2 = sum((c - rolls / 36) ** 2 / (rolls / 36) for c in counts.values())
    assert chi2 < 66.6


EDGES = [0, 1, (1 << 32) - 1, 1 << 32, 1 << 63, (1 << 64) - 1, (1 << 64) - 0x9E3779B97F4A7C15]


STATES_AND_EDGES = st.integers(min_value=0, max_value=(1 << 64) - 1) | st.sampled_from(EDGES)


@given(STATES_AND_EDGES)
def test_the_compiled_builds_step_on_halves_agrees_with_the_big_int_step(state: int) -> None:
    # The compiled build steps the state held as 32-bit halves (rng.COMPILED); pure Python
    # the big-int reference. Both must give the same game, so the halves' arithmetic is
    # checked here whichever build runs the tests.
    value, after = rng.next_u64(state)
    assert rng._step_halves(*rng.split(state)) == (*rng.split(value), *rng.split(after))


@given(STATES_AND_EDGES, st.integers(1, (1 << 14) - 1))
def test_below_on_halves_is_the_multiply_shift(value: int, n: int) -> None:
    assert rng._below_halves(*rng.split(value), n) == (value * n) >> 64


@given(STATES_AND_EDGES)
def test_the_state_splits_into_halves_and_joins_back(state: int) -> None:
    hi, lo = rng.split(state)
    assert 0 <= hi < 2**32 and 0 <= lo < 2**32 and rng.join(hi, lo) == state


@given(STATES_AND_EDGES, st.lists(st.integers(0, 30), min_size=1, max_size=6))
def test_the_draws_on_halves_are_the_reference_draws(state: int, weights: list[int]) -> None:
    # What the game state calls (on halves, either build) against the one-int reference.
    d1, d2, after = rng.two_dice(state)
    assert rng.two_dice_halves(*rng.split(state)) == (d1, d2, *rng.split(after))
    if sum(weights):
        i, after = rng.weighted(state, weights)
        assert rng.weighted_halves(*rng.split(state), weights) == (i, *rng.split(after))
