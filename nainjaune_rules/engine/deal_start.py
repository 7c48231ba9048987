"""Dealing a deal: the deck (shuffled, or the one given) and the cards dealt from it.

Called by :meth:`Game.start_deal` once the stakes are paid: the cards go out in
packets in the dealing direction from the dealer's side, the rest is the talon, and
the first leader has the turn (``deal`` and ``turn`` events when recording).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nainjaune_rules.core.cards import Card
from nainjaune_rules.engine.cardset import BIT
from nainjaune_rules.engine.dealing import deal_plan, shuffled
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.invariants import check_cards
from nainjaune_rules.engine.tables import EngineError

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game


def next_deck(game: Game) -> list[int]:
    """The deck of the deal about to be dealt: shuffled by the game's generator, or given."""
    t = game.t
    if game.decks is None:
        return shuffled(list(game._deck_cards), game.rng)
    deck = game.decks[game.deal_no - 1]
    if len(deck) != t.deck_size or sum(1 << c for c in set(deck)) != t.deck_mask:
        raise EngineError(f"deal {game.deal_no}: the given deck is not the "
                          f"{t.deck_size} cards of the ruleset's deck, each once")
    return deck

def deal_cards(game: Game, deck: list[int], dealer: int) -> None:
    """Deal ``deck`` from ``dealer``: the hands, the talon, and the first leader's turn."""
    t = game.t
    active = sum(game.active)
    each, _talon = t.deal_rows[active]
    order = [s for s in ((dealer + t.deal_step * i) % game.n for i in range(1, game.n + 1))
             if game.active[s]]
    hands = [0] * game.n
    at = deck.__getitem__
    for s, positions in zip(order, deal_plan(active, each, t.packet), strict=True):
        hands[s] = sum(map(BIT.__getitem__, map(at, positions)))
    game.hands = hands
    game.talon = sum(map(BIT.__getitem__, deck[active * each:]))
    game.played = 0
    check_cards(game.hands, game.talon, game.played, t.deck_mask, t.deck_size, "deal")
    leader = game.next_seat(dealer, t.first_lead_step)
    game._reset_run(leader)
    game.summary.first_leader = leader
    game.summary.turns = 1
    if game.record:
        game._log({"type": EventType.DEAL, "dealer": dealer, "hands": {
            str(s): [Card.from_index(c).code for c in game._sorted(hands[s])] for s in order},
            "talon": [Card.from_index(c).code for c in game._sorted(game.talon)]})
        game._log({"type": EventType.TURN, "seat": leader})
