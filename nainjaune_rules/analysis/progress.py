"""A plain-text progress bar on stderr, shown only when stderr is a terminal.

No dependency: one line redrawn with ``\\r``, at most ten times a second.  When
the output is piped or redirected nothing is drawn, so logs stay clean.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from nainjaune_rules.analysis.runner import Progress
from nainjaune_rules.core.textsafe import terminal_safe


class Bar(Progress):
    """``fr-sheet  [#########.........]  4500/10000 games  2.1 s``"""

    WIDTH = 30

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = terminal_safe(label)  # a ruleset's file name: data, and CR is layout here
        self.total = max(total, 1)
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"\r{self.label}  [{bar}]  {done}/{self.total} games  "
                          f"{now - self.start:.1f} s")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + " " * (len(self.label) + self.WIDTH + 40) + "\r")
        self.stream.flush()


def progress_for(label: str, total: int, stream: TextIO | None = None) -> Bar | None:
    """A bar when ``stream`` (stderr by default) is a terminal, else None."""
    stream = stream or sys.stderr
    return Bar(label, total, stream) if stream.isatty() else None
