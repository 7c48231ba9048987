"""Shared fixtures of the documentation tests: the built-in rulesets, and the site
built once per test session with ``mkdocs build --strict``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # for `import docs_fixtures, docs_support`

from docs_support import ROOT, BuiltSite, import_hook  # noqa: E402 (after the path)


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
