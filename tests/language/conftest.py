"""The mistakes corpus' score, printed at the end of every run that scored it (``-s`` not
needed), so a CI log says "mistakes: N files, W of P points"."""

from __future__ import annotations

import pytest
from language_support import MISTAKES_SCORE


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    score = MISTAKES_SCORE
    if not score["files"]:
        return
    terminalreporter.section("mistakes corpus")
    terminalreporter.write_line(
        f"mistakes: {score['files']} files, {score['won']} of {score['possible']} points "
        f"(located {score['located']}, says what {score['what']}, says how {score['how']})")
