"""Settings shared by the whole suite.

Hypothesis runs derandomised by default (profile ``ci``): the examples are
drawn from a fixed seed derived from each test, so CI and every developer see
the same inputs and a red run can be reproduced by running it again.  To
explore new inputs locally, choose the ``explore`` profile::

    HYPOTHESIS_PROFILE=explore python -m pytest tests/language/test_lang_properties.py
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import settings

# database=None: a derandomised run must not replay examples saved by an earlier
# exploring run (which would make two checkouts see different inputs)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# -- running on several cores (pytest-xdist, `-n auto` in pyproject.toml) ------------------

#: session fixture that builds something big → the group of every test that uses it: one
#: worker runs the whole group, so the site is built once, not once per worker
_BUILT_ONCE = {"built_site": "site", "playground_site": "playground"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = getattr(item, "fixturenames", ())
        group = next((g for fixture, g in _BUILT_ONCE.items() if fixture in names), None)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


#: the fuzz tests' tally: how many bad inputs were tried, and how many were handled cleanly;
#: "<kind>" counts the inputs tried, "<kind> ok" those handled cleanly.  Printed at the end of
#: every run that collected the fuzz tests (``-s`` not needed), so a CI log says "N inputs
#: tried, M handled cleanly"; with several workers, each hands its tally to the controller.
FUZZ_TALLY: Counter[str] = Counter()


@pytest.fixture(scope="session")
def tally() -> Counter[str]:
    return FUZZ_TALLY


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its fuzz tally to the controller, which prints the sum."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["fuzz tally"] = dict(FUZZ_TALLY)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    FUZZ_TALLY.update(getattr(node, "workeroutput", {}).get("fuzz tally", {}))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    kinds = sorted(k for k in FUZZ_TALLY if not k.endswith(" ok"))
    if not kinds:
        return
    tried = sum(FUZZ_TALLY[k] for k in kinds)
    clean = sum(FUZZ_TALLY[f"{k} ok"] for k in kinds)
    terminalreporter.section("fuzz inputs")
    for kind in kinds:
        terminalreporter.write_line(f"{kind}: {FUZZ_TALLY[kind]} tried, "
                                    f"{FUZZ_TALLY[kind + ' ok']} handled cleanly")
    terminalreporter.write_line(f"fuzz: {tried} bad inputs tried, {clean} handled cleanly "
                                "(exit 0/1/2, no traceback, no internal error, output < 100 KB)")
