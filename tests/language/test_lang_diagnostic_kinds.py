"""Every diagnostic code is a declared DiagnosticKind, and every declared kind is reported.

The sources are read as Python syntax trees: a kind is reported by naming a member
(``DK.CONTRADICTION``) in a call to one of the reporting functions, never by a bare
string; so a code cannot be misspelt, and a member nobody reports is found here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from language_support import REPO, compile_path, expectations, invalid_fixtures

from nainjaune_rules.core.diagnostic_kinds import RESERVED, DiagnosticKind
from nainjaune_rules.core.diagnostics import Severity
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.syntax.resources import builtin_rulesets

PACKAGE = REPO / "nainjaune_rules"
#: the functions a kind is passed to: (name, index of the kind among positional args)
REPORTERS = {"report": 0, "_say": 0, "diagnostic": 0, "_problem": 1, "Diagnostic": 1}
_ALIASES = ("DK", "DiagnosticKind")
_CODE = re.compile(r"[a-z]+(-[a-z]+)*")


def _kind_arguments(tree: ast.AST) -> list[ast.expr]:
    """The expressions passed as a kind to a reporting function, or as ``kind=``."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        at = REPORTERS.get(name)
        if at is not None and len(node.args) > at:
            found.append(node.args[at])
        found += [k.value for k in node.keywords if k.arg == "kind"]
    return found


def _string_kinds(tree: ast.AST) -> list[str]:
    """Bare strings that look like codes where a kind is passed, or assigned to ``kind``."""
    strings = [a.value for a in _kind_arguments(tree)
               if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "kind" or
                isinstance(t, ast.Tuple) and any(getattr(e, "id", "") == "kind" for e in t.elts)
                for t in node.targets):
            value = node.value.elts[0] if isinstance(node.value, ast.Tuple) else node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                strings.append(value.value)
    return [s for s in strings if _CODE.fullmatch(s)]


def _members_named(tree: ast.AST) -> set[str]:
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in _ALIASES}


def _trees() -> dict[Path, ast.AST]:
    """The modules that can make a diagnostic: those importing the diagnostics modules."""
    trees = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name != "diagnostic_kinds.py" and "nainjaune_rules.core.diagnostic" in text:
            trees[path] = ast.parse(text)
    return trees


def test_the_scan_finds_a_bare_string_kind_and_a_member() -> None:
    tree = ast.parse('report("no-such-kind", "m", span)\nkind = "other-kind"\n'
                     'source.diagnostic(DK.SYNTAX, "m", 1, 1)\nlocate(x, kind=DK.TOO_DEEP)\n')
    assert _string_kinds(tree) == ["no-such-kind", "other-kind"]
    assert _members_named(tree) == {"SYNTAX", "TOO_DEEP"}


def test_no_kind_is_reported_as_a_bare_string() -> None:
    bare = {str(p.relative_to(REPO)): s for p, t in _trees().items() if (s := _string_kinds(t))}
    assert bare == {}, "report these with a DiagnosticKind member"


def test_every_member_named_exists_and_every_member_is_reported() -> None:
    named: set[str] = set()
    for tree in _trees().values():
        named |= _members_named(tree)
    members = {k.name for k in DiagnosticKind}
    assert named - members == set()
    reserved = {k.name for k in RESERVED}
    assert members - named == reserved, "a kind nobody reports: report it or reserve it"
    assert reserved.isdisjoint(named), "a reserved kind is reported: take it out of RESERVED"
    assert len(named) >= 40
    assert {p.name for p in _trees()} >= {"parser.py", "loader.py", "build.py", "checks.py"}


def test_every_kind_is_declared_with_its_code_severity_and_summary() -> None:
    assert len({k.value for k in DiagnosticKind}) == len(DiagnosticKind)
    for kind in DiagnosticKind:
        assert _CODE.fullmatch(kind.value), kind
        assert kind.name == kind.value.upper().replace("-", "_")
        assert isinstance(kind.severity, Severity)
        assert kind.summary and "\n" not in kind.summary and len(kind.summary) <= 80, kind
        assert DiagnosticKind(kind.value) is kind
        assert f"{kind}" == kind.value == str(kind)  # printed as today's code
    for kind, why in RESERVED.items():
        assert why, kind


def test_the_fixtures_and_the_docs_name_declared_kinds() -> None:
    codes = {k.value for k in DiagnosticKind}
    for path in invalid_fixtures():
        for expected in expectations(path)[0]:
            assert expected.kind in codes, (path.name, expected.kind)
    for page in sorted((REPO / "site").glob("*.md")):
        for code in re.findall(r"(?:error|warning)\[([a-z-]+)\]", page.read_text("utf-8")):
            assert code in codes, (page.name, code)


def _all_diagnostics() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for path in invalid_fixtures():
        found += [(path.stem, d) for d in compile_path(path)[1]]
    for name in builtin_rulesets():
        found += [(name, d) for d in check_file(name)[1]]
    return found


@pytest.mark.parametrize(("where", "diagnostic"), _all_diagnostics(),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_each_diagnostic_has_its_kind_and_the_kind_s_severity(where: str, diagnostic: object
                                                               ) -> None:
    kind = diagnostic.kind  # type: ignore[attr-defined]
    assert isinstance(kind, DiagnosticKind), (where, kind)
    assert diagnostic.severity is kind.severity, (where, kind)  # type: ignore[attr-defined]
