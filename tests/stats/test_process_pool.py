"""The worker processes of ``--workers N``: stopped by the parent alone, never waited on for ever.

Real processes and real signals.  Every wait is bounded (a generous deadline on
a loaded machine); a wait that hangs fails the test instead of the suite.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pool_plays
import pytest

from nainjaune_rules.analysis.process_pool import (
    IN_HAND,
    WorkerDied,
    WorkerPool,
)

DEADLINE = 120.0  # seconds: a spawned worker can take several to start at load 10


def within(seconds: float, action: Callable[[], Any]) -> Any:
    """``action()``'s result, or a failure if it has not returned within ``seconds``."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = action()
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def pids(pool: WorkerPool) -> list[int]:
    return [int(w.process.pid or 0) for w in pool.workers]


def test_each_chunk_comes_back_from_some_worker() -> None:
    pool = WorkerPool(pool_plays.echo, "job", 2)
    workers = pids(pool)
    try:
        assert within(DEADLINE, lambda: pool.started(DEADLINE))
        chunks = [pool.submit(i, i + 1) for i in range(8)]
        got = [within(DEADLINE, chunk.result) for chunk in chunks]
    finally:
        pool.close()
    assert [g[:3] for g in got] == [("job", i, i + 1) for i in range(8)]
    # sent to the worker with the fewest in hand: both get chunks
    assert {g[3] for g in got} == set(workers)


def test_an_error_in_a_chunk_is_raised_in_the_parent() -> None:
    pool = WorkerPool(pool_plays.fail, None, 1)
    try:
        with pytest.raises(ValueError, match="chunk 3..4 failed"):
            within(DEADLINE, pool.submit(3, 4).result)
    finally:
        pool.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_the_workers_leaves_the_decision_to_the_parent(signum: int) -> None:
    """What ``kill -TERM -PGID`` or Ctrl-C does to the workers: nothing, even while they start.

    Signalled at once, before a worker may have run a line of its own: the signals
    are blocked from its birth until it has chosen to ignore them.
    """
    pool = WorkerPool(pool_plays.echo, "job", 2)
    try:
        for pid in pids(pool):
            os.kill(pid, signum)
        chunks = [pool.submit(i, i + 1) for i in range(4)]
        assert [within(DEADLINE, c.result)[1] for c in chunks] == [0, 1, 2, 3]
        assert all(w.process.is_alive() for w in pool.workers)
    finally:
        pool.close()


def test_close_does_not_wait_on_a_frozen_worker() -> None:
    """``Pool.terminate`` waited on locks a worker may hold; ``close`` kills and reaps."""
    pool = WorkerPool(pool_plays.sleep, 600.0, 2)
    workers = list(pool.workers)
    chunks = [pool.submit(i, i + 1) for i in range(4)]
    os.kill(pids(pool)[0], signal.SIGSTOP)  # frozen in the middle of its chunk
    assert not chunks[0].wait(0.1)
    started = time.monotonic()
    within(DEADLINE, pool.close)
    assert time.monotonic() - started < DEADLINE
    assert all(w.process._closed or not w.process.is_alive()  # type: ignore[attr-defined]
               for w in workers)


def test_a_worker_that_dies_is_an_error_not_a_wait() -> None:
    pool = WorkerPool(pool_plays.sleep, 600.0, 1)
    try:
        assert within(DEADLINE, lambda: pool.started(DEADLINE))
        chunk = pool.submit(0, 1)
        os.kill(pids(pool)[0], signal.SIGKILL)  # the OOM killer
        with pytest.raises(WorkerDied, match="ended unexpectedly .*1 chunk"):
            within(DEADLINE, chunk.result)
    finally:
        within(DEADLINE, pool.close)


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")
def test_workers_are_born_ignoring_the_parents_signals_and_the_parent_loses_none() -> None:
    """The start's window: a group signal then neither kills a worker nor vanishes.

    Run in a fresh process: in pytest's, another thread (left by an earlier test) may
    take the signal, and the handler then runs only at the main thread's next check."""
    done = subprocess.run(
        [sys.executable, "-c", "import pool_plays; pool_plays.start_window_check()"],
        cwd=Path(__file__).parent, capture_output=True, text=True, timeout=DEADLINE * 2,
        # pool_plays is beside this file: on the path even under PYTHONSAFEPATH (which keeps
        # the working folder off it, so that an installed package is the one imported)
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)})
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_worker_that_dies_as_it_starts_is_an_error_not_a_wait() -> None:
    pool = WorkerPool(pool_plays.echo, pool_plays.SlowToArrive(600.0), 1)
    try:
        chunk = pool.submit(0, 1)
        os.kill(pids(pool)[0], signal.SIGKILL)
        with pytest.raises(WorkerDied, match="ended unexpectedly .*as it started"):
            within(DEADLINE, chunk.result)
    finally:
        within(DEADLINE, pool.close)


def test_a_helping_parent_plays_while_its_worker_starts() -> None:
    """No chunk waits in the pipe of a worker that is still starting: the parent, which
    has the job already, plays them all (here the worker needs 600 s to start)."""
    pool = WorkerPool(pool_plays.echo, pool_plays.SlowToArrive(600.0), 1, helps=True)
    try:
        chunks = [pool.submit(i, i + 1) for i in range(12)]
        got = [within(DEADLINE, chunk.result) for chunk in chunks]
        assert not pool.workers[0].ready and not pool.workers[0].in_hand
    finally:
        within(DEADLINE, pool.close)
    assert [g[1:3] for g in got] == [(i, i + 1) for i in range(12)]
    assert {g[3] for g in got} == {os.getpid()}


def test_a_helping_parent_shares_the_chunks_with_its_started_workers() -> None:
    """Once a worker is ready it holds IN_HAND chunks, the others wait in the parent, and
    the parent, while it waits for the worker's first chunk, plays them, one at each wait."""
    pool = WorkerPool(pool_plays.held_unless_here, os.getpid(), 1, helps=True)
    try:
        assert within(DEADLINE, lambda: pool.started(DEADLINE))
        chunks = [pool.submit(i, i + 1) for i in range(IN_HAND + 2)]
        assert [start for start, _ in pool.workers[0].in_hand] == list(range(IN_HAND))
        assert [c.start for c in pool.unsent] == [IN_HAND, IN_HAND + 1]
        assert not chunks[0].wait(0.0)
        assert chunks[IN_HAND].done and not chunks[IN_HAND + 1].done
        assert not chunks[0].wait(0.0)
        assert [c.done for c in chunks] == [False] * IN_HAND + [True, True]
        assert not chunks[0].wait(0.0)  # nothing left for the parent: it only waits
        assert [c.result() for c in chunks[IN_HAND:]] == [os.getpid()] * 2
    finally:
        within(DEADLINE, pool.close)


def test_an_error_in_a_chunk_the_parent_plays_is_raised_as_a_workers_is() -> None:
    pool = WorkerPool(pool_plays.fail_at, 3, 1, helps=True)
    try:
        chunks = [pool.submit(i, i + 1) for i in range(6)]
        got = [within(DEADLINE, chunk.result) for chunk in chunks[:3]]
        with pytest.raises(ValueError, match="game 3 failed"):
            within(DEADLINE, chunks[3].result)
        later = [within(DEADLINE, chunk.result) for chunk in chunks[4:]]
    finally:
        within(DEADLINE, pool.close)
    assert [g[0] for g in got + later] == [0, 1, 2, 4, 5]


def test_a_pool_needs_a_worker_unless_its_parent_helps() -> None:
    with pytest.raises(ValueError, match="needs a worker"):
        WorkerPool(pool_plays.echo, "job", 0)
    pool = WorkerPool(pool_plays.echo, "job", 0, helps=True)
    try:
        assert pool.submit(0, 1).result() == ("job", 0, 1, os.getpid())
    finally:
        pool.close()
