"""``nainjaune check --explain``: the full list of what fits where a syntax error stopped
(issue 24: the message names the closest few, and the list was cut mid-alphabet)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nainjaune_rules.cli.main import main
from nainjaune_rules.syntax.phrases import statement_heads

HEAD = 'ruleset house-x\ntitle "Our table"\nperiod "house"\nextends fr-sheet\n\n'


def _check(tmp_path: Path, body: str, capsys: pytest.CaptureFixture[str],
           *flags: str) -> str:
    path = tmp_path / "x.nj"
    path.write_text(HEAD + body, encoding="utf-8")
    assert main(["check", *flags, str(path)]) == 1
    return capsys.readouterr().out


def _listed(out: str) -> list[str]:
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  every word that fits"))
    tail = []
    for line in lines[at + 1:]:
        if not line.startswith("    "):
            break
        tail.append(line.strip())
    return [w.strip() for w in " ".join(tail).split(", ")]


def test_every_statement_is_listed_after_a_misspelled_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _check(tmp_path, 'startng tokens: 100   [house "x"]\n', capsys, "--explain")
    listed = _listed(out)
    assert listed == sorted(f'"{h}"' for h in statement_heads())
    assert '"starting tokens"' in listed and '"box"' in listed and '"winner"' in listed
    assert f"every word that fits there ({len(statement_heads())}):" in out


def test_every_word_is_listed_mid_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = _check(tmp_path, 'dealing: one card at a tim, clockwise   [house "x"]\n', capsys,
                 "--explain")
    assert _listed(out) == ['"time"', "the end of the line"]


def test_without_explain_the_list_is_not_printed(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = _check(tmp_path, 'xyzzy: 100   [house "x"]\n', capsys)
    assert "every word that fits" not in out
    assert "nainjaune check --explain" in out  # the hint says where the whole list is
