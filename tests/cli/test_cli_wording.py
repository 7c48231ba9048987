"""Counts and articles in what the terminal says (``core/wording.py``; issues 24 and 26)."""

from __future__ import annotations

import pytest

from nainjaune_rules.core.wording import and_list, article, count, or_list


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


def test_and_list() -> None:
    assert and_list(["10D"]) == "10D"
    assert and_list(["10D", "JC", "QS"]) == "10D, JC and QS"


# ---- labels (issue 24, item 5) ------------------------------------------------------

def _ruleset_with_boxes(boxes: int):  # type: ignore[no-untyped-def]
    import dataclasses

    import nainjaune_rules

    rs = nainjaune_rules.load_ruleset("fr-sheet")
    return dataclasses.replace(rs, board=dataclasses.replace(
        rs.board, boxes=rs.board.boxes[-boxes:]))


def test_one_box_and_one_rule_are_singular() -> None:
    import nainjaune_rules
    from nainjaune_rules.describe.prose import describe
    from nainjaune_rules.describe.prose_fr import describe_fr
    from nainjaune_rules.describe.terminal import changes_text

    one = _ruleset_with_boxes(1)
    assert describe(one.board).sentence.startswith("The board has 1 box: the yellow dwarf")
    assert describe_fr(one.board).sentence.startswith("Le tableau a 1 case : ")
    assert describe(_ruleset_with_boxes(2).board).sentence.startswith("The board has 2 boxes")
    text = changes_text(("fr-sheet", nainjaune_rules.load_ruleset("fr-sheet")), ("one", one))
    assert text.startswith("From fr-sheet to one: 1 rule differs (")


def test_a_game_without_options_has_no_empty_parentheses() -> None:
    from nainjaune_rules.records.narrate import opening

    doc = {"ruleset": {"id": "pope-joan", "options": {}}, "players": 4, "seed": 3}
    assert opening(doc) == "Nain Jaune — pope-joan, 4 players, seed 3"
    doc["ruleset"]["options"] = {"payment": "cards"}
    assert opening(doc) == "Nain Jaune — pope-joan (payment=cards), 4 players, seed 3"


def test_a_wild_card_out_of_its_place_is_told_as_one_card() -> None:
    from nainjaune_rules.records.narrate import Narrator

    narrator = Narrator(["a", "b"])
    narrator.feed({"type": "play", "seat": 0, "card": "8C", "said": []})
    narrator.feed({"type": "play", "seat": 0, "card": "9D", "said": ["Comète!"],
                   "stands for": "9"})
    narrator.feed({"type": "play", "seat": 0, "card": "7D", "said": [], "out of turn": True,
                   "stands for": "10"})
    assert narrator.line == ["8", "9♦ (Comète, for the 9)", "7♦ (out of turn, for the 10)"]


@pytest.mark.parametrize(("name", "width", "lines"), [
    ("house/two-player-suits", 13, ["house/two-", "player-suits"]),
    ("/tmp/h24/partial.nj", 13, ["/tmp/h24/", "partial.nj"]),
    ("fr-sheet", 13, ["fr-sheet"]),
    # no place to break: cut, as nothing else fits
    ("abcdefghijklmnopqrstuvwxyz", 10, ["abcdefghij", "klmnopqrst", "uvwxyz"]),
])
def test_compare_headers_wrap_at_word_or_hyphen_boundaries(name: str, width: int,
                                                           lines: list[str]) -> None:
    from nainjaune_rules.describe.terminal import _wrap_name

    assert _wrap_name(name, width) == lines
    assert all(len(line) <= width for line in lines)


def test_compare_prints_whole_name_pieces() -> None:
    import nainjaune_rules
    from nainjaune_rules.describe.terminal import comparison_text

    columns = [(name, nainjaune_rules.load_ruleset(name)) for name in
               ("fr-sheet", "house/two-player-suits", "house/1902-per-card", "1760", "1902")]
    text = comparison_text(columns, only_differences=True)
    header = text.splitlines()[1:3]
    cells = [c.strip() for line in header for c in line.split("|")[1:]]
    assert "house/two-" in cells and "player-suits" in cells, header
