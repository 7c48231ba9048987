"""Dealing a deal: the deck (shuffled, or the one given) and the cards dealt from it.

Called by :meth:`Game.start_deal` once the stakes are paid: the cards go out in
packets in the dealing direction from the dealer's side, the rest is the talon, and
the first leader has the turn (``deal`` and ``turn`` events when recording).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nainjaune_rules.core.cards import Card
from nainjaune_rules.engine.cardset import BIT
from nainjaune_rules.engine.dealing import deal_takers, shuffled
from nainjaune_rules.engine.events import DealEvent, EventType
from nainjaune_rules.engine.hands import deal_all_bits, offer_widow
from nainjaune_rules.engine.invariants import check_cards
from nainjaune_rules.engine.tables import EngineError
from nainjaune_rules.engine.trumps import turn_up

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game


def next_deck(game: Game) -> list[int]:
    """The deck of the deal about to be dealt: shuffled by the game's generator, or given."""
    t = game.t
    if game.decks is None:
        return shuffled(list(game.unshuffled_cards), game.rng)
    deck = game.decks[game.deal_no - 1]
    if len(deck) != t.deck_size or sum(1 << c for c in set(deck)) != t.deck_mask:
        raise EngineError(f"deal {game.deal_no}: the given deck is not the "
                          f"{t.deck_size} cards of the ruleset's deck, each once")
    return deck

def deal_shuffled(game: Game, dealer: int) -> None:
    """The usual deal when no transcript records the deck: the cards' bits shuffled (the
    same draws, so the same permutation, as :func:`next_deck`'s) and dealt from ``dealer``."""
    bits = shuffled(list(game.unshuffled_bits), game.rng)
    deal_bits(game, bits, dealer)
    if game.t.trumps_turned:
        turn_up(game, _last_dealt(game, bits))


def deal_cards(game: Game, deck: list[int], dealer: int) -> None:
    """Deal ``deck`` from ``dealer``: the hands, the talon, and the first leader's turn."""
    bits = list(map(BIT.__getitem__, deck))
    order = deal_bits(game, bits, dealer)
    if game.record:
        out = [Card.from_index(c).code for c in game.sorted_cards(game.talon)]
        event: DealEvent = {"type": EventType.DEAL, "dealer": dealer, "hands": {
            str(s): [Card.from_index(c).code for c in game.sorted_cards(game.hands[s])]
            for s in order}, "talon": out}
        if game.t.extra_hands:  # no talon: the cards out of play are the extra hand
            event["talon"], event["extra hand"] = [], out
        game.tell(event)
    if game.t.trumps_turned:
        turn_up(game, _last_dealt(game, bits))
    if game.record and not game.widow_offer:  # else once the dealer has decided (.hands)
        game.tell({"type": EventType.TURN, "seat": game.turn})


def _last_dealt(game: Game, bits: list[int]) -> int:
    """The card dealt last (issue #22, item 6): the hands take the deck's first cards, in
    dealing order (:func:`deal_bits`), the talon the rest."""
    active = sum(game.active)
    if game.t.all_cards:  # every card dealt (to the players and any extra hand): the deck's last
        return bits[-1].bit_length() - 1
    dealt = active * game.t.deal_rows[active][0]
    return bits[dealt - 1].bit_length() - 1


def deal_bits(game: Game, bits: list[int], dealer: int) -> tuple[int, ...]:
    """Deal the deck whose cards' bits are ``bits``: packets in the dealing direction from
    the dealer's side (:func:`~.dealing.deal_takers`), the rest is the talon; returns the
    seats dealt to, in dealing order."""
    t = game.t
    order = game.seats_going((dealer + t.deal_step) % game.n, t.deal_step)
    active = len(order)
    if t.all_cards:
        deal_all_bits(game, bits, order)  # every card, and the extra hand (:mod:`.hands`)
    else:
        each, _talon = t.deal_rows[active]
        hands = [0] * game.n
        for s, take in zip(order, deal_takers(active, each, t.packet), strict=True):
            hands[s] = sum(take(bits))
        game.hands = hands
        game.talon = sum(bits[active * each:])
    game.played = 0
    check_cards(game.hands, game.talon, game.played, t.deck_mask, t.deck_size, "deal")
    leader = game.next_seat(dealer, t.first_lead_step)
    game.reset_run(leader)
    game.summary.first_leader = leader
    game.summary.turns = 1
    if t.widow:
        offer_widow(game, dealer)  # the dealer decides before the first lead
    return order
