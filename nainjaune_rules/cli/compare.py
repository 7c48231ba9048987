"""``nainjaune compare RULESET RULESET...``: rulesets side by side in the terminal.

One row per rule, one column per ruleset, in the short words of the site's
comparison page; ``--diff`` keeps only the rows where the rulesets differ.
Rulesets are built-in names or ruleset files; a bad one prints its
diagnostics and exits 1.
"""

from __future__ import annotations

import argparse
import shutil


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="FILE|NAME",
                        help="ruleset files or built-in ruleset names")
    parser.add_argument("--diff", action="store_true",
                        help="show only the rules that differ between the rulesets")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="choose a table option in every ruleset that has it")
    parser.add_argument("--width", type=int, default=0,
                        help="width of the table (default: the terminal's)")


def terminal_width(requested: int) -> int:
    return requested if requested > 0 else max(60, shutil.get_terminal_size((100, 24)).columns)


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.cli.common import load_for_cli
    from nainjaune_rules.outputs.docs.terminal import comparison_text

    columns = [(name, load_for_cli(name, _options_for(name, args.option)))
               for name in args.rulesets]
    print(comparison_text(columns, only_differences=args.diff,
                          width=terminal_width(args.width)), end="")
    return 0


def _options_for(reference: str, option_args: list[str]) -> list[str]:
    """The ``--option`` values that ``reference`` has an option for (all of them are
    checked against at least one ruleset by :func:`load_for_cli` otherwise)."""
    if not option_args:
        return []
    from nainjaune_rules.cli.common import load_for_cli, parse_option_args

    names = {o.name for o in load_for_cli(reference).options}
    wanted = parse_option_args(option_args)
    return [f"{k}={v}" for k, v in wanted.items() if k in names]
