"""Lines folded to the terminal's width at word boundaries, colours kept whole.

A terminal folds a line too long for it wherever the width runs out, in the
middle of a word or of a card code (``10`` on one line, ``♦`` on the next).
:func:`fold` breaks before that, at a space or after a hyphen between letters
(``fr-`` / ``sheet``), never inside a word: a word longer than the width is
left whole.  The colour codes the seat writes (``ESC [ … m``) take no column
and are never split; a wide character (CJK) takes two.  Continuation lines
keep the line's indentation and two spaces more, so they read as one entry.
"""

from __future__ import annotations

import os
import re
import unicodedata
from typing import TextIO

#: a colour code as the seat writes them (``core/textsafe.py``'s RED and RESET)
_SGR = re.compile(r"\x1b\[[0-9;]*m")
#: the places a line may break: runs of spaces, and just after a hyphen between letters
_PIECES = re.compile(r"( +)|(?<=[^\W\d_]-)(?=[^\W\d_])")

#: below this many columns folding helps no one: the line is left to the terminal
MIN_WIDTH = 20


def width_of(text: str) -> int:
    """The columns ``text`` takes on a terminal: colour codes none, wide characters two."""
    plain = _SGR.sub("", text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in plain)


def _words(text: str) -> list[str]:
    """``text`` cut at each place it may break; the spaces are pieces of their own."""
    return [p for p in _PIECES.split(text) if p]


def fold(line: str, width: int | None) -> list[str]:
    """``line`` as lines of at most ``width`` columns, broken between words only."""
    if width is None or width < MIN_WIDTH or width_of(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    hanging = indent + "  "
    out: list[str] = []
    current, used = indent, len(indent)
    for piece in _words(body):
        if piece.isspace():
            current, used = current + piece, used + len(piece)
            continue
        size = width_of(piece)
        if used + size > width and current.strip():
            out.append(current.rstrip(" "))
            current, used = hanging, len(hanging)
        current, used = current + piece, used + size
    out.append(current.rstrip(" "))
    return out


def terminal_columns(stream: TextIO | None) -> int | None:
    """The width to fold ``stream``'s lines to: its terminal's columns, or None when it is
    not a terminal (a pipe or a file gets whole lines).  The terminal itself is asked,
    not ``COLUMNS``: a value inherited from a parent process may be of another window."""
    try:
        if stream is None or not stream.isatty():
            return None
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return None
    return columns if columns >= MIN_WIDTH else None
