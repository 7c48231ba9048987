"""Playing many games, in this process, in a pool of worker processes or on a Dask cluster.

:func:`play_chunks` yields the games chunk by chunk, *in the order of the
games' indices*, whatever runs them: game ``i`` is played with
:func:`~.seeds.game_seed` ``(seed, i)``, and results are taken back in chunk
order.  So the games seen by the caller, and any figure computed from them,
are identical for ``workers=1``, ``workers=W`` and a cluster.

Memory does not grow with the number of games: chunk bounds are generated
lazily and at most :attr:`Backend.window` chunks are outstanding (sent
and not yet taken back), so a run of 10⁹ games holds as little as one of 10³.

Stopping: Ctrl-C (SIGINT) and SIGTERM are turned by :class:`Interrupted` into
a flag that the parent polls while it waits for the next chunk; the run then
stops at once, the workers are stopped, and the caller has seen exactly the
games ``0..k-1`` of the chunks completed so far; it labels its figures as
partial.  A second signal of the same kind acts as usual (``KeyboardInterrupt``,
or the process ends).  Workers ignore SIGINT and SIGTERM (the parent alone
decides, even when the signal is sent to the whole process group) and are
stopped by the parent with SIGKILL: see :mod:`.process_pool`, which says why
:class:`multiprocessing.pool.Pool` is not used.

Start method: ``spawn`` (see :func:`.process_pool.pool_context`), never ``fork``.  Workers
get the job by pickling, once each.

Workers can *fold* their chunk before sending it back (:attr:`Job.fold`): a
simulation sends a tally of 100 games (integer sums) instead of 100 records.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from nainjaune_rules.outputs.stats.adapter import play_one
from nainjaune_rules.outputs.stats.process_pool import WorkerPool
from nainjaune_rules.outputs.stats.records import GameRecord
from nainjaune_rules.outputs.stats.seeds import game_seed

if TYPE_CHECKING:
    from nainjaune_rules.engine import Tables
    from nainjaune_rules.model.rules import Ruleset

#: games per chunk: big enough to amortise a task's pickling and the parent's
#: bookkeeping, small enough for a smooth progress bar and a quick stop on Ctrl-C
#: (a chunk of 100 games takes 0.04 to 0.2 s)
CHUNK = 100
#: how often (seconds) the parent looks at the stop flag while it waits for a chunk
POLL = 0.05


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


class Progress:
    """The interface a progress display offers :func:`play_chunks` (this one shows nothing)."""

    def update(self, done: int) -> None:
        """``done`` games are finished."""


def chunk_bounds(games: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of each chunk of games ``0..games-1``, generated as needed."""
    for start in range(0, games, CHUNK):
        yield start, min(start + CHUNK, games)


# -- playing a chunk: the same pure function in every process ------------------------

#: the engine tables of the last job seen in this process, compiled once per job
_COMPILED: tuple[Job, Tables] | None = None
_COMPILING = threading.Lock()  # a Dask worker may run several chunks in threads


def tables_for(job: Job) -> Tables:
    global _COMPILED
    with _COMPILING:
        if _COMPILED is None or _COMPILED[0] is not job:
            from nainjaune_rules.engine import compile_tables

            _COMPILED = (job, compile_tables(job.ruleset))
        return _COMPILED[1]


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


# -- where chunks are played -------------------------------------------------------


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

    def submit(self, start: int, stop: int) -> Pending: ...

    def close(self) -> None:
        """Stop everything still running (called on every exit, normal or not)."""


class _Later:
    """A chunk played in this process when its result is asked for."""

    def __init__(self, job: Job, start: int, stop: int) -> None:
        self.job, self.start, self.stop = job, start, stop

    def wait(self, timeout: float) -> bool:
        return True

    def result(self) -> Any:
        return play_range(self.job, self.start, self.stop)


class InProcess:
    """Play every chunk here, one at a time, only when its result is needed."""

    window = 1

    def __init__(self, job: Job) -> None:
        self.job = job

    def submit(self, start: int, stop: int) -> Pending:
        return _Later(self.job, start, stop)

    def close(self) -> None:
        pass


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


class ProcessPool:
    """``workers`` processes of this machine, four chunks in hand each (:mod:`.process_pool`)."""

    def __init__(self, job: Job, workers: int) -> None:
        self.pool = WorkerPool(play_range, job, workers)
        self.window = 4 * workers  # enough in hand that no worker waits for the parent

    def submit(self, start: int, stop: int) -> Pending:
        return self.pool.submit(start, stop)

    def close(self) -> None:
        self.pool.close()


# -- the parent side --------------------------------------------------------------


class Interrupted:
    """Ctrl-C and SIGTERM as a flag: the first one asks the run to stop now.

    A flag rather than an exception, so that a tally is never left half-updated
    by an exception raised in the middle of adding a game; a second signal of
    the same kind acts as usual (``KeyboardInterrupt``; SIGTERM ends the process).
    ``signum`` tells which signal stopped the run (for the exit status).
    """

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.stopped = False
        self.signum: int | None = None
        self._previous: dict[int, Any] = {}

    def install(self) -> bool:
        """Take over the signals; whether this call did (it does not in another thread, or
        when already installed: a command may hold them over several runs)."""
        if threading.current_thread() is not threading.main_thread() or self._previous:
            return False
        self._previous = {sig: signal.signal(sig, self._handle) for sig in self.SIGNALS}
        return True

    def __enter__(self) -> Interrupted:
        self.install()
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()

    def restore(self) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous = {}

    def _handle(self, signum: int, frame: object) -> None:
        self.stopped = True
        self.signum = self.signum or signum
        signal.signal(signum, signal.default_int_handler if signum == signal.SIGINT
                      else signal.SIG_DFL)

    @property
    def name(self) -> str:
        """The signal that stopped the run, for people: ``Ctrl-C`` or ``SIGTERM``."""
        signum = self.signum or signal.SIGINT
        return "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name

    @property
    def exit_status(self) -> int:
        """The conventional status of a process ended by the signal: 128 + its number."""
        return 128 + (self.signum or signal.SIGINT)


def play_games(job: Job, games: int, workers: int = 1, progress: Progress | None = None,
               interrupted: Interrupted | None = None) -> Iterator[GameRecord]:
    """Yield the records of games ``0..games-1`` in order (see the module docstring).

    With ``interrupted``, Ctrl-C ends the run and sets ``interrupted.stopped``;
    the games yielded are then a prefix of the run.
    """
    if job.fold is not None:
        raise ValueError("play_games yields records: use play_chunks for a folding job")
    for _count, records in play_chunks(job, games, workers, progress, interrupted):
        yield from records


def make_backend(job: Job, games: int, workers: int, cluster: str | None) -> Backend:
    """Where to play: a cluster when named, else a pool for several workers and chunks."""
    if cluster is not None:
        from nainjaune_rules.outputs.stats.cluster import DaskBackend

        return DaskBackend(job, cluster)
    chunks = -(-games // CHUNK)
    if workers <= 1 or chunks <= 1:
        return InProcess(job)
    return ProcessPool(job, min(workers, chunks))


def play_chunks(job: Job, games: int, workers: int = 1, progress: Progress | None = None,
                interrupted: Interrupted | None = None,
                cluster: str | None = None) -> Iterator[tuple[int, Any]]:
    """Yield ``(games in the chunk, job.fold(records) or the records)`` chunk by chunk, in order.

    The chunks cover games ``0..games-1`` in index order; ``cluster`` is a Dask
    scheduler address or ``local[:N]`` (see :mod:`.cluster`).  A caller that
    stops iterating early stops the workers too.
    """
    progress = progress or Progress()
    flag = interrupted or Interrupted()
    installed = interrupted is not None and flag.install()
    try:
        backend = make_backend(job, games, workers, cluster)
        try:
            yield from _in_order(backend, games, progress, flag)
        finally:
            backend.close()
    finally:
        if installed:
            flag.restore()


def _in_order(backend: Backend, games: int, progress: Progress,
              flag: Interrupted) -> Iterator[tuple[int, Any]]:
    bounds = chunk_bounds(games)
    pending: deque[tuple[int, int, Pending]] = deque()

    def refill() -> None:
        while len(pending) < backend.window:
            nxt = next(bounds, None)
            if nxt is None:
                return
            pending.append((*nxt, backend.submit(*nxt)))

    done = 0
    refill()
    while pending and not flag.stopped:
        start, stop, chunk = pending[0]
        while not chunk.wait(POLL):
            if flag.stopped:
                return  # the chunks in flight are dropped: what was yielded is a prefix
        result = chunk.result()
        pending.popleft()
        refill()
        yield stop - start, result
        done += stop - start
        progress.update(done)
