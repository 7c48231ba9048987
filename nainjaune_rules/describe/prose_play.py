"""The play in English: which way play goes, the runs, playing on and continuing, the
stop cards and the card that ends a run, the wild card, a rank laid at once, what may be
led, what happens when nobody can continue, the announcements and calls, the opéra, the
effects of the cards, the turn and the cards played.

One function per clause type, registered by :func:`.prose.describe` (which says what
the :class:`~.phrase.Phrase` each returns holds); nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

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
from .prose_parts import action_words, event_words
from .vocabulary_en import (
    ACTION_SHORT,
    CALL_WORDS,
    DIRECTION_WORDS,
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
    return Phrase(
        f"Play goes {DIRECTION_WORDS[c.direction]}.", c.direction.value
    )


def runs(c: Runs) -> Phrase:
    if c.same_suit:
        return Phrase(
            "A run climbs one rank at a time and stays in one suit "
            "(after the 5♣ comes the 6♣).",
            "rising, same suit",
        )
    return Phrase("A run climbs one rank at a time, whatever the suits.", "rising, any suit")


def play_on(c: PlayOn) -> Phrase:
    if c.compulsory:
        return Phrase(
            "In their turn a player must keep laying cards while they hold the next one "
            "of the run.",
            "must play on",
        )
    return Phrase("In their turn a player may stop even when they could play on.", "may stop")


def continuing(c: Continuing) -> Phrase:
    if c.compulsory:
        return Phrase(
            "When a player stops, the next player who holds the next card must continue "
            "the run.",
            "must continue",
        )
    return Phrase(
        "When a player stops, the next player may continue the run if they can, or pass.",
        "may continue or pass",
    )


def stop_cards(c: StopCards) -> Phrase:
    names = join_words([card_words(card) for card in c.cards])
    return Phrase(
        f"{capital(names)} are stops: laying one ends the run, and its player starts a new one.",
        cards_short(c.cards),
    )


def after_king(c: AfterKing) -> Phrase:
    if c.top_rank:
        return Phrase(
            "A card of the top rank (the last of the ranks, above) ends the run; whoever laid "
            "it starts a new run with any card.",
            "top rank: its player leads a new run",
        )
    return Phrase(
        "A king ends the run; whoever laid it starts a new run with any card.",
        "its player leads a new run",
    )


def wild_card(c: WildCard) -> Phrase:
    then, short = words(c.out_of_turn).prose, words(c.out_of_turn).short
    if c.any_time:
        when = ("at any moment of its holder's turn and also out of turn, right after any "
                "other player lays a card of a run (before that player's next move); it never "
                "has to be. Laid out of turn, its holder takes the turn from there")
    else:
        when = "at any moment of the player's turn and never has to be"
    return Phrase(
        f"{capital(card_words(c.card))} is wild: it may be laid {when}. Laid outside its own "
        f"place in the run, {then}. Wherever it is laid it is still itself for the board: "
        "if a box card wins its box when played, it wins its own box, never the box of "
        "the card it stands for." + (
            " It is also a stop card: laid in its own place in the run, it ends the run, "
            "and its player starts a new one." if c.stop else ""),
        f"{c.card.symbol}{', at any time' if c.any_time else ''}, out of turn {short}"
        f"{', a stop card' if c.stop else ''}",
    )


def rank_at_once(c: RankAtOnce) -> Phrase:  # issue 22 item 8
    return Phrase(
        "A player who lays a card lays with it, one after another, every other card of "
        "that rank they hold (never the wild card); the run goes on from that rank.",
        "every card of the rank at once",
    )


# lead constraints (issue 22 item 7)
def lead_card(c: LeadCard) -> Phrase:
    return Phrase(
        "Whoever leads (the first lead of a deal, and each new run) chooses a suit and must "
        "lead the lowest card they hold of it.",
        "the lowest card of a suit",
    )


def lead_after_stop(c: LeadAfterStop) -> Phrase:
    cannot = ("the lead passes to the next player in play; once it has gone round the table "
              "with nobody able, its first player leads any suit" if c.passes
              else "they lead any suit")
    return Phrase(
        "After a run has ended, the player who leads the next one must lead a suit other than "
        f"that of the run's last card; if they hold no other suit, {cannot}.",
        "a different suit, else the lead passes" if c.passes
        else "a different suit, else any suit",
    )


def nobody_can_continue(c: NobodyCanContinue) -> Phrase:
    opening = "When the turn has gone round the table and nobody can continue the run, "
    if c.rule is WhenStuck.LAST_PLAYER_LEADS:
        return Phrase(
            opening + "whoever laid the last card starts a new run with any card.",
            words(c.rule).language,  # the table cell: the rule in the language's words
        )
    if c.rule is not WhenStuck.NEXT_RANK:
        assert_never(c.rule)
    then = c.then or WhenSkipFails.LAST_PLAYER_LEADS
    if then is WhenSkipFails.SKIP_AGAIN:
        fails = "if nobody holds that one either, the run skips again, up to the king, " \
            "and then a new run begins"
        short = "next rank, then skip again"
    elif then is WhenSkipFails.LAST_PLAYER_LEADS:
        fails = "if they lack it, they start a new run with any card"
        short = "next rank, else a new run"
    else:
        assert_never(then)
    return Phrase(
        opening + f"whoever laid the last card must go on with the next rank up; {fails}.",
        short,
    )


def announcement(c: Announcement) -> Phrase:
    cards = card_class_words(c.cards)
    return Phrase(
        f"Whoever lays {cards} must announce it, saying “{c.word}”; if they forget, "
        f"{FORFEIT_WORDS[c.forfeit]}.",
        f"{card_class_short(c.cards)}: “{c.word}”; forgetting costs {c.forfeit.value}",
    )


def call(c: Call) -> Phrase:
    return Phrase(CALL_WORDS[c.moment].format(word=c.word), f"“{c.word}”")


def opera(c: Opera) -> Phrase:
    return Phrase(capital(OPERA_WORDS[c.kind]) + ".", OPERA_SHORT[c.kind])


def effect(c: Effect) -> Phrase:
    when = event_words(c.event)
    short_when = ""
    if c.event.kind is EventKind.PLAYED or c.event.kind is EventKind.GOES_OUT:  # #22
        announced = ", announced" if c.event.announced else ""
        short_when = f"{card_class_short(c.event.cards)}{announced}: "
    # after a card, "the player" is the one who laid it; at the deal's end or an opéra, its
    # winner: the event's registry words (model/play_words.py, forms['payee'])
    payee = words(c.event.kind).forms["payee"]
    return Phrase(
        f"{capital(when)}, {action_words(c.action, payee=payee)}.",
        short_when + action_words(c.action, ACTION_SHORT),
    )


def turn(c: Turn) -> Phrase:
    return Phrase(
        "On their turn a player lays cards of the run one after another; when they stop, "
        f"the turn passes to {TURN_TO[c.passes_to]}.",
        TURN_SHORT[c.passes_to],
    )


def played_cards(c: PlayedCards) -> Phrase:
    return Phrase("Cards are played face up onto one pile in the middle of the table.",
                  "one face-up pile")


#: the function for each clause type this module words, for :func:`.prose.describe`
#: to register: it cannot be registered here, as :mod:`.prose` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    play_direction, runs, play_on, continuing, stop_cards, after_king, wild_card, rank_at_once,
    lead_card, lead_after_stop, nobody_can_continue, announcement, call, opera, effect, turn,
    played_cards,
)
