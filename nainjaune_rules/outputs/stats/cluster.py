"""Playing the chunks of a run on a Dask distributed cluster (the optional ``cluster`` extra).

``--cluster ADDRESS`` names a running scheduler (``tcp://host:8786``);
``--cluster local[:N]`` starts a ``LocalCluster`` of N worker processes on
this machine for the length of the run (one thread each, no dashboard).

The work is split exactly as for a process pool (:func:`.runner.chunk_bounds`)
and each chunk is the pure task :func:`.runner.play_range` ``(job, start,
stop)``: its result depends on its arguments only, so the figures are
identical, figure for figure, to ``--workers 1``, and when a worker is lost
mid-run the scheduler simply runs its chunks again elsewhere.  Results are
taken back in chunk order with a bounded number of chunks in flight, as for
the pool.  Each task carries the job itself (a few kilobytes) rather than a
scattered copy, because scattered data is lost with the worker that holds it.

The workers need this package installed (the same version as the client).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import time
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from nainjaune_rules.outputs.stats.runner import Job, play_range, sigint_ignored

if TYPE_CHECKING:
    from nainjaune_rules.outputs.stats.runner import Pending

INSTALL_HINT = "pip install 'nainjaune-rules[cluster]'"
#: seconds to wait for a remote scheduler before giving up
CONNECT_TIMEOUT = 15
_LOCAL = re.compile(r"local(?::(\d{1,4}))?")
_REMOTE = re.compile(r"(?:tcp|tls|ws|wss|ucx)://[\w.\-\[\]:]+:\d{1,5}")


class ClusterError(RuntimeError):
    """The cluster cannot be used: a bad address (exit 2), no Dask or no scheduler (exit 1)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def local_size(address: str) -> int | None:
    """N for ``local:N`` (the core count for ``local``), None for a scheduler address."""
    match = _LOCAL.fullmatch(address)
    if match is None:
        return None
    return int(match.group(1)) if match.group(1) else (os.cpu_count() or 1)


def check_address(address: str) -> None:
    """Raise :class:`ClusterError` unless ``address`` is usable and Dask is installed."""
    size = local_size(address)
    if size is None and not _REMOTE.fullmatch(address):
        raise ClusterError(f"{address!r} is not a scheduler address\n"
                           "  hint: tcp://HOST:8786 for a running dask scheduler, or local:N "
                           "for N processes on this machine", 2)
    if size is not None and not 1 <= size <= 256:
        raise ClusterError(f"{address!r}: a local cluster has 1 to 256 processes", 2)
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError("Dask is not installed\n"
                           f"  hint: {INSTALL_HINT}") from None


def start_local(size: int) -> Any:
    """A LocalCluster of ``size`` processes, one thread each, no dashboard, no log lines."""
    from distributed import LocalCluster

    # cancelling the chunks in flight on Ctrl-C is normal here, not worth a warning
    logging.getLogger("distributed").setLevel(logging.ERROR)
    # its processes start with SIGINT ignored: a Ctrl-C is the parent's to handle
    # (the run stops, partial figures), not a traceback from each of them
    with sigint_ignored():
        return LocalCluster(n_workers=size, threads_per_worker=1, processes=True,
                            dashboard_address=None, silence_logs=logging.CRITICAL)


@contextlib.contextmanager
def running(address: str | None) -> Iterator[str | None]:
    """The address to play on for a whole command: ``local[:N]`` starts one cluster for all
    its runs (a sweep's points, simulate's rulesets) and gives its scheduler's address."""
    size = local_size(address) if address is not None else None
    if size is None:
        yield address
        return
    check_address(str(address))
    cluster = start_local(size)
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


class DaskBackend:
    """A :class:`.runner.Backend` on a Dask cluster, four chunks in hand per worker thread."""

    def __init__(self, job: Job, address: str) -> None:
        check_address(address)
        from distributed import Client

        logging.getLogger("distributed").setLevel(logging.ERROR)
        self.job = job
        self.cluster: Any = None
        size = local_size(address)
        try:
            if size is not None:
                self.cluster = start_local(size)
                self.client = Client(self.cluster)
            else:
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}\n"
                               "  hint: start one with `dask scheduler` and workers with "
                               f"`dask worker {address}`") from None
        threads = sum(self.client.nthreads().values()) or 1
        self.window = 4 * threads  # enough in hand to hide the network's latency
        self.run = uuid.uuid4().hex  # task keys are unique to this run
        self.futures: dict[int, Any] = {}

    def submit(self, start: int, stop: int) -> Pending:
        future = self.client.submit(play_range, self.job, start, stop,
                                    key=f"nainjaune-chunk-{self.run}-{start}", pure=False)
        self.futures[start] = future
        return _Chunk(self, start, future)

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            pending = [f for f in self.futures.values() if not f.done()]
            if pending:
                client.cancel(pending)
            client.close()
        if self.cluster is not None:
            self.cluster.close()


class _Chunk:
    """A chunk's future; forgotten by the backend once taken back (memory stays bounded)."""

    def __init__(self, backend: DaskBackend, start: int, future: Any) -> None:
        self.backend, self.start, self.future = backend, start, future

    def wait(self, timeout: float) -> bool:
        if not self.future.done():
            time.sleep(timeout)
        return bool(self.future.done())

    def result(self) -> Any:
        from concurrent.futures import CancelledError

        from distributed import KilledWorker

        try:
            value = self.future.result()
        except (KilledWorker, CancelledError) as exc:
            # a chunk that killed every worker it ran on, or a scheduler that went away
            raise ClusterError(f"the cluster could not play games {self.start} and on: "
                               f"{type(exc).__name__}: {exc}") from None
        self.backend.futures.pop(self.start, None)
        return value
