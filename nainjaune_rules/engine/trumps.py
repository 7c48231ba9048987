"""Trumps and the turn-up (issue #22, item 6): ``trumps: the last card dealt is turned up``.

As the cards are dealt, the last card dealt (the dealer's last, dealing round from the
dealer's side) is shown to every seat; its suit is trumps for the deal.  The card stays in
the hand it was dealt to and is played like any other.  The deal's summary keeps it
(``DealSummary.turn_up``), so a saved game keeps it too.  With ``when the turn-up is a box
card: the dealer takes its box`` the dealer takes, there and then, the box of that card and
every pool the card alone wins (``won by a player who plays 9D``, ``... plays A of trumps``):
Pope Joan's dealer who turns up an honour.  A pool of trumps (``... plays K and Q of trumps``)
is won with the cards of the turned-up suit (:meth:`Runs._pool_cards`).  With ``when the
turn-up is 9D: the dealer takes the pool "Game", and each other player pays him 1 per card
dealt`` (Pope Joan's Pope turned up) that card pays the dealer the stated bonus first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nainjaune_rules.core.cards import ALL_CODES as CODES
from nainjaune_rules.core.cards import SUIT_CODES
from nainjaune_rules.engine.events import EventType

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game
    from nainjaune_rules.engine.tables import Tables


def trump_mask(ranks: tuple[int, ...], suit: int) -> int:
    """The cards of ``ranks`` in ``suit`` (0..3, C D H S)."""
    mask = 0
    for rank in ranks:
        mask |= 1 << ((rank - 1) * 4 + suit)
    return mask


def pools_won_with(t: Tables, laid: int, card: int, suit: int) -> list[int]:
    """The pools (board positions) that ``card`` wins, laid last of ``laid`` (the cards one
    player has laid this deal, ``card`` among them), with ``suit`` trumps (-1: none)."""
    won = [pool for pool, cards in t.pool_pairs if cards >> card & 1 and laid & cards == cards]
    if suit >= 0:
        for pool, ranks in t.trump_pools:
            cards = trump_mask(ranks, suit)
            if cards >> card & 1 and laid & cards == cards:
                won.append(pool)
    return won


def turn_up(game: Game, card: int) -> None:
    """The last card dealt is turned up: told to every seat, kept in the deal's summary;
    the dealer takes what it wins when the rules say so."""
    t = game.t
    game.summary.turn_up = card
    holder = next((s for s, hand in enumerate(game.hands) if hand >> card & 1), game.dealer)
    if game.record:
        game.tell({"type": EventType.TURN_UP, "seat": holder, "card": CODES[card],
                   "trumps": SUIT_CODES[card % 4]})
    dealer = game.dealer
    bonus = t.turn_up_bonus
    if bonus is not None and bonus[0] == card:  # the Pope turned up: the stated bonus
        _, pool, per_card = bonus
        game.take_pool(dealer, pool, "turn-up")
        for seat in game.seats_from(dealer)[1:]:
            game.transfer(seat, dealer, per_card * game.hands[seat].bit_count(), "turn-up")
    if not t.turn_up_box:
        return
    box = t.box_of_card.get(card)
    if box is not None:
        amount = game.take_box(dealer, box, "turn-up")
        game.summary.boxes_taken.append((dealer, CODES[card], amount))
    for pool in pools_won_with(t, 1 << card, card, card % 4):
        game.take_pool(dealer, pool, "turn-up")
