"""Helpers shared by the ruleset-language tests (tests/language)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from nainjaune_rules.core.diagnostics import Diagnostic, RulesetError
from nainjaune_rules.model.compiler import Compiler
from nainjaune_rules.model.rules import Ruleset

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
INVALID = HERE / "invalid"
GOLDEN = HERE / "golden"

#: the mistakes corpus' points (test_lang_mistakes.py), printed by conftest.py
MISTAKES_SCORE: Counter[str] = Counter()

# A small valid ruleset (the invalid fixtures are this text with one thing wrong).
MINIMAL = """\
ruleset mini
title "Minimal"
period "now"
evidence reconstructed

players: 3 to 4                                  [inferred "r"]
ranks: A 2 3 4 5 6 7 8 9 10 J Q K                [inferred "r"]
deal:                                            [inferred "r"]
    3 players: 15 cards each
    4 players: 12 cards each
dealing: one card at a time, clockwise           [inferred "r"]
first dealer: by lot                             [inferred "r"]
next dealer: the player on the left              [inferred "r"]
play: clockwise                                  [inferred "r"]
first lead: the player on the left               [inferred "r"]
board:                                           [inferred "r"]
    7D "the yellow dwarf": stake 5
stakes: every player                             [inferred "r"]
leftovers: stay                                  [inferred "r"]
starting tokens: 50                              [inferred "r"]
runs: any suit                                   [inferred "r"]
play on: compulsory                              [inferred "r"]
continuing: compulsory                           [inferred "r"]
after a king: the player leads a new run         [inferred "r"]
nobody can continue: the last player leads a new run  [inferred "r"]
game ends: when a player cannot stake            [inferred "r"]
winner: most tokens                              [inferred "r"]
cannot pay in full: pays what they have          [inferred "r"]
"""

_EXPECT = re.compile(r"#\s*expect:\s*(error|warning)\s+([a-z-]+)\s+(\d+):(\d+)(?:\s+(\S+))?\s*$")
_HINT = re.compile(r"#\s*expect-hint:\s*(.+?)\s*$")


@dataclass(frozen=True, order=True)
class Expected:
    severity: str
    kind: str
    line: int
    column: int
    file: str  # base name of the file the diagnostic points into


def invalid_fixtures() -> list[Path]:
    """The invalid ruleset files (``invalid/parts/`` holds files they include)."""
    return sorted(INVALID.glob("*.nj"))


def expectations(path: Path) -> tuple[list[Expected], list[str]]:
    """The ``# expect:`` and ``# expect-hint:`` lines at the top of a fixture."""
    expected: list[Expected] = []
    hints: list[str] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.startswith("#"):
            break
        if m := _EXPECT.match(raw):
            severity, kind, line, column, file = m.groups()
            expected.append(Expected(severity, kind, int(line), int(column), file or path.name))
        elif m := _HINT.match(raw):
            hints.append(m.group(1))
        else:
            raise AssertionError(f"{path.name}: unreadable expectation line {raw!r}")
    return sorted(expected), hints


def as_expected(d: Diagnostic) -> Expected:
    return Expected(d.severity.value, d.kind, d.line, d.column, Path(d.file).name)


def compile_path(path: Path | str, options: dict[str, str] | None = None
                 ) -> tuple[Ruleset | None, list[Diagnostic]]:
    """Compile a ruleset file; return it (or None) with every diagnostic, warnings included."""
    compiler = Compiler()
    try:
        ruleset = compiler.compile(str(path), options)
    except RulesetError as error:
        return None, error.diagnostics
    return ruleset, compiler.diagnostics


def compile_text(text: str, folder: Path, name: str = "ruleset.nj") -> Ruleset:
    """Compile ``text`` as a file in ``folder`` (``include "sources.nj"`` falls back to
    the built-in rules folder); raises RulesetError like any ruleset file."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return Compiler().compile(str(path))


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 60
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args], cwd=cwd or REPO,
                          capture_output=True, text=True, timeout=timeout)


# Names lark gives its terminals; none may reach a person.
_TOKEN_NAME = re.compile(r"__ANON|\$END|\b_?(?:NL|INDENT|DEDENT|[A-Z][A-Z_]{2,}[0-9]*)\b")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def token_names_in(message: str) -> list[str]:
    """Lark terminal names in a message, outside the quoted words it cites from the file."""
    return _TOKEN_NAME.findall(_QUOTED.sub("", message))
