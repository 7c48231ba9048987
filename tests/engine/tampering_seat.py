"""A seat that plays as ``lowest`` and, once, tampers with its tokens: a bug in the engine.

The tests of the invariants make a purse wrong in the middle of a game and check that the
engine stops in the deal where it happened, naming the move.  They do it through the seat
(a collaborator the game is given), not by patching a method of ``Game`` or ``Purses``:
compiled by mypyc those classes cannot be patched, and the tests run on both builds.
The seat has no fast path (no ``quick``): the engine asks it at every move.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.engine import Game, Move
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players.lowest import LowestPlayer

#: changes the game's tokens of a seat in place; False when it cannot (nothing changed)
Tamper = Callable[[Game, int], bool]


def in_purse(change: Callable[[list[int]], bool]) -> Tamper:
    """A tamper with the seat's purse (tokens by value): ``change`` edits its counts."""
    def tamper(game: Game, seat: int) -> bool:
        assert game.purses is not None
        purse = game.purses.purse(seat)
        if not change(purse):
            return False
        game.purses.set_purse(seat, purse)
        return True
    return tamper


class TamperingSeat:
    """Plays ``lowest``; before its first move of deal ``deal`` or later, ``tamper`` with its
    tokens (once: the deal and seat are appended to ``where``)."""

    def __init__(self, tamper: Tamper, deal: int, where: list[tuple[int, int]]) -> None:
        self.inner = LowestPlayer()
        self.tamper, self.deal, self.where = tamper, deal, where
        self.game: Game | None = None
        self.seat = -1

    def begin(self, game: Game, seat: int) -> None:
        self.inner.begin(game, seat)
        self.game, self.seat = game, seat

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        game = self.game
        assert game is not None
        if not self.where and game.deal_no >= self.deal and self.tamper(game, self.seat):
            self.where.append((game.deal_no, self.seat))
        return self.inner.choose(view, legal)
