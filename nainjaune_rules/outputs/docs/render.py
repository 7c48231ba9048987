"""The pages of the site, rendered from rule objects: pure functions, no MkDocs.

Each ``render_*`` function takes rule objects (and the names the site knows
them by) and returns the Markdown text of one page.  The MkDocs hook in
``site/hooks/`` only loads the rulesets and hands the text to MkDocs; the
tests call the same functions directly.

Templates are jinja2 files shipped in this package (``templates/``).  Every
value a template writes goes through :func:`.text.md` (jinja2's ``finalize``):
any text a ruleset carries (a title, a reason, a box name) is escaped for HTML
and Markdown alike, unless a helper made it safe on purpose (a checked
identifier, a quoted link, the board's SVG).
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import jinja2

from nainjaune_rules.model.rules import Clause, OriginKind, Ruleset, Source

from .board import board_svg
from .comparison import Change, ChangeKind, changes, compare
from .dimensions import anchor, by_phase, content, entries
from .prose import describe
from .sources import FACTS, paragraph_anchor, paragraphs
from .text import fence, front_title, href, ident, md, md_link, page_stem
from .vocabulary import EVIDENCE_WORDS, ORIGIN_WORDS

COMPARE_PAGE = "compare.md"
SOURCES_PAGE = "sources.md"
RULESETS_INDEX = "rulesets/index.md"
CHANGES_INDEX = "differences/index.md"
#: the ``lang`` attribute of a source's quoted text, by the language its declaration names
LANG_CODES = {"French": "fr", "Japanese": "ja", "Czech": "cs", "English": "en"}


def ruleset_page(name: str) -> str:
    """Where the page of the ruleset called ``name`` (``fr-sheet``, ``house/x``) lives."""
    return f"rulesets/{page_stem(name)}.md"


def changes_page(before: str, after: str) -> str:
    before, after = (page_stem(n).replace("/", "-") for n in (before, after))
    return f"differences/{before}--{after}.md"


@dataclass(frozen=True)
class Counts:
    """How many clauses of a ruleset are attested, inferred, or house decisions."""

    attested: int
    inferred: int
    house: int
    partly: int = 0  # attested clauses with a part inferred (counted in ``attested``)

    @property
    def total(self) -> int:
        return self.attested + self.inferred + self.house

    @classmethod
    def of(cls, ruleset: Ruleset) -> Counts:
        clauses: list[Clause] = [e.clause for e in entries(ruleset)] + list(ruleset.options)
        kinds = Counter(c.origin.kind for c in clauses)
        partly = sum(c.origin.kind is OriginKind.ATTESTED and bool(c.origin.reason)
                     for c in clauses)
        return cls(kinds[OriginKind.ATTESTED], kinds[OriginKind.INFERRED],
                   kinds[OriginKind.HOUSE], partly)


def option_of(ruleset: Ruleset, clause: Clause) -> tuple[str, str] | None:
    """``(option, choice)`` when ``clause`` is in force because of a chosen table option."""
    for option_name, choice_name in ruleset.chosen:
        option = ruleset.option(option_name)
        choice = option.choice(choice_name) if option else None
        if choice and any(content(c) == content(clause) for c in choice.clauses):
            return option_name, choice_name
    return None


def _sentences(clauses: Sequence[Clause]) -> str:
    return " ".join(describe(c).sentence for c in clauses)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("nainjaune_rules.outputs.docs", "templates"),
        autoescape=True,  # a second line of defence: md() returns Markup
        finalize=md,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["md"] = md
    env.filters["front_title"] = front_title
    env.filters["ident"] = ident
    env.globals.update(
        describe=describe,
        href=href,
        md_link=md_link,
        fence=fence,
        anchor=anchor,
        option_of=option_of,
        sentences=_sentences,
        ORIGIN_WORDS=ORIGIN_WORDS,
        paragraph_anchor=paragraph_anchor,
        LANG_CODES=LANG_CODES,
        EVIDENCE_WORDS=EVIDENCE_WORDS,
        NONE="—",
    )
    return env


def _render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)


def render_ruleset_page(
    ruleset: Ruleset,
    *,
    name: str | None = None,
    parent: Ruleset | None = None,
    parent_name: str | None = None,
    text: str = "",
    statistics_anchor: str = "",
) -> str:
    """The page of one ruleset.

    ``name`` is what the site calls it (defaults to its id); ``parent`` the
    ruleset it extends, to list what it changes, and ``parent_name`` the site's
    name for the parent's page (default ``ruleset.parent``; ``""`` when the
    parent has no page, and then nothing links to it); ``text`` the ruleset
    file, shown highlighted at the end of the page; ``statistics_anchor`` the
    anchor of its figures on the statistics page (no link when empty).
    """
    name = name or ruleset.id
    page = ruleset_page(name)
    parent_name = ruleset.parent if parent_name is None else parent_name
    return _render(
        "ruleset.md.j2",
        ruleset=ruleset,
        name=name,
        page=page,
        parent_page=ruleset_page(parent_name) if parent_name else "",
        counts=Counts.of(ruleset),
        sources=cited_sources(ruleset),
        board=board_svg(ruleset.board),
        phases=by_phase(entries(ruleset)),
        changes=changes(parent, ruleset) if parent else [],
        text=text,
        statistics_anchor=statistics_anchor,
        file_name=posixpath.basename(ruleset.file.replace("\\", "/")),
    )


def render_comparison_page(columns: Sequence[tuple[str, Ruleset]]) -> str:
    """The comparison page: one row per rule dimension, one column per ``(name, ruleset)``."""
    rows = compare([r for _, r in columns])
    return _render(
        "comparison.md.j2",
        page=COMPARE_PAGE,
        columns=[(name, r, ruleset_page(name)) for name, r in columns],
        phases=by_phase(rows),
    )


def _change_counts(items: Sequence[Change]) -> dict[str, int]:
    kinds = Counter(c.kind for c in items)
    return {k.value: kinds[k] for k in ChangeKind}


def render_changes_page(before: tuple[str, Ruleset], after: tuple[str, Ruleset]) -> str:
    """What changes from one ruleset to another, phase by phase."""
    (before_name, old), (after_name, new) = before, after
    found = changes(old, new)
    return _render(
        "changes.md.j2",
        page=changes_page(before_name, after_name),
        before=old,
        after=new,
        before_name=before_name,
        after_name=after_name,
        before_page=ruleset_page(before_name),
        after_page=ruleset_page(after_name),
        counts=_change_counts(found),
        phases=by_phase(found),
    )


def render_changes_index(groups: Sequence[tuple[str, Sequence[tuple[str, str, int]]]]) -> str:
    """The list of difference pages: ``(group title, [(before, after, changed rules)])``."""
    return _render(
        "changes_index.md.j2",
        page=CHANGES_INDEX,
        groups=[
            (title, [(b, a, changes_page(b, a), n) for b, a, n in pairs])
            for title, pairs in groups
        ],
    )


def _cited_clauses(ruleset: Ruleset) -> list[tuple[str, str, Clause]]:
    """``(label, anchor, clause)`` for every clause of the ruleset page that can cite a
    source: the rules in force, the table options, and the clauses of every choice."""
    found: list[tuple[str, str, Clause]] = [
        (e.dimension.label, e.anchor, e.clause) for e in entries(ruleset)
    ]
    for option in ruleset.options:
        label, target = f"table option {option.name}", f"option-{option.name}"
        found.append((label, target, option))
        found.extend((f"{label}: {choice.name}", target, clause)
                     for choice in option.choices for clause in choice.clauses)
    return found


def cited_sources(ruleset: Ruleset) -> list[Source]:
    """The sources of ``ruleset`` that at least one of its clauses cites."""
    cited = {c.source for _, _, clause in _cited_clauses(ruleset)
             for c in clause.origin.citations}
    return [s for s in ruleset.sources if s.id in cited]


def render_sources_page(rulesets: Sequence[tuple[str, Ruleset]]) -> str:
    """Every source the rulesets declare, and which of their clauses cite it."""
    sources: dict[str, Source] = {}
    for _, r in rulesets:
        for s in r.sources:
            sources.setdefault(s.id, s)
    listed = []
    for source in sources.values():
        citing = []
        for name, r in rulesets:
            items = [
                (label, anchor_, ", ".join(paragraphs))
                for label, anchor_, clause in _cited_clauses(r)
                if (paragraphs := [c.paragraph for c in clause.origin.citations
                                   if c.source == source.id])
            ]
            if items:
                citing.append((name, ruleset_page(name), items))
        held = list(paragraphs().get(source.id, {}).values())
        listed.append((source, FACTS.get(source.id), held, citing))
    return _render("sources.md.j2", page=SOURCES_PAGE, sources=listed)


def render_rulesets_index(groups: Sequence[tuple[str, Sequence[tuple[str, Ruleset]]]]) -> str:
    """The list of rulesets, in groups (published variants, house rulesets)."""
    return _render(
        "rulesets_index.md.j2",
        page=RULESETS_INDEX,
        groups=[
            (title, [(n, r, ruleset_page(n), Counts.of(r)) for n, r in items])
            for title, items in groups
            if items
        ],
    )
