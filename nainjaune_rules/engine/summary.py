"""What a deal and a game come to: the records statistics are computed from.

:class:`DealSummary` is filled in as the deal is played (with or without a
transcript), so a simulation that only wants numbers never renders events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Termination(str, Enum):
    """Why a game stopped (python-chess's ``Termination``): what statistics count.

    Every member but ``SAFETY_BOUND`` is an end the ruleset's rules reached; a game
    stopped by the engine's safety bound is *not ended* and names no winner.
    """

    DEAL_COUNT = "after deals"  # the ruleset's number of deals (or --deals) was played
    CANNOT_STAKE = "cannot stake"  # game ends: when a player cannot stake
    NO_TOKENS = "no tokens"  # game ends: when a player has no tokens
    SHORTFALL = "shortfall"  # cannot pay in full: ... and the game ends
    PLAYERS_LEFT = "players left"  # fewer than two players, or no deal row for those left
    SAFETY_BOUND = "bound"  # the engine's max_deals bound: the game did not end


@dataclass
class DealSummary:
    """One deal, counted.

    ``plays`` counts cards played; ``turns`` counts turns (a turn begins each
    time the turn is handed to a seat, the first leader's first turn included);
    ``tokens_moved`` adds up every transfer (stakes, boxes, payments);
    ``board_size`` is the number of tokens on the board once the deal is settled.
    """

    number: int
    dealer: int
    first_leader: int
    players: int  # seats dealt in
    winner: int = -1
    plays: int = 0
    turns: int = 0
    boxes_taken: list[tuple[int, str, int]] = field(default_factory=list)  # seat, card, tokens
    forfeits: list[tuple[int, str, str]] = field(default_factory=list)  # seat, card, forfeit
    stop_cards_played: int = 0
    kings_restarts: int = 0
    stuck: int = 0  # times a full round passed with nobody continuing
    opera: str | None = None  # the opera kind, when the winner made one
    honours_left: list[tuple[int, str, int]] = field(default_factory=list)  # seat, card, paid
    shortfalls: list[tuple[int, int, int]] = field(default_factory=list)  # seat, owed, paid
    bought: list[tuple[int, int]] = field(default_factory=list)  # seat, counters bought
    changes: list[tuple[int, object, int]] = field(default_factory=list)  # seat, with, token
    pool_cards: list[tuple[int, int]] = field(default_factory=list)  # seat, card of a pool's pair
    turn_up: int = -1  # the card turned up for trumps (issue #22, item 6); -1: none
    wild_out_of_turn: int = 0  # times the wild card's holder laid it out of turn
    tokens_moved: int = 0
    board_size: int = 0
    balances: list[int] = field(default_factory=list)


@dataclass
class GameResult:
    """The end of a game.

    ``ended`` is False when the engine's ``max_deals`` safety bound stopped a
    game whose rules had not ended it; ``reason`` says why it stopped either way,
    in one of these forms (statistics read them): ``"N deals played"`` (the
    ruleset's count, or ``(--deals)`` when the ``deals`` option set it),
    ``"seat S cannot stake N"``, ``"seat S has no tokens"``, ``"seat S could
    not pay N in full (why)"``, ``"fewer than two players are left"``, ``"the
    deal table has no row for N players"``, ``"stopped by the safety bound of
    N deals"``; ``termination`` says the same as a :class:`Termination`, and is
    what programs read.  ``winners`` lists every seat with the most tokens, less
    the counters it bought from the bank (``debts``; several winners on a tie),
    and is empty when the game did not end.
    """

    ended: bool
    reason: str
    termination: Termination
    deals: list[DealSummary]
    balances: list[int]
    board: dict[str, int]
    winners: list[int]
    left: list[int]  # seats that left the game (``cannot pay in full: ... leaves the game``)
    #: counters each seat bought from the bank (``cannot pay in full: buys counters ...``)
    debts: list[int] = field(default_factory=list)

    @property
    def standings(self) -> list[int]:
        """Each seat's tokens less its debts: what the winners are chosen by."""
        debts = self.debts or [0] * len(self.balances)
        return [b - d for b, d in zip(self.balances, debts, strict=True)]
