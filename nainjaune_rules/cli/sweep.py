"""``nainjaune sweep RULESET --vary NAME=V1,V2,…``: figures over a grid of options and clauses.

Each point of the grid (the cartesian product of the ``--vary`` values) is a
ruleset compiled and checked as any other, simulated on the same seeds; the
output is a table, JSON (``{"rows": [...]}``) or, with ``--svg FILE``, also a
chart of the figure against the first varied value.  ``--target`` reports the
smallest value of the first varied parameter that meets it.  Ctrl-C (exit 130)
or SIGTERM (exit 143) stops the sweep and prints the points played so far.

Everything is checked before the first game (a usage error, exit 2): the grid, each
point's ruleset, table size and seats, ``--figure`` and ``--target``, with the bounds
``simulate`` has; and ``--svg``'s file (exit 1), written at the end by the one safe
writer (:mod:`nainjaune_rules.core.safewrite`: a regular file, atomically; ``-``
prints the chart in place of the table).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from nainjaune_rules.cli.common import (
    EXIT_USAGE,
    MAX_GAMES,
    MAX_PLAYERS,
    CliError,
    add_follow_links,
    bounded_int,
    check_output_for_cli,
    file_name,
    parse_option_args,
    write_text_atomic,
)
from nainjaune_rules.cli.simulate import (
    add_run_arguments,
    cluster_for,
    tls_files,
    workers_or_cluster,
)
from nainjaune_rules.core.safewrite import STDOUT
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.players.seating import split_seats

if TYPE_CHECKING:
    from nainjaune_rules.analysis.sweep_grid import Sweep, Target

DEFAULT_FIGURE = "deals per game"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="a built-in ruleset name or a file")
    parser.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2,…",
                        help="a parameter and its values (repeatable): a table option "
                             "(payment=points,cards), players=3,4,5, 'starting tokens=40,80' or "
                             "a box's stake ('stake 7D=5,10')")
    parser.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=1000, metavar="N",
                        help="games per point (1000)")
    parser.add_argument("--players", type=bounded_int(2, MAX_PLAYERS), metavar="P",
                        help="table size, when not varied")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="fix a table option at every point (repeatable)")
    add_run_arguments(parser)
    parser.add_argument("--figure", default=DEFAULT_FIGURE, metavar="FIGURE",
                        help=f"the figure to tabulate and chart, by label or key "
                             f"({DEFAULT_FIGURE!r})")
    parser.add_argument("--target", metavar="FIGURE>=NUMBER",
                        help="report the smallest value of the first --vary that meets it, "
                             "e.g. 'deals per game>=5'")
    parser.add_argument("--svg", type=file_name, metavar="FILE",
                        help="also write the chart to FILE (a regular file, written "
                             "atomically; - prints the chart instead of the table)")
    add_follow_links(parser)


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.analysis import sweep_grid as sw
    from nainjaune_rules.analysis.progress import progress_for
    from nainjaune_rules.analysis.runner import Interrupted
    from nainjaune_rules.analysis.simulation import SimulationError
    from nainjaune_rules.pages.sweep_render import render_json, render_svg, render_text

    workers, cluster = workers_or_cluster(args, "sweep")
    plan = _checked_plan(args)
    # everything is checked: from here on the games are played
    try:
        # the signals are the sweep's from here on, between points too
        with Interrupted() as flag, cluster_for(cluster, "sweep", tls_files(args)) as address:
            points = sw.run_sweep(plan, args.games, players=args.players,
                                  seats=split_seats(args.seats), seed=args.seed, workers=workers,
                                  cluster=address, max_deals=args.max_deals,
                                  progress=lambda label: progress_for(label, args.games),
                                  interrupted=flag)
        render = render_json if args.format == "json" else render_text
        text = render(points, plan.varies, args.figure, _target(args))
        svg = render_svg(points, plan.varies, args.figure) if args.svg else None
    except (sw.SweepError, SimulationError) as exc:
        raise CliError(_usage(exc), EXIT_USAGE) from None
    if svg is not None and args.svg == STDOUT:
        text, svg = svg + "\n", None
    # the table first: a chart that cannot be written then loses nothing the run found
    print(text if args.format == "json" else terminal_safe(text, keep_layout=True), end="")
    if flag.stopped:
        print(f"interrupted ({flag.name}) in point {len(points)} of {len(plan.points)}; the "
              "figures of that point are partial", file=sys.stderr)
    if svg is not None:
        write_text_atomic(args.svg, svg, args.follow_links)
    return flag.exit_status if flag.stopped else 0


def _checked_plan(args: argparse.Namespace) -> Sweep:
    """The sweep, with everything it will need checked before any game is played: the
    grid, each point's table size and seats, ``--figure``, ``--target`` and ``--svg``."""
    from nainjaune_rules.analysis import sweep_grid as sw

    try:
        target = _target(args)
        plan = sw.plan(args.ruleset, parse_option_args(args.option), args.vary)
        if args.players is not None and any(v.kind == "players" for v in plan.varies):
            raise sw.SweepError("--players and --vary players=… cannot go together")
        sw.check_sweep(plan, players=args.players, seats=split_seats(args.seats),
                       figure=args.figure, target=target)
    except sw.SweepError as exc:
        raise CliError(_usage(exc), EXIT_USAGE) from None
    check_output_for_cli(args.svg, args.follow_links)
    return plan


def _target(args: argparse.Namespace) -> Target | None:
    from nainjaune_rules.analysis.sweep_grid import parse_target

    return parse_target(args.target) if args.target else None


def _usage(exc: Exception) -> str:
    # the message quotes the command line and ruleset files: escaped, its lines kept
    return terminal_safe(f"nainjaune sweep: error: {exc}", keep_layout=True)
