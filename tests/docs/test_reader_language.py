"""The built pages read as a reader reads them (issue #25, item 4): no English on the
French pages, no French on the English pages, outside code, quotations of the sources,
names and what is marked as the other language.

``tools/french_fragments.py`` does the reading (the lead reruns it on any built site:
``python tools/french_fragments.py SITE``); these tests run it on the site the session
builds once (``built_site``), and first check on small pages that it reads what a reader
sees and nothing else, so that a count of 0 means something.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from docs_support import ROOT, BuiltSite


def _tool() -> ModuleType:
    path = ROOT / "tools" / "french_fragments.py"
    spec = importlib.util.spec_from_file_location("french_fragments", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


tool = _tool()


def _page(body: str) -> str:
    return (f'<html><body><nav>the site nav</nav><article class="md-content__inner md-typeset">'
            f"{body}</article><footer>made with the tools</footer></body></html>")


def _listed(found: list) -> str:
    return "\n".join(f"{f.page}: {f.text[:200]}" for f in found)


# -- the reader itself, on pages written for it --------------------------------------------

def test_the_reader_sees_the_article_and_cuts_it_at_blocks() -> None:
    html = _page('<h1>Titre<a class="headerlink" href="#t">¶</a></h1>'
                 "<p>Une phrase avec un <a href='x'>lien</a> au milieu.</p>"
                 '<p>La marque <span class="nj-reason">the sheet is silent</span></p>')
    assert tool.visible_fragments(html, "en") == [
        "Titre", "Une phrase avec un lien au milieu.", "La marque", "the sheet is silent"]


def test_the_reader_skips_code_quotations_and_the_other_language() -> None:
    html = _page('<p>Le code <code>players: 3 to 8</code> et la source '
                 "<q>the players agree</q>.</p><blockquote><p>the rules say</p></blockquote>"
                 '<div class="highlight"><pre><span>when the deal ends</span></pre></div>'
                 '<p>Page <span lang="en">p.195</span> du livre <em lang="en">The Deal</em>.</p>'
                 "<script>var the = 1;</script><style>.the{}</style>")
    assert tool.visible_fragments(html, "en") == [
        "Le code et la source .", "Page du livre ."]


def test_a_printable_card_is_read_whole() -> None:
    html = "<html><head><title>x</title></head><body><h1>Fiche</h1><p>stake 5</p></body></html>"
    assert tool.visible_fragments(html, "en") == ["Fiche", "stake 5"]


@pytest.mark.parametrize(("text", "english"), [
    ("the yellow dwarf : mise 5", ("the", "yellow", "dwarf")),
    ("Le donneur mêle les cartes.", ()),
    ("fr-sheet ¶14 ; two-player-suits", ()),  # names, not words
    ("voir ../rulesets/house/two-packs.html (payment=cards)", ()),  # paths and settings
    ("La place 0 pose ♦10, en disant « sans six ».", ()),  # "six" is French too
])
def test_english_words_are_found_in_french_text(text: str, english: tuple[str, ...]) -> None:
    assert tool.foreign_words(text, tool.ENGLISH_WORDS) == english


def test_a_fragment_is_ruleset_text_only_when_all_its_english_is(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "x.nj").write_text('ruleset x\ntitle "The old game"\nboard:\n'
                                '    7D "the yellow dwarf": stake 5\n', encoding="utf-8")
    strings = tool.ruleset_strings(rules)
    words = tool.ENGLISH_WORDS
    assert tool.from_ruleset_text("the yellow dwarf\u202f: mise 5", strings, words)
    assert tool.from_ruleset_text("The old game", strings, words)
    assert not tool.from_ruleset_text("the yellow dwarf: stake 5", strings, words)


def test_quotations_glosses_and_glossary_words_are_french_by_right_on_english_pages(
        tmp_path: Path) -> None:
    (tmp_path / "fr").mkdir()
    (tmp_path / "index.html").write_text(_page(
        "<p>The player says “sans dix” and lays the box card (belle carte).</p>"
        "<p>Each box (case) holds the stake.</p>"
        "<p>Chaque joueur mise.</p>"), encoding="utf-8")
    found = tool.fragments(tmp_path, english=True)
    assert [f.text for f in found] == ["Chaque joueur mise."]


# -- the built site ------------------------------------------------------------------------

def test_the_package_writes_no_english_on_the_french_pages(built_site: BuiltSite) -> None:
    """Every English word left on a French page is a ruleset's own text (a title, a
    reason, a box name, an option's question): the package's words are all French.
    Before issue #25: 277 fragments of the package's English (the board's captions,
    "stake", "of trumps", "1st out", the example's calls…)."""
    found = [f for f in tool.fragments(built_site.folder) if not f.ruleset_text]
    assert not found, f"{len(found)} fragments of English:\n{_listed(found)}"


def test_the_french_pages_have_no_english(built_site: BuiltSite) -> None:
    """The whole count, the rulesets' text included (from their catalogues): 928
    fragments on 42 pages before the catalogues, every one of them a ruleset's own
    English words; 0 now."""
    found = tool.fragments(built_site.folder)
    assert not found, f"{len(found)} fragments of English:\n{_listed(found)}"


def test_the_english_pages_have_no_french(built_site: BuiltSite) -> None:
    found = tool.fragments(built_site.folder, english=True)
    assert not found, f"{len(found)} fragments of French:\n{_listed(found)}"


def test_the_reader_reads_every_french_page(built_site: BuiltSite) -> None:
    """The reader is not blind: every French page gives it text, and the French rule
    pages the sentences the prose writes."""
    for page in tool.french_pages(built_site.folder):
        if page.name == "playground.html":  # the playground is the app's; its text is JS
            continue
        text = " ".join(tool.visible_fragments(page.read_text(encoding="utf-8"), "en"))
        assert len(text) > 200, page
    sheet = built_site.folder / "fr" / "rulesets" / "fr-sheet.html"
    assert "Le donneur mêle les cartes avant chaque donne." in " ".join(
        tool.visible_fragments(sheet.read_text(encoding="utf-8"), "en"))


_ENGLISH_CARD = re.compile(r"(?<![\w/])(?:J|Q|K)[♣♦♥♠]")


def test_the_french_pages_write_the_cards_in_french(built_site: BuiltSite) -> None:
    """♣V ♠D ♥R as the French sources page writes them, never J♣ Q♠ K♥ (outside code)."""
    found = []
    for page in tool.french_pages(built_site.folder):
        for text in tool.visible_fragments(page.read_text(encoding="utf-8"), "en"):
            if _ENGLISH_CARD.search(text):
                found.append(f"{page.name}: {text[:120]}")
    assert not found, "\n".join(found)
    sheet = (built_site.folder / "fr" / "rulesets" / "fr-sheet.html").read_text("utf-8")
    assert "le valet de trèfle &#40;♣V, mise 2&#41;" in sheet


@pytest.mark.parametrize("name", ["fr-sheet", "1760", "cz-box", "cousins/pope-joan"])
def test_french_rule_pages_link_the_glossary_as_the_english_ones(built_site: BuiltSite,
                                                                 name: str) -> None:
    """The same terms linked: the French count within a fifth of the English twin's (the
    two languages do not name every term in every sentence alike)."""
    english, french = (
        (built_site.folder / sub / "rulesets" / f"{name}.html").read_text("utf-8").count(
            'class="nj-term"') for sub in ("", "fr"))
    assert english > 10
    assert abs(french - english) <= english / 5, (english, french)


#: what French typography does not print: a plain space before « : ; ! ? » after a word,
#: a plain space inside « », English quotation marks
_ENGLISH_SPACING = re.compile(r"\w[ \u00a0][:;!?](?=\s|$)|«[ \u00a0]|[ \u00a0]»|[“”]")


def test_the_french_pages_are_in_french_typography(built_site: BuiltSite) -> None:
    """Every French page, generated or hand-written, cards and statistics included: the
    narrow no-break space before « : ; ! ? » and inside « » (outside code and quotations)."""
    found = []
    for page in tool.french_pages(built_site.folder):
        for text in tool.visible_fragments(page.read_text(encoding="utf-8"), "en"):
            found += [f"{page.name}: {text[max(0, m.start() - 40):m.end() + 20]}"
                      for m in _ENGLISH_SPACING.finditer(text)]
    assert not found, f"{len(found)} places:\n" + "\n".join(found[:40])
    language = (built_site.folder / "fr" / "language.html").read_text("utf-8")
    assert "\u202f:" in language  # a hand-written page, typeset by the hook
