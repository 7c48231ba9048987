"""Parsing ruleset text into a lark tree, with syntax errors in the language's own words.

The LALR parser is built once per process, its tables kept between runs in the
user's private cache folder (:mod:`nainjaune_rules.syntax.tablecache`); parsing
a ruleset file then takes a millisecond or two.
Lark's exceptions never leave this module: they become :class:`Diagnostic`
objects that say what the language expected at that point, as a person would
write it (``a card code such as QS``), never a token name.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import (
    QUOTE_LIMIT,
    Diagnostic,
    SourceText,
    did_you_mean,
    shorten,
)
from nainjaune_rules.syntax.lengths import overlong_texts
from nainjaune_rules.syntax.limits import MAX_PROBLEMS, STOPPED
from nainjaune_rules.syntax.mistakes import (
    accented_keyword,
    french_rank,
    misspelled_statement,
    mixed_origin,
    statement_start,
    unindented_block,
    unquoted_extends,
    usual_hint,
)
from nainjaune_rules.syntax.phrases import unsayable
from nainjaune_rules.syntax.resources import grammar_text
from nainjaune_rules.syntax.screen import BOM, bad_name, mixed_indentation, unsafe_characters
from nainjaune_rules.syntax.tablecache import parser_cache_file, seal

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
    "SECTION": 'a book\'s section such as §"Pope Joan"',
    "PAGE": "a book's page such as p.195",
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

    cache = parser_cache_file(grammar_text())
    parser = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        postlex=_make_indenter(),
        propagate_positions=True,
        maybe_placeholders=False,
        # Never cache=True: lark would unpickle tables from a predictable file in the
        # shared temp folder, which anyone on the machine could replace (code
        # execution).  A private file in the user's cache folder, or no cache.
        cache=cache or False,
    )
    seal(cache)
    return parser


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


def every_expected(names: set[str]) -> tuple[str, ...]:
    """Every word the parser takes at a place, keywords first, each once, in order."""
    words = sorted({describe_terminal(n) for n in names})
    words.sort(key=lambda w: (not w.startswith('"'), w))
    return tuple(words)


def _expected_words(names: set[str], near: str = "") -> str:
    # Keywords first, then descriptions: keeps short lists readable.
    words = list(every_expected(names))
    if len(words) > 8:
        # the eight closest to what was written, not the first eight of the alphabet
        close = sorted(words, key=lambda w: -difflib.SequenceMatcher(
            None, near.lower(), w.strip('"')).ratio())[:8]
        words = [w for w in words if w in close] + ["…"]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def parse_text(source: SourceText) -> tuple[Tree | None, list[Diagnostic]]:
    """Parse ``source``; return the tree, or ``None`` with every syntax diagnostic.

    The file is parsed whole first.  When that fails, the statements after the
    first error are parsed one by one (a statement is a line at the left margin
    with the indented lines below it), so every wrong statement is reported in
    one run, each file read once: linear in the size of the file.  The first
    :data:`MAX_PROBLEMS` problems are kept, then one that says the rest is not
    checked; a parsed file whose texts are too long (:mod:`.lengths`) is refused too.
    """
    from lark.exceptions import LarkError

    text, problems = unsafe_characters(source, MAX_PROBLEMS + 1)
    problems.extend(mixed_indentation(source, MAX_PROBLEMS + 1))
    text = text.removeprefix(BOM)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = ruleset_parser().parse(text)
    except (LarkError, ValueError) as exc:
        first = _diagnose(exc, source, text, whole_file=True)
    else:
        problems.extend(overlong_texts(tree, source, MAX_PROBLEMS + 1))
        return (None, _kept(source, problems)) if problems else (tree, [])
    problems.append(first)
    blanked = SourceText(source.name, text)  # control characters made spaces
    problems.extend(_rest_of_block(blanked, first.line, MAX_PROBLEMS + 1 - len(problems)))
    for offset, chunk in _statements_after(blanked, first.line):
        if len(problems) > MAX_PROBLEMS:
            break
        found = _parse_statement(source.name, chunk, offset)
        problems.extend(found)
        for problem in found:
            problems.extend(_rest_of_block(blanked, problem.line,
                                           MAX_PROBLEMS + 1 - len(problems)))
    return None, _kept(source, problems)


#: the blocks whose lines are all alike (one box, one row each): after a wrong line, the
#: lines below it are read on, so that one wrong box does not hide the next
_FLAT_BLOCKS = ("board", "deal")


def _rest_of_block(source: SourceText, line: int, budget: int) -> list[Diagnostic]:
    """The syntax errors of the lines below ``line`` in its flat block (``board:``,
    ``deal:``), each read once: the block's heading with the lines after the last wrong
    one, again while a line is wrong, at most ``budget`` of them."""
    lines = source.lines
    if not 1 < line <= len(lines) or lines[line - 1][:1] not in (" ", "\t"):
        return []
    head = line - 1
    while head > 0 and lines[head - 1][:1] in ("", " ", "\t", "#"):
        head -= 1
    if head == 0 or lines[head - 1].split(":")[0].strip() not in _FLAT_BLOCKS:
        return []
    end = line
    while end < len(lines) and lines[end][:1] in ("", " ", "\t", "#"):
        end += 1  # ``end``: the block's last line
    found: list[Diagnostic] = []
    while line < end and len(found) < budget:
        chunk = "\n".join([lines[head - 1], *lines[line:end]]) + "\n"
        problems = _parse_statement(source.name, chunk, 0)
        if not problems or problems[0].line < 2:
            break
        # the chunk's line k (k >= 2) is the file's line ``line + k - 1``
        line = line + problems[0].line - 1
        found.append(replace(problems[0], line=line))
    return found


def _kept(source: SourceText, problems: list[Diagnostic]) -> list[Diagnostic]:
    """The first :data:`MAX_PROBLEMS` problems in the file's order, and when there were
    more, one that says where checking stopped."""
    problems.sort(key=lambda d: (d.line, d.column))  # control characters among the rest
    if len(problems) <= MAX_PROBLEMS:
        return problems
    stop = problems[MAX_PROBLEMS]
    return [*problems[:MAX_PROBLEMS], source.diagnostic(
        STOPPED, f"more than {MAX_PROBLEMS} problems in this file: the rest of "
        "it is not checked", stop.line, stop.column,
        hint="fix the problems above, then check the file again")]


def _statements_after(source: SourceText, line: int) -> Iterator[tuple[int, str]]:
    """The statements starting after ``line``: (lines before it, its text), one by one."""
    lines = source.lines
    start = None
    for number in range(line + 1, len(lines) + 2):
        raw = lines[number - 1] if number <= len(lines) else "end"
        if raw[:1] in ("", " ", "\t", "#"):
            continue
        if start is not None:
            yield start - 1, "\n".join(lines[start - 1 : number - 1]) + "\n"
        start = number


def _parse_statement(name: str, chunk: str, offset: int) -> list[Diagnostic]:
    """The syntax error of one statement, if any, placed ``offset`` lines down the file."""
    from lark.exceptions import LarkError

    try:
        ruleset_parser().parse(chunk)
    except (LarkError, ValueError) as exc:
        part = SourceText(name, chunk)
        found = _diagnose(exc, part, chunk, whole_file=False)
        return [replace(found, line=found.line + offset)]
    return []


def _diagnose(exc: Exception, source: SourceText, text: str, *, whole_file: bool
              ) -> Diagnostic:
    """The diagnostic for one exception of lark's, in the language's words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    from lark.indenter import DedentError

    if isinstance(exc, UnexpectedToken):
        return _unexpected_token(exc, source, text, whole_file)
    if isinstance(exc, UnexpectedCharacters):
        return _unexpected_characters(exc, source, text)
    if isinstance(exc, UnexpectedEOF):
        line = max(len(source.lines), 1)
        message = f"the file ends too early: expected {_expected_words(set(exc.expected))}"
        return source.diagnostic(DK.SYNTAX, message, line, len(source.line(line)) + 1)
    if isinstance(exc, DedentError):
        line, column = _dedent_position(source, str(exc))
        tab = " (a tab, four columns)" if "\t" in source.line(line)[:column] else ""
        return source.diagnostic(
            DK.SYNTAX, f"this line's indentation{tab} matches no enclosing block", line, column,
            hint="indent the lines of a block by the same amount (four spaces)")
    return source.diagnostic(  # pragma: no cover - defensive
        DK.SYNTAX, f"cannot read this ruleset ({shorten(str(exc))})", 1, 1)


def _unexpected_token(exc: Any, source: SourceText, text: str, whole_file: bool
                      ) -> Diagnostic:
    token = exc.token
    expected = set(exc.expected) - {"$END"} if token.type != "$END" else set(exc.expected)
    found = _describe_found(token.type, str(token))
    line = token.line if token.line is not None else len(source.lines)
    column = token.column if token.column is not None else 1
    if token.type == "$END":
        line, column = _last_code_line(source)
        if not whole_file:
            found = "end of this statement"
    elif token.type in ("_INDENT", "_DEDENT"):
        # The indenter dates these tokens from the end of the previous line;
        # point at the line whose indentation is wrong instead.
        line, column = _next_code_line(source, line, column)
    if token.start_pos is not None and token.type != "$END":
        told = _told(source, text, token.start_pos, expected, line, column)
        if told is not None:
            return told
    if token.start_pos is not None:
        misspelled = (_bad_card_or_rank(source, text, token.start_pos, expected, line, column)
                      or bad_name(source, text, token.start_pos, line, column, expected))
        if misspelled is not None:
            return misspelled
    message = f"unexpected {found}: expected {_expected_words(expected, str(token))}"
    width = 1 if token.type in ("_INDENT", "_DEDENT", "_NL") else len(str(token))
    if token.type not in ("$END", "_INDENT", "_DEDENT"):
        # a known clause going on with words the language has no rule for: say so
        unsaid = unsayable(source.line(line), column)
        if unsaid is not None:
            return source.diagnostic(DK.SYNTAX, unsaid[0], line, column, width, unsaid[1])
    hint = _syntax_hint(expected) or usual_hint(
        source, line, column, str(token), {describe_terminal(n) for n in expected})
    return replace(source.diagnostic(DK.SYNTAX, message, line, column, width, hint),
                   expected=every_expected(expected))


def _unexpected_characters(exc: Any, source: SourceText, text: str) -> Diagnostic:
    at = exc.pos_in_stream or 0
    word = _word_at(text, at)
    allowed = set(exc.allowed or ())
    told = _told(source, text, at, allowed, exc.line, exc.column)
    if told is not None:
        return told
    misspelled = (_bad_card_or_rank(source, text, at, allowed, exc.line, exc.column)
                  or bad_name(source, text, at, exc.line, exc.column, allowed))
    if misspelled is not None:
        return misspelled
    # A long word is quoted once, cut, in the source line below the message.
    quoted = repr(word) if len(word) <= QUOTE_LIMIT else f"of {len(word)} characters"
    message = f"unexpected text {quoted}: expected {_expected_words(allowed, word)}"
    hint = _syntax_hint(allowed)
    if text[at : at + 1] == "[" or "[" in word:
        hint = hint or 'an origin is written [source ¶N] or [inferred "reason"]'
    return replace(source.diagnostic(DK.SYNTAX, message, exc.line, exc.column, len(word), hint),
                   expected=every_expected(allowed))


def _told(source: SourceText, text: str, pos: int, expected: set[str], line: int,
          column: int) -> Diagnostic | None:
    """A mistake a writer makes, recognised around the place the parse stopped."""
    words = {describe_terminal(n) for n in expected}
    return (mixed_origin(source, line, column, expected)
            or unquoted_extends(source, line, column)
            or unindented_block(source, line, column)
            or accented_keyword(source, text, pos, line, column, words)
            or (misspelled_statement(source, line, column) if statement_start(words)
                else misspelled_statement(source, line, column, within_head=True)))


def _last_code_line(source: SourceText) -> tuple[int, int]:
    line = max(len(source.lines), 1)
    return line, len(source.line(line)) + 1


def _describe_found(kind: str, text: str) -> str:
    if kind == "_NL":
        return "end of the line"
    if kind == "_INDENT":
        return "indentation"
    if kind == "_DEDENT":
        return "end of the indented block"
    if kind == "$END":
        return "end of the file"
    return repr(text) if len(text) <= QUOTE_LIMIT else f"text of {len(text)} characters"


_CODE_WORD = re.compile(r"[0-9A-Za-z♣♦♥♠]+")


def _bad_card_or_rank(source: SourceText, text: str, pos: int, expected: set[str],
                      line: int, column: int) -> Diagnostic | None:
    """A card or rank code that is not one (``KX``, ``1D``, ``11``) where one is expected.

    The grammar only lexes valid codes, so a wrong one would otherwise read as a
    syntax error pointing at part of the word; it is an unknown card, rank or suit.
    """
    from nainjaune_rules.core.cards import ALL_CODES, RANK_CODES, SUIT_CODES, parse_rank

    match = _CODE_WORD.match(text, pos)
    if match is None:
        return None
    word = match.group()
    if "CARD" in expected and 2 <= len(word) <= 3:
        rank, suit = word[:-1], word[-1]
        rank_ok = parse_rank(rank) is not None
        suit_ok = suit.upper() in SUIT_CODES or suit in "♣♦♥♠"
        if rank_ok and not suit_ok:
            kind = DK.UNKNOWN_SUIT
            message = f"unknown card {word!r}: no suit {suit!r} in a French deck"
        elif suit_ok and not rank_ok:
            kind = DK.UNKNOWN_RANK
            message = f"unknown card {word!r}: no rank {rank!r} in a French deck"
        elif not rank_ok and (word[0].isdigit() or word.isupper()):
            kind, message = DK.UNKNOWN_CARD, f"{word!r} is not a card code"
        else:
            return None
        hint = french_rank(rank, suit) or did_you_mean(word.upper(), ALL_CODES) or (
            f"card codes are a rank ({' '.join(RANK_CODES)}) then a suit "
            f"({' '.join(SUIT_CODES)}), e.g. QS or 10D"
        )
        return source.diagnostic(kind, message, line, column, len(word), hint)
    if "RANK" in expected and len(word) <= 2 and parse_rank(word) is None:
        hint = (french_rank(word) or did_you_mean(word.upper(), RANK_CODES)
                or f"ranks are {' '.join(RANK_CODES)}")
        return source.diagnostic(DK.UNKNOWN_RANK, f"unknown rank {word!r}", line, column,
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
        return ("cite a paragraph as ¶N, the N-th non-blank line of the source; a book "
                'whose text is not bundled by its section §"heading" or its page p.N')
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
