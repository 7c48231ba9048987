"""The built site opens in a real browser: headless Chromium renders the comparison
page and a ruleset page, with their tables, cells and board, and logs no console
message (an uncaught error, a failed script)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from docs_support import BuiltSite
from probe import serve

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (Debian package `chromium`; CI installs it)",
                allow_module_level=True)

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
)


@pytest.fixture(scope="module")
def server(built_site: BuiltSite) -> Iterator[str]:
    """The built site, served on 127.0.0.1 for the length of this module."""
    with serve(built_site.folder) as url:
        yield url


def _open(url: str, profile: Path) -> tuple[str, list[str]]:
    """The DOM Chromium renders for ``url``, and the console messages it logged."""
    assert CHROMIUM is not None, "chromium is required in CI"
    result = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    return result.stdout, console


def test_comparison_page_renders(server: str, tmp_path: Path) -> None:
    dom, console = _open(f"{server}/compare.html", tmp_path)
    assert not console, "\n".join(console)
    tables = re.findall(r'<table class="nj-compare"[ >]', dom)
    assert len(tables) >= 5  # one per phase
    for name in ("1760", "1902", "fr-sheet"):
        assert f'href="rulesets/{name}.html"' in dom
    cells = re.findall(r'<td class="nj-cell[^"]*">', dom)
    rows = re.findall(r'<tr id="cmp-[a-z-]+"', dom)
    assert len(rows) >= 20 and len(cells) >= 3 * len(rows)
    assert 'class="nj-cell nj-differs"' in dom
    assert 'href="rulesets/1760.html#rule-players"' in dom


def test_ruleset_page_renders(server: str, tmp_path: Path) -> None:
    dom, console = _open(f"{server}/rulesets/fr-sheet.html", tmp_path)
    assert not console, "\n".join(console)
    assert '<li id="rule-players" class="nj-clause nj-attested">' in dom
    assert "fr-sheet ¶14" in dom
    assert '<svg class="nj-board"' in dom
    assert '<span class="kn">ruleset</span>' in dom  # the lexer's highlighting
    html_tag = re.search(r"<html[^>]*>", dom)
    assert html_tag and "no-js" not in html_tag.group(0)  # the theme's scripts ran
