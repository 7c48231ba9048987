"""The built wheel works on its own: grammar and rulesets come from inside the package.

Builds the wheel from the checkout, installs it in a fresh virtual environment
(pip fetches the dependencies from the configured index) and runs the installed
``nainjaune`` from a folder outside the checkout.  Takes ~30 s (the build and the
install): marked ``slow``, so the default ``python -m pytest`` leaves it out and CI
runs it (``.ci/run``: ``python -m pytest -m slow``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from language_support import INVALID, REPO

pytestmark = pytest.mark.slow


def _run(cmd: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh venv with the wheel installed."""
    root = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(root / "dist"),
                  str(REPO)], cwd=root)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = (root / "dist").glob("nainjaune_rules-*.whl")
    venv = root / "venv"
    made = _run([sys.executable, "-m", "venv", str(venv)], cwd=root)
    assert made.returncode == 0, made.stderr
    pip = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
               cwd=root)
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    return venv / "bin"


@pytest.fixture(scope="module")
def outside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("elsewhere")
    assert not folder.resolve().is_relative_to(REPO)
    return folder


def test_installed_nainjaune_checks_a_builtin_ruleset(installed: Path, outside: Path) -> None:
    name = "1902" if (REPO / "rules" / "1902.nj").is_file() else "fr-sheet"
    result = _run([str(installed / "nainjaune"), "check", name], cwd=outside)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{name}: ok, ruleset {name!r}" in result.stdout


def test_installed_package_reads_its_own_data(installed: Path, outside: Path) -> None:
    code = ("import nainjaune_rules, nainjaune_rules.syntax.resources as r; "
            "print(nainjaune_rules.__file__); print(r.grammar_path()); print(r.rules_dir()); "
            "print(','.join(nainjaune_rules.builtin_rulesets()))")
    result = _run([str(installed / "python"), "-c", code], cwd=outside)
    assert result.returncode == 0, result.stderr
    package, grammar, rules, names = result.stdout.splitlines()
    site = installed.parent / "lib"
    for path in (package, grammar, rules):
        assert Path(path).resolve().is_relative_to(site.resolve()), path
        assert "site-packages" in path
        assert not Path(path).resolve().is_relative_to(REPO)
    assert grammar.endswith("nainjaune_rules/_data/grammar/nainjaune.lark")
    assert rules.endswith("nainjaune_rules/_data/rules")
    from nainjaune_rules import builtin_rulesets

    assert names.split(",") == builtin_rulesets()


def test_installed_nainjaune_reports_an_invalid_file(installed: Path, outside: Path) -> None:
    fixture = INVALID / "undeclared-source.nj"  # includes "sources.nj": from the package
    result = _run([str(installed / "nainjaune"), "check", str(fixture)], cwd=outside)
    assert result.returncode == 1
    assert "error[undeclared-source]" in result.stdout
    assert 'did you mean "fr-sheet"' in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
