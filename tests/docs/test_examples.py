"""Every ruleset example on the site compiles (or fails exactly as its page says).

Convention (also written, as a comment, at the top of site/language.md):

- a ```` ```nainjaune ```` block whose first statement is ``ruleset`` is a whole
  file, compiled in a folder holding a copy of ``rules/sources.nj``;
- any other block is a fragment, compiled as the body of a ruleset that extends
  ``fr-sheet``, or the ruleset named by an ``<!-- example: extends NAME -->``
  comment on the line before the block;
- ``<!-- example: error CODE -->`` before a block: compiling it must fail, with a
  diagnostic of that code.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

import nainjaune_rules

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
            directive = (m.group("directive") or "").split()
            kw = {}
            if directive[:1] == ["extends"]:
                kw["extends"] = directive[1]
            elif directive[:1] == ["error"]:
                kw["error"] = directive[1]
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
    """Each keyword of grammar/nainjaune.lark is used by an example of language.md, so a
    construct added to the language without an example fails here."""
    grammar = re.sub(r"//.*", "", (ROOT / "grammar" / "nainjaune.lark").read_text("utf-8"))
    words = {w for literal in re.findall(r'"([^"\n]+)"', grammar)
             for w in re.findall(r"[a-z]+|\(default\)", literal)}
    shown = {w for e in EXAMPLES if e.page == "language.md"
             for w in re.findall(r"[a-z]+|\(default\)", e.code)}
    assert not words - shown, f"no example of the language reference uses {words - shown}"
