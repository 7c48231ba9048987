"""The play in French: which way play goes, the runs, playing on and continuing, the stop
cards and the card that ends a run, the wild card, a rank laid at once, what may be led,
what happens when nobody can continue, the announcements and calls, the opéra, the
effects of the cards, the turn and the cards played.

The French twin of :mod:`.prose_play`: one function per clause type, registered by
:func:`.prose_fr.describe_fr`; what a ruleset spells out itself is quoted as it is
(:func:`.prose_parts_fr.quoted`).  Nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from nainjaune_rules.core.french import card_symbol
from nainjaune_rules.model.rules import (
    AfterKing,
    Announcement,
    Call,
    Continuing,
    Effect,
    EventKind,
    LeadAfterStop,
    LeadCard,
    NobodyCanContinue,
    Opera,
    PlayDirection,
    PlayedCards,
    PlayOn,
    RankAtOnce,
    Runs,
    StopCards,
    Turn,
    WhenSkipFails,
    WhenStuck,
    WildCard,
)
from nainjaune_rules.model.words import words

from .phrase import Phrase
from .prose_parts_fr import action_words, event_words, quoted
from .vocabulary_fr import (
    ACTION_SHORT,
    CALL_WORDS,
    DIRECTION_SHORT,
    DIRECTION_WORDS,
    FORFEIT_SHORT,
    FORFEIT_WORDS,
    OPERA_SHORT,
    OPERA_WORDS,
    TURN_SHORT,
    TURN_TO,
    capital,
    card_class_short,
    card_class_words,
    card_words,
    cards_short,
    join_words,
)


def play_direction(c: PlayDirection) -> Phrase:
    return Phrase(f"Le jeu tourne {DIRECTION_WORDS[c.direction]}.",
                  DIRECTION_SHORT[c.direction])


def runs(c: Runs) -> Phrase:
    if c.same_suit:
        return Phrase("Une suite monte d'une hauteur à la fois et reste dans une seule "
                      "couleur (après le ♣5 vient le ♣6).", "montante, même couleur")
    return Phrase("Une suite monte d'une hauteur à la fois, sans tenir compte de la couleur.",
                  "montante, toute couleur")


def play_on(c: PlayOn) -> Phrase:
    if c.compulsory:
        return Phrase("À son tour, un joueur doit continuer de poser des cartes tant qu'il a "
                      "la suivante de la suite.", "doit enchaîner")
    return Phrase("À son tour, un joueur peut s'arrêter même s'il pourrait continuer.",
                  "peut s'arrêter")


def continuing(c: Continuing) -> Phrase:
    if c.compulsory:
        return Phrase("Quand un joueur s'arrête, le joueur suivant qui a la carte d'après "
                      "doit continuer la suite.", "doit continuer")
    return Phrase("Quand un joueur s'arrête, le joueur suivant peut continuer la suite s'il "
                  "le peut, ou passer.", "peut continuer ou passer")


def stop_cards(c: StopCards) -> Phrase:
    names = join_words([card_words(card) for card in c.cards])
    stops = ("est une carte d'arrêt : la poser" if len(c.cards) == 1
             else "sont des cartes d'arrêt : poser l'une d'elles")
    return Phrase(f"{capital(names)} {stops} arrête la suite, et son joueur repart.",
                  cards_short(c.cards))


def after_king(c: AfterKing) -> Phrase:
    if c.top_rank:
        return Phrase("Une carte de la plus haute hauteur (la dernière de l'ordre des cartes, "
                      "ci-dessus) arrête la suite ; celui qui l'a posée repart avec la carte "
                      "de son choix.", "plus haute hauteur : son joueur repart")
    return Phrase("Un roi arrête la suite ; celui qui l'a posé repart avec la carte de son "
                  "choix.", "son joueur repart")


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


def rank_at_once(c: RankAtOnce) -> Phrase:  # issue 22 item 8
    return Phrase("Un joueur qui pose une carte pose avec elle, l'une après l'autre, toutes "
                  "les autres cartes de cette hauteur qu'il tient (jamais le joker) ; la "
                  "suite continue à partir de cette hauteur.",
                  "toutes les cartes de la hauteur à la fois")


# lead constraints (issue 22 item 7)
def lead_card(c: LeadCard) -> Phrase:
    return Phrase("Celui qui entame (la première entame d'une donne, et chaque nouvelle "
                  "suite) choisit une couleur et doit poser la plus basse carte qu'il en a.",
                  "la plus basse carte d'une couleur")


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


def announcement(c: Announcement) -> Phrase:
    return Phrase(
        f"Qui pose {card_class_words(c.cards)} doit l'annoncer en disant {quoted(c.word)} ; "
        f"s'il oublie, {FORFEIT_WORDS[c.forfeit]}.",
        f"{card_class_short(c.cards)} : {quoted(c.word)} ; {FORFEIT_SHORT[c.forfeit]}",
    )


def call(c: Call) -> Phrase:
    return Phrase(CALL_WORDS[c.moment].format(word=c.word), quoted(c.word))


def opera(c: Opera) -> Phrase:
    return Phrase(capital(OPERA_WORDS[c.kind]) + ".", OPERA_SHORT[c.kind])


def effect(c: Effect) -> Phrase:
    short_when = ""
    if c.event.kind is EventKind.PLAYED or c.event.kind is EventKind.GOES_OUT:  # #22
        announced = ", annoncée" if c.event.announced else ""
        short_when = f"{card_class_short(c.event.cards)}{announced} : "
    # after a card, the payee is the one who laid it; at the deal's end or an opéra, its
    # winner: the event's registry words (model/play_words.py, forms['payee_fr'])
    payee = words(c.event.kind).forms["payee_fr"]
    return Phrase(
        f"{capital(event_words(c.event))}, {action_words(c.action, payee=payee)}.",
        short_when + action_words(c.action, ACTION_SHORT),
    )


def turn(c: Turn) -> Phrase:
    return Phrase(
        "À son tour, un joueur pose les cartes de la suite l'une après l'autre ; quand il "
        f"s'arrête, c'est {TURN_TO[c.passes_to]} de continuer.",
        TURN_SHORT[c.passes_to],
    )


def played_cards(c: PlayedCards) -> Phrase:
    return Phrase("Les cartes jouées forment un seul paquet, faces visibles, au milieu de la "
                  "table.", "un paquet faces visibles")


#: the function for each clause type this module words, for :func:`.prose_fr.describe_fr`
#: to register: it cannot be registered here, as :mod:`.prose_fr` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    play_direction, runs, play_on, continuing, stop_cards, after_king, wild_card, rank_at_once,
    lead_card, lead_after_stop, nobody_can_continue, announcement, call, opera, effect, turn,
    played_cards,
)
