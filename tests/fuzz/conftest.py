"""The fuzz tests' tally: how many bad inputs were tried, and how many were handled cleanly.

Printed at the end of every run that collected the fuzz tests (``-s`` not needed),
so a CI log says "N inputs tried, M handled cleanly".
"""

from __future__ import annotations

from collections import Counter

import pytest

#: kind of input → count; "<kind>" counts the inputs tried, "<kind> ok" those handled cleanly
TALLY: Counter[str] = Counter()


@pytest.fixture(scope="session")
def tally() -> Counter[str]:
    return TALLY


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    kinds = sorted(k for k in TALLY if not k.endswith(" ok"))
    if not kinds:
        return
    tried = sum(TALLY[k] for k in kinds)
    clean = sum(TALLY[f"{k} ok"] for k in kinds)
    terminalreporter.section("fuzz inputs")
    for kind in kinds:
        terminalreporter.write_line(f"{kind}: {TALLY[kind]} tried, {TALLY[kind + ' ok']} "
                                    "handled cleanly")
    terminalreporter.write_line(f"fuzz: {tried} bad inputs tried, {clean} handled cleanly "
                                "(exit 0/1/2, no traceback, no internal error, output < 100 KB)")
