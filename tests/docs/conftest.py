"""Shared fixtures of the documentation tests: the built-in rulesets, and the site
built once per test session with ``mkdocs build --strict``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # for `import docs_fixtures, docs_support`

from docs_support import ROOT, BuiltSite, import_hook  # noqa: E402 (after the path)
from probe import playwright_browser, serve  # noqa: E402


@pytest.fixture(scope="session")
def shelf():
    """Every built-in ruleset, loaded as the site's hook loads them."""
    return import_hook().load_shelf()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The site, built by ``mkdocs build --strict`` into a temporary folder."""
    folder = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{output}"
    return BuiltSite(folder, output)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (the system's) driven by Playwright, for the length of a module."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not installed (Debian package `chromium`; CI installs it)")
    with playwright_browser(chromium) as launched:
        yield launched


@pytest.fixture(scope="module")
def site_url(built_site: BuiltSite) -> Iterator[str]:
    """The built site, served on 127.0.0.1 for the length of a module."""
    with serve(built_site.folder) as url:
        yield url
