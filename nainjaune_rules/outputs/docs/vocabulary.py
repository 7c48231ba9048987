"""The game's vocabulary in English: the words for every enum value of the rules.

:mod:`.prose` builds its sentences from these tables and helpers, and every
enum value of :mod:`nainjaune_rules.model.rules` has its words here (a test
checks that each value reads differently).  Nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nainjaune_rules.core.cards import Card
from nainjaune_rules.model.rules import (
    ActionKind,
    CallMoment,
    CardClass,
    ChangeRule,
    Direction,
    EndKind,
    EventKind,
    Evidence,
    Forfeit,
    OperaKind,
    Origin,
    OriginKind,
    Shortfall,
    Side,
    Stakers,
    Winner,
)
from nainjaune_rules.model.vocabulary import KINDS as ACTION_KINDS

# --------------------------------------------------------------------------
# The words for each enum value (every value has one: a test checks it)
# --------------------------------------------------------------------------

DIRECTION_WORDS: dict[Direction, str] = {
    Direction.CLOCKWISE: "clockwise (to the left)",
    Direction.COUNTERCLOCKWISE: "counterclockwise (to the right)",
}
SIDE_WORDS: dict[Side, str] = {
    Side.LEFT: "the player on the dealer's left",
    Side.RIGHT: "the player on the dealer's right",
    Side.NEXT_IN_PLAY: "the player after the dealer in the order of play",
}
SIDE_SHORT: dict[Side, str] = {
    Side.LEFT: "left of the dealer",
    Side.RIGHT: "right of the dealer",
    Side.NEXT_IN_PLAY: "next in play",
}
#: a seat seen from the player whose turn ends (``turn: ... passes to``)
TURN_TO: dict[Side, str] = {
    Side.LEFT: "the player on their left",
    Side.RIGHT: "the player on their right",
    Side.NEXT_IN_PLAY: "the next player in the order of play",
}
TURN_SHORT: dict[Side, str] = {
    Side.LEFT: "passes to the left",
    Side.RIGHT: "passes to the right",
    Side.NEXT_IN_PLAY: "passes to the next in play",
}
CARD_CLASS_WORDS: dict[CardClass, str] = {
    CardClass.BOX_CARD: "a box card",
    CardClass.STOP_CARD: "a stop card",
    CardClass.KING: "a king",
    CardClass.WILD_CARD: "the wild card",
    CardClass.ANY_CARD: "any card",
}
FORFEIT_WORDS: dict[Forfeit, str] = {
    Forfeit.THE_BOX: "the box is not taken and stays on the board for the next deal",
    Forfeit.THE_WINNINGS: "the player loses everything the card would have won: "
    "its box and any payment",
    Forfeit.NOTHING: "nothing is lost",
}
OPERA_WORDS: dict[OperaKind, str] = {
    OperaKind.FIRST_TURN: "a player who gets rid of all their cards during their very first "
    "turn makes an opéra",
    OperaKind.FIRST_ROUND: "a player who gets rid of all their cards before the turn has gone "
    "once round the table makes an opéra",
    OperaKind.NOBODY_ELSE_PLAYED: "a player who gets rid of all their cards before any other "
    "player has laid a card makes an opéra",
    OperaKind.FIRST_LEADER_AT_ONCE: "the first player of the deal makes an opéra by laying "
    "their whole hand in one turn",
}
OPERA_SHORT: dict[OperaKind, str] = {
    OperaKind.FIRST_TURN: "out on the first turn",
    OperaKind.FIRST_ROUND: "out in the first round",
    OperaKind.NOBODY_ELSE_PLAYED: "out before anyone else played",
    OperaKind.FIRST_LEADER_AT_ONCE: "first leader out at once",
}
SHORTFALL_WORDS: dict[Shortfall, str] = {
    Shortfall.PAYS_WHAT_THEY_HAVE: "pays what they have left, and the game goes on",
    Shortfall.PAYS_AND_GAME_ENDS: "pays what they have left, and the game ends there",
    Shortfall.PAYS_AND_LEAVES: "pays what they have left and drops out of the game",
    Shortfall.BUYS_FROM_BANK: ("buys the missing counters from the bank and pays in full; "
                               "what they bought counts against them at the end of the game"),
}
SHORTFALL_SHORT: dict[Shortfall, str] = {
    Shortfall.PAYS_WHAT_THEY_HAVE: "pays what is left",
    Shortfall.PAYS_AND_GAME_ENDS: "pays what is left; game ends",
    Shortfall.PAYS_AND_LEAVES: "pays what is left; leaves",
    Shortfall.BUYS_FROM_BANK: "buys counters from the bank",
}
CHANGE_WORDS: dict[ChangeRule, str] = {
    ChangeRule.FROM_THE_BANK: "the bank changes one of their tokens for as many tokens of 1",
    ChangeRule.BETWEEN_PLAYERS: (
        "they swap one of their tokens for as many tokens of 1 with the player they pay, "
        "or else with another player who has them"),
    ChangeRule.NONE: ("nobody changes tokens: what they cannot pay exactly is not paid, "
                      "as if they could not pay in full"),
}
CHANGE_SHORT: dict[ChangeRule, str] = {
    ChangeRule.FROM_THE_BANK: "from the bank",
    ChangeRule.BETWEEN_PLAYERS: "between players",
    ChangeRule.NONE: "no change",
}
EVIDENCE_WORDS: dict[Evidence, str] = {
    Evidence.ATTESTED: "attested: the rules are written down in a source of the period",
    Evidence.DESCRIBED: "described: a later description of the game as it is played",
    Evidence.RECONSTRUCTED: "reconstructed: pieced together from the sources, "
    "with significant inference",
}
ORIGIN_WORDS: dict[OriginKind, str] = {
    OriginKind.ATTESTED: "attested",
    OriginKind.INFERRED: "inferred",
    OriginKind.HOUSE: "house rule",
}
CALL_WORDS: dict[CallMoment, str] = {
    CallMoment.STOPPING: "A player who stops says “{word}”, followed by the rank they lack.",
    CallMoment.PASSING: "A player who does not continue someone else's run says “{word}”.",
    CallMoment.GOING_OUT: "A player laying their last card says “{word}”.",
    CallMoment.AFTER_KING: "A player who starts a new run after a king says “{word}”.",
    CallMoment.NOBODY_CAN_CONTINUE: "A player who starts a new run because nobody could "
    "continue says “{word}”.",
}
EVENT_WORDS: dict[EventKind, str] = {
    EventKind.PLAYED: "when {cards} is played",
    EventKind.DEAL_ENDS: "when the deal ends",
    EventKind.OPERA: "when a player makes an opéra",
}
#: the site's words for each action are the registry's (nainjaune_rules.model.vocabulary)
ACTION_WORDS: dict[ActionKind, str] = {w.kind: w.prose for w in ACTION_KINDS}
ACTION_SHORT: dict[ActionKind, str] = {w.kind: w.short for w in ACTION_KINDS}
END_WORDS: dict[EndKind, str] = {
    EndKind.AFTER_DEALS: "after {deals}",
    EndKind.CANNOT_STAKE: "as soon as a player cannot put up the stakes of a new deal",
    EndKind.NO_TOKENS: "when a player has no tokens left at the start of a deal",
}
END_SHORT: dict[EndKind, str] = {
    EndKind.AFTER_DEALS: "after {deals}",
    EndKind.CANNOT_STAKE: "a player cannot stake",
    EndKind.NO_TOKENS: "a player has no tokens",
}
WINNER_WORDS: dict[Winner, str] = {Winner.MOST_TOKENS: "most tokens"}
STAKERS_WORDS: dict[Stakers, str] = {
    Stakers.EVERY_PLAYER: "every player",
    Stakers.DEALER_ONLY: "the dealer alone",
}

# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def join_words(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(card: Card) -> str:
    """``the queen of spades (Q♠)``."""
    return f"the {card.name} ({card.symbol})"


def cards_short(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def card_class_words(items: Sequence[CardClass | Card], last: str = "or") -> str:
    return join_words(
        [card_words(i) if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], last
    )


def card_class_short(items: Sequence[CardClass | Card]) -> str:
    return join_words(
        [i.symbol if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], "or"
    )


def tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


def ranks_span(counts: Sequence[int]) -> tuple[str, str]:
    """Player counts in words and in figures: ``3 to 8`` / ``3–8``, ``3 or 5``."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}", f"{counts[0]}–{counts[-1]}"
    words = join_words([str(c) for c in counts], "or")
    return words, words


def origin_kinds(origin: Origin) -> tuple[OriginKind, ...]:
    """The marks a clause carries: its kind, and ``inferred`` too when attested in part."""
    if origin.kind is OriginKind.ATTESTED and origin.reason:
        return (OriginKind.ATTESTED, OriginKind.INFERRED)
    return (origin.kind,)


def origin_text(origin: Origin) -> str:
    """The origin as a reader sees it: ``fr-sheet ¶14; fr-sheet ¶18``, ``inferred: why``,
    or for a clause attested in part ``fr-sheet ¶14; inferred: why``."""
    if origin.kind is OriginKind.ATTESTED:
        cited = "; ".join(str(c) for c in origin.citations)
        return f"{cited}; inferred: {origin.reason}" if origin.reason else cited
    return f"{ORIGIN_WORDS[origin.kind]}: {origin.reason}"
