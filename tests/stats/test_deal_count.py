"""Fixed-length games last their length (issue: the whole game as data).

The 1760 game lasts a fixed number of deals (wiki-ja ¶9), and the 1902, fr-web
and wiki-modern rulesets' default is two deals per player.  With the default
``cannot pay in full: buys counters from the bank``, a ruin no longer cuts a
game short: at least 95% of
300 seeded games must end by their deal count.  And the 1760 ruleset's reason
for its 100 starting tokens quotes a figure from the engine; it must stay true.
"""

from __future__ import annotations

import re

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


def test_the_reading_where_a_ruin_ends_the_game_rarely_reaches_the_count() -> None:
    """The other reading, kept as ``ruin=game-ends``, is why the default changed."""
    results = _games("1760", 3, {"ruin": "game-ends"})
    reached = sum(r.reason.endswith(" deals played") for r in results)
    assert reached < 0.2 * GAMES


@pytest.mark.parametrize("name", ["fr-web", "wiki-modern"])
def test_the_modern_games_where_a_ruin_ends_them_rarely_reach_the_count(name: str) -> None:
    """fr-web and wiki-modern keep the old reading as ``ruin=game-ends``: with it,
    a ruin cuts almost every game short (0% and 3% of 300 games reached 8 deals)."""
    results = _games(name, 4, {"ruin": "game-ends"})
    reached = sum(r.reason.endswith(" deals played") for r in results)
    assert reached < 0.1 * GAMES


def test_the_1760_starting_tokens_reason_states_the_engines_figure() -> None:
    ruleset = load_ruleset("1760")
    reason = ruleset.starting_tokens.origin.reason
    stated = re.search(r"in (\d+)% of them", reason)
    assert stated, reason
    share = sum(any(r.debts) for r in _games("1760", 3)) / GAMES
    assert round(100 * share) == int(stated.group(1))
    assert all(any(r.debts) for r in _games("1760", 5)), "the reason says: in every game with 5"


def test_the_rule_is_told_in_prose_and_in_the_language() -> None:
    from nainjaune_rules.describe.prose import describe
    from nainjaune_rules.model.writer import write_ruleset

    ruleset = load_ruleset("1760")
    told = describe(ruleset.cannot_pay)
    assert "buys the missing counters from the bank" in told.sentence
    assert "cannot pay in full: buys counters from the bank" in write_ruleset(ruleset)
