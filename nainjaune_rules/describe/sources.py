"""The primary sources as a bibliography: what each is, and the paragraphs the site cites.

The paragraphs live in ``paragraphs.yml`` next to this module (committed, so that
a site built from an installed copy never reads the source texts themselves):
the whole paragraph for the public-domain 1902 text and the CC BY-SA
encyclopedia article; of the others, a short paragraph whole and a longer one by its
supporting sentences with their neighbours (short quotation), and the project's own
English translation of what is quoted.  The French sources page shows the French
sources as they are and the others with the project's French translation
(:mod:`.sources_fr`).

Every paragraph has its anchor on the sources page, ``#<source>-p<N>``
(:func:`paragraph_anchor`), and each paragraph of a cited range (``¶35-37``) its entry
(:func:`cited_numbers` names them); a clause's citation links to the sentences that
support it (:mod:`.support`), a glossary word's to the paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from nainjaune_rules.describe.book_facts import BOOK_FACTS
from nainjaune_rules.model.rules import Citation


@dataclass(frozen=True)
class SourceFacts:
    """What a reader needs to weigh a source: a bibliography entry."""

    title: str
    date: str
    kind: str
    language: str
    licence: str
    reliability: str
    licence_short: str = ""  #: for the table at a glance
    standing: str = ""  #: first-hand or second-hand, in a few words


#: The facts below are read off the source texts themselves (their first lines,
#: their dates) and off the project's notes on where each text comes from.
FACTS: dict[str, SourceFacts] = {
    "fr-sheet": SourceFacts(
        "Le Nain jaune — rules sheet signed “Guillaume & Mikajoh”",
        "undated; modern (its history runs to the years between the wars)",
        "rules sheet, with a short history of the game",
        "French",
        "no licence stated: short quotation here (a short paragraph whole, a longer one in part)",
        "a first-hand modern rules sheet; its history section cites no evidence",
        "not stated",
        "first-hand, modern",
    ),
    "fr-web": SourceFacts(
        "Nain jaune — a rules description",
        "undated; modern",
        "web page",
        "French",
        "no licence stated: short quotation here (a short paragraph whole, a longer one in part)",
        "a modern description of the game as played; it differs from the sheet on "
        "the direction of play and on what happens when nobody can continue",
        "not stated",
        "first-hand, modern",
    ),
    "fr-1902": SourceFacts(
        "Le Nain Jaune, appelé autrefois jeu du Lindor — rules “document de 1902”",
        "1902 (the rules), introduced by a later transcriber",
        "1902 rules text",
        "French",
        "public domain: the cited paragraphs are given whole",
        "the oldest rules text among the sources, known through a modern transcription "
        "(its typing slips, such as “àchacun”, are kept)",
        "public domain",
        "first-hand, via a transcription",
    ),
    "wiki-ja": SourceFacts(
        "ナイン・ジョーヌ (Nain Jaune) — encyclopedia article",
        "undated; modern; describes the game of 1760 and the later game",
        "encyclopedia article",
        "Japanese",
        "CC BY-SA: the cited paragraphs are given whole, attributed, without "
        "their footnote marks; the translations on this site are shared alike",
        "second-hand: a Japanese translation of the English-language encyclopedia "
        "article, which itself renders French sources — a translation of a "
        "translation. Its wording shows machine translation (訴訟 “lawsuit” for "
        "“suit”, ¶13)",
        "CC BY-SA",
        "second-hand: a translation of a translation",
    ),
    "cz-box": SourceFacts(
        "Žlutý trpaslík — rules leaflet of a boxed edition",
        "undated; modern",
        "boxed-edition leaflet",
        "Czech",
        "no licence stated: short quotation here (a short paragraph whole, a longer one in part)",
        "first-hand rules of one publisher's edition, for 2 to 4 players",
        "not stated",
        "first-hand, one edition",
    ),
    # the books Nain Jaune's cousins are written from (rules/cousins/books.nj)
    **{source: SourceFacts(*facts) for source, facts in BOOK_FACTS.items()},
}


@dataclass(frozen=True)
class Paragraph:
    source: str
    number: int
    text: str  #: the original words shown (the whole paragraph, or the sentences quoted)
    whole: bool  #: ``text`` is the whole paragraph
    english: str  #: the project's translation of ``text``

    @property
    def anchor(self) -> str:
        return f"{self.source}-p{self.number}"


@cache
def paragraphs() -> dict[str, dict[int, Paragraph]]:
    """``{source id: {paragraph number: Paragraph}}`` from ``paragraphs.yml``."""
    data = yaml.safe_load(
        resources.files(__package__).joinpath("paragraphs.yml").read_text(encoding="utf-8")
    )
    return {
        source: {
            int(n): Paragraph(source, int(n), p["text"], p["shown"] == "full", p["en"])
            for n, p in sorted(items.items())
        }
        for source, items in data.items()
    }


#: a sentence ends at . ! or ? before a space and a capital, a digit or an opening quote
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[0-9A-ZÀ-Ž„«\"“])"
                           # Japanese: after 。！？ unless a quotation closes it
                           r"|(?<=[。！？])(?![」』）)]|$)")
#: words whose full stop ends no sentence (French, Czech, English abbreviations of the sources)
ABBREVIATIONS = ("např.", "tzn.", "atd.", "apod.", "etc.", "cf.", "ex.", "p.", "M.", "Mme.",
                 "St.", "e.g.", "i.e.")


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences: an ellipsis (``...``, ``....``, ``…``) inside a list
    ("as, 2, 3, 4 .... 10, valet") and an abbreviation ("jako např.:") end none."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(text.strip()):
        before = out[-1] if out else ""
        # the last word only: "coup." ends with "p." and still ends its sentence
        if before and (before.endswith(("..", "…")) or before.split()[-1] in ABBREVIATIONS):
            out[-1] = f"{before} {piece}"
        else:
            out.append(piece)
    return [s for s in out if s]


_FIRST_NUMBER = re.compile(r"\d+")


def paragraph_number(paragraph: str) -> int | None:
    """The first paragraph a citation names (``"35-37"`` → 35)."""
    found = _FIRST_NUMBER.search(paragraph)
    return int(found.group(0)) if found else None


_RANGE = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?")


def cited_numbers(citation: Citation) -> tuple[int, ...]:
    """Every paragraph a citation names: ``"6-10"`` → 6, 7, 8, 9, 10 (at most 100)."""
    numbers: list[int] = []
    for found in _RANGE.finditer(citation.paragraph):
        first = int(found.group(1))
        last = int(found.group(2) or first)
        numbers += range(first, min(last, first + 99) + 1)
    return tuple(dict.fromkeys(numbers))


def paragraph_anchor(citation: Citation) -> str:
    """The anchor of the cited paragraph on the sources page; the source's own
    section when the project holds no text of that paragraph."""
    number = paragraph_number(citation.paragraph)
    if number is not None and number in paragraphs().get(citation.source, {}):
        return f"{citation.source}-p{number}"
    return f"source-{citation.source}"
