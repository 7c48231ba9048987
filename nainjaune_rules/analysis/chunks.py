"""A chunk of games: what to play (:class:`Job`), how a run is cut (:func:`chunk_bounds`)
and the pure function that plays one chunk anywhere (:func:`play_range`).

Shared by every place chunks are played: this process and a pool
(:mod:`.runner`), a Dask cluster (:mod:`.cluster`), the playground's chunked
runs; none of them is imported here, so the runner and the cluster do not
import each other.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from nainjaune_rules.analysis.adapter import play_one
from nainjaune_rules.analysis.records import GameRecord
from nainjaune_rules.analysis.seeds import game_seed

if TYPE_CHECKING:
    from nainjaune_rules.engine import Tables
    from nainjaune_rules.model.rules import Ruleset

#: games per chunk: big enough to amortise a task's pickling and the parent's
#: bookkeeping, small enough for a smooth progress bar and a quick stop on Ctrl-C
#: (a chunk of 100 games takes 0.04 to 0.2 s)
CHUNK = 100


@dataclass(frozen=True)
class Job:
    """What to play: a ruleset, the seats (a spec per seat, or a spec list per game), a seed.

    ``seating`` maps a game's index to its seat specs, so that ``check
    --simulate`` can vary the seats and the table size from game to game;
    it must be a picklable module-level callable or a :class:`FixedSeats`.
    """

    ruleset: Ruleset
    seating: Callable[[int], Sequence[str]]
    seed: int = 0
    max_deals: int = 1000
    watch: bool = False
    #: applied to each chunk's records where they are played (in the worker), so that
    #: only its result crosses the process boundary (a tally: a few integers)
    fold: Callable[[list[GameRecord]], Any] | None = None
    #: when > 0, a chunk stops after this many games that did not end (``check
    #: --simulate`` has its answer, and each such game costs ``max_deals`` deals);
    #: the chunk then holds fewer games than asked, the same ones wherever it is played
    enough_unended: int = 0


@dataclass(frozen=True)
class FixedSeats:
    """The same seats for every game."""

    specs: tuple[str, ...]

    def __call__(self, index: int) -> Sequence[str]:
        return self.specs


#: games per chunk on a Dask cluster, at most: each task there costs the client and the
#: scheduler CPU of their own (the job it carries, TLS, msgpack, the scheduler's
#: bookkeeping: about 10 ms of wall time per task on a quiet 2-core machine, taken from
#: the cores the workers play on), so a long run sends few, large chunks (:func:`chunk_size`).
#: A chunk's result is the same small tally whatever its size; 5,000 fr-sheet games are
#: under a second of one worker's time, a chunk lost with its worker is played again.
BIG_CHUNK = 5000
#: chunks each worker thread gets at least, when chunks are made larger: the last chunks
#: of a run keep the workers busy together (one chunk more on one of them is the run's
#: only imbalance).  20,000 fr-sheet games on a running 2-worker cluster: 16 chunks each
#: (600 games) gave 1.57× one worker, 8 each 1.70×, 4 each (2,500 games) 1.80×, 2 each 1.83×
#: (issue 27 item 4; ``benchmarks/bench_simulate.py --profile-chunks``)
CHUNKS_EACH = 4


def chunk_size(games: int, slots: int, most: int = BIG_CHUNK) -> int:
    """Games per chunk for ``games`` played on ``slots`` worker threads: :data:`CHUNK`, or
    a larger multiple of it up to ``most`` while each slot still gets :data:`CHUNKS_EACH`
    chunks.  The figures do not depend on it (a chunk's tally is integer sums)."""
    per_chunk = games // (max(1, slots) * CHUNKS_EACH) // CHUNK * CHUNK
    return max(CHUNK, min(most, per_chunk))


def chunk_bounds(games: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of each chunk of ``size`` games of ``0..games-1``, generated as
    needed."""
    for start in range(0, games, size):
        yield start, min(start + size, games)


# -- playing a chunk: the same pure function in every process ------------------------

#: the engine tables of the last ruleset seen in this process, compiled once per ruleset:
#: a pool's worker gets its job once, but a cluster's task carries its own copy of the job
#: (unpickled afresh for every chunk), so the ruleset is compared by value, not identity;
#: the same tables object then keeps the engine's caches warm from chunk to chunk
_COMPILED: tuple[Ruleset, Tables] | None = None
_COMPILING = threading.Lock()  # a Dask worker may run several chunks in threads


def tables_for(job: Job) -> Tables:
    """The engine tables of ``job``'s ruleset, compiled once per ruleset in this process."""
    global _COMPILED
    with _COMPILING:
        seen = _COMPILED
        if seen is None or (seen[0] is not job.ruleset and seen[0] != job.ruleset):
            from nainjaune_rules.engine import compile_tables

            seen = _COMPILED = (job.ruleset, compile_tables(job.ruleset))
        return seen[1]


def play_range(job: Job, start: int, stop: int) -> Any:
    """Games ``start..stop-1`` of ``job``: their records, or ``job.fold`` of them.

    Pure: the result depends on the arguments only, so a chunk may be played
    again anywhere (a cluster retries the chunks of a lost worker).
    """
    tables = tables_for(job)
    records, unended = [], 0
    for i in range(start, stop):
        record = play_one(tables, job.seating(i), game_seed(job.seed, i), i,
                          max_deals=job.max_deals, watch=job.watch)
        records.append(record)
        unended += not record.ended and not record.error
        if job.enough_unended and unended >= job.enough_unended:
            break
    return job.fold(records) if job.fold is not None else records



class Pending(Protocol):
    """A chunk sent to be played."""

    def wait(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds; whether the result is ready."""

    def result(self) -> Any:
        """The chunk's result (raises what playing it raised)."""


class Backend(Protocol):
    """Somewhere to play chunks: this process, a pool, a cluster."""

    #: chunks sent and not yet taken back, at most
    window: int
    #: games per chunk (:func:`chunk_bounds`)
    chunk: int

    def submit(self, start: int, stop: int) -> Pending: ...

    def close(self) -> None:
        """Stop everything still running (called on every exit, normal or not)."""


@contextlib.contextmanager
def sigint_ignored() -> Iterator[None]:
    """Start processes with SIGINT ignored, so that a Ctrl-C during their start is harmless."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
