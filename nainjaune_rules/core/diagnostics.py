"""Diagnostics: what is wrong with a ruleset, where, and what to do about it.

Every problem the parser or the semantic pass finds becomes a :class:`Diagnostic`
that points at the text (file, line, column), quotes the line with a caret under
the offending text, says what is wrong in the game's words and, where it can,
suggests a fix.  Problems are collected, not raised one by one, so that a
person sees everything wrong with their ruleset in one run; the only exception
type that leaves this package for bad input is :class:`RulesetError`.
"""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Lang, Words, q
from nainjaune_rules.core.textsafe import terminal_safe

if TYPE_CHECKING:  # diagnostic_kinds imports Severity from here
    from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a ruleset file.

    ``kind`` is a stable short name (``unknown-card``, ``duplicate-clause``…)
    that tests and tools can match on, declared in
    :mod:`nainjaune_rules.core.diagnostic_kinds`; ``message`` is for people, in
    English, and ``message_fr`` the same in French (likewise ``hint``/``hint_fr``):
    a report site gives both as :class:`~nainjaune_rules.core.bilingual.Words`.
    """

    severity: Severity
    kind: DiagnosticKind
    message: str
    file: str
    line: int
    column: int
    length: int = 1
    source_line: str = ""
    hint: str = ""
    #: for a syntax error: every word or kind of word the language takes at that place,
    #: whole (the message names the closest few); ``check --explain`` prints them
    expected: tuple[str, ...] = field(default=(), compare=False)
    #: the message and the hint in French ("" when the hint is)
    message_fr: str = field(default="", compare=False)
    hint_fr: str = field(default="", compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def message_in(self, lang: Lang = "en") -> str:
        """The message in ``lang``; English when no French was given (see ``has_french``)."""
        return self.message_fr if lang == "fr" and self.message_fr else self.message

    def hint_in(self, lang: Lang = "en") -> str:
        return self.hint_fr if lang == "fr" and self.hint_fr else self.hint

    @property
    def has_french(self) -> bool:
        """Whether the message, and the hint if any, are said in French too."""
        return bool(self.message_fr) and bool(self.hint_fr) == bool(self.hint)

    def with_words(self, message: Words, hint: Words = NO_WORDS) -> Diagnostic:
        """This diagnostic saying ``message`` and ``hint`` instead, in both languages."""
        return replace(self, message=message.en, message_fr=message.fr,
                       hint=hint.en, hint_fr=hint.fr)

    def render(self, lang: Lang = "en") -> str:
        """The diagnostic as a person reads it: location, message, quoted line, caret, hint.

        Everything quoted from the file goes through :func:`terminal_safe` (a second
        line of defence after the parser's refusal of control characters), and a
        long line is shown as a window around the column.  ``lang`` is the reader's
        language: the code (``error[syntax]``'s ``syntax``) and the quoted line stay.
        """
        where = f"{self.file}:{self.line}:{self.column}: "
        if lang == "fr":
            label = "erreur" if self.is_error else "avertissement"
            head = f"{where}{label}[{self.kind}]{NNBSP}: "
        else:
            head = f"{where}{self.severity.value}[{self.kind}]: "
        lines = [terminal_safe(head + self.message_in(lang))]
        if self.source_line:
            number = str(self.line)
            pad = " " * len(number)
            before, at_fault, after = _window(self.source_line.rstrip("\n"), self.column,
                                              self.length)
            lines.append(f" {number} | {before}{at_fault}{after}")
            lines.append(f" {pad} | {' ' * len(before)}{'^' * max(1, len(at_fault))}")
        if self.hint:
            said = f"  conseil{NNBSP}: " if lang == "fr" else "  hint: "
            lines.append(terminal_safe(said + self.hint_in(lang)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


def render_all(diagnostics: Iterable[Diagnostic], lang: Lang = "en") -> str:
    """Every diagnostic rendered in ``lang``, one after the other (``check --lang fr``)."""
    return "\n".join(d.render(lang) for d in diagnostics)


#: Diagnostics shown for one ruleset (the command line, the playground); the rest are
#: counted ("… and N more"): a file with an error on every word stays readable.
MOST_SHOWN = 200
#: How much of a long line or word is quoted: one screen line.
QUOTE_LIMIT = 80
#: A quoted source line longer than this is shown as a window around the column.
LINE_LIMIT = 400


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(text: str) -> str:
    # A tab shows as four spaces wherever it is, so each part can be measured alone.
    return terminal_safe(text, keep_layout=True).replace("\n", "\\x0a").replace("\t", "    ")


def _window(line: str, column: int, length: int) -> tuple[str, str, str]:
    """The quoted line as (before, at fault, after), made safe; a very long line is cut.

    The caret goes under the middle part, so its place is measured on the shown
    text (an escape such as ``\\x1b`` is four characters wide, a tab four spaces).
    """
    start = max(0, column - 1)
    stop = min(len(line), start + max(1, length))
    if len(line) <= LINE_LIMIT:
        return _shown(line[:start]), _shown(line[start:stop]), _shown(line[stop:])
    before = line[max(0, start - QUOTE_LIMIT // 2) : start]
    at_fault = shorten(line[start:stop], QUOTE_LIMIT // 2)
    after = shorten(line[stop:], max(1, QUOTE_LIMIT - len(before) - len(at_fault)))
    if start > QUOTE_LIMIT // 2:
        before = "…" + before
    return _shown(before), _shown(at_fault), _shown(after) if stop < len(line) else ""


class RulesetError(Exception):
    """A ruleset could not be compiled; ``diagnostics`` says every reason why."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__(self.render())

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    def render(self, lang: Lang = "en") -> str:
        return render_all(self.diagnostics, lang)


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
        kind: DiagnosticKind,
        message: Words,
        line: int,
        column: int,
        length: int = 1,
        hint: Words = NO_WORDS,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        return Diagnostic(
            severity=severity,
            kind=kind,
            message=message.en,
            file=self.name,
            line=max(line, 1),
            column=max(column, 1),
            length=max(length, 1),
            source_line=self.line(line),
            hint=hint.en,
            message_fr=message.fr,
            hint_fr=hint.fr,
        )


#: The most known words compared with a misspelt one (difflib's cost is per word):
#: of a longer list, those nearest it in alphabetical order.
_COMPARED = 200


def did_you_mean(word: str, choices: Iterable[str], *, limit: int = 3) -> str:
    """:func:`suggest`'s English words (for messages said only in English)."""
    return suggest(word, choices, limit=limit).en


def suggest(word: str, choices: Iterable[str], *, limit: int = 3) -> Words:
    """A hint naming the closest known words, or ``""`` when none is close.

    Its cost is bounded whatever the number of choices (a ruleset may declare
    thousands of sources, and cite an unknown one on each line).
    """
    pool = sorted(set(choices))
    compared = pool
    if len(pool) > _COMPARED:
        at = bisect.bisect_left(pool, word)
        compared = pool[max(0, at - _COMPARED // 2) : at + _COMPARED // 2]
    close = difflib.get_close_matches(word, compared, n=limit, cutoff=0.5)
    if not close:
        upper = word.upper()
        close = [c for c in pool if c.upper() == upper][:limit]
    if not close:
        return NO_WORDS
    quoted = " or ".join(f'"{c}"' for c in close)
    french = " ou ".join(q(c) for c in close)
    return Words(f"did you mean {quoted}?", f"vouliez-vous dire {french}{NNBSP}?")
