"""Where a clause came from: its place in a file (:class:`Span`) and its origin.

Every clause carries an :class:`Origin` (the sources that attest it, or why it is
inferred, or that it is a house decision) and a :class:`Span` pointing at the text
it came from.  Both live at the bottom of the package so that the syntax tree,
the rule objects and the diagnostics can all use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from nainjaune_rules.core.textsafe import terminal_safe

# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of a ruleset file (1-based lines and columns, end exclusive)."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        """``file:line:column``, for a message; the file's name is data, shown escaped."""
        return f"{terminal_safe(self.file)}:{self.line}:{self.column}"


NO_SPAN = Span("<built>", 0, 0)


class OriginKind(str, Enum):
    ATTESTED = "attested"  # a source states it
    INFERRED = "inferred"  # no source states it; the ruleset gives its reason
    HOUSE = "house"  # a house ruleset's own decision


@dataclass(frozen=True)
class Citation:
    """A source id and where in it: the paragraph (``¶N``: the N-th non-blank line of
    a text the project holds), or, for a book whose text is not bundled, its section
    (``§"Pope Joan"``) or page (``p.195``, ``pp.195-196``).  Exactly one is set."""

    source: str
    paragraph: str = ""
    section: str = ""
    page: str = ""

    @property
    def locator(self) -> str:
        """Where in the source, as written after its id: ``¶14``, ``§"Pope Joan"``, ``p.195``."""
        if self.section:
            return f'§"{self.section}"'
        if self.page:
            return f"pp.{self.page}" if "-" in self.page else f"p.{self.page}"
        return f"¶{self.paragraph}"

    def __str__(self) -> str:
        return f"{self.source} {self.locator}"


@dataclass(frozen=True)
class Origin:
    kind: OriginKind
    citations: tuple[Citation, ...] = ()
    #: why inferred, or the house's reason; for an ATTESTED origin, the part of the
    #: clause its citations do not cover and why it is read so ("attested in part")
    reason: str = ""

    @property
    def attested(self) -> bool:
        return self.kind is OriginKind.ATTESTED
