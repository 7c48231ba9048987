"""Simulation throughput: games per second per built-in variant, with 1 and 2 workers.

Run from the repository root::

    python benchmarks/bench_simulate.py              # 4000 games per variant and per run
    python benchmarks/bench_simulate.py --games 500  # quicker
    python benchmarks/bench_simulate.py --fr-sheet-10k  # also: the 10,000-game CLI run
    python benchmarks/bench_simulate.py --games 0 --fr-sheet-10k --sweep-10 --memory

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
from pathlib import Path

import nainjaune_rules
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.analysis.stats_text import render_json


def timed(ruleset: object, games: int, workers: int, name: str,
          repeat: int = 1) -> tuple[float, str]:
    """The best of ``repeat`` wall times (the least disturbed by other load), and the figures."""
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
    args = parser.parse_args()
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
