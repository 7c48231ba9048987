"""The words for the parts of a clause that several clauses share, in French.

A ruleset's own words between guillemets (« comme ceci »), an effect's event ("quand on
pose un roi") and action ("son joueur ramasse les jetons de la case de cette carte"), and
one condition of the game's end ("après 6 donnes"), as the modules of :mod:`.prose_fr`
put them into their sentences and table cells: the French twin of :mod:`.prose_parts`.
Nothing here is escaped.
"""

from __future__ import annotations

from typing import assert_never

from nainjaune_rules.model.rules import Action, ActionKind, Basis, EndCondition, EndKind, Event
from nainjaune_rules.model.words import end_slots

from .vocabulary_fr import (
    ACTION_WORDS,
    END_WORDS,
    EVENT_WORDS,
    card_class_words,
    card_words,
    join_words,
    tokens,
)


def quoted(text: str) -> str:
    """A ruleset's own words inside a French sentence, between guillemets."""
    return f"« {text} »"


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


def end_condition(cond: EndCondition, table: dict[EndKind, str] = END_WORDS) -> str:
    counts = [
        f"{deals} donnes" + (f" à {players} joueurs" if players else "")
        for players, deals in cond.deals
    ]
    return table[cond.kind].format(**end_slots(cond, join_words(counts, "ou")))
