"""95 % confidence intervals, in pure Python (no numpy/scipy needed at run time).

Three estimators, and why each:

- **Proportions over independent units** (games): the Wilson score interval
  (:func:`wilson`).  Unlike the textbook Wald interval it keeps close to its
  nominal 95 % coverage for small samples and for rates near 0 or 1 (an opéra
  that fires in 2 deals out of 500 gets a sensible, asymmetric interval, never
  a negative lower bound).
- **Means over independent units** (games): Student's t interval
  (:func:`t_mean`), mean ± t(0.975, n-1)·s/√n, cut to the figure's domain
  when the caller knows its smallest value (:func:`within`: no count below 0,
  no game shorter than it can be).
- **Figures per deal**: deals of one game are *not* independent (the board and
  the balances carry over from deal to deal), so treating 3,000 deals from
  1,000 games as 3,000 independent draws would give intervals too narrow.  The
  deal-level mean is a ratio estimator Σx/Σn over games, and its variance is
  the cluster-robust ("sandwich") one with games as clusters
  (:func:`cluster_mean`); a deal-level proportion uses the Wilson interval on
  the *effective* sample size n/deff, where the design effect deff is the
  ratio of that cluster variance to the binomial one (floored at 1 so the
  correction never narrows an interval) (:func:`cluster_wilson`).  When each
  game is one deal this reduces to the plain estimators.

Every accumulator behind these functions holds exact integers, so the
figures do not depend on the order games were added in (see :mod:`.tally`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

#: the confidence level of every interval in this package
LEVEL = 0.95
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.959963984540054

# t(0.975, df) for small df, where the Cornish-Fisher expansion below is not exact enough
_T_SMALL = {1: 12.706204736, 2: 4.30265273, 3: 3.182446305, 4: 2.776445105, 5: 2.570581836,
            6: 2.446911851, 7: 2.364624252, 8: 2.306004135, 9: 2.262157163, 10: 2.228138852,
            11: 2.20098516, 12: 2.17881283, 13: 2.160368656, 14: 2.144786688, 15: 2.131449546}


def t_quantile(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom.

    Tabulated values for df ≤ 15, then the Cornish-Fisher expansion around
    the normal quantile (error below 1e-6 from df = 16 on, far under what
    matters for an interval's half-width).
    """
    if df < 1:
        return math.inf
    if df in _T_SMALL:
        return _T_SMALL[df]
    z, v = Z, float(df)
    return (z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
            + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4))


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95 % interval; ``low``/``high`` are None when undefined."""

    value: float
    low: float | None
    high: float | None
    n: int  # the units the estimate is over (games or deals)
    method: str  # "wilson", "wilson/cluster", "t", "t/cluster"

    def contains(self, x: float) -> bool:
        return self.low is not None and self.high is not None and self.low <= x <= self.high


def wilson(successes: float, n: float) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (n may be an effective size)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = Z * Z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z / denom * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return (max(0.0, centre - half), min(1.0, centre + half))


def proportion(successes: int, n: int) -> Estimate:
    """A proportion over independent units, with its Wilson interval."""
    low, high = wilson(successes, n)
    return Estimate(successes / n if n else 0.0, low, high, n, "wilson")


def within(low: float, high: float, floor: float | None) -> tuple[float, float]:
    """An interval cut to the figure's domain: no value below ``floor`` (None: no bound)
    can be the mean of values that are all at least ``floor``, so a t interval reaching
    below it (a few games, a wide spread: ``[-2.41, 21.07]`` deals per game) says nothing
    more than ``[floor, high]``.  The cut only removes impossible values; the interval
    still holds the mean."""
    if floor is None:
        return low, high
    return max(low, floor), max(high, floor)


def t_mean(total: int, squares: int, n: int, floor: float | None = None) -> Estimate:
    """The mean of n independent values given their sum and sum of squares (Student's t);
    ``floor``: the smallest value each can take, below which the interval is cut."""
    if n == 0:
        return Estimate(0.0, None, None, 0, "t")
    mean = total / n
    if n < 2:
        return Estimate(mean, None, None, n, "t")
    # exact integer arithmetic for the sum of squared deviations: n·Σx² − (Σx)²
    var = (n * squares - total * total) / (n * (n - 1))
    half = t_quantile(n - 1) * math.sqrt(max(var, 0.0) / n)
    low, high = within(mean - half, mean + half, floor)
    return Estimate(mean, low, high, n, "t")


@dataclass
class Cluster:
    """Sums for a per-deal figure x over games (clusters), all exact integers.

    For game g with n_g deals and S_g = Σ x over its deals: ``deals`` = Σ n_g,
    ``total`` = Σ S_g, ``ss`` = Σ S_g², ``sn`` = Σ S_g·n_g, ``nn`` = Σ n_g²,
    ``games`` counts the games that had at least one deal.
    """

    games: int = 0
    deals: int = 0
    total: int = 0
    ss: int = 0
    sn: int = 0
    nn: int = 0

    def add_game(self, values: Sequence[int]) -> None:
        if not values:
            return
        s, n = sum(values), len(values)
        self.games += 1
        self.deals += n
        self.total += s
        self.ss += s * s
        self.sn += s * n
        self.nn += n * n

    def merge(self, other: Cluster) -> None:
        self.games += other.games
        self.deals += other.deals
        self.total += other.total
        self.ss += other.ss
        self.sn += other.sn
        self.nn += other.nn

    def variance_of_mean(self) -> float | None:
        """The cluster-robust variance of the ratio mean Σx/Σn (None with fewer than 2 games)."""
        g, n = self.games, self.deals
        if g < 2 or n == 0:
            return None
        # Σ (S_g − m·n_g)² with m = T/N, multiplied through by N² to stay in integers
        t = self.total
        dev = self.ss * n * n - 2 * t * self.sn * n + t * t * self.nn
        return g / (g - 1) * max(dev, 0) / (n**4)


def cluster_mean(c: Cluster, floor: float | None = None) -> Estimate:
    """A per-deal mean with games as clusters (t interval with games−1 degrees of freedom);
    ``floor``: the smallest value a deal's figure can take, below which the interval is cut."""
    if c.deals == 0:
        return Estimate(0.0, None, None, 0, "t/cluster")
    mean = c.total / c.deals
    var = c.variance_of_mean()
    if var is None:
        return Estimate(mean, None, None, c.deals, "t/cluster")
    half = t_quantile(c.games - 1) * math.sqrt(var)
    low, high = within(mean - half, mean + half, floor)
    return Estimate(mean, low, high, c.deals, "t/cluster")


def cluster_wilson(c: Cluster) -> Estimate:
    """A per-deal proportion (x ∈ {0, 1}): Wilson on the effective size n / deff."""
    n = c.deals
    if n == 0:
        return Estimate(0.0, None, None, 0, "wilson/cluster")
    p = c.total / n
    var = c.variance_of_mean()
    n_eff = float(n)
    if var is not None and 0 < p < 1:
        deff = var / (p * (1 - p) / n)
        n_eff = n / max(1.0, deff)
    low, high = wilson(p * n_eff, n_eff)
    return Estimate(p, low, high, n, "wilson/cluster")
