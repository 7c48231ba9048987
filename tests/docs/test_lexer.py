"""The Pygments lexer reads every ruleset file without an error token."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments import lex
from pygments.token import Error, Keyword, Name, Number, String

from nainjaune_rules.outputs.lexer import NainJauneLexer

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "rules").rglob("*.nj"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT / "rules").as_posix())
def test_every_ruleset_file_lexes_cleanly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(lex(text, NainJauneLexer()))
    assert "".join(value for _, value in tokens) == text
    errors = [value for kind, value in tokens if kind in Error]
    assert not errors, errors


def test_tokens_of_a_clause() -> None:
    tokens = [(k, v) for k, v in lex(
        'first dealer: by lot   [fr-1902 ¶2; inferred "why"]\nstop cards: QS 10D\n',
        NainJauneLexer()) if v.strip()]
    assert (Keyword, "first dealer") in tokens
    assert (Name.Builtin, "by lot") in tokens
    assert (Name.Label, "fr-1902") in tokens
    assert (Number, "¶2") in tokens
    assert (Name.Decorator, "inferred") in tokens
    assert (String.Double, '"why"') in tokens
    assert (Name.Constant, "QS") in tokens and (Name.Constant, "10D") in tokens
