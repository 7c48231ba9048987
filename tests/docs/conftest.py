"""Shared fixtures of the documentation tests: the built-in rulesets, and the site
built once per test session with ``mkdocs build --strict``."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))  # for `import fixtures`


@dataclass(frozen=True)
class BuiltSite:
    folder: Path
    output: str  # what mkdocs printed (stdout and stderr)


@pytest.fixture(scope="session")
def shelf():
    """Every built-in ruleset, loaded as the site's hook loads them."""
    hook = _import_hook()
    return hook.load_shelf()


def _import_hook():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "nainjaune_docs_hook", ROOT / "site" / "hooks" / "nainjaune_docs.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
