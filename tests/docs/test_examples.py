"""Every ruleset example on the site compiles (or fails exactly as its page says), and
every terminal session shown in the tutorial is what the commands print today.

Convention (also written, as a comment, at the top of site/language.md):

- a ```` ```nainjaune ```` block whose first statement is ``ruleset`` is a whole
  file, compiled in a folder holding a copy of ``rules/sources.nj``;
- any other block is a fragment, compiled as the body of a ruleset that extends
  ``fr-sheet``, or the ruleset named by ``extends NAME``;
- the directives go in a ``<!-- example: ... -->`` comment on the line before the
  block: ``extends NAME``, ``error CODE`` (compiling must fail with a diagnostic of
  that code), ``file NAME`` (the file the page's terminal sessions call it);
- a ```` ```console ```` block starting with ``$ nainjaune ...`` is run with the
  named files in the current folder; every line it shows (``…`` stands for lines
  left out) must appear, in order, in what the command prints.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.describe.vocabulary_en import action_table
from nainjaune_rules.syntax.resources import grammar_text

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("language.md", "house-rulesets.md", "index.md")
_BLOCK = re.compile(
    r"(?:<!-- example: (?P<directive>[^>]*?) -->\n)?```nainjaune\n(?P<code>.*?)\n```", re.S
)


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    code: str
    extends: str = "fr-sheet"
    error: str = ""
    file: str = ""

    @property
    def whole_file(self) -> bool:
        statements = [ln for ln in self.code.splitlines() if ln.strip() and
                      not ln.lstrip().startswith("#")]
        return bool(statements) and statements[0].startswith("ruleset ")

    def source(self) -> str:
        if self.whole_file:
            return self.code + "\n"
        return f"ruleset example\nextends {self.extends}\n{self.code}\n"


def examples() -> list[Example]:
    found = []
    for page in PAGES:
        text = (ROOT / "site" / page).read_text(encoding="utf-8")
        for m in _BLOCK.finditer(text):
            words = (m.group("directive") or "").split()
            kw = dict(zip(words[::2], words[1::2], strict=True))
            assert set(kw) <= {"extends", "error", "file"}, f"{page}: unknown directive {kw}"
            line = text.count("\n", 0, m.start("code")) + 1
            found.append(Example(page, line, m.group("code"), **kw))
    return found


EXAMPLES = examples()


def test_the_pages_have_examples() -> None:
    pages = {e.page for e in EXAMPLES}
    assert {"language.md", "house-rulesets.md"} <= pages
    assert len(EXAMPLES) >= 30


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.page}:{e.line}")
def test_example_compiles(example: Example, tmp_path: Path) -> None:
    shutil.copy(ROOT / "rules" / "sources.nj", tmp_path / "sources.nj")
    path = tmp_path / "example.nj"
    path.write_text(example.source(), encoding="utf-8")
    if example.error:
        with pytest.raises(nainjaune_rules.RulesetError) as failure:
            nainjaune_rules.load_ruleset(str(path))
        codes = {d.kind for d in failure.value.diagnostics}
        assert example.error in codes, str(failure.value)
    else:
        try:
            nainjaune_rules.load_ruleset(str(path))
        except nainjaune_rules.RulesetError as error:
            pytest.fail(f"{example.page}:{example.line}: the example does not compile:\n{error}")


def test_the_language_reference_shows_every_word_of_the_grammar() -> None:
    """Each keyword of the grammar is used by an example of language.md, so a construct
    added to the language without an example fails here.  The grammar is the one the
    parser reads, with the rules written in from the registries (the actions' phrases,
    the end conditions'), which grammar/nainjaune.lark holds only as markers."""
    grammar = re.sub(r"//.*", "", grammar_text())
    assert '"player" "takes" "its" "box"' in grammar  # an action phrase, from the registry
    words = {w for literal in re.findall(r'"([^"\n]+)"', grammar)
             for w in re.findall(r"[a-z]+|\(default\)", literal)}
    # the page's table of actions (written from the registry) shows each action phrase,
    # and tests/docs/test_language_actions_table.py compiles each after every event
    shown = {w for e in EXAMPLES if e.page == "language.md"
             for w in re.findall(r"[a-z]+|\(default\)", e.code)} | set(
        re.findall(r"[a-z]+", " ".join(re.findall(r"`([^`]+)`", action_table()))))
    assert not words - shown, f"no example of the language reference uses {words - shown}"


_CONSOLE = re.compile(r"```console\n\$ (?P<command>nainjaune [^\n]*)\n(?P<shown>.*?)```", re.S)


def consoles() -> list[tuple[int, str, list[str]]]:
    """``(line, command, lines shown)`` for each terminal session of the tutorial."""
    text = (ROOT / "site" / "house-rulesets.md").read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start()) + 1, m.group("command"), m.group("shown").splitlines())
        for m in _CONSOLE.finditer(text)
    ]


@pytest.mark.parametrize("line, command, shown", consoles(), ids=lambda v: str(v)[:30])
def test_tutorial_terminal_sessions_are_current(
    line: int, command: str, shown: list[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from nainjaune_rules.cli.main import main

    for example in EXAMPLES:
        if example.file:
            (tmp_path / example.file).write_text(example.source(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "88")
    main(shlex.split(command)[1:])
    captured = capsys.readouterr()
    printed = iter(line.rstrip() for line in (captured.out + captured.err).splitlines())
    for expected in shown:
        if expected.strip() in ("…", ""):
            continue
        assert any(expected.rstrip() == got for got in printed), (
            f"house-rulesets.md:{line}: `{command}` no longer prints {expected!r}:\n"
            + captured.out + captured.err
        )
