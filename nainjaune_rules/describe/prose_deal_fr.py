"""The table and the deal in French: who plays, the cards, their ranks and the deck, how
and by whom the cards are dealt, who leads, the board and its pools, trumps and the card
turned up, the talon and the extra hand, and the options the table chooses.

The French twin of :mod:`.prose_deal`: one function per clause type, registered by
:func:`.prose_fr.describe_fr`; what a ruleset spells out itself is quoted as it is
(:func:`.prose_parts_fr.quoted`).  Nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.core.french import card_symbol, rank_letter, said_number
from nainjaune_rules.model.rules import (
    Board,
    Box,
    Dealing,
    DealTable,
    Deck,
    ExtraHand,
    FirstDealer,
    FirstLead,
    NextDealer,
    Players,
    Pool,
    RankNames,
    Ranks,
    Shuffling,
    TableOption,
    Talon,
    Trumps,
    TurnUpBonus,
    TurnUpBox,
)
from nainjaune_rules.model.words import words

from .phrase import Phrase
from .prose_parts_fr import quoted
from .vocabulary_fr import (
    DIRECTION_SHORT,
    DIRECTION_WORDS,
    RANK_WORDS,
    SIDE_SHORT,
    SIDE_TO,
    SIDE_WORDS,
    capital,
    card_words,
    contract,
    join_words,
    players_span,
    tokens,
)


def players(c: Players) -> Phrase:
    words, short = players_span(c.counts)
    return Phrase(f"La partie se joue {words} joueurs.", short)


def rank_names(c: RankNames) -> Phrase:
    said = quoted(", ".join(c.names))
    return Phrase(f"Les hauteurs se nomment, de la plus basse à la plus haute : {said}.",
                  " ".join(c.names))


def ranks(c: Ranks) -> Phrase:
    codes = " ".join(rank_letter(r) for r in c.order)
    if c.order == tuple(range(1, 14)):
        return Phrase(
            f"Les cartes vont de l'as, la plus faible, au roi, la plus forte : {codes}.",
            "de l'as au roi",
        )
    low, high = (RANK_WORDS[r - 1] for r in (c.order[0], c.order[-1]))
    return Phrase(f"Les cartes se rangent dans cet ordre, de la plus faible à la plus "
                  f"forte : {codes}.", f"{contract('de', low)} {contract('à', high)}")


def deal_table(c: DealTable) -> Phrase:
    if c.all_cards:  # issue 22, part 4: every card dealt, no rows
        extra = " et à une main supplémentaire" if c.extra_hands else ""
        return Phrase(
            f"Toutes les cartes sont distribuées, une à une, aux joueurs{extra} : les mains "
            "peuvent différer d'une carte (les premières servies en ont une de plus) ; il ne "
            "reste pas de talon.",
            "toutes les cartes" + (", une main supplémentaire" if c.extra_hands else ""))
    parts, short = [], []
    for i, row in enumerate(c.rows):
        talon = f" (un talon de {row.talon})" if row.talon is not None else ""
        cards = "cartes " if i == 0 else ""
        parts.append(f"{row.cards_each} {cards}à {row.players} joueurs{talon}")
        short.append(f"{row.players} j. : {row.cards_each}")
    stated = [str(r.talon) for r in c.rows if r.talon is not None]
    rest = "" if stated else " Les cartes qui restent forment le talon, que personne ne joue."
    talon = f" ; talon {'/'.join(stated)}" if stated else " ; le reste fait le talon"
    return Phrase(f"Chaque joueur reçoit {join_words(parts)}.{rest}",
                  ", ".join(short) + talon)


def dealing(c: Dealing) -> Phrase:
    packets = "une par une" if c.packet == 1 else f"par paquets de {c.packet}"
    short_packets = "une par une" if c.packet == 1 else f"par {c.packet}"
    return Phrase(
        f"Le donneur distribue les cartes {packets}, {DIRECTION_WORDS[c.direction]}.",
        f"{short_packets}, {DIRECTION_SHORT[c.direction]}",
    )


def first_dealer(c: FirstDealer) -> Phrase:
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(said.prose_fr, said.short_fr)


def next_dealer(c: NextDealer) -> Phrase:
    return Phrase(f"Après chaque donne, la donne passe {SIDE_TO[c.side]}.", SIDE_SHORT[c.side])


def first_lead(c: FirstLead) -> Phrase:
    return Phrase(
        f"{capital(SIDE_WORDS[c.side])} joue le premier, avec la carte de son choix.",
        SIDE_SHORT[c.side],
    )


def _box_words(box: Box) -> str:
    """``le 7 de carreau (7♦, « the yellow dwarf », mise 5)``: the box's own name (the
    ruleset's words) is given only when it says more than the card's."""
    words = card_words(box.card, symbol=False)
    # the card's own name, in English (a ruleset as written) or in French (its catalogue's
    # translation, with the figure in words or not: « le dix de carreau »)
    said = " ".join(said_number(w) for w in words.split(" "))
    plain = " ".join(box.name.split()).lower() in (
        f"the {box.card.name}", box.card.name, words.lower(), said.lower())
    name = "" if plain else f", {quoted(box.name)}"
    symbol = card_symbol(box.card)
    return f"{words} ({symbol}{name}, mise {box.stake})"


def board(c: Board) -> Phrase:
    if not c.boxes:  # ``board: none`` (issue #22, item 3)
        return Phrase("Il n'y a pas de tableau : aucune carte ne gagne de case.", "aucun")
    cases = f"{len(c.boxes)} case" + ("s" if len(c.boxes) > 1 else "")
    return Phrase(
        f"Le tableau a {cases} : {join_words([_box_words(b) for b in c.boxes])} ; "
        f"les mises d'un joueur font {tokens(c.stake_total)}.",
        " ".join(f"{card_symbol(b.card)}:{b.stake}" for b in c.boxes),
    )


def pool(c: Pool) -> Phrase:
    """A pool tied to no card (issue #22, item 3)."""
    said = words(c.won_by)
    pair = (join_words([rank_letter(x) for x in c.trump_ranks]) + " d'atout" if c.trump_ranks
            else join_words([card_symbol(x) for x in c.cards]))
    return Phrase(
        f"La poule {quoted(c.name)} reçoit une mise de {tokens(c.stake)} de chaque joueur qui "
        f"mise ; {said.prose_fr.format(pair=pair)}.",
        f"{quoted(c.name)} ({c.stake}) : {said.short_fr.format(pair=pair)}",
    )


def trumps(c: Trumps) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("La dernière carte donnée est retournée, à la vue de tous ; sa couleur est "
                  "l'atout de la donne. Elle reste dans la main qui l'a reçue.",
                  "la dernière carte donnée, retournée")


def turn_up_bonus(c: TurnUpBonus) -> Phrase:
    """Issue #22, item 6: the Pope turned up."""
    card = card_symbol(c.card)
    return Phrase(f"Quand la carte retournée est {card}, le donneur ramasse la poule "
                  f"{quoted(c.pool)}, et chaque autre joueur lui paie {tokens(c.per_card)} "
                  "par carte reçue.",
                  f"{card} : la poule {quoted(c.pool)}, {c.per_card} par carte")


def turn_up_box(c: TurnUpBox) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("Quand la carte retournée est une carte du tableau, le donneur ramasse "
                  "aussitôt sa case, et toute poule que cette carte seule gagnerait.",
                  "le donneur ramasse sa case")


def shuffling(c: Shuffling) -> Phrase:
    cut = f" ; {SIDE_WORDS[c.cut]} coupe" if c.cut else ""
    return Phrase(f"Le donneur mêle les cartes avant chaque donne{cut}.",
                  "le donneur mêle" + (f" ; coupe : {SIDE_SHORT[c.cut]}" if c.cut else ""))


def talon(c: Talon) -> Phrase:
    return Phrase(
        "Les cartes non distribuées (le talon) restent face cachée, hors du jeu, jusqu'à "
        "la donne suivante : une suite qui a besoin de l'une d'elles est bloquée.",
        "face cachée, hors du jeu",
    )


def extra_hand(c: ExtraHand) -> Phrase:  # issue 22, part 4
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(f"La main supplémentaire {said.prose_fr}.", said.short_fr)


# composition du jeu (#22)
def deck(c: Deck) -> Phrase:
    parts, short = [], []
    if c.packs > 1:
        parts.append(f"on mêle {c.packs} jeux, si bien que chaque carte y est {c.packs} fois ; "
                     "une règle qui nomme une carte en nomme chaque exemplaire (l'un ou "
                     "l'autre exemplaire d'une carte du tableau gagne sa case, chaque "
                     "exemplaire d'une carte d'arrêt ou du joker joue comme elle, et une carte "
                     "du tableau gardée en main paie sa case une fois par exemplaire)")
        short.append(f"{c.packs} jeux")
    if c.without:
        # the cards in words and French letters (« le 8 de carreau », ♦8), not codes
        named = join_words([card_words(x, symbol=False) for x in c.without], "et")
        each = " de chaque jeu" if c.packs > 1 else ""
        one = len(c.without) == 1
        parts.append(f"{named} {'est retiré' if one else 'sont retirés'}{each}")
        short.append("sans " + " ".join(card_symbol(x) for x in c.without))
    return Phrase("Le jeu de cartes : " + " ; ".join(parts) + ".", ", ".join(short))


def table_option(c: TableOption) -> Phrase:
    def choice(name: str, default: str) -> str:
        return quoted(name) + (f" ({default})" if name == c.default else "")

    names = [choice(ch.name, "par défaut") for ch in c.choices]
    return Phrase(
        f"La table choisit {quoted(c.description)} : {join_words(names, 'ou')}.",
        f"{c.name} : " + " ou ".join(choice(ch.name, "défaut") for ch in c.choices),
    )


#: the function for each clause type this module words, for :func:`.prose_fr.describe_fr`
#: to register: it cannot be registered here, as :mod:`.prose_fr` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    players, rank_names, ranks, deal_table, dealing, first_dealer, next_dealer, first_lead,
    board, pool, trumps, turn_up_bonus, turn_up_box, shuffling, talon, extra_hand, deck,
    table_option,
)
