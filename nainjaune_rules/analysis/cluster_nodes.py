"""The Dask classes of ``--cluster``: a client that reads plain data only, and a local
cluster that only this process can use (imported only when Dask is there).

The client (:class:`PlainDataClient`) decodes what the cluster sends with
msgpack only (and Dask's ``error`` family, which is text): a result pickled by
a worker is refused, never unpickled.  A task's error is a pickled exception:
Dask's own handler cannot read it then and leaves the future pending for ever,
so this client replaces it with a plain one.

``--cluster local:N``:

A plain ``LocalCluster`` listens, for the whole run, on loopback TCP with no
authentication (any local user can connect and run code in this process and
its workers with ``Client(...).run_on_scheduler``) and on an HTTP port (8787
for the scheduler, even with ``dashboard_address=None``, and one per worker).
The machine may be shared, so here:

- every connection is TLS with credentials made for the run and kept in memory
  (as ``Security.temporary()`` makes them, with an elliptic-curve key; both ends must
  present the certificate, so a client without it is refused during the handshake);
- the scheduler, the nannies and the workers listen on 127.0.0.1 only, on ports
  the system chooses (port 0);
- none of them starts an HTTP server at all (Dask offers no switch for it: the
  scheduler and worker classes below skip it).

Needs the ``cluster`` extra (``dask[distributed]`` and ``cryptography``).
"""

from __future__ import annotations

import datetime
import logging
from types import TracebackType
from typing import Any, Literal

from distributed import Client, Nanny, Scheduler, SpecCluster, Worker
from distributed.security import Security

from nainjaune_rules.analysis.cluster_address import INSTALL_HINT, ClusterError

LOOPBACK = "127.0.0.1"


class PlainDataClient(Client):
    """A Dask client that decodes results with msgpack only (see the module docstring)."""

    def __init__(self, address: str, **options: Any) -> None:
        super().__init__(address, deserializers=["msgpack", "error"], **options)

    def _handle_task_erred(self, key: Any = None, exception: Any = None,
                           traceback: Any = None) -> None:
        if not (isinstance(exception, Exception)
                and (traceback is None or isinstance(traceback, TracebackType))):
            exception = RuntimeError("the task failed there; its error is a pickled object, "
                                     "which this client does not read")
            traceback = None
        super()._handle_task_erred(key, exception, traceback)


class _NoHttpServer:
    """A Dask server node that does not serve HTTP: no dashboard, no /metrics, no /info."""

    def start_http_server(self, routes: Any, dashboard_address: Any, default_port: int = 0,
                          ssl_options: Any = None) -> None:
        """Start nothing (the node's ``services`` then holds no ``dashboard``)."""


class SchedulerWithoutHttp(_NoHttpServer, Scheduler):
    """Dask's scheduler with no HTTP port."""


class WorkerWithoutHttp(_NoHttpServer, Worker):
    """Dask's worker with no HTTP port (its class is named to the nanny's child process)."""


def credentials() -> Security:
    """TLS credentials for one run, in memory (``cryptography`` makes them): what
    ``Security.temporary()`` makes (one self-signed certificate for every role, required
    at both ends of every connection), with an elliptic-curve key (P-256) instead of a
    2048-bit RSA one, which takes 30 to 70 ms to make, on the start-up's critical path,
    and makes each TLS handshake costlier too."""
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        raise ClusterError("a local cluster needs the cryptography package\n"
                           f"  hint: {INSTALL_HINT}") from None
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "dask-internal")])
    now = datetime.datetime.now(tz=datetime.UTC).replace(tzinfo=None)  # (as Dask)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("dask-internal")]),
                           critical=False)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now).not_valid_after(now + datetime.timedelta(days=365))
            .sign(key, hashes.SHA256()))
    pem = cert.public_bytes(serialization.Encoding.PEM).decode()
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    return Security(require_encryption=True, tls_ca_file=pem,
                    **{f"tls_{role}_{part}": text for role in ("client", "scheduler", "worker")
                       for part, text in (("cert", pem), ("key", private))})


#: Dask's own monitoring, which nobody reads here (no dashboard): sampling every thread's
#: stack every 10 ms for its profiler, the GIL every 1 ms, the event loop every 20 ms, the
#: system every 0.5 s and the memory every 0.1 s cost a worker ~15% of the CPU of its games
#: (fr-sheet: 33 ms of CPU per 100-game chunk, 28 without); the memory is still watched
QUIET_NODES = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}


def start_cluster(size: int, security: Security,
                  start_method: Literal["spawn", "forkserver"] = "spawn") -> Any:
    """``size`` worker processes (one thread each) and their scheduler, TLS on loopback only,
    without the monitoring nobody reads (:data:`QUIET_NODES`: each nanny hands its worker
    the configuration it was made with); each nanny starts its worker process by
    ``start_method`` (``forkserver`` once :func:`.cluster._start_forkserver` has started
    one with its own preload)."""
    import dask
    import distributed.utils

    if start_method == "forkserver" and hasattr(distributed.utils, "_forkserver_preload_set"):
        # Dask sets a forkserver's preload on its first use, importing every optional
        # package it knows of here (numpy, pandas...) for a server that, started already,
        # would not see the list: told it is set, it leaves the server's as it is
        distributed.utils._forkserver_preload_set = True
    with dask.config.set({**QUIET_NODES, "distributed.worker.multiprocessing-method":
                          start_method}):
        return _start(size, security)


def _start(size: int, security: Security) -> Any:
    common = {"host": LOOPBACK, "protocol": "tls://", "security": security,
              "dashboard": False, "dashboard_address": None}
    scheduler = {"cls": SchedulerWithoutHttp, "options": {**common, "port": 0}}
    worker = {"cls": Nanny, "options": {**common, "nthreads": 1, "worker_class": WorkerWithoutHttp,
                                        "silence_logs": logging.CRITICAL}}
    return SpecCluster(workers=dict.fromkeys(range(size), worker), scheduler=scheduler,
                       worker=worker, security=security, silence_logs=logging.CRITICAL,
                       name="nainjaune-local")
