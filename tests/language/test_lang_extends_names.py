"""``extends`` names a built-in ruleset as ``nainjaune list`` prints it (issue 9, item 5).

``extends house/1902-per-card`` is the same as ``extends "house/1902-per-card.nj"``;
the bare name is looked up among the built-in rulesets only, so it cannot climb
out of the rules folder: ``extends ../x`` is refused where it stands.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.core.diagnostics import RulesetError

HEAD = 'ruleset mine\ntitle "Mine"\nperiod "house"\n'


def _write(tmp_path: Path, line: str) -> Path:
    path = tmp_path / "mine.nj"
    path.write_text(HEAD + line + "\n", encoding="utf-8")
    return path


def _errors(path: Path) -> list[tuple[str, int, int]]:
    with pytest.raises(RulesetError) as error:
        nainjaune_rules.load_ruleset(str(path))
    return [(d.kind, d.line, d.column) for d in error.value.diagnostics if d.is_error]


@pytest.mark.parametrize("name", [n for n in nainjaune_rules.builtin_rulesets() if "/" in n])
def test_extends_takes_a_house_ruleset_by_its_listed_name(name: str, tmp_path: Path) -> None:
    by_name = nainjaune_rules.load_ruleset(str(_write(tmp_path, f"extends {name}")))
    by_path = nainjaune_rules.load_ruleset(str(_write(tmp_path, f'extends "{name}.nj"')))
    parent = nainjaune_rules.load_ruleset(name)
    assert by_name.parent == parent.id
    assert by_name == by_path
    # nothing of its own: the parent's rules, under this file's name
    assert dataclasses.replace(by_name, id=parent.id, title=parent.title, period=parent.period,
                               parent=parent.parent) == parent


def test_an_unknown_house_name_is_reported_where_it_stands(tmp_path: Path) -> None:
    path = _write(tmp_path, "extends house/1902-per-crad")
    with pytest.raises(RulesetError) as error:
        nainjaune_rules.load_ruleset(str(path))
    (problem,) = error.value.diagnostics
    assert (problem.kind, problem.line, problem.column) == ("missing-extends", 4, 9)
    assert "house/1902-per-card" in problem.hint


@pytest.mark.parametrize("line", ["extends ../x", "extends house/../1902", "extends /etc/passwd",
                                  "extends ..", 'extends "../x.nj"'])
def test_extends_cannot_climb_out_of_the_rules_folder(line: str, tmp_path: Path) -> None:
    (tmp_path / "x.nj").write_text(HEAD + "extends fr-sheet\n", encoding="utf-8")
    inner = tmp_path / "inner"
    inner.mkdir()
    path = inner / "mine.nj"
    path.write_text(HEAD + line + "\n", encoding="utf-8")
    (kind, row, column), *_ = _errors(path)
    assert kind in ("syntax", "path-outside", "missing-extends")
    assert row == 4 and column >= 9


def test_the_command_line_refuses_a_climbing_name_with_a_located_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "extends ../x")
    done = subprocess.run([sys.executable, "-m", "nainjaune_rules", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    out = done.stdout + done.stderr  # check prints its diagnostics as its report
    assert "mine.nj:4:9: error" in out
    assert "Traceback" not in out
