"""The words for the parts of a clause that several clauses share, in English.

An effect's event ("when a king is played") and action ("the player takes its box"),
and one condition of the game's end ("after 6 deals"), as :mod:`.prose_play` and
:mod:`.prose_end` put them into their sentences and table cells.  Nothing here is escaped.
"""

from __future__ import annotations

from typing import assert_never

from nainjaune_rules.model.rules import Action, ActionKind, Basis, EndCondition, EndKind, Event
from nainjaune_rules.model.words import end_slots

from .vocabulary_en import (
    ACTION_WORDS,
    END_WORDS,
    EVENT_WORDS,
    card_class_words,
    join_words,
    tokens,
)


def event_words(event: Event) -> str:
    words = EVENT_WORDS[event.kind].format(cards=card_class_words(event.cards))
    return words + (" and announced" if event.announced else "")


def action_words(action: Action, table: dict[ActionKind, str] = ACTION_WORDS,
                 payee: str = "its player") -> str:
    if action.basis is Basis.CARDS:
        basis = f"{tokens(action.amount)} per card left in hand"
        if action.in_tokens_of:
            basis += f", paid in tokens worth {action.in_tokens_of}"
    elif action.basis is Basis.POINTS:
        basis = "the points of the cards left in hand"
    elif action.basis is None:
        basis = ""
    else:
        assert_never(action.basis)
    card = action.card.symbol if action.card else "card"
    return table[action.kind].format(amount=tokens(action.amount), basis=basis, card=card,
                                     payee=payee)


def end_condition(cond: EndCondition, table: dict[EndKind, str] = END_WORDS) -> str:
    counts = [
        f"{deals} deals" + (f" with {players} players" if players else "")
        for players, deals in cond.deals
    ]
    return table[cond.kind].format(**end_slots(cond, join_words(counts, "or")))
