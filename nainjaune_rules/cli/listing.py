"""``nainjaune list``: the built-in rulesets with their title, period and evidence.

A ruleset that does not compile, or an entry of the rules folder that cannot
be read, is listed as invalid with its first error on stderr; the others are
listed as usual and the exit status stays 0.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.core.textsafe import terminal_safe
    from nainjaune_rules.model.compiler import check_file
    from nainjaune_rules.syntax.resources import scan_rules_folder

    folder = scan_rules_folder()
    rows: list[tuple[str, ...]] = []
    problems: list[tuple[str, str]] = []
    for name in folder.names:
        ruleset, diagnostics = check_file(name)
        if ruleset is None:
            rows.append((name, "(invalid: run nainjaune check " + name + ")", "", ""))
            first = next(d for d in diagnostics if d.is_error)
            problems.append((name, f"{first.file}:{first.line}:{first.column}: {first.message}"))
        else:
            rows.append((name, ruleset.title, ruleset.period, ruleset.evidence.value))
    for entry in folder.unreadable:
        rows.append((entry.name, "(invalid: not a readable ruleset file)", "", ""))
        problems.append((entry.name, entry.reason))
    rows = [("NAME", "TITLE", "PERIOD", "EVIDENCE"), *sorted(rows)]
    rows = [tuple(terminal_safe(cell) for cell in row) for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    for name, reason in problems:
        print(f"nainjaune list: warning: {terminal_safe(name)} is invalid: "
              f"{terminal_safe(reason)}",
              file=sys.stderr)
    return 0
