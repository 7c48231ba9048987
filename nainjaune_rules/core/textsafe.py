"""Making text from a ruleset, a transcript or a command line safe to print on a terminal.

A terminal obeys the control characters in what it prints: ESC starts a command
(move the cursor, retitle the window, rewrite the screen), BEL rings, CR
overwrites, and the Unicode bidi overrides reorder what the eye reads.  Text from
a file someone shared is data, so before it reaches a terminal every such
character is shown as a visible escape instead (``\\x1b``, ``\\u202e``).

This module is at the top of the package and imports nothing from it, so every
layer (syntax, engine, outputs, cli) can use it.
"""

from __future__ import annotations

import re

#: Bidi embeddings, overrides and isolates: they reorder the text around them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# C0 controls, DEL, C1 controls and the bidi controls, in one class.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# Same, but tab and newline are layout, not commands.
_UNSAFE_KEEP_LAYOUT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# What is escaped on output besides: the bidi marks (invisible, they still reorder a
# line) and lone surrogates (from JSON escapes; a terminal cannot show them).
_MARKS = "\u061c\u200e\u200f\ud800-\udfff"
_OUTPUT = re.compile(_UNSAFE.pattern[:-1] + _MARKS + "]")
_OUTPUT_KEEP_LAYOUT = re.compile(_UNSAFE_KEEP_LAYOUT.pattern[:-1] + _MARKS + "]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def is_unsafe_char(char: str) -> bool:
    """True for a C0/C1 control character, DEL or a bidi override/isolate."""
    return _UNSAFE.fullmatch(char) is not None


def first_unsafe(text: str) -> int | None:
    """The index of the first unsafe character of ``text``, or None."""
    found = _UNSAFE.search(text)
    return found.start() if found is not None else None


def terminal_safe(text: str, *, keep_layout: bool = False) -> str:
    """``text`` with every control and bidi character replaced by a visible escape.

    ``\\x1b`` becomes the four characters ``\\x1b``; U+202E becomes ``\\u202e``.
    With ``keep_layout`` tabs and newlines are kept (for multi-line output);
    otherwise they are escaped too, which suits a single quoted line or value.
    """
    pattern = _OUTPUT_KEEP_LAYOUT if keep_layout else _OUTPUT
    return pattern.sub(_escape, text)
