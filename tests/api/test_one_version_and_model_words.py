"""One version string, declared dependencies, and the engine's words from the model.

Issue 9, item 6: the version comes from the package metadata (pyproject.toml is
its one source) for ``__version__`` and ``--version`` alike; every third-party
module the package imports is declared; the engine reads a pass in the
ruleset's own words and the "by lot" rule from the model's enum, not from
French or English literals of its own.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.engine.compiled import engine_build
from nainjaune_rules.engine.moves import PASS, parse_move
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.model import rules as r

PACKAGE = Path(nainjaune_rules.__file__).resolve().parent
#: the checkout's, beside the tests: the package may be installed elsewhere (not editable)
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_version_is_the_installed_distributions() -> None:
    expected = importlib.metadata.version("nainjaune-rules")
    assert nainjaune_rules.__version__ == expected
    done = subprocess.run([sys.executable, "-m", "nainjaune_rules", "--version"],
                          capture_output=True, text=True, timeout=60)
    # and how the engine was loaded: that of this process, which imports the same install
    assert done.stdout.strip() == f"nainjaune-rules {expected} (engine: {engine_build()})"
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert project["version"] == expected


def test_no_module_writes_the_version_out() -> None:
    version = importlib.metadata.version("nainjaune-rules")
    pattern = re.compile(r"[\"']" + re.escape(version) + r"[\"']")
    written = [p.name for p in PACKAGE.rglob("*.py") if pattern.search(p.read_text("utf-8"))]
    assert written == []


def test_a_checkout_never_installed_has_a_version_all_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert nainjaune_rules._package_version() == nainjaune_rules.UNKNOWN_VERSION


def _imported_top_modules() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"nainjaune_rules", "__future__"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_every_third_party_module_the_package_imports_is_declared() -> None:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    # the core dependencies, and the optional `cluster` extra (imported only by --cluster,
    # which says to install it); `dask[distributed]` brings the `distributed` package
    requirements = project["dependencies"] + project["optional-dependencies"]["cluster"]
    declared = {_name(d) for d in requirements}
    declared |= {extra.strip().lower() for d in requirements if "[" in d
                 for extra in d.split("[", 1)[1].split("]", 1)[0].split(",")}
    providers = importlib.metadata.packages_distributions()
    undeclared = {}
    for module in _imported_top_modules():
        names = {n.lower().replace("_", "-") for n in providers.get(module, [module])}
        if not names & declared:
            undeclared[module] = sorted(names)
    assert undeclared == {}
    assert "markupsafe" in declared  # describe/ and pages/ escape with it


@pytest.mark.parametrize("name", ["fr-sheet", "cz-box", "1760"])
def test_a_pass_is_read_in_the_rulesets_own_words(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    words = ruleset.pass_words()
    assert words == tuple(c.word for c in ruleset.calls
                          if c.moment in (r.CallMoment.STOPPING, r.CallMoment.PASSING))
    for word in words:
        assert parse_move(word, words) is PASS
        assert parse_move(word.upper(), words) is PASS
    assert parse_move("pass") is PASS


def test_another_rulesets_word_is_not_a_pass() -> None:
    czech = nainjaune_rules.load_ruleset("cz-box").pass_words()
    assert "bez" in czech
    assert parse_move("sans", czech) is None
    assert parse_move("bez", nainjaune_rules.load_ruleset("fr-sheet").pass_words()) is None
    assert parse_move("passe") is None  # no ruleset says it


def test_the_engine_holds_no_call_word_or_rule_phrase_of_its_own() -> None:
    engine = PACKAGE / "engine"
    moves = (engine / "moves.py").read_text(encoding="utf-8")
    tables = "".join((engine / name).read_text(encoding="utf-8")
                     for name in ("tables.py", "table_build.py", "table_play.py"))
    assert not re.search(r"[\"'](sans|passe|bez)[\"']", moves)
    assert '"by lot"' not in tables


@pytest.mark.parametrize("name", nainjaune_rules.builtin_rulesets())
def test_the_first_dealer_is_drawn_when_the_ruleset_says_by_lot(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    by_lot = ruleset.first_dealer.rule is r.FirstDealerRule.BY_LOT
    assert compile_tables(ruleset).dealer_by_lot is by_lot
