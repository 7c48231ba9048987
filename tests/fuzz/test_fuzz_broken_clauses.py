"""Every clause of every built-in ruleset, broken or taken out, one at a time.

With one clause broken (a number in it made 0) or missing, the semantic pass still
runs every whole-ruleset check that does not read that clause, on a ruleset
completed with stand-ins.  None of them may read a stand-in (that would be a crash,
not a diagnostic): every such file must give a RulesetError of declared kinds, or
compile, and a clause taken out of the minimal ruleset gives one missing-clause and
nothing else (no check echoes the missing clause).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.model.compiler import Compiler
from nainjaune_rules.syntax.resources import builtin_rulesets, rules_dir

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "language"))
from language_support import MINIMAL  # noqa: E402

#: a count standing alone (not the 10 of 10D, not a paragraph ¶14)
_COUNT = re.compile(r"(?<![\w¶§-])[1-9]\d*(?![\w-])")


def _statements(text: str) -> list[tuple[int, int]]:
    """(first line, end line) of each top-level clause: a line not indented, with its block."""
    lines = text.split("\n")
    starts = [n for n, raw in enumerate(lines)
              if raw[:1] not in ("", " ", "\t", "#") and ":" in raw.split("[")[0]
              and not raw.startswith(("option ", "remove "))]
    found = []
    for start in starts:
        end = start + 1
        while end < len(lines) and lines[end][:1] in (" ", "\t"):
            end += 1
        found.append((start, end))
    return found


def _broken(text: str, start: int, end: int) -> str | None:
    """``text`` with the first count of the clause at lines start..end made 0."""
    lines = text.split("\n")
    for n in range(start, end):
        body, bracket, origin = lines[n].partition("[")
        if _COUNT.search(body):
            lines[n] = _COUNT.sub("0", body, count=1) + bracket + origin
            return "\n".join(lines)
    return None


def _compile(text: str, folder: Path) -> list[str]:
    path = folder / "ruleset.nj"
    path.write_text(text, encoding="utf-8")
    try:
        Compiler().compile(str(path))
    except RulesetError as error:
        assert all(isinstance(d.kind, DiagnosticKind) for d in error.diagnostics)
        return [d.kind.value for d in error.diagnostics]
    return []


@pytest.mark.parametrize("name", builtin_rulesets())
def test_each_clause_broken_or_taken_out_is_a_clean_error(
        name: str, tmp_path: Path, tally: Counter[str]) -> None:
    text = (rules_dir() / f"{name}.nj").read_text(encoding="utf-8")
    statements = _statements(text)
    assert statements, name
    for start, end in statements:
        lines = text.split("\n")
        variants = ["\n".join(lines[:start] + lines[end:]), _broken(text, start, end)]
        for variant in (v for v in variants if v is not None):
            tally["broken clause"] += 1
            _compile(variant, tmp_path)  # raises on anything but a RulesetError
            tally["broken clause ok"] += 1


def test_a_clause_taken_out_of_the_minimal_ruleset_is_only_missing(tmp_path: Path) -> None:
    required = 0
    for start, end in _statements(MINIMAL):
        lines = MINIMAL.split("\n")
        kinds = _compile("\n".join(lines[:start] + lines[end:]), tmp_path)
        assert kinds == ["missing-clause"], (lines[start], kinds)
        required += 1
    assert required >= 20
