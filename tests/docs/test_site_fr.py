"""The French edition of the built site: every page has its French twin under ``fr/``,
the rule pages' prose is the French prose of their rule objects (no English rule prose
in it), and Material's language switch links each page to its twin, both ways."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from docs_support import BuiltSite
from test_prose_fr import english_words, prose_only

import nainjaune_rules
from nainjaune_rules.describe import i18n
from nainjaune_rules.describe.dimensions import entries
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.model.translation import translated

#: pages of the English site whose French twin is written in French
TRANSLATED = ("index.html", "language.html", "house-rulesets.html", "compare.html",
              "history.html", "playground.html", "sources.html", "statistics.html",
              "glossary.html", "rulesets/index.html", "differences/index.html",
              "rulesets/fr-sheet.html", "rulesets/1760.html", "cards/fr-sheet.html")
_RULE_TEXT = re.compile(r'<span class="nj-text">(.*?)</span>', re.S)


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_every_page_has_a_twin_under_fr(built_site: BuiltSite) -> None:
    root = built_site.folder
    english = {p.relative_to(root).as_posix() for p in root.rglob("*.html")
               if not p.relative_to(root).as_posix().startswith(("fr/", "assets/"))}
    french = {p.relative_to(root / "fr").as_posix() for p in (root / "fr").rglob("*.html")}
    assert len(english) > 30
    assert english - {"404.html"} <= french


@pytest.mark.parametrize("page", TRANSLATED)
def test_the_french_twin_is_written_in_french(built_site: BuiltSite, page: str) -> None:
    english = (built_site.folder / page).read_text(encoding="utf-8")
    french = (built_site.folder / "fr" / page).read_text(encoding="utf-8")
    assert french != english
    assert re.search(r'<html lang="fr"', french), "the page does not say it is French"


def _rule_sentences(page: Path) -> list[str]:
    return [" ".join(_text(m).split()) for m in _RULE_TEXT.findall(page.read_text("utf-8"))]


@pytest.mark.parametrize("name", nainjaune_rules.builtin_rulesets())
def test_a_french_ruleset_page_states_each_rule_in_french(built_site: BuiltSite,
                                                          name: str) -> None:
    # the French page says the ruleset with its own text from its catalogue (#25)
    ruleset = translated(nainjaune_rules.load_ruleset(name), "fr")
    page = built_site.folder / "fr" / "rulesets" / f"{name}.html"
    shown = _rule_sentences(page)
    assert shown, f"no rule on {page}"
    for entry in entries(ruleset):
        # as the page prints it: French typography (a narrow space before « ! », …)
        sentence = " ".join(i18n.FRENCH.describe(entry.clause).sentence.split())
        assert sentence in shown, f"{name}: missing {sentence!r}"
        stray = english_words(prose_only(describe_fr(entry.clause).sentence, entry.clause))
        assert not stray, f"{name}: English words {sorted(stray)} in {sentence!r}"
    # the English page of the same ruleset would fail the check
    english = _rule_sentences(built_site.folder / "rulesets" / f"{name}.html")
    assert any(english_words(s) for s in english)


def test_the_french_comparison_cells_are_french(built_site: BuiltSite) -> None:
    text = (built_site.folder / "fr" / "compare.html").read_text(encoding="utf-8")
    assert "Les variantes côte à côte" in text
    assert "sens antihoraire" in text and "counterclockwise" not in text.split("<article")[1]
    assert i18n.FRENCH.dimension_label("first-dealer", "") in text


def _switch(page: str) -> dict[str, str]:
    """The language switch of a page: ``{hreflang: href}``."""
    return dict((lang, href) for href, lang in re.findall(
        r'<a href="([^"]*)" hreflang="([a-z]+)" class="md-select__link"', page))


@pytest.mark.parametrize("page", ["index.html", "rulesets/fr-sheet.html", "compare.html",
                                  "language.html", "rulesets/house/1902-per-card.html",
                                  "sources.html", "statistics.html"])
def test_the_language_switch_links_both_ways(built_site: BuiltSite, page: str) -> None:
    root = built_site.folder
    english, french = root / page, root / "fr" / page
    to_french = _switch(english.read_text(encoding="utf-8"))["fr"]
    to_english = _switch(french.read_text(encoding="utf-8"))["en"]
    assert (english.parent / to_french).resolve() == french.resolve()
    assert (french.parent / to_english).resolve() == english.resolve()


def test_the_french_home_page_lists_the_variants_in_french(built_site: BuiltSite) -> None:
    text = (built_site.folder / "fr" / "index.html").read_text(encoding="utf-8")
    assert "Variantes publiées" in text and "3–8 joueurs" in text
    assert 'href="rulesets/fr-sheet.html"' in text


def test_the_worked_example_is_told_in_french(built_site: BuiltSite) -> None:
    text = (built_site.folder / "fr" / "rulesets" / "fr-sheet.html").read_text("utf-8")
    turns = re.findall(r"<ol class=\"nj-example\">(.*?)</ol>", text, re.S)
    assert turns, "no worked example"
    told = [" ".join(_text(t).split()) for t in re.findall(r"<li>(.*?)</li>", turns[0], re.S)]
    assert told and all(t.startswith("La place ") for t in told), told[:3]


# ------------------------------------------------- the sources and the statistics pages

#: what a page quotes rather than says: the sources' own words, code, the words
#: quoted in «…», a citation's paragraph, the licence's name
_QUOTED = re.compile(r"<blockquote.*?</blockquote>|<code>.*?</code>|«[^»]*»|¶[\d-]+|"
                     r"CC BY-SA|"
                     # a book's own words (its title, its publisher, a section's heading),
                     # marked with the book's language when it is not French
                     r'<(span|cite) lang="(?!fr")[a-z-]*">.*?</\1>', re.S)


def _article(page: Path) -> str:
    return page.read_text(encoding="utf-8").split("<article", 1)[1].split("</article>")[0]


def _data_strings() -> list[str]:
    """What the rulesets spell out themselves: their names on the site, their titles, the
    names of their table options and choices (``payment=cards``), the bots (``lowest``)."""
    found = {"lowest"}
    for name in nainjaune_rules.builtin_rulesets():
        ruleset = nainjaune_rules.load_ruleset(name)
        found |= {name, ruleset.title}
        for option in ruleset.options:
            found |= {option.name, *(c.name for c in option.choices)}
    return sorted(found, key=len, reverse=True)


def page_prose(page: Path) -> str:
    """The page's own words: its article, without quotations and the rulesets' data."""
    # a space for each tag: the charts' labels are one <text> each
    text = html.unescape(re.sub(r"<[^>]+>", " ", _QUOTED.sub(" ", _article(page))))
    for data in _data_strings():
        text = re.sub(rf"(?<![\w/-]){re.escape(data)}(?![\w/-])", " ", text)
    return text


@pytest.mark.parametrize("page", ["sources.html", "statistics.html"])
def test_the_french_sources_and_statistics_have_no_english_prose(built_site: BuiltSite,
                                                                 page: str) -> None:
    french = page_prose(built_site.folder / "fr" / page)
    assert len(french) > 3000
    assert not english_words(french), sorted(english_words(french))
    # the same check finds the English page's prose
    assert len(english_words(page_prose(built_site.folder / page))) > 10


_ENGLISH_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: a French number: a no-break space between groups of thousands, a decimal comma
_FRENCH_NUMBER = re.compile(r"-?\d+(?:\u00a0\d{3})*(?:,\d+)?")


def numbers(text: str, french: bool) -> list[float]:
    """Every number of ``text``, as a value, in order of size."""
    if french:
        found = [n.replace("\u00a0", "").replace(",", ".") for n in _FRENCH_NUMBER.findall(text)]
    else:
        found = _ENGLISH_NUMBER.findall(text)
    return sorted(float(n) for n in found)


def test_the_french_statistics_show_the_english_figures(built_site: BuiltSite) -> None:
    english, french = (html.unescape(re.sub(r"<[^>]+>", " ", _article(p)))
                       for p in (built_site.folder / "statistics.html",
                                 built_site.folder / "fr" / "statistics.html"))
    assert "Ce que disent les chiffres" in french and "What the figures say" in english
    # 1,32 [1,09 ; 1,55], the semicolon after a narrow no-break space (#25)
    assert re.search(r"\d,\d\d \[\d+,\d\d\u202f; \d+,\d\d\]", french)
    found = numbers(english, french=False)
    assert len(found) > 1000
    assert numbers(french, french=True) == found


def test_the_french_sources_page_names_each_quotations_language(built_site: BuiltSite) -> None:
    """The French page names its sources' languages in French (their catalogue): each
    quotation still carries its language code, and a French source has no translation
    under it, the others a French one (an English one came back with the catalogue)."""
    page = (built_site.folder / "fr" / "sources.html").read_text(encoding="utf-8")
    assert 'lang=""' not in page
    codes = re.findall(r'<blockquote lang="([a-z]*)">', page)
    assert {"fr", "cs", "ja"} <= set(codes)
    assert set(re.findall(r'class="nj-translation" lang="([a-z]*)"', page)) == {"fr"}
