"""``python -m nainjaune_rules.cli.purse_sweep``: make the site's purse sweeps again.

Plays :mod:`nainjaune_rules.analysis.purse_grid` for every built-in
variant and writes the file the site's ruleset pages read (atomically, with
``--out``; to standard output without it)::

    python -m nainjaune_rules.cli.purse_sweep --games 300 --seed 0 \\
        --out nainjaune_rules/pages/data/purse-sweep.json
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nainjaune_rules.cli.common import (
    EXIT_INVALID,
    MAX_GAMES,
    MAX_WORKERS,
    CliError,
    GuardedStdout,
    add_follow_links,
    bounded_int,
    check_output_for_cli,
    discard_stdout,
    file_name,
    worker_count,
    write_text_atomic,
)
from nainjaune_rules.cli.main import SafeParser
from nainjaune_rules.core.safewrite import STDOUT
from nainjaune_rules.core.textsafe import terminal_safe

if TYPE_CHECKING:
    from nainjaune_rules.analysis.runner import Interrupted

PROG = "python -m nainjaune_rules.cli.purse_sweep"
EXIT_INTERRUPTED = 130


def build_parser() -> argparse.ArgumentParser:
    from nainjaune_rules.analysis import purse_grid as ps

    parser = SafeParser(
        prog=PROG,
        description="Sweep the purse of every built-in variant against deals per game, "
                    "for the site's ruleset pages.")
    parser.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=ps.GAMES)
    parser.add_argument("--seed", type=bounded_int(0, 2**63 - 1), default=ps.SEED)
    parser.add_argument("--workers", type=worker_count(MAX_WORKERS), default=1, metavar="W",
                        help="processes that play: this one and W-1 more (1; 'auto' = one "
                             "per core)")
    parser.add_argument("--out", type=file_name, metavar="FILE", default=STDOUT,
                        help="the file to write, a regular file replaced atomically "
                             "(default -: standard output)")
    add_follow_links(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Exit 0, 1 when the file cannot be written (checked before the games, and again at
    the end), 2 for a usage error, 130 on Ctrl-C (143 on SIGTERM): one line each, never a
    traceback, and nothing written unless every variant was played."""
    args = build_parser().parse_args(argv)
    real_stdout = sys.stdout
    sys.stdout = GuardedStdout(real_stdout)
    try:
        check_output_for_cli(args.out, args.follow_links)  # before minutes of play
        text, flag = _sweep(args)
        if flag.stopped:
            print(f"{PROG}: interrupted ({flag.name}); nothing was written", file=sys.stderr)
            return flag.exit_status
        write_text_atomic(args.out, text, args.follow_links)
        sys.stdout.flush()
    except CliError as error:
        print(f"{PROG}: error: {terminal_safe(error.message, keep_layout=True)}",
              file=sys.stderr)
        return error.code
    except KeyboardInterrupt:  # a second Ctrl-C, or one before the games
        print(f"{PROG}: interrupted (Ctrl-C); nothing was written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader stopped: a normal end
        discard_stdout()
        return 0
    except OSError as error:  # the system refused something else: not a bug
        where = f"{error.filename}: " if error.filename else ""
        print(f"{PROG}: error: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_INVALID
    finally:
        sys.stdout = real_stdout
    return 0


def _sweep(args: argparse.Namespace) -> tuple[str, Interrupted]:
    """The file's text, and the flag that says whether a signal cut the run short."""
    from nainjaune_rules.analysis import purse_grid as ps
    from nainjaune_rules.analysis.runner import Interrupted

    entries = []
    with Interrupted() as flag:  # the signals are the run's, between variants too
        for name in ps.variant_names():
            print(f"{name}: playing…", file=sys.stderr, flush=True)
            entry = ps.sweep_variant(name, args.games, args.seed, workers=args.workers,
                                     interrupted=flag)
            if flag.stopped:
                return "", flag
            print(f"{name}: starting tokens {', '.join(map(str, entry.values))}",
                  file=sys.stderr)
            entries.append(entry)
    return ps.to_json(entries), flag


if __name__ == "__main__":
    raise SystemExit(main())
