"""The ``>>>`` example of the package docstring runs, and says what it shows."""

from __future__ import annotations

import doctest

import nainjaune_rules


def test_package_docstring_example_runs() -> None:
    result = doctest.testmod(nainjaune_rules, verbose=False, report=True)
    # the example is three lines (import, load with an option, a deal-table row): all ran
    assert result.attempted == 3
    assert result.failed == 0


def test_module_examples_run() -> None:
    """Modules whose docstrings show examples (python-chess style): each one runs."""
    import importlib

    for name in ("nainjaune_rules.players.seating", "nainjaune_rules.engine.snapshot",
                 "nainjaune_rules.syntax.phrases", "nainjaune_rules.model.vocabulary",
                 "nainjaune_rules.playground.announce"):
        module = importlib.import_module(name)
        result = doctest.testmod(module, verbose=False, report=True)
        assert result.attempted >= 1, name
        assert result.failed == 0, name
