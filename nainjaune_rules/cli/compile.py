"""``nainjaune compile FILE|NAME --format yaml|json``: the canonical form of a ruleset.

Loading the output back (:func:`nainjaune_rules.model.canonical.from_data`)
gives rule objects equal to the compiled ones.
"""

from __future__ import annotations

import argparse

from nainjaune_rules.cli.common import load_for_cli


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="FILE|NAME")
    parser.add_argument("--format", choices=("yaml", "json"), default="yaml")
    parser.add_argument("--option", action="append", metavar="NAME=CHOICE", default=[],
                        help="choose a table option (repeatable)")


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.model.canonical import to_json, to_yaml

    ruleset = load_for_cli(args.ruleset, args.option)
    print(to_yaml(ruleset) if args.format == "yaml" else to_json(ruleset), end="")
    return 0
