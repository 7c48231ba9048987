"""Diagnostics: what is wrong with a ruleset, where, and what to do about it.

Every problem the parser or the semantic pass finds becomes a :class:`Diagnostic`
that points at the text (file, line, column), quotes the line with a caret under
the offending text, says what is wrong in the game's words and, where it can,
suggests a fix.  Problems are collected, not raised one by one, so that a
person sees everything wrong with their ruleset in one run; the only exception
type that leaves this package for bad input is :class:`RulesetError`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a ruleset file.

    ``kind`` is a stable short name (``unknown-card``, ``duplicate-clause``…)
    that tests and tools can match on; ``message`` is for people.
    """

    severity: Severity
    kind: str
    message: str
    file: str
    line: int
    column: int
    length: int = 1
    source_line: str = ""
    hint: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def render(self) -> str:
        """The diagnostic as a person reads it: location, message, quoted line, caret, hint."""
        head = f"{self.file}:{self.line}:{self.column}: {self.severity.value}[{self.kind}]: "
        lines = [head + self.message]
        if self.source_line:
            number = str(self.line)
            pad = " " * len(number)
            text = self.source_line.rstrip("\n").expandtabs(4)
            lines.append(f" {number} | {text}")
            width = max(1, min(self.length, max(1, len(text) - self.column + 1)))
            lines.append(f" {pad} | {' ' * (self.column - 1)}{'^' * width}")
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


class RulesetError(Exception):
    """A ruleset could not be compiled; ``diagnostics`` says every reason why."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__(self.render())

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


class SourceText:
    """A ruleset file's text, so diagnostics can quote the line they point at."""

    def __init__(self, name: str, text: str):
        self.name = name
        self.text = text
        # Only "\n" ends a line, as for the parser's positions (splitlines() would
        # also break at form feeds and U+2028 and quote the wrong line).
        self.lines = [line.removesuffix("\r") for line in text.split("\n")]
        if self.lines and self.lines[-1] == "":
            self.lines.pop()  # the newline ending the last line starts no new line

    def line(self, number: int) -> str:
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""

    def diagnostic(
        self,
        kind: str,
        message: str,
        line: int,
        column: int,
        length: int = 1,
        hint: str = "",
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        return Diagnostic(
            severity=severity,
            kind=kind,
            message=message,
            file=self.name,
            line=max(line, 1),
            column=max(column, 1),
            length=max(length, 1),
            source_line=self.line(line),
            hint=hint,
        )


def did_you_mean(word: str, choices: Iterable[str], *, limit: int = 3) -> str:
    """A hint naming the closest known words, or ``""`` when none is close."""
    pool = sorted(set(choices))
    close = difflib.get_close_matches(word, pool, n=limit, cutoff=0.5)
    if not close:
        upper = word.upper()
        close = [c for c in pool if c.upper() == upper][:limit]
    if not close:
        return ""
    quoted = " or ".join(f'"{c}"' for c in close)
    return f"did you mean {quoted}?"
