"""What one seat may see of a game: the view the engine hands a player for each choice.

At the table a player sees their own hand, the board and the tokens, the
cards of the run and every card played this deal, how many cards each other
player holds, and whose turn it is; never another hand, nor the talon.  A
:class:`SeatView` offers exactly that (OpenSpiel's information state, for
one seat), under the names :class:`~nainjaune_rules.engine.game.Game` uses,
so code written against a game reads a view unchanged as long as it only
asks what a seat may know.  Every answer is a number, a tuple or a fresh
list: nothing a player is given can change the game or reach another hand
(tests/engine/test_engine_seat_view.py checks it).

The view reads the live game, so one view per seat serves a whole game.
Python has no private fields: a bot that goes looking for ``_game`` finds
it, and is a cheat; the engine's own bots only use the public names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nainjaune_rules.core.cards import Card
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.engine.runs import Phase
from nainjaune_rules.engine.tables import Tables

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game


class SeatView:
    """One seat's view of a game (see the module docstring)."""

    __slots__ = ("_game", "seat", "t")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat
        self.t: Tables = game.t  # the rules are public

    # -- the seat's own cards ----------------------------------------------------

    @property
    def hand_mask(self) -> int:
        """This seat's cards as a bitmask (:mod:`nainjaune_rules.engine.cardset`)."""
        return self._game.hands[self.seat]

    def hand(self, seat: int) -> list[Card]:
        """This seat's cards, sorted; asking for another seat's hand is refused."""
        if seat != self.seat:
            raise PermissionError(f"seat {self.seat} cannot see the hand of seat {seat}")
        return self._game.hand(seat)

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public: the cards can be counted across the table)."""
        return self._game.hands[seat].bit_count()

    # -- the table -----------------------------------------------------------------

    @property
    def n(self) -> int:
        return self._game.n

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def window(self) -> int:
        """The seat whose run the wild card's holder may interrupt now (-1: no such moment)."""
        return self._game.window

    @property
    def widow_offer(self) -> bool:
        """Whether this seat, the dealer, now takes the widow unseen or keeps its hand
        (legal moves: ``exchange`` or ``pass``; :mod:`nainjaune_rules.engine.hands`)."""
        return self._game.widow_offer and self._game.turn == self.seat

    @property
    def widow_size(self) -> int:
        """How many cards the widow holds while it is offered (public: they can be
        counted), 0 otherwise; never which cards."""
        game = self._game
        return game.talon.bit_count() if game.widow_offer else 0

    @property
    def phase(self) -> Phase:
        return self._game.phase

    @property
    def deal_no(self) -> int:
        return self._game.deal_no

    @property
    def deals_played(self) -> int:
        return self._game.deals_played

    @property
    def last(self) -> int:
        """The player of the last card of the run."""
        return self._game.last

    @property
    def need_rank(self) -> int:
        return self._game.need_rank

    @property
    def need_mask(self) -> int:
        return self._game.need_mask

    @property
    def played(self) -> int:
        """Every card played this deal, as a bitmask (they lie face up)."""
        return self._game.played

    @property
    def run_cards(self) -> tuple[int, ...]:
        return tuple(self._game.run_cards)

    @property
    def board(self) -> tuple[int, ...]:
        """Tokens in each box, in board order, then in each pool (``t.pool_names``)."""
        return tuple(self._game.board)

    @property
    def turn_up(self) -> int:
        """The card turned up for trumps this deal (shown to every seat), -1 when none
        (issue #22, item 6); its suit (``turn_up % 4``) is trumps."""
        return self._game.summary.turn_up

    @property
    def balances(self) -> tuple[int, ...]:
        return tuple(self._game.balances)

    @property
    def active(self) -> tuple[bool, ...]:
        return tuple(self._game.active)

    def box_tokens(self, card: int) -> int:
        """The tokens in ``card``'s box (0 when it has none)."""
        box = self.t.box_of_card.get(card)
        return self._game.board[box] if box is not None else 0

    def board_codes(self) -> dict[str, int]:
        return self._game.board_codes()

    def seats_from(self, seat: int) -> list[int]:
        return self._game.seats_from(seat)

    # -- the rules, applied to now ----------------------------------------------------

    def needed(self) -> list[Card]:
        return self._game.needed()

    def is_natural(self, card: int) -> bool:
        return self._game.is_natural(card)

    def must_play(self) -> bool:
        """Whether this seat, to move, may not pass."""
        self._own_turn()
        return self._game.must_play()

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves, at its turn."""
        self._own_turn()
        return self._game.legal_moves()

    def _own_turn(self) -> None:
        # another seat's legal moves would tell which cards it holds
        if self._game.turn != self.seat:
            raise PermissionError(f"seat {self.seat} cannot see the moves of seat "
                                  f"{self._game.turn}")
