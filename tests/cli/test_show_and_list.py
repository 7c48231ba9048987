"""``nainjaune show`` writes a ruleset back in the language; ``list`` names the built-ins.

The writer is held to a round trip: the text it prints, compiled again with the
same options, gives an equal ruleset (its parent aside: the shown text is
standalone).  That keeps the writer and the grammar in step.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.model.writer import write_ruleset


def _choices(name: str) -> list[dict[str, str]]:
    """The default choice set, then each single non-default choice."""
    ruleset = nainjaune_rules.load_ruleset(name)
    sets: list[dict[str, str]] = [{}]
    for option in ruleset.options:
        sets += [{option.name: c.name} for c in option.choices if c.name != option.default]
    return sets


CASES = [(name, opts) for name in nainjaune_rules.builtin_rulesets() for opts in _choices(name)]


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}-{'-'.join(o.values()) or 'default'}" for n, o in CASES])
def test_shown_text_compiles_back_to_an_equal_ruleset(name: str, options: dict[str, str],
                                                      tmp_path: Path) -> None:
    original = nainjaune_rules.load_ruleset(name, options)
    path = tmp_path / "shown.nj"
    path.write_text(write_ruleset(original), encoding="utf-8")
    again = nainjaune_rules.load_ruleset(str(path), options)
    assert again == dataclasses.replace(original, parent=None)
    # The options in force are said in the text, and marked on the chosen choice.
    text = path.read_text(encoding="utf-8")
    for option_name, choice in again.chosen:
        assert f"{option_name} = {choice}" in text


def test_writer_marks_the_chosen_choice_in_force() -> None:
    ruleset = nainjaune_rules.load_ruleset("fr-sheet", {"payment": "cards"})
    lines = write_ruleset(ruleset).splitlines()
    in_force = [line.strip() for line in lines if "# in force" in line]
    assert in_force == ["cards:    # in force"]
    assert any(line.strip() == "points (default):" for line in lines)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args],
                          capture_output=True, text=True, timeout=60)


def test_show_prints_the_chosen_payment_and_exits_zero() -> None:
    result = _run("show", "fr-sheet", "--option", "payment=cards")
    assert result.returncode == 0, result.stderr
    # the choice is folded in (issue 9): said in the heading, no longer an option
    assert "Options folded in (their choice is written as plain clauses): payment = cards" \
        in result.stdout
    assert "option payment" not in result.stdout
    assert "ruleset fr-sheet" in result.stdout


@pytest.mark.parametrize(("args", "code", "needle"), [
    (("show", "fr-sheet", "--option", "payment=card"), 1, 'did you mean "cards"?'),
    (("show", "fr-sheet", "--option", "colour=red"), 1, "has no option 'colour'"),
    (("show", "fr-sheet", "--option", "payment"), 2, "NAME=CHOICE"),
    (("show", "fr-shet"), 1, 'did you mean "fr-sheet"'),
    (("show",), 2, "the following arguments are required"),
])
def test_show_refuses_bad_input_without_a_traceback(args: tuple[str, ...], code: int,
                                                    needle: str) -> None:
    result = _run(*args)
    assert result.returncode == code
    assert needle in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_list_names_every_builtin_ruleset_with_its_evidence() -> None:
    result = _run("list")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line for line in result.stdout.splitlines()[1:]}
    assert set(rows) == set(nainjaune_rules.builtin_rulesets())
    for name, line in rows.items():
        ruleset: Ruleset = nainjaune_rules.load_ruleset(name)
        assert ruleset.evidence.value in line
        assert ruleset.title in line
