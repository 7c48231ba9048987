"""Diagnostics in French, and in English exactly as before.

Every report site gives its message and hint as :class:`Words` (English and French;
mypy refuses a bare string).  Here, over the two corpora of mistakes
(``mistakes/``, ``invalid/``):

* the English rendering is byte for byte the one of the compiler before French came
  (``diagnostics_en.txt``, made by the previous compiler over the same files);
* every diagnostic has French words, and they hold no English function word outside
  what they quote « like this » (code: keywords, the text at fault);
* French typography: no plain space before « : ; ! ? », « » with no-break spaces.

And each diagnostic kind has a French summary (``check --explain`` in French).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from language_support import compile_path

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import SUMMARIES_FR, DiagnosticKind, summary_in
from nainjaune_rules.core.diagnostics import Diagnostic, Severity, SourceText, render_all

HERE = Path(__file__).resolve().parent
CORPORA = ("mistakes", "invalid")
GOLDEN = HERE / "diagnostics_en.txt"
PACKAGE = HERE.parents[1] / "nainjaune_rules"

#: English words that a French sentence never holds (outside what it quotes)
ENGLISH = {"the", "is", "are", "of", "and", "or", "with", "not", "no", "this", "that",
           "must", "cannot", "has", "have", "write", "add", "did", "you", "mean", "here",
           "line", "file", "hint", "error", "warning", "when", "but", "every", "each",
           "there", "its", "it", "be", "can", "from", "than", "more", "only", "which"}
_QUOTED = re.compile(r"«\u00a0.*?\u00a0»")


def _corpus(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[Diagnostic]]]:
    monkeypatch.chdir(HERE)  # files named relative to the corpus, as in the golden text
    return [(f"{folder}/{path.name}", compile_path(f"{folder}/{path.name}")[1])
            for folder in CORPORA for path in sorted((HERE / folder).glob("*.nj"))]


def _english_words(french: str) -> set[str]:
    """The English function words of ``french``, what it quotes « » left aside."""
    said = _QUOTED.sub(" ", french)
    return {w for w in re.findall(r"[A-Za-z]+", said) if w.lower() in ENGLISH}


def test_the_english_rendering_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = []
    for name, diagnostics in _corpus(monkeypatch):
        lines.append(f"== {name}")
        lines.extend(d.render() for d in diagnostics)
    text = "\n".join(lines).replace(str(HERE), "<corpus>") + "\n"
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert text.count("== ") >= 140  # both corpora, whole


def test_every_diagnostic_of_the_corpora_is_said_in_french(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    for name, diagnostics in _corpus(monkeypatch):
        for d in diagnostics:
            seen += 1
            assert d.has_french, f"{name}: no French for {d.message!r} / {d.hint!r}"
            for french in (d.message_fr, d.hint_fr):
                assert not _english_words(french), f"{name}: English in {french!r}"
                assert not re.search(r" [:;!?](\s|$)", french), f"{name}: {french!r}"
            shown = d.render("fr")
            assert d.message_fr in shown and f"[{d.kind}]{NNBSP}: " in shown
            assert ("erreur[" if d.is_error else "avertissement[") in shown
            assert d.render("en") == d.render() == str(d)  # English stays the default
    assert seen >= 140


def test_the_english_word_list_catches_english() -> None:
    assert _english_words("the file ends too early") == {"the", "file"}
    assert not _english_words(f"trouvé {q('the')} alors qu’on attend {q('or')}")


def test_a_diagnostic_renders_in_the_language_asked() -> None:
    source = SourceText("r.nj", "startng tokens: 5\n")
    d = source.diagnostic(DiagnosticKind.SYNTAX, Words("no such statement", "pas d’instruction"),
                          1, 1, 7, Words("write it", "écrivez-la"), Severity.WARNING)
    assert d.render() == ("r.nj:1:1: warning[syntax]: no such statement\n"
                          " 1 | startng tokens: 5\n   | ^^^^^^^\n  hint: write it")
    assert d.render("fr") == (f"r.nj:1:1: avertissement[syntax]{NNBSP}: pas d’instruction\n"
                              " 1 | startng tokens: 5\n   | ^^^^^^^\n"
                              f"  conseil{NNBSP}: écrivez-la")
    assert render_all([d, d], "fr") == d.render("fr") + "\n" + d.render("fr")
    assert d.with_words(Words("a", "b")).message_in("fr") == "b"


def test_words_need_both_languages() -> None:
    with pytest.raises(TypeError):
        Words("only English")  # type: ignore[call-arg]


def test_every_kind_has_a_french_summary() -> None:
    assert set(SUMMARIES_FR) == set(DiagnosticKind)
    for kind in DiagnosticKind:
        french = summary_in(kind, "fr")
        assert french and french != kind.summary and not _english_words(french), kind
        assert not re.search(r" [:;!?](\s|$)", french), kind
        assert summary_in(kind) == kind.summary


def _words_calls() -> list[tuple[Path, int, ast.Call]]:
    calls = []
    for path in [*sorted((PACKAGE / "syntax").glob("*.py")),
                 *sorted((PACKAGE / "model").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "Words":
                calls.append((path, node.lineno, node))
    return calls


def _said_twice(call: ast.Call) -> bool:
    """Whether ``Words(...)`` gives the same text for both languages (a variable, such as
    a card's code, may be the same in both)."""
    args = [*call.args, *(k.value for k in call.keywords)]
    return len(args) == 2 and ast.dump(args[0]) == ast.dump(args[1]) \
        and not isinstance(args[0], ast.Name | ast.Attribute)


def test_no_report_site_gives_english_for_french() -> None:
    """``Words(x, x)`` in the report sites would be English said twice: the explicit
    fallback this test would count is none (every site is translated)."""
    calls = _words_calls()
    untranslated = [f"{path.name}:{line}" for path, line, call in calls if _said_twice(call)]
    assert len(calls) > 250  # the report sites of syntax/ and model/, and their parts
    assert untranslated == []
    said = [ast.parse(text).body[0].value for text in  # type: ignore[attr-defined]
            ('Words("no token", "no token")', 'Words(f"a {x}", f"a {x}")',
             'Words(code, code)', 'Words("no token", "aucun jeton")')]
    assert [_said_twice(call) for call in said] == [True, True, False, False]
