"""The text a ruleset file says in its own words, found in the file, for translators.

A ruleset is written in the language's English-like keywords, but some of its text is
free prose a reader sees on every page: its title and period, its sources' descriptions,
the names of the boxes and pools, the questions and choices of its table options, the
reasons of its inferred and house clauses, the words players say.  :func:`file_texts`
lists them, each with its kind and where it stands (the string's own line and column),
from the syntax tree of one file (its ``include`` and ``extends`` not followed: each file
has its own message catalogue).  :func:`extract` is the Babel extractor built on it
(``pybabel extract -F babel.cfg``, see ``notes/translations.md``); the ``msgctxt`` of an
entry is its :class:`TextKind`, which the run-time look-up (:mod:`.translation`) finds
again on the rule objects.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import IO, Any

from nainjaune_rules.core.diagnostics import SourceText
from nainjaune_rules.core.spans import OriginKind, Span
from nainjaune_rules.syntax.ast import (
    ChoiceNode,
    ClauseNode,
    HeaderNode,
    OptionNode,
    OriginNode,
    PartNode,
    RemovalNode,
    RulesetFile,
    Statement,
    Word,
)
from nainjaune_rules.syntax.parser import parse_text


class TextKind(str, Enum):
    """What a string of a ruleset is: the ``msgctxt`` of its catalogue entry."""

    TITLE = "title"
    PERIOD = "period"
    SOURCE_LANGUAGE = "source language"
    SOURCE_DESCRIPTION = "source description"
    BOX = "box name"
    POOL = "pool name"
    OPTION_QUESTION = "option question"
    OPTION_CHOICE = "option choice"
    INFERRED_REASON = "inferred reason"
    HOUSE_REASON = "house reason"
    PARTLY_REASON = "reason of a clause attested in part"
    SPOKEN = "spoken words"
    RANK_NAMES = "rank names"


#: the kind of the quoted text of a clause, by the Ruleset field the clause fills
CLAUSE_TEXT: Mapping[str, TextKind] = {
    "board": TextKind.BOX,
    "pools": TextKind.POOL,
    "turn_up_bonus": TextKind.POOL,
    "calls": TextKind.SPOKEN,
    "announcements": TextKind.SPOKEN,
}

REASON_KIND: Mapping[OriginKind, TextKind] = {
    OriginKind.INFERRED: TextKind.INFERRED_REASON,
    OriginKind.HOUSE: TextKind.HOUSE_REASON,
    OriginKind.ATTESTED: TextKind.PARTLY_REASON,
}


@dataclass(frozen=True)
class FileText:
    """One string of a file: its kind, its text, where it stands, and for the translator
    what it belongs to (``the reason of the clause "dealing"``)."""

    kind: TextKind
    text: str
    span: Span
    note: str = ""


def is_text_period(period: str) -> bool:
    """A period written as a bare year (``period 1760``) is a number, not text."""
    return bool(period) and not period.isdigit()


def file_texts(parsed: RulesetFile) -> list[FileText]:
    """Every string of ``parsed`` a reader sees, in the order written."""
    found: list[FileText] = []
    for statement in parsed.statements:
        found.extend(_statement(statement))
    return found


def _quoted(word: Any) -> bool:
    return isinstance(word, Word) and len(word.text) >= 2 and word.text[0] == '"'


def _text(kind: TextKind, word: Word, note: str) -> FileText:
    return FileText(kind, word.unquoted, word.span, note)


def _statement(statement: Statement) -> Iterator[FileText]:
    match statement:
        case HeaderNode():
            yield from _header(statement)
        case ClauseNode():
            yield from _clause(statement, "")
        case OptionNode():
            yield from _option(statement)
        case PartNode():
            yield from _clause(statement.part, "")
        case RemovalNode():
            yield from _origin(statement.origin, f'the removal "{statement.head}"')


def _header(node: HeaderNode) -> Iterator[FileText]:
    values = node.values
    if node.key == "title" and values:
        yield _text(TextKind.TITLE, values[0], "the ruleset's title")
    elif node.key == "period" and values and _quoted(values[0]):
        if is_text_period(values[0].unquoted):
            yield _text(TextKind.PERIOD, values[0], "the ruleset's period (when it was played)")
    elif node.key == "source" and len(values) >= 3:
        source = values[0].text
        yield _text(TextKind.SOURCE_LANGUAGE, values[1], f"the language of the source {source}")
        yield _text(TextKind.SOURCE_DESCRIPTION, values[2], f"what the source {source} is")


def _clause(node: ClauseNode, within: str) -> Iterator[FileText]:
    what = f'the clause "{node.head}"{within}'
    if node.key == "rank_names":
        names = node.args.get("names", ())
        if names:
            joined = " ".join(w.text if isinstance(w, Word) else str(w) for w in names)
            yield FileText(TextKind.RANK_NAMES, joined, node.span,
                           "the names players call the ranks by, ace to king, one word "
                           "each, separated by spaces (as many words as in English)")
    for word in _words(node.args):
        kind = CLAUSE_TEXT.get(node.key)
        if kind is None:
            raise AssertionError(f"a quoted text in the clause {node.key!r} has no kind: "
                                 "add it to ruletext.CLAUSE_TEXT")
        yield _text(kind, word, f"in {what}")
    yield from _origin(node.origin, what)


def _words(value: Any) -> Iterator[Word]:
    if _quoted(value):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _words(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _words(item)


def _origin(origin: OriginNode | None, what: str) -> Iterator[FileText]:
    if origin is not None and origin.reason is not None and origin.reason.unquoted:
        kind = REASON_KIND[origin.kind]
        yield _text(kind, origin.reason, f"why {what} is read so")


def _option(node: OptionNode) -> Iterator[FileText]:
    name = node.name.text
    yield _text(TextKind.OPTION_QUESTION, node.description,
                f"what the table option {name} decides")
    yield from _origin(node.origin, f"the table option {name}")
    for choice in node.choices:
        yield from _choice(choice, name)


def _choice(choice: ChoiceNode, option: str) -> Iterator[FileText]:
    yield FileText(TextKind.OPTION_CHOICE, choice.name.text, choice.name.span,
                   f"a choice of the table option {option} (its name on the command "
                   "line stays the English one)")
    for clause in choice.clauses:
        yield from _clause(clause, f" of the choice {choice.name.text}")


def parse_file_texts(name: str, text: str) -> list[FileText] | None:
    """The strings of a ruleset file's ``text`` (named ``name`` in spans); None when the
    file does not parse (``check`` reports why)."""
    from nainjaune_rules.model.transformer import to_ast  # lark: loaded only when used

    tree, problems = parse_text(SourceText(name, text))
    if tree is None or problems:
        return None
    return file_texts(to_ast(tree, name))


# -- the Babel extractor ------------------------------------------------------------
def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method for ``*.nj`` files (entry point ``nainjaune``): one
    message per string, ``msgctxt`` its kind, a comment saying what it belongs to.  A
    file that does not parse gives nothing (``nainjaune check`` says why)."""
    name = Path(getattr(fileobj, "name", "ruleset.nj")).name
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for found in parse_file_texts(name, text) or ():
        yield found.span.line, "pgettext", (found.kind.value, found.text), [found.note]
