"""Print every clause of the rulesets beside its citation and the cited text.

    python tools/audit_sources.py              # every built-in ruleset (house ones too)
    python tools/audit_sources.py 1760 cz-box  # some of them

A reviewer reads claim and evidence side by side; the last line counts what was listed
(see :mod:`nainjaune_rules.describe.audit`).  Exit 1 when a name is not a built-in
ruleset, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys

import nainjaune_rules
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.describe.audit import audit_lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/audit_sources.py",
                                     description="claims and their evidence, per ruleset")
    parser.add_argument("names", nargs="*", metavar="RULESET",
                        help="built-in rulesets (default: all)")
    args = parser.parse_args(argv)
    known = nainjaune_rules.builtin_rulesets()
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"tools/audit_sources.py: error: no built-in ruleset {terminal_safe(unknown[0])!r}"
              f" (the built-in rulesets are: {', '.join(known)})", file=sys.stderr)
        return 1
    names = args.names or known
    rulesets = [(n, nainjaune_rules.load_ruleset(n)) for n in names]
    sys.stdout.write("\n".join(audit_lines(rulesets)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
