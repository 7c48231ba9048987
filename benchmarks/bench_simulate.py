"""Simulation throughput: games per second per built-in variant, with 1 and 2 workers.

Run from the repository root::

    python benchmarks/bench_simulate.py              # 4000 games per variant and per run
    python benchmarks/bench_simulate.py --games 500  # quicker
    python benchmarks/bench_simulate.py --fr-sheet-10k  # also: the 10,000-game CLI run
    python benchmarks/bench_simulate.py --games 0 --fr-sheet-10k --sweep-10 --memory

``--profile-chunks`` (issue 27 item 4) measures what a chunk costs, piece by piece: the
job sent to each worker, a worker's start (interpreter, imports, compiling the tables),
playing a chunk, folding it, its result's size and the parent's merge; then the ratios
of ``--workers 2`` and of a 2-worker local cluster to one worker on 20,000 fr-sheet games,
with the CPU time of every process per game and the load average beside each
(``--profile-games`` changes the count), the start-up of ``--cluster local:2``, and the
three figures of issue 27 on one line: the two ratios and the start-up in seconds.  The
runs come in rounds (``--profile-rounds``, 9), every kind of run once a round, and each
ratio is taken between the best walls, each round's and their median beside it (the best
walls of two kinds of run may come from different rounds): a quiet machine still
changes speed by 10–15% from one minute to the next, which one round of each run reads
as a ratio.  Each round also measures the host's own ceiling: two independent processes,
started and warmed up before, each play half the games side by side, and one worker's wall
over the slower one's is the most any two processes could give at that moment (2.00 on two
equal, idle cores; a shared virtual machine's two vCPUs may give much less), and each ratio
is also printed as a share of its round's ceiling.  On a busy machine read the CPU per
game (the workers' and the parent's): it hardly depends on the load, the wall ratios do.

``--fr-sheet-10k`` times the whole command with 1 and 2 workers and, when Dask is
installed, ``--cluster local:2`` (its start-up included); ``--sweep-10`` times a
10-value sweep of the starting tokens; ``--memory`` measures the peak resident memory
of ``simulate --games 1000000000`` stopped by Ctrl-C after 5 s (each process's and the
whole process tree's, sampled with psutil when it is installed, else the largest
process's from ``RUSAGE_CHILDREN``).

Each variant is played with ``lowest`` bots at its default table size (as
``nainjaune simulate``), seed 0.  The machine's load average is printed
before and after: other work on the machine slows the two-worker run first,
so read the speed-up only when the load was low; each measure is the best of
``--repeat`` runs, the one least disturbed by other work.  The figures themselves are
checked to be identical for both worker counts (the point of the design).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

# The project's own modules are imported where they are used, not here: a pool's or a local
# cluster's spawned worker imports this script again (as ``__mp_main__``), and should load no
# more than it would under the ``nainjaune`` command (the engine comes with the job).


def timed(ruleset: object, games: int, workers: int, name: str,
          repeat: int = 1) -> tuple[float, str]:
    """The best of ``repeat`` wall times (the least disturbed by other load), and the figures."""
    from nainjaune_rules.analysis.simulation import simulate
    from nainjaune_rules.analysis.stats_text import render_json

    best, text = float("inf"), ""
    for _ in range(repeat):
        start = time.perf_counter()
        figures = simulate(ruleset, games, workers=workers, name=name)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - start)
        text = render_json([figures])
    return best, text


def command_time(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "nainjaune_rules", *argv], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def peak_memory(argv: list[str], seconds: float) -> str:
    """Peak resident memory of a command interrupted after ``seconds`` of play."""
    command = [sys.executable, "-m", "nainjaune_rules", *argv]
    try:
        import psutil
    except ImportError:
        probe = Path(__file__).parent.parent / "tests" / "stats" / "signalled.py"
        done = subprocess.run([sys.executable, str(probe), str(seconds), "SIGINT", "--",
                               *command], capture_output=True, text=True, check=True)
        return f"largest process {json.loads(done.stdout)['maxrss_mb']:.0f} MB"
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    top = psutil.Process(proc.pid)
    largest = total = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sizes = []
        for p in [top, *top.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                sizes.append(p.memory_info().rss)
        largest, total = max(largest, max(sizes)), max(total, sum(sizes))
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    return (f"largest process {largest / 2**20:.0f} MB, whole process tree "
            f"{total / 2**20:.0f} MB (sampled every 0.05 s)")


def _best(action: object, repeat: int = 5) -> float:
    """The least disturbed of ``repeat`` wall times of ``action()`` (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def profile_chunks(games: int, rounds: int) -> None:
    """What a chunk of fr-sheet games costs, and the scale-out ratios (issue 27 item 4)."""
    import pickle

    import nainjaune_rules
    from nainjaune_rules.analysis import chunks, runner
    from nainjaune_rules.analysis.process_pool import WorkerPool
    from nainjaune_rules.analysis.simulation import (
        Fold,
        features,
        seat_specs,
        table_size,
    )
    from nainjaune_rules.analysis.tally import Tally
    from nainjaune_rules.engine import compile_tables

    ruleset = nainjaune_rules.load_ruleset("fr-sheet")
    tables = compile_tables(ruleset)
    n = table_size(tables, None)
    feats = features(tables)
    specs = seat_specs(None, n)
    fold = Fold(n, feats.box_cards, feats.announced_cards)
    job = runner.Job(ruleset, runner.FixedSeats(specs), 0, 1000, fold=fold)
    sent = pickle.dumps(job)
    chunk = runner.CHUNK
    print(f"chunk: {chunk} games; job sent once to each worker: {len(sent):,} bytes")
    with contextlib.suppress(OSError):  # Linux: CPU shared per session, not per process
        autogroup = Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip()
        print(f"sched_autogroup_enabled={autogroup} (1: the workers share their session's "
              f"CPU slice with the parent, so other sessions' load caps any speed-up)")
    # a worker's set-up, as it happens in a fresh interpreter: imports, the job, the tables
    code = ("import pickle, sys, time; t0 = time.perf_counter(); "
            "from nainjaune_rules.analysis import chunks, runner; t1 = time.perf_counter(); "
            "job = pickle.loads(sys.stdin.buffer.read()); t2 = time.perf_counter(); "
            "chunks.tables_for(job); t3 = time.perf_counter(); "
            "print(t1 - t0, t2 - t1, t3 - t2)")
    setups = [tuple(map(float, subprocess.run(
        [sys.executable, "-c", code], input=sent, capture_output=True,
        check=True).stdout.split())) for _ in range(3)]
    imports, unpickle, compiling = (min(column) for column in zip(*setups, strict=True))
    print(f"a worker's set-up (fresh interpreter, best of 3): imports {imports * 1e3:.0f} ms, "
          f"job {unpickle * 1e3:.1f} ms, compiling the tables {compiling * 1e3:.1f} ms "
          f"(once per worker, not per chunk)")
    nojob = runner.Job(ruleset, runner.FixedSeats(specs), 0, 1000)
    chunks.tables_for(nojob)
    # a cluster's task brings its own copy of the job: unpickled, then its tables found
    # (compiled once per ruleset in the worker: chunks.tables_for)
    per_task = _best(lambda: chunks.tables_for(pickle.loads(sent)))
    recompile = _best(lambda: compile_tables(ruleset))
    print(f"per chunk set-up: the job's copy unpickled and its tables found {per_task * 1e3:.2f} "
          f"ms (compiling them again would be {recompile * 1e3:.2f} ms)")
    play = _best(lambda: runner.play_range(nojob, 0, chunk))
    records = runner.play_range(nojob, 0, chunk)
    folded = fold(records)
    folding = _best(lambda: fold(records))
    tally = Tally(n, feats.box_cards, feats.announced_cards)
    merging = _best(lambda: tally.merge(folded))
    print(f"per chunk: playing {play * 1e3:.0f} ms; folding {folding * 1e3:.2f} ms; result "
          f"{len(pickle.dumps(folded)):,} bytes folded ({len(pickle.dumps(records)):,} as "
          f"records); the parent's merge {merging * 1e3:.2f} ms")
    print(f"chunks of {games:,} games: {chunk} games with a pool, "
          f"{chunks.chunk_size(games, 2)} on a 2-worker cluster")
    for workers in (1, 2):
        start = time.perf_counter()
        pool = WorkerPool(runner.play_range, job, workers)
        pool.started(None)
        ready = time.perf_counter() - start
        firsts = [pool.submit(0, 1) for _ in range(workers)]  # one each: the fewest in hand
        for first in firsts:
            first.result()
        print(f"pool of {workers} spawned worker(s): every one ready in {ready:.2f} s, first "
              f"1-game chunk back from each at {time.perf_counter() - start:.2f} s (with "
              f"--workers {workers + 1}, this process plays meanwhile)")
        pool.close()
    startup = None
    if importlib.util.find_spec("distributed"):
        startup = cluster_startup(job), fresh_startup()
    scale_out(ruleset, games, startup, rounds)


#: ``local:2`` started as the ``nainjaune`` command starts it: the console script imports the
#: command line's module first, and Dask's spawned worker processes import the parent's main
#: module again (as ``__mp_main__``), so a fresh process with those imports is what a user
#: waits for; this benchmark's own process, after its profiling, is slower to start workers
_FRESH_STARTUP = """
import time
from nainjaune_rules.cli.main import main  # noqa: F401 (the nainjaune command's first import)
if __name__ == "__main__":
    from nainjaune_rules.analysis import cluster
    start = time.perf_counter()
    with cluster.running("local:2"):
        print(time.perf_counter() - start)
"""


def fresh_startup(runs: int = 3) -> float:
    """``local:2``'s start-up in a fresh process, as ``nainjaune simulate --cluster local:2``
    starts it (:data:`_FRESH_STARTUP`): the median of ``runs``, each printed; seconds."""
    import statistics
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "start_local.py"
        script.write_text(_FRESH_STARTUP, encoding="utf-8")
        readies = [float(subprocess.run([sys.executable, str(script)], capture_output=True,
                                        text=True, check=True, timeout=300).stdout)
                   for _ in range(runs)]
    print(f"local:2 start-up in a fresh process, as the nainjaune command starts it: ready in "
          f"{', '.join(f'{r:.2f}' for r in readies)} s (median "
          f"{statistics.median(readies):.2f} s)")
    return statistics.median(readies)


def _cpu() -> float:
    """CPU seconds of this process and of its children reaped so far (load-independent)."""
    import resource

    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cluster_startup(job: object) -> float:
    """``--cluster local:2``'s start-up: from the call to the cluster ready, then to its
    first 1-game chunk back (each worker's first task imports the engine); seconds."""
    from nainjaune_rules.analysis import cluster

    load = os.getloadavg()[0]
    cpu, start = _cpu(), time.perf_counter()
    with cluster.running("local:2") as target:
        ready = time.perf_counter() - start
        backend = cluster.DaskBackend(job, target)  # type: ignore[arg-type]
        try:
            backend.submit(0, 1).result()
            first = time.perf_counter() - start
        finally:
            backend.close()
    stop = time.perf_counter()
    print(f"local:2 start-up: ready in {ready:.2f} s, first chunk back at {first:.2f} s "
          f"(load {load:.2f}); start, one chunk and stop used {_cpu() - cpu:.2f} CPU s "
          f"(stop {time.perf_counter() - stop:.2f} s)")
    return ready


def _quiet_environment() -> dict[str, str]:
    """The environment of a running cluster's processes: Dask's monitoring that nobody
    reads turned off, as for ``local:N`` (``cluster_nodes.QUIET_NODES``, as Dask's
    ``DASK_…`` variables; the README's cluster section gives the same settings)."""
    from nainjaune_rules.analysis.cluster_nodes import QUIET_NODES

    names = {"DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
             for key, value in QUIET_NODES.items()}
    return dict(os.environ, **names)


#: what the README's scheduler and workers preload (the scheduler unpickles each task, and
#: would import these modules when the first run sends its first chunk: about 0.1 s)
PRELOAD = "nainjaune_rules.analysis.cluster_record"


@contextlib.contextmanager
def own_cluster(size: int) -> Iterator[str]:
    """A running cluster as the README's "Running on a cluster" starts one: ``dask
    scheduler --preload …`` on loopback and ``size`` ``dask worker --nthreads 1 --preload
    …`` processes (the engine imported as each starts), their start not timed; yields the
    scheduler's address once every worker has joined."""
    import tempfile

    from distributed import Client

    dask = [str(Path(sys.executable).with_name("dask"))]
    env = _quiet_environment()
    processes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "scheduler.json"
        try:
            processes.append(subprocess.Popen(
                [*dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                 "--scheduler-file", str(file), "--preload", PRELOAD], env=env,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            while not (file.exists() and file.stat().st_size):
                if processes[0].poll() is not None:
                    raise RuntimeError("dask scheduler ended before it was ready")
                time.sleep(0.05)
            address = json.loads(file.read_text())["address"]
            processes += [subprocess.Popen(
                [*dask, "worker", address, "--nthreads", "1", "--no-dashboard", "--host",
                 "127.0.0.1", "--preload", PRELOAD],
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                for _ in range(size)]
            with Client(address, timeout=60) as client:
                client.wait_for_workers(size, timeout=120)
            yield address
        finally:
            for process in reversed(processes):
                process.terminate()
                process.wait(timeout=60)


def play_half(games: int, seed: int) -> None:
    """One of :func:`side_by_side`'s processes: ready (imports, a warm-up), then, on a line
    from its parent, ``games // 2`` fr-sheet games in this process; prints the wall."""
    import nainjaune_rules
    from nainjaune_rules.analysis.simulation import simulate

    ruleset = nainjaune_rules.load_ruleset("fr-sheet")
    simulate(ruleset, 200, workers=1, name="fr-sheet")
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.perf_counter()
    simulate(ruleset, games // 2, workers=1, seed=seed, name="fr-sheet")
    print(f"{time.perf_counter() - start:.6f}", flush=True)


def side_by_side(games: int) -> float:
    """The host's own ceiling for two processes: two independent processes, started and
    warmed up before, each play half of ``games`` (seeds 0 and 1) at the same moment, with
    nothing shared; the wall of the slower.  ``--workers 1``'s wall over it is the most any
    2-process run can reach on this machine at this moment (2.0 on two equal, idle cores)."""
    command = [sys.executable, __file__, "--play-half", str(games)]
    halves = [subprocess.Popen([*command, str(seed)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True) for seed in (0, 1)]
    try:
        for half in halves:  # both ready before either starts
            assert half.stdout is not None and half.stdout.readline().strip() == "ready"
        for half in halves:
            assert half.stdin is not None
            half.stdin.write("go\n")
            half.stdin.flush()
        return max(float(half.communicate()[0]) for half in halves)
    finally:
        for half in halves:
            if half.poll() is None:
                half.kill()


def scale_out(ruleset: object, games: int, startup: tuple[float, float] | None,
              rounds: int) -> None:
    """The runs of ``games`` fr-sheet games with one worker, two, a 2-worker local cluster
    (its start-up included) and a running 2-worker cluster (``dask scheduler`` and two
    ``dask worker``, started before: the "2-worker cluster" of issue 27; its first run,
    whose workers still import the engine, and a second): wall time, CPU time of every
    process per game, the load average; ``rounds`` rounds of every run, one after the
    other (a fresh running cluster each round), so that a slow minute of the machine
    weighs on every kind of run alike; the ratios of the best walls, and each round's."""
    import statistics

    from nainjaune_rules.analysis.simulation import simulate
    from nainjaune_rules.analysis.stats_text import render_json

    print(f"{games:,} fr-sheet games, lowest seats, {rounds} rounds (wall; CPU of the parent "
          f"and its workers; not counted: a running cluster's own processes, and local:2's "
          f"workers, children of its forkserver; load average beside):")
    walls: dict[str, list[float]] = {}
    ceilings: list[float] = []
    figures = set()

    def run(label: str, how: dict[str, object]) -> None:
        load = os.getloadavg()[0]
        cpu, start = _cpu(), time.perf_counter()
        result = simulate(ruleset, games, name="fr-sheet", **how)  # type: ignore[arg-type]
        wall = time.perf_counter() - start
        walls.setdefault(label, []).append(wall)
        used = _cpu() - cpu
        figures.add(render_json([result]))
        ratio = walls["--workers 1"][-1] / wall
        print(f"  {label:<30} {wall:6.2f} s  {games / wall:6.0f} games/s  "
              f"×{ratio:.2f} of this round's one worker; CPU {used:6.2f} s = "
              f"{used / games * 1e3:.3f} ms a game  (load {load:.2f} before, "
              f"{os.getloadavg()[0]:.2f} after)")

    dask = importlib.util.find_spec("distributed") is not None
    for number in range(1, rounds + 1):
        print(f" round {number}")
        run("--workers 1", {"workers": 1})
        ceiling = walls["--workers 1"][-1] / side_by_side(games)
        ceilings.append(ceiling)
        print(f"  {'ceiling of this host':<30} ×{ceiling:.2f}: two independent processes, "
              "each half the games, side by side (2.00 on two equal, idle cores)")
        run("--workers 2", {"workers": 2})
        if dask:
            run("--cluster local:2", {"cluster": "local:2"})
            with own_cluster(2) as address:
                run("running 2-worker cluster, 1st", {"cluster": address})
                run("running 2-worker cluster, 2nd", {"cluster": address})
    assert len(figures) == 1, "the figures differ between the runs"
    best = {label: min(times) for label, times in walls.items()}
    one = best["--workers 1"]

    def ratios(label: str) -> str:
        each = [w1 / w for w1, w in zip(walls["--workers 1"], walls[label], strict=True)]
        shares = [r / c for r, c in zip(each, ceilings, strict=True)]
        return (f"{one / best[label]:.2f} (rounds: {', '.join(f'{r:.2f}' for r in each)}; "
                f"median {statistics.median(each):.2f}; each over its round's ceiling, "
                f"median {statistics.median(shares):.0%})")

    print(f"ceiling of this host, two independent processes side by side: rounds "
          f"{', '.join(f'{c:.2f}' for c in ceilings)}; median {statistics.median(ceilings):.2f}")
    line = f"ratios of the best walls: workers 2 / workers 1 = {ratios('--workers 2')}"
    if dask:
        line += (f"; running 2-worker cluster / workers 1 = "
                 f"{ratios('running 2-worker cluster, 1st')} on its 1st run, "
                 f"{ratios('running 2-worker cluster, 2nd')} on its 2nd; "
                 f"local:2 / workers 1 = {ratios('--cluster local:2')} (its start-up included)")
    if startup is not None:
        line += (f"; local:2 start-up {startup[0]:.2f} s in this process, {startup[1]:.2f} s "
                 "in a fresh one (median)")
    print(line + f"  (load {os.getloadavg()[0]:.2f}; targets on a quiet 2-core machine: "
          "workers ≥ 1.7, cluster ≥ 1.7, start-up ≤ 1 s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per measure; the best time is kept (default 3)")
    parser.add_argument("--fr-sheet-10k", action="store_true",
                        help="also time `nainjaune simulate fr-sheet --games 10000 --seats lowest`")
    parser.add_argument("--sweep-10", action="store_true",
                        help="also time a 10-value sweep of the starting tokens (1000 games each)")
    parser.add_argument("--memory", action="store_true",
                        help="also measure the peak memory of a 10^9-game run stopped after 5 s")
    parser.add_argument("--profile-chunks", action="store_true",
                        help="also measure a chunk's costs and the scale-out ratios (issue 27)")
    parser.add_argument("--profile-games", type=int, default=20_000,
                        help="games for the ratios of --profile-chunks (default 20000)")
    parser.add_argument("--profile-rounds", type=int, default=9,
                        help="rounds of the runs of --profile-chunks; each ratio is taken "
                             "between the best walls, and as the median of the rounds' "
                             "(default 9)")
    parser.add_argument("--play-half", nargs=2, type=int, metavar=("GAMES", "SEED"),
                        help=argparse.SUPPRESS)  # one process of side_by_side
    args = parser.parse_args()
    if args.play_half:
        play_half(*args.play_half)
        return 0
    import nainjaune_rules

    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"{'variant':<14}{'games/s, 1 worker':>20}{'games/s, 2 workers':>20}{'speed-up':>10}")
    for name in nainjaune_rules.builtin_rulesets() if args.games else ():
        if name.startswith("house/"):
            continue
        ruleset = nainjaune_rules.load_ruleset(name)
        t1, one = timed(ruleset, args.games, 1, name, args.repeat)
        t2, two = timed(ruleset, args.games, 2, name, args.repeat)
        assert one == two, f"{name}: figures differ between 1 and 2 workers"
        print(f"{name:<14}{args.games / t1:>20.0f}{args.games / t2:>20.0f}{t1 / t2:>9.2f}×")
    if args.profile_chunks:
        profile_chunks(args.profile_games, args.profile_rounds)
    if args.fr_sheet_10k:
        runs = [["--workers", "1"], ["--workers", "2"]]
        if importlib.util.find_spec("distributed") is not None:
            runs.append(["--cluster", "local:2"])
        for how in runs:
            wall = command_time(["simulate", "fr-sheet", "--games", "10000", "--seats", "lowest",
                                 *how])
            print(f"nainjaune simulate fr-sheet --games 10000 --seats lowest {' '.join(how)}: "
                  f"{wall:.2f} s, {10000 / wall:.0f} games/s (wall, whole command)")
    if args.sweep_10:
        values = ",".join(str(10 * k) for k in range(1, 11))
        wall = command_time(["sweep", "fr-sheet", "--vary", f"starting tokens={values}",
                             "--games", "1000", "--workers", "2"])
        print(f"nainjaune sweep fr-sheet --vary 'starting tokens={values}' --games 1000 "
              f"--workers 2: {wall:.2f} s (wall, whole command)")
    if args.memory:
        for workers in ("1", "2"):
            peak = peak_memory(["simulate", "fr-sheet", "--games", "1000000000", "--workers",
                                workers], 5.0)
            print(f"simulate fr-sheet --games 1000000000 --workers {workers}, Ctrl-C after 5 s: "
                  f"{peak}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
