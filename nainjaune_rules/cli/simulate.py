"""``nainjaune simulate RULESET...``: play many seeded games and print their figures.

For each ruleset: how long deals and games last, whether a seat position is
favoured, how often each rule fires, how tokens flow, every rate and mean with
a 95 % interval.  ``--workers W`` plays in W processes with identical results;
Ctrl-C stops early and prints the figures of the games completed, marked partial.
"""

from __future__ import annotations

import argparse
import os
import sys

from nainjaune_rules.cli.common import (
    EXIT_USAGE,
    MAX_DEALS,
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_WORKERS,
    CliError,
    bounded_int,
    seat_specs,
    worker_count,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="RULESET",
                        help="built-in ruleset names or ruleset files")
    parser.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=1000, metavar="N",
                        help="games to play per ruleset (1000)")
    parser.add_argument("--players", type=bounded_int(2, MAX_PLAYERS), metavar="P",
                        help="table size (default: the smallest count ≥ 4 the deal table allows)")
    parser.add_argument("--seats", type=seat_specs, metavar="SPECS",
                        help="comma-separated bots, one per seat or one for all: lowest, greedy, "
                             "random, with options such as random:forget=0.2 (default lowest)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="choose a table option (repeatable)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (0)")
    parser.add_argument("--workers", type=worker_count(MAX_WORKERS), default=1, metavar="W",
                        help="worker processes (1; 'auto' = one per core); "
                             "results do not depend on it")
    parser.add_argument("--max-deals", type=bounded_int(1, MAX_DEALS), default=1000, metavar="M",
                        help="safety bound: a game still going after M deals is stopped (1000)")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _seat_list(text: str | None) -> list[str] | None:
    # a spec's own options are separated by commas too (random:forget=0.2,x=1) only
    # after a colon; seats are split on commas that start a new KIND
    if text is None:
        return None
    from nainjaune_rules.players import KINDS

    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and part.split(":")[0].split("=")[0].lower() not in KINDS:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.cli.common import load_for_cli
    from nainjaune_rules.outputs.stats.progress import progress_for
    from nainjaune_rules.outputs.stats.render import render_json, render_text
    from nainjaune_rules.outputs.stats.simulation import SimulationError, simulate

    if args.games < 1:
        raise CliError("nainjaune simulate: error: --games takes a number ≥ 1", EXIT_USAGE)
    if args.max_deals < 1:
        raise CliError("nainjaune simulate: error: --max-deals takes a number ≥ 1", EXIT_USAGE)
    workers = args.workers if args.workers > 0 else (os.cpu_count() or 1)
    rulesets = [(name, load_for_cli(name, args.option)) for name in args.rulesets]
    results = []
    for name, ruleset in rulesets:
        bar = progress_for(name, args.games)
        try:
            figures = simulate(ruleset, args.games, players=args.players,
                               seats=_seat_list(args.seats), seed=args.seed, workers=workers,
                               max_deals=args.max_deals, name=name, progress=bar,
                               interruptible=True)
        except SimulationError as exc:
            raise CliError(f"nainjaune simulate: {name}: {exc}", EXIT_USAGE) from None
        finally:
            if bar is not None:
                bar.close()
        results.append(figures)
        if figures.partial:
            print(f"interrupted after {figures.games} of {figures.requested} games of {name}",
                  file=sys.stderr)
            break  # the remaining rulesets are not started
    print(render_json(results) if args.format == "json" else render_text(results), end="")
    return 130 if any(f.partial for f in results) else 0
