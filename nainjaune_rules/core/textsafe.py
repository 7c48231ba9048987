"""Making text from a ruleset, a transcript or a command line safe to print on a terminal.

A terminal obeys the control characters in what it prints: ESC starts a command
(move the cursor, retitle the window, rewrite the screen), BEL rings, CR
overwrites, and the Unicode bidi controls and marks reorder what the eye reads.
Text from a file someone shared, or a file name, is data, so before it reaches a
terminal every such character is shown as a visible escape instead (``\\x1b``,
``\\u202e``).

Two lines of defence, both here so that the set of characters is defined once:
:func:`terminal_safe` escapes one piece of data where it is put into a message
(a name, a path, a quoted line), and :class:`SafeStream` escapes whatever a
command writes to stdout or stderr, keeping only the layout the command itself
uses (newlines, tabs, the red of a human seat's cards on a terminal).

This module is at the top of the package and imports nothing from it, so every
layer (syntax, engine, describe, pages, analysis, playground, cli) can use it.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

#: Bidi embeddings, overrides and isolates: they reorder the text around them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: The bidi marks (left-to-right, right-to-left, Arabic letter): invisible, they
#: still reorder the neutral characters around them, so they are refused as well.
BIDI_MARKS = frozenset("\u200e\u200f\u061c")

# DEL, the C1 controls, the bidi controls and marks; the C0 controls come from
# unsafe_class(), which can leave some of them out.
_BEYOND_C0 = "\\x7f-\\x9f" + "".join(f"\\u{ord(c):04x}" for c in sorted(BIDI_CONTROLS | BIDI_MARKS))
# Lone surrogates (from JSON escapes): never in a ruleset's text, and a terminal
# cannot show them, so they are escaped on output only.
_SURROGATES = "\\ud800-\\udfff"


def unsafe_class(keep: str = "") -> str:
    """The regex character class (``[...]``) of every unsafe character but those of ``keep``.

    Unsafe: the C0 controls, DEL, the C1 controls, the bidi controls and marks.
    """
    c0 = "".join(f"\\x{code:02x}" for code in range(0x20) if chr(code) not in keep)
    return f"[{c0}{_BEYOND_C0}]"


_UNSAFE = re.compile(unsafe_class())
_OUTPUT = re.compile(unsafe_class()[:-1] + _SURROGATES + "]")
_OUTPUT_KEEP_LAYOUT = re.compile(unsafe_class(keep="\t\n")[:-1] + _SURROGATES + "]")

#: The only escape sequences a command writes itself: a human seat's red cards.
RED, RESET = "\x1b[31m", "\x1b[0m"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def is_unsafe_char(char: str) -> bool:
    """True for a C0/C1 control character, DEL, a bidi control or a bidi mark."""
    return _UNSAFE.fullmatch(char) is not None


def first_unsafe(text: str) -> int | None:
    """The index of the first unsafe character of ``text``, or None."""
    found = _UNSAFE.search(text)
    return found.start() if found is not None else None


def terminal_safe(text: str, *, keep_layout: bool = False) -> str:
    """``text`` with every control and bidi character replaced by a visible escape.

    ``\\x1b`` becomes the four characters ``\\x1b``; U+202E becomes ``\\u202e``.
    With ``keep_layout`` tabs and newlines are kept (for multi-line output);
    otherwise they are escaped too, which suits a name, a path or a quoted value.
    """
    pattern = _OUTPUT_KEEP_LAYOUT if keep_layout else _OUTPUT
    return pattern.sub(_escape, text)


def _stream_pattern(layout: str, colours: bool) -> re.Pattern[str]:
    unsafe = unsafe_class(keep=layout)[:-1] + _SURROGATES + "]"
    if not colours:
        return re.compile(unsafe)
    return re.compile(f"{re.escape(RED)}|{re.escape(RESET)}|{unsafe}")


def _escape_in_stream(match: re.Match[str]) -> str:
    found = match.group()
    if len(found) > 1:  # RED or RESET, allowed on this stream
        return found
    # \uXXXX for every character: what JSON writes too, so a JSON output that carries
    # a raw C1 or bidi character in a string stays the same JSON, only escaped
    return f"\\u{ord(found):04x}"


class SafeStream:
    """A text stream that shows every unsafe character written to it as an escape.

    The last line of defence for a command's stdout and stderr: data is escaped
    where it is put into a message (:func:`terminal_safe`), and whatever a message
    forgot is escaped here.  ``layout`` is the control characters the command's own
    layout uses (newline and tab; CR for the progress bar on stderr); ``colours``
    lets :data:`RED` and :data:`RESET` through, for a human seat's cards on a
    terminal.  Everything else is delegated to the wrapped stream.
    """

    def __init__(self, stream: TextIO | Any, *, layout: str = "\t\n", colours: bool = False):
        self._stream = stream
        self._unsafe = _stream_pattern(layout, colours)

    def write(self, text: str) -> int:
        self._stream.write(self._unsafe.sub(_escape_in_stream, text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
