"""The French sources page: the same bibliography and the same paragraph anchors as the
English page, in French; the French sources shown as they are, the Czech and Japanese
paragraphs with a French translation written for the site."""

from __future__ import annotations

import html
import re

import pytest

import nainjaune_rules
from nainjaune_rules.describe import i18n, sources_fr
from nainjaune_rules.describe.sources import FACTS, paragraphs
from nainjaune_rules.pages.page_render import LANG_CODES, render_sources_page

_ENTRY = re.compile(r'<dt id="([^"]+)">.*?</dt>\n<dd>(.*?)</dd>', re.S)
_TRANSLATION = re.compile(r'<p class="nj-translation" lang="([a-z]+)">(.*?)</p>', re.S)


def _languages() -> dict[str, str]:
    """``{source id: its language's code}``, as the rulesets declare them."""
    ruleset = nainjaune_rules.load_ruleset("fr-sheet")
    return {s.id: LANG_CODES[s.language] for s in ruleset.sources}


def _page(code: str) -> str:
    rulesets = [(n, nainjaune_rules.load_ruleset(n)) for n in nainjaune_rules.builtin_rulesets()]
    with i18n.speaking(code):
        return render_sources_page(rulesets)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {code: _page(code) for code in ("en", "fr")}


def test_every_paragraph_of_a_source_not_in_french_has_its_french() -> None:
    languages = _languages()
    wanted = {(s, n) for s, held in paragraphs().items() if languages[s] != "fr" for n in held}
    written = {(s, n) for s, held in sources_fr.translations().items() for n in held}
    assert len(wanted) > 40
    assert wanted == written  # none missing, none for a paragraph the site does not hold
    for source, held in sources_fr.translations().items():
        for number, french in held.items():
            # the translation renders the quoted words, not the whole paragraph
            english = paragraphs()[source][number].english
            assert 0.6 < len(french) / len(english) < 1.8, (source, number)


def test_the_french_bibliography_describes_the_same_sources() -> None:
    assert FACTS.keys() == sources_fr.FACTS.keys() == sources_fr.DESCRIPTIONS.keys()
    for source, facts in sources_fr.FACTS.items():
        assert facts != FACTS[source]
        assert facts.language == sources_fr.LANGUAGE_NAMES[FACTS[source].language]
    assert "la traduction d'une traduction" in sources_fr.FACTS["wiki-ja"].reliability


def test_the_french_page_keeps_every_anchor_of_the_english_page(pages: dict[str, str]) -> None:
    english, french = (set(re.findall(r'id="([^"]+)"', p)) for p in pages.values())
    assert len(english) > 90
    assert french == english


def test_each_paragraph_shows_its_original_and_a_translation_in_the_page_language(
        pages: dict[str, str]) -> None:
    languages = _languages()
    for code, page in pages.items():
        entries = _ENTRY.findall(page)
        assert len(entries) == sum(len(h) for h in paragraphs().values())
        for anchor, body in entries:
            source, number = anchor.rsplit("-p", 1)
            held = paragraphs()[source][int(number)]
            assert f'lang="{languages[source]}"' in body.split("</blockquote>")[0]
            translated = _TRANSLATION.findall(body)
            if code == "fr" and languages[source] == "fr":
                assert translated == [], anchor  # a French source is shown as it is
            elif code == "fr":
                assert translated and translated[0][0] == "fr", anchor
                assert translated[0][1] != html.escape(held.english), anchor
            else:
                assert translated and translated[0][0] == "en", anchor


def test_a_french_translation_is_the_one_written_for_the_paragraph(
        pages: dict[str, str]) -> None:
    french = pages["fr"]
    assert "Le joueur à gauche de celui qui donne commence." in french  # cz-box ¶25
    assert "The player on the dealer" not in french
    assert "la traduction d&#39;une traduction" in french
    assert "Les sources françaises sont données telles quelles" in french
    # French typography: a narrow no-break space before the colon (issue #25)
    assert "Règles qui la citent\u202f:" in french
    assert "option de table <code>payment</code>\u202f: points" in french
