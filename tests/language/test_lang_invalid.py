"""Invalid ruleset files: each says, in its first lines, exactly what must be reported.

A fixture ``invalid/NAME.nj`` starts with comment lines::

    # expect: error unknown-suit 18:5
    # expect: error extends-cycle 4:9 extends-cycle-b.nj   (a diagnostic in another file)
    # expect-hint: did you mean "7S"                       (text some hint must contain)

and the compiler must report exactly those diagnostics (severity, kind, line,
column, file), no more, no fewer.  Fixtures whose expectations are all warnings
must compile.  ``invalid/parts/`` holds files that fixtures include.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from language_support import (
    INVALID,
    as_expected,
    compile_path,
    expectations,
    invalid_fixtures,
    run_cli,
    token_names_in,
)

from nainjaune_rules.core.diagnostics import Diagnostic
from nainjaune_rules.syntax.parser import ruleset_parser

FIXTURES = invalid_fixtures()
IDS = [p.stem for p in FIXTURES]


def test_there_are_enough_fixtures_and_they_cover_every_kind() -> None:
    assert len(FIXTURES) >= 30
    kinds = Counter(e.kind for p in FIXTURES for e in expectations(p)[0])
    for kind in ("unknown-card", "unknown-rank", "unknown-suit", "deck-overflow",
                 "deal-missing-count", "duplicate-box", "not-positive", "bad-default",
                 "undefined", "duplicate-clause", "missing-extends", "extends-cycle",
                 "missing-include", "path-outside", "include-cycle", "undeclared-source",
                 "contradiction", "missing-origin", "missing-clause", "empty-talon",
                 "box-not-dealt", "stakes-exceed-tokens"):
        assert kinds[kind] >= 1, kind
    assert kinds["syntax"] >= 6
    assert kinds["undefined"] >= 6  # stop cards, wild card, opera, box, double, points
    assert kinds["contradiction"] >= 5  # deal row, talon, wild/stop, forfeits, event


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_fixture_reports_exactly_the_expected_diagnostics(path: Path) -> None:
    expected, hints = expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    ruleset, diagnostics = compile_path(path)
    assert sorted(as_expected(d) for d in diagnostics) == expected, "\n".join(
        d.render() for d in diagnostics)
    for hint in hints:
        assert any(hint in d.hint for d in diagnostics), (hint, [d.hint for d in diagnostics])
    only_warnings = all(e.severity == "warning" for e in expected)
    assert (ruleset is not None) == only_warnings


def _fixture_diagnostics() -> list[tuple[str, Diagnostic]]:
    found = []
    for path in FIXTURES:
        for d in compile_path(path)[1]:
            found.append((f"{path.stem}:{d.kind}", d))
    return found


@pytest.mark.parametrize(("name", "diagnostic"), _fixture_diagnostics(),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_rendering_points_at_the_line_and_column(name: str, diagnostic: Diagnostic) -> None:
    d = diagnostic
    rendered = d.render()
    lines = rendered.splitlines()
    assert lines[0].startswith(f"{d.file}:{d.line}:{d.column}: {d.severity.value}[{d.kind}]: ")
    text = Path(d.file).read_text(encoding="utf-8").split("\n")[d.line - 1] \
        if Path(d.file).is_file() else ""
    if not text:
        return  # a diagnostic on an empty file or the command line quotes nothing
    assert lines[1] == f" {d.line} | {text}"
    pad = " " * len(str(d.line))
    caret = re.fullmatch(rf" {pad} \| ( *)(\^+)", lines[2])
    assert caret, lines[2]
    assert len(caret.group(1)) == d.column - 1
    if d.hint:
        assert lines[3] == f"  hint: {d.hint}"


def test_rendering_by_hand() -> None:
    """One diagnostic rendered in full, written out by hand."""
    path = INVALID / "unknown-suit-box.nj"
    _, diagnostics = compile_path(path)
    (d,) = diagnostics
    assert d.render().splitlines()[1:] == [
        ' 19 |     7X "the yellow dwarf": stake 5',
        "    |     ^^",
        '  hint: did you mean "7S" or "7H" or "7D"?',
    ]
    assert d.render().splitlines()[0].endswith(
        "unknown-suit-box.nj:19:5: error[unknown-suit]: unknown card '7X': "
        "no suit 'X' in a French deck")


def _terminal_names() -> set[str]:
    return {t.name for t in ruleset_parser().terminals} | {"$END", "_NL", "_INDENT", "_DEDENT"}


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.stem.startswith("syntax-")],
                         ids=lambda p: p.stem)
def test_syntax_messages_speak_the_language_not_lark(path: Path) -> None:
    _, diagnostics = compile_path(path)
    syntax = [d for d in diagnostics if d.kind == "syntax"]
    assert syntax
    names = _terminal_names()
    for d in syntax:
        for text in (d.message, d.hint):
            assert token_names_in(text) == [], text
            words = set(re.findall(r"[$\w]+", re.sub(r"'[^']*'|\"[^\"]*\"", "", text)))
            assert not (words & names), text


def test_token_name_detector_detects() -> None:
    """The check above would catch lark's own wording."""
    assert token_names_in("Unexpected token Token('CARD', 'QS'), expected _NL or __ANON_3")
    assert token_names_in("expected one of: NAME, $END")
    assert not token_names_in("unexpected 'QS': expected a whole number or the end of the line")


# ---- the command line, for every fixture ---------------------------------------------


@pytest.fixture(scope="module")
def cli_batch() -> object:
    """``nainjaune check`` run once, as a subprocess, on every fixture."""
    return run_cli("check", *map(str, FIXTURES), timeout=120)


def _section(stdout: str, path: Path) -> str:
    """What ``check`` printed for one file: its diagnostics up to its verdict line."""
    lines = stdout.splitlines()
    ends = [i for i, line in enumerate(lines)
            if re.match(r"\S+\.nj: (ok|invalid)", line)]
    index = FIXTURES.index(path)
    assert len(ends) == len(FIXTURES)
    start = ends[index - 1] + 1 if index else 0
    return "\n".join(lines[start:ends[index] + 1])


def test_cli_check_of_all_fixtures_fails_without_a_traceback(cli_batch: object) -> None:
    result = cli_batch
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 1
    assert result.stderr == ""


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_cli_check_prints_each_fixtures_diagnostics(path: Path, cli_batch: object) -> None:
    section = _section(cli_batch.stdout, path)
    expected, _ = expectations(path)
    for e in expected:
        assert f"{e.file}:{e.line}:{e.column}: {e.severity}[{e.kind}]" in section, section
    has_errors = any(e.severity == "error" for e in expected)
    verdict = "invalid" if has_errors else "ok"
    assert section.splitlines()[-1].startswith(f"{path}: {verdict}")
    heads = re.findall(r"^\S+:\d+:\d+: (?:error|warning)\[", section, re.MULTILINE)
    assert len(heads) == len(expected)  # every diagnostic printed, and only those
    errors = sum(e.severity == "error" for e in expected)
    if has_errors:
        assert f"({errors} error{'s' if errors != 1 else ''}," in section.splitlines()[-1]


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_cli_check_exit_code(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The exit status of ``nainjaune check FILE`` (in process: the subprocess run above
    checks the real entry point)."""
    from nainjaune_rules.cli.main import main

    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    expected, _ = expectations(path)
    assert code == (1 if any(e.severity == "error" for e in expected) else 0)
    assert "Traceback" not in out + err


@pytest.mark.parametrize(("args", "code"), [
    (("check", "fr-sheet"), 0),
    (("check", "tests/language/invalid/warning-empty-talon.nj"), 0),
    (("check", "tests/language/invalid/stake-zero.nj"), 1),
    (("check", "fr-sheet", "tests/language/invalid/stake-zero.nj"), 1),
    (("check", "no-such-ruleset-qqq"), 1),
    (("check",), 2),
    (("check", "fr-sheet", "--simulate", "-1"), 2),
    (("check", "--no-such-flag", "fr-sheet"), 2),
])
def test_cli_check_exit_codes_from_a_subprocess(args: tuple[str, ...], code: int) -> None:
    result = run_cli(*args)
    assert result.returncode == code, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    if code == 2:
        assert "error" in result.stderr


@pytest.mark.parametrize(("fixture", "message"), [
    ("tokens-zero", "starting tokens must be at least 1, not 0"),
    ("stake-zero", "a box's stake must be at least 1, not 0"),
    ("unknown-rank-box", "unknown card '1D': no rank '1' in a French deck"),
    ("unknown-card-stop", "'ZZ' is not a card code"),
    ("deck-overflow", "3 players × 18 cards need 54 cards; the deck has 52"),
    ("talon-mismatch", "with 3 players × 15 cards the talon holds 7 cards, not 5"),
    ("remove-unknown-option",
     "'remove option paymnt': the extended ruleset has no such clause"),
])
def test_messages_by_hand(fixture: str, message: str) -> None:
    _, diagnostics = compile_path(INVALID / f"{fixture}.nj")
    assert [d.message for d in diagnostics] == [message]


@pytest.mark.parametrize(("line", "kind", "column"), [
    # a NUL is a control character: refused where it stands, before any path is tried
    ('include "a\x00.nj"', "control-character", 11),
    # longer than a file name may be written: refused as a text, before any path is tried
    ('include "' + "a" * 300 + '.nj"', "too-long", 9),
    # short enough to write, too long for the system (two bytes a letter: 400 > 255)
    ('include "' + "é" * 200 + '.nj"', "missing-include", 9),
    ('extends "b\x00.nj"', "control-character", 11),
    ('extends "' + "b" * 300 + '.nj"', "too-long", 9),
    ('extends "' + "é" * 200 + '.nj"', "missing-extends", 9),
])
def test_a_path_no_file_can_have_is_reported(line: str, kind: str, column: int,
                                             tmp_path: Path) -> None:
    from language_support import MINIMAL, compile_text

    from nainjaune_rules import RulesetError

    text = MINIMAL.replace("evidence reconstructed\n", f"evidence reconstructed\n{line}\n")
    with pytest.raises(RulesetError) as caught:
        compile_text(text, tmp_path)
    assert [(d.kind, d.line, d.column) for d in caught.value.diagnostics] == [(kind, 5, column)]


def test_cli_check_of_a_name_too_long_for_a_file() -> None:
    result = run_cli("check", "c" * 300)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert "error[missing-ruleset]" in result.stdout + result.stderr
