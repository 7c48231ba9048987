"""``nainjaune list``: the built-in rulesets with their title, period and evidence."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules import builtin_rulesets
    from nainjaune_rules.model.compile import check_file

    rows = [("NAME", "TITLE", "PERIOD", "EVIDENCE")]
    for name in builtin_rulesets():
        ruleset, _ = check_file(name)
        if ruleset is None:
            rows.append((name, "(invalid: run nainjaune check " + name + ")", "", ""))
        else:
            rows.append((name, ruleset.title, ruleset.period, ruleset.evidence.value))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0
