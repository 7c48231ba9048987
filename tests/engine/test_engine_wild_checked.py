"""The chief hoc laid out of turn goes through the same checks as any card played:
a card found in two places is caught with that move, in its deal (the checks once
skipped the out-of-turn play, so a deal it ended was never checked)."""

from __future__ import annotations

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.invariants import InvariantError
from nainjaune_rules.engine.table_build import compile_tables


def _game_with_an_open_window(record: bool) -> Game:
    """A 1760 game (the 7D may be laid at any time) stopped where its holder may lay it
    out of turn; every other move is the first legal one."""
    tables = compile_tables(load_ruleset("1760"))
    for seed in range(200):
        game = Game(tables, 3, seed, record=record)
        game.start_deal()
        while game.phase.value < 3 and game.window < 0:  # until a window, or the deal ends
            game.push(game.first_legal_move())
        if game.window >= 0:
            return game
    raise AssertionError("no seeded 1760 deal opened a window for the wild card")


@pytest.mark.parametrize("record", [True, False])
def test_a_wild_card_laid_out_of_turn_is_checked_with_its_move(record: bool) -> None:
    game = _game_with_an_open_window(record)
    wild = game.t.wild
    plays = [m for m in game.legal_moves() if m.card == wild]
    assert plays, game.legal_moves()
    game.talon |= 1 << wild  # the 7D also lies in the talon: one card in two places
    with pytest.raises(InvariantError, match=f"deal 1, seat {game.turn} playing"):
        game.push(plays[0])


def test_a_wild_card_laid_out_of_turn_plays_as_before_when_nothing_is_wrong() -> None:
    game = _game_with_an_open_window(True)
    wild = game.t.wild
    holder = game.turn
    game.push(next(m for m in game.legal_moves() if m.card == wild))
    assert game.played >> wild & 1 and not game.hands[holder] >> wild & 1
    last = game.deal_records[-1]["moves"][-1]
    assert last["events"][0]["out of turn"] is True
