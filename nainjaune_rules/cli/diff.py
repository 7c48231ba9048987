"""``nainjaune diff A B``: what ruleset B adds, removes and changes from ruleset A.

The rules are compared as rule objects, phase by phase, and written in the
same sentences as the site's ruleset pages; a clause restated with another
citation is the same rule.  A and B are built-in names or ruleset files; a
bad one prints its diagnostics and exits 1.
"""

from __future__ import annotations

import argparse

from nainjaune_rules.cli.common import MAX_WIDTH, MIN_WIDTH, bounded_int
from nainjaune_rules.core.textsafe import terminal_safe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("before", metavar="A", help="the ruleset to start from (file or name)")
    parser.add_argument("after", metavar="B", help="the ruleset to compare with it (file or name)")
    parser.add_argument("--width", type=bounded_int(MIN_WIDTH, MAX_WIDTH), metavar="COLUMNS",
                        help="width to wrap the text to (default: the terminal's)")


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.cli.common import load_for_cli
    from nainjaune_rules.cli.compare import terminal_width
    from nainjaune_rules.describe.terminal import changes_text

    before = load_for_cli(args.before)
    after = load_for_cli(args.after)
    # the names are quoted in the text: escaped before it is wrapped
    print(changes_text((terminal_safe(args.before), before), (terminal_safe(args.after), after),
                       width=terminal_width(args.width)), end="")
    return 0
