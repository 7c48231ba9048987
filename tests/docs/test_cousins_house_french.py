"""The cousins' and the house rulesets' own text in French (issue #25, item 1): their
catalogues are complete, follow the French typography of notes/translations.md, and
their French pages and cards show the translations and none of the English."""

from __future__ import annotations

import re

import pytest

import nainjaune_rules
from nainjaune_rules.core.pofile import read_po
from nainjaune_rules.describe import i18n
from nainjaune_rules.describe.text import md
from nainjaune_rules.model.ruletext import TextKind
from nainjaune_rules.model.translation import (
    catalogue,
    catalogue_path,
    shown_texts,
    translated,
    untranslated,
)
from nainjaune_rules.pages.page_render import render_rule_card, render_ruleset_page
from nainjaune_rules.syntax.resources import rules_dir

RULES = rules_dir()
#: the rulesets whose catalogues these tests hold, by their built-in name
NAMES = sorted(n for n in nainjaune_rules.builtin_rulesets()
               if n.startswith(("cousins/", "house/")))
#: their catalogues, books.nj's (the cousins' sources) included
DOMAINS = sorted(p.relative_to(RULES).with_suffix("").as_posix().replace("/", "-")
                 for folder in ("cousins", "house") for p in (RULES / folder).glob("*.nj"))
#: strings that are the same in French: names of games (a title is a name) and a
#: compartment's name that French spells the same
SAME = {"Pope Joan", "Comète (Commit)", "Michigan (Boodle, Stops, Newmarket)", "Intrigue"}
SOURCE_KINDS = {TextKind.SOURCE_DESCRIPTION, TextKind.SOURCE_LANGUAGE}


def _catalogue_text(domain: str) -> str:
    return catalogue_path("fr", domain).read_text("utf-8")


def test_the_lists_are_not_empty() -> None:
    assert {"cousins/pope-joan", "cousins/comete", "cousins/michigan",
            "house/two-packs"} <= set(NAMES)
    assert "cousins-books" in DOMAINS


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_entry_is_translated_and_none_is_fuzzy(domain: str) -> None:
    """The package's reader takes every entry as a translation: none empty, none a
    guess left ``fuzzy``."""
    entries = read_po(_catalogue_text(domain)).entries
    assert entries
    for entry in entries:
        assert entry.msgstr and not entry.fuzzy, (domain, entry.msgid)
        if entry.msgstr == entry.msgid:
            assert entry.msgstr in SAME, entry.msgid  # the same in French, on purpose


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_translations_follow_french_typography(domain: str) -> None:
    """notes/translations.md: « » with no-break spaces inside, a narrow no-break space
    before : ; ! ?, no English quotation marks."""
    for entry in read_po(_catalogue_text(domain)).entries:
        text = entry.msgstr
        assert not re.search(r"[ \u00a0][:;!?]", text), text  # an ordinary space before
        assert not re.search(r"(?<!\u202f)[:;!?](?=\s|$)", text), text  # no space at all
        assert not re.search(r"«(?!\u00a0)|(?<!\u00a0)»", text), text
        assert not any(mark in text for mark in '"“”'), text


@pytest.mark.parametrize("name", NAMES)
def test_check_lang_fr_has_nothing_untranslated_in_these_catalogues(name: str) -> None:
    missing = [m for m in untranslated(nainjaune_rules.load_ruleset(name), "fr")
               if m.domain in DOMAINS]
    assert missing == []


def _visible(html_text: str) -> str:
    """The page's text outside its tags (links and attributes left out)."""
    return re.sub(r"<[^>]*>", " ", html_text)


_SECTIONS = re.compile(r'§<q lang="en">[^<]*</q>')


@pytest.mark.parametrize("name", NAMES)
def test_the_french_page_and_card_show_the_french_and_not_the_english(name: str) -> None:
    """Each string these catalogues translate is shown in French on the ruleset's
    French page (and on its card when the card shows it), and none of them in
    English: a string of more than one word is looked for as it is written."""
    rs = nainjaune_rules.load_ruleset(name)
    with i18n.speaking("fr"):
        page = render_ruleset_page(translated(rs, "fr"), name=name)
        card = render_rule_card(translated(rs, "fr"), name)
    shown = _visible(page)
    # nothing marked English but the books' section headings, quoted in their words
    assert 'lang="en"' not in _SECTIONS.sub("", page) and 'lang="en"' not in card
    texts = [t for t in shown_texts(rs) if t.domain in DOMAINS]
    assert texts
    for text in texts:
        assert text.domain is not None
        french = catalogue("fr", text.domain).get(text.kind.value, text.text)
        assert french is not None, text
        if text.kind not in SOURCE_KINDS:  # a page lists only the sources it cites
            assert _plain(str(md(french))) in _plain(page), text
        if text.text not in SAME and len(text.text.split()) > 1:
            english = re.compile(rf"\b{re.escape(str(md(text.text)))}\b")
            assert not english.search(shown), text
            assert not english.search(_visible(card)), text


def _plain(text: str) -> str:
    """``text`` with its no-break and narrow no-break spaces read as spaces: the page's
    French typography puts them before « : ; ! ? », which ``md`` does not."""
    return re.sub(r"[\u00a0\u202f ]+", " ", text)


def test_the_cousins_pages_describe_their_books_in_french() -> None:
    """Every book the cousins are written from is cited by one of them, and described
    in French among the sources its French page lists."""
    pages = []
    for name in (n for n in NAMES if n.startswith("cousins/")):
        rs = nainjaune_rules.load_ruleset(name)
        with i18n.speaking("fr"):
            pages.append(render_ruleset_page(translated(rs, "fr"), name=name))
    books = read_po(_catalogue_text("cousins-books")).entries
    assert len([e for e in books if e.context == "source description"]) == 7
    for entry in books:
        assert any(_plain(str(md(entry.msgstr))) in _plain(page) for page in pages), entry.msgid
        if len(entry.msgid.split()) > 1:
            assert not any(str(md(entry.msgid)) in page for page in pages), entry.msgid


def test_the_pope_joan_board_is_named_in_french() -> None:
    """The compartments of the Pope Joan board, on its French card's drawing and in its
    sentences: the Pope, Matrimony, Game… under their French names."""
    rs = nainjaune_rules.load_ruleset("cousins/pope-joan")
    with i18n.speaking("fr"):
        card = render_rule_card(translated(rs, "fr"), "cousins/pope-joan")
    for french in ("Pape", "Mariage", "Intrigue", "Partie", "As", "Roi", "Dame", "Valet"):
        assert re.search(rf">\s*{french}\s*<", card), french  # a label of the drawing
    assert "la poule «" in card and "Matrimony" not in card and "Knave" not in card
