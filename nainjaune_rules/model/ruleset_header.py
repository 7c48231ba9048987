"""The header block of a ruleset file: which ruleset it is, its title, period, evidence
and sources (a book's author, title, year), over what the parent says.

Its own room because the header is read once per file, before any clause, and reports
only on itself; the compiler (:mod:`nainjaune_rules.model.compiler`) lays the clauses
over the identity it returns.
"""

from __future__ import annotations

from pathlib import Path

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.core.diagnostics import shorten
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.resolve import Identity
from nainjaune_rules.syntax.ast import HeaderNode, Word

_HEADER_EXAMPLES = {
    "title": 'title "Our kitchen-table rules"',
    "period": 'period "2020s"',
    "evidence": "evidence reconstructed",
}


def read_book(header: HeaderNode, report: Reporter) -> r.Book | None:
    """The bibliographic block of a source declared as a book; None for a text."""
    if not header.book:
        return None
    seen: dict[str, Word] = {}
    for key, word in header.book:
        if key in seen:
            report(DK.DUPLICATE_CLAUSE,
                   Words(f"the book's '{key}' is given twice",
                         f"le {q(key)} du livre est donné deux fois"),
                   word.span, _first_at(seen[key].span.line))
        else:
            seen[key] = word
    if "title" not in seen:
        report(DK.MISSING_CLAUSE,
               Words("a book source must give its title",
                     "une source livre doit donner son titre"), header.span,
               Words('add an indented line: title "the title as printed"',
                     f"ajoutez une ligne indentée{NNBSP}: "
                     + q('title "le titre imprimé"')))
    year = seen.get("year")
    if year is not None and len(year.text) > 4:
        said = shorten(year.text, 20)
        report(DK.TOO_LARGE,
               Words(f"the year {said} is too large", f"l’année {said} est trop grande"),
               year.span, Words("write the year of the edition cited, e.g. 1897",
                                "écrivez l’année de l’édition citée, par exemple 1897"))
        year = None
    return r.Book(
        author=seen["author"].unquoted if "author" in seen else "",
        title=seen["title"].unquoted if "title" in seen else "",
        year=int(year.text) if year is not None else None,
        published=seen["published"].unquoted if "published" in seen else "",
    )


def read_identity(path: Path, headers: list[HeaderNode], inherited: Identity | None,
                  file_id: str, report: Reporter) -> tuple[Identity, r.Span]:
    """The identity a file's header block gives (``ruleset``, ``title``, sources…), over
    the parent's (``inherited``), and where it is said; ``file_id`` names the file."""
    values: dict[str, HeaderNode] = {}
    sources: dict[str, r.Source] = {s.id: s for s in inherited.sources} if inherited else {}
    own_sources: dict[str, r.Span] = {}
    for h in headers:
        if h.key == "source":
            ident, language, description = (w.unquoted for w in h.values[:3])
            count = int(h.values[3].text) if len(h.values) > 3 else None
            if ident in own_sources:
                report(DK.DUPLICATE_CLAUSE,
                       Words(f"the source {ident!r} is declared twice",
                             f"la source {q(ident)} est déclarée deux fois"),
                       h.span, _first_at(own_sources[ident].line))
                continue
            own_sources[ident] = h.span
            sources[ident] = r.Source(ident, language, description, paragraphs=count,
                                      span=h.span, book=read_book(h, report))
        elif h.key in ("extends", "include"):
            continue
        elif h.key in values:
            report(DK.DUPLICATE_CLAUSE, _twice(h.key), h.span,
                   _first_at(values[h.key].span.line))
        else:
            values.setdefault(h.key, h)
    ruleset = values.get("ruleset")
    header_span = ruleset.span if ruleset else r.Span(file_id, 1, 1)
    if ruleset is None:
        report(DK.MISSING_CLAUSE,
               Words("the file never says which ruleset it is",
                     "le fichier ne dit jamais quelle règle du jeu il est"), header_span,
               Words("start it with a line such as: ruleset my-house-rules",
                     f"commencez-le par une ligne comme{NNBSP}: "
                     + q("ruleset my-house-rules")))

    def text(key: str, fallback: str) -> str:
        node = values.get(key)
        return node.values[0].unquoted if node else fallback

    if inherited is None:
        for key in ("title", "period", "evidence"):
            if key not in values:
                example = _HEADER_EXAMPLES[key]
                report(DK.MISSING_CLAUSE,
                       Words(f"the ruleset never gives its {key}",
                             f"la règle du jeu ne donne jamais son {q(key)}"),
                       header_span,
                       Words(f"add a line such as: {example}",
                             f"ajoutez une ligne comme{NNBSP}: {q(example)}"))
    evidence_text = text("evidence", inherited.evidence.value if inherited else "described")
    identity = Identity(
        id=text("ruleset", path.stem),
        title=text("title", inherited.title if inherited else path.stem),
        period=text("period", inherited.period if inherited else ""),
        evidence=r.Evidence(evidence_text),
        sources=tuple(sources.values()),
        parent=inherited.id if inherited else None,
        file=str(path),
    )
    return identity, header_span


def _twice(head: str) -> Words:
    return Words(f"'{head}' is given twice", f"{q(head)} figure deux fois")


def _first_at(line: int) -> Words:
    return Words(f"the first is at line {line}",
                 f"la première occurrence est à la ligne {line}")
