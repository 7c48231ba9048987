"""The site's statistics page: it renders, its charts are well-formed SVG, and the site builds."""

from __future__ import annotations

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
from nainjaune_rules.outputs.stats import render_statistics_page, stats_anchor
from nainjaune_rules.outputs.stats.simulation import simulate

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
    assert len(svgs) == 3
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
