"""Every kind of diagnostic, declared once: its code, its severity and what it means.

A diagnostic's code (``error[contradiction]``) is printed, matched by tests and
tools, and looked up by people; so it is a member of :class:`DiagnosticKind`,
never a bare string.  Each member carries the severity it is reported with and a
one-line summary (for ``explain`` and the docs).  Adding a kind: add a member
here (the code is its value, in kebab-case), report it with ``DK.NEW_KIND``;
``tests/language/test_lang_diagnostic_kinds.py`` fails on a member never
reported and on a code reported but not declared.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from nainjaune_rules.core.diagnostics import Severity
from nainjaune_rules.core.spans import Span
from nainjaune_rules.core.words import NO_WORDS, Words

_E, _W = Severity.ERROR, Severity.WARNING


class DiagnosticKind(StrEnum):
    """A diagnostic's code; the value is the code as printed (``contradiction``)."""

    _value_: str
    severity: Severity
    summary: str

    def __new__(cls, code: str, severity: Severity, summary: str) -> DiagnosticKind:
        member = str.__new__(cls, code)
        member._value_ = code
        member.severity = severity
        member.summary = summary
        return member

    # ---- reading the files (syntax/loader.py, syntax/parser.py, syntax/screen.py) ----
    SYNTAX = "syntax", _E, "the text does not follow the language's grammar"
    CONTROL_CHARACTER = ("control-character", _E,
                         "a control, bidirectional-text or misplaced tab character")
    BAD_NAME = "bad-name", _E, "a name holds letters a name may not use (accents, capitals)"
    UNREADABLE = "unreadable", _E, "the file cannot be read (missing, not UTF-8, a folder)"
    TOO_LARGE = "too-large", _E, "a file, a number or a count is larger than the limits allow"
    TOO_MANY_FILES = ("too-many-files", _E,
                      "a ruleset reads more files, with its includes and extends, than allowed")
    TOO_LONG = "too-long", _E, "a text or a name is longer than the language allows"
    TOO_MANY_PROBLEMS = ("too-many-problems", _E,
                         "so many problems that checking stopped (or stopped listing) here")
    LINK_LOOP = "link-loop", _E, "a symbolic link that leads back to itself"
    NOT_A_FILE = "not-a-file", _E, "a path names a folder, a pipe or a device, not a file"
    INCLUDE_TWICE = ("include-twice", _W,
                     "a file includes the same file twice; the second line adds nothing")
    MISSING_RULESET = "missing-ruleset", _E, "no built-in ruleset or file has this name"
    MISSING_INCLUDE = "missing-include", _E, "the file an include names does not exist"
    MISSING_EXTENDS = ("missing-extends", _E,
                       "the ruleset an extends names does not exist or has errors")
    PATH_OUTSIDE = "path-outside", _E, "a file named lies outside the ruleset's folder"
    INCLUDE_CYCLE = "include-cycle", _E, "files include each other in a circle"
    EXTENDS_CYCLE = "extends-cycle", _E, "rulesets extend each other in a circle"
    TOO_DEEP = "too-deep", _E, "extends or include nest deeper than the limit"
    BAD_INCLUDE = "bad-include", _E, "an included file says what only a ruleset may say"
    # ---- words of one clause (syntax/parser.py, model/build.py) ----
    UNKNOWN_CARD = "unknown-card", _E, "a word where a card is expected is not a card code"
    UNKNOWN_RANK = "unknown-rank", _E, "a card or rank with no such rank in a French deck"
    UNKNOWN_SUIT = "unknown-suit", _E, "a card with no such suit in a French deck"
    MISSING_ORIGIN = "missing-origin", _E, "a clause does not say where it comes from"
    EMPTY_REASON = "empty-reason", _E, "an inferred or house clause gives no reason"
    UNDECLARED_SOURCE = "undeclared-source", _E, "a citation names a source never declared"
    BAD_PARAGRAPH = "bad-paragraph", _E, "a cited paragraph number is 0 or runs backwards"
    NO_SUCH_PARAGRAPH = "no-such-paragraph", _E, "a citation goes past its source's last paragraph"
    # citations by section or page (books whose text is not bundled)
    WRONG_LOCATOR = ("wrong-locator", _E,
                     "a book is cited by ¶N, or a bundled text by section or page")
    NOT_POSITIVE = "not-positive", _E, "a count, stake or number is below its least value"
    BAD_RANGE = "bad-range", _E, "a range of player counts is empty"
    DUPLICATE_CLAUSE = "duplicate-clause", _E, "the same thing is said twice"
    DUPLICATE_BOX = "duplicate-box", _E, "two boxes of the board for one card"
    DUPLICATE_RANK = "duplicate-rank", _E, "a rank is listed twice in the ranks"
    DUPLICATE_STEP = "duplicate-step", _E, "a settlement step is listed twice"
    DUPLICATE_CARD = "duplicate-card", _E, "a card is taken out of the deck twice"
    MISSING_STEP = "missing-step", _E, "the settlement leaves out one of its steps"
    NO_AFTER = "no-after", _E, "a number of deals in 'game ends' follows no 'after'"
    # ---- the ruleset's files put together (model/compiler.py) ----
    MISSING_CLAUSE = "missing-clause", _E, "a clause or header the ruleset needs is not given"
    UNKNOWN_OPTION = "unknown-option", _E, "an option or choice asked for does not exist"
    OVERRIDES_OPTION = ("overrides-option", _W,
                        "a clause settles what an inherited option chose")
    BAD_DEFAULT = "bad-default", _E, "an option has no default choice, or two"
    NOTHING_TO_REMOVE = "nothing-to-remove", _E, "a remove line names nothing to remove"
    NOTHING_TO_CHANGE = ("nothing-to-change", _E,
                         "a one-part change names a box or board the ruleset does not have")
    DROPPED_PARTS = ("dropped-parts", _W, "a board, deal table or game end restated "
                     "whole leaves out the parent's parts")
    # ---- the whole ruleset (model/checks.py) ----
    CONTRADICTION = "contradiction", _E, "two clauses say things that cannot both hold"
    DEAL_MISSING_COUNT = ("deal-missing-count", _E,
                          "a number of players the game allows has no deal or game length")
    DECK_OVERFLOW = "deck-overflow", _E, "the deal needs more cards than the deck has"
    UNDEFINED = "undefined", _E, "a clause names something the ruleset never defines"
    REMOVED_CARD = "removed-card", _E, "a clause names a card the deck clause takes out"
    NO_UNIT_TOKEN = "no-unit-token", _E, "no token is worth 1, so some amounts cannot be paid"
    TOO_MANY_TOKENS = ("too-many-tokens", _E,
                       "more tokens at the table than a transcript can record")
    UNPAYABLE_TOKENS = "unpayable-tokens", _E, "a payment asks for tokens that cannot be required"
    PACKET_OVER_HAND = ("packet-over-hand", _W,
                        "a packet of the deal holds more cards than a hand")
    EMPTY_TALON = "empty-talon", _W, "every card is dealt: the talon is empty"
    BOX_NOT_DEALT = "box-not-dealt", _W, "a card named by a clause is not in the deck"
    CHANGE_NEVER_MADE = ("change-never-made", _W,
                         "the change clause is moot: every token is worth 1")
    RANK_NEVER_ENDS_RUN = ("rank-never-ends-run", _W,
                           "'after a king' never fires: there is no king in the ranks")
    RANK_NEVER_CONTINUES = ("rank-never-continues", _W,
                            "ranks above the king can never continue a run")
    UNREACHABLE_LENGTH = ("unreachable-length", _W, "a stated number of deals that an "
                          "inherited end usually cuts short")
    STAKES_EXCEED_TOKENS = ("stakes-exceed-tokens", _W,
                            "a player's stakes for one deal exceed their starting tokens")
    # issue 22, part 4 (h22-hands)
    NO_EXTRA_HAND = ("no-extra-hand", _W,
                     "a rule for an extra hand, but the deal deals none")
    # -- pools and an empty board (issue #22, item 3) --
    NO_BOXES = ("no-boxes", _W,
                "a clause names box cards, or stakes, but the board has no box for it")
    BAD_POOL_NAME = "bad-pool-name", _E, "a pool's name is empty, too long or a card code"


#: Kinds declared for a use to come and reported nowhere yet (each with its reason).
RESERVED: dict[DiagnosticKind, str] = {}


class Reporter(Protocol):
    """How the semantic pass says a problem: ``report(kind, message, span, hint, severity)``.

    The severity defaults to the kind's; a bare string is no kind, and a message or
    hint is :class:`Words` in English and French (mypy refuses a bare string).
    """

    def __call__(self, kind: DiagnosticKind, message: Words, span: Span,
                 hint: Words = NO_WORDS,
                 severity: Severity | None = None, /) -> None: ...
