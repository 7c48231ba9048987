"""Every generated page of the site, from the rulesets it documents.

:func:`generated_pages` is what the MkDocs hook calls: given the loaded
rulesets (by the name the site knows them by), their files' text and the
parents of the rulesets that extend another, it returns ``{path: markdown}``
for every page the build adds.  It does no I/O, so the tests can call it with
rulesets built in Python.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nainjaune_rules.describe import i18n
from nainjaune_rules.describe.comparison import changes
from nainjaune_rules.describe.glossary import GLOSSARY_PAGE
from nainjaune_rules.describe.text import md, md_link
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.model.translation import translated, untranslated

from .page_render import (
    CHANGES_INDEX,
    COMPARE_PAGE,
    FAMILY_MARKER,
    RULESETS_INDEX,
    SOURCES_PAGE,
    card_page,
    changes_page,
    render_changes_index,
    render_changes_page,
    render_comparison_page,
    render_family_table,
    render_glossary_page,
    render_rule_card,
    render_ruleset_page,
    render_rulesets_index,
    render_sources_page,
    ruleset_page,
)

if TYPE_CHECKING:
    from nainjaune_rules.analysis.purse_grid import VariantSweep

HOUSE_PREFIX = "house/"

# A year ("1760") or a century ("20th century", "19th–20th century") in a period.
_YEAR = re.compile(r"(?<!\d)(\d{3,4})(?!\d|st|nd|rd|th)")
_CENTURY = re.compile(r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)\b")


def is_house(name: str) -> bool:
    """House rulesets live under ``rules/house/``; the others are published variants."""
    return name.startswith(HOUSE_PREFIX)


#: Nain Jaune's cousins (Pope Joan, Comète, Michigan) live under ``rules/cousins/``:
#: other games of the family, listed apart and kept off Nain Jaune's historical line
COUSIN_PREFIX = "cousins/"
#: the ruleset that stands for Nain Jaune itself on the family page
FAMILY_NAIN_JAUNE = "fr-sheet"


def is_cousin(name: str) -> bool:
    return name.startswith(COUSIN_PREFIX)


def period_years(period: str) -> tuple[int, int] | None:
    """The years a ruleset's ``period`` spans: ``1760`` → (1760, 1760), ``20th century``
    → (1901, 2000), ``19th–20th century`` → (1801, 2000); None when it names no date
    (a house ruleset's ``house``)."""
    spans = [(int(y), int(y)) for y in _YEAR.findall(period)]
    spans += [((int(c) - 1) * 100 + 1, int(c) * 100) for c in _CENTURY.findall(period)]
    if not spans:
        return None
    return min(s for s, _ in spans), max(e for _, e in spans)


def historical_line(rulesets: Mapping[str, Ruleset]) -> list[str]:
    """The published variants whose period names a date, oldest first: each step of
    this line gets a differences page.  A span is placed at its middle (the
    ``19th–20th century`` at 1900, after 1760 and before 1902); names break ties."""

    def middle(name: str) -> float:
        start, end = period_years(rulesets[name].period) or (0, 0)
        return (start + end) / 2

    dated = [n for n, r in rulesets.items()
             if not is_house(n) and not is_cousin(n) and period_years(r.period)]
    return sorted(dated, key=lambda n: (middle(n), n))


def display_order(rulesets: Mapping[str, Ruleset]) -> list[str]:
    """The order the site lists rulesets in: the historical line first, then the other
    published variants, then Nain Jaune's cousins, then the house rulesets
    (alphabetically within each)."""
    line = historical_line(rulesets)

    def key(name: str) -> tuple[bool, bool, int, str]:
        rank = line.index(name) if name in line else len(line)
        return (is_house(name), is_cousin(name), rank, name)

    return sorted(rulesets, key=key)


def parent_name_of(ruleset: Ruleset, rulesets: Mapping[str, Ruleset]) -> str:
    """The name, among ``rulesets`` (name → ruleset), of the ruleset ``ruleset`` extends
    (recorded by its id); "" when it extends none of them."""
    if not ruleset.parent:
        return ""
    if ruleset.parent in rulesets:
        return ruleset.parent
    return next((n for n, r in rulesets.items() if r.id == ruleset.parent), "")


@dataclass(frozen=True)
class Shelf:
    """The rulesets a site documents.

    ``rulesets`` maps the site's name for each (``fr-sheet``, ``house/x``) to the
    ruleset, in the order the site lists them; ``texts`` the ruleset files;
    ``parents`` the ruleset each extending ruleset extends, by its name.
    """

    rulesets: Mapping[str, Ruleset]
    texts: Mapping[str, str] = field(default_factory=dict)
    parents: Mapping[str, Ruleset] = field(default_factory=dict)
    #: the anchor of each ruleset's figures on the statistics page (none: no link)
    statistics: Mapping[str, str] = field(default_factory=dict)
    #: each variant's sweep of starting tokens against deals per game (none: no section)
    purses: Mapping[str, VariantSweep] = field(default_factory=dict)
    #: the address the site is published at (mkdocs.yml's site_url): the printed rule
    #: cards give each ruleset page's address (none: they give none)
    site_url: str = ""

    def parent_name(self, name: str) -> str:
        """The site's name of the ruleset that ``name`` extends, "" when it is not on the shelf.

        A ruleset records its parent by its id (``house-1902-per-card``); the site knows it
        by its name (``house/1902-per-card``); a variant's id and name are the same.
        """
        return parent_name_of(self.rulesets[name], self.rulesets)

    @property
    def variants(self) -> list[tuple[str, Ruleset]]:
        return [(n, r) for n, r in self.rulesets.items()
                if not is_house(n) and not is_cousin(n)]

    @property
    def cousins(self) -> list[tuple[str, Ruleset]]:
        return [(n, r) for n, r in self.rulesets.items() if is_cousin(n)]

    @property
    def house(self) -> list[tuple[str, Ruleset]]:
        return [(n, r) for n, r in self.rulesets.items() if is_house(n)]

    def groups(self) -> list[tuple[str, list[tuple[str, Ruleset]]]]:
        """The published variants, Nain Jaune's cousins, then the house rulesets, each
        with its heading."""
        return [("Published variants", self.variants), ("Nain Jaune's cousins", self.cousins),
                ("House rulesets", self.house)]

    def family(self) -> list[tuple[str, Ruleset]]:
        """The games the family page compares: Nain Jaune as the modern French sheet
        gives it (the most widely played form, see notes/cousins.md), then its cousins."""
        nain_jaune = [(n, r) for n, r in self.rulesets.items() if n == FAMILY_NAIN_JAUNE]
        return nain_jaune + self.cousins

    def pairs(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The difference pages: the historical line, then each house ruleset vs its parent."""
        line = historical_line(self.rulesets)
        history = list(zip(line, line[1:], strict=False))
        house = [(self.parent_name(n), n) for n, _ in self.house if self.parent_name(n)]
        return [("The historical line", history), ("House rulesets", house)]


def generated_pages(shelf: Shelf, lang: str = "en") -> dict[str, str]:
    """``{path under the docs folder: Markdown}`` for every generated page, written in
    the language ``lang`` (a French page's path is ``x.fr.md``, see
    :meth:`.i18n.Language.page`)."""
    with i18n.speaking(lang) as language:
        return {language.page(path): text for path, text in _pages(shelf).items()}


def _pages(shelf: Shelf) -> dict[str, str]:
    """The pages in the language spoken (:func:`.i18n.speaking`): each ruleset is shown
    with its own text in that language (:func:`.translation.translated`), while the
    site's order and pairs are worked out from the rulesets as written (a period is
    dated from its English: ``19th century``)."""
    pages: dict[str, str] = {}
    language = i18n.language()

    def shown(ruleset: Ruleset) -> Ruleset:
        return translated(ruleset, language.code)

    def named(items: list[tuple[str, Ruleset]]) -> list[tuple[str, Ruleset]]:
        return [(name, shown(ruleset)) for name, ruleset in items]

    for name, ruleset in shelf.rulesets.items():
        parent = shelf.parents.get(name)
        pages[ruleset_page(name)] = render_ruleset_page(
            shown(ruleset),
            name=name,
            parent=shown(parent) if parent is not None else None,
            parent_name=shelf.parent_name(name),
            text=shelf.texts.get(name, ""),
            statistics_anchor=shelf.statistics.get(name, ""),
            purse=shelf.purses.get(name),
        )
        pages[card_page(name)] = render_rule_card(shown(ruleset), name, shelf.site_url)
    variants = shelf.variants or list(shelf.rulesets.items())
    everything = named(list(shelf.rulesets.items()))
    pages[GLOSSARY_PAGE] = render_glossary_page(everything)
    pages[SOURCES_PAGE] = render_sources_page(everything)
    pages[COMPARE_PAGE] = render_comparison_page(named(variants))
    pages[RULESETS_INDEX] = render_rulesets_index(
        [(language.phrase(title), named(items)) for title, items in shelf.groups()])
    groups = []
    for title, pairs in shelf.pairs():
        counted = []
        for before, after in pairs:
            old, new = shelf.rulesets[before], shelf.rulesets[after]
            pages[changes_page(before, after)] = render_changes_page(
                (before, shown(old)), (after, shown(new))
            )
            counted.append((before, after, len(changes(old, new))))
        groups.append((language.phrase(title), counted))
    pages[CHANGES_INDEX] = render_changes_index(groups)
    return pages


def untranslated_text(shelf: Shelf, lang: str) -> list[str]:
    """One line for each string of a built-in ruleset with no translation in ``lang``
    (the site's hook logs each as a warning, which fails a strict build: a French page
    never shows a built-in ruleset's English).  A ruleset with no catalogue in ``lang``
    (a user's, outside the rules folder or dropped into it) has its text shown marked
    ``lang="en"`` and is not listed; every ruleset the project ships has its catalogue
    (tests/docs/test_ruleset_catalogues.py)."""
    lines = []
    for name, ruleset in shelf.rulesets.items():
        for missing in untranslated(ruleset, lang):
            if missing.catalogued:
                lines.append(f'{missing.file}: no {lang} text for the {missing.kind.value} '
                             f'"{missing.text}" (rules/locale/{lang}/LC_MESSAGES/'
                             f'{missing.domain}.po), shown on the pages of {name}')
    return list(dict.fromkeys(lines))


def variant_links(shelf: Shelf, from_page: str = "index.md", lang: str = "en") -> str:
    """A Markdown list linking to every ruleset page, for the home page."""
    language, lines = i18n.LANGUAGES.get(lang, i18n.ENGLISH), []
    for title, items in shelf.groups():
        if not items:
            continue
        lines.append(f"**{language.phrase(title)}**\n")
        for name, written in items:
            r = translated(written, language.code)
            link = md_link(from_page, ruleset_page(name))
            lines.append(
                f"- [{md(r.title)}]({link}) — {md(r.period)}, "
                f"{md(language.describe(r.players).short)} {language.phrase('players')}"
            )
        lines.append("")
    return "\n".join(lines)


def with_family_table(markdown: str, shelf: Shelf, lang: str = "en") -> str:
    """``markdown`` with the family page's marker replaced by the comparison of Nain
    Jaune and its cousins, written in ``lang`` (the text unchanged without a marker)."""
    if FAMILY_MARKER not in markdown:
        return markdown
    with i18n.speaking(lang):
        family = [(name, translated(r, lang)) for name, r in shelf.family()]
        return markdown.replace(FAMILY_MARKER, render_family_table(family))


def navigation(shelf: Shelf) -> dict[str, list[str]]:
    """Nav entries for the generated pages, by nav section: ``{section: [path]}``.

    "Variants" lists the ruleset pages in the shelf's order, "Differences" the
    pages of differences between two rulesets.  The entries carry no title: each
    page's front matter gives it, escaped (see :func:`.text.front_title`).
    """
    return {
        "Variants": [ruleset_page(n) for n in shelf.rulesets],
        "Differences": [
            changes_page(before, after) for _, pairs in shelf.pairs() for before, after in pairs
        ],
    }
