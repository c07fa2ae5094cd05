"""Ratings from multi-player games: a Luce choice (Plackett–Luce first place) fit, reported
on the Elo scale with seeded bootstrap intervals, and pairwise "finished ahead" counts.

What this is for: ``pysettlers arena`` turns its games into ratings here.

The model. A CATAN game has one result the rules define: who won ("the first player to
reach 10 victory points ... wins", 5th-edition rules). The other seats' points are not a
finishing order (ties are common, and a player a turn from winning may hold fewer points
than one who is not). So each finished game is read as one *choice* among the seats: an
entrant of strength ``g[i]`` holding ``c[i]`` seats of a table wins it with probability
``c[i] g[i] / sum_j c[j] g[j]`` — the Plackett–Luce model's first stage, which for two
players is Bradley–Terry. The usual simpler reading "the winner beats each of the three
others" counts every 4-player game as three independent results, which it is not, and
makes the intervals too narrow; this model uses each game once.

The fit maximizes the likelihood by Newton's method on ``log g`` (the likelihood is
concave there: Hunter 2004, "MM algorithms for generalized Bradley-Terry models", Ann.
Statist. 32, §5, whose MM algorithm reaches the same point, only much more slowly). A prior
of one virtual win and one virtual loss against a fixed player of strength 1 (``prior=1``)
keeps an entrant that never won at a finite rating; over hundreds of games its pull is
small. Ratings are ``400 log10 g``, shifted so that their mean is 0: on this scale a
100-point gap in a 2-player game is the Elo expectation of 64%.

Intervals are percentile bootstraps over games (resampling whole games, seeded), because
games, not pairwise results, are the independent units. The gap between two entrants gets
its own interval from the same refits (:class:`Gap`), not from their two intervals.

What this is not: no game playing (``arena.py``), no printing, no numpy (the engine and
its tools stay free of heavy dependencies; the fit works on table compositions, of which
a tournament has few, so pure Python is fast).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Composition = tuple[int, ...]
"""How many seats each entrant holds at a table, by entrant index (zeros included)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game as the fit sees it: the table's composition and the winning entrant
    (``None``: nobody won, which says nothing about strength and is left out)."""

    composition: Composition
    winner: int | None


def _aggregate(outcomes: Sequence[Outcome], n: int) -> tuple[list[float], dict[Composition, int]]:
    """Wins by entrant and games by composition: all the fit needs (its sufficient stats)."""
    wins = [0.0] * n
    tables: dict[Composition, int] = {}
    for o in outcomes:
        if o.winner is None:
            continue
        wins[o.winner] += 1
        tables[o.composition] = tables.get(o.composition, 0) + 1
    return wins, tables


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if m[col][col] == 0:
            raise ZeroDivisionError("singular system")
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _loglik(
    theta: Sequence[float],
    wins: Sequence[float],
    items: Sequence[tuple[Composition, int]],
    prior: float,
) -> float:
    ll = sum(w * t for w, t in zip(wins, theta))
    for comp, count in items:
        ll -= count * math.log(sum(c * math.exp(t) for c, t in zip(comp, theta) if c))
    for t in theta:  # one virtual win and one virtual loss against strength 1 (theta 0)
        ll += prior * (t - 2 * math.log1p(math.exp(t)))
    return ll


def _fit_stats(
    wins: Sequence[float],
    tables: dict[Composition, int],
    prior: float,
    tol: float = 1e-9,
    max_iter: int = 100,
) -> list[float]:
    """Strengths ``g`` maximizing the likelihood, by Newton's method on ``log g``.

    The likelihood is concave in ``log g`` (Hunter 2004, §5: it is the generalized
    Bradley–Terry model's), so Newton steps with step halving converge from ``g = 1`` in a
    handful of iterations — Hunter's MM converges to the same point but linearly, about a
    hundred times slower here. With ``prior`` 0 the scale is free: the last entrant is held
    at ``log g = 0`` (the ratings are shifted to mean 0 anyway).
    """
    n = len(wins)
    items = sorted(tables.items())
    free = n if prior > 0 else n - 1
    theta = [0.0] * n
    ll = _loglik(theta, wins, items, prior)
    for _ in range(max_iter):
        grad = [w + 0.0 for w in wins]
        info = [[0.0] * n for _ in range(n)]  # minus the Hessian
        for comp, count in items:
            weights = [c * math.exp(t) for c, t in zip(comp, theta)]
            total = sum(weights)
            pi = [w / total for w in weights]
            for i in range(n):
                if not pi[i]:
                    continue
                grad[i] -= count * pi[i]
                info[i][i] += count * pi[i]
                for j in range(n):
                    info[i][j] -= count * pi[i] * pi[j]
        for i in range(n):
            sig = 1 / (1 + math.exp(-theta[i]))
            grad[i] += prior * (1 - 2 * sig)
            info[i][i] += prior * 2 * sig * (1 - sig)
        try:
            step = _solve([row[:free] for row in info[:free]], grad[:free]) + [0.0] * (n - free)
        except ZeroDivisionError:
            break
        scale = 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step)]
            new_ll = _loglik(trial, wins, items, prior)
            if new_ll >= ll - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta = trial
        done = max((abs(scale * d) for d in step), default=0.0) < tol
        ll = new_ll
        if done:
            break
    return [math.exp(t) for t in theta]


def elo(strengths: Sequence[float]) -> list[float]:
    """Strengths on the Elo scale (``400 log10 g``), shifted to a mean of 0."""
    points = [400 * math.log10(x) if x > 0 else -math.inf for x in strengths]
    finite = [p for p in points if math.isfinite(p)]
    mean = sum(finite) / len(finite) if finite else 0.0
    return [p - mean for p in points]


def fit(outcomes: Sequence[Outcome], n: int, prior: float = 1.0) -> list[float]:
    """Elo-scale ratings (mean 0) of ``n`` entrants from ``outcomes``."""
    wins, tables = _aggregate(outcomes, n)
    return elo(_fit_stats(wins, tables, prior))


@dataclass(frozen=True, slots=True)
class Rating:
    """One entrant's rating and its 95% interval (Elo scale, mean of all ratings 0)."""

    rating: float
    low: float
    high: float


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation between order statistics."""
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


@dataclass(frozen=True, slots=True)
class Gap:
    """How far entrant ``upper`` is rated above entrant ``lower``, with the 95% interval of
    that difference. The interval comes from the same bootstrap refits as the ratings, each
    refit's difference taken within the refit: two ratings' intervals cannot simply be
    combined, because the ratings of one fit move together (they share the games and the
    mean-0 shift)."""

    upper: int
    lower: int
    gap: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Bootstrap:
    """A fit and its bootstrap refits: ``point[i]`` is entrant ``i``'s rating, ``samples[k]``
    the ratings of the ``k``-th refit on games drawn with replacement."""

    point: list[float]
    samples: list[list[float]]

    def _interval(self, upper: int, lower: int | None, centre: float) -> tuple[float, float]:
        """The 95% interval of rating ``upper`` (minus rating ``lower``, if given)."""
        if not self.samples:
            return centre, centre
        s = sorted(r[upper] - (0.0 if lower is None else r[lower]) for r in self.samples)
        return _percentile(s, 0.025), _percentile(s, 0.975)

    def ratings(self) -> list[Rating]:
        """Every entrant's rating with its 95% percentile interval."""
        result = []
        for i, r in enumerate(self.point):
            low, high = self._interval(i, None, r)
            result.append(Rating(r, low, high))
        return result

    def gaps(self, order: Sequence[int] | None = None) -> list[Gap]:
        """The gap between each entrant of ``order`` and the next one in it; by default
        every entrant best first (by rating, ties by index), i.e. each over its neighbour
        below: what a claim such as "each level at least 100 points above the one below"
        needs checked. A gap along a given ``order`` is negative where the later entrant
        is rated higher."""
        if order is None:
            order = sorted(range(len(self.point)), key=lambda i: (-self.point[i], i))
        result = []
        for upper, lower in itertools.pairwise(order):
            gap = self.point[upper] - self.point[lower]
            low, high = self._interval(upper, lower, gap)
            result.append(Gap(upper, lower, gap, low, high))
        return result


def bootstrap(
    outcomes: Sequence[Outcome],
    n: int,
    *,
    seed: int,
    resamples: int = 1000,
    prior: float = 1.0,
) -> Bootstrap:
    """The fit and ``resamples`` refits on games drawn with replacement by a generator seeded
    ``seed`` (so the same games and seed give the same intervals, to the bit)."""
    point = fit(outcomes, n, prior)
    if resamples < 1 or not outcomes:
        return Bootstrap(point, [])
    gen = random.Random(seed)
    m = len(outcomes)
    samples = []
    for _ in range(resamples):
        drawn = [outcomes[gen.randrange(m)] for _ in range(m)]
        samples.append(fit(drawn, n, prior))
    return Bootstrap(point, samples)


def rate(
    outcomes: Sequence[Outcome],
    n: int,
    *,
    seed: int,
    resamples: int = 1000,
    prior: float = 1.0,
) -> list[Rating]:
    """Ratings with 95% percentile-bootstrap intervals (:func:`bootstrap`)."""
    return bootstrap(outcomes, n, seed=seed, resamples=resamples, prior=prior).ratings()


@dataclass(frozen=True, slots=True)
class Pair:
    """Entrant ``a`` against entrant ``b`` over the games where both sat: how often ``a``
    finished ahead (won, or neither won and ``a`` had more points), behind, or level."""

    a: int
    b: int
    games: int
    ahead: int
    behind: int
    level: int

    @property
    def rate(self) -> float | None:
        """``a``'s share, a level finish counting half; ``None`` without games."""
        return (self.ahead + self.level / 2) / self.games if self.games else None


def pairwise(
    seats: Sequence[Sequence[int]],
    winners: Sequence[int | None],
    points: Sequence[Sequence[int]],
    n: int,
) -> list[Pair]:
    """Every ordered pair of distinct entrants. ``seats[t][s]`` is the entrant in seat
    ``s`` of game ``t``, ``winners[t]`` the winning seat (or ``None``), ``points[t][s]``
    that seat's points. An entrant holding several seats is placed by its best seat."""
    counts = {(a, b): [0, 0, 0, 0] for a in range(n) for b in range(n) if a != b}
    for table, winner, pts in zip(seats, winners, points):
        best: dict[int, tuple[int, int]] = {}
        for s, e in enumerate(table):
            key = (1 if s == winner else 0, pts[s])
            if e not in best or key > best[e]:
                best[e] = key
        for a in best:
            for b in best:
                if a == b:
                    continue
                c = counts[(a, b)]
                c[0] += 1
                if best[a] > best[b]:
                    c[1] += 1
                elif best[a] < best[b]:
                    c[2] += 1
                else:
                    c[3] += 1
    return [Pair(a, b, *c) for (a, b), c in sorted(counts.items())]


__all__ = [
    "Bootstrap",
    "Composition",
    "Gap",
    "Outcome",
    "Pair",
    "Rating",
    "bootstrap",
    "elo",
    "fit",
    "pairwise",
    "rate",
]
