"""The French translations of the hand-written pages (``site/X.fr.md``, the layout of
mkdocs-static-i18n's suffix structure) keep every example of the English page as it
is, link to the same pages, and are written in French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_prose_fr import english_words

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index.md", "language.md", "house-rulesets.md", "playground.md", "history.md")
#: a fenced block with the example directive that may precede it
_BLOCK = re.compile(r"(?:<!-- example:[^>]*-->\n)?```[a-z]*\n.*?\n```", re.S)
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def french(page: str) -> Path:
    return ROOT / "site" / page.replace(".md", ".fr.md")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES)
def test_every_example_is_kept_as_it_is_and_in_order(page: str) -> None:
    english, translated = read(ROOT / "site" / page), read(french(page))
    assert _BLOCK.findall(translated) == _BLOCK.findall(english)


@pytest.mark.parametrize("page", PAGES)
def test_the_translation_links_to_the_same_pages(page: str) -> None:
    english, translated = read(ROOT / "site" / page), read(french(page))
    assert sorted(_LINK.findall(translated)) == sorted(_LINK.findall(english))
    assert english.count("<!-- nainjaune:variants -->") == (
        translated.count("<!-- nainjaune:variants -->"))


def prose(text: str) -> str:
    """The page's own sentences: without its examples, code, comments, HTML tags (their
    attributes name things for scripts) and quotations."""
    text = _BLOCK.sub(" ", text)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"«[^»]*»", " ", text)
    text = re.sub(r"[\w-]+ ¶[\d-]+", " ", text)  # a citation names its source: cz-box ¶1
    return _LINK.sub("]", text)


@pytest.mark.parametrize("page", PAGES)
def test_the_translation_is_french(page: str) -> None:
    text = prose(read(french(page)))
    assert not english_words(text), sorted(english_words(text))
    # and the check would see the English page
    assert len(english_words(prose(read(ROOT / "site" / page)))) > 5
