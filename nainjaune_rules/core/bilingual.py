"""Words said to a person in both of the project's languages, English and French.

A diagnostic's message and hint are :class:`Words`: each report site gives both
texts, so the type checker refuses a bare English string, and the reader's
language is chosen only when the words are shown (``words.said(lang)``).  Code
quoted inside (keywords of the ruleset language, the text at fault) is the same
in both.  French typography: :func:`q` quotes « like this » with no-break spaces,
and a narrow no-break space (U+202F) goes before ``: ; ! ?`` (:data:`NNBSP`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Lang = Literal["en", "fr"]
#: the languages a diagnostic is said in; English is the default everywhere
LANGS: tuple[Lang, ...] = ("en", "fr")
#: narrow no-break space: before « : », « ; », « ! », « ? » in French
NNBSP = "\u202f"
#: no-break space: inside French quotation marks
NBSP = "\u00a0"


def lang_of(name: str) -> Lang:
    """``"fr"`` for French, ``"en"`` for anything else (a page's or a flag's language)."""
    return "fr" if name == "fr" else "en"


def q(text: object) -> str:
    """``text`` in French quotation marks, « with no-break spaces »."""
    return f"«{NBSP}{text}{NBSP}»"


def qq(words: Iterable[object], last: str = "ou") -> str:
    """Each word quoted « like this », joined by commas and ``last`` (« ou », « et »)."""
    quoted = [q(w) for w in words]
    if len(quoted) <= 1:
        return "".join(quoted)
    return f"{', '.join(quoted[:-1])} {last} {quoted[-1]}"


@dataclass(frozen=True)
class Words:
    """The same words in English (``en``) and French (``fr``); both are required."""

    en: str
    fr: str

    def said(self, lang: Lang = "en") -> str:
        return self.fr if lang == "fr" else self.en

    def __bool__(self) -> bool:
        return bool(self.en)

    def __add__(self, other: Words) -> Words:
        return Words(self.en + other.en, self.fr + other.fr)


#: no hint
NO_WORDS = Words("", "")


def number_fr(n: int) -> str:
    """``n`` as French writes it: thousands apart by a narrow no-break space (1 000)."""
    return f"{n:,}".replace(",", NNBSP)


def et_list(items: Iterable[str]) -> str:
    """``A, B et C``: French's list, with no comma before the last word."""
    listed = list(items)
    if len(listed) <= 1:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} et {listed[-1]}"
