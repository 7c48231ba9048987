"""``--cluster`` on a shared machine and with an untrusted cluster (issue 20: defects 2, 3, 12).

- ``local:N`` listens on loopback only, TLS only, every connection needs the run's
  client certificate, and there is no HTTP server (the issue's 8787);
- a remote worker that returns a pickled object with a malicious ``__reduce__``
  does not run code in the client (the issue's attack, reproduced on loopback with
  a real ``dask scheduler`` and a ``dask worker --preload``), and a wrong-typed
  result is a one-line error, exit 1;
- ``tls://`` with the user's own certificates (made here) plays, and without them
  it is a clear error;
- a cluster started as the README says (scheduler and worker both ``--preload`` the
  chunks' module) has it loaded before the first run (issue 27, item 4) and plays
  ``--workers 1``'s figures.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import ssl
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the cluster extra is not installed")
pytest.importorskip("cryptography", reason="the cluster extra is not installed")

import psutil  # noqa: E402  (a dependency of distributed)
from distributed import Client  # noqa: E402
from distributed.security import Security  # noqa: E402

from nainjaune_rules.analysis.cluster import running  # noqa: E402

NAINJAUNE = [sys.executable, "-m", "nainjaune_rules"]
DASK = [sys.executable, "-m", "dask"]
#: how long a refused client may take to give up (a bound, not a timing assertion)
REFUSED_WITHIN = 30
SIMULATE = ["simulate", "fr-sheet", "--games", "150", "--seed", "4", "--format", "json"]


def listening(processes: list[psutil.Process]) -> set[tuple[str, int]]:
    found = set()
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            for conn in process.net_connections(kind="inet"):
                if conn.status == psutil.CONN_LISTEN:
                    found.add((conn.laddr.ip, conn.laddr.port))
    return found


def family() -> list[psutil.Process]:
    me = psutil.Process()
    return [me, *me.children(recursive=True)]


def refused_without_certificate(port: int) -> str:
    """A TLS handshake with no client certificate: the error it ends in."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=REFUSED_WITHIN) as raw:
        try:
            with context.wrap_socket(raw) as tls:
                tls.sendall(b"GET /info/main/workers.html HTTP/1.0\r\n\r\n")
                # TLS 1.3: the server's refusal arrives after the client's handshake
                data = tls.recv(100)
        except (ssl.SSLError, OSError) as exc:
            return str(exc)
    raise AssertionError(f"port {port} answered a client without a certificate: {data!r}")


def http_answer(port: int) -> bytes:
    """What a plain HTTP request gets (an HTTP server would answer b'HTTP/1.1 …')."""
    with socket.create_connection(("127.0.0.1", port), timeout=REFUSED_WITHIN) as raw:
        raw.sendall(b"GET /metrics HTTP/1.0\r\n\r\n")
        try:
            return raw.recv(100)
        except OSError:
            return b""


def test_a_local_cluster_is_tls_on_loopback_only_and_serves_no_http() -> None:
    before = listening(family())
    with running("local:2") as target:
        ours = listening(family()) - before
        assert target.startswith("tls://127.0.0.1:")
        # the scheduler, and for each of the 2 workers its nanny and itself: no HTTP port
        assert len(ours) == 5, ours
        assert {ip for ip, _ in ours} == {"127.0.0.1"}
        assert 8787 not in {port for _, port in ours}
        for _, port in ours:
            assert http_answer(port)[:5] != b"HTTP/"
            assert refused_without_certificate(port)
        scheduler = target.rsplit(":", 1)[1]
        # the attack: Client('tcp://127.0.0.1:PORT').run_on_scheduler(...)
        with pytest.raises((OSError, TimeoutError)):
            Client(f"tcp://127.0.0.1:{scheduler}", timeout=REFUSED_WITHIN)
        # a TLS client with credentials of its own, not the run's
        with pytest.raises((OSError, TimeoutError)):
            Client(str(target), security=Security.temporary(), timeout=REFUSED_WITHIN)
        # the run's own credentials do connect (so the refusals above are not an accident)
        with Client(str(target), security=target.security, timeout=REFUSED_WITHIN) as client:
            assert len(client.nthreads()) == 2
    assert not listening(family()) - before


def test_a_local_run_prints_figures_and_nothing_from_dask() -> None:
    one = subprocess.run([*NAINJAUNE, *SIMULATE], capture_output=True, text=True, timeout=300)
    dask = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", "local:2"], capture_output=True,
                          text=True, timeout=300)
    assert one.returncode == dask.returncode == 0, dask.stderr
    assert dask.stdout == one.stdout
    assert "8787" not in dask.stderr and "Traceback" not in dask.stderr


# -- a scheduler and a worker of our own, on loopback -----------------------------------


def wait_for_file(path: Path, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while not (path.exists() and path.stat().st_size):
        assert process.poll() is None, "the dask process ended before it was ready"
        assert time.monotonic() < deadline, f"{path} was not written"
        time.sleep(0.1)


@contextlib.contextmanager
def dask_cluster(tmp_path: Path, *options: str, preload: str | None = None,
                 module: str | None = None) -> Iterator[str]:
    """``dask scheduler`` and one ``dask worker`` (with ``preload``, a file's text), the
    scheduler's address; ``module``: both preload it, as the README starts them."""
    file = tmp_path / "scheduler.json"
    worker_options = list(options)
    scheduler_options = list(options)
    if preload is not None:
        (tmp_path / "preload.py").write_text(textwrap.dedent(preload))
        worker_options += ["--preload", str(tmp_path / "preload.py")]
    if module is not None:
        worker_options += ["--preload", module]
        scheduler_options += ["--preload", module]
    scheduler = subprocess.Popen([*DASK, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(file),
                                  *scheduler_options],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = None
    try:
        wait_for_file(file, scheduler)
        address = json.loads(file.read_text())["address"]
        ready = tmp_path / "worker-ready"
        (tmp_path / "ready.py").write_text(
            f"def dask_setup(worker):\n    open({str(ready)!r}, 'w').write('ready')\n")
        worker = subprocess.Popen([*DASK, "worker", address, "--nthreads", "1", "--no-nanny",
                                   "--no-dashboard", "--host", "127.0.0.1", *worker_options,
                                   "--preload", str(tmp_path / "ready.py")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_file(ready, worker)  # its preloads ran; tasks wait for it to join
        yield address
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.terminate()
                process.wait(timeout=60)


def test_the_readmes_cluster_has_the_engine_loaded_before_the_first_run(tmp_path: Path) -> None:
    # the scheduler unpickles every task, so it imports the chunks' module; started as the
    # README says (both with --preload), it has done so before a run sends its first chunk
    # (a first run waited about 0.1 s for it), and the run gives --workers 1's figures
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    module = "nainjaune_rules.analysis.cluster_record"
    assert f"dask scheduler \\\n    --preload {module}" in readme
    assert f"dask worker tcp://SCHEDULER-HOST:8786 \\\n    --preload {module}" in readme

    def engine_loaded() -> bool:  # (defined here: Dask sends it whole, not by its module)
        import sys
        return "nainjaune_rules.analysis.cluster_record" in sys.modules

    with dask_cluster(tmp_path, module=module) as address:
        with Client(address, timeout=60) as client:
            before = client.run_on_scheduler(engine_loaded)
            workers = client.run(engine_loaded)
        run = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address], capture_output=True,
                             text=True, timeout=300)
    one = subprocess.run([*NAINJAUNE, *SIMULATE], capture_output=True, text=True, timeout=300)
    assert before and all(workers.values()) and workers
    assert run.returncode == one.returncode == 0, run.stderr
    assert run.stdout == one.stdout


PICKLE_BOMB = """
    import os
    import nainjaune_rules.analysis.cluster_record as record

    class Payload:
        def __reduce__(self):  # unpickling it creates the marker: code run by the client
            return (os.mkdir, ({marker!r},))

    def play_chunk_record(job, start, stop):
        return Payload()

    record.play_chunk_record = play_chunk_record
"""


def test_a_worker_cannot_run_code_in_the_client_through_a_result(tmp_path: Path) -> None:
    marker = tmp_path / "the-client-ran-this"
    with dask_cluster(tmp_path, preload=PICKLE_BOMB.format(marker=str(marker))) as address:
        run = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address], capture_output=True,
                             text=True, timeout=300)
    assert not marker.exists()
    assert run.returncode == 1, run.stderr
    # the worker, asked for msgpack, cannot send its object (a worker that sent it pickled
    # anyway would be refused: the client does not decode pickle)
    assert run.stderr.splitlines() == [
        "nainjaune simulate: --cluster: the cluster could not play games 0 to 99: "
        "TypeError: Could not serialize object of type Payload"], run.stderr


def test_the_same_pickle_runs_code_in_a_default_client(tmp_path: Path) -> None:
    """The attack above is real: a client that accepts pickle runs the payload."""
    from nainjaune_rules.analysis.cluster_record import play_chunk_record

    marker = tmp_path / "the-client-ran-this"
    with dask_cluster(tmp_path, preload=PICKLE_BOMB.format(marker=str(marker))) as address, \
            Client(address, timeout=REFUSED_WITHIN) as client:
        client.submit(play_chunk_record, None, 0, 1, pure=False).result()
    assert marker.is_dir()


WRONG_TYPES = """
    import nainjaune_rules.analysis.cluster_record as record

    def play_chunk_record(job, start, stop):
        data = record.to_record(record.play_range(job, start, stop))
        data["games"] = str(data["games"])  # plain data, of the wrong type
        return data

    record.play_chunk_record = play_chunk_record
"""

RAISES = """
    import nainjaune_rules.analysis.cluster_record as record

    class Failure(Exception):
        pass

    def play_chunk_record(job, start, stop):
        raise Failure("\x1b[31mred")

    record.play_chunk_record = play_chunk_record
"""


def test_a_wrong_typed_result_is_a_clear_error(tmp_path: Path) -> None:
    with dask_cluster(tmp_path, preload=WRONG_TYPES) as address:
        run = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address], capture_output=True,
                             text=True, timeout=300)
    assert run.returncode == 1, run.stderr
    assert run.stderr.strip().splitlines()[-1] == (
        "nainjaune simulate: --cluster: the cluster sent a wrong result for games 0 to 99: "
        "games: '100' is not a whole number from 0 to 100")
    assert "internal error" not in run.stderr


def test_a_task_that_raises_is_a_clear_error_not_a_hang(tmp_path: Path) -> None:
    """Dask's client cannot read the pickled exception of a msgpack-only client's task."""
    with dask_cluster(tmp_path, preload=RAISES) as address:
        run = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address], capture_output=True,
                             text=True, timeout=300)
    assert run.returncode == 1, run.stderr
    assert "the cluster could not play games 0 to 99" in run.stderr
    assert "\x1b" not in run.stderr and "Traceback" not in run.stderr


# -- tls:// with the user's own certificates ---------------------------------------------


def certificate_files(folder: Path) -> tuple[str, str, str]:
    """A CA, certificate and key (one self-signed certificate, as Dask's own are)."""
    folder.mkdir()
    security = Security.temporary()
    cert, key = folder / "cert.pem", folder / "key.pem"
    cert.write_text(security.tls_ca_file)
    key.write_text(security.tls_client_key)
    key.chmod(0o600)
    return str(cert), str(cert), str(key)


def test_tls_with_the_users_certificates(tmp_path: Path) -> None:
    ca, cert, key = certificate_files(tmp_path / "ours")
    _, other_cert, other_key = certificate_files(tmp_path / "theirs")
    tls = ["--protocol", "tls", "--tls-ca-file", ca, "--tls-cert", cert, "--tls-key", key]
    one = subprocess.run([*NAINJAUNE, *SIMULATE], capture_output=True, text=True, timeout=300)
    with dask_cluster(tmp_path, *tls) as address:
        assert address.startswith("tls://127.0.0.1:")
        good = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address, "--cluster-ca", ca,
                               "--cluster-cert", cert, "--cluster-key", key],
                              capture_output=True, text=True, timeout=300)
        none = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address],
                              capture_output=True, text=True, timeout=300,
                              env={**os.environ, "DASK_CONFIG": str(tmp_path / "no-config")})
        wrong = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", address, "--cluster-ca", ca,
                                "--cluster-cert", other_cert, "--cluster-key", other_key],
                               capture_output=True, text=True, timeout=300)
    assert good.returncode == 0, good.stderr
    assert good.stdout == one.stdout
    assert none.returncode == 2 and "needs your certificates" in none.stderr, none.stderr
    assert wrong.returncode == 1 and "cannot reach the Dask scheduler" in wrong.stderr, \
        wrong.stderr
    for run in (none, wrong):
        assert "Traceback" not in run.stderr and "internal error" not in run.stderr


def test_missing_certificate_files_are_a_clear_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere.pem")
    run = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", "tls://127.0.0.1:1",
                          "--cluster-ca", missing, "--cluster-cert", missing,
                          "--cluster-key", missing], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stderr
    assert "cannot use the TLS files" in run.stderr and "No such file" in run.stderr
    assert "Traceback" not in run.stderr
    fifo = tmp_path / "fifo.pem"
    os.mkfifo(fifo)  # reading it would wait for ever
    run = subprocess.run([*NAINJAUNE, *SIMULATE, "--cluster", "tls://127.0.0.1:1",
                          "--cluster-ca", str(fifo), "--cluster-cert", str(fifo),
                          "--cluster-key", str(fifo)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "is not a regular file" in run.stderr, run.stderr
