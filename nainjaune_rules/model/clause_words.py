"""Reading the words of a clause: cards, ranks and counts, each checked where it is
written (the first part of :class:`~.build.ClauseBuilder`).

A wrong word is reported as a diagnostic pointing at it, and reading goes on, so that
every problem of a file is found in one run.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, q
from nainjaune_rules.core.cards import (
    ALL_CODES,
    RANK_CODES,
    SUIT_CODES,
    Card,
    parse_card,
    parse_rank,
)
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.core.diagnostics import Severity, shorten, suggest
from nainjaune_rules.core.spans import Span
from nainjaune_rules.syntax.ast import CardWord, Number, RankWord

Report = Reporter

#: Counts (players, tokens, stakes, deals, paragraphs) have at most this many digits;
#: longer numbers are refused where they are written (site/language.md, "Limits").
MAX_DIGITS = 9


class WordReader:
    """Reads the words of clauses, reporting problems through ``report``.

    ``report(kind, message, span, hint="", severity=ERROR)`` records a diagnostic;
    reading goes on after a problem so that every problem is found in one run.
    """

    def __init__(self, report: Report, sources: Callable[[], Mapping[str, int | None]],
                 file_id: str, books: Callable[[], Collection[str]] = lambda: ()):
        self.report = report
        self._errors = 0
        #: the keys (fields) of the clauses that could not be built: their errors are said
        self.failed: set[str] = set()
        #: the sources declared so far, id → count of paragraphs if known (read lazily)
        self.sources = sources
        #: the declared sources that are books (cited by section or page, not ¶N)
        self.books = books
        self.file_id = file_id

    # ---- words ---------------------------------------------------------------

    def card(self, word: CardWord) -> Card | None:
        card = parse_card(word.text)
        if card is not None:
            return card
        text = word.text.upper()
        rank_part, suit_part = text[:-1], text[-1]
        if parse_rank(rank_part) is None:
            kind, what = DK.UNKNOWN_RANK, Words(f"rank {rank_part!r}", f"rang {q(rank_part)}")
        else:
            kind, what = DK.UNKNOWN_SUIT, Words(f"suit {suit_part!r}",
                                                f"couleur {q(suit_part)}")
        ranks, suits = " ".join(RANK_CODES), " ".join(SUIT_CODES)
        hint = suggest(text, ALL_CODES) or Words(
            f"ranks are {ranks}; suits are {suits}",
            f"les rangs sont {ranks}{NNBSP}; les couleurs sont {suits}")
        self._say(kind, Words(f"unknown card {word.text!r}: no {what.en} in a French deck",
                              f"carte inconnue {q(word.text)}{NNBSP}: pas de {what.fr} dans "
                              "un jeu français"),
                  word.span, hint)
        return None

    def rank(self, word: RankWord) -> int | None:
        rank = parse_rank(word.text)
        if rank is None:
            ranks = " ".join(RANK_CODES)
            self._say(DK.UNKNOWN_RANK,
                      Words(f"unknown rank {word.text!r}", f"rang inconnu {q(word.text)}"),
                      word.span, suggest(word.text.upper(), RANK_CODES)
                      or Words(f"ranks are {ranks}", f"les rangs sont {ranks}"))
        return rank

    def number(self, number: Number) -> int | None:
        """The number's value, or None (reported) when it has too many digits to be a count."""
        if len(number.text) > MAX_DIGITS:
            said = shorten(number.text, 20)
            self._say(DK.TOO_LARGE,
                      Words(f"the number {said} is too large", f"le nombre {said} est trop grand"),
                      number.span, Words(f"a count here has at most {MAX_DIGITS} digits",
                                         f"un nombre a ici au plus {MAX_DIGITS} chiffres"))
            return None
        return number.value

    def positive(self, number: Number, what: Words) -> int:
        value = self.number(number)
        if value is None:
            return 1  # reported; the clause is not built
        if value <= 0:
            self._say(DK.NOT_POSITIVE,
                      Words(f"{what.en} must be at least 1, not {value}",
                            f"{what.fr}{NNBSP}: au moins 1, pas {value}"), number.span,
                      Words("a stake, a count of tokens or of cards is a whole number ≥ 1",
                            "une mise, un nombre de jetons ou de cartes est un entier ≥ 1"))
        return value

    def _say(self, kind: DK, message: Words, span: Span, hint: Words = NO_WORDS,
             severity: Severity | None = None) -> None:
        severity = severity or kind.severity
        if severity is Severity.ERROR:
            self._errors += 1
        self.report(kind, message, span, hint, severity)
