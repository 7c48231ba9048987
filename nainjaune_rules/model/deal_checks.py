"""Whole-ruleset checks of the deal: the deal table, the hands, the talon.

The deal table covers every player count and fits in the deck (its size from
:func:`~nainjaune_rules.model.rules.deck_size`), ``deal: all cards`` gives every hand
a card, an extra hand says what becomes of it, and no talon is described when every
card is dealt.  Its own room because these checks read the deal's clauses together.
Registered in :data:`nainjaune_rules.model.checks.CHECKS`.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter as Report
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.words import column


def _check_deal(rs: r.Ruleset, report: Report) -> None:
    deck = r.deck_size(rs)  # the packs and the cards taken out (deck composition, #22)
    table = rs.deal_table
    if table.all_cards:
        return  # no rows: every card is dealt (_check_all_cards)
    for count in rs.players.counts:
        if table.row(count) is None:
            report(DK.DEAL_MISSING_COUNT,
                   Words(f"the deal table does not say how many cards each of {count} "
                         "players gets",
                         "la table des donnes ne dit pas combien de cartes reçoit chacun de "
                         f"{count} joueurs"),
                   rs.players.span,
                   Words(f"add a line to the deal table: {count} players: N cards each",
                         f"ajoutez une ligne à la table des donnes{NNBSP}: "
                         + q(f"{count} players: N cards each")))
    for row in table.rows:
        needed = row.players * row.cards_each
        if row.players not in rs.players.counts:
            counts = _counts(rs.players.counts)
            report(DK.CONTRADICTION,
                   Words(f"the deal table deals to {row.players} players, but the game is for "
                         f"{counts} players",
                         f"la table des donnes distribue à {row.players} joueurs, mais le jeu "
                         f"se joue à {_counts_fr(rs.players.counts)} joueurs"), row.span,
                   Words("remove this line or allow that many players",
                         "retirez cette ligne ou permettez autant de joueurs"))
        if needed > deck:
            report(DK.DECK_OVERFLOW,
                   Words(f"{row.players} players × {row.cards_each} cards need {needed} cards; "
                         f"the deck has {deck}",
                         f"{row.players} joueurs × {row.cards_each} cartes demandent {needed} "
                         f"cartes{NNBSP}; le jeu en a {deck}"), row.span,
                   Words(f"at most {deck // row.players} cards each for {row.players} players",
                         f"au plus {deck // row.players} cartes chacun pour {row.players} "
                         "joueurs"))
            continue
        if rs.dealing.packet > row.cards_each:
            report(DK.PACKET_OVER_HAND,
                   Words(f"packets of {rs.dealing.packet} are more than the {row.cards_each} "
                         f"cards each of {row.players} players get",
                         f"des paquets de {rs.dealing.packet}, c’est plus que les "
                         f"{row.cards_each} cartes que reçoit chacun de {row.players} joueurs"),
                   rs.dealing.span,
                   Words("legal: each hand then comes in one packet",
                         f"c’est permis{NNBSP}: chaque main vient alors en un seul paquet"))
        rest = deck - needed
        if row.talon is not None and row.talon != rest:
            report(DK.CONTRADICTION,
                   Words(f"with {row.players} players × {row.cards_each} cards the talon holds "
                         f"{rest} cards, not {row.talon}",
                         f"avec {row.players} joueurs × {row.cards_each} cartes, le talon "
                         f"tient {rest} cartes, pas {row.talon}"), row.span,
                   Words(f"write 'talon {rest}' or leave the talon out (it is what is left)",
                         f"écrivez {q(f'talon {rest}')} ou omettez le talon (c’est ce qui "
                         "reste)"))
        elif rest == 0:
            report(DK.EMPTY_TALON,
                   Words(f"with {row.players} players the talon is empty",
                         f"à {row.players} joueurs, le talon est vide"),
                   row.span,
                   Words("legal, but then every card is in a hand and no run is blocked",
                         "c’est permis, mais alors chaque carte est dans une main et aucune "
                         "suite n’est bloquée"))


def _counts_fr(counts: tuple[int, ...]) -> str:
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} à {counts[-1]}"
    said = [str(n) for n in counts]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} ou {said[-1]}"


def _counts(counts: tuple[int, ...]) -> str:
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts))


# ---- issue 22, part 4 (h22-hands): every card dealt, and the extra hand ----------------

_EXTRA_HAND_CLAUSES = " or ".join(
    f"'extra hand: {w}'" for w in column(r.ExtraHandRule, "language").values())


_EXTRA_HAND_CLAUSES_FR = " ou ".join(
    q(f"extra hand: {w}") for w in column(r.ExtraHandRule, "language").values())


def _check_all_cards(rs: r.Ruleset, report: Report) -> None:
    """``deal: all cards``: one card at a time, and at least one card for every hand."""
    table = rs.deal_table
    if not table.all_cards:
        return
    if rs.dealing.packet > 1:
        fix = f"dealing: one card at a time, {rs.dealing.direction.value}"
        report(DK.CONTRADICTION,
               Words(f"'deal: all cards' deals the cards one at a time, but the dealing is in "
                     f"packets of {rs.dealing.packet}",
                     f"{q('deal: all cards')} distribue les cartes une à une, mais la "
                     f"distribution se fait par paquets de {rs.dealing.packet}"),
               rs.dealing.span, Words(f"write '{fix}'", f"écrivez {q(fix)}"))
    deck = r.deck_size(rs)
    for count in rs.players.counts:
        hands = count + table.extra_hands
        if hands > deck:
            report(DK.DECK_OVERFLOW,
                   Words(f"{count} players and {table.extra_hands} extra hand need at least "
                         f"{hands} cards, one a hand; the deck has {deck}",
                         f"{count} joueurs et {table.extra_hands} main de plus demandent au "
                         f"moins {hands} cartes, une par main{NNBSP}; le jeu en a {deck}"),
                   table.span, Words(f"at most {deck - table.extra_hands} players",
                                     f"au plus {deck - table.extra_hands} joueurs"))


def _check_extra_hand(rs: r.Ruleset, report: Report) -> None:
    """An extra hand dealt says what becomes of it; a rule for one is dealt one."""
    table, extra = rs.deal_table, rs.extra_hand
    if table.extra_hands and extra is None:
        report(DK.MISSING_CLAUSE,
               Words("the deal deals an extra hand, but no clause says what becomes of it",
                     "la donne distribue une main de plus, mais aucune clause ne dit ce "
                     "qu’elle devient"),
               table.span, Words(f"add {_EXTRA_HAND_CLAUSES}",
                                 f"ajoutez {_EXTRA_HAND_CLAUSES_FR}"))
    elif extra is not None and not table.extra_hands:
        report(DK.NO_EXTRA_HAND,
               Words("the 'extra hand' clause never applies: the deal deals no extra hand",
                     f"la clause {q('extra hand')} ne s’applique jamais{NNBSP}: la donne ne "
                     "distribue pas de main de plus"),
               extra.span,
               Words("deal one with 'deal: all cards, one extra hand', or remove it",
                     f"distribuez-en une avec {q('deal: all cards, one extra hand')}, ou "
                     "retirez-la"))


def _check_talon_with_all_cards(rs: r.Ruleset, report: Report) -> None:
    """Every card dealt leaves no talon: a talon clause then describes nothing."""
    if rs.deal_table.all_cards and rs.talon is not None:
        report(DK.CONTRADICTION,
               Words("every card is dealt ('deal: all cards'), so there is no talon to lie "
                     "face down",
                     f"toutes les cartes sont distribuées ({q('deal: all cards')}), il n’y a "
                     "donc pas de talon face cachée"), rs.talon.span,
               Words("leave the talon clause out (in a ruleset that extends another: "
                     "'remove talon')",
                     "omettez la clause du talon (dans une règle du jeu qui en étend une "
                     f"autre{NNBSP}: {q('remove talon')})"))
