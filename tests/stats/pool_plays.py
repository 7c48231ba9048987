"""Chunk players for the tests of :mod:`nainjaune_rules.analysis.process_pool`.

Module-level, so that spawned workers can unpickle them.
"""

from __future__ import annotations

import os
import time


def echo(job: object, start: int, stop: int) -> tuple[object, int, int, int]:
    """The job and bounds back, with the worker's process id."""
    return job, start, stop, os.getpid()


def sleep(seconds: float, start: int, stop: int) -> int:
    """Hold the chunk ``seconds`` seconds: a worker caught in the middle of a chunk."""
    time.sleep(seconds)
    return os.getpid()


def fail(job: object, start: int, stop: int) -> None:
    raise ValueError(f"chunk {start}..{stop} failed")


def fail_at(job: int, start: int, stop: int) -> tuple[int, int]:
    """Chunk ``start..stop`` back, unless it holds game ``job``: then an error."""
    if start <= job < stop:
        raise ValueError(f"game {job} failed")
    return start, os.getpid()


def held_unless_here(parent: int, start: int, stop: int) -> int:
    """Back at once in process ``parent``; in any other, held for ten minutes (a worker
    busy for the whole test)."""
    if os.getpid() != parent:
        time.sleep(600.0)
    return os.getpid()


def _slowly(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


class SlowToArrive:
    """A job that takes ``seconds`` to unpickle: a worker that is long to start (as on a
    loaded machine), while the parent, which holds it already, can play at once."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __reduce__(self) -> tuple[object, tuple[float]]:
        return _slowly, (self.seconds,)


def exit_ignoring() -> None:
    """Exit 0 when this process was born with SIGINT and SIGTERM ignored, else 1."""
    import signal
    import sys

    born = [signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)]
    sys.exit(0 if born == [signal.SIG_IGN, signal.SIG_IGN] else 1)


def start_window_check() -> None:
    """The start's window, in a process of its own (no other thread to take the signal):
    a SIGTERM sent while a worker starts is held, then handled once, and the worker is
    born ignoring it.  Exit 0 when so; else print what was seen and exit 1."""
    import os
    import signal
    import sys
    import time

    from nainjaune_rules.analysis.process_pool import pool_context, signals_held

    got: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: got.append(signum))
    with signals_held():
        child = pool_context().Process(target=exit_ignoring)
        child.start()
        os.kill(os.getpid(), signal.SIGTERM)  # sent to the parent while its worker starts
        held = list(got)
    deadline = time.monotonic() + 60
    while not got and time.monotonic() < deadline:
        time.sleep(0.001)  # a call: Python runs a pending handler at its next check
    child.join(120)
    seen = (held, got, child.exitcode)
    if seen != ([], [signal.SIGTERM], 0):
        print(f"held {held}, handled {got}, worker exit {child.exitcode}")
        sys.exit(1)
