"""The pages of the site, rendered from rule objects: pure functions, no MkDocs.

Each ``render_*`` function takes rule objects (and the names the site knows
them by) and returns the Markdown text of one page.  The MkDocs hook in
``site/hooks/`` only loads the rulesets and hands the text to MkDocs; the
tests call the same functions directly.

Templates are jinja2 files shipped in this package (``templates/``).  Every
value a template writes goes through :func:`nainjaune_rules.describe.text.md`
(jinja2's ``finalize``): any text a ruleset carries (a title, a reason, a box
name) is escaped for HTML and Markdown alike, unless a helper made it safe on
purpose (a checked identifier, a quoted link, the board's SVG).
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING
from urllib.parse import urljoin

import jinja2
from markupsafe import Markup, escape

from nainjaune_rules.core.spans import Citation
from nainjaune_rules.describe import i18n, sources_fr
from nainjaune_rules.describe.board import board_svg
from nainjaune_rules.describe.comparison import Change, ChangeKind, changes, compare
from nainjaune_rules.describe.dimensions import Entry, anchor, by_phase, content, entries
from nainjaune_rules.describe.example import tell, worked_example
from nainjaune_rules.describe.glossary import (
    GLOSSARY_PAGE,
    TERMS,
    link_terms,
    spoken_words,
    used_by,
)
from nainjaune_rules.describe.playbook import TOPICS, Topic, book, checklist
from nainjaune_rules.describe.sources import FACTS, Paragraph, SourceFacts, paragraph_anchor
from nainjaune_rules.describe.sources import paragraphs as held_paragraphs
from nainjaune_rules.describe.support import citation_anchor
from nainjaune_rules.describe.text import fence, front_title, href, ident, md, md_link, page_stem
from nainjaune_rules.model.defaults import default_settlement
from nainjaune_rules.model.rules import Clause, OriginKind, Ruleset, Settlement, Source
from nainjaune_rules.pages.evidence import Sets, highlighted, support_sets, targets

if TYPE_CHECKING:
    from nainjaune_rules.analysis.purse_grid import VariantSweep

COMPARE_PAGE = "compare.md"
SOURCES_PAGE = "sources.md"
RULESETS_INDEX = "rulesets/index.md"
CHANGES_INDEX = "differences/index.md"
#: the ``lang`` attribute of a source's quoted text, by the language its declaration names
#: a source's language as its ruleset names it, in English or, on the French pages (the
#: sources' own text translated: rules/locale/fr/sources.po), in French
LANG_CODES = {"French": "fr", "Japanese": "ja", "Czech": "cs", "English": "en",
              "français": "fr", "japonais": "ja", "tchèque": "cs", "anglais": "en"}


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


def plain_text(clause: Clause) -> str:
    """A clause's sentence; a clause kind the prose registry has no words for yet is
    named, never guessed at."""
    try:
        return i18n.language().describe(clause).sentence
    except TypeError:
        kind = type(clause).__name__
        return f"A rule of kind “{kind}” (this site has no wording for it yet)."


def rule_text(clause: Clause, page: str) -> Markup:
    """A clause's sentence, escaped, with its glossary words linked (the words of the
    page's language: :attr:`.i18n.Language.term_forms`)."""
    language = i18n.language()
    return link_terms(md(plain_text(clause)), page, language.term_forms, language.meaning)


def _term_lang(term: object) -> str:
    """The language of a spoken word: Czech for the leaflet's words, French otherwise."""
    return "cs" if any(c.source == "cz-box" for c in getattr(term, "citations", ())) else "fr"


@dataclass(frozen=True)
class Needs:
    """What a table needs before it can play: cards, board, tokens."""

    cards: int
    ranks: str
    boxes: int
    tokens: int

    @classmethod
    def of(cls, ruleset: Ruleset) -> Needs:
        order = ruleset.ranks.order
        span = i18n.language().phrase("{low} to {high}").format(
            low=i18n.language().rank_letter(order[0]),
            high=i18n.language().rank_letter(order[-1])) if order else "—"
        # a pool tied to no card is a compartment of the board too (issue #22, item 3)
        return cls(len(order) * 4, span, len(ruleset.board.boxes) + len(ruleset.pools),
                   ruleset.starting_tokens.count)


def _checklist(ruleset: Ruleset) -> dict[str, bool]:
    """:func:`.playbook.checklist`, its topics named in the language of the page."""
    language, slugs = i18n.language(), {t.title: t.slug for t in TOPICS}
    return {language.topic_title(slugs[title], title): stated
            for title, stated in checklist(ruleset).items()}


@cache
def environment(code: str = "en") -> jinja2.Environment:
    """The templates' environment for the pages in the language ``code`` (the words
    each language changes are installed by :func:`.i18n.install`)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("nainjaune_rules.pages", "templates"),
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
        href=href,
        md_link=md_link,
        fence=fence,
        anchor=anchor,
        option_of=option_of,
        rule_text=rule_text,
        plain_text=plain_text,
        term_lang=_term_lang,
        checklist=_checklist,
        card_page=card_page,
        paragraph_anchor=paragraph_anchor,
        citation_anchor=citation_anchor,
        citation_lang=citation_lang,
        highlighted=highlighted,
        targets=targets,
        LANG_CODES=LANG_CODES,
        NONE="—",
    )
    i18n.install(env, i18n.LANGUAGES[code])
    return env


def citation_lang(citation: Citation) -> str:
    """The language code of the source a citation names (its section's heading is quoted
    in it: ``§"The Play"`` stays English on a French page); "" when unknown."""
    facts = FACTS.get(citation.source)
    return LANG_CODES.get(facts.language, "") if facts else ""


def _render(template: str, **context: object) -> str:
    language = i18n.language()  # the page in its language's typography (French spaces)
    return language.typeset_page(environment(language.code).get_template(template).render(
        **context))


def render_ruleset_page(
    ruleset: Ruleset,
    *,
    name: str | None = None,
    parent: Ruleset | None = None,
    parent_name: str | None = None,
    text: str = "",
    statistics_anchor: str = "",
    purse: VariantSweep | None = None,
) -> str:
    """The page of one ruleset.

    ``name`` is what the site calls it (defaults to its id); ``parent`` the
    ruleset it extends, to list what it changes, and ``parent_name`` the site's
    name for the parent's page (default ``ruleset.parent``; ``""`` when the
    parent has no page, and then nothing links to it); ``text`` the ruleset
    file, shown highlighted at the end of the page; ``statistics_anchor`` the
    anchor of its figures on the statistics page (no link when empty); ``purse``
    its sweep of starting tokens against deals per game (no section when None).
    """
    name = name or ruleset.id
    page = ruleset_page(name)
    example = worked_example(ruleset, name)
    parent_name = ruleset.parent if parent_name is None else parent_name
    return _render(
        "ruleset.md.j2",
        ruleset=ruleset,
        name=name,
        page=page,
        parent_page=ruleset_page(parent_name) if parent_name else "",
        counts=Counts.of(ruleset),
        sources=cited_sources(ruleset),
        board=board_svg(ruleset.board, ruleset.pools),
        book=book(ruleset),
        needs=Needs.of(ruleset),
        spoken=spoken_words(ruleset),
        card=card_page(name),
        example=example,
        told=tell(example) if example else None,
        changes=changes(parent, ruleset) if parent else [],
        text=text,
        statistics_anchor=statistics_anchor,
        purse=_purse_section(purse),
        file_name=posixpath.basename(ruleset.file.replace("\\", "/")),
    )


def _purse_section(purse: VariantSweep | None) -> object:
    if purse is None:
        return None
    from nainjaune_rules.pages.purse_page import purse_section

    return purse_section(purse, i18n.language().code)


def render_comparison_page(columns: Sequence[tuple[str, Ruleset]]) -> str:
    """The comparison page: one row per rule dimension, one column per ``(name, ruleset)``."""
    return _comparison("comparison.md.j2", COMPARE_PAGE, columns)


def _comparison(template: str, page: str, columns: Sequence[tuple[str, Ruleset]]) -> str:
    rows = compare([r for _, r in columns])
    return _render(template, page=page, phases=by_phase(rows),
                   columns=[(name, r, ruleset_page(name)) for name, r in columns])


#: the hand-written family page ("Nain Jaune and its cousins"), whose comparison of the
#: four games is written in where this marker stands (see :func:`render_family_table`)
FAMILY_PAGE = "family.md"
FAMILY_MARKER = "<!-- nainjaune:family -->"


def render_family_table(columns: Sequence[tuple[str, Ruleset]]) -> str:
    """The family page's comparison: the comparison page's tables, rule by rule, for
    Nain Jaune and its cousins (the page's own text says what the table shows)."""
    return _comparison("family_table.md.j2", FAMILY_PAGE, columns)


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
    language = i18n.language()
    found: list[tuple[str, str, Clause]] = [
        (language.dimension_label(e.dimension.key, e.dimension.label), e.anchor, e.clause)
        for e in entries(ruleset)
    ]
    for option in ruleset.options:
        # the option's name is a word of the ruleset file (``--option deals=…``): code
        label = Markup("{} <code>{}</code>").format(language.phrase("table option"),
                                                    option.name)
        target = f"option-{option.name}"
        found.append((label, target, option))
        found.extend((Markup(escape(language.phrase("{option}: {choice}"))).format(
                          option=label, choice=choice.name), target, clause)
                     for choice in option.choices for clause in choice.clauses)
    return found


def cited_sources(ruleset: Ruleset) -> list[Source]:
    """The sources of ``ruleset`` that at least one of its clauses cites."""
    cited = {c.source for _, _, clause in _cited_clauses(ruleset)
             for c in clause.origin.citations}
    return [s for s in ruleset.sources if s.id in cited]


@dataclass(frozen=True)
class SourceEntry:
    """One source as the sources page shows it, in the page's language."""

    source: Source
    facts: SourceFacts | None
    language: str  #: the source's language, named in the page's language
    description: str
    #: each cited paragraph the site holds, with its translation into the page's
    #: language and that translation's language code ("" when the source is
    #: written in the page's language: shown as it is), and the sets of its
    #: sentences that support the clauses citing it (:mod:`.evidence`)
    held: list[tuple[Paragraph, str, str, tuple[tuple[int, ...], ...]]]
    citing: list[tuple[str, str, list[tuple[str, str, str]]]]


def _translated(p: Paragraph, source: Source, code: str) -> tuple[str, str]:
    """``(translation, its language code)`` of a held paragraph for a page in ``code``."""
    if code == "en":
        return p.english, "en"
    if LANG_CODES.get(source.language) == code:
        return "", ""
    french = sources_fr.translations().get(source.id, {}).get(p.number)
    # a paragraph held without its French yet keeps its English (a test lists them)
    return (french, code) if french else (p.english, "en")


def _source_entry(source: Source, citing: list[tuple[str, str, list[tuple[str, str, str]]]],
                  sets: Sets) -> SourceEntry:
    code = i18n.language().code
    held = [(p, *_translated(p, source, code), sets.get((source.id, p.number), ()))
            for p in held_paragraphs().get(source.id, {}).values()]
    if code == "fr":
        return SourceEntry(source, sources_fr.FACTS.get(source.id),
                           sources_fr.LANGUAGE_NAMES.get(source.language, source.language),
                           sources_fr.DESCRIPTIONS.get(source.id, source.description),
                           held, citing)
    return SourceEntry(source, FACTS.get(source.id), source.language, source.description,
                       held, citing)


def render_sources_page(rulesets: Sequence[tuple[str, Ruleset]]) -> str:
    """Every source the rulesets declare, and which of their clauses cite it."""
    sources: dict[str, Source] = {}
    for _, r in rulesets:
        for s in r.sources:
            sources.setdefault(s.id, s)
    sets = support_sets(clause for _, r in rulesets for _, _, clause in _cited_clauses(r))
    listed = []
    for source in sources.values():
        citing = []
        for name, r in rulesets:
            items = [
                (label, anchor_, ", ".join(paragraphs))
                for label, anchor_, clause in _cited_clauses(r)
                if (paragraphs := [c.locator for c in clause.origin.citations
                                   if c.source == source.id])
            ]
            if items:
                citing.append((name, ruleset_page(name), items))
        listed.append(_source_entry(source, citing, sets))
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


def render_glossary_page(rulesets: Sequence[tuple[str, Ruleset]]) -> str:
    """The glossary: each word, the rulesets that use it, the paragraphs that say it."""
    terms = [(t, [(n, ruleset_page(n)) for n in used_by(t, rulesets)]) for t in TERMS]
    return _render("glossary.md.j2", page=GLOSSARY_PAGE, terms=terms)


def card_page(name: str) -> str:
    """Where the printable rule card of the ruleset called ``name`` lives."""
    return f"cards/{page_stem(name)}.html"


def _card_book(ruleset: Ruleset) -> list[tuple[Topic, list[Entry], list[Entry]]]:
    """:func:`.playbook.book` less a settlement in the default order: the card must fit
    two A4 pages, and the usual order (losers pay first, the board last) goes without
    saying there; the ruleset's page always states it."""
    usual = default_settlement().steps

    def keep(entry: Entry) -> bool:
        return not (isinstance(entry.clause, Settlement) and entry.clause.steps == usual)

    return [(topic, [e for e in items if keep(e)], refs) for topic, items, refs in book(ruleset)]


def render_rule_card(ruleset: Ruleset, name: str, site_url: str = "") -> str:
    """A standalone HTML page (no site navigation) with everything needed to play,
    sized to print on at most two A4 pages.  Its footer gives the address of the
    ruleset's page on the site published at ``site_url`` (none: the footer's link is
    left out of print, where a relative link is no address)."""
    card = card_page(name)
    return _render(
        "card.html.j2",
        ruleset=ruleset,
        name=name,
        board=board_svg(ruleset.board, ruleset.pools),
        book=_card_book(ruleset),
        needs=Needs.of(ruleset),
        spoken=spoken_words(ruleset),
        page_url=href(card.replace(".html", ".md"), ruleset_page(name)),
        page_address=page_address(site_url, ruleset_page(name)),
    )


def page_address(site_url: str, page: str) -> str:
    """The absolute address of the page ``page`` (an ``.md`` path under the docs folder)
    in the language being written, on the site published at ``site_url``; "" without one."""
    if not site_url:
        return ""
    code = i18n.language().code
    edition = "" if code == i18n.ENGLISH.code else f"{code}/"
    return urljoin(site_url.rstrip("/") + "/", edition + page.removesuffix(".md") + ".html")
