"""The purse check (Purses.problem) reads each purse's integer: it catches what the counts show.

Expected results are invariants: the tokens of every seat and box are worth its balance,
and each kind of token is conserved; a violation is caught by the check that follows it.
A purse tampered with is given its new counts (``set_purse``: its integer packed again).
"""

from __future__ import annotations

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game
from nainjaune_rules.engine.purses import BOX, Purses
from nainjaune_rules.model.rules import ChangeRule
from nainjaune_rules.players.random_bot import RandomPlayer

CZ = (5, 4, 3, 2, 1)
START = (3, 3, 3, 3, 7)  # cz-box ¶5-10: worth 49


def _purses() -> Purses:
    purses = Purses(CZ, START, 2, 2, ChangeRule.BETWEEN_PLAYERS)
    assert purses.problem([49, 49], [0, 0]) is None
    return purses


def test_a_payment_then_a_token_split_in_the_payee_purse_is_caught() -> None:
    purses = _purses()
    assert purses.pay(0, 1, 9, False, list, lambda *a: None) == 9
    _split_a_five(purses, 1)  # worth the same, kinds not conserved
    problem = purses.problem([40, 58], [0, 0])
    assert problem is not None and "not conserved" in problem


def test_a_token_split_in_a_box_staked_into_is_caught() -> None:
    purses = _purses()
    assert purses.pay_exact(0, BOX - 1, 3)
    assert purses.boxes[1] == [0, 0, 1, 0, 0]
    purses.set_purse(BOX - 1, [0, 0, 0, 1, 1])  # the 3 became a 2 and a 1: worth the same
    problem = purses.problem([46, 49], [0, 3])
    assert problem is not None and "not conserved" in problem


def test_a_token_split_in_a_purse_staked_from_is_caught() -> None:
    purses = _purses()
    assert purses.stake(1, (1, 2)) == 2
    _split_a_five(purses, 1)
    problem = purses.problem([49, 46], [1, 2])
    assert problem is not None and "not conserved" in problem


def test_a_balance_moved_without_tokens_is_caught_though_no_purse_moved() -> None:
    # the ledger's mistake (seat 1 credited, no token moved): every worth is compared
    purses = _purses()
    problem = purses.problem([49, 50], [0, 0])
    assert problem == "the tokens of seat 1 are worth 49, its balance is 50"


def test_a_negative_count_is_said() -> None:
    purses = _purses()
    purses.pay(0, 1, 1, True, list, lambda *a: None)
    purse = purses.purse(0)
    purse[3] -= 4  # four tokens of 2 taken from a purse that had three
    purses.set_purse(0, purse)
    problem = purses.problem([48, 50], [0, 0])
    assert problem is not None and "negative count" in problem


def test_change_from_the_bank_and_counters_bought_keep_the_count_right() -> None:
    purses = Purses(CZ, START, 2, 1, ChangeRule.FROM_THE_BANK)
    purses.seats = [[1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    purses.kinds = [1, 0, 0, 0, 0]
    assert purses.problem([5, 0], [0], everyone=True) is None
    assert purses.pay(0, 1, 3, True, list, lambda *a: None) == 3  # the bank changes the 5
    purses.buy(1, 2)
    assert purses.problem([2, 5], [0]) is None
    assert purses.kinds == [0, 0, 0, 0, 7]


def test_each_purse_integer_is_worth_its_counts_after_whole_games() -> None:
    # every move was checked (or the game would have stopped): the worth each integer
    # carried along with its tokens is still what its counts are worth, and the counts
    # of every purse add up to the tokens in play
    rs = load_ruleset("cz-box")
    for seed in range(4):
        game = Game(rs, 4, seed)
        result = game.play([RandomPlayer() for _ in range(4)])
        purses = game.purses
        assert purses is not None
        assert purses.problem(result.balances, game.board, everyone=True) is None
        for who in [*range(4), *(BOX - b for b in range(len(game.board)))]:
            assert purses.held[purses._holder(who)] >> purses._worth_at == purses.total(who)
        assert [sum(kind) for kind in zip(*purses.seats, *purses.boxes, strict=True)] == \
            purses.kinds


def _split_a_five(purses: Purses, seat: int) -> None:
    """A token of 5 becomes five tokens of 1 in ``seat``'s purse: worth the same."""
    purse = purses.purse(seat)
    purse[0] -= 1
    purse[4] += 5
    purses.set_purse(seat, purse)
