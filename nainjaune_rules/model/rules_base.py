"""The base of every rule clause, and a ruleset's sources (part of :mod:`.rules`).

Every clause carries an :class:`~nainjaune_rules.core.spans.Origin` (the sources that
attest it, or why it is inferred, or that it is a house decision) and a
:class:`~nainjaune_rules.core.spans.Span` pointing at the text it came from.  The clause
types themselves live by what their rules are about, as their prose does
(:mod:`.rules_deal`, :mod:`.rules_tokens`, :mod:`.rules_play`, :mod:`.rules_end`);
:mod:`.rules` gathers them all, with the :class:`~.rules.Ruleset`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nainjaune_rules.core.spans import NO_SPAN, Origin, Span


@dataclass(frozen=True)
class Clause:
    """Base of every rule clause: where it came from, and where it was written."""

    origin: Origin
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)
    #: id of the ruleset file that wrote this clause (differs from the ruleset's
    #: own id for clauses inherited through ``extends``)
    defined_in: str = field(default="", compare=False, kw_only=True)


@dataclass(frozen=True)
class Source:
    """A primary source declared by a ruleset (``source ID "language" "what it is"``,
    then ``paragraphs N`` when its text's count of paragraphs is known)."""

    id: str
    language: str
    description: str
    #: citations go up to ¶N; not a rule (not compared, not in the canonical form)
    paragraphs: int | None = field(default=None, compare=False, kw_only=True)
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)
    #: a book whose text the project does not hold (declared with its bibliographic
    #: block): cited by section or page, never by ¶N
    book: Book | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Book:
    """The bibliographic data of a source cited by section or page (``source ID …:``
    then indented ``author``, ``title``, ``year``, ``published`` lines)."""

    author: str = ""
    title: str = ""
    year: int | None = None
    published: str = ""  #: place and publisher, as the title page gives them
