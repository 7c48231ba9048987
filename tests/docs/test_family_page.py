"""The family page, "Nain Jaune and its cousins" (issue #22, item 9): a hand-written page
in English and French whose comparison of the four games is written in by the site's hook
from the rulesets (pages/site.py, with_family_table)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_support import ROOT, BuiltSite

from nainjaune_rules.pages.page_render import FAMILY_MARKER
from nainjaune_rules.pages.site import (
    historical_line,
    is_cousin,
    with_family_table,
)

FOUR = ("fr-sheet", "cousins/comete", "cousins/michigan", "cousins/pope-joan")


@pytest.mark.parametrize(("page", "lang"), [("family.md", "en"), ("family.fr.md", "fr")])
def test_the_family_page_compares_the_four_games(shelf, page: str, lang: str) -> None:
    text = (ROOT / "site" / page).read_text(encoding="utf-8")
    assert text.count(FAMILY_MARKER) == 1
    out = with_family_table(text, shelf, lang)
    assert FAMILY_MARKER not in out
    header = re.search(r"<thead>.*?</thead>", out, re.S)
    assert header is not None
    assert re.findall(r'<a href="[^"]*">([^<]+)</a>', header.group(0)) == list(FOUR)
    # rule by rule: the comparison's rows, each with a cell per game
    row = re.search(r'<tr id="family-players".*?</tr>', out, re.S)
    assert row is not None and row.group(0).count("<td") == 4


def test_the_french_family_page_is_in_french(shelf) -> None:
    out = with_family_table((ROOT / "site" / "family.fr.md").read_text(encoding="utf-8"),
                            shelf, "fr")
    assert "Le Nain Jaune et ses cousins" in out and "joueurs" in out
    assert ">players<" not in out


def test_the_cousins_stay_off_the_historical_line(shelf) -> None:
    line = historical_line(shelf.rulesets)
    assert not any(is_cousin(n) for n in line)
    assert [n for n, _ in shelf.cousins] == list(FOUR[1:])
    assert not any(is_cousin(n) for n, _ in shelf.variants)


def test_the_built_site_has_the_family_and_the_cousins_in_both_languages(
        built_site: BuiltSite) -> None:
    folder: Path = built_site.folder
    for prefix in ("", "fr/"):
        family = (folder / f"{prefix}family.html").read_text(encoding="utf-8")
        for name in FOUR:
            assert name in family
        for cousin in ("pope-joan", "comete", "michigan"):
            assert (folder / f"{prefix}rulesets/cousins/{cousin}.html").is_file()
        assert (folder / f"{prefix}cards/cousins/pope-joan.html").is_file()
        sources = (folder / f"{prefix}sources.html").read_text(encoding="utf-8")
        assert 'id="source-foster-1897"' in sources and "1897" in sources
    assert "Le Nain Jaune et ses cousins" in (folder / "fr/family.html").read_text(
        encoding="utf-8")
