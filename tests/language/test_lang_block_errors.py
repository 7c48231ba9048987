"""Every wrong line of a board or a deal table is reported, not only the first of the block
(issue 24: ``KH QH "Matrimony"`` hid the next box line's error), within the bound of
MAX_PROBLEMS problems a file."""

from __future__ import annotations

from pathlib import Path

from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.syntax.limits import MAX_PROBLEMS

HEAD = 'ruleset house-x\ntitle "Our table"\nperiod "house"\nextends fr-sheet\n\n'


def _found(tmp_path: Path, body: str) -> list[tuple[int, int]]:
    path = tmp_path / "x.nj"
    path.write_text(HEAD + body, encoding="utf-8")
    _, diagnostics = check_file(str(path))
    return [(d.line, d.column) for d in diagnostics]


def test_each_wrong_line_of_a_board_and_a_deal_table_is_reported(tmp_path: Path) -> None:
    body = ('board:                                  [house "our board"]\n'  # line 6
            '    10D "the ten": stake 1\n'
            '    KH QH "Matrimony": stake 4\n'                  # 8: two cards
            '    JC "the jack" stake 2\n'                       # 9: no colon
            '    QS "the queen": stake 3\n'
            '    7D "the dwarf": stake x\n'                     # 11: no number
            'deal:                                   [house "x"]\n'
            '    3 players: 15 cards\n'                         # 13: no "each"
            '    4 players: 12 cards each\n'
            '    5 players 9 cards each\n'                      # 15: no colon
            'starting tokens 100                     [house "x"]\n')  # 16
    assert _found(tmp_path, body) == [(8, 8), (9, 19), (11, 27), (13, 24), (15, 15), (16, 17)]


def test_a_board_of_wrong_lines_stops_at_the_bound(tmp_path: Path) -> None:
    body = 'board:   [house "x"]\n' + '    JC "the jack" stake 2\n' * (MAX_PROBLEMS + 50)
    found = _found(tmp_path, body)
    assert len(found) == MAX_PROBLEMS + 1  # the last says where checking stopped
    assert found[:3] == [(7, 19), (8, 19), (9, 19)]


def test_a_right_board_after_a_wrong_line_adds_nothing(tmp_path: Path) -> None:
    body = ('board:   [house "x"]\n    JC "the jack" stake 2\n    QS "the queen": stake 3\n'
            '    7D "the dwarf": stake 5\n')
    assert _found(tmp_path, body) == [(7, 19)]
