"""``nainjaune check --simulate N``: the second layer of validating a ruleset.

A ruleset can compile cleanly and still be broken in play.  This plays N
seeded games with ``random``, ``greedy`` and ``lowest`` bots (the random ones
forget an announcement one time in ten, so forfeits get exercised too; see
:data:`CHECK_BOTS` for why ``lowest`` is there), cycling through every table
size the deal table allows, and reports:

- **games that did not end** within :data:`MAX_DEALS` deals (``--max-deals``),
  with the exact ``nainjaune play`` command that replays one (an error: ``ok``
  is False); the check stops after :data:`ENOUGH_UNENDED` such games;
- **clauses that never fired** in any game (a warning, with the clause's
  file:line:col): see :mod:`.clauses`;
- **options whose choice changed nothing**: every choice of the option,
  played on the same seeds, gave exactly the same figures (a warning).
"""

from __future__ import annotations

import contextlib
import os
import shlex
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from nainjaune_rules.analysis.clauses import record_keys, watched_clauses
from nainjaune_rules.analysis.intervals import wilson
from nainjaune_rules.analysis.records import GameRecord
from nainjaune_rules.analysis.runner import Interrupted, Job, Progress, play_chunks, play_games
from nainjaune_rules.syntax.resources import builtin_rulesets, rules_dir

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import Ruleset

#: the safety bound: a game still going after this many deals "does not end"
#: (``check --max-deals`` changes it)
MAX_DEALS = 500
#: a check stops once this many games have not ended: the ruleset is broken, and
#: playing on would only make the user wait for more of the same
ENOUGH_UNENDED = 5
#: the bots of the check, in turn round the table.  ``lowest`` joins random and greedy
#: because it alone keeps a wild card to the end of a deal: random and greedy bots
#: always get rid of the 1760 chief hoc, so "the holder of 7D pays double" never fired
CHECK_BOTS = ("random:forget=0.1", "greedy", "lowest")
#: games per choice when comparing an option's choices (at most the games asked for)
OPTION_GAMES = 100


@dataclass(frozen=True)
class MixedSeats:
    """Game i: the (i mod k)-th playable table size, the check's bots in turn round the table."""

    counts: tuple[int, ...]

    def __call__(self, index: int) -> list[str]:
        n = self.counts[index % len(self.counts)]
        shift = index // len(self.counts)  # every bot gets every seat in turn
        return [CHECK_BOTS[(seat + shift) % len(CHECK_BOTS)] for seat in range(n)]


def replay_command(ruleset: Ruleset, record: GameRecord, specs: list[str],
                   max_deals: int = MAX_DEALS) -> str:
    """The ``nainjaune play`` command that plays ``record``'s game again."""
    words = ["nainjaune", "play", _where(ruleset), "--players", str(record.players),
             "--seats", ",".join(specs), "--seed", str(record.seed),
             "--max-deals", str(max_deals)]
    for name, choice in ruleset.chosen:
        words += ["--option", f"{name}={choice}"]
    return shlex.join(words)


def _where(ruleset: Ruleset) -> str:
    """How ``nainjaune play`` names the ruleset: a built-in one by its name (wherever the
    package is installed: a path into site-packages is nobody's to type), a file by its
    path from here when it lies below, else its absolute path."""
    if not ruleset.file:
        return ruleset.id
    path = Path(ruleset.file).resolve()
    with contextlib.suppress(ValueError):
        name = path.relative_to(rules_dir().resolve()).with_suffix("").as_posix()
        if name in builtin_rulesets():
            return name
    rel = os.path.relpath(ruleset.file)
    return rel if not rel.startswith("..") else ruleset.file


@dataclass
class CheckTally:
    """What a check keeps of its games: counts, the first bad games, the clause keys seen.

    Folded chunk by chunk where the games are played (see :attr:`.runner.Job.fold`),
    so memory does not grow with the number of games.  Chunks are merged in index
    order, so the first unended and failed games kept are the lowest-numbered ones.
    """

    games: int = 0  # played without an engine failure
    deals: int = 0
    longest: int = 0
    unended: int = 0
    failed: int = 0
    first_unended: GameRecord | None = None
    first_failed: GameRecord | None = None
    seen: set[str] = field(default_factory=set)
    #: games by what ended them (``GameRecord.end``)
    ends: dict[str, int] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        if record.error:
            self.failed += 1
            self.first_failed = self.first_failed or record
            return
        self.games += 1
        self.deals += len(record.deals)
        self.longest = max(self.longest, len(record.deals))
        self.ends[record.end] = self.ends.get(record.end, 0) + 1
        if not record.ended:
            self.unended += 1
            self.first_unended = self.first_unended or record
        self.seen |= record_keys(record)

    def merge(self, other: CheckTally) -> None:
        self.games += other.games
        self.deals += other.deals
        self.longest = max(self.longest, other.longest)
        self.unended += other.unended
        self.failed += other.failed
        self.first_unended = self.first_unended or other.first_unended
        self.first_failed = self.first_failed or other.first_failed
        self.seen |= other.seen
        for end, games in other.ends.items():
            self.ends[end] = self.ends.get(end, 0) + games


def fold_check(records: list[GameRecord]) -> CheckTally:
    """A chunk's records as a :class:`CheckTally` (module level: picklable for the workers)."""
    tally = CheckTally()
    for record in records:
        tally.add(record)
    return tally


def check_by_simulation(ruleset: Ruleset, games: int, seed: int, *, workers: int = 1,
                        max_deals: int = MAX_DEALS, progress: Progress | None = None,
                        interrupted: Interrupted | None = None) -> tuple[str, bool]:
    """Play ``games`` games of ``ruleset``; the report's text and whether it passed.

    A game still going after ``max_deals`` deals is stopped and counted as not
    ending; after :data:`ENOUGH_UNENDED` of them the check stops early.  With
    ``interrupted``, Ctrl-C stops it too and the report covers the games played.
    """
    from nainjaune_rules.engine import EngineError, compile_tables

    try:
        tables = compile_tables(ruleset)
    except EngineError as exc:
        return f"simulation: error: the engine cannot play this ruleset: {exc}", False
    counts = tuple(sorted(tables.deal_rows))
    if not counts:
        return "simulation: error: the deal table has no playable row", False
    seating = MixedSeats(counts)
    job = Job(ruleset, seating, seed, max_deals, watch=True, fold=fold_check,
              enough_unended=ENOUGH_UNENDED)
    tally = CheckTally()
    for _count, part in play_chunks(job, games, workers, progress, interrupted):
        tally.merge(part)
        if tally.unended >= ENOUGH_UNENDED:
            break  # closing the generator stops the workers
    stopped = interrupted is not None and interrupted.stopped
    played = tally.games + tally.failed
    sizes = ", ".join(map(str, counts))
    bots = ", ".join(CHECK_BOTS)
    lines = [f"simulation: {played} games (seed {seed}; {bots} bots; "
             f"{sizes} players): {tally.games - tally.unended} ended by the rules, "
             f"longest {tally.longest} deals"]
    lines += _length_reached(ruleset, tally)
    if stopped and interrupted is not None:
        lines.append(f"  PARTIAL: interrupted ({interrupted.name}) after {played} of "
                     f"{games} games")
    elif tally.unended >= ENOUGH_UNENDED and played < games:
        lines.append(f"  stopped early after {played} of {games} games: "
                     f"{tally.unended} games did not end")
    if tally.first_failed is not None:
        first = tally.first_failed
        lines.append(f"  error: the engine failed in {tally.failed} games ({first.error}); "
                     f"to replay game {first.index}:")
        lines.append("    " + replay_command(ruleset, first, seating(first.index), max_deals))
    if tally.first_unended is not None:
        first = tally.first_unended
        lines.append(f"  error: {tally.unended} of {tally.games} games did not end within "
                     f"{max_deals} deals; to replay game {first.index}:")
        lines.append("    " + replay_command(ruleset, first, seating(first.index), max_deals))
    for watched in sorted((w for w in watched_clauses(tables) if not w.keys & tally.seen),
                          key=lambda w: (w.span.file, w.span.line, w.span.column)):
        # zero events out of n still bound the rate: the Wilson upper limit for 0/n
        per_game = any(key.startswith("end:") for key in watched.keys)
        units, unit = (tally.games, "games") if per_game else (tally.deals, "deals")
        bound = wilson(0, units)[1]
        lines.append(f"  warning: {watched.span}: never fired in {tally.games} games: "
                     f"{watched.what} (so in at most {100 * bound:.2g}% of {unit}, at 95%)")
    if played == games and not stopped:  # comparing options is for a complete run
        idle = _idle_options(ruleset, min(games, OPTION_GAMES), seed, workers, max_deals,
                             interrupted)
        if interrupted is not None and interrupted.stopped:
            lines.append(f"  PARTIAL: interrupted ({interrupted.name}) while comparing the "
                         "options' choices; they were not compared")
        else:
            lines += ["  warning: " + text for text in idle]
    return "\n".join(lines), not tally.unended and not tally.failed


def _length_reached(ruleset: Ruleset, tally: CheckTally) -> list[str]:
    """The share of games that reached the stated number of deals, and what ended the others.

    A game is meant to last its number of deals; an inherited end on a shortfall can
    cut nearly every game short (see ``model/play_checks.py``, ``unreachable-length``).
    """
    from nainjaune_rules.analysis.stats_text import ended_by
    from nainjaune_rules.engine.summary import Termination
    from nainjaune_rules.model.rules import EndKind
    from nainjaune_rules.model.writer import clause_line

    lengths = [c for c in ruleset.game_end.conditions if c.kind is EndKind.AFTER_DEALS]
    if not lengths or not tally.games:
        return []
    reached = tally.ends.get(Termination.DEAL_COUNT.value, 0)
    stated = clause_line(replace(ruleset.game_end, conditions=(lengths[0],)))
    others = {k: v for k, v in tally.ends.items() if k != Termination.DEAL_COUNT.value}
    line = (f"  the stated length ({stated}) reached in {reached} of {tally.games} games "
            f"({100 * reached / tally.games:.0f}%), {tally.deals / tally.games:.2f} deals "
            "a game on average")
    if others:
        line += "; the others ended by " + ended_by(others)
    return [line]


def _idle_options(ruleset: Ruleset, games: int, seed: int, workers: int, max_deals: int,
                  interrupted: Interrupted | None = None) -> list[str]:
    """Options all of whose choices gave identical figures on the same seeds."""
    from nainjaune_rules.model.resolve import with_options

    out = []
    for option in ruleset.options:
        if len(option.choices) < 2:
            continue
        outcomes = set()
        for choice in option.choices:
            try:
                variant = with_options(ruleset, {option.name: choice.name})
            except Exception as exc:  # an option that cannot be chosen is the static check's job
                out.append(f"option {option.name!r}: choice {choice.name!r} cannot be played "
                           f"({exc})")
                break
            outcomes.add(_fingerprint(variant, games, seed, workers, max_deals, interrupted))
        else:
            if len(outcomes) == 1:
                names = ", ".join(c.name for c in option.choices)
                out.append(f"{option.span}: option {option.name!r}: every choice ({names}) "
                           f"gave exactly the same games in {games} games")
    return out


def _fingerprint(ruleset: Ruleset, games: int, seed: int, workers: int, max_deals: int,
                 interrupted: Interrupted | None = None) -> tuple[object, ...]:
    """Everything observable about a run of games, for an exact comparison."""
    from nainjaune_rules.engine import EngineError, compile_tables

    try:
        counts = tuple(sorted(compile_tables(ruleset).deal_rows))
    except EngineError as exc:
        return ("unplayable", str(exc))
    job = Job(ruleset, MixedSeats(counts), seed, max_deals)
    return tuple((rec.ended, rec.end, rec.deals, rec.balances)
                 for rec in play_games(job, games, workers, interrupted=interrupted))
