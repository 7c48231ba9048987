"""``nainjaune show FILE|NAME [--option k=v]``: a compiled ruleset as readable text.

The ruleset is printed in the ruleset language itself, as one standalone file:
``extends`` and ``include`` resolved, each clause with its origin, the table
options with the choice in force marked, and what a choice in force plays written, as
a comment, under the clause it replaces (``# in play, from option pope = at-will …``):
the text compiles to the same ruleset, and says what the engine plays.  An option
chosen with ``--option`` is folded in: its chosen clauses are printed as the
ruleset's own and the option is gone, so the text says the rules of that table,
and compiles to them.
"""

from __future__ import annotations

import argparse

from nainjaune_rules.cli.common import load_for_cli


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="FILE|NAME")
    parser.add_argument("--option", action="append", metavar="NAME=CHOICE", default=[],
                        help="choose a table option and print its clauses folded into the "
                             "ruleset (repeatable)")


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.cli.common import parse_option_args
    from nainjaune_rules.model.resolve import fold_options
    from nainjaune_rules.model.writer import write_ruleset

    ruleset = load_for_cli(args.ruleset, args.option)
    chosen = parse_option_args(args.option)
    print(write_ruleset(fold_options(ruleset, chosen), folded=chosen), end="")
    return 0
