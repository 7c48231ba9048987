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

from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import (
    QUOTE_LIMIT,
    Diagnostic,
    SourceText,
    shorten,
    suggest,
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


#: the same in French (a test checks both tables name the same terminals)
_TERMINAL_WORDS_FR: dict[str, str] = {
    "NAME": "un nom (minuscules, chiffres et tirets)",
    "STRING": "un texte entre guillemets droits comme " + q('"the yellow dwarf"'),
    "INT": "un nombre entier",
    "RANK": "un rang comme A, 7, 10 ou K",
    "CARD": "un code de carte comme QS, 10D ou 7♦",
    "PARAGRAPH": "un numéro de paragraphe comme ¶14",
    "SECTION": "une section de livre comme " + q('§"Pope Joan"'),
    "PAGE": "une page de livre comme p.195",
    "EVIDENCE": "attested, described ou reconstructed",
    "DIRECTION": "clockwise ou counterclockwise",
    "SIDE": "left ou right",
    "MANDATE": "compulsory ou optional",
    "CARD_WORD": f"{q('card')} ou {q('cards')}",
    "DEFAULT_MARK": q("(default)"),
    "_NL": "la fin de la ligne",
    "_INDENT": "une ligne indentée",
    "_DEDENT": "la fin du bloc indenté",
    "$END": "la fin du fichier",
}
_FRENCH_WORD = {_TERMINAL_WORDS[name]: said for name, said in _TERMINAL_WORDS_FR.items()}


def in_french(word: str) -> str:
    """An expected word of :func:`every_expected` as French says it (a keyword « quoted »)."""
    if word in _FRENCH_WORD:
        return _FRENCH_WORD[word]
    if len(word) > 1 and word.startswith('"') and word.endswith('"'):
        return q(word[1:-1])
    return word


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


def _expected_words(names: set[str], near: str = "") -> Words:
    # Keywords first, then descriptions: keeps short lists readable.
    words = list(every_expected(names))
    if len(words) > 8:
        # the eight closest to what was written, not the first eight of the alphabet
        close = sorted(words, key=lambda w: -difflib.SequenceMatcher(
            None, near.lower(), w.strip('"')).ratio())[:8]
        words = [w for w in words if w in close] + ["…"]
    french = [in_french(w) for w in words]
    if len(words) == 1:
        return Words(words[0], french[0])
    return Words(", ".join(words[:-1]) + " or " + words[-1],
                 ", ".join(french[:-1]) + " ou " + french[-1])


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
        STOPPED, Words(f"more than {MAX_PROBLEMS} problems in this file: the rest of "
                       "it is not checked",
                       f"plus de {MAX_PROBLEMS} problèmes dans ce fichier{NNBSP}: la suite "
                       "n’est pas vérifiée"), stop.line, stop.column,
        hint=Words("fix the problems above, then check the file again",
                   "corrigez les problèmes ci-dessus, puis vérifiez de nouveau le fichier"))]


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
        wanted = _expected_words(set(exc.expected))
        message = Words(f"the file ends too early: expected {wanted.en}",
                        f"le fichier finit trop tôt{NNBSP}: on attend {wanted.fr}")
        return source.diagnostic(DK.SYNTAX, message, line, len(source.line(line)) + 1)
    if isinstance(exc, DedentError):
        line, column = _dedent_position(source, str(exc))
        tabbed = "\t" in source.line(line)[:column]
        tab = " (a tab, four columns)" if tabbed else ""
        tab_fr = " (une tabulation, quatre colonnes)" if tabbed else ""
        return source.diagnostic(
            DK.SYNTAX, Words(f"this line's indentation{tab} matches no enclosing block",
                             f"l’indentation de cette ligne{tab_fr} ne correspond à aucun "
                             "bloc englobant"), line, column,
            hint=Words("indent the lines of a block by the same amount (four spaces)",
                       "indentez les lignes d’un bloc d’autant (quatre espaces)"))
    why = shorten(str(exc))
    return source.diagnostic(  # pragma: no cover - defensive
        DK.SYNTAX, Words(f"cannot read this ruleset ({why})",
                         f"impossible de lire cette règle du jeu ({why})"), 1, 1)


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
            found = Words("end of this statement", "la fin de cette instruction")
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
    wanted = _expected_words(expected, str(token))
    message = Words(f"unexpected {found.en}: expected {wanted.en}",
                    f"trouvé {found.fr} alors qu’on attend {wanted.fr}")
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
    short = len(word) <= QUOTE_LIMIT
    quoted = repr(word) if short else f"of {len(word)} characters"
    quoted_fr = q(word) if short else f"de {len(word)} caractères"
    wanted = _expected_words(allowed, word)
    message = Words(f"unexpected text {quoted}: expected {wanted.en}",
                    f"texte inattendu {quoted_fr}{NNBSP}: on attend {wanted.fr}")
    hint = _syntax_hint(allowed)
    if text[at : at + 1] == "[" or "[" in word:
        hint = hint or Words('an origin is written [source ¶N] or [inferred "reason"]',
                             f"une origine s’écrit {q('[source ¶N]')} ou "
                             + q('[inferred "raison"]'))
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


def _describe_found(kind: str, text: str) -> Words:
    if kind == "_NL":
        return Words("end of the line", "la fin de la ligne")
    if kind == "_INDENT":
        return Words("indentation", "une indentation")
    if kind == "_DEDENT":
        return Words("end of the indented block", "la fin du bloc indenté")
    if kind == "$END":
        return Words("end of the file", "la fin du fichier")
    if len(text) <= QUOTE_LIMIT:
        return Words(repr(text), q(text))
    return Words(f"text of {len(text)} characters", f"un texte de {len(text)} caractères")


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
            message = Words(f"unknown card {word!r}: no suit {suit!r} in a French deck",
                            f"carte inconnue {q(word)}{NNBSP}: pas de couleur {q(suit)} "
                            "dans un jeu français")
        elif suit_ok and not rank_ok:
            kind = DK.UNKNOWN_RANK
            message = Words(f"unknown card {word!r}: no rank {rank!r} in a French deck",
                            f"carte inconnue {q(word)}{NNBSP}: pas de rang {q(rank)} "
                            "dans un jeu français")
        elif not rank_ok and (word[0].isdigit() or word.isupper()):
            kind = DK.UNKNOWN_CARD
            message = Words(f"{word!r} is not a card code",
                            f"{q(word)} n’est pas un code de carte")
        else:
            return None
        ranks, suits = " ".join(RANK_CODES), " ".join(SUIT_CODES)
        hint = french_rank(rank, suit) or suggest(word.upper(), ALL_CODES) or Words(
            f"card codes are a rank ({ranks}) then a suit ({suits}), e.g. QS or 10D",
            f"un code de carte est un rang ({ranks}) puis une couleur ({suits}), "
            "par exemple QS ou 10D")
        return source.diagnostic(kind, message, line, column, len(word), hint)
    if "RANK" in expected and len(word) <= 2 and parse_rank(word) is None:
        ranks = " ".join(RANK_CODES)
        hint = (french_rank(word) or suggest(word.upper(), RANK_CODES)
                or Words(f"ranks are {ranks}", f"les rangs sont {ranks}"))
        return source.diagnostic(DK.UNKNOWN_RANK,
                                 Words(f"unknown rank {word!r}", f"rang inconnu {q(word)}"),
                                 line, column, len(word), hint)
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


def _syntax_hint(expected: set[str]) -> Words:
    if expected == {"CARD"} or "CARD" in expected and len(expected) <= 2:
        return Words("card codes are a rank (A 2 … 10 J Q K) then a suit (C D H S), e.g. QS "
                     "or 10D", "un code de carte est un rang (A 2 … 10 J Q K) puis une couleur "
                     "(C D H S), par exemple QS ou 10D")
    if "_INDENT" in expected:
        return Words("the lines of this block go below it, indented by four spaces",
                     "les lignes de ce bloc vont dessous, indentées de quatre espaces")
    if "PARAGRAPH" in expected:
        return Words("cite a paragraph as ¶N, the N-th non-blank line of the source; a book "
                     'whose text is not bundled by its section §"heading" or its page p.N',
                     "citez un paragraphe par ¶N, la N-ième ligne non vide de la source"
                     f"{NNBSP}; un livre dont le texte n’est pas fourni, par sa section "
                     + q('§"titre"') + " ou sa page p.N")
    return NO_WORDS


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
