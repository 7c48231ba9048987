"""The clauses of the end of a deal and of the game (part of :mod:`.rules`, which gathers
them): the rules :mod:`nainjaune_rules.describe.prose_end` writes out.
"""

from __future__ import annotations

from dataclasses import dataclass

from nainjaune_rules.core.kinds import EndKind, Winner
from nainjaune_rules.model.rules_base import Clause


@dataclass(frozen=True)
class EndCondition:
    kind: EndKind
    deals: tuple[tuple[int, int], ...] = ()  # AFTER_DEALS: (players, deals); players 0 = any

    def deals_for(self, players: int) -> int | None:
        for count, deals in self.deals:
            if count in (0, players):
                return deals
        return None


@dataclass(frozen=True)
class GameEnd(Clause):
    conditions: tuple[EndCondition, ...]  # the game ends at the first that holds


@dataclass(frozen=True)
class WinnerRule(Clause):
    rule: Winner


@dataclass(frozen=True)
class DealEnd(Clause):
    """A deal ends when a player has no cards left, and that player wins it.

    The language has one reading of this (every source has it); the clause makes
    the rule, and its citation, part of the ruleset rather than of the engine.
    """
