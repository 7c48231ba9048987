"""Every rule clause written out in French: one function per clause type.

The French twin of :mod:`.prose`: :func:`describe_fr` turns the same rule
objects into French sentences, clause type by clause type, so the French pages
are generated from the rules themselves and never translated from the English
text.  It returns the same :class:`~.prose.Phrase` (a full ``sentence`` and a
``short`` form for table cells), unescaped: escaping belongs to whoever writes
the text out.

What a ruleset file spells out itself (a box's name, a spoken word, a table
option's name and description, an inferred clause's reason) is data, written
in the ruleset's own language: it is quoted as it is, « comme ceci ».  The
words for each enum value live in :mod:`.vocabulary_fr`.
"""

from __future__ import annotations

from functools import singledispatch
from typing import assert_never

from nainjaune_rules.core.french import card_symbol, rank_letter, said_number
from nainjaune_rules.model.rules import (
    Action,
    ActionKind,
    AfterKing,
    Announcement,
    Basis,
    Board,
    Box,
    Call,
    CannotPay,
    Change,
    Clause,
    Continuing,
    DealEnd,
    Dealing,
    DealTable,
    Deck,
    Effect,
    EndCondition,
    EndKind,
    Event,
    EventKind,
    ExtraHand,
    FirstDealer,
    FirstLead,
    GameEnd,
    LeadAfterStop,
    LeadCard,
    Leftovers,
    NextDealer,
    NobodyCanContinue,
    Opera,
    PlayDirection,
    PlayedCards,
    Players,
    PlayOn,
    Points,
    Pool,
    RankAtOnce,
    RankNames,
    Ranks,
    Runs,
    Settlement,
    Shuffling,
    Stakers,
    Stakes,
    StartingTokens,
    StopCards,
    TableOption,
    Talon,
    Trumps,
    Turn,
    TurnUpBonus,
    TurnUpBox,
    WhenSkipFails,
    WhenStuck,
    WildCard,
    WinnerRule,
)
from nainjaune_rules.model.words import end_slots, words

from .prose import Phrase
from .vocabulary_fr import (
    ACTION_SHORT,
    ACTION_WORDS,
    CALL_WORDS,
    CHANGE_SHORT,
    CHANGE_WORDS,
    DIRECTION_SHORT,
    DIRECTION_WORDS,
    END_SHORT,
    END_WORDS,
    EVENT_WORDS,
    FORFEIT_SHORT,
    FORFEIT_WORDS,
    OPERA_SHORT,
    OPERA_WORDS,
    RANK_WORDS,
    SHORTFALL_SHORT,
    SHORTFALL_WORDS,
    SIDE_SHORT,
    SIDE_TO,
    SIDE_WORDS,
    STAKERS_WORDS,
    STEP_SHORT,
    STEP_WORDS,
    TURN_SHORT,
    TURN_TO,
    WINNER_WORDS,
    capital,
    card_class_short,
    card_class_words,
    card_words,
    cards_short,
    contract,
    join_words,
    players_span,
    tokens,
)


def quoted(text: str) -> str:
    """A ruleset's own words inside a French sentence, between guillemets."""
    return f"« {text} »"


# --------------------------------------------------------------------------
# One function per clause type
# --------------------------------------------------------------------------

@singledispatch
def describe_fr(clause: Clause) -> Phrase:
    """The clause in French.  Every clause type of rules.py has its own function below."""
    raise TypeError(f"no French prose for {type(clause).__name__}")


@describe_fr.register
def players(c: Players) -> Phrase:
    words, short = players_span(c.counts)
    return Phrase(f"La partie se joue {words} joueurs.", short)


@describe_fr.register
def rank_names(c: RankNames) -> Phrase:
    said = quoted(", ".join(c.names))
    return Phrase(f"Les hauteurs se nomment, de la plus basse à la plus haute : {said}.",
                  " ".join(c.names))


@describe_fr.register
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


@describe_fr.register
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


@describe_fr.register
def dealing(c: Dealing) -> Phrase:
    packets = "une par une" if c.packet == 1 else f"par paquets de {c.packet}"
    short_packets = "une par une" if c.packet == 1 else f"par {c.packet}"
    return Phrase(
        f"Le donneur distribue les cartes {packets}, {DIRECTION_WORDS[c.direction]}.",
        f"{short_packets}, {DIRECTION_SHORT[c.direction]}",
    )


@describe_fr.register
def first_dealer(c: FirstDealer) -> Phrase:
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(said.prose_fr, said.short_fr)


@describe_fr.register
def next_dealer(c: NextDealer) -> Phrase:
    return Phrase(f"Après chaque donne, la donne passe {SIDE_TO[c.side]}.", SIDE_SHORT[c.side])


@describe_fr.register
def play_direction(c: PlayDirection) -> Phrase:
    return Phrase(f"Le jeu tourne {DIRECTION_WORDS[c.direction]}.",
                  DIRECTION_SHORT[c.direction])


@describe_fr.register
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


@describe_fr.register
def board(c: Board) -> Phrase:
    if not c.boxes:  # ``board: none`` (issue #22, item 3)
        return Phrase("Il n'y a pas de tableau : aucune carte ne gagne de case.", "aucun")
    cases = f"{len(c.boxes)} case" + ("s" if len(c.boxes) > 1 else "")
    return Phrase(
        f"Le tableau a {cases} : {join_words([_box_words(b) for b in c.boxes])} ; "
        f"les mises d'un joueur font {tokens(c.stake_total)}.",
        " ".join(f"{card_symbol(b.card)}:{b.stake}" for b in c.boxes),
    )


@describe_fr.register
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


@describe_fr.register
def trumps(c: Trumps) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("La dernière carte donnée est retournée, à la vue de tous ; sa couleur est "
                  "l'atout de la donne. Elle reste dans la main qui l'a reçue.",
                  "la dernière carte donnée, retournée")


@describe_fr.register
def turn_up_bonus(c: TurnUpBonus) -> Phrase:
    """Issue #22, item 6: the Pope turned up."""
    card = card_symbol(c.card)
    return Phrase(f"Quand la carte retournée est {card}, le donneur ramasse la poule "
                  f"{quoted(c.pool)}, et chaque autre joueur lui paie {tokens(c.per_card)} "
                  "par carte reçue.",
                  f"{card} : la poule {quoted(c.pool)}, {c.per_card} par carte")


@describe_fr.register
def turn_up_box(c: TurnUpBox) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("Quand la carte retournée est une carte du tableau, le donneur ramasse "
                  "aussitôt sa case, et toute poule que cette carte seule gagnerait.",
                  "le donneur ramasse sa case")


@describe_fr.register
def stakes(c: Stakes) -> Phrase:
    if c.stakers is Stakers.BY_SEAT:  # per-seat stakes (issue #22)
        times = {"dealer_times": c.dealer_times, "other_times": c.other_times}
        return Phrase(
            f"Avant chaque donne, le donneur met sur chaque case {_fois(c.dealer_times)} la "
            f"mise qui lui revient, et chacun des autres joueurs {_fois(c.other_times)}.",
            words(c.stakers).short_fr.format(**times))
    who = STAKERS_WORDS[c.stakers]
    return Phrase(f"Avant chaque donne, {who} met sur chaque case la mise qui lui revient.",
                  words(c.stakers).short_fr)


def _fois(n: int) -> str:
    """"une fois", "deux fois", "3 fois"."""
    return {1: "une fois", 2: "deux fois"}.get(n, f"{n} fois")


@describe_fr.register
def leftovers(c: Leftovers) -> Phrase:
    if c.stay:
        return Phrase("Les jetons que personne n'a ramassés restent dans leur case, et les "
                      "nouvelles mises s'y ajoutent.", "restent pour la donne suivante")
    return Phrase("Les cases sont vidées à la fin de chaque donne.", "vidées")


@describe_fr.register
def starting_tokens(c: StartingTokens) -> Phrase:
    if not c.denominations:
        return Phrase(f"Chaque joueur commence avec {tokens(c.count)}.", str(c.count))
    kinds = [f"{many} valant {value}" for value, many in c.denominations]
    return Phrase(
        f"Chaque joueur commence avec des jetons valant {c.count} en tout : "
        f"{', '.join(kinds)}. Chaque paiement se fait exactement avec ces jetons.",
        f"{c.count} : " + ", ".join(f"{many}×{value}" for value, many in c.denominations),
    )


@describe_fr.register
def change(c: Change) -> Phrase:
    return Phrase("Quand un joueur ne peut pas faire une somme exactement avec ses jetons, "
                  f"{CHANGE_WORDS[c.rule]}.", CHANGE_SHORT[c.rule])


@describe_fr.register
def points(c: Points) -> Phrase:
    return Phrase(
        f"Une carte restée en main compte {c.court} pour un valet, une dame ou un roi, "
        f"{c.ace} pour un as, et sa valeur faciale sinon.",
        f"figures {c.court}, as {c.ace}, les autres leur valeur",
    )


@describe_fr.register
def runs(c: Runs) -> Phrase:
    if c.same_suit:
        return Phrase("Une suite monte d'une hauteur à la fois et reste dans une seule "
                      "couleur (après le ♣5 vient le ♣6).", "montante, même couleur")
    return Phrase("Une suite monte d'une hauteur à la fois, sans tenir compte de la couleur.",
                  "montante, toute couleur")


@describe_fr.register
def play_on(c: PlayOn) -> Phrase:
    if c.compulsory:
        return Phrase("À son tour, un joueur doit continuer de poser des cartes tant qu'il a "
                      "la suivante de la suite.", "doit enchaîner")
    return Phrase("À son tour, un joueur peut s'arrêter même s'il pourrait continuer.",
                  "peut s'arrêter")


@describe_fr.register
def continuing(c: Continuing) -> Phrase:
    if c.compulsory:
        return Phrase("Quand un joueur s'arrête, le joueur suivant qui a la carte d'après "
                      "doit continuer la suite.", "doit continuer")
    return Phrase("Quand un joueur s'arrête, le joueur suivant peut continuer la suite s'il "
                  "le peut, ou passer.", "peut continuer ou passer")


@describe_fr.register
def stop_cards(c: StopCards) -> Phrase:
    names = join_words([card_words(card) for card in c.cards])
    stops = ("est une carte d'arrêt : la poser" if len(c.cards) == 1
             else "sont des cartes d'arrêt : poser l'une d'elles")
    return Phrase(f"{capital(names)} {stops} arrête la suite, et son joueur repart.",
                  cards_short(c.cards))


@describe_fr.register
def after_king(c: AfterKing) -> Phrase:
    if c.top_rank:
        return Phrase("Une carte de la plus haute hauteur (la dernière de l'ordre des cartes, "
                      "ci-dessus) arrête la suite ; celui qui l'a posée repart avec la carte "
                      "de son choix.", "plus haute hauteur : son joueur repart")
    return Phrase("Un roi arrête la suite ; celui qui l'a posé repart avec la carte de son "
                  "choix.", "son joueur repart")


@describe_fr.register
def wild_card(c: WildCard) -> Phrase:
    then, short = words(c.out_of_turn).prose_fr, words(c.out_of_turn).short_fr
    if c.any_time:
        when = ("à tout moment de son tour, ou hors de son tour juste après qu'un autre joueur "
                "a posé une carte d'une suite, sans jamais y être obligé ; posé hors de son "
                "tour, il donne la main à celui qui le tient")
    else:
        when = "à tout moment de son tour, sans jamais y être obligé"
    return Phrase(
        f"{capital(card_words(c.card))} est un joker : on peut le poser {when}. Posé hors de "
        f"sa place dans la suite, {then}. Pour le tableau, il reste lui-même : il ne gagne "
        "que sa propre case." + (
            " C'est aussi une carte d'arrêt : posé à sa place dans la suite, il arrête la "
            "suite, et son joueur repart." if c.stop else ""),
        f"{card_symbol(c.card)}{', à tout moment' if c.any_time else ''}, "
        f"hors de sa place : {short}"
        + (", carte d'arrêt" if c.stop else ""),
    )


@describe_fr.register
def rank_at_once(c: RankAtOnce) -> Phrase:  # issue 22 item 8
    return Phrase("Un joueur qui pose une carte pose avec elle, l'une après l'autre, toutes "
                  "les autres cartes de cette hauteur qu'il tient (jamais le joker) ; la "
                  "suite continue à partir de cette hauteur.",
                  "toutes les cartes de la hauteur à la fois")


# lead constraints (issue 22 item 7)
@describe_fr.register
def lead_card(c: LeadCard) -> Phrase:
    return Phrase("Celui qui entame (la première entame d'une donne, et chaque nouvelle "
                  "suite) choisit une couleur et doit poser la plus basse carte qu'il en a.",
                  "la plus basse carte d'une couleur")


@describe_fr.register
def lead_after_stop(c: LeadAfterStop) -> Phrase:
    cannot = ("l'entame passe au joueur suivant ; quand elle a fait le tour de la table sans "
              "que personne le puisse, son premier joueur entame dans la couleur de son choix"
              if c.passes else "il entame dans n'importe quelle couleur")
    return Phrase(
        "Après la fin d'une suite, celui qui entame la suivante doit jouer une autre couleur "
        f"que celle de la dernière carte de la suite ; s'il n'a pas d'autre couleur, {cannot}.",
        "une autre couleur, sinon l'entame passe" if c.passes
        else "une autre couleur, sinon n'importe laquelle",
    )


@describe_fr.register
def nobody_can_continue(c: NobodyCanContinue) -> Phrase:
    opening = "Quand, après un tour de table, personne ne peut continuer la suite, "
    if c.rule is WhenStuck.LAST_PLAYER_LEADS:
        return Phrase(opening + "celui qui a posé la dernière carte repart avec la carte de "
                      "son choix.", "le dernier à jouer repart")
    if c.rule is not WhenStuck.NEXT_RANK:
        assert_never(c.rule)
    then = c.then or WhenSkipFails.LAST_PLAYER_LEADS
    if then is WhenSkipFails.SKIP_AGAIN:
        fails = "si personne n'a celle-là non plus, la suite saute encore, jusqu'au roi, " \
            "puis une nouvelle suite commence"
        short = "hauteur suivante, puis saute encore"
    elif then is WhenSkipFails.LAST_PLAYER_LEADS:
        fails = "s'il ne l'a pas, il commence une nouvelle suite avec la carte de son choix"
        short = "hauteur suivante, sinon nouvelle suite"
    else:
        assert_never(then)
    return Phrase(opening + "celui qui a posé la dernière carte doit continuer avec la "
                  f"hauteur au-dessus ; {fails}.", short)


@describe_fr.register
def announcement(c: Announcement) -> Phrase:
    return Phrase(
        f"Qui pose {card_class_words(c.cards)} doit l'annoncer en disant {quoted(c.word)} ; "
        f"s'il oublie, {FORFEIT_WORDS[c.forfeit]}.",
        f"{card_class_short(c.cards)} : {quoted(c.word)} ; {FORFEIT_SHORT[c.forfeit]}",
    )


@describe_fr.register
def call(c: Call) -> Phrase:
    return Phrase(CALL_WORDS[c.moment].format(word=c.word), quoted(c.word))


@describe_fr.register
def opera(c: Opera) -> Phrase:
    return Phrase(capital(OPERA_WORDS[c.kind]) + ".", OPERA_SHORT[c.kind])


def event_words(event: Event) -> str:
    words = EVENT_WORDS[event.kind].format(cards=card_class_words(event.cards))
    return words + (" en l'annonçant" if event.announced else "")


def action_words(action: Action, table: dict[ActionKind, str] = ACTION_WORDS,
                 payee: str = "à son joueur") -> str:
    long = table is ACTION_WORDS
    if action.basis is Basis.CARDS:
        basis = f"{tokens(action.amount)} par carte" + (" qui lui reste en main" if long else "")
        if action.in_tokens_of:
            basis += f", payés en jetons de {action.in_tokens_of}"
    elif action.basis is Basis.POINTS:
        basis = "les points des cartes qui lui restent en main" if long else "leurs points"
    elif action.basis is None:
        basis = ""
    else:
        assert_never(action.basis)
    card = card_words(action.card) if action.card else "cette carte"
    return table[action.kind].format(amount=tokens(action.amount), basis=basis, card=card,
                                     payee=payee)


@describe_fr.register
def effect(c: Effect) -> Phrase:
    short_when = ""
    if c.event.kind is EventKind.PLAYED or c.event.kind is EventKind.GOES_OUT:  # #22
        announced = ", annoncée" if c.event.announced else ""
        short_when = f"{card_class_short(c.event.cards)}{announced} : "
    # after a card, the payee is the one who laid it; at the deal's end or an opéra, its
    # winner: the event's registry words (model/words.py, forms['payee_fr'])
    payee = words(c.event.kind).forms["payee_fr"]
    return Phrase(
        f"{capital(event_words(c.event))}, {action_words(c.action, payee=payee)}.",
        short_when + action_words(c.action, ACTION_SHORT),
    )


def end_condition(cond: EndCondition, table: dict[EndKind, str] = END_WORDS) -> str:
    counts = [
        f"{deals} donnes" + (f" à {players} joueurs" if players else "")
        for players, deals in cond.deals
    ]
    return table[cond.kind].format(**end_slots(cond, join_words(counts, "ou")))


@describe_fr.register
def game_end(c: GameEnd) -> Phrase:
    conds = [end_condition(cond) for cond in c.conditions]
    first = ", selon ce qui arrive en premier" if len(conds) > 1 else ""
    return Phrase(
        f"La partie s'arrête {join_words(conds, 'ou')}{first}.",
        join_words([end_condition(cond, END_SHORT) for cond in c.conditions], "ou"),
    )


@describe_fr.register
def winner(c: WinnerRule) -> Phrase:
    return Phrase(f"À la fin, le joueur qui a {WINNER_WORDS[c.rule]} gagne la partie.",
                  WINNER_WORDS[c.rule])


@describe_fr.register
def deal_end(c: DealEnd) -> Phrase:
    return Phrase("La donne s'arrête dès qu'un joueur a posé sa dernière carte ; ce joueur "
                  "gagne la donne.", "le premier sans cartes gagne")


@describe_fr.register
def shuffling(c: Shuffling) -> Phrase:
    cut = f" ; {SIDE_WORDS[c.cut]} coupe" if c.cut else ""
    return Phrase(f"Le donneur mêle les cartes avant chaque donne{cut}.",
                  "le donneur mêle" + (f" ; coupe : {SIDE_SHORT[c.cut]}" if c.cut else ""))


@describe_fr.register
def talon(c: Talon) -> Phrase:
    return Phrase(
        "Les cartes non distribuées (le talon) restent face cachée, hors du jeu, jusqu'à "
        "la donne suivante : une suite qui a besoin de l'une d'elles est bloquée.",
        "face cachée, hors du jeu",
    )


@describe_fr.register
def extra_hand(c: ExtraHand) -> Phrase:  # issue 22, part 4
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(f"La main supplémentaire {said.prose_fr}.", said.short_fr)


@describe_fr.register
def played_cards(c: PlayedCards) -> Phrase:
    return Phrase("Les cartes jouées forment un seul paquet, faces visibles, au milieu de la "
                  "table.", "un paquet faces visibles")


@describe_fr.register
def settlement(c: Settlement) -> Phrase:
    said = [STEP_WORDS[s] for s in c.steps]
    if not said:
        return Phrase("Rien ne se paie quand une donne est gagnée.", "rien")
    if len(said) == 1:
        sentence = f"Quand une donne est gagnée, {said[0]}."
    else:
        sentence = "Quand une donne est gagnée, dans cet ordre : " + " ; puis ".join(said) + "."
    return Phrase(sentence, ", puis ".join(STEP_SHORT[s] for s in c.steps))


@describe_fr.register
def turn(c: Turn) -> Phrase:
    return Phrase(
        "À son tour, un joueur pose les cartes de la suite l'une après l'autre ; quand il "
        f"s'arrête, c'est {TURN_TO[c.passes_to]} de continuer.",
        TURN_SHORT[c.passes_to],
    )


@describe_fr.register
def cannot_pay(c: CannotPay) -> Phrase:
    return Phrase(f"Un joueur qui ne peut pas payer une mise ou une dette en entier "
                  f"{SHORTFALL_WORDS[c.rule]}.", SHORTFALL_SHORT[c.rule])


# composition du jeu (#22)
@describe_fr.register
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


@describe_fr.register
def table_option(c: TableOption) -> Phrase:
    def choice(name: str, default: str) -> str:
        return quoted(name) + (f" ({default})" if name == c.default else "")

    names = [choice(ch.name, "par défaut") for ch in c.choices]
    return Phrase(
        f"La table choisit {quoted(c.description)} : {join_words(names, 'ou')}.",
        f"{c.name} : " + " ou ".join(choice(ch.name, "défaut") for ch in c.choices),
    )


def sentence(clause: Clause) -> str:
    return describe_fr(clause).sentence


def short(clause: Clause) -> str:
    return describe_fr(clause).short
