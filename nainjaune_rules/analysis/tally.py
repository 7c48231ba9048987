"""Exact running sums over game records: what the figures are computed from.

A :class:`Tally` is fed :class:`~.records.GameRecord` objects one game at a
time and keeps only integer sums (see :class:`~.intervals.Cluster`), so

- memory does not grow with the number of games;
- adding games in any order gives the same sums, bit for bit, which is what
  makes ``--workers 1`` and ``--workers 2`` print identical figures;
- a tally interrupted by Ctrl-C still describes exactly the games it saw.

Per-deal quantities are kept per game (one cluster per game); per-game ones
as plain sums and sums of squares.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field

from nainjaune_rules.analysis.intervals import Cluster
from nainjaune_rules.analysis.records import DealRecord, GameRecord


@dataclass
class Sums:
    """Σx, Σx² and n of a per-game quantity."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x


@dataclass
class Tally:
    """Running sums of one simulation (one ruleset, one seating).

    ``box_cards`` are the card codes of the board, in board order; per-deal
    figures are kept for each.  ``players`` is the table size.
    """

    players: int
    box_cards: tuple[str, ...]
    announced: tuple[str, ...] = ()  # cards whose announcement may be forgotten
    games: int = 0
    ended: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    deal: dict[str, Cluster] = field(default_factory=dict)
    game: dict[str, Sums] = field(default_factory=dict)
    #: per game: how often the seat at each position from the first dealer had the most tokens
    game_wins: list[int] = field(default_factory=list)
    #: per game: how often each seat (by its number, so by its bot) had the most tokens
    seat_wins: list[int] = field(default_factory=list)
    winners: int = 0  # Σ over games of the number of (tied) winners
    plays_histogram: Counter[int] = field(default_factory=Counter)
    deals_histogram: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.game_wins:
            self.game_wins = [0] * self.players
        if not self.seat_wins:
            self.seat_wins = [0] * self.players

    def add(self, record: GameRecord) -> None:
        """Add one game."""
        self.games += 1
        self.ended += record.ended
        self.ends[record.end] += 1
        if record.deals:
            # one row of values per deal, in the order of :func:`deal_names`; each column
            # is one figure's values over the game's deals
            rows = [self._deal_row(deal) for deal in record.deals]
            plays = self.plays_histogram
            for deal in record.deals:
                plays[deal.plays] += 1
            clusters = self.deal
            for name, values in zip(deal_names(self.players, self.box_cards, self.announced),
                                    zip(*rows, strict=True), strict=True):
                cluster = clusters.get(name)
                if cluster is None:
                    cluster = clusters[name] = Cluster()
                cluster.add_game(values)
        self.deals_histogram[len(record.deals)] += 1
        self._game_value("deals", len(record.deals))
        self._game_value("spread", record.spread)
        self._game_value("board_peak", record.board_peak)
        self._game_value("board_final", record.final_board)
        self._game_value("bought", record.bought)
        self._game_value("buying", int(record.bought > 0))
        self._game_value("largest_debt", record.largest_debt)
        self._game_value("debtors", sum(1 for debt in record.debts if debt))
        for position in record.winner_positions:
            self.game_wins[position] += 1
        for seat in record.winners:
            self.seat_wins[seat] += 1
        self.winners += len(record.winners)

    def merge(self, other: Tally) -> None:
        """Add another tally's games (exact: every field is a sum of integers)."""
        self.games += other.games
        self.ended += other.ended
        self.ends.update(other.ends)
        for name, cluster in other.deal.items():
            self.deal.setdefault(name, Cluster()).merge(cluster)
        for name, sums in other.game.items():
            mine = self.game.setdefault(name, Sums())
            mine.n += sums.n
            mine.total += sums.total
            mine.squares += sums.squares
        self.game_wins = [a + b for a, b in zip(self.game_wins, other.game_wins, strict=True)]
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins, strict=True)]
        self.winners += other.winners
        self.plays_histogram.update(other.plays_histogram)
        self.deals_histogram.update(other.deals_histogram)

    def _game_value(self, name: str, value: int) -> None:
        self.game.setdefault(name, Sums()).add(value)

    def _deal_row(self, d: DealRecord) -> list[int]:
        """A deal's values, in the order of :func:`deal_names` (built once per deal: the
        names, with their f-strings, once per table)."""
        n = self.players
        position, leader, net = d.position, d.leader_position, d.net
        row = [d.plays, d.turns, d.tokens_moved, d.board_size, d.stop_cards, d.king_restarts,
               d.stuck, len(d.forfeits), int(bool(d.forfeits)), int(d.opera),
               int(d.shortfalls > 0), int(bool(d.honours_left)), int(position == leader),
               net[leader] if leader >= 0 else 0]
        taken, honours, forfeits = d.boxes_taken, d.honours_left, d.forfeits
        row += [int(c in taken) for c in self.box_cards]
        row += [int(c in honours) for c in self.box_cards]
        row += [int(c in forfeits) for c in self.announced]
        row += [int(position == k) for k in range(n)]
        row += [net[k] for k in range(n)]
        return row


@functools.lru_cache(maxsize=64)
def deal_names(players: int, box_cards: tuple[str, ...],
               announced: tuple[str, ...]) -> tuple[str, ...]:
    """The names of the per-deal figures, in the order of :meth:`Tally._deal_row`: each
    once (a board's cards are distinct, and so are the cards announced), so each column of
    a game's rows is one figure's values."""
    names = ("plays", "turns", "tokens_moved", "board_size", "stop_cards", "king_restarts",
            "stuck", "forfeits", "forfeit_any", "opera", "shortfall", "honours",
            "win:first_leader", "net:first_leader",
            *(f"box:{c}" for c in box_cards), *(f"honour:{c}" for c in box_cards),
            *(f"forfeit:{c}" for c in announced), *(f"win:pos{k}" for k in range(players)),
            *(f"net:pos{k}" for k in range(players)))
    if len(set(names)) != len(names):
        raise ValueError(f"a per-deal figure is named twice: {names}")
    return names


@dataclass(frozen=True)
class Fold:
    """A picklable ``records -> Tally`` for the workers (see :attr:`.runner.Job.fold`)."""

    players: int
    box_cards: tuple[str, ...]
    announced: tuple[str, ...] = ()

    def __call__(self, records: list[GameRecord]) -> Tally:
        tally = Tally(self.players, self.box_cards, self.announced)
        for record in records:
            tally.add(record)
        return tally
