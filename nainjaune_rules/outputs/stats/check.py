"""``nainjaune check --simulate N``: the second layer of validating a ruleset.

A ruleset can compile cleanly and still be broken in play.  This plays N
seeded games with ``random``, ``greedy`` and ``lowest`` bots (the random ones
forget an announcement one time in ten, so forfeits get exercised too; see
:data:`CHECK_BOTS` for why ``lowest`` is there), cycling through every table
size the deal table allows, and reports:

- **games that did not end** within :data:`MAX_DEALS` deals, with the exact
  ``nainjaune play`` command that replays one (an error: ``ok`` is False);
- **clauses that never fired** in any game (a warning, with the clause's
  file:line:col): see :mod:`.clauses`;
- **options whose choice changed nothing**: every choice of the option,
  played on the same seeds, gave exactly the same figures (a warning).
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nainjaune_rules.outputs.stats.clauses import never_fired
from nainjaune_rules.outputs.stats.intervals import wilson
from nainjaune_rules.outputs.stats.records import GameRecord
from nainjaune_rules.outputs.stats.runner import Job, play_games

if TYPE_CHECKING:
    from nainjaune_rules.engine import Tables
    from nainjaune_rules.model.rules import Ruleset

#: the safety bound: a game still going after this many deals "does not end"
MAX_DEALS = 500
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


def replay_command(ruleset: Ruleset, record: GameRecord, specs: list[str]) -> str:
    """The ``nainjaune play`` command that plays ``record``'s game again."""
    where = ruleset.file or ruleset.id
    if ruleset.file:
        rel = os.path.relpath(ruleset.file)
        where = rel if not rel.startswith("..") else ruleset.file
    words = ["nainjaune", "play", where, "--players", str(record.players),
             "--seats", ",".join(specs), "--seed", str(record.seed),
             "--max-deals", str(MAX_DEALS)]
    for name, choice in ruleset.chosen:
        words += ["--option", f"{name}={choice}"]
    return shlex.join(words)


def check_by_simulation(ruleset: Ruleset, games: int, seed: int, *,
                        workers: int = 1) -> tuple[str, bool]:
    """Play ``games`` games of ``ruleset``; the report's text and whether it passed."""
    from nainjaune_rules.engine import EngineError, compile_tables

    try:
        tables = compile_tables(ruleset)
    except EngineError as exc:
        return f"simulation: error: the engine cannot play this ruleset: {exc}", False
    counts = tuple(sorted(tables.deal_rows))
    if not counts:
        return "simulation: error: the deal table has no playable row", False
    seating = MixedSeats(counts)
    job = Job(ruleset, seating, seed, MAX_DEALS, watch=True)
    records = list(play_games(job, games, workers))
    failed = [rec for rec in records if rec.error]
    records = [rec for rec in records if not rec.error]
    unended = [rec for rec in records if not rec.ended]
    sizes = ", ".join(map(str, counts))
    longest = max((len(rec.deals) for rec in records), default=0)
    bots = ", ".join(CHECK_BOTS)
    lines = [f"simulation: {len(records) + len(failed)} games (seed {seed}; {bots} bots; "
             f"{sizes} players): {len(records) - len(unended)} ended by the rules, "
             f"longest {longest} deals"]
    if failed:
        first = failed[0]
        lines.append(f"  error: the engine failed in {len(failed)} games ({first.error}); "
                     f"to replay game {first.index}:")
        lines.append("    " + replay_command(ruleset, first, seating(first.index)))
    if unended:
        first = unended[0]
        lines.append(f"  error: {len(unended)} of {len(records)} games did not end within "
                     f"{MAX_DEALS} deals; to replay game {first.index}:")
        lines.append("    " + replay_command(ruleset, first, seating(first.index)))
    deals = sum(len(rec.deals) for rec in records)
    for watched in sorted(never_fired(tables, records),
                          key=lambda w: (w.span.file, w.span.line, w.span.column)):
        # zero events out of n still bound the rate: the Wilson upper limit for 0/n
        per_game = any(key.startswith("end:") for key in watched.keys)
        units, unit = (len(records), "games") if per_game else (deals, "deals")
        bound = wilson(0, units)[1]
        lines.append(f"  warning: {watched.span}: never fired in {len(records)} games: "
                     f"{watched.what} (so in at most {100 * bound:.2g}% of {unit}, at 95%)")
    for text in _idle_options(ruleset, tables, min(games, OPTION_GAMES), seed, workers):
        lines.append("  warning: " + text)
    return "\n".join(lines), not unended and not failed


def _idle_options(ruleset: Ruleset, tables: Tables, games: int, seed: int,
                  workers: int) -> list[str]:
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
            outcomes.add(_fingerprint(variant, games, seed, workers))
        else:
            if len(outcomes) == 1:
                names = ", ".join(c.name for c in option.choices)
                out.append(f"{option.span}: option {option.name!r}: every choice ({names}) "
                           f"gave exactly the same games in {games} games")
    return out


def _fingerprint(ruleset: Ruleset, games: int, seed: int, workers: int) -> tuple[object, ...]:
    """Everything observable about a run of games, for an exact comparison."""
    from nainjaune_rules.engine import EngineError, compile_tables

    try:
        counts = tuple(sorted(compile_tables(ruleset).deal_rows))
    except EngineError as exc:
        return ("unplayable", str(exc))
    job = Job(ruleset, MixedSeats(counts), seed, MAX_DEALS)
    return tuple((rec.ended, rec.end, rec.deals, rec.balances)
                 for rec in play_games(job, games, workers))
