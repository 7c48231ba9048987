"""The game's vocabulary in French: the words for every enum value of the rules.

The French twin of :mod:`.vocabulary`.  :mod:`.prose_fr` builds its sentences
from these tables, and every enum value of :mod:`nainjaune_rules.model.rules`
has its words here (a test checks that each value reads differently and that
no English word slips in).  The words are the sources' own: *donne*, *donneur*,
*talon*, *tableau* and its *cases*, *mise*, *jetons*, *suite*, *valet*, *dame*,
*roi*, "qui prend", "sans", *opéra*.  A "deal" is a *donne* (the 1902 text's
word, fr-1902 ¶1), the whole game a *partie*.  Nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nainjaune_rules.core.cards import Card
from nainjaune_rules.core.french import card_symbol
from nainjaune_rules.core.kinds import SettlementStep
from nainjaune_rules.core.wording import joined
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
from nainjaune_rules.model.words import column

# --------------------------------------------------------------------------
# Cards, in the words of the French sources ("le valet de trèfle", fr-sheet ¶5)
# --------------------------------------------------------------------------

#: rank 1..13 with its article: the number cards keep their figure, as the sources write them
RANK_WORDS: tuple[str, ...] = (
    "l'as", "le 2", "le 3", "le 4", "le 5", "le 6", "le 7", "le 8", "le 9", "le 10",
    "le valet", "la dame", "le roi",
)
SUIT_WORDS: tuple[str, ...] = ("trèfle", "carreau", "cœur", "pique")

# --------------------------------------------------------------------------
# The words for each enum value: the registry's (nainjaune_rules.model.words)
# --------------------------------------------------------------------------

DIRECTION_WORDS: dict[Direction, str] = column(Direction, "prose_fr")
DIRECTION_SHORT: dict[Direction, str] = column(Direction, "short_fr")
#: a seat seen from the dealer, as the subject of a sentence
SIDE_WORDS: dict[Side, str] = column(Side, "prose_fr")
#: the same seat after "passe" ("la donne passe au voisin de droite", fr-1902 ¶4)
SIDE_TO: dict[Side, str] = column(Side, "to_fr")
SIDE_SHORT: dict[Side, str] = column(Side, "short_fr")
#: a seat seen from the player whose turn ends ("c'est alors au joueur à sa droite", fr-web ¶22)
TURN_TO: dict[Side, str] = column(Side, "turn_fr")
TURN_SHORT: dict[Side, str] = column(Side, "turn_short_fr")
CARD_CLASS_WORDS: dict[CardClass, str] = column(CardClass, "prose_fr")
FORFEIT_WORDS: dict[Forfeit, str] = column(Forfeit, "prose_fr")
FORFEIT_SHORT: dict[Forfeit, str] = column(Forfeit, "short_fr")
OPERA_WORDS: dict[OperaKind, str] = column(OperaKind, "prose_fr")
OPERA_SHORT: dict[OperaKind, str] = column(OperaKind, "short_fr")
SHORTFALL_WORDS: dict[Shortfall, str] = column(Shortfall, "prose_fr")
SHORTFALL_SHORT: dict[Shortfall, str] = column(Shortfall, "short_fr")
STEP_WORDS: dict[SettlementStep, str] = column(SettlementStep, "prose_fr")
STEP_SHORT: dict[SettlementStep, str] = column(SettlementStep, "short_fr")
#: "change" is *faire la monnaie*: who changes a token for tokens of 1
CHANGE_WORDS: dict[ChangeRule, str] = column(ChangeRule, "prose_fr")
CHANGE_SHORT: dict[ChangeRule, str] = column(ChangeRule, "short_fr")
EVIDENCE_WORDS: dict[Evidence, str] = column(Evidence, "prose_fr")
#: the badges beside each rule
ORIGIN_WORDS: dict[OriginKind, str] = {
    OriginKind.ATTESTED: "attesté",
    OriginKind.INFERRED: "déduit",
    OriginKind.HOUSE: "maison",
}
CALL_WORDS: dict[CallMoment, str] = column(CallMoment, "prose_fr")
EVENT_WORDS: dict[EventKind, str] = column(EventKind, "prose_fr")
#: the French words for each action are the registry's (nainjaune_rules.model.words)
ACTION_WORDS: dict[ActionKind, str] = column(ActionKind, "prose_fr")
ACTION_SHORT: dict[ActionKind, str] = column(ActionKind, "short_fr")
END_WORDS: dict[EndKind, str] = column(EndKind, "prose_fr")
END_SHORT: dict[EndKind, str] = column(EndKind, "short_fr")
WINNER_WORDS: dict[Winner, str] = column(Winner, "prose_fr")
STAKERS_WORDS: dict[Stakers, str] = column(Stakers, "prose_fr")

# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def join_words(words: Sequence[str], last: str = "et") -> str:
    """``a``, ``a et b``, ``a, b et c``."""
    return joined(words, last)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(card: Card, symbol: bool = True) -> str:
    """``la dame de pique (♠D)``: the French name, then the card as the French pages
    write it (the suit, then the French letter)."""
    name = f"{RANK_WORDS[card.rank - 1]} de {SUIT_WORDS[card.suit]}"
    return f"{name} ({card_symbol(card)})" if symbol else name


def contract(preposition: str, words: str) -> str:
    """``de`` or ``à`` before an article, as French writes it: ``du 10``, ``au roi``,
    ``de la dame``, ``à l'as``."""
    if words.startswith("le "):
        return {"de": "du", "à": "au"}[preposition] + words[2:]
    return f"{preposition} {words}"


def cards_short(cards: Iterable[Card]) -> str:
    return " ".join(card_symbol(c) for c in cards)


def card_class_words(items: Sequence[CardClass | Card], last: str = "ou") -> str:
    return join_words(
        [card_words(i) if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], last
    )


def card_class_short(items: Sequence[CardClass | Card]) -> str:
    return join_words(
        [card_symbol(i) if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], "ou"
    )


def tokens(n: int) -> str:
    return f"{n} jeton" if n == 1 else f"{n} jetons"


def players_span(counts: Sequence[int]) -> tuple[str, str]:
    """Player counts in words and in figures: ``de 3 à 8`` / ``3–8``, ``à 3 ou 5``."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"de {counts[0]} à {counts[-1]}", f"{counts[0]}–{counts[-1]}"
    words = join_words([str(c) for c in counts], "ou")
    return f"à {words}", words


def origin_text(origin: Origin) -> str:
    """The origin as a French reader sees it: ``fr-sheet ¶14``, ``déduit : pourquoi``.

    The reason is the ruleset's own text (written in English in the built-in
    files): it is shown as it is, never translated.
    """
    if origin.kind is OriginKind.ATTESTED:
        cited = " ; ".join(str(c) for c in origin.citations)
        return f"{cited} ; déduit : {origin.reason}" if origin.reason else cited
    return f"{ORIGIN_WORDS[origin.kind]} : {origin.reason}"
