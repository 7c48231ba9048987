"""The comparison and the changes as plain text, for ``nainjaune compare`` and ``diff``.

The same rows (:func:`.comparison.compare`) and changes
(:func:`.comparison.changes`) as the site, and the same words
(:func:`.prose.describe`), laid out to fit a terminal: cells wrap inside
their column, rows are grouped by phase, and a ``*`` marks a cell that
differs from the most common rule of its row.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from nainjaune_rules.model.rules import OriginKind, Ruleset

from .comparison import Cell, Change, ChangeKind, Row, changes, compare
from .dimensions import by_phase
from .prose import describe

LABEL_WIDTH = 18
MIN_COLUMN = 12


def _cell_text(cell: Cell) -> str:
    marks = "".join(f" ({k.value})" for k in cell.kinds if k is not OriginKind.ATTESTED)
    return ("* " if cell.differs else "") + cell.text + marks


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_on_hyphens=False) or [""]


#: where a ruleset's name may break in a column's header: after a hyphen, a slash, a dot
#: or an underscore, or at a space (``house/`` / ``two-`` / ``player-`` / ``suits``)
_NAME_BREAKS = re.compile(r"(?<=[-/._ ])")


def _wrap_name(name: str, width: int) -> list[str]:
    """A column's header (a ruleset's name or file) folded at the places it may break;
    only a piece longer than the column is cut inside (``/tmp/h24/part`` / ``ial.nj``
    read as two words)."""
    lines = [""]
    for piece in (p for p in _NAME_BREAKS.split(name) if p):
        while len(piece) > width:  # no place to break: cut, as nothing else fits
            if lines[-1]:
                lines.append("")
            lines[-1], piece = piece[:width], piece[width:]
            lines.append("")
        if len(lines[-1]) + len(piece.rstrip()) > width and lines[-1]:
            lines.append("")
        lines[-1] += piece
    return [line.rstrip() for line in lines if line.strip()] or [""]


def _table(
    header: Sequence[str], rows: Sequence[Sequence[str]], width: int, label: int
) -> list[str]:
    """Rows under a header, the first column ``label`` wide, the others sharing the rest."""
    columns = len(header) - 1
    cell = max(MIN_COLUMN, (width - label - 3 * columns - 1) // max(columns, 1))
    widths = [label] + [cell] * columns
    rule = "-" + "-+-".join("-" * w for w in widths)
    lines = []
    for i, row in enumerate([header, *rows]):
        wrap = _wrap_name if i == 0 else _wrap
        wrapped = [wrap(text, w) for text, w in zip(row, widths, strict=True)]
        for n in range(max(len(w) for w in wrapped)):
            parts = [(w[n] if n < len(w) else "").ljust(wd) for w, wd in zip(wrapped, widths,
                                                                              strict=True)]
            lines.append(" " + " | ".join(parts).rstrip())
        if i == 0:
            lines.append(rule)
    return lines


def comparison_text(
    columns: Sequence[tuple[str, Ruleset]], *, only_differences: bool = False, width: int = 100
) -> str:
    """The rulesets side by side; with ``only_differences`` only the rows that differ."""
    rows: list[Row] = compare([r for _, r in columns])
    if only_differences:
        rows = [r for r in rows if not r.uniform]
    if not rows:
        return "These rulesets play the same game: no rule differs.\n"
    out = []
    header = ["rule", *(name for name, _ in columns)]
    label = min(LABEL_WIDTH, max(len(r.dimension.label) for r in rows))
    for phase, group in by_phase(rows):
        out.append(f"{phase.value.upper()}")
        body = [[row.dimension.label, *(_cell_text(c) for c in row.cells)] for row in group]
        out.extend(_table(header, body, width, label))
        out.append("")
    out.append("* differs from the most common rule of its row")
    return "\n".join(out) + "\n"


_SIGNS = {ChangeKind.ADDED: "+", ChangeKind.REMOVED: "-", ChangeKind.CHANGED: "~"}


def _sentences(change: Change, before: bool) -> str:
    return " ".join(describe(c).sentence for c in (change.before if before else change.after))


def changes_text(before: tuple[str, Ruleset], after: tuple[str, Ruleset], width: int = 100) -> str:
    """What changes from ``before`` to ``after``, phase by phase, one rule per entry."""
    (old_name, old), (new_name, new) = before, after
    found = changes(old, new)
    if not found:
        return f"{new_name} plays the same game as {old_name}: no rule differs.\n"
    differ = "1 rule differs" if len(found) == 1 else f"{len(found)} rules differ"
    out = [f"From {old_name} to {new_name}: {differ} "
           "(+ added, - removed, ~ changed)", ""]
    indent = "      "
    for phase, group in by_phase(found):
        out.append(phase.value.upper())
        for change in group:
            out.append(f"  {_SIGNS[change.kind]} {change.dimension.label}")
            if change.before:
                label = "was: " if change.after else ""
                out.extend(textwrap.wrap(label + _sentences(change, True), width,
                                         initial_indent=indent, subsequent_indent=indent))
            if change.after:
                label = "now: " if change.before else ""
                out.extend(textwrap.wrap(label + _sentences(change, False), width,
                                         initial_indent=indent, subsequent_indent=indent))
        out.append("")
    return "\n".join(out)
