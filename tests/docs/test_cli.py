"""``nainjaune compare`` and ``nainjaune diff``: the site's comparison in the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from nainjaune_rules.cli.main import main

HOUSE = """ruleset sunday
title "Sunday"
period "house"
extends fr-sheet

starting tokens: 100          [house "longer evenings"]
stop cards: QS JC 10D         [house "the old hocs"]
"""


@pytest.fixture
def sunday(tmp_path: Path) -> str:
    path = tmp_path / "sunday.nj"
    path.write_text(HOUSE, encoding="utf-8")
    return str(path)


def test_compare_prints_every_ruleset_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "1760", "1902", "fr-sheet", "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert "SETUP" in out and "END OF THE GAME" in out
    assert "| 1760" in out and "| fr-sheet" in out
    assert "* 3 or 5" in out  # the odd one out is marked
    assert all(len(line) <= 100 for line in out.splitlines())


def test_compare_diff_keeps_only_differing_rows(sunday: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "fr-sheet", sunday, "--diff", "--width", "80"]) == 0
    out = capsys.readouterr().out
    rows = [line.split("|")[0].strip() for line in out.splitlines() if "|" in line]
    assert set(rows) - {""} == {"rule", "starting tokens", "stop cards"}
    assert "(house)" in out


def test_compare_identical_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "fr-sheet", "fr-sheet", "--diff"]) == 0
    assert "no rule differs" in capsys.readouterr().out


def test_diff_lists_changes_in_sentences(sunday: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "fr-sheet", sunday, "--width", "90"]) == 0
    out = capsys.readouterr().out
    assert "~ starting tokens" in out
    assert "was: Each player starts with 50 tokens." in out
    assert "now: Each player starts with 100 tokens." in out
    assert "+ stop cards" in out
    assert main(["diff", sunday, "fr-sheet"]) == 0
    assert "- stop cards" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["compare", "fr-sheet", "no-such-ruleset"],
    ["diff", "no-such-ruleset", "fr-sheet"],
    ["diff", "fr-sheet", "/nonexistent/ruleset.nj"],
])
def test_bad_rulesets_give_diagnostics_and_exit_1(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "error[" in err and "Traceback" not in err


def test_broken_file_shows_its_diagnostic(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.nj"
    bad.write_text(HOUSE.replace("QS JC 10D", "QS JC 11D"), encoding="utf-8")
    assert main(["compare", "fr-sheet", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.nj:7:" in err and "11D" in err and "hint:" in err


def test_compare_applies_options_to_the_rulesets_that_have_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", "fr-sheet", "1902", "--diff", "--width", "120"]) == 0
    assert "losers pay the points" in capsys.readouterr().out  # points vs cards
    assert main(["compare", "fr-sheet", "1902", "--diff", "--width", "120",
                 "--option", "payment=cards"]) == 0
    assert "losers pay the points" not in capsys.readouterr().out  # both by cards now


def test_compare_rejects_an_option_no_ruleset_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "fr-sheet", "1902", "--option", "nope=x"]) == 1
    err = capsys.readouterr().err
    assert "table option 'nope'" in err and "payment" in err
