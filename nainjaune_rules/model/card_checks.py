"""Whole-ruleset checks of the cards and ranks the clauses name.

One rank name per rank; the box cards, stop cards and wild card are in the deck; a
wild card that is a stop says so once; ranks laid at once agree with the runs; the
card groups announcements and events name are ones the ruleset defines.  Its own
room because each check asks whether a named card or rank is one the game deals.
Registered in :data:`nainjaune_rules.model.checks.CHECKS`.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.cards import rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter as Report
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.words import words


def _check_rank_names(rs: r.Ruleset, report: Report) -> None:
    if rs.rank_names is None:
        return
    names, ranks = rs.rank_names.names, rs.ranks.order
    if len(names) != len(ranks):
        order = " ".join(rank_code(x) for x in ranks)
        report(DK.CONTRADICTION,
               Words(f"{len(names)} rank names for {len(ranks)} ranks",
                     f"{len(names)} noms de rangs pour {len(ranks)} rangs"), rs.rank_names.span,
               Words(f"give one name per rank, in the order of the 'ranks' clause: {order}",
                     "donnez un nom par rang, dans l’ordre de la clause "
                     f"{q('ranks')}{NNBSP}: {order}"))


def _check_cards_in_deck(rs: r.Ruleset, report: Report) -> None:
    ranks = set(rs.ranks.order)
    named: list[tuple[r.Card, r.Span, Words]] = [
        (b.card, b.span, Words("the box card", "la carte du tableau")) for b in rs.board.boxes
    ]
    if rs.stop_cards:
        named += [(c, rs.stop_cards.span, Words("the stop card", "la carte d’arrêt"))
                  for c in rs.stop_cards.cards]
    if rs.wild_card:
        named.append((rs.wild_card.card, rs.wild_card.span,
                      Words(words(r.CardClass.WILD_CARD).language, "le joker")))
    for card, span, what in named:
        if card.rank not in ranks:
            rank = rank_code(card.rank)
            report(DK.BOX_NOT_DEALT,
                   Words(f"{what.en} {card.code} sits in no hand: rank {rank} "
                         "is not in this deck",
                         f"{what.fr} {card.code} n’est dans aucune main{NNBSP}: le rang "
                         f"{rank} n’est pas dans ce jeu"), span,
                   Words("add the rank to 'ranks' or drop the card",
                         f"ajoutez le rang à {q('ranks')} ou retirez la carte"))


def _check_wild_stop(rs: r.Ruleset, report: Report) -> None:
    """A wild card that is a stop says so in its own clause (issue 22 item 2), once."""
    wild = rs.wild_card
    if wild is None:
        return
    stops = rs.stop_cards
    listed = stops is not None and wild.card in stops.cards
    code = wild.card.code
    if stops is not None and listed and wild.stop:
        report(DK.DUPLICATE_CLAUSE,
               Words(f"{code} is marked a stop card twice: in the wild card "
                     "clause and in 'stop cards'",
                     f"{code} est marquée deux fois carte d’arrêt{NNBSP}: dans la clause du "
                     f"joker et dans {q('stop cards')}"), stops.span,
               Words(f"drop {code} from 'stop cards': the wild card clause already says it",
                     f"retirez {code} de {q('stop cards')}{NNBSP}: la clause du joker le "
                     "dit déjà"))
    elif listed:
        clause = f"wild card: {code}, out of turn it ends the run, and it is a stop card"
        report(DK.CONTRADICTION,
               Words(f"{code} is both the wild card and a stop card",
                     f"{code} est à la fois le joker et une carte d’arrêt"),
               wild.span,
               Words("a wild card that also stops the run says so in its own clause: "
                     f"{clause} (and drop {code} from 'stop cards')",
                     "un joker qui arrête aussi la suite le dit dans sa propre clause"
                     f"{NNBSP}: {q(clause)} (et retirez {code} de {q('stop cards')})"))
    if wild.stop and wild.out_of_turn is r.WildOutOfTurn.CONTINUES_RUN:
        report(DK.CONTRADICTION,
               Words(f"the wild card {code} is a stop card, so it cannot continue "
                     "the run out of its place",
                     f"le joker {code} est une carte d’arrêt, il ne peut donc pas continuer la "
                     "suite hors de sa place"), wild.span,
               Words("say: out of turn it ends the run, and it is a stop card",
                     f"dites{NNBSP}: "
                     + q("out of turn it ends the run, and it is a stop card")))


def _check_rank_at_once(rs: r.Ruleset, report: Report) -> None:
    """Cards of one rank laid together continue a run only when runs need not follow suit."""
    if rs.rank_at_once is not None and rs.runs.same_suit:
        report(DK.CONTRADICTION,
               Words("every card of the rank at once cannot be laid in runs of "
                     "the same suit: the cards of one rank are of four suits",
                     "toutes les cartes du rang à la fois ne peuvent pas se poser dans des "
                     f"suites de même couleur{NNBSP}: les cartes d’un rang sont de quatre "
                     "couleurs"), rs.rank_at_once.span,
               Words("say 'runs: any suit', or drop this clause",
                     f"dites {q('runs: any suit')}, ou retirez cette clause"))


def _check_card_classes(rs: r.Ruleset, report: Report) -> None:
    """Announcements and events may only name card groups this ruleset defines."""
    groups: list[tuple[tuple[r.CardClass | r.Card, ...], r.Span]] = [
        (a.cards, a.span) for a in rs.announcements
    ]
    groups += [(e.event.cards, e.span) for e in rs.effects]
    for cards, span in groups:
        for item in cards:
            if item is r.CardClass.STOP_CARD and not rs.stop_card_set():
                report(DK.UNDEFINED,
                       Words("this names stop cards, but the ruleset has none",
                             "ceci nomme des cartes d’arrêt, mais la règle du jeu n’en a "
                             "aucune"), span,
                       Words("define them with: stop cards: QS JC 10D",
                             f"définissez-les par{NNBSP}: {q('stop cards: QS JC 10D')}"))
            elif item is r.CardClass.WILD_CARD and rs.wild_card is None:
                report(DK.UNDEFINED,
                       Words("this names the wild card, but the ruleset has none",
                             "ceci nomme le joker, mais la règle du jeu n’en a pas"),
                       span,
                       Words("define it with: wild card: 7D, out of turn it ends the run",
                             f"définissez-le par{NNBSP}: "
                             + q("wild card: 7D, out of turn it ends the run")))
    for effect in rs.effects:
        if effect.event.kind is not r.EventKind.PLAYED or not effect.event.announced:
            continue
        for item in effect.event.cards:
            if not _announced(rs, item):
                one, all_ = ((item.code, item.code) if isinstance(item, r.Card)
                             else (f"a {item.value}", f"{item.value}s"))
                example = f'announce {all_} as "…", forgetting forfeits the box'
                report(DK.UNDEFINED,
                       Words(f"this happens when {one} is announced, but no clause "
                             "says to announce it",
                             f"ceci arrive quand on annonce {q(one)}, mais aucune clause ne "
                             "dit de l’annoncer"), effect.span,
                       Words(f"add a clause such as: {example}",
                             f"ajoutez une clause comme{NNBSP}: {q(example)}"))


def _announced(rs: r.Ruleset, item: r.CardClass | r.Card) -> bool:
    """Whether some announcement clause covers ``item``."""
    named = {c for a in rs.announcements for c in a.cards}
    if item in named or r.CardClass.ANY_CARD in named:
        return True
    if not isinstance(item, r.Card):
        return False
    return (
        (r.CardClass.BOX_CARD in named and rs.board.box(item) is not None)
        or (r.CardClass.KING in named and item.rank == 13)
        or (r.CardClass.STOP_CARD in named and item in rs.stop_card_set())
        or (r.CardClass.WILD_CARD in named and rs.wild_card is not None
            and item == rs.wild_card.card)
    )
