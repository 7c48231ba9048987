"""``nainjaune compare RULESET RULESET...``: rulesets side by side in the terminal.

One row per rule, one column per ruleset, in the short words of the site's
comparison page; ``--diff`` keeps only the rows where the rulesets differ.
Rulesets are built-in names or ruleset files; a bad one prints its
diagnostics and exits 1.
"""

from __future__ import annotations

import argparse
import shutil

from nainjaune_rules.cli.common import MAX_WIDTH, MIN_WIDTH, bounded_int
from nainjaune_rules.core.textsafe import terminal_safe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="FILE|NAME",
                        help="ruleset files or built-in ruleset names")
    parser.add_argument("--diff", action="store_true",
                        help="show only the rules that differ between the rulesets")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="choose a table option in every ruleset that has it")
    parser.add_argument("--width", type=bounded_int(MIN_WIDTH, MAX_WIDTH), metavar="COLUMNS",
                        help="width of the table (default: the terminal's)")


def terminal_width(requested: int | None) -> int:
    """The width asked for, else the terminal's (``COLUMNS`` may say anything: bounded)."""
    if requested is not None:
        return requested
    return min(MAX_WIDTH, max(60, shutil.get_terminal_size((100, 24)).columns))


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.cli.common import EXIT_INVALID, CliError, load_for_cli, parse_option_args
    from nainjaune_rules.describe.terminal import comparison_text

    wanted = parse_option_args(args.option)
    rulesets = [load_for_cli(name) for name in args.rulesets]
    known = sorted({o.name for r in rulesets for o in r.options})
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise CliError(
            f"nainjaune compare: none of these rulesets has a table option "
            f"'{terminal_safe(unknown[0])}'\n"
            f"  hint: their options are: {', '.join(known) or 'none'}",
            EXIT_INVALID,
        )
    if wanted:  # each ruleset takes the choices of the options it has
        rulesets = [
            load_for_cli(name, [f"{k}={v}" for k, v in wanted.items() if r.option(k)])
            for name, r in zip(args.rulesets, rulesets, strict=True)
        ]
    # the names head the columns: escaped before the widths are measured
    columns = list(zip(map(terminal_safe, args.rulesets), rulesets, strict=True))
    print(comparison_text(columns, only_differences=args.diff,
                          width=terminal_width(args.width)), end="")
    return 0
