"""What a player is given: its seat's view, never another hand; ``Game.copy``; card sets."""

from __future__ import annotations

import inspect

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game, Move, compile_tables
from nainjaune_rules.engine.cardset import cards_of, count, iter_cards, lowest, mask_of
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players.session import make_seats


class _Spy:
    """A seat that keeps whatever the engine gives it, and plays the first legal move."""

    def __init__(self) -> None:
        self.given: list[object] = []

    def choose(self, view: object, legal: list[Move]) -> Move:
        self.given.append(view)
        return legal[0]


@pytest.mark.parametrize("record", [False, True])
def test_the_engine_hands_each_seat_its_view_never_the_game(record: bool) -> None:
    spies = [_Spy() for _ in range(4)]
    Game(load_ruleset("fr-sheet"), 4, 2, record=record, deals=2).play(spies)
    for seat, spy in enumerate(spies):
        assert spy.given
        assert all(type(v) is SeatView and v.seat == seat for v in spy.given)


def _public_values(view: SeatView, other: int) -> list[object]:
    """Every public attribute of the view, and every public method called as it allows."""
    values: list[object] = []
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name)
        if not callable(value):
            values.append(value)
            continue
        params = inspect.signature(value).parameters
        if not params:
            values.append(value())
        elif list(params) in (["seat"], ["card"]):
            for arg in ((view.seat, other) if "seat" in params else (0, 51)):
                try:
                    values.append(value(arg))
                except PermissionError:
                    values.append(None)
    return values


def _contains(value: object, target: int) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_contains(v, target) for v in value)
    if isinstance(value, dict):
        return any(_contains(v, target) for v in value.values())
    return type(value) is int and value == target


def test_nothing_a_view_offers_reaches_another_hand() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, 5, record=False)
    game.start_deal()
    seat, other = game.turn, (game.turn + 1) % 4
    view = game.view(seat)
    values = _public_values(view, other)
    assert all(v is not game for v in values)
    for s in range(4):
        if s != seat:  # the other hands: neither as a mask nor as the list of hands
            assert not any(_contains(v, game.hands[s]) for v in values)
            assert game.hands not in values
    assert view.hand_mask == game.hands[seat] and view.hand_size(other) == game.hands[
        other].bit_count()


def test_a_view_refuses_another_hand_and_another_seats_moves() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, 5, record=False)
    game.start_deal()
    mover, other = game.turn, (game.turn + 1) % 4
    assert game.view(mover).hand(mover) == game.hand(mover)
    with pytest.raises(PermissionError):
        game.view(mover).hand(other)
    with pytest.raises(PermissionError):
        game.view(other).legal_moves()  # they would tell what the mover holds
    with pytest.raises(PermissionError):
        game.view(other).must_play()
    assert game.view(mover).legal_moves() == game.legal_moves()


def test_a_view_cannot_change_the_game() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, 5, record=False)
    game.start_deal()
    view = game.view(game.turn)
    board, balances = view.board, view.balances
    with pytest.raises(AttributeError):
        view.hand_mask = 0  # type: ignore[misc]
    assert isinstance(board, tuple) and isinstance(balances, tuple)  # copies, read only
    run = view.run_cards
    assert isinstance(run, tuple)


def _snapshot(game: Game) -> tuple[object, ...]:
    return (list(game.hands), game.talon, game.played, list(game.balances), list(game.board),
            game.phase, game.turn, game.need_mask, list(game.run_cards), game.deal_no,
            len(game.summaries), game.summary.plays, game.rng.getstate())


def test_moves_on_a_copy_leave_the_game_alone_and_a_copy_plays_the_same_game() -> None:
    tables = compile_tables(load_ruleset("1760"))
    game = Game(tables, 5, 9, record=True)
    game.start_deal()
    for _ in range(7):
        game.push(game.legal_moves()[0])
    before = _snapshot(game)
    trial = game.copy()
    while trial.in_play:
        trial.push(trial.legal_moves()[-1])  # another line of play, to the end of the deal
    assert trial.start_deal()
    assert _snapshot(game) == before
    again = game.copy()
    seats = make_seats(["lowest"] * 5)
    for player, seat in zip(seats, range(5), strict=True):
        player.begin(game, seat)  # type: ignore[attr-defined]
    game.play_deal(seats)
    again.play_deal(seats)
    assert _snapshot(again) == _snapshot(game)
    assert again.deal_records == game.deal_records


def test_card_sets() -> None:
    mask = mask_of([51, 0, 13, 7])
    assert cards_of(mask) == [0, 7, 13, 51] == list(iter_cards(mask))
    assert count(mask) == 4 and lowest(mask) == 0 and lowest(mask & ~1) == 7
    assert cards_of(0) == [] and lowest(0) == -1
