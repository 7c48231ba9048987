"""``nainjaune simulate RULESET...``: play many seeded games and print their figures.

For each ruleset: how long deals and games last, whether a seat position is
favoured, how often each rule fires, how tokens flow, every rate and mean with
a 95 % interval.  ``--workers W`` plays in W processes, ``--cluster ADDRESS`` on
a Dask cluster, with identical results.  Ctrl-C (exit 130) or SIGTERM (exit 143)
stops early and prints the figures of the games completed, marked partial.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

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
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.players.seating import split_seats

if TYPE_CHECKING:
    from nainjaune_rules.analysis.cluster import TlsFiles
    from nainjaune_rules.analysis.figures import Figures
    from nainjaune_rules.analysis.runner import Interrupted
    from nainjaune_rules.model.rules import Ruleset


def cluster_argument(text: str) -> str:
    """An argparse ``type=`` for ``--cluster``: one of the accepted forms, else a usage error
    (checked before anything is loaded or started)."""
    from nainjaune_rules.analysis.cluster_address import AddressError, parse_address

    try:
        parse_address(text)
    except AddressError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", metavar="ADDRESS", type=cluster_argument,
                        help="play on a Dask cluster: local[:N] for N processes on this machine "
                             "(TLS with credentials made for the run, loopback only), or a "
                             "running scheduler at tcp://HOST:PORT or tls://HOST:PORT; a remote "
                             "cluster runs code as you and can run code in this command: use "
                             "one you trust as yourself; needs "
                             "pip install 'nainjaune-rules[cluster]'; results do not depend on it")
    for option, what in (("--cluster-ca", "the CA certificate that signed the scheduler's"),
                         ("--cluster-cert", "your client certificate"),
                         ("--cluster-key", "your client certificate's private key")):
        parser.add_argument(option, metavar="PEM", help=f"with a tls:// --cluster: {what} "
                            "(default: Dask's distributed.comm.tls settings)")


def tls_files(args: argparse.Namespace) -> TlsFiles | None:
    """The user's TLS files for a ``tls://`` cluster, if given (all three or none)."""
    from nainjaune_rules.analysis.cluster import TlsFiles

    given = (args.cluster_ca, args.cluster_cert, args.cluster_key)
    if given == (None, None, None):
        return None
    if None in given:
        raise CliError(f"nainjaune {args.command}: error: give --cluster-ca, --cluster-cert and "
                       "--cluster-key together", EXIT_USAGE)
    return TlsFiles(*given)


def workers_or_cluster(args: argparse.Namespace, command: str) -> tuple[int, str | None]:
    """The worker count and the cluster address of the command line, checked."""
    if args.cluster is not None:
        if args.workers != 1:
            raise CliError(f"nainjaune {command}: error: give --workers or --cluster, not both",
                           EXIT_USAGE)
        from nainjaune_rules.analysis.cluster import ClusterError, check_address

        try:
            check_address(args.cluster, tls_files(args))
        except ClusterError as exc:
            raise CliError(f"nainjaune {command}: error: --cluster: {exc}", exc.code) from None
    elif tls_files(args) is not None:
        raise CliError(f"nainjaune {command}: error: --cluster-ca, --cluster-cert and "
                       "--cluster-key go with a tls:// --cluster", EXIT_USAGE)
    return (args.workers if args.workers > 0 else (os.cpu_count() or 1)), args.cluster


@contextlib.contextmanager
def cluster_for(cluster: str | None, command: str,
                tls: TlsFiles | None = None) -> Iterator[str | None]:
    """The cluster's address for the whole command (``local:N`` is started once, here);
    a cluster that fails, here or later, is a one-line error."""
    if cluster is None:
        yield None
        return
    from nainjaune_rules.analysis.cluster import ClusterError, running

    try:
        with running(cluster, tls) as address:
            yield address
    except ClusterError as exc:
        raise CliError(f"nainjaune {command}: --cluster: {exc}", exc.code) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="RULESET",
                        help="built-in ruleset names or ruleset files")
    parser.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=1000, metavar="N",
                        help="games to play per ruleset (1000)")
    parser.add_argument("--players", type=bounded_int(2, MAX_PLAYERS), metavar="P",
                        help="table size (default: the smallest count ≥ 4 the deal table allows)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="choose a table option (repeatable)")
    add_run_arguments(parser)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a run of games, shared by ``simulate`` and ``sweep``."""
    parser.add_argument("--seats", type=seat_specs, metavar="SPECS",
                        help="comma-separated bots, one per seat or one for all: lowest, greedy, "
                             "random, with options such as random:forget=0.2 (default lowest)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (0)")
    parser.add_argument("--workers", type=worker_count(MAX_WORKERS), default=1, metavar="W",
                        help="processes that play: this one and W-1 more (1; 'auto' = one "
                             "per core); results do not depend on it")
    add_cluster_argument(parser)
    parser.add_argument("--max-deals", type=bounded_int(1, MAX_DEALS), default=1000, metavar="M",
                        help="safety bound: a game still going after M deals is stopped (1000)")
    parser.add_argument("--format", choices=("text", "json"), default="text")

def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.analysis.runner import Interrupted
    from nainjaune_rules.analysis.stats_text import render_json, render_text
    from nainjaune_rules.cli.common import load_for_cli

    if args.games < 1:
        raise CliError("nainjaune simulate: error: --games takes a number ≥ 1", EXIT_USAGE)
    if args.max_deals < 1:
        raise CliError("nainjaune simulate: error: --max-deals takes a number ≥ 1", EXIT_USAGE)
    workers, cluster = workers_or_cluster(args, "simulate")
    rulesets = [(name, load_for_cli(name, args.option)) for name in args.rulesets]
    # the signals are the run's from here on, between rulesets too
    with Interrupted() as flag, cluster_for(cluster, "simulate", tls_files(args)) as address:
        results = _simulate_each(args, rulesets, workers, address, flag)
    text = render_json(results) if args.format == "json" else render_text(results)
    # titles and names from ruleset files reach the terminal: escaped as everywhere else
    print(text if args.format == "json" else terminal_safe(text, keep_layout=True), end="")
    return flag.exit_status if flag.stopped else 0


def _simulate_each(args: argparse.Namespace, rulesets: list[tuple[str, Ruleset]], workers: int,
                   cluster: str | None, flag: Interrupted) -> list[Figures]:
    from nainjaune_rules.analysis.progress import progress_for
    from nainjaune_rules.analysis.simulation import SimulationError, simulate

    results = []
    for name, ruleset in rulesets:
        bar = progress_for(name, args.games)
        try:
            figures = simulate(ruleset, args.games, players=args.players,
                               seats=split_seats(args.seats), seed=args.seed, workers=workers,
                               max_deals=args.max_deals, name=name, progress=bar,
                               interrupted=flag, cluster=cluster)
        except SimulationError as exc:
            raise CliError(f"nainjaune simulate: {terminal_safe(name)}: {exc}",
                           EXIT_USAGE) from None
        finally:
            if bar is not None:
                bar.close()
        results.append(figures)
        if figures.partial:
            print(f"interrupted after {figures.games} of {figures.requested} games of "
                  f"{terminal_safe(name)} "
                  f"({flag.name}); the figures are partial", file=sys.stderr)
            break  # the remaining rulesets are not started
    return results
