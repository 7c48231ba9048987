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
        per_deal: dict[str, list[int]] = {}
        for deal in record.deals:
            for name, value in self._deal_values(deal):
                per_deal.setdefault(name, []).append(value)
            self.plays_histogram[deal.plays] += 1
        for name, values in per_deal.items():
            self.deal.setdefault(name, Cluster()).add_game(values)
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

    def _deal_values(self, d: DealRecord) -> list[tuple[str, int]]:
        n = self.players
        values = [
            ("plays", d.plays), ("turns", d.turns), ("tokens_moved", d.tokens_moved),
            ("board_size", d.board_size), ("stop_cards", d.stop_cards),
            ("king_restarts", d.king_restarts), ("stuck", d.stuck),
            ("forfeits", len(d.forfeits)), ("forfeit_any", int(bool(d.forfeits))),
            ("opera", int(d.opera)), ("shortfall", int(d.shortfalls > 0)),
            ("honours", int(bool(d.honours_left))),
            ("win:first_leader", int(d.position == d.leader_position)),
            ("net:first_leader", d.net[d.leader_position] if d.leader_position >= 0 else 0),
        ]
        values += [(f"box:{c}", int(c in d.boxes_taken)) for c in self.box_cards]
        values += [(f"honour:{c}", int(c in d.honours_left)) for c in self.box_cards]
        values += [(f"forfeit:{c}", int(c in d.forfeits)) for c in self.announced]
        values += [(f"win:pos{k}", int(d.position == k)) for k in range(n)]
        values += [(f"net:pos{k}", d.net[k]) for k in range(n)]
        return values


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
