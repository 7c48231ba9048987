"""``nainjaune show FILE|NAME [--option k=v]``: a compiled ruleset as readable text.

The ruleset is printed in the ruleset language itself, as one standalone file:
``extends`` and ``include`` resolved, each clause with its origin, the table
options with the choice in force marked.
"""

from __future__ import annotations

import argparse

from nainjaune_rules.cli.common import load_for_cli


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="FILE|NAME")
    parser.add_argument("--option", action="append", metavar="NAME=CHOICE", default=[],
                        help="choose a table option (repeatable)")


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.syntax.writer import write_ruleset

    print(write_ruleset(load_for_cli(args.ruleset, args.option)), end="")
    return 0
