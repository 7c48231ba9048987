"""Simulation throughput: games per second per built-in variant, with 1 and 2 workers.

Run from the repository root::

    python benchmarks/bench_simulate.py              # 4000 games per variant and per run
    python benchmarks/bench_simulate.py --games 500  # quicker
    python benchmarks/bench_simulate.py --fr-sheet-10k  # also: the 10,000-game CLI run

Each variant is played with ``lowest`` bots at its default table size (as
``nainjaune simulate``), seed 0.  The machine's load average is printed
before and after: other work on the machine slows the two-worker run first,
so read the speed-up only when the load was low; each measure is the best of
``--repeat`` runs, the one least disturbed by other work.  The figures themselves are
checked to be identical for both worker counts (the point of the design).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import nainjaune_rules
from nainjaune_rules.outputs.stats.render import render_json
from nainjaune_rules.outputs.stats.simulation import simulate


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per measure; the best time is kept (default 3)")
    parser.add_argument("--fr-sheet-10k", action="store_true",
                        help="also time `nainjaune simulate fr-sheet --games 10000 --seats lowest`")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"{'variant':<14}{'games/s, 1 worker':>20}{'games/s, 2 workers':>20}{'speed-up':>10}")
    for name in nainjaune_rules.builtin_rulesets():
        if name.startswith("house/"):
            continue
        ruleset = nainjaune_rules.load_ruleset(name)
        t1, one = timed(ruleset, args.games, 1, name, args.repeat)
        t2, two = timed(ruleset, args.games, 2, name, args.repeat)
        assert one == two, f"{name}: figures differ between 1 and 2 workers"
        print(f"{name:<14}{args.games / t1:>20.0f}{args.games / t2:>20.0f}{t1 / t2:>9.2f}×")
    if args.fr_sheet_10k:
        for workers in (1, 2):
            cmd = [sys.executable, "-m", "nainjaune_rules", "simulate", "fr-sheet", "--games",
                   "10000", "--seats", "lowest", "--workers", str(workers)]
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            print(f"nainjaune simulate fr-sheet --games 10000 --seats lowest --workers {workers}: "
                  f"{time.perf_counter() - start:.2f} s (wall, whole command)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
