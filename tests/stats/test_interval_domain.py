"""Intervals stay in the figure's domain (issue 20, cosmetic): a mean of counts never
reaches below 0, and deals per game never below the fewest deals a game can have
(1, or 0 when the rules end every game before its first deal)."""

from __future__ import annotations

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.intervals import t_mean, within
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.analysis.sweep_grid import plan


def test_a_t_interval_is_cut_at_the_floor_by_hand() -> None:
    # 1, 1 and 20 deals: mean 22/3, s² = (3·402 − 22²)/(3·2) = 120.33…, t(0.975, 2) = 4.303,
    # half-width 4.303·√(120.33/3) = 27.25: [−19.92, 34.59] uncut
    plain = t_mean(22, 402, 3)
    assert plain.low is not None and plain.low == pytest.approx(-19.92, abs=0.01)
    cut = t_mean(22, 402, 3, floor=1)
    assert (cut.value, cut.low, cut.high) == (plain.value, 1, plain.high)


def test_the_cut_keeps_an_interval_above_the_floor_and_holds_the_mean() -> None:
    assert within(2.5, 4.0, 1) == (2.5, 4.0)
    assert within(-3.0, -1.0, 0) == (0, 0)
    assert within(-3.0, 5.0, None) == (-3.0, 5.0)


def _uncut_low(histogram: dict[int, int]) -> float:
    n = sum(histogram.values())
    total = sum(k * m for k, m in histogram.items())
    squares = sum(k * k * m for k, m in histogram.items())
    low = t_mean(total, squares, n).low
    assert low is not None
    return low


def test_deals_per_game_of_a_few_games_never_go_below_one_deal() -> None:
    ruleset = nainjaune_rules.load_ruleset("fr-sheet")
    reached_below = 0
    for seed in range(8):
        figures = simulate(ruleset, 3, seed=seed)
        est = figures.get("length.deals_per_game")
        assert est is not None and est.low is not None and est.high is not None
        assert min(figures.deals_histogram) >= 1 and est.low >= 1, (seed, est)
        assert est.low <= est.value <= est.high
        reached_below += _uncut_low(figures.deals_histogram) < 1
        for row in figures.rows().values():  # the other means of counts stay ≥ 0
            if row.estimate.low is not None and ".net." not in row.key:
                assert row.estimate.low >= 0, row
    assert reached_below  # some of these runs did reach below 1 before the cut


def test_games_that_end_before_their_first_deal_have_a_floor_of_zero() -> None:
    # fr-sheet ends the game when a player cannot stake: with 1 token, before any deal
    (( _values, ruleset),) = plan("fr-sheet", {}, ["starting tokens=1"]).points
    figures = simulate(ruleset, 4, seed=0)
    est = figures.get("length.deals_per_game")
    assert figures.deals_histogram == {0: 4}
    assert est is not None and (est.value, est.low, est.high) == (0, 0, 0)
