"""The glossary: the game's words, what they mean, which rulesets use them, where
the sources say so.

Each :class:`Term` carries its meaning (written for this site), the source
paragraphs that use the word (cited by id and paragraph, checked by the tests
against ``paragraphs.yml``), and a test on a ruleset saying whether that ruleset
uses it, read off the rule objects.  The ruleset pages link the words of their
rules here (:func:`link_terms`) and explain the spoken words (:func:`spoken_words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.model.rules import ActionKind, Citation, Clause, Ruleset

from .text import href, md

GLOSSARY_PAGE = "glossary.md"
Uses = Callable[[Ruleset], bool]


@dataclass(frozen=True)
class Term:
    slug: str
    term: str
    meaning: str
    cites: tuple[str, ...]  #: "source ¶N"
    uses: Uses
    spoken: bool = False  #: a word said aloud at the table
    #: lowercase words that stand for the term in the rules' English (linked to it)
    forms: tuple[str, ...] = ()

    @property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(Citation(*c.split(" ¶")) for c in self.cites)


def _always(_: Ruleset) -> bool:
    return True


def _said(*fragments: str) -> Uses:
    """Whether a call or an announcement of the ruleset contains one of ``fragments``."""

    def uses(ruleset: Ruleset) -> bool:
        words = [c.word for c in ruleset.calls] + [a.word for a in ruleset.announcements]
        return any(f in w.casefold() for w in words for f in fragments)

    return uses


def _has(field: str) -> Uses:
    return lambda ruleset: getattr(ruleset, field, None) is not None


def _effect(action: ActionKind) -> Uses:
    return lambda ruleset: any(e.action.kind is action for e in ruleset.effects)


def _cites(field: str, *paragraphs: str) -> Uses:
    """Whether the ruleset's ``field`` clause cites one of ``paragraphs`` (``source ¶N``)."""

    def uses(ruleset: Ruleset) -> bool:
        clause = getattr(ruleset, field, None)
        return isinstance(clause, Clause) and any(
            str(c) in paragraphs for c in clause.origin.citations)

    return uses


def _dwarf_box(ruleset: Ruleset) -> bool:
    seven = parse_card("7D")
    return any(b.card == seven for b in ruleset.board.boxes)


TERMS: tuple[Term, ...] = (
    Term("board", "board (plateau, tableau)",
         "The layout of five boxes in the middle of the table, each showing one card.",
         ("fr-sheet ¶5", "fr-1902 ¶2", "cz-box ¶11"), _always, forms=("board",)),
    Term("box", "box (case)",
         "One compartment of the board, belonging to one card (the box card); the stakes "
         "lie in it until someone lays that card and takes them.",
         ("fr-sheet ¶5", "fr-web ¶3", "wiki-ja ¶10", "cz-box ¶14"), _always,
         forms=("boxes", "box")),
    Term("box-card", "box card (honour, belle carte)",
         "A card shown on the board: the ten of diamonds, jack of clubs, queen of spades, "
         "king of hearts and seven of diamonds in the sources.",
         ("wiki-ja ¶2", "fr-sheet ¶22"), _always, forms=("box card",)),
    Term("yellow-dwarf", "yellow dwarf (nain jaune, Žlutý trpaslík)",
         "The seven of diamonds, the centre box of the board and the game's name.",
         ("fr-sheet ¶5", "fr-web ¶3", "cz-box ¶11"), _dwarf_box, forms=("yellow dwarf",)),
    Term("stake", "stake (mise, sázka)",
         "The tokens put into a box before a deal: 1 on the ten of diamonds up to 5 on the "
         "yellow dwarf in the sources.",
         ("fr-sheet ¶15", "fr-web ¶4", "cz-box ¶14"), _always, forms=("stakes", "stake")),
    Term("token", "token, counter (jeton, žeton)",
         "What the game is played for: each player starts with a stock of them.",
         ("fr-sheet ¶6", "wiki-ja ¶19", "cz-box ¶5"), _always, forms=("tokens",)),
    Term("talon", "talon (écart)",
         "The cards left over after the deal, face down; nobody plays them, so the runs "
         "stop where a card of the talon is missing.",
         ("fr-sheet ¶14", "fr-web ¶11", "wiki-ja ¶4"), _has("talon"), forms=("talon",)),
    Term("run", "run (suite, řada)",
         "Cards laid one rank after another (5, 6, 7…), whatever the suit in most variants; "
         "in the game of 1760, within one suit.",
         ("fr-sheet ¶12", "wiki-ja ¶3", "cz-box ¶26"), _always, forms=("runs", "run")),
    Term("stop-card", "stop card (hoc)",
         "In the game of 1760, a card that ends the run it is laid on: the queen of spades, "
         "the jack of clubs and the ten of diamonds (permanent hocs), and the kings.",
         ("wiki-ja ¶3",), _has("stop_cards"), forms=("stop card",)),
    Term("wild-card", "wild card (hoc principal, chief hoc)",
         "In the game of 1760, the seven of diamonds: it may be laid at any moment of its "
         "holder's turn and never has to be.",
         ("wiki-ja ¶3", "wiki-ja ¶5"), _has("wild_card"), forms=("wild",)),
    Term("opera", "opéra",
         "Going out at once, before the others have had their chance (the exact condition "
         "differs by variant); it earns the board or a double payment.",
         ("fr-sheet ¶25", "wiki-ja ¶8"), _has("opera"), forms=("opéra",)),
    Term("grand-opera", "grand opéra (Velká opera)",
         "The name the encyclopedia article and the Czech leaflet give the opéra.",
         ("wiki-ja ¶23", "cz-box ¶39"), _cites("opera", "wiki-ja ¶23", "cz-box ¶39")),
    Term("bete", "bête",
         "The account of the game of 1760 calls bête a player caught at the end of a deal "
         "with a box card in hand, who must double that box's stake; the rule itself is "
         "in most variants.",
         ("wiki-ja ¶8",), _effect(ActionKind.HONOURS_DOUBLE_BOX)),
    Term("sans", "sans", "“Without”: said when you stop, followed by the rank you lack "
         "(“sans dix”, without ten).",
         ("fr-sheet ¶19", "fr-1902 ¶3", "fr-web ¶22", "wiki-ja ¶21"), _said("sans"),
         spoken=True, forms=("sans",)),
    Term("bez", "bez", "Czech for “without”: said when you stop, with the rank you lack "
         "(“bez 6”).", ("cz-box ¶28",), _said("bez"), spoken=True, forms=("bez",)),
    Term("qui-prend", "… qui prend", "“… takes”: said when laying a box card, after the "
         "card's name (“dame qui prend”, the queen takes); forget it and the box stays.",
         ("fr-sheet ¶22", "fr-web ¶25", "wiki-ja ¶22"), _said("qui prend"),
         spoken=True, forms=("qui prend",)),
    Term("bere", "… bere!", "Czech, “… takes!”: said when laying a box card, after the "
         "card's name (“Královna bere!”).", ("cz-box ¶36", "cz-box ¶37"), _said("bere"),
         spoken=True, forms=("bere",)),
    Term("hoc", "Hoc!", "In the game of 1760, the cry of a player who lays a king or a box "
         "card, and of a player who starts a new run when nobody could go on.",
         ("wiki-ja ¶3", "wiki-ja ¶5", "wiki-ja ¶7"), _said("hoc"), spoken=True,
         forms=("hoc",)),
    Term("pass", "pass", "Said in the game of 1760 by a player who does not continue the "
         "run.", ("wiki-ja ¶5",), _said("pass"), spoken=True),
    Term("jarrete", "J'arrête", "“I stop”: said when laying your last card.",
         ("fr-web ¶26",), _said("arrête"), spoken=True),
    Term("kral", "Král a znovu začínám!", "Czech, “King, and I start again!”: said when a "
         "king ends your run and you start a new one.", ("cz-box ¶35",), _said("znovu"),
         spoken=True),
)

BY_SLUG = {t.slug: t for t in TERMS}


def used_by(term: Term, rulesets: Sequence[tuple[str, Ruleset]]) -> list[str]:
    """The names of the rulesets that use ``term``."""
    return [name for name, ruleset in rulesets if term.uses(ruleset)]


def spoken_words(ruleset: Ruleset) -> list[Term]:
    """The glossary's spoken words this ruleset uses, in glossary order."""
    return [t for t in TERMS if t.spoken and t.uses(ruleset)]


class _Linker:
    """The words that stand for the terms in one language's sentences, as one pattern.

    The sentences it reads are already escaped (``md``), so each form is matched in its
    escaped writing (``carte d&#39;arrêt``)."""

    def __init__(self, forms_by_slug: Mapping[str, tuple[str, ...]]) -> None:
        self.slugs = {str(md(f)).casefold(): slug
                      for slug, forms in forms_by_slug.items() for f in forms}
        ordered = sorted(self.slugs, key=lambda f: -len(f))
        self.pattern = re.compile(
            r"(?<![\w&#;])(" + "|".join(re.escape(f) for f in ordered) + r")(?!\w)",
            re.IGNORECASE,
        )


_ENGLISH = _Linker({t.slug: t.forms for t in TERMS})
_LINKERS: dict[tuple[tuple[str, tuple[str, ...]], ...], _Linker] = {}


def _linker(forms: Mapping[str, tuple[str, ...]] | None) -> _Linker:
    if forms is None:
        return _ENGLISH
    key = tuple(sorted(forms.items()))
    if key not in _LINKERS:  # one pattern per language, made once
        _LINKERS[key] = _Linker(forms)
    return _LINKERS[key]


def link_terms(sentence: Markup, page: str,
               forms: Mapping[str, tuple[str, ...]] | None = None,
               meaning: Callable[[Term], str] | None = None) -> Markup:
    """``sentence`` (already escaped) with the first mention of each glossary word
    linked to its entry.  The words are the glossary's English ``forms`` unless a
    language gives its own (slug → forms), with the spoken words' ``meaning`` in that
    language as the link's title.  The pattern refuses a match right after ``&``,
    ``#`` or ``;``, so an escaped character reference is never cut."""
    linker = _linker(forms)
    seen: set[str] = set()

    def link(match: re.Match[str]) -> str:
        slug = linker.slugs[match.group(1).casefold()]
        if slug in seen:
            return match.group(1)
        seen.add(slug)
        url = href(page, GLOSSARY_PAGE, slug)
        term = BY_SLUG[slug]
        said = md(meaning(term) if meaning else term.meaning) if term.spoken else ""
        title = f' title="{said}"' if said else ""
        return f'<a class="nj-term" href="{url}"{title}>{match.group(1)}</a>'

    return Markup(linker.pattern.sub(link, str(sentence)))
