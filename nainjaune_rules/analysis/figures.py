"""From a tally to the figures: named estimates with their 95 % intervals.

The rows of a :class:`Figures` depend only on the ruleset and the table size,
never on what happened in the games: a rule the ruleset has gets its row even
when it never fired (a 0 % with an interval is a finding), and a rule it lacks
gets none.  So two runs of one ruleset always have the same keys.

Units: "per deal" figures use every deal of every game, with games as
clusters (see :mod:`.intervals`); "per game" figures use whole games.  When
some games were stopped by the safety bound rather than by their rules, the
per-game figures describe truncated games; :attr:`Figures.open_ended` says so
and the renderers flag it; the per-deal figures stay meaningful either way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nainjaune_rules.analysis.intervals import (
    Cluster,
    Estimate,
    cluster_mean,
    cluster_wilson,
    proportion,
    t_mean,
)
from nainjaune_rules.analysis.tally import Tally


@dataclass(frozen=True)
class Row:
    """One figure: a stable ``key``, a label for people, its estimate, and what "fair" is."""

    key: str
    label: str
    estimate: Estimate
    baseline: float | None = None  # e.g. 1/P for a seat's share of the wins
    unit: str = "deal"  # the figure is per "deal" or per "game"


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Figures:
    """Every figure of one simulation (one ruleset, one seating, one seed)."""

    name: str  # the ruleset as the user named it
    ruleset_id: str
    title: str
    options: tuple[tuple[str, str], ...]
    players: int
    seats: tuple[str, ...]
    seed: int
    requested: int  # games asked for
    games: int  # games played (fewer when interrupted)
    deals: int
    ended: int  # games ended by the ruleset's own rules
    ends: dict[str, int]  # games by the rule that ended them
    partial: bool  # interrupted: the figures describe the first `games` games only
    sections: tuple[Section, ...]
    plays_histogram: dict[int, int] = field(default_factory=dict)
    deals_histogram: dict[int, int] = field(default_factory=dict)

    @property
    def open_ended(self) -> bool:
        """Some games hit the safety bound: per-game figures are of truncated games."""
        return self.ended < self.games

    def rows(self) -> dict[str, Row]:
        return {row.key: row for section in self.sections for row in section.rows}

    def get(self, key: str) -> Estimate | None:
        row = self.rows().get(key)
        return row.estimate if row else None


@dataclass(frozen=True)
class Features:
    """Which optional rules the ruleset has (so which rows to show); from the engine tables."""

    box_cards: tuple[str, ...]
    opera: bool
    announcements: bool
    #: the cards whose announcement can be forgotten, when few enough to list one by one
    announced_cards: tuple[str, ...]
    stop_cards: bool
    king_restarts: bool
    honours: bool
    #: a player who cannot pay in full buys counters from the bank (and owes them)
    bank: bool = False


def position_name(k: int) -> str:
    """Seat positions are counted from the dealer in the direction of play."""
    if k == 0:
        return "the dealer"
    return f"dealer+{k}"


def compute(tally: Tally, features: Features,
            seats: tuple[str, ...] = ()) -> tuple[Section, ...]:
    """The sections of figures for a tally; ``seats``: the bot of each seat.

    When the seats hold different bots, each seat's share of the games won is
    given too (the bots' strength, rather than the rules' fairness).
    """
    p = tally.players
    d = tally.deal

    def deal_mean(key: str, label: str, name: str, floor: float | None = 0) -> Row:
        return Row(key, label, cluster_mean(d.get(name) or Cluster(), floor))

    def deal_rate(key: str, label: str, name: str, baseline: float | None = None) -> Row:
        return Row(key, label, cluster_wilson(d.get(name) or Cluster()), baseline)

    def game_mean(key: str, label: str, name: str, floor: float | None = 0) -> Row:
        s = tally.game.get(name)
        est = t_mean(s.total, s.squares, s.n, floor) if s else t_mean(0, 0, 0)
        return Row(key, label, est, unit="game")

    # the fewest deals a game can have: 0 when the rules end it before its first deal,
    # which they then do in every game (every game starts alike: equal purses, nothing
    # dealt, so the checks before the first deal give the same answer), else 1
    fewest_deals = min(1, min(tally.deals_histogram, default=0))

    length = (
        deal_mean("length.plays_per_deal", "cards played per deal", "plays"),
        deal_mean("length.turns_per_deal", "turns per deal", "turns"),
        game_mean("length.deals_per_game", "deals per game", "deals", fewest_deals),
        Row("length.games_ended", "games ended by their rules",
            proportion(tally.ended, tally.games), unit="game"),
    )
    fair_share = tally.winners / tally.games / p if tally.games else 1 / p
    fairness = tuple(
        deal_rate(f"fairness.deal_win.pos{k}", f"deal won by {position_name(k)}",
                  f"win:pos{k}", 1 / p) for k in range(p)
    ) + (
        deal_rate("fairness.deal_win.first_leader", "deal won by the first leader",
                  "win:first_leader", 1 / p),
        deal_mean("fairness.net.first_leader", "first leader's net tokens per deal",
                  "net:first_leader", None),
    ) + tuple(
        deal_mean(f"fairness.net.pos{k}", f"net tokens per deal, {position_name(k)}",
                  f"net:pos{k}", None) for k in range(p)
    ) + tuple(
        Row(f"fairness.game_win.pos{k}",
            f"game won by first dealer+{k}" if k else "game won by the first dealer",
            proportion(tally.game_wins[k], tally.games), fair_share, "game")
        for k in range(p)
    )
    if len(set(seats)) > 1:
        fairness += tuple(
            Row(f"fairness.game_win.seat{s}", f"game won by seat {s} ({spec})",
                proportion(tally.seat_wins[s], tally.games), fair_share, "game")
            for s, spec in enumerate(seats))
    activity: list[Row] = [
        deal_rate(f"activity.box.{c}", f"box {c} taken in play", f"box:{c}")
        for c in features.box_cards]
    if features.opera:
        activity.append(deal_rate("activity.opera", "opéra", "opera"))
    if features.announcements:
        activity.append(deal_rate("activity.forfeit", "a forgotten announcement", "forfeit_any"))
        activity += [deal_rate(f"activity.forfeit.{c}", f"announcement of {c} forgotten",
                               f"forfeit:{c}") for c in features.announced_cards]
    if features.stop_cards:
        activity.append(deal_mean("activity.stop_cards", "stop cards played per deal",
                                  "stop_cards"))
    if features.king_restarts:
        activity.append(deal_mean("activity.king_restarts", "runs ended by a king per deal",
                                  "king_restarts"))
    activity.append(deal_mean("activity.stuck", "times nobody could continue, per deal",
                              "stuck"))
    if features.honours:
        activity.append(deal_rate("activity.honours", "an honour left in hand", "honours"))
        activity += [deal_rate(f"activity.honour.{c}", f"honour {c} left in hand",
                               f"honour:{c}") for c in features.box_cards]
    activity.append(deal_rate("activity.shortfall", "a player unable to pay in full",
                              "shortfall"))
    money = (
        deal_mean("money.tokens_moved", "tokens moved per deal", "tokens_moved"),
        deal_mean("money.board", "tokens on the board after a deal", "board_size"),
        game_mean("money.board_peak", "largest board in a game", "board_peak"),
        game_mean("money.board_final", "board at the end of a game", "board_final"),
        game_mean("money.spread", "final spread of balances (richest − poorest)", "spread"),
    )
    sections = [
        Section("length", "Length", length),
        Section("fairness", "Fairness", fairness),
        Section("activity", "Rule activity", tuple(activity)),
        Section("money", "Money", money),
    ]
    if features.bank:
        sections.append(Section("bank", "Bank", bank_rows(tally)))
    return tuple(sections)


def bank_rows(tally: Tally) -> tuple[Row, ...]:
    """What the bank sold: whether a game lasts its stated length on its purses alone.

    A game "buys" when any player bought counters from the bank; what was bought is a debt
    nothing pays back, so a seat's debt at the end is what it bought."""
    def mean(key: str, label: str, name: str) -> Row:
        s = tally.game.get(name)
        est = t_mean(s.total, s.squares, s.n, 0) if s else t_mean(0, 0, 0)
        return Row(key, label, est, unit="game")

    buying = tally.game.get("buying")
    return (
        Row("bank.games_buying", "games buying counters from the bank",
            proportion(buying.total if buying else 0, tally.games), unit="game"),
        mean("bank.bought_per_game", "counters bought from the bank per game", "bought"),
        mean("bank.largest_debt", "largest debt to the bank, per game",
             "largest_debt"),
        mean("bank.debtors", "players in debt at the end of a game", "debtors"),
    )

