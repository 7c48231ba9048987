"""Checks on a whole ruleset: what no single clause can see alone.

The deal must fit in the deck and cover every player count; effects must
name things the ruleset defines and fire on events where they make sense;
clauses must not contradict each other.  Legal but suspicious things (an
empty talon, a box whose card is never dealt) are warnings.

Every check is registered in :data:`CHECKS` with the ruleset fields it reads.
A clause written with errors (or missing) leaves its field *broken*, and
:func:`check_ruleset` skips only the checks that read a broken field: the others
still report, and none reports a problem that is only the broken clause's echo.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass

from nainjaune_rules.core.actions import ACTION_EVENTS
from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, number_fr, q
from nainjaune_rules.core.cards import parse_card, rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.deck_checks import check_deck
from nainjaune_rules.model.words import column, words
from nainjaune_rules.model.writer import action_text

Report = Reporter

#: the most tokens any count of a game may reach (a balance, a payment, a box, a debt):
#: the largest integer every JSON reader (JavaScript's included) reads exactly.  The
#: transcript schema bounds its token counts by it (nainjaune_rules.schemas injects it)
MAX_TOKENS = 2**53 - 1
#: the tokens a table may start with, all players together: MAX_TOKENS with a margin of
#: a million for the counters a bank sells (debts grow with what players cannot pay)
MAX_TOKENS_AT_START = MAX_TOKENS >> 20

#: "when a card is played", "when the deal ends", "when opera": the registry's words
_EVENT_WORDS = {k: "when " + w.format(cards="a card")
                for k, w in column(r.EventKind, "language").items()}


@dataclass(frozen=True)
class Check:
    """One whole-ruleset check and the fields of :class:`~r.Ruleset` it reads."""

    run: Callable[[r.Ruleset, Report], None]
    reads: frozenset[str]

    @property
    def name(self) -> str:
        return self.run.__name__.removeprefix("_check_")


def check_ruleset(ruleset: r.Ruleset, report: Report, broken: Collection[str] = ()) -> None:
    """Report every whole-ruleset problem of ``ruleset`` through ``report``.

    ``broken`` names the fields whose clause had errors or is missing (their value
    in ``ruleset`` is a stand-in): the checks that read one of them are skipped.
    """
    for check in CHECKS:
        if check.reads.isdisjoint(broken):
            check.run(ruleset, report)


def _check_token_total(rs: r.Ruleset, report: Report) -> None:
    """No more tokens at the table than a transcript can record (MAX_TOKENS_AT_START)."""
    tokens = rs.starting_tokens
    players = max(rs.players.counts, default=1)
    if tokens.count * players > MAX_TOKENS_AT_START:
        total = tokens.count * players
        report(DK.TOO_MANY_TOKENS,
               Words(f"{players} players starting with {tokens.count} tokens "
                     f"each make {total:,} tokens at the table, more than the "
                     f"{MAX_TOKENS_AT_START:,} a game can count",
                     f"{players} joueurs commençant avec {tokens.count} jetons chacun font "
                     f"{number_fr(total)} jetons à la table, plus que les "
                     f"{number_fr(MAX_TOKENS_AT_START)} qu’une partie sait compter"),
               tokens.span, Words("start with fewer tokens", "commencez avec moins de jetons"))


def _check_tokens(rs: r.Ruleset, report: Report) -> None:
    """Token kinds: a token of 1 (so any amount can be paid), a change rule, payable kinds."""
    tokens = rs.starting_tokens
    kinds = [value for value, _many in tokens.denominations]
    if kinds and 1 not in kinds:
        report(DK.NO_UNIT_TOKEN,
               Words("no token is worth 1, so some amounts can never be paid",
                     "aucun jeton ne vaut 1, si bien que certains montants ne peuvent jamais "
                     "être payés"),
               tokens.span, Words("add tokens worth 1, e.g. `, 10 worth 1`",
                                  f"ajoutez des jetons valant 1, par exemple {q(', 10 worth 1')}"))
    several = len(set(kinds)) > 1  # `tokens: 50 worth 1` is one kind: nothing to change
    if several and rs.change is None:
        report(DK.MISSING_CLAUSE,
               Words("the tokens come in several values, but the ruleset never "
                     "says how change is made",
                     "les jetons ont plusieurs valeurs, mais la règle du jeu ne dit jamais "
                     "comment on fait la monnaie"), tokens.span,
               Words("add a clause such as: change: between players",
                     f"ajoutez une clause comme{NNBSP}: {q('change: between players')}"))
    if not several and rs.change is not None:
        report(DK.CHANGE_NEVER_MADE,
               Words("every token is worth 1, so change is never made",
                     "chaque jeton vaut 1, on ne fait donc jamais la monnaie"),
               rs.change.span,
               Words("list the tokens by value (`tokens: 5 worth 10, 20 worth 1`) "
                     "or remove the change clause",
                     f"listez les jetons par valeur ({q('tokens: 5 worth 10, 20 worth 1')}) "
                     "ou retirez la clause de la monnaie"))


def _check_payments_in_tokens(rs: r.Ruleset, report: Report) -> None:
    """A payment may require tokens of 1 only (any amount is payable in them)."""
    for effect in rs.effects:
        wanted = effect.action.in_tokens_of
        if wanted not in (0, 1):
            report(DK.UNPAYABLE_TOKENS,
                   Words(f"a payment in tokens of {wanted} is not supported: "
                         "payments may require tokens of 1 only",
                         f"un paiement en jetons de {wanted} n’est pas pris en charge{NNBSP}: "
                         "un paiement ne peut exiger que des jetons de 1"), effect.span,
                   Words("write `in tokens of 1`, or leave the kind of token free",
                         f"écrivez {q('in tokens of 1')}, ou laissez libre la sorte de jeton"))


def _check_turn(rs: r.Ruleset, report: Report) -> None:
    """The turn passes the way play goes: a side against the direction is a contradiction.

    With two players left and right are the same seat, so nothing can disagree.
    """
    if rs.turn is None or rs.turn.passes_to is r.Side.NEXT_IN_PLAY:
        return
    direction, side = rs.play_direction.direction, rs.turn.passes_to
    if side is _SIDE_OF_PLAY[direction] or max(rs.players.counts) <= 2:
        return
    side_said, way = words(side).language, words(direction).language
    right, next_ = words(_SIDE_OF_PLAY[direction]).language, words(r.Side.NEXT_IN_PLAY).language
    report(DK.CONTRADICTION,
           Words(f"the turn passes to {side_said}, but play goes {way}",
                 f"le tour passe à {q(side_said)}, mais le jeu va {q(way)}"), rs.turn.span,
           Words(f"write '{right}' or '{next_}'", f"écrivez {q(right)} ou {q(next_)}"))


#: the side of a player on which the next player in play sits
_SIDE_OF_PLAY = {r.Direction.CLOCKWISE: r.Side.LEFT, r.Direction.COUNTERCLOCKWISE: r.Side.RIGHT}


def _check_run_end(rs: r.Ruleset, report: Report) -> None:
    """``after a king`` names the king: warn when the king is not the top of the ranks."""
    clause, order = rs.after_king, rs.ranks.order
    if clause.top_rank:
        return
    hint = Words("write `after the top rank: the player leads a new run` to end runs on the "
                 "top rank",
                 f"écrivez {q('after the top rank: the player leads a new run')} pour "
                 "arrêter les suites sur le rang le plus haut")
    if 13 not in order:
        report(DK.RANK_NEVER_ENDS_RUN,
               Words("there is no king in the ranks, so `after a king` never ends a run",
                     f"il n’y a pas de roi dans les rangs, donc {q('after a king')} "
                     "n’arrête jamais une suite"),
               clause.span, hint)
    elif order[-1] != 13:
        above = " ".join(rank_code(x) for x in order[order.index(13) + 1:])
        report(DK.RANK_NEVER_CONTINUES,
               Words(f"a king ends every run, so the ranks above it ({above}) can never "
                     "continue one",
                     f"un roi arrête chaque suite, donc les rangs au-dessus ({above}) ne "
                     "peuvent jamais en continuer une"),
               clause.span, hint)


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


def _counts_fr(counts: tuple[int, ...]) -> str:
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} à {counts[-1]}"
    said = [str(n) for n in counts]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} ou {said[-1]}"


def _counts(counts: tuple[int, ...]) -> str:
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts))


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


def _check_game_end(rs: r.Ruleset, report: Report) -> None:
    for condition in rs.game_end.conditions:
        if condition.kind is not r.EndKind.AFTER_DEALS:
            continue
        for count, _ in condition.deals:
            if count and count not in rs.players.counts:
                report(DK.CONTRADICTION,
                       Words(f"the game's length is given for {count} players, but the game "
                             f"is for {_counts(rs.players.counts)} players",
                             f"la durée de la partie est donnée pour {count} joueurs, mais le "
                             f"jeu se joue à {_counts_fr(rs.players.counts)} joueurs"),
                       rs.game_end.span,
                       Words(f"remove '{count} players' or allow that many players",
                             f"retirez {q(f'{count} players')} ou permettez autant de "
                             "joueurs"))
        for count in rs.players.counts:
            if condition.deals_for(count) is None:
                report(DK.DEAL_MISSING_COUNT,
                       Words(f"the game's length is not given for {count} players",
                             f"la durée de la partie n’est pas donnée pour {count} joueurs"),
                       rs.game_end.span,
                       Words(f"add '{count} players' to 'game ends: after …', or give one "
                             "number of deals for every count",
                             f"ajoutez {q(f'{count} players')} à "
                             f"{q('game ends: after …')}, ou donnez un seul nombre de donnes "
                             "pour tous les nombres de joueurs"))


def _check_reachable_length(rs: r.Ruleset, report: Report) -> None:
    """Warn when a stated number of deals is usually cut short by an inherited end.

    A ruleset that extends a ruin-ended game (fr-sheet: "cannot pay in full: pays what
    they have and the game ends") and states "game ends: after 10 deals" keeps the
    ruin: with no bank to buy from, the first debt a loser cannot pay in full ends the
    game.  It comes first in the usual game when the stakes of the stated deals alone
    are more than half of what a player starts with (the losers' payments come on top):
    fr-sheet for 10 deals, 15 staked a deal, reached the tenth deal in 0% of 100
    simulated games from 50 tokens, 28% from 200, 62% from 300, 100% from 1000.  Said
    only when the two clauses come from different files: a file that states both means
    them together.
    """
    lengths = [c for c in rs.game_end.conditions if c.kind is r.EndKind.AFTER_DEALS]
    shortfall = rs.cannot_pay
    if not lengths or shortfall.rule is not r.Shortfall.PAYS_AND_GAME_ENDS \
            or shortfall.defined_in == rs.game_end.defined_in:
        return
    deals = max(d for _, d in lengths[0].deals)
    # what one player stakes a deal: every player the whole board, or the dealer alone
    # once a round (of the fewest players, the most often)
    staked = rs.board.stake_total if rs.stakes.stakers is r.Stakers.EVERY_PLAYER else \
        -(-rs.board.stake_total // max(min(rs.players.counts, default=1), 1))
    tokens = rs.starting_tokens.count
    if 2 * deals * staked <= tokens:
        return
    where = f" (from {shortfall.defined_in})" if shortfall.defined_in else ""
    where_fr = f" (de {shortfall.defined_in})" if shortfall.defined_in else ""
    rule = f"cannot pay in full: {words(shortfall.rule).language}"
    report(DK.UNREACHABLE_LENGTH,
           Words(f"the game is to last {deals} deals, but a player who starts with {tokens} "
                 f"tokens stakes {deals * staked} over them before any payment, and the "
                 f"inherited '{rule}'{where} ends "
                 "the game at the first debt a player cannot pay in full, which usually comes "
                 "first",
                 f"la partie doit durer {deals} donnes, mais un joueur qui commence avec "
                 f"{tokens} jetons en mise {deals * staked} sur ces donnes avant tout "
                 f"paiement, et la clause héritée {q(rule)}{where_fr} finit la partie à la "
                 "première dette qu’un joueur ne peut pas payer en entier, qui vient "
                 "d’ordinaire avant"), rs.game_end.span,
           Words("to play every deal, add 'cannot pay in full: buys counters from the bank' "
                 "(or '… pays what they have and leaves the game'); 'nainjaune check "
                 "--simulate 300' counts the games that reach the last deal",
                 "pour jouer toutes les donnes, ajoutez "
                 f"{q('cannot pay in full: buys counters from the bank')} (ou "
                 f"{q('… pays what they have and leaves the game')}){NNBSP}; "
                 f"{q('nainjaune check --simulate 300')} compte les parties qui atteignent "
                 "la dernière donne"))


def _check_stakes(rs: r.Ruleset, report: Report) -> None:
    """Warn when the stakes of one deal are more than a player starts with."""
    if rs.stakes.stakers is r.Stakers.EVERY_PLAYER and \
            r.deal_stakes(rs) > rs.starting_tokens.count:
        staked, start = r.deal_stakes(rs), rs.starting_tokens.count
        report(DK.STAKES_EXCEED_TOKENS,
               Words(f"each player stakes {staked} a deal but starts with {start} tokens",
                     f"chaque joueur mise {staked} par donne mais commence avec {start} "
                     "jetons"), rs.starting_tokens.span,
               Words("nobody could pay the first stakes",
                     "personne ne pourrait payer les premières mises"))
    elif rs.stakes.stakers is r.Stakers.BY_SEAT:  # per-seat stakes (issue #22)
        for who, times in ((Words("the dealer", "le donneur"), rs.stakes.dealer_times),
                           (Words("every other player", "chaque autre joueur"),
                            rs.stakes.other_times)):
            if rs.board.stake_total * times > rs.starting_tokens.count:
                board, start = rs.board.stake_total, rs.starting_tokens.count
                report(DK.STAKES_EXCEED_TOKENS,
                       Words(f"{who.en} stakes {board * times} a deal "
                             f"({times} × {board}) but starts with {start} tokens",
                             f"{who.fr} mise {board * times} par donne ({times} × {board}) "
                             f"mais commence avec {start} jetons"), rs.stakes.span,
                       Words("that player could not pay the first stakes",
                             "ce joueur ne pourrait pas payer les premières mises"))
                return


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


# ---- issue 22, part 4 (h22-hands): every card dealt, and the extra hand ----------------

_EXTRA_HAND_CLAUSES = " or ".join(
    f"'extra hand: {w}'" for w in column(r.ExtraHandRule, "language").values())
_EXTRA_HAND_CLAUSES_FR = " ou ".join(
    q(f"extra hand: {w}") for w in column(r.ExtraHandRule, "language").values())
_ADD_RANK = Words("add the rank to 'ranks' or name another card",
                  f"ajoutez le rang à {q('ranks')} ou nommez une autre carte")


def _other_clause(line: int) -> Words:
    return Words(f"the other clause is at line {line}", f"l’autre clause est à la ligne {line}")


def _laid_twice(name: str) -> Words:
    return Words(f"the pool {name!r} is won by laying one card twice",
                 f"la poule {q(name)} se gagne en posant deux fois la même carte")


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


# -- pools and an empty board (issue #22, item 3) -------------------------------------

#: the longest name of a pool (the transcript's schema holds it to this too)
MAX_POOL_NAME = 60


def _check_pools(rs: r.Ruleset, report: Report) -> None:
    """A pool's name keys it in transcripts: not empty, not a card code, not too long; a
    pair is two different cards of the deck."""
    ranks = set(rs.ranks.order)
    for pool in rs.pools:
        name = pool.name
        if not name.strip() or len(name) > MAX_POOL_NAME or parse_card(name) is not None:
            report(DK.BAD_POOL_NAME,
                   Words(f"the pool name {name!r} cannot name a pool",
                         f"{q(name)} ne peut pas nommer une poule"), pool.span,
                   Words(f"give it a name of 1 to {MAX_POOL_NAME} characters that is not a "
                         'card code, e.g. pool "Game"',
                         f"donnez-lui un nom de 1 à {MAX_POOL_NAME} caractères qui ne soit "
                         "pas un code de carte, par exemple " + q('pool "Game"')))
        if len(set(pool.cards)) != len(pool.cards):
            report(DK.CONTRADICTION, _laid_twice(name), pool.span,
                   Words("name two different cards: K and Q of one suit, say KD and QD",
                         f"nommez deux cartes différentes{NNBSP}: le roi et la dame d’une "
                         "couleur, disons KD et QD"))
        if len(set(pool.trump_ranks)) != len(pool.trump_ranks):
            report(DK.CONTRADICTION, _laid_twice(name), pool.span,
                   Words("name two different ranks: K and Q of trumps",
                         f"nommez deux rangs différents{NNBSP}: K et Q d’atout"))
        needs = [c.rank for c in pool.cards] + list(pool.trump_ranks)
        for rank in needs:
            if rank not in ranks:
                code = rank_code(rank)
                report(DK.BOX_NOT_DEALT,
                       Words(f"the pool {name!r} needs a card of rank "
                             f"{code}, which is not in this deck: nobody can win it",
                             f"la poule {q(name)} demande une carte de rang {code}, qui "
                             f"n’est pas dans ce jeu{NNBSP}: personne ne peut la gagner"),
                       pool.span, Words("add the rank to 'ranks' or name other cards",
                                        f"ajoutez le rang à {q('ranks')} ou nommez d’autres "
                                        "cartes"))


def _check_trumps_named(rs: r.Ruleset, report: Report) -> None:
    """A pool of trump cards, or the turn-up's box, needs the clause that turns trumps up
    (issue #22, item 6)."""
    if rs.trumps is not None:
        return
    hint = Words("add: trumps: the last card dealt is turned up",
                 f"ajoutez{NNBSP}: {q('trumps: the last card dealt is turned up')}")
    for pool in rs.pools:
        if pool.trump_ranks:
            report(DK.UNDEFINED,
                   Words(f"the pool {pool.name!r} names trumps, but the ruleset never "
                         "says what trumps are",
                         f"la poule {q(pool.name)} nomme l’atout, mais la règle du jeu ne "
                         "dit jamais ce qu’est l’atout"), pool.span, hint)
    for clause in (rs.turn_up_box, rs.turn_up_bonus):
        if clause is not None:
            report(DK.UNDEFINED,
                   Words("this names the turn-up, but no card is turned up",
                         "ceci nomme la retourne, mais aucune carte n’est retournée"),
                   clause.span, hint)


def _check_turn_up_bonus(rs: r.Ruleset, report: Report) -> None:
    """The Pope turned up names a pool of the ruleset and a card of the deck."""
    bonus = rs.turn_up_bonus
    if bonus is None:
        return
    names = [p.name for p in rs.pools]
    if bonus.pool not in names:
        listed = ", ".join(names)
        report(DK.UNDEFINED,
               Words(f"the dealer takes the pool {bonus.pool!r}, but the ruleset has "
                     "no such pool",
                     f"le donneur prend la poule {q(bonus.pool)}, mais la règle du jeu n’a "
                     "pas cette poule"), bonus.span,
               Words(f"its pools: {listed}", f"ses poules{NNBSP}: {listed}") if names else
               Words('add one: pool "Game": stake 1, won by the deal\'s winner',
                     f"ajoutez-en une{NNBSP}: "
                     + q('pool "Game": stake 1, won by the deal\'s winner')))
    if bonus.card.rank not in rs.ranks.order:
        code, rank = bonus.card.code, rank_code(bonus.card.rank)
        report(DK.BOX_NOT_DEALT,
               Words(f"{code} is never dealt, so never turned up: "
                     f"rank {rank} is not in this deck",
                     f"{code} n’est jamais distribuée, donc jamais retournée{NNBSP}: le rang "
                     f"{rank} n’est pas dans ce jeu"), bonus.span, _ADD_RANK)


def _check_empty_board(rs: r.Ruleset, report: Report) -> None:
    """``board: none``: a clause about box cards does nothing, and with no pool either the
    stakes go nowhere (warnings: the game still plays)."""
    if rs.board.boxes:
        return
    hint = Words("give the board a box ('board:' then 7D \"Nain Jaune\": stake 5) or drop "
                 "the clause",
                 f"donnez une case au tableau ({q('board:')} puis "
                 + q('7D "Nain Jaune": stake 5') + ") ou retirez la clause")
    for a in rs.announcements:
        if r.CardClass.BOX_CARD in a.cards:
            report(DK.NO_BOXES,
                   Words("this announces box cards, but the board has none",
                         "ceci annonce des cartes du tableau, mais le tableau n’en a aucune"),
                   a.span, hint)
    for e in rs.effects:
        takes = e.action.kind in (r.ActionKind.TAKE_BOX, r.ActionKind.HONOURS_DOUBLE_BOX)
        if r.CardClass.BOX_CARD in e.event.cards or takes:
            report(DK.NO_BOXES,
                   Words("this is about box cards, but the board has none",
                         "ceci parle des cartes du tableau, mais le tableau n’en a aucune"),
                   e.span, hint)
    if not rs.pools:
        report(DK.NO_BOXES,
               Words("the players stake each deal, but the board has no box and no "
                     "pool to stake into",
                     "les joueurs misent à chaque donne, mais le tableau n’a ni case ni "
                     "poule où miser"), rs.stakes.span,
               Words('add a pool (pool "Game": stake 1, won by the deal\'s winner) or a box',
                     "ajoutez une poule ("
                     + q('pool "Game": stake 1, won by the deal\'s winner') + ") ou une case"))


_FIELDS = frozenset(f.name for f in dataclasses.fields(r.Ruleset))


def _check_deck(rs: r.Ruleset, report: Report) -> None:
    """Deck composition (#22): the cards taken out (:mod:`.deck_checks`)."""
    check_deck(rs, report)


def _check(run: Callable[[r.Ruleset, Report], None], *reads: str) -> Check:
    unknown = set(reads) - _FIELDS
    assert not unknown, f"{run.__name__} reads no field {sorted(unknown)}"
    return Check(run, frozenset(reads))


#: Every whole-ruleset check, in the order it reports, with the fields it reads
#: (``test_lang_checks_registry`` runs each on a ruleset that records what is read).
CHECKS: tuple[Check, ...] = (
    _check(_check_deal, "players", "deal_table", "ranks", "dealing", "deck"),
    _check(_check_rank_names, "rank_names", "ranks"),
    _check(_check_cards_in_deck, "ranks", "board", "stop_cards", "wild_card"),
    _check(_check_wild_stop, "stop_cards", "wild_card"),  # issue 22 item 2
    _check(_check_rank_at_once, "rank_at_once", "runs"),  # issue 22 item 8
    _check(_check_card_classes, "announcements", "effects", "stop_cards", "wild_card",
           "board"),
    _check(_check_effects, "effects"),
    _check(_check_boxes_taken, "effects", "board", "stop_cards", "wild_card"),
    _check(_check_doubled_payments, "effects"),
    _check(_check_points_named, "effects", "points"),
    _check(_check_opera_named, "effects", "opera"),
    _check(_check_announcements, "announcements"),
    _check(_check_game_end, "game_end", "players"),
    _check(_check_stakes, "stakes", "board", "starting_tokens", "pools"),
    _check(_check_pools, "pools", "ranks"),  # issue #22, item 3
    _check(_check_trumps_named, "trumps", "pools", "turn_up_box",  # issue #22, item 6
           "turn_up_bonus"),
    _check(_check_turn_up_bonus, "turn_up_bonus", "pools", "ranks"),
    _check(_check_empty_board, "board", "announcements", "effects", "pools", "stakes"),
    # payments by outcome (issue #22)
    _check(_check_exemptions, "effects", "ranks"),
    _check(_check_going_out, "effects", "ranks"),
    _check(_check_reachable_length, "game_end", "cannot_pay", "board", "stakes", "players",
           "starting_tokens"),
    _check(_check_run_end, "after_king", "ranks"),
    _check(_check_tokens, "starting_tokens", "change"),
    _check(_check_token_total, "starting_tokens", "players"),
    _check(_check_payments_in_tokens, "effects"),
    _check(_check_turn, "turn", "play_direction", "players"),
    # issue 22, part 4 (h22-hands)
    _check(_check_all_cards, "deal_table", "dealing", "ranks", "deck", "players"),
    _check(_check_extra_hand, "deal_table", "extra_hand"),
    _check(_check_talon_with_all_cards, "deal_table", "talon"),
    # deck composition (#22)
    _check(_check_deck, "deck", "ranks", "board", "stop_cards", "wild_card", "announcements",
           "effects"),
)
