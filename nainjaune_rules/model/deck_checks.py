"""Whole-ruleset checks of the ``deck`` clause (deck composition, issue #22).

A card the deck clause takes out is in no hand: a clause that names it (a box,
a stop card, the wild card, an announcement, an effect) could never apply, which
is an error, not a warning, because the writer surely meant something else.
Taking out a card whose rank is not in the deck does nothing: a warning.
The deal table's own check (:func:`nainjaune_rules.model.deal_checks._check_deal`)
reads the deck's size from :meth:`~nainjaune_rules.model.rules.Ruleset.deck_size`.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import Words, q
from nainjaune_rules.core.cards import rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.model import rules as r


def _named_cards(rs: r.Ruleset) -> list[tuple[r.Card, r.Span, Words]]:
    """Every card a clause names by its code, with where and as what."""
    named: list[tuple[r.Card, r.Span, Words]] = [
        (b.card, b.span, Words("the box card", "la carte du tableau")) for b in rs.board.boxes]
    if rs.stop_cards:
        named += [(c, rs.stop_cards.span, Words("the stop card", "la carte d’arrêt"))
                  for c in rs.stop_cards.cards]
    if rs.wild_card:
        named.append((rs.wild_card.card, rs.wild_card.span, Words("the wild card", "le joker")))
    for ann in rs.announcements:
        named += [(c, ann.span, Words("the announced card", "la carte annoncée"))
                  for c in ann.cards if isinstance(c, r.Card)]
    for eff in rs.effects:
        named += [(c, eff.span, Words("the card of this effect", "la carte de cet effet"))
                  for c in eff.event.cards if isinstance(c, r.Card)]
        if eff.action.card is not None:
            named.append((eff.action.card, eff.span,
                          Words("the card of this payment", "la carte de ce paiement")))
    return named


def check_deck(rs: r.Ruleset, report: Reporter) -> None:
    """Cards taken out: in the deck's ranks, and named by no other clause."""
    deck = rs.deck
    if deck is None or not deck.without:
        return
    for card in deck.without:
        if card.rank not in rs.ranks.order:
            rank = rank_code(card.rank)
            report(DK.BOX_NOT_DEALT,
                   Words(f"{card.code} is taken out, but rank {rank} is not in this deck "
                         "anyway",
                         f"{card.code} est retirée, mais le rang {rank} n’est de toute façon "
                         "pas dans ce jeu"), deck.span,
                   Words(f"drop {card.code} from 'without'",
                         f"enlevez {card.code} de {q('without')}"))
    removed = set(deck.without)
    for card, span, what in _named_cards(rs):
        if card in removed:
            report(DK.REMOVED_CARD,
                   Words(f"{what.en} {card.code} is taken out of the deck "
                         "('deck: … without'), so it is in no hand",
                         f"{what.fr} {card.code} est retirée du jeu "
                         f"({q('deck: … without')}), elle n’est donc dans aucune main"), span,
                   Words(f"name another card, or keep {card.code} in the deck",
                         f"nommez une autre carte, ou gardez {card.code} dans le jeu"))
