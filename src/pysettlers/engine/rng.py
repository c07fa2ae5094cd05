"""The game's own deterministic random numbers, held as one integer in the state.

What this is for: resolving chance (dice, development-card draws, the robber's steal,
the starting-player roll) when the caller supplies no outcome, reproducibly from the seed,
with a state that copies for free (an ``int``). SplitMix64 is small, fast in pure Python
and statistically sound for games.

What this is not: not the global ``random`` module (never used by the engine) and not
cryptographic.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(value, new_state)``."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` (multiply-shift; bias below 2**-50 for game sizes)."""
    value, state = next_u64(state)
    return (value * n) >> 64, state


def two_dice(state: int) -> tuple[int, int, int]:
    """Two dice in one draw: ``(d1, d2, new_state)`` — the pair ``below(state, 36)`` picks
    among the 36 equally likely ones, with the step written out (a roll on every turn)."""
    state = (state + _GAMMA) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    x = ((z ^ (z >> 31)) * 36) >> 64
    return x // 6 + 1, x % 6 + 1, state


def weighted(state: int, weights: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """An index chosen with probability proportional to ``weights`` (non-negative ints)."""
    total = sum(weights)
    x, state = below(state, total)
    for i, w in enumerate(weights):
        if x < w:
            return i, state
        x -= w
    raise ValueError("weights must have a positive sum")
