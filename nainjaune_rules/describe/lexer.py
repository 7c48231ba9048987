"""A Pygments lexer for the Nain Jaune ruleset language (``*.nj``).

Registered as the ``nainjaune`` lexer through the ``pygments.lexers`` entry
point (see pyproject.toml), so that ``pygmentize -l nainjaune``, the site's
fenced code blocks (```` ```nainjaune ````) and any editor using Pygments
highlight ruleset files.

What it colours, following ``grammar/nainjaune.lark``:

- the header statements (``ruleset``, ``title``, ``extends``, ``source``...)
  and the head of every clause (``players:``, ``first dealer:``, ``when``...);
- card codes (``QS``, ``10D``, ``7♦``), rank codes and numbers;
- strings, comments, the ``(default)`` mark of an option's choice;
- the origin in brackets: a source id and its paragraphs (``[fr-sheet ¶14]``),
  or ``inferred`` / ``house`` with their reason.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

HEADERS = ("ruleset", "title", "period", "evidence", "extends", "include", "source")

#: the words that open a clause (longest first, so ``play on`` wins over ``play``)
CLAUSE_HEADS = (
    "nobody can continue", "cannot pay in full", "after a king", "after the top rank",
    "starting tokens", "shuffling", "talon", "played cards", "deal ends",
    "first dealer", "next dealer", "first lead", "stop cards", "wild card", "game ends",
    "play on", "continuing", "leftovers", "dealing", "players", "winner", "points", "stakes",
    "rank names", "board", "ranks", "runs", "deal", "play", "opera", "tokens", "change",
    "settlement",
    "turn",
    "extra hand",  # issue 22, part 4
    "deck",  # deck composition (#22)
    "after a stop", "lead", "trumps",  # lead constraints, trumps (#22)
)
STATEMENTS = ("announce", "call", "option", "remove", "when", "pool")
#: the one-part changes of an extended ruleset (``box 7D: stake 10``, ``deal 3 players: …``),
#: keywords at a line's start only (``a box card`` is not one)
PART_CHANGES = ("box", "deal")

#: the words that name a choice of the language (directions, mandates, evidence...)
VALUES = (
    "counterclockwise", "clockwise", "compulsory", "optional", "attested", "described",
    "reconstructed", "left", "right", "by lot", "stay", "are cleared", "any suit", "same suit",
    "most tokens", "nothing changes", "nothing", "at any time", "from the bank",
    "between players",
)

_CARD = r"(?:10|[2-9AJQK])[CDHS♣♦♥♠](?![0-9A-Za-z])"
_RANK = r"(?:10|[2-9AJQK])(?![0-9A-Za-z])"


class NainJauneLexer(RegexLexer):
    """Lexer for Nain Jaune ruleset files."""

    name = "Nain Jaune ruleset"
    aliases: ClassVar[list[str]] = ["nainjaune", "nj"]
    filenames: ClassVar[list[str]] = ["*.nj"]
    mimetypes: ClassVar[list[str]] = ["text/x-nainjaune"]

    tokens: ClassVar[dict[str, list]] = {
        "root": [
            (r"[ \t]*\n", Whitespace),
            (r"[ \t]+", Whitespace),
            (r"#.*$", Comment.Single),
            (
                r"^(ruleset|extends|source)([ \t]+)([a-z0-9][a-z0-9_\-]*)",
                bygroups(Keyword.Namespace, Whitespace, Name.Namespace),
            ),
            (words(HEADERS, prefix=r"^", suffix=r"\b"), Keyword.Namespace),
            (words(CLAUSE_HEADS, prefix=r"(?<![\w-])", suffix=r"(?=\s*:)"), Keyword),
            (words(STATEMENTS, prefix=r"(?<![\w-])", suffix=r"\b"), Keyword),
            (words(PART_CHANGES, prefix=r"^", suffix=r"\b"), Keyword),
            (r"\(default\)", Keyword.Pseudo),
            (r"\[", Punctuation, "origin"),
            (r'"[^"\n]*"', String.Double),
            (r"(?<![\w-])" + _CARD, Name.Constant),
            (r"\d+", Number.Integer),
            (r"(?<![\w-])" + _RANK, Name.Constant),
            (words(VALUES, prefix=r"(?<![\w-])", suffix=r"(?![\w-])"), Name.Builtin),
            (r"[:,;]", Punctuation),
            (r"[a-z0-9][a-z0-9_\-]*", Text),
            (r".", Text),
        ],
        "origin": [
            (r"\]", Punctuation, "#pop"),
            (r"[ \t]+", Whitespace),
            (r"\b(inferred|house)\b", Name.Decorator),
            (r'"[^"\n]*"', String.Double),
            (r"[¶§]\s?\d+(?:-\d+)?", Number),
            # a book's section (§"Pope Joan") and page (p.195, pp.195-196)
            (r'§\s?"[^"\n]*"', Number),
            (r"(?<![\w-])pp?\.\s?\d+(?:-\d+)?", Number),
            (r";", Operator),
            (r"([a-z0-9][a-z0-9_\-]*)", bygroups(Name.Label)),
            (r"\n", Whitespace, "#pop"),
            (r".", Text),
        ],
    }
