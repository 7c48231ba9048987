"""The clauses of the tokens (part of :mod:`.rules`, which gathers them).

Who stakes, what stays on the board, what each player starts with, how change is made,
how cards in hand count, the order of a deal's settlement and a player who cannot pay:
the rules :mod:`nainjaune_rules.describe.prose_tokens` writes out.
"""

from __future__ import annotations

from dataclasses import dataclass

from nainjaune_rules.core.kinds import ChangeRule, SettlementStep, Shortfall, Stakers
from nainjaune_rules.model.rules_base import Clause


@dataclass(frozen=True)
class Stakes(Clause):
    stakers: Stakers
    # per-seat stakes (issue #22, ``stakes: the dealer 2, every other player 1``): with
    # ``BY_SEAT``, how many times over the dealer and each other player stake every box
    dealer_times: int = 1
    other_times: int = 1

    def times(self, is_dealer: bool) -> int:
        """How many times over a seat stakes each box (0: it stakes nothing)."""
        if self.stakers is Stakers.BY_SEAT:
            return self.dealer_times if is_dealer else self.other_times
        return 1 if is_dealer or self.stakers is Stakers.EVERY_PLAYER else 0


@dataclass(frozen=True)
class Leftovers(Clause):
    stay: bool  # tokens not taken stay in their box for the next deal


@dataclass(frozen=True)
class StartingTokens(Clause):
    """What each player starts with: ``count`` tokens' worth.

    ``denominations`` lists the kinds of token (value, how many), largest value
    first, as ``tokens: 3 worth 5, ..., 7 worth 1`` writes them; empty for
    ``starting tokens: N``, which is N tokens of value 1.
    """

    count: int
    denominations: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Change(Clause):
    """How change is made when a player cannot pay an amount exactly with their tokens."""

    rule: ChangeRule


@dataclass(frozen=True)
class Points(Clause):
    """How a card left in hand is counted when paying by points."""

    court: int  # J, Q, K
    ace: int  # others count their face value


@dataclass(frozen=True)
class CannotPay(Clause):
    rule: Shortfall


@dataclass(frozen=True)
class Settlement(Clause):
    """The order of the steps that settle a deal, each step once (``settlement: ...``).

    A ruleset that does not state it plays the language's default clause
    (:data:`nainjaune_rules.model.defaults.DEFAULTS`, read by ``settlement_of``).
    """

    steps: tuple[SettlementStep, ...]
