"""The Pygments lexer: exact token types of known lines, and every keyword of the grammar.

The lexer ends every state with a catch-all (``.`` → Text), so "no error
token" alone proves nothing; these tests pin the token type of every
significant piece of known lines, and check that each word the grammar opens
a statement or a clause with is coloured as a keyword.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark
from lark.lexer import PatternStr
from pygments import lex
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    _TokenType,
)

from nainjaune_rules.describe.lexer import NainJauneLexer
from nainjaune_rules.syntax.resources import grammar_text

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "rules").rglob("*.nj"))


def tokens_of(text: str) -> list[tuple[_TokenType, str]]:
    """The tokens of ``text``, whitespace left out."""
    return [(kind, value) for kind, value in lex(text, NainJauneLexer()) if value.strip()]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT / "rules").as_posix())
def test_every_ruleset_file_lexes_cleanly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(lex(text, NainJauneLexer()))
    assert "".join(value for _, value in tokens) == text
    errors = [value for kind, value in tokens if kind in Error]
    assert not errors, errors


def test_tokens_of_a_clause() -> None:
    tokens = tokens_of('first dealer: by lot   [fr-1902 ¶2; inferred "why"]\nstop cards: QS 10D\n')
    assert (Keyword, "first dealer") in tokens
    assert (Name.Builtin, "by lot") in tokens
    assert (Name.Label, "fr-1902") in tokens
    assert (Number, "¶2") in tokens
    assert (Name.Decorator, "inferred") in tokens
    assert (String.Double, '"why"') in tokens
    assert (Name.Constant, "QS") in tokens and (Name.Constant, "10D") in tokens


# Lines of the built-in rulesets (or written in their style), each token typed by hand
# from the lexer's own description (the module docstring of describe/lexer.py).
KNOWN_LINES: list[tuple[str, list[tuple[_TokenType, str]]]] = [
    ("ruleset fr-sheet", [(Keyword.Namespace, "ruleset"), (Name.Namespace, "fr-sheet")]),
    ('title "Nain jaune (règle moderne)"',
     [(Keyword.Namespace, "title"), (String.Double, '"Nain jaune (règle moderne)"')]),
    ('include "sources.nj"', [(Keyword.Namespace, "include"), (String.Double, '"sources.nj"')]),
    ("players: 3 to 8   [fr-sheet ¶14]",
     [(Keyword, "players"), (Punctuation, ":"), (Number.Integer, "3"), (Text, "to"),
      (Number.Integer, "8"), (Punctuation, "["), (Name.Label, "fr-sheet"), (Number, "¶14"),
      (Punctuation, "]")]),
    ("ranks: A 2 10 J Q K", [(Keyword, "ranks"), (Punctuation, ":"), (Name.Constant, "A"),
                            (Number.Integer, "2"), (Number.Integer, "10"), (Name.Constant, "J"),
                            (Name.Constant, "Q"), (Name.Constant, "K")]),
    ("rank names: as valet dame roi   [wiki-ja ¶22]",
     [(Keyword, "rank names"), (Punctuation, ":"), (Text, "as"), (Text, "valet"),
      (Text, "dame"), (Text, "roi"), (Punctuation, "["), (Name.Label, "wiki-ja"),
      (Number, "¶22"), (Punctuation, "]")]),
    ('    7D "the yellow dwarf": stake 5',
     [(Name.Constant, "7D"), (String.Double, '"the yellow dwarf"'), (Punctuation, ":"),
      (Text, "stake"), (Number.Integer, "5")]),
    ("dealing: packets of 3, counterclockwise",
     [(Keyword, "dealing"), (Punctuation, ":"), (Text, "packets"), (Text, "of"),
      (Number.Integer, "3"), (Punctuation, ","), (Name.Builtin, "counterclockwise")]),
    ('when 7♦ is played: the player takes its box   [cz-box ¶12; inferred "why"]',
     [(Keyword, "when"), (Name.Constant, "7♦"), (Text, "is"), (Text, "played"),
      (Punctuation, ":"), (Text, "the"), (Text, "player"), (Text, "takes"), (Text, "its"),
      (Text, "box"), (Punctuation, "["), (Name.Label, "cz-box"), (Number, "¶12"),
      (Operator, ";"), (Name.Decorator, "inferred"), (String.Double, '"why"'),
      (Punctuation, "]")]),
    ('option payment "how losers pay":   [house "our table"]',
     [(Keyword, "option"), (Text, "payment"), (String.Double, '"how losers pay"'),
      (Punctuation, ":"), (Punctuation, "["), (Name.Decorator, "house"),
      (String.Double, '"our table"'), (Punctuation, "]")]),
    ("    points (default): nothing changes",
     [(Text, "points"), (Keyword.Pseudo, "(default)"), (Punctuation, ":"),
      (Name.Builtin, "nothing changes")]),
    ("play on: compulsory  # the sheet says so",
     [(Keyword, "play on"), (Punctuation, ":"), (Name.Builtin, "compulsory"),
      (Comment.Single, "# the sheet says so")]),
    ("next dealer: the player on the left",
     [(Keyword, "next dealer"), (Punctuation, ":"), (Text, "the"), (Text, "player"),
      (Text, "on"), (Text, "the"), (Name.Builtin, "left")]),
]


@pytest.mark.parametrize(("line", "expected"), KNOWN_LINES, ids=[x[0][:30] for x in KNOWN_LINES])
def test_known_lines_have_their_token_types(line: str, expected: list) -> None:
    assert tokens_of(line + "\n") == expected


# ---- every keyword of the grammar ---------------------------------------------------------


def _grammar_keywords() -> tuple[set[str], set[str]]:
    """(clause heads, statement words) read from ``grammar/nainjaune.lark``.

    A statement's rule (a header, an option, a removal, or any clause) whose
    alternative starts with literal words: when ":" follows them, those words are
    a clause head (``first dealer``); otherwise the first word opens a statement
    (``ruleset``, ``when``, ``announce``).
    """
    grammar = Lark(grammar_text(), parser="lalr")
    literal = {t.name: t.pattern.value for t in grammar.terminals
               if isinstance(t.pattern, PatternStr)}
    statement_rules = {"header", "option", "removal", "part"} | {
        r.expansion[0].name for r in grammar.rules
        if r.origin.name in ("simple_clause", "block_clause")}
    heads: set[str] = set()
    openers: set[str] = set()
    for rule in grammar.rules:
        if rule.origin.name not in statement_rules:
            continue
        words: list[str] = []
        for symbol in rule.expansion:
            value = literal.get(symbol.name)
            if value is None or not value.isalpha():
                break
            words.append(value)
        if not words:
            continue
        follows = rule.expansion[len(words)].name if len(words) < len(rule.expansion) else ""
        if literal.get(follows) == ":":
            heads.add(" ".join(words))
        else:
            openers.add(words[0])
    return heads, openers


HEADS, OPENERS = _grammar_keywords()


def test_the_grammar_gives_the_keywords_we_expect() -> None:
    """The collection itself is not vacuous: a few heads and statements, checked by eye."""
    assert {"players", "first dealer", "after a king", "cannot pay in full", "rank names",
            "game ends", "deal", "board"} <= HEADS
    assert {"ruleset", "title", "extends", "source", "when", "announce", "call", "option",
            "remove"} <= OPENERS
    assert len(HEADS) >= 25


@pytest.mark.parametrize("head", sorted(HEADS))
def test_every_clause_head_is_a_keyword(head: str) -> None:
    kind, value = tokens_of(f"{head}: x\n")[0]
    assert kind in Keyword and value == head, (kind, value)


@pytest.mark.parametrize("word", sorted(OPENERS))
def test_every_statement_word_is_a_keyword(word: str) -> None:
    kind, value = tokens_of(f"{word} x\n")[0]
    assert kind in Keyword and value == word, (kind, value)


def test_a_keyword_inside_a_word_or_not_before_a_colon_is_not_one() -> None:
    # "players" opens a clause only before ":"; "deal" inside "dealer" is no keyword
    assert (Keyword, "players") not in tokens_of("option players \"x\":\n")
    assert tokens_of("x-deal: 1\n")[0] == (Text, "x-deal")
