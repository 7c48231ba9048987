"""The end in French: when the game ends, who wins it, and when a deal ends.

The French twin of :mod:`.prose_end`: one function per clause type, registered by
:func:`.prose_fr.describe_fr`.  Nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.model.rules import DealEnd, GameEnd, WinnerRule

from .phrase import Phrase
from .prose_parts_fr import end_condition
from .vocabulary_fr import END_SHORT, WINNER_WORDS, join_words


def game_end(c: GameEnd) -> Phrase:
    conds = [end_condition(cond) for cond in c.conditions]
    first = ", selon ce qui arrive en premier" if len(conds) > 1 else ""
    return Phrase(
        f"La partie s'arrête {join_words(conds, 'ou')}{first}.",
        join_words([end_condition(cond, END_SHORT) for cond in c.conditions], "ou"),
    )


def winner(c: WinnerRule) -> Phrase:
    return Phrase(f"À la fin, le joueur qui a {WINNER_WORDS[c.rule]} gagne la partie.",
                  WINNER_WORDS[c.rule])


def deal_end(c: DealEnd) -> Phrase:
    return Phrase("La donne s'arrête dès qu'un joueur a posé sa dernière carte ; ce joueur "
                  "gagne la donne.", "le premier sans cartes gagne")


#: the function for each clause type this module words, for :func:`.prose_fr.describe_fr`
#: to register: it cannot be registered here, as :mod:`.prose_fr` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    game_end, winner, deal_end,
)
