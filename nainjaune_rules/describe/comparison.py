"""Rulesets side by side, and the changes from one ruleset to another.

Both are computed on the rule objects, dimension by dimension (see
:mod:`.dimensions`), and written out by whoever needs them: the comparison
page and the diff pages of the site, ``nainjaune compare`` and
``nainjaune diff`` in the terminal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from nainjaune_rules.model.rules import Clause, OriginKind, Ruleset

from .dimensions import (
    DIMENSIONS,
    Dimension,
    Phase,
    anchor,
    content,
    option_dimension,
    used_dimensions,
)
from .prose import describe
from .vocabulary_en import origin_kinds

NONE = "—"


@dataclass(frozen=True)
class Cell:
    """What one ruleset says on one dimension."""

    ruleset: Ruleset
    clauses: tuple[Clause, ...]
    anchor: str  # of the first clause on the ruleset page ("" when there is none)
    differs: bool  # differs from the most common value of the row

    @property
    def text(self) -> str:
        """The short prose of the cell (``—`` when the ruleset says nothing)."""
        return "; ".join(describe(c).short for c in self.clauses) or NONE

    @property
    def sentences(self) -> str:
        return " ".join(describe(c).sentence for c in self.clauses)

    @property
    def kinds(self) -> tuple[OriginKind, ...]:
        """The origin kinds of the cell's clauses, each once, attested first
        (a clause attested in part counts as inferred too)."""
        kinds = {k for c in self.clauses for k in origin_kinds(c.origin)}
        return tuple(k for k in OriginKind if k in kinds)


@dataclass(frozen=True)
class Row:
    dimension: Dimension
    cells: tuple[Cell, ...]

    @property
    def uniform(self) -> bool:
        return not any(c.differs for c in self.cells)


def compare(rulesets: Sequence[Ruleset]) -> list[Row]:
    """One row per dimension that any of ``rulesets`` fills, one cell per ruleset.

    A cell ``differs`` when its rule is not the most common one of its row
    (on a tie, the value of the leftmost ruleset among the most common wins).
    """
    rows = []
    for dim in used_dimensions(rulesets):
        values = [content(dim.clauses(r)) for r in rulesets]
        counts = Counter(values)
        top = max(counts.values())
        common = next(v for v in values if counts[v] == top)
        rows.append(
            Row(
                dim,
                tuple(
                    Cell(r, dim.clauses(r), anchor(dim) if dim.clauses(r) else "", v != common)
                    for r, v in zip(rulesets, values, strict=True)
                ),
            )
        )
    return rows




class ChangeKind(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@dataclass(frozen=True)
class Change:
    """How one dimension differs from ruleset ``before`` to ruleset ``after``."""

    kind: ChangeKind
    dimension: Dimension
    before: tuple[Clause, ...]
    after: tuple[Clause, ...]


def changes(before: Ruleset, after: Ruleset) -> list[Change]:
    """What ``after`` adds, removes and changes compared with ``before``.

    Only what the rules say counts: a clause restated with another citation
    is the same rule.  Table options are compared one by one, by name.
    """
    options = dict.fromkeys(o.name for o in (*before.options, *after.options))
    out = []
    for dim in [d for d in DIMENSIONS if d.phase is not Phase.OPTIONS] + [
        option_dimension(name) for name in options
    ]:
        old, new = dim.clauses(before), dim.clauses(after)
        if content(old) == content(new):
            continue
        if not old:
            kind = ChangeKind.ADDED
        elif not new:
            kind = ChangeKind.REMOVED
        else:
            kind = ChangeKind.CHANGED
        out.append(Change(kind, dim, old, new))
    return out
