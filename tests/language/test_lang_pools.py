"""Pools tied to no card, an empty board, trumps and the turn-up (issue #22, items 3, 6):
what the checks say about them, and that ``show`` writes them back."""

from __future__ import annotations

from pathlib import Path

import pytest
from language_support import compile_path

from nainjaune_rules.core.diagnostics import Severity
from nainjaune_rules.model import canonical
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.writer import write_ruleset

HEAD = 'ruleset t\ntitle "t"\nperiod "t"\nevidence reconstructed\nextends fr-sheet\n'
FIXTURE = Path(__file__).parents[1] / "engine" / "fixtures" / "board-pools.nj"


def _diagnostics(tmp_path: Path, body: str) -> list[tuple[str, int, Severity]]:
    path = tmp_path / "t.nj"
    path.write_text(HEAD + body, encoding="utf-8")
    _, found = compile_path(path)
    return [(d.kind.value, d.line, d.severity) for d in found
            if d.file.endswith("t.nj") or d.kind.value == "no-boxes"]


def test_a_pool_reads_and_writes_back(tmp_path: Path) -> None:
    ruleset, found = compile_path(FIXTURE)
    assert ruleset is not None and not found
    assert ruleset.board.boxes == ()
    assert [p.name for p in ruleset.pools][:2] == ["Pope", "Ace"]
    assert ruleset.pools[0].cards == (r.Card(9, 1),) and ruleset.pools[1].trump_ranks == (1,)
    assert ruleset.pools[-1].won_by is r.PoolWin.DEAL_WINNER
    assert ruleset.trumps is not None and ruleset.turn_up_box is not None
    assert r.deal_stakes(ruleset) == 11
    text = write_ruleset(ruleset)
    assert "board: none" in text
    assert 'pool "Matrimony": stake 2, won by a player who plays K and Q of trumps' in text
    again = tmp_path / "again.nj"
    again.write_text(text, encoding="utf-8")
    back, _ = compile_path(again)
    assert back is not None
    assert (back.pools, back.board, back.trumps, back.turn_up_box) == (
        ruleset.pools, ruleset.board, ruleset.trumps, ruleset.turn_up_box)
    assert canonical.from_data(canonical.to_data(ruleset)) == ruleset


@pytest.mark.parametrize(("body", "code", "line"), [
    ('pool "7D": stake 1, won by the deal\'s winner  [house "x"]\n', "bad-pool-name", 6),
    ('pool "": stake 1, won by the deal\'s winner  [house "x"]\n', "bad-pool-name", 6),
    ('pool "M": stake 1, won by a player who plays KD and KD  [house "x"]\n',
     "contradiction", 6),
    ('pool "M": stake 0, won by a player who plays KD and QD  [house "x"]\n',
     "not-positive", 6),
    ('pool "M": stake 1, won by a player who plays K of trumps  [house "x"]\n', "undefined", 6),
    ('when the turn-up is a box card: the dealer takes its box  [house "x"]\n', "undefined", 6),
    ('trumps: the last card dealt is turned up  [house "x"]\n'
     'when the turn-up is 9D: the dealer takes the pool "Game", and each other player pays him '
     '1 per card dealt  [house "x"]\n', "undefined", 7),
    ('pool "G": stake 1, won by the winner of the deal  [house "x"]\n'
     'pool "G": stake 2, won by the deal\'s winner  [house "x"]\n', "duplicate-clause", 7),
])
def test_a_pool_or_a_turn_up_that_cannot_be_played_is_an_error(
        tmp_path: Path, body: str, code: str, line: int) -> None:
    found = _diagnostics(tmp_path, body)
    assert (code, line, Severity.ERROR) in found, found


def test_a_pool_of_a_rank_not_dealt_is_a_warning(tmp_path: Path) -> None:
    body = 'ranks: A 2 3 4 5 6 7 8 9 10 J Q  [house "x"]\n' \
           'pool "M": stake 1, won by a player who plays KD and QD  [house "x"]\n'
    assert ("box-not-dealt", 7, Severity.WARNING) in _diagnostics(tmp_path, body)


def test_an_empty_board_warns_of_the_clauses_about_box_cards(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, 'board: none  [house "x"]\n')
    warnings = [f for f in found if f[0] == "no-boxes"]
    # fr-sheet's announcement, its box taken, its honours doubled, and stakes with nowhere
    # to go: four warnings, and the ruleset still compiles (and plays)
    assert len(warnings) == 4 and all(s is Severity.WARNING for *_, s in warnings)
    found = _diagnostics(tmp_path, 'board: none  [house "x"]\n'
                         'pool "Game": stake 1, won by the deal\'s winner  [house "x"]\n')
    assert len([f for f in found if f[0] == "no-boxes"]) == 3  # the stakes have a pool
