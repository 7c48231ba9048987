"""The layers import downward only and no room has a cycle (import-linter's contracts in
pyproject.toml); no two modules of the package share a name.

The same check runs in .ci/run; here it also fails the test suite, with the import
that goes the wrong way in the message.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_layer_imports_a_layer_above_it() -> None:
    command = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    done = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Layers import downward only KEPT" in done.stdout
    assert "No cycle between the modules of a room KEPT" in done.stdout


def test_module_names_are_unique() -> None:
    """One name, one module: ``render.py`` in two rooms made every stack trace and
    every ``grep`` ambiguous (issue 21).  Only ``__init__.py`` may repeat."""
    package = ROOT / "nainjaune_rules"
    seen: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        if path.name != "__init__.py":
            seen.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert len(seen) > 100  # the walk found the package
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
