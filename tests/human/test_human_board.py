"""The human seat with pools tied to no card and trumps turned up (issue #22, items 3, 6):
the table it shows names the pools and the trump suit."""

from __future__ import annotations

from pathlib import Path

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game
from nainjaune_rules.players.human_view import CardStyle, board_text, situation

FIXTURE = Path(__file__).parents[1] / "engine" / "fixtures" / "board-pools.nj"


def test_the_seat_sees_the_pools_and_the_trumps() -> None:
    game = Game(load_ruleset(str(FIXTURE)), 4, seed=2)
    game.start_deal()
    style = CardStyle()
    board = board_text(game, style)
    assert board.startswith('"Pope" 4 · "Ace" 4')  # four players staked 1 each
    assert '"Matrimony" 8' in board and '"Game" 4' in board
    lines = situation(game, 1, style)
    turned = game.summary.turn_up
    assert turned >= 0
    assert any(line.startswith("  trumps: ") and style.card(turned) in line for line in lines)


def test_an_empty_board_says_so_and_a_plain_ruleset_shows_no_trumps(tmp_path: Path) -> None:
    game = Game(load_ruleset("fr-sheet"), 4, seed=2)
    game.start_deal()
    assert not any("trumps" in line for line in situation(game, 1, CardStyle()))
    empty = tmp_path / "empty-board.nj"
    empty.write_text('ruleset e\ntitle "e"\nperiod "t"\nevidence reconstructed\n'
                     'extends fr-sheet\nboard: none  [house "x"]\n', encoding="utf-8")
    game = Game(load_ruleset(str(empty)), 4, seed=2)
    game.start_deal()
    assert board_text(game, CardStyle()) == "no box"
