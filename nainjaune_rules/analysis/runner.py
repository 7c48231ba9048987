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
stops at once (or when the chunk the parent plays itself, if any, is over, as with
one process), the workers are stopped, and the caller has seen exactly the
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

import signal
import threading
from collections import deque
from collections.abc import Iterator
from typing import Any

from nainjaune_rules.analysis.chunks import (
    CHUNK,
    Backend,
    FixedSeats,
    Job,
    Pending,
    chunk_bounds,
    play_range,
    sigint_ignored,
)
from nainjaune_rules.analysis.records import GameRecord

# what a chunk is lives in .chunks; its names are offered here too, where callers look
__all__ = ["CHUNK", "Backend", "FixedSeats", "Interrupted", "Job", "Pending", "Progress",
           "chunk_bounds", "make_backend", "play_chunks", "play_games", "play_range",
           "sigint_ignored"]


#: how often (seconds) the parent looks at the stop flag while it waits for a chunk
POLL = 0.05


class Progress:
    """The interface a progress display offers :func:`play_chunks` (this one shows nothing)."""

    def update(self, done: int) -> None:
        """``done`` games are finished."""


# -- where chunks are played -------------------------------------------------------


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
    chunk = CHUNK

    def __init__(self, job: Job) -> None:
        self.job = job

    def submit(self, start: int, stop: int) -> Pending:
        return _Later(self.job, start, stop)

    def close(self) -> None:
        pass




class ProcessPool:
    """``workers`` processes of this machine play: this one and ``workers - 1`` started for
    the run, a few chunks in hand each (:mod:`.process_pool`); this one plays a chunk
    whenever it would otherwise wait for one, so it starts at once, while the others start,
    and a run on N cores pays for N-1 starts, not N."""

    def __init__(self, job: Job, workers: int) -> None:
        # imported here: the playground's Python (Pyodide) reads this module for its
        # chunks and has no _multiprocessing, which the pool's pipes need
        from nainjaune_rules.analysis.process_pool import WorkerPool

        self.pool = WorkerPool(play_range, job, workers - 1, helps=True)
        # enough in hand that no worker waits for the parent, and some left for the parent
        self.window = 4 * workers
        # a chunk costs the pool's parent a pipe's round trip and a merge (well under a
        # millisecond: benchmarks/bench_simulate.py --profile-chunks), so it stays small
        self.chunk = CHUNK

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
        from nainjaune_rules.analysis.cluster import DaskBackend

        return DaskBackend(job, cluster, games)
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
    bounds = chunk_bounds(games, backend.chunk)
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
