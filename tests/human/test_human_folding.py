"""Terminal lines folded at words, colours whole (``core/terminal_lines.py``; issue 26)."""

from __future__ import annotations

import re

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.terminal_lines import fold, width_of
from nainjaune_rules.engine import Game
from nainjaune_rules.players.human import HumanPlayer
from nainjaune_rules.players.human_view import CardStyle

RED_10D = "\x1b[31m10♦\x1b[0m"
SGR = re.compile(r"\x1b\[[0-9;]*m")


def _words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


def test_width_counts_no_colour_code_and_two_columns_for_a_wide_character() -> None:
    assert width_of(RED_10D) == 3
    assert width_of("Q♠") == 2
    assert width_of("王") == 2


@pytest.mark.parametrize("width", [20, 23, 37, 40, 61, 100])
def test_a_long_line_folds_between_words_only(width: int) -> None:
    line = "  your hand: " + " ".join([RED_10D, "QS", "KH", "dame-qui-prend"] * 12)
    lines = fold(line, width)
    assert len(lines) > 1
    assert all(width_of(part) <= width for part in lines)
    # the words are all there, in order, each whole (a hyphen may end a line: dame- qui-)
    assert "".join(_words(lines)).replace("-", "") == "".join(line.split()).replace("-", "")
    for part in lines:
        assert part.count("\x1b[31m") == part.count("\x1b[0m")  # no colour split
        assert "10♦" in SGR.sub("", part) or "10" not in SGR.sub("", part).split()
    assert all(p.startswith("    ") for p in lines[1:])  # continuation: indented


def test_a_hyphenated_word_breaks_after_its_hyphen() -> None:
    assert fold("the ruleset is fr-sheet-with-house-rules today", 24) == [
        "the ruleset is fr-sheet-", "  with-house-rules today"]


def test_a_word_longer_than_the_width_is_left_whole() -> None:
    long = "x" * 50
    assert fold(f"a {long} b", 30) == ["a", f"  {long}", "  b"]


def test_no_width_or_a_short_line_is_left_as_it_is() -> None:
    line = "  " + "word " * 40
    assert fold(line, None) == [line]
    assert fold("short", 40) == ["short"]


def test_the_human_seat_folds_what_it_tells_to_its_width() -> None:
    # a coloured hand at 40 columns: before, the seat printed 100-column lines whole and
    # the terminal cut them mid-word ("10" on one line, "♦" on the next)
    told: list[str] = []
    game = Game(load_ruleset("fr-sheet"), 3, seed=2)
    human = HumanPlayer(ask=lambda _: "quit", tell=told.append,
                        style=CardStyle(symbols=True, colour=True), width=40)
    human.begin(game, 0)
    game.start_deal()
    human.show(game, game.legal_moves())
    assert told and all(width_of(line) <= 40 for line in told)
    hand = [line for line in told if "your hand:" in line][0]
    assert hand.split(":")[1].split()  # the hand line keeps its cards
    after = told[told.index(hand) + 1]  # the rest of the hand, on a continuation line
    assert after.startswith("    ") and any(s in after for s in "♣♦♥♠"), after
