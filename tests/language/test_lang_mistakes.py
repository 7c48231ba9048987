"""The corpus of mistakes a new writer makes, each message scored on three points.

A file ``mistakes/NN-short-name.nj`` holds one mistake.  Its first comment lines say
what ``nainjaune check`` must tell the writer::

    # mistake: a statement keyword misspelled
    # expect: error[syntax] 7:1 says~"startng" hint~"did you mean 'starting tokens'"

and the message is scored, one point each:

- **located**: a diagnostic at that line and column;
- **says what**: it has that code (``error[syntax]``) and its message holds the ``says~``
  phrase (the text at fault, or the fault's name);
- **says how**: its hint holds the ``hint~`` phrase.

``check`` runs in-process, its output read as a person reads it.  The total is printed
at the end of the run; any file that loses a point fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from language_support import MISTAKES_SCORE as SCORE
from language_support import compile_path

from nainjaune_rules.cli.main import main
from nainjaune_rules.syntax.parser import _expected_words, describe_terminal, ruleset_parser
from nainjaune_rules.syntax.phrases import statement_heads
from nainjaune_rules.syntax.resources import grammar_text

MISTAKES = Path(__file__).resolve().parent / "mistakes"
FILES = sorted(MISTAKES.glob("*.nj"))

_EXPECT = re.compile(r'#\s*expect:\s*(\w+\[[a-z-]+\])\s+(\d+):(\d+)\s+says~"(.+?)"\s+'
                     r'hint~"(.+)"\s*$')
# file:line:col: severity[kind]: message, then the source lines, then "  hint: …"
_REPORTED = re.compile(r"^.*?:(\d+):(\d+): (\w+\[[a-z-]+\]): (.*)$")

@dataclass(frozen=True)
class Expected:
    code: str
    line: int
    column: int
    says: str
    hint: str


@dataclass(frozen=True)
class Reported:
    code: str
    line: int
    column: int
    message: str
    hint: str


def expected_of(path: Path) -> Expected:
    for raw in path.read_text(encoding="utf-8").splitlines():
        if m := _EXPECT.match(raw):
            code, line, column, says, hint = m.groups()
            return Expected(code, int(line), int(column), says, hint)
    raise AssertionError(f"{path.name}: no '# expect:' line")


def reported_by_check(path: Path, capsys: pytest.CaptureFixture[str],
                      expected: Expected) -> list[Reported]:
    status = main(["check", str(path)])
    out = capsys.readouterr()
    # a mistake told as a warning (a house rule that silently means something else) may
    # pass the check, or fail it by what it leads to (a deal table missing rows)
    assert status == 1 or not expected.code.startswith("error"), out
    found: list[Reported] = []
    for raw in (out.out + out.err).splitlines():
        if m := _REPORTED.match(raw):
            line, column, code, message = m.groups()
            found.append(Reported(code, int(line), int(column), message, ""))
        elif raw.startswith("  hint: ") and found:
            last = found[-1]
            found[-1] = Reported(last.code, last.line, last.column, last.message,
                                 raw[len("  hint: "):])
    return found


def score(expected: Expected, reported: list[Reported]) -> dict[str, bool]:
    at = [r for r in reported if (r.line, r.column) == (expected.line, expected.column)]
    best = at[0] if at else next((r for r in reported if r.code == expected.code), None)
    if best is None:
        return {"located": False, "what": False, "how": False}
    return {"located": bool(at),
            "what": best.code == expected.code and expected.says in best.message,
            "how": expected.hint in best.hint}


def test_the_corpus_is_large_and_each_file_names_one_mistake() -> None:
    assert len(FILES) >= 20
    names = [p.name for p in FILES]
    assert all(re.fullmatch(r"\d\d-[a-z0-9-]+\.nj", n) for n in names), names
    numbers = [n[:2] for n in names]
    assert len(set(numbers)) == len(numbers), "two files share a number"
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert len(re.findall(r"^# expect:", text, re.M)) == 1, path.name
        assert re.search(r"^# mistake: \S", text, re.M), path.name


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_message_locates_the_mistake_and_says_what_and_how(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = expected_of(path)
    reported = reported_by_check(path, capsys, expected)
    points = score(expected, reported)
    SCORE["files"] += 1
    SCORE["possible"] += 3
    SCORE["won"] += sum(points.values())
    for point, won in points.items():
        SCORE[point] += won
    assert all(points.values()), (points, expected, reported)


def test_scoring_can_fail() -> None:
    expected = Expected("error[syntax]", 7, 1, "startng", "starting tokens")
    wrong_place = [Reported("error[syntax]", 7, 2, "unexpected 'startng'", "")]
    assert score(expected, wrong_place) == {"located": False, "what": True, "how": False}
    assert score(expected, []) == {"located": False, "what": False, "how": False}


def test_the_statement_keywords_come_from_the_grammar() -> None:
    heads = statement_heads()
    grammar = grammar_text()
    for head in heads:  # each is a run of the grammar's own literals
        assert " ".join(f'"{w}"' for w in head.split()) in grammar, head
    assert {"starting tokens", "game ends", "when", "remove", "opera", "board"} <= set(heads)


def test_a_long_expected_list_keeps_the_words_closest_to_what_was_written() -> None:
    # the words that may start a statement, more than eight of them: the list is cut,
    # but it keeps "starting" for 'startng', which the first eight of the alphabet lack
    firsts = {f'"{h.split()[0]}"' for h in statement_heads()}
    names = {t.name for t in ruleset_parser().terminals if describe_terminal(t.name) in firsts}
    assert len(names) > 8
    said = _expected_words(names, "startng").en
    assert '"starting"' in said and said.endswith("or …")
    assert '"starting"' not in _expected_words(names, "").en  # the alphabet's first eight


def test_a_citation_is_checked_against_its_source_s_paragraph_count(tmp_path: Path) -> None:
    head = ('ruleset house-x\ntitle "X"\nperiod "house"\nextends fr-sheet\n'
            'source notebook "English" "our notebook" paragraphs 3\n'
            'source jotter "English" "no count given"\n')
    cases = {"[notebook ¶3]": [], "[jotter ¶999]": [],
             "[notebook ¶2-4]": [("no-such-paragraph", "notebook has 3 paragraphs: there is "
                                                       "no ¶4")]}
    for origin, wanted in cases.items():
        path = tmp_path / "x.nj"
        path.write_text(head + f"starting tokens: 60   {origin}\n", encoding="utf-8")
        ruleset, diagnostics = compile_path(path)
        assert [(d.kind, d.message) for d in diagnostics] == wanted, origin
        assert (ruleset is None) == bool(wanted)
