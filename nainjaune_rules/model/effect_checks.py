"""Whole-ruleset checks of the effects and the announcements.

Each action happens on an event it can follow; an effect that takes a box, doubles a
payment, pays points or fires on opera finds the box, the settlement, the points or
the opera clause it needs; two announcements of one card do not forfeit differently;
exemptions and going out name cards of the deck.  Its own room because these checks
read the ``effects`` and ``announcements`` clauses against the rest.  Registered in
:data:`nainjaune_rules.model.checks.CHECKS`.
"""

from __future__ import annotations

from nainjaune_rules.core.actions import ACTION_EVENTS
from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, q
from nainjaune_rules.core.cards import rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter as Report
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.words import column
from nainjaune_rules.model.writer import action_text

#: "when a card is played", "when the deal ends", "when opera": the registry's words
_EVENT_WORDS = {k: "when " + w.format(cards="a card")
                for k, w in column(r.EventKind, "language").items()}


def _check_effects(rs: r.Ruleset, report: Report) -> None:
    """Each action happens on an event it can follow."""
    for effect in rs.effects:
        action, event = effect.action, effect.event
        allowed = ACTION_EVENTS[action.kind]
        if event.kind not in allowed:
            said, when, fits = (action_text(action), _EVENT_WORDS[event.kind],
                                _EVENT_WORDS[allowed[0]])
            report(DK.CONTRADICTION,
                   Words(f"'{said}' cannot happen {when}",
                         f"{q(said)} ne peut pas arriver sous {q(when)}"),
                   effect.span, Words(f"write it {fits}", f"écrivez-la sous {q(fits)}"))


def _possible_effects(rs: r.Ruleset) -> list[r.Effect]:
    """The effects whose action can follow their event (the others are contradictions)."""
    return [e for e in rs.effects if e.event.kind in ACTION_EVENTS[e.action.kind]]


def _check_boxes_taken(rs: r.Ruleset, report: Report) -> None:
    box_cards = {b.card for b in rs.board.boxes}
    for effect in _possible_effects(rs):
        if effect.action.kind is r.ActionKind.TAKE_BOX \
                and not _may_have_box(rs, effect.event, box_cards):
            report(DK.UNDEFINED,
                   Words("the cards named here have no box on the board",
                         "les cartes nommées ici n’ont pas de case au tableau"), effect.span,
                   Words("boxes are listed under 'board:'",
                         f"les cases sont listées sous {q('board:')}"))


def _check_doubled_payments(rs: r.Ruleset, report: Report) -> None:
    settles = [e for e in rs.effects if e.action.kind is r.ActionKind.LOSERS_PAY]
    for effect in _possible_effects(rs):
        if effect.action.kind in (r.ActionKind.HOLDER_PAYS_DOUBLE,
                                  r.ActionKind.LOSERS_PAY_DOUBLE) and not settles:
            report(DK.UNDEFINED,
                   Words("paying double needs a payment to double, and no loser pays the "
                         "winner",
                         "payer double demande un paiement à doubler, et aucun perdant ne paie "
                         "le gagnant"),
                   effect.span,
                   Words("add: when the deal ends: each loser pays the winner their points",
                         f"ajoutez{NNBSP}: "
                         + q("when the deal ends: each loser pays the winner their points")))


def _check_points_named(rs: r.Ruleset, report: Report) -> None:
    for effect in _possible_effects(rs):
        action = effect.action
        if action.kind is r.ActionKind.LOSERS_PAY and action.basis is r.Basis.POINTS \
                and rs.points is None:
            report(DK.UNDEFINED,
                   Words("losers pay their points, but the ruleset never says "
                         "what cards count",
                         "les perdants paient leurs points, mais la règle du jeu ne dit jamais "
                         "ce que comptent les cartes"), effect.span,
                   Words("add: points: court cards 10, aces 1, others face value",
                         f"ajoutez{NNBSP}: "
                         + q("points: court cards 10, aces 1, others face value")))


def _check_opera_named(rs: r.Ruleset, report: Report) -> None:
    for effect in _possible_effects(rs):
        if effect.event.kind is r.EventKind.OPERA and rs.opera is None:
            report(DK.UNDEFINED,
                   Words("this happens on an opéra, but the ruleset never says what "
                         "an opéra is",
                         "ceci arrive sur un opéra, mais la règle du jeu ne dit jamais ce "
                         "qu’est un opéra"), effect.span,
                   Words("add a clause such as: opera: out on the first turn",
                         f"ajoutez une clause comme{NNBSP}: "
                         + q("opera: out on the first turn")))


def _may_have_box(rs: r.Ruleset, event: r.Event, box_cards: set[r.Card]) -> bool:
    for item in event.cards:
        if item in (r.CardClass.BOX_CARD, r.CardClass.ANY_CARD):
            return True
        if isinstance(item, r.Card) and item in box_cards:
            return True
        if item is r.CardClass.KING and any(c.rank == 13 for c in box_cards):
            return True
        if item is r.CardClass.STOP_CARD and box_cards & set(rs.stop_card_set()):
            return True
        if item is r.CardClass.WILD_CARD and rs.wild_card and rs.wild_card.card in box_cards:
            return True
    return False


def _check_announcements(rs: r.Ruleset, report: Report) -> None:
    seen: dict[r.CardClass | r.Card, r.Announcement] = {}
    for announcement in rs.announcements:
        for item in announcement.cards:
            other = seen.get(item)
            if other is not None and other.forfeit is not announcement.forfeit:
                name = item.value if isinstance(item, r.CardClass) else item.code
                first, second = other.forfeit.value, announcement.forfeit.value
                report(DK.CONTRADICTION,
                       Words(f"forgetting to announce a {name} forfeits {first} in one "
                             f"clause and {second} in another",
                             f"oublier d’annoncer {q(name)} fait perdre {q(first)} dans une "
                             f"clause et {q(second)} dans une autre"),
                       announcement.span, _other_clause(other.span.line))
            seen.setdefault(item, announcement)


# ---- payments by outcome (issue #22) --------------------------------------------------

def _check_exemptions(rs: r.Ruleset, report: Report) -> None:
    """An exemption needs a payment to be exempt from, a card of the deck, and cannot
    stand with a doubling of the same card's holder."""
    possible = _possible_effects(rs)
    settles = any(e.action.kind is r.ActionKind.LOSERS_PAY for e in rs.effects)
    doubled = {e.action.card: e for e in possible
               if e.action.kind is r.ActionKind.HOLDER_PAYS_DOUBLE}
    for effect in possible:
        card = effect.action.card
        if effect.action.kind is not r.ActionKind.HOLDER_PAYS_NOTHING or card is None:
            continue
        if not settles:
            report(DK.UNDEFINED,
                   Words("paying nothing needs a payment to be spared, and no loser "
                         "pays the winner",
                         "ne rien payer demande un paiement à épargner, et aucun perdant ne "
                         "paie le gagnant"), effect.span,
                   Words("add: when the deal ends: each loser pays the winner 1 per card",
                         f"ajoutez{NNBSP}: "
                         + q("when the deal ends: each loser pays the winner 1 per card")))
        if card.rank not in rs.ranks.order:
            rank = rank_code(card.rank)
            report(DK.BOX_NOT_DEALT,
                   Words(f"{card.code} sits in no hand: rank {rank} is not in this deck",
                         f"{card.code} n’est dans aucune main{NNBSP}: le rang {rank} n’est "
                         "pas dans ce jeu"), effect.span, _ADD_RANK)
        if card in doubled:
            other = doubled[card]
            elsewhere = other.defined_in not in ("", rs.id)
            report(DK.CONTRADICTION,
                   Words(f"the holder of {card.code} pays double in one clause "
                         "and nothing in another",
                         f"qui tient {card.code} paie double dans une clause et rien dans une "
                         "autre"), effect.span,
                   _other_clause(other.span.line)
                   + (Words(f" of {other.defined_in}", f" de {other.defined_in}")
                      if elsewhere else NO_WORDS))


def _check_going_out(rs: r.Ruleset, report: Report) -> None:
    """``when a player goes out with ...`` must name a card of the deck."""
    ranks = set(rs.ranks.order)
    for effect in _possible_effects(rs):
        if effect.event.kind is not r.EventKind.GOES_OUT:
            continue
        for item in effect.event.cards:
            rank = item.rank if isinstance(item, r.Card) else (
                13 if item is r.CardClass.KING else None)
            if rank is not None and rank not in ranks:
                name = (Words(item.code, item.code) if isinstance(item, r.Card)
                        else Words("a king", "un roi"))
                code = rank_code(rank)
                report(DK.BOX_NOT_DEALT,
                       Words(f"nobody can go out with {name.en}: rank {code} is not in this "
                             "deck",
                             f"personne ne peut finir avec {name.fr}{NNBSP}: le rang {code} "
                             "n’est pas dans ce jeu"), effect.span, _ADD_RANK)


_ADD_RANK = Words("add the rank to 'ranks' or name another card",
                  f"ajoutez le rang à {q('ranks')} ou nommez une autre carte")


def _other_clause(line: int) -> Words:
    return Words(f"the other clause is at line {line}", f"l’autre clause est à la ligne {line}")
