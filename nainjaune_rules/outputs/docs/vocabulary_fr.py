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
# Cards, in the words of the French sources ("le valet de trèfle", fr-sheet ¶5)
# --------------------------------------------------------------------------

#: rank 1..13 with its article: the number cards keep their figure, as the sources write them
RANK_WORDS: tuple[str, ...] = (
    "l'as", "le 2", "le 3", "le 4", "le 5", "le 6", "le 7", "le 8", "le 9", "le 10",
    "le valet", "la dame", "le roi",
)
SUIT_WORDS: tuple[str, ...] = ("trèfle", "carreau", "cœur", "pique")

# --------------------------------------------------------------------------
# The words for each enum value (every value has one: a test checks it)
# --------------------------------------------------------------------------

DIRECTION_WORDS: dict[Direction, str] = {
    Direction.CLOCKWISE: "dans le sens des aiguilles d'une montre (vers la gauche)",
    Direction.COUNTERCLOCKWISE: "dans le sens inverse des aiguilles d'une montre "
    "(vers la droite)",
}
DIRECTION_SHORT: dict[Direction, str] = {
    Direction.CLOCKWISE: "sens horaire",
    Direction.COUNTERCLOCKWISE: "sens antihoraire",
}
#: a seat seen from the dealer, as the subject of a sentence
SIDE_WORDS: dict[Side, str] = {
    Side.LEFT: "le joueur placé à gauche du donneur",
    Side.RIGHT: "le joueur placé à droite du donneur",
    Side.NEXT_IN_PLAY: "le joueur qui suit le donneur dans l'ordre du jeu",
}
#: the same seat after "passe" ("la donne passe au voisin de droite", fr-1902 ¶4)
SIDE_TO: dict[Side, str] = {
    Side.LEFT: "au voisin de gauche du donneur",
    Side.RIGHT: "au voisin de droite du donneur",
    Side.NEXT_IN_PLAY: "au joueur qui suit le donneur dans l'ordre du jeu",
}
SIDE_SHORT: dict[Side, str] = {
    Side.LEFT: "à gauche du donneur",
    Side.RIGHT: "à droite du donneur",
    Side.NEXT_IN_PLAY: "suivant dans le jeu",
}
#: a seat seen from the player whose turn ends ("c'est alors au joueur à sa droite", fr-web ¶22)
TURN_TO: dict[Side, str] = {
    Side.LEFT: "au joueur à sa gauche",
    Side.RIGHT: "au joueur à sa droite",
    Side.NEXT_IN_PLAY: "au joueur suivant dans l'ordre du jeu",
}
TURN_SHORT: dict[Side, str] = {
    Side.LEFT: "passe à gauche",
    Side.RIGHT: "passe à droite",
    Side.NEXT_IN_PLAY: "passe au suivant dans le jeu",
}
CARD_CLASS_WORDS: dict[CardClass, str] = {
    CardClass.BOX_CARD: "une carte du tableau",
    CardClass.STOP_CARD: "une carte d'arrêt",
    CardClass.KING: "un roi",
    CardClass.WILD_CARD: "le joker",
    CardClass.ANY_CARD: "n'importe quelle carte",
}
FORFEIT_WORDS: dict[Forfeit, str] = {
    Forfeit.THE_BOX: "il ne ramasse pas la case, dont la mise reste sur le tableau pour "
    "la donne suivante",
    Forfeit.THE_WINNINGS: "il perd tout ce que la carte lui aurait rapporté : sa case et "
    "tout paiement",
    Forfeit.NOTHING: "il ne perd rien",
}
FORFEIT_SHORT: dict[Forfeit, str] = {
    Forfeit.THE_BOX: "l'oubli coûte la case",
    Forfeit.THE_WINNINGS: "l'oubli coûte les gains",
    Forfeit.NOTHING: "l'oubli ne coûte rien",
}
OPERA_WORDS: dict[OperaKind, str] = {
    OperaKind.FIRST_TURN: "un joueur qui se débarrasse de toutes ses cartes dès son premier "
    "tour fait opéra",
    OperaKind.FIRST_ROUND: "un joueur qui se débarrasse de toutes ses cartes avant que le "
    "premier tour de table soit achevé fait opéra",
    OperaKind.NOBODY_ELSE_PLAYED: "un joueur qui se débarrasse de toutes ses cartes avant "
    "qu'un autre joueur ait posé une carte fait opéra",
    OperaKind.FIRST_LEADER_AT_ONCE: "le premier joueur de la donne fait opéra en posant "
    "toute sa main en un seul tour",
}
OPERA_SHORT: dict[OperaKind, str] = {
    OperaKind.FIRST_TURN: "sorti au premier tour",
    OperaKind.FIRST_ROUND: "sorti avant la fin du premier tour de table",
    OperaKind.NOBODY_ELSE_PLAYED: "sorti avant que personne d'autre ait joué",
    OperaKind.FIRST_LEADER_AT_ONCE: "le premier à jouer sort d'un coup",
}
SHORTFALL_WORDS: dict[Shortfall, str] = {
    Shortfall.PAYS_WHAT_THEY_HAVE: "paie ce qui lui reste, et la partie continue",
    Shortfall.PAYS_AND_GAME_ENDS: "paie ce qui lui reste, et la partie s'arrête là",
    Shortfall.PAYS_AND_LEAVES: "paie ce qui lui reste et quitte la partie",
    Shortfall.BUYS_FROM_BANK: ("achète à la banque les jetons qui lui manquent et paie ; "
                               "ses achats comptent contre lui à la fin de la partie"),
}
SHORTFALL_SHORT: dict[Shortfall, str] = {
    Shortfall.PAYS_WHAT_THEY_HAVE: "paie ce qui reste",
    Shortfall.PAYS_AND_GAME_ENDS: "paie ce qui reste ; fin de la partie",
    Shortfall.PAYS_AND_LEAVES: "paie ce qui reste ; se retire",
    Shortfall.BUYS_FROM_BANK: "achète des jetons à la banque",
}
#: "change" is *faire la monnaie*: who changes a token for tokens of 1
CHANGE_WORDS: dict[ChangeRule, str] = {
    ChangeRule.FROM_THE_BANK: "la banque lui change l'un de ses jetons contre autant de "
    "jetons de 1",
    ChangeRule.BETWEEN_PLAYERS: "il échange l'un de ses jetons contre autant de jetons de 1 "
    "avec le joueur qu'il paie, ou sinon avec un autre joueur qui en a",
    ChangeRule.NONE: "personne ne fait la monnaie : ce qu'il ne peut pas payer exactement "
    "n'est pas payé, comme s'il ne pouvait pas payer en entier",
}
CHANGE_SHORT: dict[ChangeRule, str] = {
    ChangeRule.FROM_THE_BANK: "monnaie par la banque",
    ChangeRule.BETWEEN_PLAYERS: "monnaie entre joueurs",
    ChangeRule.NONE: "pas de monnaie",
}
EVIDENCE_WORDS: dict[Evidence, str] = {
    Evidence.ATTESTED: "attesté : les règles sont écrites dans une source de l'époque",
    Evidence.DESCRIBED: "décrit : une description plus tardive du jeu tel qu'on le joue",
    Evidence.RECONSTRUCTED: "reconstitué : rassemblé à partir des sources, avec une large "
    "part de déduction",
}
#: the badges beside each rule
ORIGIN_WORDS: dict[OriginKind, str] = {
    OriginKind.ATTESTED: "attesté",
    OriginKind.INFERRED: "déduit",
    OriginKind.HOUSE: "maison",
}
CALL_WORDS: dict[CallMoment, str] = {
    CallMoment.STOPPING: "Qui s'arrête dit « {word} », suivi de la hauteur qui lui manque.",
    CallMoment.PASSING: "Qui ne continue pas la suite d'un autre dit « {word} ».",
    CallMoment.GOING_OUT: "Qui pose sa dernière carte dit « {word} ».",
    CallMoment.AFTER_KING: "Qui repart après un roi dit « {word} ».",
    CallMoment.NOBODY_CAN_CONTINUE: "Qui repart parce que personne n'a pu continuer dit "
    "« {word} ».",
}
EVENT_WORDS: dict[EventKind, str] = {
    EventKind.PLAYED: "quand on pose {cards}",
    EventKind.DEAL_ENDS: "à la fin de la donne",
    EventKind.OPERA: "quand un joueur fait opéra",
}
#: the French words for each action are the registry's (nainjaune_rules.model.vocabulary)
ACTION_WORDS: dict[ActionKind, str] = {w.kind: w.prose_fr for w in ACTION_KINDS}
ACTION_SHORT: dict[ActionKind, str] = {w.kind: w.short_fr for w in ACTION_KINDS}
END_WORDS: dict[EndKind, str] = {
    EndKind.AFTER_DEALS: "après {deals}",
    EndKind.CANNOT_STAKE: "dès qu'un joueur ne peut plus fournir les mises d'une "
    "nouvelle donne",
    EndKind.NO_TOKENS: "quand un joueur n'a plus de jetons au début d'une donne",
}
END_SHORT: dict[EndKind, str] = {
    EndKind.AFTER_DEALS: "après {deals}",
    EndKind.CANNOT_STAKE: "un joueur ne peut plus miser",
    EndKind.NO_TOKENS: "un joueur n'a plus de jetons",
}
WINNER_WORDS: dict[Winner, str] = {Winner.MOST_TOKENS: "le plus de jetons"}
STAKERS_WORDS: dict[Stakers, str] = {
    Stakers.EVERY_PLAYER: "chaque joueur",
    Stakers.DEALER_ONLY: "le donneur seul",
}

# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def join_words(words: Sequence[str], last: str = "et") -> str:
    """``a``, ``a et b``, ``a, b et c``."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(card: Card, symbol: bool = True) -> str:
    """``la dame de pique (Q♠)``: the French name, then the symbol the board and the
    command line use."""
    name = f"{RANK_WORDS[card.rank - 1]} de {SUIT_WORDS[card.suit]}"
    return f"{name} ({card.symbol})" if symbol else name


def contract(preposition: str, words: str) -> str:
    """``de`` or ``à`` before an article, as French writes it: ``du 10``, ``au roi``,
    ``de la dame``, ``à l'as``."""
    if words.startswith("le "):
        return {"de": "du", "à": "au"}[preposition] + words[2:]
    return f"{preposition} {words}"


def cards_short(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def card_class_words(items: Sequence[CardClass | Card], last: str = "ou") -> str:
    return join_words(
        [card_words(i) if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], last
    )


def card_class_short(items: Sequence[CardClass | Card]) -> str:
    return join_words(
        [i.symbol if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], "ou"
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
        cited = "; ".join(str(c) for c in origin.citations)
        return f"{cited} ; déduit : {origin.reason}" if origin.reason else cited
    return f"{ORIGIN_WORDS[origin.kind]} : {origin.reason}"
