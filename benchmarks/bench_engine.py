"""Deals per second of the reference engine, per built-in ruleset (not a timed test).

    python benchmarks/bench_engine.py [--seconds 2] [--repeats 5] [--compare PATH [--same-rules]]
                                      [RULESET ...]

Plays whole games with ``lowest`` seats and with ``greedy`` seats, 4 players
(or the count ``nainjaune play`` would choose when the deal table has no row
for 4), and again with 2 players where the deal table has a row for 2
(cz-box), on the fast path: rule tables
compiled once, no transcript recorded (``record=False``), invariants checked
as always.  Rates are per second of CPU time of this process (one core,
``time.process_time``), the best of ``--repeats`` windows of ``--seconds``
each: the machine may be shared, and the best window is the one least
disturbed.

``--compare PATH`` measures another checkout of the project too (for
instance ``git worktree add /tmp/base HEAD~3``), side by side in the same
run: the same measurements, in a child process that imports the package
from PATH, alternating with this one window after window, so that both see
the same load.  It prints both rates and their ratio.

A ruleset may have grown since that checkout: cz-box and wiki-modern now count
real tokens by value, which the older engine could not play, so their rates
compare two different games.  ``--same-rules`` adds a third measurement: this
checkout's engine playing the rule files of the other checkout (its
``rules/`` folder, ``extends`` included), so that both engines play the same
games, and prints that rate and its ratio to the other checkout's too.

The report says which engine this checkout runs: pure Python (the default) or the
optional compiled fast path (``python tools/build_fast.py``; ``--clean`` undoes it).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables

try:
    from nainjaune_rules.players.seating import default_players
    from nainjaune_rules.players.session import make_seats
except ImportError:  # an older checkout measured with --compare (before the layers moved)
    from nainjaune_rules.engine.session import make_seats  # type: ignore[no-redef]

    from nainjaune_rules.cli.play import default_players  # type: ignore[no-redef]

SPECS = ("lowest", "greedy")


def deals_per_second(tables: object, spec: str, players: int, seconds: float) -> float:
    # CPU time of this process: what one core delivers, whatever else the machine runs
    deals, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        game = Game(tables, players, seed, record=False, max_deals=200)  # type: ignore[arg-type]
        result = game.play(make_seats([spec] * players))
        deals += len(result.deals)
        seed += 1
    return deals / (time.process_time() - start)


def configurations(names: list[str]) -> list[tuple[str, int]]:
    """(ruleset, players) pairs to measure; a ruleset that does not compile is said and skipped."""
    out = []
    for name in names:
        try:
            counts = sorted(compile_tables(load_ruleset(name)).deal_rows)
        except Exception as exc:  # a ruleset being edited may not compile: say so, go on
            print(f"{name:<24} skipped: {str(exc).splitlines()[0]}", file=sys.stderr)
            continue
        out.extend((name, players)
                   for players in sorted({default_players(counts)} | ({2} & set(counts))))
    return out


def one_window(configs: list[tuple[str, int]], seconds: float) -> dict[str, float]:
    """One measurement of every configuration and seat kind: ``{"name players spec": rate}``."""
    rates = {}
    for name, players in configs:
        tables = compile_tables(load_ruleset(name))
        for spec in SPECS:
            rates[f"{name} {players} {spec}"] = deals_per_second(tables, spec, players, seconds)
    return rates


def child_window(path: str, names: list[str], seconds: float,
                 rules: str | None = None) -> dict[str, float]:
    """One window measured by the checkout at ``path`` (this script, its package), playing
    the rule files of the folder ``rules`` when given (its own otherwise)."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(path))
    folder = ["--rules-dir", os.path.abspath(rules)] if rules else []
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", "--seconds",
                          str(seconds), *folder, *names], env=env, capture_output=True,
                         text=True, check=True, cwd=os.path.abspath(path))
    rates: dict[str, float] = json.loads(out.stdout)
    return rates


def use_rules_folder(folder: str) -> None:
    """Read the built-in rulesets from ``folder`` (another checkout's ``rules/``) instead of
    this package's own: the games that checkout plays, for ``--same-rules``."""
    from pathlib import Path

    from nainjaune_rules.syntax import loader, resources

    path = Path(folder).resolve()
    resources.rules_dir = loader.rules_dir = lambda: path  # type: ignore[method-assign]


def best(windows: list[dict[str, float]]) -> dict[str, float]:
    return {key: max(w[key] for w in windows) for key in windows[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per window")
    parser.add_argument("--repeats", type=int, default=3, help="windows; the best counts")
    parser.add_argument("--compare", metavar="PATH", help="another checkout to measure too")
    parser.add_argument("--same-rules", action="store_true",
                        help="with --compare: also play the other checkout's rule files here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--rules-dir", help=argparse.SUPPRESS)
    parser.add_argument("rulesets", nargs="*", help="rulesets (default: every built-in one)")
    args = parser.parse_args()
    if args.same_rules and not args.compare:
        parser.error("--same-rules needs --compare PATH")
    if args.rules_dir:
        use_rules_folder(args.rules_dir)
    names = args.rulesets or builtin_rulesets()
    configs = configurations(names)
    if args.child:
        print(json.dumps(one_window(configs, args.seconds)))
        return
    mine: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    same: list[dict[str, float]] = []
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for _ in range(max(1, args.repeats)):
        if args.compare:
            theirs.append(child_window(args.compare, names, args.seconds))
        mine.append(one_window(configs, args.seconds))
        if args.same_rules:  # this checkout's engine, the other's rule files
            same.append(child_window(here, names, args.seconds,
                                     os.path.join(args.compare, "rules")))
    report(configs, best(mine), best(theirs) if theirs else None, args.compare,
           best(same) if same else None)


def _engine_kind() -> str:
    """Which engine this checkout runs: the pure one, or the compiled fast path."""
    from nainjaune_rules.engine.compiled import is_compiled

    if is_compiled():
        return "compiled (mypyc: pip install ., or tools/build_fast.py in a checkout)"
    return "pure Python"


def report(configs: list[tuple[str, int]], mine: dict[str, float],
           theirs: dict[str, float] | None, path: str | None,
           same: dict[str, float] | None = None) -> None:
    if theirs is None:
        print(f"this checkout's engine: {_engine_kind()}")
        print(f"{'ruleset':<24} {'players':>7} {'lowest':>10} {'greedy':>10}   (deals/s)")
        for name, players in configs:
            low, greedy = (mine[f"{name} {players} {s}"] for s in SPECS)
            print(f"{name:<24} {players:>7} {low:>10,.0f} {greedy:>10,.0f}")
        return
    print(f"deals/s, CPU time, best window; 'base' = {path}, 'this' = this checkout "
          f"({_engine_kind()})")
    if same is not None:
        print("'same rules' = this checkout's engine playing the base's rule files")
    print(f"{'ruleset':<24} {'players':>7} {'seats':>7} {'base':>9} {'this':>9} {'this/base':>9}"
          + (f" {'same rules':>10} {'same/base':>9}" if same is not None else ""))
    for name, players in configs:
        for spec in SPECS:
            key = f"{name} {players} {spec}"
            if key not in theirs:  # a ruleset added since the base: nothing to compare
                print(f"{name:<24} {players:>7} {spec:>7} {'—':>9} {mine[key]:>9,.0f} "
                      f"{'—':>9}  (not in the base)", flush=True)
                continue
            line = (f"{name:<24} {players:>7} {spec:>7} {theirs[key]:>9,.0f} {mine[key]:>9,.0f} "
                    f"{mine[key] / theirs[key]:>8.2f}x")
            if same is not None and key in same:
                line += f" {same[key]:>10,.0f} {same[key] / theirs[key]:>8.2f}x"
            print(line, flush=True)


if __name__ == "__main__":
    main()
