"""The intervals: known quantiles, and the coverage the documentation promises.

The coverage test is a Monte Carlo experiment with a fixed seed: a Bernoulli
source with known p, many samples, and the share of Wilson intervals that
contain p.  The tolerance is derived, not guessed: Wilson's *exact* coverage
for (n, p) is computed from the binomial distribution, the empirical coverage
must be within 4 binomial standard deviations of it, and the exact coverage
itself must be within 2 points of the nominal 95 % (Wilson's known
oscillation for moderate n).
"""

from __future__ import annotations

import math
import random

import pytest

from nainjaune_rules.analysis.intervals import (
    LEVEL,
    Cluster,
    cluster_mean,
    cluster_wilson,
    proportion,
    t_mean,
    t_quantile,
    wilson,
)

REPETITIONS = 2000


def exact_wilson_coverage(n: int, p: float) -> float:
    """P(p ∈ Wilson(K, n)) for K ~ Binomial(n, p), summed exactly."""
    total = 0.0
    for k in range(n + 1):
        low, high = wilson(k, n)
        if low <= p <= high:
            total += math.comb(n, k) * p**k * (1 - p) ** (n - k)
    return total


@pytest.mark.parametrize(("n", "p"), [(50, 0.3), (200, 0.05), (400, 0.5), (100, 0.9)])
def test_wilson_coverage(n: int, p: float) -> None:
    rng = random.Random(f"wilson-{n}-{p}")
    hits = 0
    for _ in range(REPETITIONS):
        k = sum(rng.random() < p for _ in range(n))
        hits += proportion(k, n).contains(p)
    empirical = hits / REPETITIONS
    exact = exact_wilson_coverage(n, p)
    sd = math.sqrt(exact * (1 - exact) / REPETITIONS)
    assert abs(empirical - exact) <= 4 * sd, (empirical, exact, sd)
    assert abs(exact - LEVEL) <= 0.02, exact


def test_wilson_edges() -> None:
    assert wilson(0, 100)[0] == 0.0 and 0 < wilson(0, 100)[1] < 0.05
    assert wilson(100, 100)[1] == 1.0 and 0.95 < wilson(100, 100)[0] < 1
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("df", "expected"), [
    (1, 12.7062047), (3, 3.1824463), (5, 2.5705818), (10, 2.2281389), (16, 2.1199053),
    (30, 2.0422725),
    (100, 1.9839715), (10**6, 1.9599660)])
def test_t_quantile(df: int, expected: float) -> None:
    assert t_quantile(df) == pytest.approx(expected, abs=1e-6)


def test_t_mean_matches_the_textbook() -> None:
    xs = [3, 5, 4, 8, 10, 2]
    est = t_mean(sum(xs), sum(x * x for x in xs), len(xs))
    mean = sum(xs) / len(xs)
    s = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    half = 2.5705818 * s / math.sqrt(len(xs))
    assert est.value == pytest.approx(mean)
    assert est.low == pytest.approx(mean - half, abs=1e-4)
    assert est.high == pytest.approx(mean + half, abs=1e-4)


def test_one_deal_per_game_reduces_to_the_plain_intervals() -> None:
    rng = random.Random(7)
    xs = [rng.randrange(20) for _ in range(300)]
    c = Cluster()
    for x in xs:
        c.add_game([x])
    plain = t_mean(sum(xs), sum(x * x for x in xs), len(xs))
    clustered = cluster_mean(c)
    assert clustered.low == pytest.approx(plain.low) and clustered.high == pytest.approx(plain.high)


def test_cluster_mean_covers_under_within_game_correlation() -> None:
    """Deals of a game share a game effect: the cluster interval keeps its coverage."""
    rng = random.Random("cluster")
    true_mean, hits, reps = 10.0, 0, 400
    for _ in range(reps):
        c = Cluster()
        for _game in range(60):
            effect = rng.gauss(0, 3)  # strong correlation between deals of one game
            c.add_game([round(true_mean + effect + rng.gauss(0, 1))
                        for _ in range(rng.randrange(1, 6))])
        hits += cluster_mean(c).contains(true_mean)
    coverage = hits / reps
    sd = math.sqrt(0.95 * 0.05 / reps)
    # rounding to integers biases nothing here (symmetric); t with 59 df is near exact
    assert abs(coverage - 0.95) <= 4 * sd + 0.01, coverage


def test_cluster_wilson_widens_for_correlated_deals() -> None:
    independent, correlated = Cluster(), Cluster()
    rng = random.Random(3)
    for _ in range(200):
        independent.add_game([int(rng.random() < 0.3) for _ in range(4)])
        flag = int(rng.random() < 0.3)
        correlated.add_game([flag] * 4)  # every deal of a game alike: 200 effective units
    a, b = cluster_wilson(independent), cluster_wilson(correlated)
    assert a.high is not None and a.low is not None and b.high is not None and b.low is not None
    assert b.high - b.low > 1.6 * (a.high - a.low)


# ---- cross-checks against scipy (an independent implementation) ---------------------------


@pytest.mark.parametrize("n", [1, 2, 5, 17, 50, 333, 1000])
def test_wilson_matches_scipy(n: int) -> None:
    stats = pytest.importorskip("scipy.stats")
    for k in sorted({0, 1, n // 7, n // 2, n - 1, n}):
        ci = stats.binomtest(k, n).proportion_ci(confidence_level=LEVEL, method="wilson")
        assert wilson(k, n) == pytest.approx((ci.low, ci.high), abs=1e-12), (k, n)


def test_t_quantile_matches_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    # the docstring promises an error below 1e-6 at every df (tabulated up to 15)
    for df in [*range(1, 200), 250, 500, 1000, 10**4, 10**6]:
        assert t_quantile(df) == pytest.approx(stats.t.ppf(0.5 + LEVEL / 2, df), abs=1e-6), df


@pytest.mark.parametrize("n", [2, 3, 8, 30, 400])
def test_t_mean_matches_scipy(n: int) -> None:
    stats = pytest.importorskip("scipy.stats")
    rng = random.Random(f"t-{n}")
    xs = [rng.randrange(-5, 40) for _ in range(n)]
    if len(set(xs)) == 1:
        xs[0] += 1  # scipy's interval is undefined for a zero spread
    est = t_mean(sum(xs), sum(x * x for x in xs), n)
    low, high = stats.t.interval(LEVEL, n - 1, loc=stats.tmean(xs), scale=stats.sem(xs))
    assert est.value == pytest.approx(sum(xs) / n, rel=1e-12)
    assert (est.low, est.high) == pytest.approx((low, high), abs=1e-6 * (high - low))
