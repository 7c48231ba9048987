"""The game's vocabulary in English: the words for every enum value of the rules.

:mod:`.prose` builds its sentences from these tables and helpers, and every
enum value of :mod:`nainjaune_rules.model.rules` has its words here (a test
checks that each value reads differently).  Nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nainjaune_rules.core.actions import ACTION_EVENTS, PHRASES
from nainjaune_rules.core.cards import Card
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
from nainjaune_rules.model.words import PHRASE_MEANINGS, column, words

# --------------------------------------------------------------------------
# The words for each enum value: the registry's (nainjaune_rules.model.words)
# --------------------------------------------------------------------------

DIRECTION_WORDS: dict[Direction, str] = column(Direction, "prose")
SIDE_WORDS: dict[Side, str] = column(Side, "prose")
SIDE_SHORT: dict[Side, str] = column(Side, "short")
#: a seat seen from the player whose turn ends (``turn: ... passes to``)
TURN_TO: dict[Side, str] = column(Side, "turn")
TURN_SHORT: dict[Side, str] = column(Side, "turn_short")
CARD_CLASS_WORDS: dict[CardClass, str] = column(CardClass, "prose")
FORFEIT_WORDS: dict[Forfeit, str] = column(Forfeit, "prose")
OPERA_WORDS: dict[OperaKind, str] = column(OperaKind, "prose")
OPERA_SHORT: dict[OperaKind, str] = column(OperaKind, "short")
SHORTFALL_WORDS: dict[Shortfall, str] = column(Shortfall, "prose")
SHORTFALL_SHORT: dict[Shortfall, str] = column(Shortfall, "short")
CHANGE_WORDS: dict[ChangeRule, str] = column(ChangeRule, "prose")
CHANGE_SHORT: dict[ChangeRule, str] = column(ChangeRule, "short")
EVIDENCE_WORDS: dict[Evidence, str] = column(Evidence, "prose")
STEP_WORDS: dict[SettlementStep, str] = column(SettlementStep, "prose")
STEP_SHORT: dict[SettlementStep, str] = column(SettlementStep, "short")
ORIGIN_WORDS: dict[OriginKind, str] = {
    OriginKind.ATTESTED: "attested",
    OriginKind.INFERRED: "inferred",
    OriginKind.HOUSE: "house rule",
}
CALL_WORDS: dict[CallMoment, str] = column(CallMoment, "prose")
EVENT_WORDS: dict[EventKind, str] = column(EventKind, "prose")
#: the site's words for each action are the registry's (nainjaune_rules.model.words)
ACTION_WORDS: dict[ActionKind, str] = column(ActionKind, "prose")
ACTION_SHORT: dict[ActionKind, str] = column(ActionKind, "short")
END_WORDS: dict[EndKind, str] = column(EndKind, "prose")
END_SHORT: dict[EndKind, str] = column(EndKind, "short")
WINNER_WORDS: dict[Winner, str] = column(Winner, "prose")
STAKERS_WORDS: dict[Stakers, str] = column(Stakers, "prose")

# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def join_words(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return joined(words, last)


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


#: where a hand-written page (``site/language.md`` and its translation) takes
#: :func:`action_table` (the docs hook, ``site/hooks/nainjaune_docs.py``)
ACTIONS_MARKER = "<!-- nainjaune:actions -->"


def action_table(french: bool = False) -> str:
    """The language page's table of actions, from the registries: one row per phrase of
    the language (``core.actions.PHRASES``, by kind in the enumeration's order), what it
    means (``model.words.PHRASE_MEANINGS``) and the events it may follow
    (``ACTION_EVENTS``, the table ``check`` and the engine read)."""
    after = "after_fr" if french else "after"
    rows = ["| action | sens | après |" if french else "| action | meaning | after |",
            "|---|---|---|"]
    for kind in ActionKind:
        events = ", ".join(words(e).forms[after] for e in ACTION_EVENTS[kind])
        for p in PHRASES:
            if p.kind is kind:
                shown = p.phrase.format(amount="N", card="CARD")
                rows.append(f"| `{shown}` | {PHRASE_MEANINGS[p.alias][french]} | {events} |")
    return "\n".join(rows)
