"""Tokens by value (engine/purses.py): exact payments, change, and what cannot be paid.

Expected results are worked by hand (kinds of token listed largest first) or are
invariants (the tokens of every seat and box are worth its balance).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from tampering_seat import TamperingSeat, in_purse

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game, InvariantError
from nainjaune_rules.engine.purses import BOX, Purses
from nainjaune_rules.model.rules import ChangeRule
from nainjaune_rules.players.lowest import LowestPlayer
from nainjaune_rules.players.random_bot import RandomPlayer

CZ = (5, 4, 3, 2, 1)


def _purses(change: ChangeRule | None, *seats: list[int]) -> tuple[Purses, list[tuple]]:
    purses = Purses(CZ, (0, 0, 0, 0, 0), len(seats), 1, change)
    purses.seats = [list(s) for s in seats]
    said: list[tuple] = []
    return purses, said


def test_an_amount_is_paid_exactly_largest_tokens_first() -> None:
    purses, said = _purses(ChangeRule.NONE, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0])
    assert purses.pay(0, 1, 9, False, lambda: [1], lambda *a: said.append(a)) == 9
    assert purses.seats == [[0, 0, 1, 1, 1], [1, 1, 0, 0, 0]]  # 5 + 4
    assert not said


def test_an_exact_sum_is_found_when_largest_first_fails() -> None:
    # 6 from a 5, a 3 and a 3: largest first takes the 5 and is stuck; 3 + 3 pays
    purses, _said = _purses(ChangeRule.NONE, [1, 0, 2, 0, 0], [0, 0, 0, 0, 0])
    assert purses.pay(0, 1, 6, False, lambda: [1], lambda *a: None) == 6
    assert purses.seats[0] == [1, 0, 0, 0, 0]


def test_without_change_only_what_can_be_paid_exactly_is_paid() -> None:
    purses, said = _purses(ChangeRule.NONE, [1, 0, 0, 0, 1], [0, 0, 0, 0, 9])
    # only its one token of 1 is paid
    assert purses.pay(0, 1, 3, True, lambda: [1], lambda *a: said.append(a)) == 1
    assert not said


def test_the_bank_changes_a_token_for_tokens_of_1() -> None:
    purses, said = _purses(ChangeRule.FROM_THE_BANK, [1, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    assert purses.pay(0, 1, 3, True, lambda: [1], lambda *a: said.append(a)) == 3
    assert said == [(0, "bank", 5)]
    assert purses.seats == [[0, 0, 0, 0, 2], [0, 0, 0, 0, 3]]


def test_between_players_the_payee_changes_first_then_the_others() -> None:
    # seat 0 owes seat 1 three tokens of 1 and holds a 5; seat 1 has no tokens of 1,
    # seat 2 has five: seat 2 changes the 5
    purses, said = _purses(ChangeRule.BETWEEN_PLAYERS, [1, 0, 0, 0, 0], [0, 0, 0, 0, 0],
                           [0, 0, 0, 0, 5])
    assert purses.pay(0, 1, 3, True, lambda: [1, 2], lambda *a: said.append(a)) == 3
    assert said == [(0, 2, 5)]
    assert purses.seats == [[0, 0, 0, 0, 2], [0, 0, 0, 0, 3], [1, 0, 0, 0, 0]]


def test_a_box_gives_all_its_tokens() -> None:
    purses = Purses(CZ, (0, 0, 0, 0, 0), 1, 1, ChangeRule.NONE)
    purses.set_purse(BOX, [1, 0, 0, 1, 1])
    assert purses.pay(BOX, 0, 8, False, list, lambda *a: None) == 8
    assert purses.seats[0] == [1, 0, 0, 1, 1] and purses.boxes[0] == [0] * 5


def test_the_cz_box_payment_that_needs_change_leaves_these_tokens() -> None:
    # tests/scenarios/cz-box-07-payment-needs-change.yaml, worked token by token there
    path = Path(__file__).parents[1] / "scenarios" / "cz-box-07-payment-needs-change.yaml"
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    from nainjaune_rules.core.cards import parse_card

    hands = sc["decks"][0]["hands"]
    deck: list[int] = []
    for a, b in zip(hands[1].split(), hands[0].split(), strict=True):  # dealt from seat 1
        deck += [parse_card(a).index, parse_card(b).index]  # type: ignore[union-attr]
    deck += [parse_card(c).index for c in sc["decks"][0]["talon"].split()]  # type: ignore[union-attr]
    game = Game(load_ruleset("cz-box"), 2, 0, deals=1, dealer=0, decks=[deck])
    game.play([LowestPlayer(), LowestPlayer()])
    assert game.purses is not None
    assert game.purses.seats == [[2, 0, 0, 0, 2], [4, 6, 6, 6, 12]]


@pytest.mark.parametrize(("name", "option"), [
    ("cz-box", "between-players"), ("cz-box", "from-the-bank"), ("cz-box", "exact-only"),
    ("wiki-modern", None)])
def test_tokens_are_always_worth_the_balances(name: str, option: str | None) -> None:
    # the engine checks it with the other tokens (an InvariantError otherwise); the game's
    # end is checked here as well
    rs = load_ruleset(name, {"change": option} if option else {})
    for seed in range(6):
        game = Game(rs, 4, seed)
        result = game.play([RandomPlayer() for _ in range(4)])
        assert game.purses is not None
        worth = [game.purses.total(s) for s in range(4)]
        assert worth == result.balances


def test_starting_tokens_alone_keeps_the_old_engine() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, 0)
    assert game.purses is None


def _split_a_five(purse: list[int]) -> bool:
    """A token of 5 becomes five tokens of 1: the purse is worth the same, but tokens of 1
    appear from nowhere."""
    if not purse[0]:
        return False
    purse[0] -= 1
    purse[4] += 5
    return True


def _mint_a_one(purse: list[int]) -> bool:
    purse[4] += 1  # a token of 1 from nowhere: the purse is worth more than the balance
    return True


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize(("tamper", "message"), [
    (_split_a_five, "tokens by value not conserved"),
    (_mint_a_one, "are worth")])
def test_a_purse_tampered_with_in_a_deal_is_caught_in_that_deal_with_a_move(
        record: bool, tamper: Callable[[list[int]], bool], message: str) -> None:
    # the seat tampers with its purse before one of its moves (tampering_seat.py: the
    # same test for the pure and the compiled engine); tokens are checked after each move
    # that moves some, and at the end of the deal
    where: list[tuple[int, int]] = []
    game = Game(load_ruleset("cz-box"), 4, 1, record=record)
    seats = [TamperingSeat(in_purse(tamper), 2, where), *(LowestPlayer() for _ in range(3))]
    with pytest.raises(InvariantError, match=message) as caught:
        game.play(seats)
    deal, _seat = where[0]
    assert game.deal_no == deal  # caught in the deal where it happened, with a move
    assert str(caught.value).startswith(f"deal {deal}, seat ")
    assert " playing " in str(caught.value)


@pytest.mark.parametrize("values", [(1,), (2, 1), (10, 5, 1), (5, 2, 1, 0), CZ, (7, 5, 4, 3, 2, 1)])
def test_a_purse_is_worth_the_sum_of_its_tokens(values: tuple[int, ...]) -> None:
    from nainjaune_rules.engine.tokenplans import dot_product

    purse = [3 + i * 2 for i in range(len(values))]
    assert dot_product(values)(purse) == sum(v * n for v, n in zip(values, purse, strict=True))


def test_a_copy_of_the_game_has_tokens_of_its_own() -> None:
    game = Game(load_ruleset("cz-box"), 4, 1)
    game.start_deal()
    trial = game.copy()
    assert game.purses is not None and trial.purses is not None
    assert trial.purses.seats == game.purses.seats and trial.purses.kinds == game.purses.kinds
    trial.purses.set_purse(0, [n + (i == 0) for i, n in enumerate(trial.purses.purse(0))])
    trial.purses.set_purse(BOX, [n + (i == 4) for i, n in enumerate(trial.purses.purse(BOX))])
    trial.purses.kinds[4] += 1
    assert game.purses.seats[0] != trial.purses.seats[0]
    assert game.purses.boxes[0] != trial.purses.boxes[0]
    assert game.purses.kinds != trial.purses.kinds
