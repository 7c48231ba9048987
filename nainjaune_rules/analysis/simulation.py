"""``simulate``: play N games of one ruleset and compute its figures.

This is the one entry point the CLI and the documentation page use::

    from nainjaune_rules.analysis.simulation import simulate
    figures = simulate(ruleset, games=1000, players=4, seats=["lowest"], seed=0, workers=2)
    figures.get("activity.opera")      # Estimate(value=0.012, low=..., high=..., ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nainjaune_rules.analysis.figures import Features, Figures, compute
from nainjaune_rules.analysis.runner import (
    FixedSeats,
    Interrupted,
    Job,
    Progress,
    play_chunks,
)
from nainjaune_rules.analysis.tally import Fold, Tally
from nainjaune_rules.players.seating import default_players

if TYPE_CHECKING:
    from nainjaune_rules.engine import Tables
    from nainjaune_rules.model.rules import Ruleset

#: cards whose forgotten announcement gets a row of its own, at most; beyond (a ruleset
#: that announces every card), only the box cards get one
MAX_LISTED = 13

#: the default bot: the engine's reference policy (deterministic given the deal)
DEFAULT_SEAT = "lowest"


class SimulationError(ValueError):
    """The simulation cannot be set up (table size, seat specs)."""


def seat_specs(seats: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One spec per seat: a single spec is repeated for every seat."""
    specs = [s.strip() for s in (seats or [DEFAULT_SEAT]) if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise SimulationError(f"{len(specs)} seats given for {players} players")
    from nainjaune_rules.players import SpecError, make_player

    for spec in specs:
        if spec.split(":")[0].strip().lower() == "human":
            raise SimulationError("a simulation cannot seat a human player")
        try:
            make_player(spec)
        except SpecError as exc:
            raise SimulationError(str(exc)) from None
    return tuple(specs)


def features(tables: Tables) -> Features:
    """Which optional rules the ruleset has, read from the engine's tables."""
    from nainjaune_rules.core.cards import Card
    from nainjaune_rules.core.kinds import Shortfall

    announced = [c for c in range(52) if tables.announce_mask >> c & 1]
    boxes_first = [c for c in tables.box_cards if c in announced]
    announced = boxes_first + [c for c in announced if c not in boxes_first]
    if len(announced) > MAX_LISTED:
        announced = boxes_first  # the forfeits that cost a box are the ones that matter
    return Features(
        box_cards=tuple(Card.from_index(c).code for c in tables.box_cards),
        opera=tables.opera is not None,
        announcements=bool(tables.announce_mask),
        announced_cards=tuple(Card.from_index(c).code for c in announced),
        stop_cards=bool(tables.stop_mask),
        king_restarts=tables.king_restarts,
        honours=tables.honours_double,
        bank=tables.shortfall is Shortfall.BUYS_FROM_BANK,
    )


def table_size(tables: Tables, players: int | None) -> int:
    playable = sorted(tables.deal_rows)
    if not playable:
        raise SimulationError("the deal table has no playable row")
    if players is None:
        return default_players(playable)
    if players not in playable:
        raise SimulationError(f"cannot deal for {players} players (the deal table has rows "
                              f"for {', '.join(map(str, playable))})")
    return players


def simulate(ruleset: Ruleset, games: int, *, players: int | None = None,
             seats: Sequence[str] | None = None, seed: int = 0, workers: int = 1,
             max_deals: int = 1000, name: str | None = None, progress: Progress | None = None,
             interruptible: bool = False, interrupted: Interrupted | None = None,
             cluster: str | None = None) -> Figures:
    """Play ``games`` games of ``ruleset`` and return their figures.

    ``seats``: one spec per seat or one for all (default ``lowest``);
    ``players``: the table size (default as ``nainjaune play``); ``workers``:
    processes, or ``cluster`` a Dask scheduler (the figures depend on neither);
    ``interruptible`` (or an ``interrupted`` flag to read afterwards): Ctrl-C
    or SIGTERM stops the run and the figures come back marked ``partial``.
    """
    from nainjaune_rules.engine import EngineError, compile_tables

    try:
        tables = compile_tables(ruleset)
    except EngineError as exc:
        raise SimulationError(str(exc)) from None
    n = table_size(tables, players)
    specs = seat_specs(seats, n)
    feats = features(tables)
    tally = Tally(n, feats.box_cards, feats.announced_cards)
    # each chunk is tallied where it is played; merging integer sums is exact, so the
    # result does not depend on how the games were split between processes
    job = Job(ruleset, FixedSeats(specs), seed, max_deals,
              fold=Fold(n, feats.box_cards, feats.announced_cards))
    flag = interrupted or (Interrupted() if interruptible else None)
    for _count, part in play_chunks(job, games, workers, progress, flag, cluster):
        tally.merge(part)
    return figures_of(tally, feats, ruleset=ruleset, name=name or ruleset.id, specs=specs,
                      seed=seed, requested=games, partial=bool(flag and flag.stopped))


def figures_of(tally: Tally, feats: Features, *, ruleset: Ruleset, name: str,
               specs: tuple[str, ...], seed: int, requested: int, partial: bool) -> Figures:
    """The figures of the games in ``tally`` (also used by the playground's chunked runs)."""
    return Figures(
        name=name, ruleset_id=ruleset.id, title=ruleset.title,
        options=ruleset.chosen, players=tally.players, seats=specs, seed=seed,
        requested=requested, games=tally.games,
        deals=sum(tally.deals_histogram[k] * k for k in tally.deals_histogram),
        ended=tally.ended, ends=dict(sorted(tally.ends.items())),
        partial=partial, sections=compute(tally, feats, specs),
        plays_histogram=dict(sorted(tally.plays_histogram.items())),
        deals_histogram=dict(sorted(tally.deals_histogram.items())))
