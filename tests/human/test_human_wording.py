"""Counts and articles in what the human seat and the narration say (issues 24 and 26)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.engine import Game
from nainjaune_rules.players.human_view import CardStyle, run_needs, situation
from nainjaune_rules.records.narrate import Narrator


@pytest.mark.parametrize(("code", "said"), [
    ("8H", "an 8, any suit"), ("AC", "an A, any suit"), ("7S", "a 7, any suit"),
    ("JD", "a J, any suit"), ("10C", "a 10, any suit"),
])
def test_what_a_run_in_any_suit_needs_has_the_right_article(code: str, said: str) -> None:
    # "it needs a 8" read wrong: "an 8" as said aloud ("an eight"), "an A" ("an ay")
    game = SimpleNamespace(needed=lambda: [parse_card(code)], t=SimpleNamespace(same_suit=False))
    assert run_needs(game, CardStyle()) == said  # type: ignore[arg-type]


def test_the_table_counts_one_card_and_one_token_in_the_singular() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, seed=1)
    game.start_deal()
    seat = game.turn
    other = game.seats_from(seat)[1]
    game.hands[other] = 1 << 5  # hand-set: one card left, one token
    game.balances[other] = 1
    game.balances[seat] = 1
    lines = situation(game, seat, CardStyle())
    assert lines[0].startswith("  you: 1 token; ")
    assert f"seat {other}: 1 card, 1 token" in lines[0]
    assert "1 cards" not in lines[0] and "1 tokens" not in lines[0]


def test_the_narration_counts_in_the_singular() -> None:
    narrator = Narrator(["lowest", "greedy"])
    assert narrator.feed({"type": "buy", "seat": 1, "amount": 1}) == [
        "    seat 1 (greedy) buys 1 counter from the bank"]
    assert narrator.feed({"type": "buy", "seat": 1, "amount": 44}) == [
        "    seat 1 (greedy) buys 44 counters from the bank"]


def test_an_announcement_worth_one_token_says_one_token() -> None:
    from nainjaune_rules.players.human_view import announcement_stakes

    game = Game(load_ruleset("fr-sheet"), 4, seed=1)
    qs = parse_card("QS").index  # type: ignore[union-attr]
    game.board[game.t.box_of_card[qs]] = 1  # hand-set: one token in the queen's box
    gains, lost = announcement_stakes(game, qs)
    assert "takes its box (1 token)" in gains
    assert "the box (1 token)" in lost
