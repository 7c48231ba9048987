"""Every card dealt, and the extra hand: a dead hand, or a widow (issue 22, part 4).

``deal: all cards`` deals the whole deck one card at a time in the dealing direction;
``deal: all cards, one extra hand`` deals an extra hand too.  The extra hand is dealt
as if it sat between the dealer and the first player dealt to: it takes the first card
of every round.  When the deck does not share out evenly, the hands dealt first in a
round hold one card more (the extra hand first, then the players in dealing order), as
cards come off a real deck; so the hands may differ by one card.  No talon is left.

The extra hand lies face down, out of play.  The engine keeps it where it keeps the
talon (``Game.talon``: the cards of the deal nobody may play), so a run that needs one
of its cards stops there exactly as at a card of the talon, and the transcript's deal
event lists it under ``"extra hand"`` (its ``"talon"`` is then empty).

A widow (``extra hand: the dealer may exchange his hand for it unseen``) is offered to
the dealer before the first lead: ``Game.widow_offer`` is then True, the turn is the
dealer's, and the legal moves are :data:`~.moves.EXCHANGE` (take the widow, unseen, and
lay one's own hand down in its place: it becomes the dead hand) and ``pass`` (keep
one's hand).  Either way a ``widow`` event tells the decision, then the first leader's
``turn``.  The decision is a move of the transcript like any other, so replay makes it
again and checks it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nainjaune_rules.engine.dealing import Taker, taker
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.moves import EXCHANGE, Move
from nainjaune_rules.engine.runs import IllegalMove

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game, Seat
    from nainjaune_rules.engine.view import SeatView

@functools.lru_cache(maxsize=256)
def all_cards_plan(hands: int, deck_size: int) -> tuple[tuple[int, ...], ...]:
    """The positions of the deck each hand receives, one card at a time round ``hands``
    hands in dealing order, until the deck is dealt out (the first hands of the last
    round get one card more)."""
    return tuple(tuple(range(i, deck_size, hands)) for i in range(hands))


@functools.lru_cache(maxsize=256)
def all_cards_takers(hands: int, deck_size: int) -> tuple[Taker, ...]:
    """Per hand, what takes its cards from a deck (:func:`all_cards_plan`'s positions)."""
    return tuple(taker(p) for p in all_cards_plan(hands, deck_size))


def hand_sizes(players: int, extra_hands: int, deck_size: int) -> tuple[int, ...]:
    """How many cards each hand holds, the extra hand(s) first, then the players in
    dealing order."""
    return tuple(map(len, all_cards_plan(players + extra_hands, deck_size)))


def deal_all_bits(game: Game, bits: list[int], order: Sequence[int]) -> None:
    """Deal every card of ``bits`` to the seats of ``order`` (in dealing order) and to the
    extra hand, which goes out of play (``game.talon``)."""
    t = game.t
    extra = t.extra_hands
    takers = all_cards_takers(len(order) + extra, t.deck_size)
    hands = [0] * game.n
    talon = 0
    for i, take in enumerate(takers):
        if i < extra:
            talon |= sum(take(bits))
        else:
            hands[order[i - extra]] = sum(take(bits))
    game.hands = hands
    game.talon = talon


def offer_widow(game: Game, dealer: int) -> None:
    """The deal is dealt and the first leader known: the dealer first decides on the
    widow (the module docstring)."""
    game.widow_offer = True
    game.turn = dealer


def decide_widow(game: Game, move: Move) -> None:
    """The dealer's decision (``move``: :data:`EXCHANGE` or ``pass``), told; then the
    first leader has the turn."""
    dealer = game.dealer
    exchanged = move.card == EXCHANGE.card
    if exchanged:
        game.hands[dealer], game.talon = game.talon, game.hands[dealer]
    game.widow_offer = False
    game.turn = game.first_leader
    if game.record:
        game.tell({"type": EventType.WIDOW, "seat": dealer, "exchanged": exchanged})
        game.tell({"type": EventType.TURN, "seat": game.turn})


def ask_widow(game: Game, seats: Sequence[Seat], view: SeatView) -> None:
    """Ask the dealer's seat for its decision on the widow, and make it."""
    legal = game.legal_moves()
    move = seats[game.turn].choose(view, legal)
    if move not in legal:
        raise IllegalMove(f"seat {game.turn} chose {move}, which is not legal now "
                          f"(legal: {' '.join(map(str, legal))})")
    game.apply_move(move)
