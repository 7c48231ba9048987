"""The syntax tree of a ruleset file, before any meaning is checked.

The transformer turns lark's tree into these nodes; every node keeps the
:class:`~nainjaune_rules.core.spans.Span` of the text it came from, so the
semantic pass can point at the exact word that is wrong.  Card codes and rank
codes are kept as :class:`Word` until the semantic pass validates them: an
unknown card is a diagnostic with a hint, not a syntax error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nainjaune_rules.core.spans import OriginKind, Span


@dataclass(frozen=True, slots=True)
class Word:
    """A token of the text with its position (a name, a card code, a number…)."""

    text: str
    span: Span

    @property
    def unquoted(self) -> str:
        t = self.text
        return t[1:-1] if len(t) >= 2 and t[0] == t[-1] == '"' else t


@dataclass(frozen=True, slots=True)
class CardWord(Word):
    """A card code as written; validated by the semantic pass."""


@dataclass(frozen=True, slots=True)
class RankWord(Word):
    """A rank code as written; validated by the semantic pass."""


@dataclass(frozen=True, slots=True)
class Number(Word):
    """A whole number as written."""

    @property
    def value(self) -> int:
        return int(self.text)


@dataclass(frozen=True, slots=True)
class CitationNode:
    source: Word
    paragraphs: tuple[Word, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class OriginNode:
    kind: OriginKind
    citations: tuple[CitationNode, ...] = ()
    reason: Word | None = None
    span: Span = field(default_factory=lambda: Span("", 0, 0))


@dataclass(frozen=True, slots=True)
class HeaderNode:
    """``ruleset``, ``title``, ``period``, ``evidence``, ``extends``, ``include``, ``source``."""

    key: str
    values: tuple[Word, ...]
    span: Span
    #: a ``source`` declared as a book: its bibliographic lines, (``author``, word)…
    book: tuple[tuple[str, Word], ...] = ()


@dataclass(frozen=True, slots=True)
class ClauseNode:
    """A rule clause: ``build(origin=…, span=…, **args)`` makes the rule object.

    ``args`` may hold :class:`CardWord`, :class:`RankWord` and :class:`Number`
    (also inside tuples); the semantic pass validates and replaces them.
    """

    key: str  # the Ruleset field the clause fills
    build: Callable[..., Any]  # the rule object's class (the model's; syntax does not know it)
    args: dict[str, Any]
    origin: OriginNode | None
    span: Span
    head: str  # how the clause starts, for messages ("players", "when the deal ends")


@dataclass(frozen=True, slots=True)
class ChoiceNode:
    name: Word
    default: bool
    clauses: tuple[ClauseNode, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class OptionNode:
    name: Word
    description: Word
    choices: tuple[ChoiceNode, ...]
    origin: OriginNode | None
    span: Span


@dataclass(frozen=True, slots=True)
class RemovalNode:
    """``remove …`` in a ruleset that extends another; ``target`` names what goes."""

    key: str  # Ruleset field
    target: Any  # None, an option Word, or a ClauseNode (announcement/effect) to match
    origin: OriginNode | None
    span: Span
    head: str


@dataclass(frozen=True, slots=True)
class PartNode:
    """``box 7D: stake 10`` or ``deal 3 players: 12 cards each`` in a ruleset that extends
    another: one part of the board or deal table changed (or added), the others kept.

    ``part`` is a clause of that field holding the one part (a box without a name has
    the name ``""``: it keeps the one it has).
    """

    key: str  # the Ruleset field: "board" or "deal_table"
    part: ClauseNode
    span: Span
    head: str  # "box 7D", "deal 3 players"


Statement = HeaderNode | ClauseNode | OptionNode | RemovalNode | PartNode


@dataclass(frozen=True, slots=True)
class RulesetFile:
    path: str
    statements: tuple[Statement, ...]
