"""Fixed-length games last their length (issue: the whole game as data).

The 1760 game lasts a fixed number of deals (wiki-ja ¶9), and the 1902, fr-web
and wiki-modern rulesets' default is two deals per player.  With the default
``cannot pay in full: buys counters from the bank``, a ruin no longer cuts a
game short: at least 95% of
300 seeded games must end by their deal count.  For 1760 and 1902 that length must
not be the bank's doing (issue 23): their purses are chosen so that fewer than 5% of
games buy counters, and the purse's reason quotes the sweep that chose it; it must
stay true.
"""

from __future__ import annotations

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine.game import Game
from nainjaune_rules.players import make_player

GAMES = 300


def _games(name: str, players: int, options: dict[str, str] | None = None) -> list:
    ruleset = load_ruleset(name, options)
    return [Game(ruleset, players, seed, record=False).play(
        [make_player("lowest") for _ in range(players)]) for seed in range(GAMES)]


@pytest.mark.parametrize(("name", "players"), [("1760", 3), ("1760", 5), ("1902", 4),
                                               ("fr-web", 4), ("wiki-modern", 4)])
def test_fixed_length_games_reach_their_deal_count(name: str, players: int) -> None:
    results = _games(name, players)
    reached = sum(r.reason.endswith(" deals played") for r in results)
    assert reached >= 0.95 * GAMES, f"{name}: {reached} of {GAMES} games reached their length"


@pytest.mark.parametrize(("name", "players"), [("1760", 3), ("1760", 5), ("1902", 4),
                                               ("1902", 5)])
def test_the_purse_alone_lets_the_stated_length_hold(name: str, players: int) -> None:
    """Issue 23: the purse is chosen so that the bank is a fallback, not what carries the
    length: fewer than 5% of games buy from it, and with ``ruin=game-ends`` (no bank) at
    least 95% of games still reach their count."""
    bought = sum(any(r.debts) for r in _games(name, players))
    assert bought < 0.05 * GAMES, f"{name}/{players}: {bought} of {GAMES} games bought"
    results = _games(name, players, {"ruin": "game-ends"})
    reached = sum(r.reason.endswith(" deals played") for r in results)
    assert reached >= 0.95 * GAMES, f"{name}/{players}: {reached} of {GAMES} games"


@pytest.mark.parametrize("name", ["fr-web", "wiki-modern"])
def test_the_modern_games_where_a_ruin_ends_them_rarely_reach_the_count(name: str) -> None:
    """fr-web and wiki-modern keep the old reading as ``ruin=game-ends``: with it,
    a ruin cuts almost every game short (0% and 3% of 300 games reached 8 deals)."""
    results = _games(name, 4, {"ruin": "game-ends"})
    reached = sum(r.reason.endswith(" deals played") for r in results)
    assert reached < 0.1 * GAMES


#: the sweep each purse's reason quotes: its shares of games buying from the bank, by table
#: size, at 500 games, seed 0 (``nainjaune sweep NAME --players P --vary 'starting
#: tokens=…' --games 500 --figure bank.games_buying``)
STATED = {"1760": {3: "0.2%", 5: "1.8%"}, "1902": {4: "0.6%", 5: "3.0%"}}


@pytest.mark.parametrize("name", sorted(STATED))
def test_the_purse_reason_states_the_sweeps_figures(name: str) -> None:
    from nainjaune_rules.analysis.simulation import simulate

    ruleset = load_ruleset(name)
    reason = ruleset.starting_tokens.origin.reason
    assert f"{ruleset.starting_tokens.count} is the smallest purse of a sweep" in reason
    for players, share in STATED[name].items():
        assert share in reason, (share, reason)
        figures = simulate(ruleset, 500, players=players, seed=0)
        buying = figures.get("bank.games_buying")
        assert buying is not None and f"{100 * buying.value:.1f}%" == share
        assert buying.high is not None and buying.high < 0.05  # the whole interval


def test_the_rule_is_told_in_prose_and_in_the_language() -> None:
    from nainjaune_rules.describe.prose import describe
    from nainjaune_rules.model.writer import write_ruleset

    ruleset = load_ruleset("1760")
    told = describe(ruleset.cannot_pay)
    assert "buys the missing counters from the bank" in told.sentence
    assert "cannot pay in full: buys counters from the bank" in write_ruleset(ruleset)
