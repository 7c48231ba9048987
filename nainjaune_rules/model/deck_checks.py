"""Whole-ruleset checks of the ``deck`` clause (deck composition, issue #22).

A card the deck clause takes out is in no hand: a clause that names it (a box,
a stop card, the wild card, an announcement, an effect) could never apply, which
is an error, not a warning, because the writer surely meant something else.
Taking out a card whose rank is not in the deck does nothing: a warning.
The deal table's own check (:func:`nainjaune_rules.model.checks._check_deal`)
reads the deck's size from :meth:`~nainjaune_rules.model.rules.Ruleset.deck_size`.
"""

from __future__ import annotations

from nainjaune_rules.core.cards import rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.model import rules as r


def _named_cards(rs: r.Ruleset) -> list[tuple[r.Card, r.Span, str]]:
    """Every card a clause names by its code, with where and as what."""
    named: list[tuple[r.Card, r.Span, str]] = [
        (b.card, b.span, "the box card") for b in rs.board.boxes]
    if rs.stop_cards:
        named += [(c, rs.stop_cards.span, "the stop card") for c in rs.stop_cards.cards]
    if rs.wild_card:
        named.append((rs.wild_card.card, rs.wild_card.span, "the wild card"))
    for ann in rs.announcements:
        named += [(c, ann.span, "the announced card") for c in ann.cards
                  if isinstance(c, r.Card)]
    for eff in rs.effects:
        named += [(c, eff.span, "the card of this effect") for c in eff.event.cards
                  if isinstance(c, r.Card)]
        if eff.action.card is not None:
            named.append((eff.action.card, eff.span, "the card of this payment"))
    return named


def check_deck(rs: r.Ruleset, report: Reporter) -> None:
    """Cards taken out: in the deck's ranks, and named by no other clause."""
    deck = rs.deck
    if deck is None or not deck.without:
        return
    for card in deck.without:
        if card.rank not in rs.ranks.order:
            report(DK.BOX_NOT_DEALT, f"{card.code} is taken out, but rank "
                   f"{rank_code(card.rank)} is not in this deck anyway", deck.span,
                   f"drop {card.code} from 'without'")
    removed = set(deck.without)
    for card, span, what in _named_cards(rs):
        if card in removed:
            report(DK.REMOVED_CARD, f"{what} {card.code} is taken out of the deck "
                   "('deck: … without'), so it is in no hand", span,
                   f"name another card, or keep {card.code} in the deck")
