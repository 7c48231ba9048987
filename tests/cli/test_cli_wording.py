"""Counts and articles in what the terminal says (``core/wording.py``; issues 24 and 26)."""

from __future__ import annotations

import pytest

from nainjaune_rules.core.wording import article, count, or_list


@pytest.mark.parametrize(("n", "word", "said"), [
    (1, "card", "1 card"), (0, "card", "0 cards"), (2, "card", "2 cards"),
    (1, "box", "1 box"), (5, "box", "5 boxes"), (1, "token", "1 token"),
    (1, "counter", "1 counter"), (12, "counter", "12 counters"),
])
def test_count(n: int, word: str, said: str) -> None:
    assert count(n, word) == said


@pytest.mark.parametrize(("word", "art"), [
    # as said aloud: "an eight", "an eleven", "an eighteen", "an eighty", "an ace", "an A"
    ("8", "an"), ("11", "an"), ("18", "an"), ("80", "an"), ("1800", "an"),
    ("7", "a"), ("10", "a"), ("1", "a"), ("110", "a"), ("180", "a"),
    ("A", "an"), ("J", "a"), ("Q", "a"), ("K", "a"), ("ace", "an"), ("king", "a"),
    ("eight", "an"), ("queen", "a"),
])
def test_article(word: str, art: str) -> None:
    assert article(word) == art


def test_or_list() -> None:
    assert or_list([]) == ""
    assert or_list(["3"]) == "3"
    assert or_list(["3", "5"]) == "3 or 5"
    assert or_list(["3", "4", "5"]) == "3, 4 or 5"
