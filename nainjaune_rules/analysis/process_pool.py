"""Worker processes of this machine that play chunks, and that the parent alone stops.

Why not :class:`multiprocessing.pool.Pool`: its task queue is shared by the
workers through a lock, and ``Pool.terminate()`` takes that lock.  A SIGTERM
sent to the whole process group (``kill -TERM -PGID``, a service manager)
killed a worker while it held the lock, waiting for its next task, and the
parent then waited for ever in ``terminate()`` (2 runs in 10 on a loaded
machine; seen with ``py-spy dump``: ``_help_stuff_finish`` →
``inqueue._rlock.acquire()``).

So here nothing is shared: each worker has its own pipe to the parent (tasks
one way, results the other), no lock, no helper thread.  Workers ignore SIGINT
and SIGTERM (a Ctrl-C or a group's SIGTERM reaches the parent, which decides),
from their birth (:func:`signals_held`), so that one arriving while a worker
starts is neither lost by the parent nor fatal to the worker.  The
parent stops them with SIGKILL and a bounded join; a worker whose parent died
sees its pipe close and ends after its chunk.  A worker that dies on its own
(the OOM killer) is reported as an error instead of a run that waits for ever.

A worker is sent chunks once it has said it is ready (:data:`READY`, when its
interpreter, imports and job are loaded), a few at most (:data:`IN_HAND`); the
others wait in the parent.  The parent may *help* (``helps=True``, as ``--workers
N`` asks: the parent and N-1 workers): when it waits for a chunk, it plays the first
one no worker holds instead.  So it plays from the first moment, while its workers
start (a spawned worker's start costs about 0.2 CPU s, the time of 100 fr-sheet games
compiled), and a run on N cores pays for N-1 starts.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext, SpawnProcess

#: the signals the parent alone handles (a worker ignores them)
PARENT_ONLY = (signal.SIGINT, signal.SIGTERM)
#: how long (seconds) the parent waits for a killed worker to be reaped
REAP = 10.0


class WorkerDied(RuntimeError):
    """A worker process ended while it had chunks to play."""


def pool_context() -> BaseContext:
    """The pool's start method: ``spawn``, on every platform.

    Not ``fork`` (it copies the parent's threads' locks, and warns on Python
    3.12+), and not ``forkserver`` either: its server shares the command's
    process group, so a SIGTERM sent to the group (a service manager, ``kill
    -TERM -PGID``) kills it with the workers.
    """
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Start processes with SIGINT and SIGTERM ignored, and the parent's own copy kept.

    An ignored disposition is what a child inherits through ``exec`` (the
    signal mask is not: the spawned interpreter starts with none blocked), so
    a signal sent to the group while a worker starts cannot kill it before it
    ignores the signal itself.  The parent blocks both meanwhile: a blocked
    signal stays pending even while ignored, and reaches the parent's own
    handler, put back before the block is lifted (none is lost).
    """
    if (not hasattr(signal, "pthread_sigmask")  # Windows: no process group to signal
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    # a spawned process needs multiprocessing's resource tracker, whose first start
    # unblocks SIGINT and SIGTERM when done (multiprocessing.resource_tracker): start it
    # before the block, or the block would be lifted with the handlers still ignored.
    # Imported here, not at the top: the playground's Pyodide imports this module
    # (through the runner) and has no _multiprocessing.
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, PARENT_ONLY)
    handlers = {sig: signal.signal(sig, signal.SIG_IGN) for sig in PARENT_ONLY}
    try:
        yield
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _serve(play: Callable[[Any, int, int], Any], job: Any, conn: Connection) -> None:
    """A worker's loop: :data:`READY` out once, then ``(start, stop)`` in, ``(start, ok,
    result or error)`` out."""
    for sig in PARENT_ONLY:  # already ignored since birth (signals_held): stay so
        signal.signal(sig, signal.SIG_IGN)
    try:
        conn.send(READY)  # started: the interpreter, the imports and the job are here
    except (BrokenPipeError, OSError):
        return
    while True:
        try:
            start, stop = conn.recv()
        except (EOFError, OSError):  # the parent has gone: nothing left to do
            return
        try:
            reply = (start, True, play(job, start, stop))
        except Exception as error:  # sent to the parent, which raises it
            reply = (start, False, error)
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return
        except Exception as error:  # the error itself does not pickle: send its text
            conn.send((start, False, RuntimeError(f"{type(error).__name__}: {error}")))


class _Chunk:
    """A chunk given to the pool (the runner's ``Pending``): sent to a worker, or waiting in
    the parent for a worker with room or for the parent itself."""

    def __init__(self, pool: WorkerPool, start: int, stop: int) -> None:
        self.pool, self.start, self.stop = pool, start, stop
        self.done = False
        self.ok = False
        self.value: Any = None

    def wait(self, timeout: float) -> bool:
        if not self.done:
            self.pool.advance(self, timeout)
        return self.done

    def result(self) -> Any:
        while not self.done:
            self.pool.advance(self, None)
        if not self.ok:
            raise self.value
        return self.value


class _Worker:
    def __init__(self, context: BaseContext, play: Callable[[Any, int, int], Any],
                 job: Any) -> None:
        self.conn, theirs = context.Pipe()
        self.process: SpawnProcess = context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(play, job, theirs), daemon=True)
        self.process.start()
        theirs.close()  # the parent keeps its end only: EOF when the worker dies
        self.in_hand: deque[tuple[int, _Chunk]] = deque()
        #: whether the worker has said :data:`READY`: it is sent chunks from then on only,
        #: so that none waits in the pipe of a worker still starting while the parent,
        #: when it helps, could play it
        self.ready = False


#: what a worker sends once started, before any result
READY = None
#: chunks a worker holds at most (sent, not yet back): the one it plays, the next one
#: already in its pipe, and one to spare while the parent plays a chunk of its own
IN_HAND = 3


class WorkerPool:
    """``workers`` processes, each playing ``play(job, start, stop)`` for the chunks it is
    sent, and the parent too when it ``helps`` (then ``workers`` may be 0)."""

    def __init__(self, play: Callable[[Any, int, int], Any], job: Any, workers: int,
                 helps: bool = False) -> None:
        if workers < 1 and not helps:
            raise ValueError("a pool whose parent does not help needs a worker")
        self.play, self.job, self.helps = play, job, helps
        #: chunks given to the pool that no worker holds yet, in order
        self.unsent: deque[_Chunk] = deque()
        #: chunks the parent has played itself (the tests read it)
        self.played_here = 0
        context = pool_context()
        self.workers: list[_Worker] = []
        try:
            with signals_held():
                for _ in range(workers):
                    self.workers.append(_Worker(context, play, job))
        except BaseException:
            self.close()
            raise

    def submit(self, start: int, stop: int) -> _Chunk:
        """Give the pool a chunk: sent to the worker with the fewest in hand if it has room."""
        chunk = _Chunk(self, start, stop)
        self.unsent.append(chunk)
        self._send()
        return chunk

    def _send(self) -> None:
        """Hand waiting chunks, in order, to the workers with room (:data:`IN_HAND`)."""
        ready = [w for w in self.workers if w.ready]
        while self.unsent and ready:
            worker = min(ready, key=lambda w: len(w.in_hand))
            if len(worker.in_hand) >= IN_HAND:
                return
            chunk = self.unsent.popleft()
            worker.conn.send((chunk.start, chunk.stop))
            worker.in_hand.append((chunk.start, chunk))

    def advance(self, awaited: _Chunk, timeout: float | None) -> None:
        """Move the run on by one step, for a parent waiting for ``awaited``: take the
        results that have come back; then, unless ``awaited`` is among them, play here the
        first chunk that waits for a worker, when the parent helps, or else wait for news
        from the workers, ``timeout`` seconds at most (``None``: until some comes)."""
        self.collect(0)
        self._send()
        if awaited.done:
            return
        if self.helps and self.unsent:
            self._play_here(self.unsent.popleft())
            return
        self.collect(timeout)
        self._send()

    def _play_here(self, chunk: _Chunk) -> None:
        try:
            chunk.value, chunk.ok = self.play(self.job, chunk.start, chunk.stop), True
        except Exception as error:  # raised by result(), as a worker's error is
            chunk.value, chunk.ok = error, False
        chunk.done = True
        self.played_here += 1

    def collect(self, timeout: float | None) -> None:
        """Take the results, and the workers' :data:`READY`, that arrive within ``timeout``
        seconds (``None``: at least one)."""
        busy = [w for w in self.workers if w.in_hand or not w.ready]
        if not busy:
            return
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout))
        for worker in busy:
            if worker.conn in ready:
                self._take(worker)
            elif worker.process.sentinel in ready:
                self._lost(worker)

    def _take(self, worker: _Worker) -> None:
        try:
            reply = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker)
            return
        if not worker.ready:
            assert reply is READY, reply  # a worker says it is ready before anything else
            worker.ready = True
            return
        start, ok, value = reply
        expected, chunk = worker.in_hand.popleft()
        assert start == expected, (start, expected)  # a worker plays its chunks in order
        chunk.ok, chunk.value, chunk.done = ok, value, True

    def _lost(self, worker: _Worker) -> None:
        worker.process.join(REAP)
        when = (f"with {len(worker.in_hand)} chunk(s) of games in hand" if worker.ready
                else "as it started")
        raise WorkerDied(f"a worker process ended unexpectedly (exit code "
                         f"{worker.process.exitcode}) {when}")

    def started(self, timeout: float | None) -> bool:
        """Wait until every worker has said :data:`READY`, ``timeout`` seconds at most
        (``None``: as long as it takes); whether they all have."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not all(w.ready for w in self.workers):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            self.collect(left)
        self._send()
        return True

    def close(self) -> None:
        """Kill every worker and reap it (bounded: never waits on a worker's goodwill)."""
        for worker in self.workers:
            if worker.process.exitcode is None:
                with contextlib.suppress(OSError):
                    worker.process.kill()
        for worker in self.workers:
            worker.process.join(REAP)
            worker.conn.close()
            if worker.process.exitcode is not None:
                worker.process.close()
        self.workers = []

