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


def exit_ignoring() -> None:
    """Exit 0 when this process was born with SIGINT and SIGTERM ignored, else 1."""
    import signal
    import sys

    born = [signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)]
    sys.exit(0 if born == [signal.SIG_IGN, signal.SIG_IGN] else 1)
