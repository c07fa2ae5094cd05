"""The game's own deterministic random numbers: SplitMix64 on a 64-bit state.

What this is for: resolving chance (dice, development-card draws, the robber's steal,
the starting-player roll) when the caller supplies no outcome, reproducibly from the seed,
with a state that copies for free (ints). SplitMix64 is small, fast in pure Python and
statistically sound for games. The functions on one ``int`` state are the reference; the
game state holds the generator as two 32-bit halves (``GameState.rng_hi``/``rng_lo``) and
draws through :func:`two_dice_halves` and :func:`weighted_halves` (below: why).

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


# -- the state as two 32-bit halves ---------------------------------------------------------------
#
# mypyc keeps an int unboxed only below 2**62 and multiplies inline only factors below 2**30:
# a 64-bit state is a Python long to the compiled engine, and every SplitMix64 step on it
# made longs (5,600 instructions a roll; 2,600 when the step was done on halves but the state
# still split and joined each time). So the game state holds the generator as two 32-bit
# halves, and the compiled build steps them with 16-bit factors, in machine words throughout.
# In CPython the big-int step is the faster, so there each draw joins the halves, steps the
# reference function and splits the result. ``tests/engine/test_rng.py`` checks that the two agree.

COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (its file is then an extension module)."""
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GAMMA_HI: Final = _GAMMA >> 32
_GAMMA_LO: Final = _GAMMA & _M32
_SMALL: Final = 1 << 14
"""Weights summing below this are drawn from on halves (every product stays below 2**30)."""


def split(state: int) -> tuple[int, int]:
    """A 64-bit state as ``(hi, lo)``, its 32-bit halves."""
    return (state >> 32) & _M32, state & _M32


def join(hi: int, lo: int) -> int:
    """The 64-bit state of halves ``hi`` and ``lo``."""
    return hi << 32 | lo


def two_dice_halves(hi: int, lo: int) -> tuple[int, int, int, int]:
    """:func:`two_dice` on a state held as halves: ``(d1, d2, new_hi, new_lo)``."""
    if COMPILED:
        vh, vl, hi, lo = _step_halves(hi, lo)
        x = _below_halves(vh, vl, 36)
        return x // 6 + 1, x % 6 + 1, hi, lo
    # (``two_dice`` written out once more: a call would cost CPython a frame every roll)
    state = ((hi << 32 | lo) + _GAMMA) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    x = ((z ^ (z >> 31)) * 36) >> 64
    return x // 6 + 1, x % 6 + 1, state >> 32, state & _M32


def weighted_halves(hi: int, lo: int, weights: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """:func:`weighted` on a state held as halves: ``(index, new_hi, new_lo)``."""
    total = sum(weights)
    if COMPILED and 0 < total < _SMALL:
        vh, vl, new_hi, new_lo = _step_halves(hi, lo)
        x = _below_halves(vh, vl, total)
        for i, w in enumerate(weights):
            if x < w:
                return i, new_hi, new_lo
            x -= w
    i, state = weighted(hi << 32 | lo, weights)
    return i, (state >> 32) & _M32, state & _M32


def _mul_halves(hi: int, lo: int, c3: int, c2: int, c1: int, c0: int) -> tuple[int, int]:
    """``(hi * 2**32 + lo) * c`` modulo 2**64 as 32-bit halves; ``c3:c2:c1:c0`` are the
    constant ``c``'s 16-bit pieces, high first. Every factor is below 2**16."""
    l1 = lo >> 16
    l0 = lo & _M16
    h1 = hi >> 16
    h0 = hi & _M16
    # lo * (c1:c0), a number below 2**64
    mid = l1 * c0 + l0 * c1
    low = l0 * c0 + ((mid & _M16) << 16)
    carry = (low >> 32) + (mid >> 16) + l1 * c1
    # hi * (c1:c0) and lo * (c3:c2) only matter modulo 2**32
    cross = h0 * c0 + ((h1 * c0 + h0 * c1) << 16) + l0 * c2 + ((l1 * c2 + l0 * c3) << 16)
    return (carry + cross) & _M32, low & _M32


def _pieces(c: int) -> tuple[int, int, int, int]:
    """A 64-bit constant's four 16-bit pieces, high first."""
    return (c >> 48) & _M16, (c >> 32) & _M16, (c >> 16) & _M16, c & _M16


_C1: Final = _pieces(0xBF58476D1CE4E5B9)
_C2: Final = _pieces(0x94D049BB133111EB)


def _step_halves(hi: int, lo: int) -> tuple[int, int, int, int]:
    """:func:`next_u64` on halves: ``(value_hi, value_lo, new_hi, new_lo)``."""
    lo += _GAMMA_LO
    hi = (hi + _GAMMA_HI + (lo >> 32)) & _M32
    lo &= _M32
    a3, a2, a1, a0 = _C1
    b3, b2, b1, b0 = _C2
    # z ^ (z >> 30), times the first constant; z ^ (z >> 27), times the second
    zh, zl = _mul_halves(hi ^ (hi >> 30), lo ^ (lo >> 30) ^ ((hi << 2) & _M32), a3, a2, a1, a0)
    zh, zl = _mul_halves(zh ^ (zh >> 27), zl ^ (zl >> 27) ^ ((zh << 5) & _M32), b3, b2, b1, b0)
    return zh ^ (zh >> 31), zl ^ (zl >> 31) ^ ((zh << 1) & _M32), hi, lo


def _below_halves(vh: int, vl: int, n: int) -> int:
    """``(v * n) >> 64`` for ``v`` given as halves and ``0 < n < 2**14``, from 16-bit pieces
    of ``v`` so that every product stays below 2**30 (nested floors of divisions compose
    exactly)."""
    below32 = ((vl >> 16) * n + (((vl & _M16) * n) >> 16)) >> 16  # (vl * n) >> 32
    return (((vh >> 16) * n << 16) + (vh & _M16) * n + below32) >> 32


def weighted(state: int, weights: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """An index chosen with probability proportional to ``weights`` (non-negative ints)."""
    total = sum(weights)
    x, state = below(state, total)
    for i, w in enumerate(weights):
        if x < w:
            return i, state
        x -= w
    raise ValueError("weights must have a positive sum")
