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

import nainjaune_rules

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


def test_no_module_reaches_into_a_games_private_members() -> None:
    """The engine's helper modules (the plain loop, the deal's start, …) use the game's
    public, typed members; only the classes that make up a game read their own ``_x``."""
    import ast

    package = Path(nainjaune_rules.__file__).parent
    own = {package / "engine" / name for name in ("game.py", "runs.py", "settle.py")}
    reaching = []
    for path in sorted(package.rglob("*.py")):
        if path in own:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in {"game", "g", "trial", "copied"}
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                reaching.append(f"{path.relative_to(package)}:{node.lineno} "
                                f"{node.value.id}.{node.attr}")
    assert reaching == []
