"""``--cluster``: the same figures on a Dask cluster as in one process (issue 13, item 3).

The clusters here are ``LocalCluster`` s on localhost: no network beyond this machine.
Dask is the optional ``cluster`` extra, part of the ``test`` extra; without it the
tests that need a cluster are skipped and the error message is still tested.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from typing import Any

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.runner import Progress
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.analysis.stats_text import to_json_dict
from nainjaune_rules.cli.main import main

NAINJAUNE = [sys.executable, "-m", "nainjaune_rules"]


def test_local_cluster_gives_the_figures_of_one_process() -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    args = ["simulate", "fr-sheet", "--games", "450", "--seed", "3", "--format", "json",
            "--seats", "random:forget=0.2,greedy,lowest,greedy"]
    one = subprocess.run([*NAINJAUNE, *args, "--workers", "1"], capture_output=True, text=True,
                         timeout=300)
    dask = subprocess.run([*NAINJAUNE, *args, "--cluster", "local:2"], capture_output=True,
                          text=True, timeout=300)
    assert one.returncode == dask.returncode == 0, dask.stderr
    assert dask.stdout == one.stdout
    assert json.loads(dask.stdout)["rulesets"][0]["games"] == 450
    quiet(dask.stderr)


def quiet(stderr: str) -> None:
    """No log lines, warnings or tracebacks from the cluster (what a busy machine may add,
    such as a warning that a port is taken, cannot happen: a local cluster has no fixed port)."""
    for noise in ("Traceback", "WARNING", "ERROR", "distributed.", "8787"):
        assert noise not in stderr, stderr


class KillAWorker(Progress):
    """After the first chunk, kill one worker process outright (as a lost machine)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.killed: int | None = None

    def update(self, done: int) -> None:
        if self.killed is None:
            pids = self.client.run(os.getpid)  # {worker address: pid}
            self.killed = sorted(pids.values())[0]
            os.kill(self.killed, signal.SIGKILL)


def test_a_lost_worker_changes_nothing() -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    from distributed import Client

    from nainjaune_rules.analysis.cluster import running

    ruleset = nainjaune_rules.load_ruleset("wiki-modern")
    expected = to_json_dict(simulate(ruleset, 1200, seed=5))
    # the command's own local cluster (TLS, no HTTP), and a client with its credentials
    with running("local:2") as target, \
            Client(str(target), security=target.security) as client:
        killer = KillAWorker(client)
        got = simulate(ruleset, 1200, seed=5, cluster=target, progress=killer)
    assert killer.killed is not None
    assert to_json_dict(got) == expected


def test_the_api_starts_a_local_cluster_for_one_run() -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    ruleset = nainjaune_rules.load_ruleset("fr-sheet")
    assert to_json_dict(simulate(ruleset, 230, seed=2, cluster="local:2")) == \
        to_json_dict(simulate(ruleset, 230, seed=2))


def test_bad_cluster_arguments_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fr-sheet", "--cluster", "my-laptop"]) == 2
    err = capsys.readouterr().err
    assert "'my-laptop' is not a scheduler address" in err and "tcp://HOST:PORT" in err
    assert main(["simulate", "fr-sheet", "--cluster", "local:0"]) == 2
    assert "1 to 256 processes" in capsys.readouterr().err
    assert main(["simulate", "fr-sheet", "--cluster", "local:2", "--workers", "2"]) == 2
    assert "not both" in capsys.readouterr().err


def test_without_dask_the_error_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert main(["simulate", "fr-sheet", "--games", "10", "--cluster", "local:2"]) == 1
    err = capsys.readouterr().err
    assert "Dask is not installed" in err and "pip install 'nainjaune-rules[cluster]'" in err
    assert "Traceback" not in err


def test_sweep_on_a_local_cluster_gives_the_rows_of_one_process() -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    args = ["sweep", "cz-box", "--vary", "starting tokens=49,98", "--vary",
            "players=3,4", "--games", "150", "--format", "json"]
    one = subprocess.run([*NAINJAUNE, *args], capture_output=True, text=True, timeout=300)
    dask = subprocess.run([*NAINJAUNE, *args, "--cluster", "local:2"], capture_output=True,
                          text=True, timeout=300)
    assert one.returncode == dask.returncode == 0, dask.stderr
    assert dask.stdout == one.stdout and len(json.loads(one.stdout)["rows"]) == 4
    quiet(dask.stderr)


def test_ctrl_c_on_a_local_cluster_prints_partial_figures_quietly() -> None:
    """Ctrl-C at a terminal signals the whole group: the cluster's processes too."""
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    from signalled import signalled

    games = 10_000_000
    code, out, err, playing = signalled(
        [*NAINJAUNE, "simulate", "fr-sheet", "--games", str(games), "--cluster", "local:2",
         "--format", "json"], 1.0, signal.SIGINT, group=True)
    assert playing and code == 130, err
    got = json.loads(out)["rulesets"][0]
    assert got["games_requested"] == games and 0 < got["games"] < games
    full = simulate(nainjaune_rules.load_ruleset("fr-sheet"), got["games"], name="fr-sheet")
    assert got["figures"] == json.loads(json.dumps(to_json_dict(full)["figures"]))
    assert "Traceback" not in err and "WARNING" not in err and "Error" not in err, err
    assert "(Ctrl-C); the figures are partial" in err


def test_a_local_clusters_workers_run_without_the_monitoring_nobody_reads() -> None:
    # issue 27: Dask's profiler (a sample of every thread's stack every 10 ms) and its other
    # monitors cost a worker about 15% of its games' CPU; the local cluster's workers get
    # the quieter settings from their nanny, and keep the memory watch
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    import dask
    from distributed import Client

    from nainjaune_rules.analysis.cluster import running
    from nainjaune_rules.analysis.cluster_nodes import QUIET_NODES

    def settings() -> list[object]:
        return [dask.config.get(key) for key in QUIET_NODES]

    assert dask.config.get("distributed.worker.profile.enabled")  # Dask's default here
    with running("local:2") as target, \
            Client(str(target), security=target.security) as client:
        seen = client.run(settings)
    assert len(seen) == 2
    assert all(got == list(QUIET_NODES.values()) for got in seen.values()), seen
    assert dask.config.get("distributed.worker.profile.enabled")  # this process: unchanged


def test_a_chunk_the_cluster_cancelled_is_a_clear_error_not_dasks_own() -> None:
    """A future cancelled by the scheduler: Dask's ``Future.result()`` then raises an
    ``UnboundLocalError`` of its own (``distributed.utils.sync`` catches ``Exception``
    only, and the cancellation is a ``CancelledError``), which once reached the user as
    "the cluster could not play games 5100 to 6799: UnboundLocalError: cannot access
    local variable 'result'".  The chunk asks the future whether it was cancelled first."""
    from nainjaune_rules.analysis.cluster import ClusterError, _Chunk

    class Cancelled:
        def done(self) -> bool:
            return True

        def cancelled(self) -> bool:
            return True

        def result(self, timeout: float | None = None) -> Any:
            raise UnboundLocalError("cannot access local variable 'result' where it is not "
                                    "associated with a value")

    chunk = _Chunk(None, 5100, 6800, Cancelled())  # type: ignore[arg-type]
    assert chunk.wait(0.05)
    with pytest.raises(ClusterError, match=r"the cluster cancelled games 5100 to 6799 .*"
                                           r"\n  hint: run the command again") as caught:
        chunk.result()
    assert "UnboundLocalError" not in str(caught.value)


def test_a_local_clusters_workers_are_forked_ready_from_a_forkserver() -> None:
    """issue 27: ``local:N``'s start is CPU-bound imports.  Its worker processes are forked
    from a forkserver started before this process imports Dask, which imports Dask and the
    engine once, meanwhile: each worker is the forkserver's child and has the engine before
    its first task (a spawned worker, a child of this process, imports it in that task)."""
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    from multiprocessing import forkserver

    from distributed import Client

    from nainjaune_rules.analysis.cluster import running

    def seen() -> tuple[int, bool]:
        import os
        import sys

        return os.getppid(), "nainjaune_rules.analysis.cluster_record" in sys.modules

    with running("local:2") as target, \
            Client(str(target), security=target.security) as client:
        server = forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
        got = client.run(seen)
    assert server is not None and server != os.getpid()
    assert len(got) == 2 and set(got.values()) == {(server, True)}, got
