"""Deals per second of the reference engine, per built-in ruleset (not a timed test).

    python benchmarks/bench_engine.py [--seconds 2]

Plays whole games with ``lowest`` seats and with ``greedy`` seats, 4 players
(or the count ``nainjaune play`` would choose when the deal table has no row
for 4), and again with 2 players where the deal table has a row for 2
(cz-box), on the fast path: rule tables
compiled once, no transcript recorded (``record=False``), invariants checked
on every event as always.  Rates are per second of CPU time of this process
(one core).  Target: >= 4,000 deals/s for fr-sheet with lowest.
"""

from __future__ import annotations

import argparse
import time

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.cli.play import default_players
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.players.session import make_seats


def deals_per_second(name: str, spec: str, players: int, seconds: float) -> float:
    tables = compile_tables(load_ruleset(name))
    # CPU time of this process: what one core delivers, whatever else the machine runs
    deals, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        game = Game(tables, players, seed, record=False, max_deals=200)
        result = game.play(make_seats([spec] * players))
        deals += len(result.deals)
        seed += 1
    return deals / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("rulesets", nargs="*", help="rulesets (default: every built-in one)")
    args = parser.parse_args()
    print(f"{'ruleset':<24} {'players':>7} {'lowest':>10} {'greedy':>10}   (deals/s)")
    for name in args.rulesets or builtin_rulesets():
        try:
            counts = sorted(compile_tables(load_ruleset(name)).deal_rows)
        except Exception as exc:  # a ruleset being edited may not compile: say so, go on
            print(f"{name:<24} skipped: {str(exc).splitlines()[0]}")
            continue
        for players in sorted({default_players(counts)} | ({2} & set(counts))):
            low = deals_per_second(name, "lowest", players, args.seconds)
            greedy = deals_per_second(name, "greedy", players, args.seconds)
            print(f"{name:<24} {players:>7} {low:>10,.0f} {greedy:>10,.0f}", flush=True)


if __name__ == "__main__":
    main()
