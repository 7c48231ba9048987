"""One part of an extended ruleset's board or deal table changed, the others kept (issue 24).

Restating ``board:`` with one line replaces the whole board; ``box 7D: stake 10`` changes
that box alone.  A restatement that drops parts of the parent's is warned about
(``dropped-parts``), and a number of deals that an inherited end on a shortfall cuts
short is too (``unreachable-length``).  Expected values are fr-sheet's own clauses.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.core.diagnostics import Diagnostic
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.compiler import check_file

HEAD = 'ruleset house-x\ntitle "Our table"\nperiod "house"\nextends fr-sheet\n'
FR_SHEET_BOARD = [("10D", 1), ("JC", 2), ("QS", 3), ("KH", 4), ("7D", 5)]


def _check(tmp_path: Path, body: str, head: str = HEAD
           ) -> tuple[r.Ruleset | None, list[Diagnostic]]:
    path = tmp_path / "house-x.nj"
    path.write_text(head + body, encoding="utf-8")
    return check_file(str(path))


def _codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.kind for d in diagnostics]


def test_one_box_changed_keeps_the_other_boxes_their_names_and_order(tmp_path: Path) -> None:
    rs, found = _check(tmp_path, 'box 7D: stake 10   [house "a richer dwarf"]\n')
    assert rs is not None and found == []
    stakes = [(b.card.code, b.stake) for b in rs.board.boxes]
    assert stakes == [*FR_SHEET_BOARD[:4], ("7D", 10)]
    assert rs.board.box(parse_card("7D")).name == "the yellow dwarf"
    assert rs.board.origin == r.Origin(r.OriginKind.HOUSE, reason="a richer dwarf")


def test_a_named_box_is_added_or_renamed(tmp_path: Path) -> None:
    rs, found = _check(tmp_path, 'box 9S "the nine": stake 2   [house "a sixth box"]\n'
                                 'box KH "the old king": stake 4   [house "its old name"]\n')
    assert rs is not None and found == []
    assert [b.card.code for b in rs.board.boxes] == ["10D", "JC", "QS", "KH", "7D", "9S"]
    assert rs.board.box(parse_card("KH")).name == "the old king"
    # two changes of one board keep both reasons
    assert rs.board.origin.reason == "a sixth box; its old name"


def test_a_box_without_a_name_must_exist(tmp_path: Path) -> None:
    rs, found = _check(tmp_path, 'box 9S: stake 2   [house "a sixth box"]\n')
    assert rs is None and _codes(found) == ["nothing-to-change"]
    assert (found[0].line, found[0].column) == (5, 1)
    assert 'box 9S "its name": stake 2' in found[0].hint


def test_one_deal_row_changed_or_added_keeps_the_others(tmp_path: Path) -> None:
    rs, found = _check(tmp_path, 'deal 3 players: 12 cards each, talon 16   [house "x"]\n')
    assert rs is not None and found == []
    rows = [(row.players, row.cards_each, row.talon) for row in rs.deal_table.rows]
    assert rows == [(3, 12, 16), (4, 12, None), (5, 9, None), (6, 8, None), (7, 7, None),
                    (8, 6, None)]


def test_a_part_change_of_a_clause_the_file_restates_is_refused(tmp_path: Path) -> None:
    body = ('board:   [house "x"]\n    7D "the dwarf": stake 5\n'
            'box 7D: stake 10   [house "y"]\n')
    rs, found = _check(tmp_path, body)
    assert rs is None and "duplicate-clause" in _codes(found)


def test_a_part_change_needs_a_clause_to_change(tmp_path: Path) -> None:
    standalone = (tmp_path / "plain.nj")
    text = (Path(__file__).parents[2] / "rules" / "fr-sheet.nj").read_text(encoding="utf-8")
    cut = text.index("board:")
    end = text.index("stakes:")
    standalone.write_text(text[:cut] + 'box 7D: stake 10   [house "x"]\n' + text[end:]
                          .replace("ruleset fr-sheet", "ruleset plain"), encoding="utf-8")
    _, found = check_file(str(standalone))
    assert "nothing-to-change" in _codes(found)


def test_a_board_restated_with_one_box_warns_naming_the_dropped_boxes(tmp_path: Path) -> None:
    body = 'board:   [house "the dwarf at 10"]\n    7D "the yellow dwarf": stake 10\n'
    rs, found = _check(tmp_path, body)
    assert rs is not None and _codes(found) == ["dropped-parts"]
    assert "10D, JC, QS and KH are dropped" in found[0].message
    assert "1 box (7D)" in found[0].message
    assert found[0].hint.endswith("box 7D: stake 10")


def test_a_board_restated_with_every_box_is_not_warned(tmp_path: Path) -> None:
    boxes = "".join(f'    {card} "box {card}": stake {stake}\n' for card, stake in
                    FR_SHEET_BOARD)
    rs, found = _check(tmp_path, 'board:   [house "names of our own"]\n' + boxes)
    assert rs is not None and found == []


def test_deal_rows_dropped_with_their_player_counts_are_not_warned(tmp_path: Path) -> None:
    body = ('players: 4   [house "four at our table"]\n'
            'deal:   [house "x"]\n    4 players: 11 cards each\n')
    rs, found = _check(tmp_path, body)
    assert rs is not None and found == []


@pytest.mark.parametrize(("body", "expected"), [
    # the trap: a stated length, the parent's end on a shortfall inherited
    ('game ends: after 10 deals   [house "x"]\n', ["dropped-parts", "unreachable-length"]),
    ('game ends: after 10 deals or when a player cannot stake   [house "x"]\n',
     ["unreachable-length"]),
    # the fix the hint gives
    ('game ends: after 10 deals or when a player cannot stake   [house "x"]\n'
     'cannot pay in full: buys counters from the bank   [house "y"]\n', []),
    # enough tokens for the stakes of ten deals twice over: the length is usually reached
    # (100 of 100 simulated games from 1000 tokens)
    ('game ends: after 10 deals or when a player cannot stake   [house "x"]\n'
     'starting tokens: 1000   [house "y"]\n', []),
    ('game ends: after 10 deals or when a player cannot stake   [house "x"]\n'
     'starting tokens: 299   [house "y"]\n', ["unreachable-length"]),
    # both stated in the file: meant together
    ('game ends: after 10 deals or when a player cannot stake   [house "x"]\n'
     'cannot pay in full: pays what they have and the game ends   [house "y"]\n', []),
])
def test_a_length_an_inherited_shortfall_cuts_short_is_warned(
        tmp_path: Path, body: str, expected: list[str]) -> None:
    rs, found = _check(tmp_path, body)
    assert rs is not None and _codes(found) == expected
    for d in found:
        if d.kind == "unreachable-length":
            assert "(from fr-sheet)" in d.message and d.line == 5
            assert "stakes 150 over them" in d.message
            assert "cannot pay in full: buys counters from the bank" in d.hint
