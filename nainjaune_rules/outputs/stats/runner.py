"""Playing many games, in this process or in a pool of worker processes.

:func:`play_games` yields one :class:`~.records.GameRecord` per game, *in the
order of the games' indices*, whatever the number of workers: game ``i`` is
played with :func:`~.seeds.game_seed` ``(seed, i)``, and the pool's ordered
``imap`` hands the chunks back in order.  So the games seen by the caller, and
any figure computed from them, are identical for ``workers=1`` and ``workers=W``.

Ctrl-C: workers ignore SIGINT; in the parent, :class:`Interrupted` turns the
first Ctrl-C into a flag that is read between chunks, so the run stops at a
chunk boundary, the pool is terminated, and the caller has seen exactly the
games ``0..k-1``; it labels its figures as partial.  A second Ctrl-C raises
``KeyboardInterrupt`` as usual.

Workers can *fold* their chunk before sending it back (:attr:`Job.fold`): a
simulation sends a tally of 25 games (integer sums) instead of 25 records.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nainjaune_rules.outputs.stats.adapter import play_one
from nainjaune_rules.outputs.stats.records import GameRecord
from nainjaune_rules.outputs.stats.seeds import game_seed

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


@dataclass(frozen=True)
class FixedSeats:
    """The same seats for every game."""

    specs: tuple[str, ...]

    def __call__(self, index: int) -> Sequence[str]:
        return self.specs


class Progress:
    """The interface a progress display offers :func:`play_games` (this one shows nothing)."""

    def update(self, done: int) -> None:
        """``done`` games are finished."""


# -- the worker side ------------------------------------------------------------

_JOB: Job | None = None
_TABLES: Tables | None = None


def _init_worker(job: Job) -> None:
    # the parent alone handles Ctrl-C: a worker that died on SIGINT mid-game would
    # leave the pool's bookkeeping in a state that makes terminate() slow
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _JOB, _TABLES
    from nainjaune_rules.engine import compile_tables

    _JOB, _TABLES = job, compile_tables(job.ruleset)


def _play_chunk(bounds: tuple[int, int]) -> Any:
    assert _JOB is not None and _TABLES is not None
    return play_range(_JOB, _TABLES, *bounds)


def play_range(job: Job, tables: Tables, start: int, stop: int) -> Any:
    records = [play_one(tables, job.seating(i), game_seed(job.seed, i), i,
                        max_deals=job.max_deals, watch=job.watch) for i in range(start, stop)]
    return job.fold(records) if job.fold is not None else records


# -- the parent side --------------------------------------------------------------


class Interrupted:
    """Ctrl-C as a flag: the first press asks the run to stop after the current chunk.

    A flag rather than an exception, so that a tally is never left half-updated
    by an exception raised in the middle of adding a game; a second Ctrl-C
    raises ``KeyboardInterrupt`` as usual, for the impatient.
    """

    def __init__(self) -> None:
        self.stopped = False
        self._previous: object = None
        self._installed = False

    def install(self) -> None:
        """Take over SIGINT (only possible in the main thread; elsewhere a no-op)."""
        import threading

        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
            self._installed = True

    def restore(self) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)  # type: ignore[arg-type]
            self._installed = False

    def _handle(self, signum: int, frame: object) -> None:
        self.stopped = True
        signal.signal(signal.SIGINT, signal.default_int_handler)


def play_games(job: Job, games: int, workers: int = 1, progress: Progress | None = None,
               interrupted: Interrupted | None = None) -> Iterator[GameRecord]:
    """Yield the records of games ``0..games-1`` in order (see the module docstring).

    With ``interrupted``, Ctrl-C ends the run after the current chunk and sets
    ``interrupted.stopped``; the games yielded are then a prefix of the run.
    """
    if job.fold is not None:
        raise ValueError("play_games yields records: use play_chunks for a folding job")
    for _count, records in play_chunks(job, games, workers, progress, interrupted):
        yield from records


def play_chunks(job: Job, games: int, workers: int = 1, progress: Progress | None = None,
                interrupted: Interrupted | None = None) -> Iterator[tuple[int, Any]]:
    """Yield ``(games in the chunk, job.fold(records) or the records)`` chunk by chunk, in order.

    The chunks cover games ``0..games-1`` in index order; see :func:`play_games`.
    """
    chunks = [(i, min(i + CHUNK, games)) for i in range(0, games, CHUNK)]
    progress = progress or Progress()
    flag = interrupted or Interrupted()
    if interrupted is not None:
        flag.install()
    done = 0
    pool: Any = None
    try:
        if workers <= 1 or len(chunks) <= 1:
            from nainjaune_rules.engine import compile_tables

            tables = compile_tables(job.ruleset)
            results: Iterator[Any] = (
                play_range(job, tables, start, stop) for start, stop in chunks)
        else:
            context = multiprocessing.get_context(
                "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
            pool = context.Pool(min(workers, len(chunks)), _init_worker, (job,))
            results = pool.imap(_play_chunk, chunks)
        try:
            for (start, stop), result in zip(chunks, results, strict=False):
                yield stop - start, result
                done += stop - start
                progress.update(done)
                if flag.stopped:
                    return
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()
    finally:
        flag.restore()
