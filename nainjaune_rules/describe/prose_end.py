"""The end in English: when the game ends, who wins it, and when a deal ends.

One function per clause type, registered by :func:`.prose.describe` (which says what
the :class:`~.phrase.Phrase` each returns holds); nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.model.rules import DealEnd, GameEnd, WinnerRule

from .phrase import Phrase
from .prose_parts import end_condition
from .vocabulary_en import END_SHORT, WINNER_WORDS, join_words


def game_end(c: GameEnd) -> Phrase:
    conds = [end_condition(cond) for cond in c.conditions]
    first = ", whichever comes first" if len(conds) > 1 else ""
    return Phrase(
        f"The game ends {join_words(conds, 'or')}{first}.",
        join_words([end_condition(cond, END_SHORT) for cond in c.conditions], "or"),
    )


def winner(c: WinnerRule) -> Phrase:
    return Phrase(
        f"The player with the {WINNER_WORDS[c.rule]} at the end wins.", WINNER_WORDS[c.rule]
    )


def deal_end(c: DealEnd) -> Phrase:
    return Phrase(
        "The deal ends as soon as a player has laid their last card; that player wins the deal.",
        "first player out of cards wins",
    )


#: the function for each clause type this module words, for :func:`.prose.describe`
#: to register: it cannot be registered here, as :mod:`.prose` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    game_end, winner, deal_end,
)
