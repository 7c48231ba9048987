"""Playing the chunks of a run on a Dask distributed cluster (the optional ``cluster`` extra).

``--cluster`` takes the forms of :mod:`.cluster_address`: ``local[:N]`` starts
N worker processes on this machine for the length of the command (TLS with
credentials made for the run, loopback only, no HTTP: :mod:`.cluster_nodes`);
``tcp://HOST:PORT`` and ``tls://HOST:PORT`` name a running scheduler.

The work is split as for a process pool (:func:`.chunks.chunk_bounds`), in larger
chunks when the run is long (:func:`.chunks.chunk_size`: a task costs the client more
than a pool's chunk costs its parent), and each chunk is the pure task
:func:`.cluster_record.play_chunk_record` ``(job, start, stop)``: its result depends on
its arguments only, so the figures are identical, figure for figure, to ``--workers 1``,
and when a worker is lost mid-run the scheduler simply runs its chunks again elsewhere.  Results are
taken back in chunk order with a bounded number of chunks in flight, as for
the pool.  Each task carries the job itself (a few kilobytes) rather than a
scattered copy, because scattered data is lost with the worker that holds it; the
worker compiles its tables once per ruleset all the same (:func:`.chunks.tables_for`).

What comes back is plain data, checked before use (:mod:`.cluster_record`),
and the client asks Dask to decode results with msgpack only
(:class:`.cluster_nodes.PlainDataClient`), so a worker's pickled object is
refused rather than unpickled.  That is as far as Dask lets a
client go: its own messages may still carry pickles (``__Pickled__`` frames,
which ``distributed.protocol.core.loads`` unpickles whatever the client's
``deserializers``), so a remote scheduler and its workers can run code in this
process.  A remote cluster must be trusted as yourself (README, ``--help``).

The workers need this package installed (the same version as the client).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import os
import stat
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, assert_never

from nainjaune_rules.analysis.chunks import Job, chunk_size, sigint_ignored
from nainjaune_rules.analysis.cluster_address import (
    INSTALL_HINT,
    ClusterError,
    parse_address,
)
from nainjaune_rules.analysis.cluster_record import RecordError, from_record, play_chunk_record
from nainjaune_rules.analysis.tally import Fold
from nainjaune_rules.core.textsafe import terminal_safe

if TYPE_CHECKING:
    from nainjaune_rules.analysis.chunks import Pending

__all__ = ["INSTALL_HINT", "ClusterError", "DaskBackend", "TlsFiles", "check_address",
           "running"]

#: seconds to wait for a scheduler before giving up
CONNECT_TIMEOUT = 15


@dataclass(frozen=True)
class TlsFiles:
    """The user's own TLS files for a ``tls://`` scheduler (PEM: CA, certificate, key)."""

    ca: str
    cert: str
    key: str


class Target(str):
    """A scheduler's address with the Dask ``Security`` that reaches it (None: plain TCP).

    A ``str``, so that the run's plumbing (``simulate(cluster=…)``, a sweep's
    points) carries it unchanged; only :class:`DaskBackend` looks at ``security``.
    """

    security: Any

    def __new__(cls, address: str, security: Any) -> Target:
        target = super().__new__(cls, address)
        target.security = security
        return target


def require_dask() -> None:
    """Raise :class:`ClusterError` (exit 1) unless Dask's ``distributed`` is installed."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError("Dask is not installed\n"
                           f"  hint: {INSTALL_HINT}") from None


def check_address(address: str, tls: TlsFiles | None = None) -> None:
    """Raise :class:`ClusterError` unless ``address`` (with ``tls``) is usable and Dask is
    installed (found, not imported yet: :func:`running` imports it, after it has started
    ``local:N``'s forkserver)."""
    scheme = parse_address(address).scheme
    if tls is not None and scheme != "tls":
        raise ClusterError("--cluster-ca, --cluster-cert and --cluster-key go with a "
                           "tls://HOST:PORT address", 2)
    if importlib.util.find_spec("distributed") is None:
        require_dask()  # the one message for a missing Dask


@contextlib.contextmanager
def running(address: str, tls: TlsFiles | None = None) -> Iterator[Target]:
    """The scheduler to play on for a whole command: ``local[:N]`` starts one cluster for
    all its runs (a sweep's points, simulate's rulesets) and stops it at the end."""
    check_address(address, tls)
    where = parse_address(address)
    forked = False
    if where.scheme == "local":
        # its processes start with SIGINT ignored: a Ctrl-C is the parent's to handle
        # (the run stops, partial figures), not a traceback from each of them
        with sigint_ignored():
            forked = _start_forkserver()  # before this process imports Dask, just below
    require_dask()
    match where.scheme:
        case "local":
            with _local_cluster(where.size, forked) as target:
                yield target
        case "tls":
            yield Target(where.text, _user_security(tls))
        case "tcp":
            yield Target(where.text, None)
        case _:
            assert_never(where.scheme)


#: what the forkserver of ``local:N`` imports once, before it forks each worker process:
#: the command's own main module (as a spawned process would import it), Dask, the engine
FORKSERVER_PRELOAD = ["__main__", "distributed", "nainjaune_rules.analysis.cluster_record"]


def _start_forkserver() -> bool:
    """Start the forkserver that ``local:N``'s worker processes are forked from, now, before
    this process imports Dask; whether there is one (POSIX only).

    A local cluster's start is CPU-bound imports: Dask's in this process, then Dask's and
    the engine's in each spawned worker process (about 0.5 CPU s each).  The forkserver, a
    fresh single-threaded interpreter (no thread's lock is copied into a worker, which
    ``fork`` from this process would risk), imports them once while this process
    imports Dask, and each worker is forked ready: ``local:2`` was ready in 0.70–0.80 s
    against 1.05–1.13 s spawned (four runs each, alternating, as the ``nainjaune`` command
    starts it).  It stays, idle, until this process ends, and serves any later local
    cluster of the same process.  (The pool of ``--workers`` keeps ``spawn``: its workers
    must outlive a SIGTERM sent to the command's process group, which would end a
    forkserver; a local cluster's workers, spawned or forked, end with such a signal.)
    """
    import multiprocessing

    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:  # Windows: no fork
        return False
    from multiprocessing import forkserver

    context.set_forkserver_preload(FORKSERVER_PRELOAD)
    forkserver.ensure_running()  # returns at once: the server imports on its own
    return True


@contextlib.contextmanager
def _local_cluster(size: int, forked: bool) -> Iterator[Target]:
    from nainjaune_rules.analysis.cluster_nodes import credentials, start_cluster

    _quiet()
    security = credentials()
    with sigint_ignored():
        cluster = start_cluster(size, security, "forkserver" if forked else "spawn")
    try:
        yield Target(str(cluster.scheduler_address), security)
    finally:
        cluster.close()


def _user_security(tls: TlsFiles | None) -> Any:
    """The ``Security`` of a ``tls://`` scheduler: the user's files, else Dask's configuration
    (``distributed.comm.tls.ca-file``, ``.client.cert``, ``.client.key``)."""
    import ssl

    from distributed.security import Security

    if tls is not None:
        for path in (tls.ca, tls.cert, tls.key):
            _regular_file(path)
        security = Security(tls_ca_file=tls.ca, tls_client_cert=tls.cert,
                            tls_client_key=tls.key, require_encryption=True)
    else:
        security = Security(require_encryption=True)
        if not (getattr(security, "tls_ca_file", None)
                and getattr(security, "tls_client_cert", None)):
            raise ClusterError("a tls:// scheduler needs your certificates\n"
                               "  hint: --cluster-ca CA.pem --cluster-cert CERT.pem "
                               "--cluster-key KEY.pem, or Dask's distributed.comm.tls settings",
                               2)
    try:  # read the files now: a wrong one is a clear error before anything starts
        security.get_connection_args("client")
    except (OSError, ssl.SSLError, ValueError) as exc:
        raise ClusterError(f"cannot use the TLS files: {terminal_safe(str(exc))}") from None
    return security


def _regular_file(path: str) -> None:
    """Refuse a TLS file that is not a regular file (a FIFO or a device would hang the read)."""
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except OSError as exc:
        raise ClusterError(f"cannot use the TLS files: {terminal_safe(path)}: "
                           f"{exc.strerror}") from None
    if not regular:
        raise ClusterError(f"cannot use the TLS files: {terminal_safe(path)} is not a "
                           "regular file")


def _quiet() -> None:
    # cancelling the chunks in flight on Ctrl-C is normal here, not worth a warning; a
    # result refused by the msgpack-only client is reported by this module, in one line
    logging.getLogger("distributed").setLevel(logging.ERROR)
    logging.getLogger("distributed.protocol.core").setLevel(logging.CRITICAL + 1)


class DaskBackend:
    """A :class:`.chunks.Backend` on a Dask cluster, four chunks in hand per worker thread."""

    def __init__(self, job: Job, address: str, games: int = 0) -> None:
        if not isinstance(job.fold, Fold) or job.enough_unended:
            raise ValueError("a cluster plays jobs that fold their chunks into a Tally")
        self.fold: Fold = job.fold
        self.job = job
        self.futures: dict[int, Any] = {}
        self.stack = contextlib.ExitStack()
        try:
            target = address if isinstance(address, Target) else \
                self.stack.enter_context(running(address))
            self.client = _connect(target)
        except BaseException:
            self.stack.close()
            raise
        threads = sum(self.client.nthreads().values()) or 1
        self.window = 4 * threads  # enough in hand to hide the network's latency
        self.chunk = chunk_size(games, threads)  # larger chunks: fewer tasks for the client
        self.run = uuid.uuid4().hex  # task keys are unique to this run

    def submit(self, start: int, stop: int) -> Pending:
        future = self.client.submit(play_chunk_record, self.job, start, stop,
                                    key=f"nainjaune-chunk-{self.run}-{start}", pure=False)
        self.futures[start] = future
        return _Chunk(self, start, stop, future)

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            pending = [f for f in self.futures.values() if not f.done()]
            if pending:
                client.cancel(pending)
            client.close()
        self.stack.close()


def _connect(target: Target) -> Any:
    """A client of ``target`` that decodes what the cluster sends with msgpack only."""
    from nainjaune_rules.analysis.cluster_nodes import PlainDataClient

    _quiet()
    try:
        return PlainDataClient(str(target), security=target.security, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, TypeError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {terminal_safe(target)}: "
                           f"{_first_line(exc)}\n"
                           "  hint: start one with `dask scheduler` and workers with "
                           f"`dask worker {terminal_safe(target)}`") from None


def _first_line(exc: BaseException) -> str:
    """An exception from Dask or the cluster, for a one-line message: its type and the first
    line of its text (a worker's text may carry its whole traceback), escaped, cut short."""
    text = str(exc).strip().split("\n", 1)[0]
    return terminal_safe(f"{type(exc).__name__}: {text[:200]}")


class _Chunk:
    """A chunk's future; forgotten by the backend once taken back (memory stays bounded)."""

    def __init__(self, backend: DaskBackend, start: int, stop: int, future: Any) -> None:
        self.backend, self.start, self.stop, self.future = backend, start, stop, future

    def wait(self, timeout: float) -> bool:
        if not self.future.done():
            # woken by the result itself, not after a fixed sleep: a chunk is taken back
            # (and the next one sent) the moment it is done; its error, if any, is raised
            # by :meth:`result`
            with contextlib.suppress(Exception, asyncio.CancelledError):
                self.future.result(timeout=timeout)
        return bool(self.future.done())

    def result(self) -> Any:
        games = f"games {self.start} to {self.stop - 1}"
        if self.future.cancelled():
            # asked before Dask's own result(), which then raises an UnboundLocalError of
            # its own (distributed.utils.sync catches Exception, and a cancelled future
            # raises CancelledError): seen once in about 300 runs on a running cluster
            raise ClusterError(f"the cluster cancelled {games} (the scheduler dropped the "
                               "task or this client)\n  hint: run the command again; check "
                               "the scheduler's log if it happens again")
        try:
            value = self.future.result()
        except (Exception, asyncio.CancelledError) as exc:
            # a chunk that killed every worker it ran on, a scheduler that went away, or a
            # result that is not plain data (refused, never unpickled)
            raise ClusterError(f"the cluster could not play {games}: {_first_line(exc)}") from None
        try:
            tally = from_record(value, self.backend.fold, self.stop - self.start,
                                self.backend.job.max_deals)
        except RecordError as exc:
            raise ClusterError(f"the cluster sent a wrong result for {games}: {exc}") from None
        self.backend.futures.pop(self.start, None)
        return tally
