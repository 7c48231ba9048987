"""Parsing ruleset text into a lark tree, with syntax errors in the language's own words.

The LALR parser is built once per process and cached (building it is the
expensive part); parsing a ruleset file then takes a millisecond or two.
Lark's exceptions never leave this module: they become :class:`Diagnostic`
objects that say what the language expected at that point, as a person would
write it (``a card code such as QS``), never a token name.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from nainjaune_rules.syntax.diagnostics import Diagnostic, SourceText, did_you_mean
from nainjaune_rules.syntax.resources import grammar_text

if TYPE_CHECKING:
    from lark import Lark, Tree

# How each named terminal reads to a person.  Anonymous keyword terminals are
# shown as the keyword itself, quoted.
_TERMINAL_WORDS: dict[str, str] = {
    "NAME": "a name (lower case letters, digits and dashes)",
    "STRING": 'a quoted text such as "the yellow dwarf"',
    "INT": "a whole number",
    "RANK": "a rank such as A, 7, 10 or K",
    "CARD": "a card code such as QS, 10D or 7♦",
    "PARAGRAPH": "a paragraph mark such as ¶14",
    "EVIDENCE": "attested, described or reconstructed",
    "DIRECTION": "clockwise or counterclockwise",
    "SIDE": "left or right",
    "MANDATE": "compulsory or optional",
    "CARD_WORD": '"card" or "cards"',
    "DEFAULT_MARK": '"(default)"',
    "_NL": "the end of the line",
    "_INDENT": "an indented line",
    "_DEDENT": "the end of the indented block",
    "$END": "the end of the file",
}


def _make_indenter() -> Any:
    from lark.indenter import Indenter

    class RulesetIndenter(Indenter):
        NL_type = "_NL"
        OPEN_PAREN_types: list[str] = []
        CLOSE_PAREN_types: list[str] = []
        INDENT_type = "_INDENT"
        DEDENT_type = "_DEDENT"
        tab_len = 4

    return RulesetIndenter()


@functools.lru_cache(maxsize=1)
def ruleset_parser() -> Lark:
    """The LALR parser for the ruleset language, built once."""
    from lark import Lark

    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        postlex=_make_indenter(),
        propagate_positions=True,
        maybe_placeholders=False,
        # Lark keeps the built tables in the temp folder, keyed by the grammar's hash:
        # later processes load them instead of rebuilding (start-up time of the CLI).
        cache=True,
    )


@functools.lru_cache(maxsize=1)
def _terminal_patterns() -> dict[str, str]:
    from lark.lexer import PatternStr

    words: dict[str, str] = {}
    for term in ruleset_parser().terminals:
        if isinstance(term.pattern, PatternStr):
            words[term.name] = f'"{term.pattern.value}"'
    return words


def describe_terminal(name: str) -> str:
    """How a terminal of the grammar reads to a person."""
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    return _terminal_patterns().get(name, name.lower())


def _expected_words(names: set[str]) -> str:
    words = sorted({describe_terminal(n) for n in names})
    # Keywords first, then descriptions: keeps short lists readable.
    words.sort(key=lambda w: (not w.startswith('"'), w))
    if len(words) > 8:
        words = words[:8] + ["…"]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def parse_text(source: SourceText) -> tuple[Tree | None, list[Diagnostic]]:
    """Parse ``source``; return the tree, or ``None`` with one syntax diagnostic."""
    from lark.exceptions import (
        LarkError,
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
    )
    from lark.indenter import DedentError

    text = source.text
    if not text.endswith("\n"):
        text += "\n"
    try:
        return ruleset_parser().parse(text), []
    except UnexpectedToken as exc:
        token = exc.token
        expected = set(exc.expected) - {"$END"} if token.type != "$END" else set(exc.expected)
        found = _describe_found(token.type, str(token))
        line = token.line if token.line is not None else len(source.lines)
        column = token.column if token.column is not None else 1
        if token.type == "$END":
            line, column = max(len(source.lines), 1), len(source.line(len(source.lines))) + 1
        elif token.type in ("_INDENT", "_DEDENT"):
            # The indenter dates these tokens from the end of the previous line;
            # point at the line whose indentation is wrong instead.
            line, column = _next_code_line(source, line, column)
        if token.start_pos is not None:
            misspelled = _bad_card_or_rank(source, text, token.start_pos, expected, line, column)
            if misspelled is not None:
                return None, [misspelled]
        message = f"unexpected {found}: expected {_expected_words(expected)}"
        width = 1 if token.type in ("_INDENT", "_DEDENT", "_NL") else len(str(token))
        return None, [
            source.diagnostic("syntax", message, line, column, width, _syntax_hint(expected))
        ]
    except UnexpectedCharacters as exc:
        at = exc.pos_in_stream
        bad = text[at : at + 1] if at is not None else ""
        word = _word_at(text, exc.pos_in_stream or 0)
        allowed = set(exc.allowed or ())
        misspelled = _bad_card_or_rank(source, text, exc.pos_in_stream or 0, allowed,
                                       exc.line, exc.column)
        if misspelled is not None:
            return None, [misspelled]
        message = f"unexpected text {word!r}: expected {_expected_words(allowed)}"
        hint = _syntax_hint(allowed)
        if bad == "[" or "[" in word:
            hint = hint or 'an origin is written [source ¶N] or [inferred "reason"]'
        return None, [
            source.diagnostic("syntax", message, exc.line, exc.column, len(word), hint)
        ]
    except UnexpectedEOF as exc:
        line = max(len(source.lines), 1)
        message = f"the file ends too early: expected {_expected_words(set(exc.expected))}"
        return None, [source.diagnostic("syntax", message, line, len(source.line(line)) + 1)]
    except DedentError as exc:
        line, column = _dedent_position(source, str(exc))
        return None, [
            source.diagnostic(
                "syntax",
                "this line's indentation matches no enclosing block",
                line,
                column,
                hint="indent the lines of a block by the same amount (four spaces)",
            )
        ]
    except (UnexpectedInput, LarkError, ValueError) as exc:  # pragma: no cover - defensive
        return None, [source.diagnostic("syntax", f"cannot read this ruleset ({exc})", 1, 1)]


def _describe_found(kind: str, text: str) -> str:
    if kind == "_NL":
        return "end of the line"
    if kind == "_INDENT":
        return "indentation"
    if kind == "_DEDENT":
        return "end of the indented block"
    if kind == "$END":
        return "end of the file"
    return repr(text)


_CODE_WORD = re.compile(r"[0-9A-Za-z♣♦♥♠]+")


def _bad_card_or_rank(source: SourceText, text: str, pos: int, expected: set[str],
                      line: int, column: int) -> Diagnostic | None:
    """A card or rank code that is not one (``KX``, ``1D``, ``11``) where one is expected.

    The grammar only lexes valid codes, so a wrong one would otherwise read as a
    syntax error pointing at part of the word; it is an unknown card, rank or suit.
    """
    from nainjaune_rules.cards import ALL_CODES, RANK_CODES, SUIT_CODES, parse_rank

    match = _CODE_WORD.match(text, pos)
    if match is None:
        return None
    word = match.group()
    if "CARD" in expected and 2 <= len(word) <= 3:
        rank, suit = word[:-1], word[-1]
        rank_ok = parse_rank(rank) is not None
        suit_ok = suit.upper() in SUIT_CODES or suit in "♣♦♥♠"
        if rank_ok and not suit_ok:
            kind = "unknown-suit"
            message = f"unknown card {word!r}: no suit {suit!r} in a French deck"
        elif suit_ok and not rank_ok:
            kind = "unknown-rank"
            message = f"unknown card {word!r}: no rank {rank!r} in a French deck"
        elif not rank_ok and (word[0].isdigit() or word.isupper()):
            kind, message = "unknown-card", f"{word!r} is not a card code"
        else:
            return None
        hint = did_you_mean(word.upper(), ALL_CODES) or (
            f"card codes are a rank ({' '.join(RANK_CODES)}) then a suit "
            f"({' '.join(SUIT_CODES)}), e.g. QS or 10D"
        )
        return source.diagnostic(kind, message, line, column, len(word), hint)
    if "RANK" in expected and len(word) <= 2 and parse_rank(word) is None:
        hint = did_you_mean(word.upper(), RANK_CODES) or f"ranks are {' '.join(RANK_CODES)}"
        return source.diagnostic("unknown-rank", f"unknown rank {word!r}", line, column,
                                 len(word), hint)
    return None


def _next_code_line(source: SourceText, line: int, column: int) -> tuple[int, int]:
    """The first line after ``line`` holding more than blanks and a comment, at its indent."""
    for number in range(line + 1, len(source.lines) + 1):
        raw = source.line(number)
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            return number, len(raw) - len(raw.lstrip(" \t")) + 1
    return line, column


def _word_at(text: str, pos: int) -> str:
    end = pos
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[pos:end] or text[pos : pos + 1]


def _syntax_hint(expected: set[str]) -> str:
    if expected == {"CARD"} or "CARD" in expected and len(expected) <= 2:
        return "card codes are a rank (A 2 … 10 J Q K) then a suit (C D H S), e.g. QS or 10D"
    if "_INDENT" in expected:
        return "the lines of this block go below it, indented by four spaces"
    if "PARAGRAPH" in expected:
        return "cite a paragraph as ¶N, the N-th non-blank line of the source"
    return ""


def _dedent_position(source: SourceText, message: str) -> tuple[int, int]:
    """Find the first line whose indentation matches no open block."""
    stack = [0]
    for number, raw in enumerate(source.lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip(" \t"))
        if indent > stack[-1]:
            stack.append(indent)
            continue
        while indent < stack[-1]:
            stack.pop()
        if indent != stack[-1]:
            return number, indent + 1
    return 1, 1
