"""The site's statistics page: it renders, its charts are well-formed SVG, and the site builds."""

from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.pages.stats_page import render_statistics_page, stats_anchor

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def page() -> str:
    rulesets = {name: nainjaune_rules.load_ruleset(name) for name in ("fr-sheet", "1760")}
    house = nainjaune_rules.load_ruleset("house/1902-per-card")
    rulesets["house/1902-per-card"] = house
    return render_statistics_page(rulesets, games=30)


def test_page_has_the_summary_charts_and_a_section_per_ruleset(page: str) -> None:
    assert page.startswith("# Statistics\n")
    assert "## The rulesets side by side" in page
    for name in ("fr-sheet", "1760", "house/1902-per-card"):
        anchor = stats_anchor(name)
        assert f"{{#{anchor}}}" in page  # the section's stable anchor
        assert f"](#{anchor})" in page  # linked from the summary table
    assert stats_anchor("house/1902-per-card") == "stats-house-1902-per-card"
    assert "<script" not in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")


def test_charts_are_well_formed_svg(page: str) -> None:
    svgs = re.findall(r"<svg .*?</svg>", page, flags=re.S)
    assert len(svgs) == 6  # three charts, each drawn for a desktop and for a phone
    for svg in svgs:
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        assert root.find("{http://www.w3.org/2000/svg}title") is not None


def test_page_is_deterministic() -> None:
    ruleset = nainjaune_rules.load_ruleset("fr-web")
    one = render_statistics_page({"fr-web": ruleset}, games=20)
    two = render_statistics_page({"fr-web": ruleset}, games=20,
                                 figures=[simulate(ruleset, 20, name="fr-web")])
    assert one == two


def _load_hook() -> object:
    spec = importlib.util.spec_from_file_location("nainjaune_docs_hook",
                                                  ROOT / "site/hooks/nainjaune_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not (ROOT / "site/hooks/nainjaune_docs.py").exists(), reason="no docs hook")
def test_the_docs_hook_uses_this_page() -> None:
    pytest.importorskip("mkdocs")
    hook = _load_hook()
    load_shelf, statistics = getattr(hook, "load_shelf", None), getattr(hook, "_statistics", None)
    if load_shelf is None or statistics is None:
        pytest.skip("the hook's internals changed; the strict build below still covers the page")
    shelf = load_shelf()
    markdown = statistics(shelf)
    assert markdown.startswith("# Statistics\n") and "## The rulesets side by side" in markdown
    for name in shelf.rulesets:
        assert f"{{#{stats_anchor(name)}}}" in markdown


@pytest.mark.skipif(shutil.which("mkdocs") is None and importlib.util.find_spec("mkdocs") is None,
                    reason="mkdocs is not installed")
def test_site_builds_strict_with_the_statistics_page(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "out")],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr[-3000:]
    html = (tmp_path / "out" / "statistics.html").read_text(encoding="utf-8")
    assert 'id="stats-fr-sheet"' in html and "<svg" in html


# ------------------------------------------------------------------ the French page

_ENGLISH_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: a French number: a no-break space between groups of thousands, a decimal comma
_FRENCH_NUMBER = re.compile(r"-?\d+(?:\u00a0\d{3})*(?:,\d+)?")


def _numbers(page: str, french: bool) -> list[float]:
    """Every number a reader sees on the page (the text, not the SVG's coordinates)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))  # md() writes "(" as "&#40;"
    if french:
        found = [n.replace("\u00a0", "").replace(",", ".") for n in _FRENCH_NUMBER.findall(text)]
    else:
        found = _ENGLISH_NUMBER.findall(text)
    return sorted(float(n) for n in found)


@pytest.fixture(scope="module")
def both() -> tuple[str, str]:
    """The page in English and in French, from the same figures, simulated once."""
    from nainjaune_rules.pages.stats_page import simulate_page

    rulesets = {name: nainjaune_rules.load_ruleset(name)
                for name in ("fr-sheet", "1902", "house/1902-per-card")}
    figures = simulate_page(rulesets, games=30)
    return (render_statistics_page(rulesets, games=30, figures=figures),
            render_statistics_page(rulesets, games=30, figures=figures, lang="fr"))


def test_the_french_page_carries_the_same_numbers(both: tuple[str, str]) -> None:
    english, french = both
    assert french.startswith("# Statistiques\n") and "## Ce que disent les chiffres" in french
    found = _numbers(english, french=False)
    assert len(found) > 500
    assert _numbers(french, french=True) == found
    # written the French way: a decimal comma, a space before %, "[a ; b]"
    assert re.search(r"\d,\d\u00a0% \[\d+,\d\u00a0% ; \d+,\d\u00a0%\]", french)
    assert not re.search(r"\d\.\d", re.sub(r"<[^>]+>", " ", french))


def test_the_french_page_is_the_english_one_with_the_same_anchors_and_charts(
        both: tuple[str, str]) -> None:
    english, french = both
    anchors = re.compile(r"\{#stats-[a-z0-9-]+\}|\]\(#stats-[a-z0-9-]+\)")
    assert anchors.findall(french) == anchors.findall(english)
    svgs = re.findall(r"<svg .*?</svg>", french, flags=re.S)
    assert len(svgs) == 6  # three charts, each drawn for a desktop and for a phone
    for svg in svgs:
        ET.fromstring(svg)
        labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        # the ticks (md() makes the no-break space a space: an SVG text never wraps)
        assert sum(bool(re.fullmatch(r"\d+(,\d+)? %", t)) for t in labels) >= 5
    assert "part des donnes" in french and "moustaches : intervalle à 95 %" in french


def test_every_figure_of_the_builtin_rulesets_has_a_french_label() -> None:
    from nainjaune_rules.pages.stats_words import french_label

    seen = 0
    # mixed seats: the figures of each seat's bot are given too
    for name, players in (("1760", 3), ("fr-sheet", 3), ("cz-box", 2),
                          ("house/two-player-suits", 2)):
        seats = ("lowest", "greedy", "random")[:players]
        figures = simulate(nainjaune_rules.load_ruleset(name), 3, name=name,
                           players=players, seats=seats)
        for section in figures.sections:
            for row in section.rows:
                seen += 1
                if row.key != "activity.opera":  # "opéra" is French in both
                    assert french_label(row) != row.label, row.key
    assert seen > 40


@pytest.mark.skipif(not (ROOT / "site/hooks/nainjaune_docs.py").exists(), reason="no docs hook")
def test_the_hook_plays_the_games_once_for_both_languages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("mkdocs")
    from nainjaune_rules.pages import stats_page as page_module
    from nainjaune_rules.pages.site import Shelf

    hook = _load_hook()
    played: list[list[str]] = []
    real = page_module.simulate_page

    def counting(rulesets, **_):  # type: ignore[no-untyped-def]
        played.append(list(rulesets))
        return real(rulesets, games=5)

    monkeypatch.setattr(page_module, "simulate_page", counting)
    shelf = Shelf({"fr-web": nainjaune_rules.load_ruleset("fr-web")})
    english = hook._statistics(shelf)  # type: ignore[attr-defined]
    french = hook._statistics(shelf, "fr")  # type: ignore[attr-defined]
    assert played == [["fr-web"]]
    assert english.startswith("# Statistics\n") and french.startswith("# Statistiques\n")
