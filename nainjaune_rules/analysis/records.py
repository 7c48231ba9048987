"""What the statistics need from one game: a small, picklable record.

This is the package's own protocol, independent of the engine's classes: the
adapter (:mod:`.adapter`) fills it from a played game, worker processes send
it back to the parent, and everything downstream (tallies, figures, checks)
reads only these records.  Every number is an integer, so tallies built from
them are exact and independent of the order games arrive in.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DealRecord:
    """One deal.

    Seats are counted as *positions* from the dealer in the direction of play
    (0 = the dealer, 1 = the first seat after the dealer, ...), which is what
    fairness is about: ``position`` is the winner's, ``leader_position`` the
    first leader's, and ``net`` gives each position's balance change over the
    deal, stakes included.
    """

    dealer: int
    winner: int
    position: int
    leader_position: int
    plays: int
    turns: int
    boxes_taken: tuple[str, ...]  # card codes of the boxes taken during play
    forfeits: tuple[str, ...]  # card codes whose announcement was forgotten
    stop_cards: int
    king_restarts: int
    stuck: int
    opera: bool
    honours_left: tuple[str, ...]  # box cards left in a loser's hand
    shortfalls: int  # payments that could not be made in full
    tokens_moved: int
    board_size: int  # tokens on the board once the deal is settled
    net: tuple[int, ...]


@dataclass(frozen=True)
class GameRecord:
    """One game: its seed (to replay it), how it ended, and its deals.

    ``ended`` is False when the safety bound on the number of deals stopped a
    game that its own rules had not ended; ``end`` names the rule that ended
    it (``after deals``, ``cannot stake``, ``no tokens``, ``shortfall``,
    ``players left``, ``bound``, or ``other``).  ``fired`` is filled only when
    the adapter watched the game's events (for ``check --simulate``): the
    keys of the clauses that fired (see :mod:`.clauses`).
    """

    index: int
    seed: int
    players: int
    first_dealer: int
    ended: bool
    end: str
    deals: tuple[DealRecord, ...]
    balances: tuple[int, ...]
    winners: tuple[int, ...]
    winner_positions: tuple[int, ...]  # the winners' positions from the first dealer
    final_board: int  # tokens on the board when the game ended (stakes of an unplayed deal too)
    fired: frozenset[str] = field(default_factory=frozenset)
    #: counters each seat bought from the bank over the game (``cannot pay in full: buys
    #: counters from the bank``): its debt at the end, which nothing pays back
    debts: tuple[int, ...] = ()
    #: set (and the game abandoned) when the engine raised while playing a watched game
    error: str = ""

    @property
    def spread(self) -> int:
        """The final spread of balances: richest minus poorest."""
        return max(self.balances) - min(self.balances)

    @property
    def bought(self) -> int:
        """Counters bought from the bank in this game, by every seat."""
        return sum(self.debts)

    @property
    def largest_debt(self) -> int:
        """The largest debt of one seat at the end of the game (0 without purchases)."""
        return max(self.debts, default=0)

    @property
    def board_peak(self) -> int:
        """The largest board seen at the end of a deal in this game (0 without deals)."""
        return max((d.board_size for d in self.deals), default=0)
