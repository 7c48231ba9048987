"""``nainjaune sweep RULESET --vary NAME=V1,V2,…``: figures over a grid of options and clauses.

Each point of the grid (the cartesian product of the ``--vary`` values) is a
ruleset compiled and checked as any other, simulated on the same seeds; the
output is a table, JSON (``{"rows": [...]}``) or, with ``--svg FILE``, also a
chart of the figure against the first varied value.  ``--target`` reports the
smallest value of the first varied parameter that meets it.  Ctrl-C (exit 130)
or SIGTERM (exit 143) stops the sweep and prints the points played so far.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from nainjaune_rules.cli.common import EXIT_USAGE, CliError, parse_option_args
from nainjaune_rules.cli.simulate import (
    add_run_arguments,
    cluster_for,
    tls_files,
    workers_or_cluster,
)
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.players.seating import split_seats

DEFAULT_FIGURE = "deals per game"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="a built-in ruleset name or a file")
    parser.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2,…",
                        help="a parameter and its values (repeatable): a table option "
                             "(payment=points,cards), players=3,4,5, 'starting tokens=40,80' or "
                             "a box's stake ('stake 7D=5,10')")
    parser.add_argument("--games", type=int, default=1000, metavar="N",
                        help="games per point (1000)")
    parser.add_argument("--players", type=int, metavar="P", help="table size, when not varied")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="fix a table option at every point (repeatable)")
    add_run_arguments(parser)
    parser.add_argument("--figure", default=DEFAULT_FIGURE, metavar="FIGURE",
                        help=f"the figure to tabulate and chart, by label or key "
                             f"({DEFAULT_FIGURE!r})")
    parser.add_argument("--target", metavar="FIGURE>=NUMBER",
                        help="report the smallest value of the first --vary that meets it, "
                             "e.g. 'deals per game>=5'")
    parser.add_argument("--svg", metavar="FILE", help="also write the chart to FILE")


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.outputs.stats import sweep as sw
    from nainjaune_rules.outputs.stats.progress import progress_for
    from nainjaune_rules.outputs.stats.runner import Interrupted
    from nainjaune_rules.outputs.stats.simulation import SimulationError
    from nainjaune_rules.outputs.stats.sweep_render import render_json, render_svg, render_text

    if args.games < 1 or args.max_deals < 1:
        raise CliError("nainjaune sweep: error: --games and --max-deals take a number ≥ 1",
                       EXIT_USAGE)
    workers, cluster = workers_or_cluster(args, "sweep")
    try:
        target = sw.parse_target(args.target) if args.target else None
        plan = sw.plan(args.ruleset, parse_option_args(args.option), args.vary)
        if args.players is not None and any(v.kind == "players" for v in plan.varies):
            raise sw.SweepError("--players and --vary players=… cannot go together")
    except sw.SweepError as exc:
        raise CliError(f"nainjaune sweep: error: {exc}", EXIT_USAGE) from None
    try:
        # the signals are the sweep's from here on, between points too
        with Interrupted() as flag, cluster_for(cluster, "sweep", tls_files(args)) as address:
            points = sw.run_sweep(plan, args.games, players=args.players,
                                  seats=split_seats(args.seats), seed=args.seed, workers=workers,
                                  cluster=address, max_deals=args.max_deals,
                                  progress=lambda label: progress_for(label, args.games),
                                  interrupted=flag)
        render = render_json if args.format == "json" else render_text
        text = render(points, plan.varies, args.figure, target)
        if args.svg:
            write_atomically(Path(args.svg), render_svg(points, plan.varies, args.figure))
    except (sw.SweepError, SimulationError) as exc:
        raise CliError(f"nainjaune sweep: error: {exc}", EXIT_USAGE) from None
    print(text if args.format == "json" else terminal_safe(text, keep_layout=True), end="")
    if flag.stopped:
        print(f"interrupted ({flag.name}) in point {len(points)} of {len(plan.points)}; the "
              "figures of that point are partial", file=sys.stderr)
        return flag.exit_status
    return 0


def write_atomically(path: Path, text: str) -> None:
    """Write a temporary file next to ``path``, then rename it: a failed write loses nothing."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        raise CliError(f"nainjaune sweep: error: cannot write {str(path)!r}: "
                       f"{exc.strerror or exc}") from None
