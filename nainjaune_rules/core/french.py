"""French as it is printed: its spaces and guillemets, its card letters, its numbers said.

- :func:`typeset`: French typography on a finished text, a narrow no-break space
  (U+202F) before ``: ; ! ?`` and inside ``« »``, and English curly quotes “…” made
  guillemets (the Imprimerie nationale's rules, as French publishers follow them);
- :func:`card_symbol`: a card as the French sources write it, the suit first and the
  French letter of a figure: ``♣V`` (valet), ``♠D`` (dame), ``♥R`` (roi), ``♦10``
  (the French sources page writes "1 sur le ♦10, 2 sur le ♣V, 3 sur la ♠D, 4 sur le ♥R");
- :func:`said_number`: a rank's figure as a French player says it ("dix qui prend").
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .cards import SUIT_SYMBOLS, Card

#: U+202F, the narrow no-break space French puts before ; ! ? : and inside « »
NARROW = "\u202f"

#: rank 1..13 as a French card shows it: as, the figures, valet, dame, roi
RANK_LETTERS: tuple[str, ...] = (
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")

#: the numbers a French player says for a rank written as a figure (1 to 13)
NUMBER_WORDS: dict[str, str] = {
    "1": "un", "2": "deux", "3": "trois", "4": "quatre", "5": "cinq", "6": "six",
    "7": "sept", "8": "huit", "9": "neuf", "10": "dix", "11": "onze", "12": "douze",
    "13": "treize",
}

# a high sign after a word, a figure or a closing bracket, with a space or none, and
# followed by a space, a tag, the end or the end of a Markdown emphasis ("**Total :**"):
# never a URL ("https://"), a ratio ("3:1"), a query ("?a=b"), a run of signs ("!!!",
# a Markdown admonition) or a Markdown footnote or reference ("[^1]: ", "[id]: ");
# « ; ! ? » only where a space already stands before them ("Hoc!" is a name as it is
# written; "&amp;" is not a word and a semicolon)
_BEFORE_SIGN = re.compile(r"(?<=[^\s:/!?;\]\u202f])(?:[ \u00a0]?(:)|[ \u00a0]([;!?]))"
                          r"(?=[\s)\]»<]|\*+(?:\s|$)|$)")
_OPEN = re.compile(r"«[ \u00a0\u202f]?")
_CLOSE = re.compile(r"[ \u00a0\u202f]?»")
_CURLY = re.compile(r"“([^“”<>]*)”")


def typeset(text: str) -> str:
    """``text`` with French spacing: ``« sans »`` → ``«\u202fsans\u202f»``,
    ``donne : la`` and ``donne: la`` → ``donne\u202f: la``, ``“sans six”`` →
    ``«\u202fsans six\u202f»``.  Idempotent; a colon between figures (``3:1``) or in a
    URL is left alone.  Meant for plain text, before it is escaped: an escaped sign
    (``&#33;``) is not read."""
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text


_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (_CURLY, r"«\1»"), (_OPEN, "«" + NARROW), (_CLOSE, NARROW + "»"),
    (_BEFORE_SIGN, NARROW + r"\1\2"))


#: what a page's typography never touches: its front matter, code, quotations of the
#: sources (``<q>``, ``<blockquote>``), styles and scripts, tags, Markdown attribute lists
#: (``{: .x }``) and link targets; a code span may run over a line break (``game ends:``
#: at a line's end), never over a blank line
_KEPT = (r"\A---\n.*?\n---\n|```.*?```|~~~.*?~~~|<(pre|code|q|blockquote|style|script)\b.*?</\1>"
         r"|`(?:[^`\n]|\n(?![ \t]*\n))*`|<[^>]*>|\{[^{}\n]*\}|\]\([^)\s]*\)")
#: the same, and the character references (``&amp;``: its « ; » is not a semicolon)
_KEPT_TEXT = re.compile(_KEPT + r"|&[#\w]+;", re.S)
_KEPT_MARKUP = re.compile(_KEPT, re.S)
# a sign after an escaped character (``&#41; ;``, a closing bracket Markdown must not
# read): the escaping (``md``) made every space of a value plain, the narrow ones too
_AFTER_REFERENCE = re.compile(r"(?<=&#\d\d;)(?:[ \u00a0]?(:)|[ \u00a0]([;!?]))(?=[\s<»]|$)")
# a sign Markdown must not read, written as a character reference ("recommence &#33;")
_ESCAPED_SIGN = re.compile(r"(?<=[^\s:/!?;\]\u202f])[ \u00a0](&#33;|&#63;)(?=[\s<»]|&#41;|$)")
# a sign right after a tag (``</a>; <a``: a list of links)
_AFTER_TAG = re.compile(r"(?<=>)([;!?])(?=\s)")
#: (pattern, replacement, what it must not touch), in their order
_PAGE_RULES = (*((p, r, _KEPT_TEXT) for p, r in _RULES),
               (_AFTER_REFERENCE, NARROW + r"\1\2", _KEPT_MARKUP),
               (_ESCAPED_SIGN, NARROW + r"\1", _KEPT_MARKUP),
               (_AFTER_TAG, NARROW + r"\1", _KEPT_TEXT))


def typeset_markup(page: str) -> str:
    """:func:`typeset` on the text of a Markdown or HTML page, the text around its tags
    included (``<strong>Talon</strong>: aucun`` → ``…</strong>\u202f: aucun``), never
    inside what :data:`_KEPT` names."""
    for pattern, replacement, kept in _PAGE_RULES:
        page = _outside(kept, page, pattern, replacement)
    return page


def _outside(kept: re.Pattern[str], page: str, pattern: re.Pattern[str],
             replacement: str) -> str:
    """``pattern.sub(replacement, page)`` where the match lies outside every ``kept``."""
    spans = [m.span() for m in kept.finditer(page)]
    starts = [a for a, _ in spans]

    def outside(at: int) -> bool:
        i = bisect_right(starts, at) - 1
        return i < 0 or at >= spans[i][1]

    def sub(match: re.Match[str]) -> str:
        if outside(match.start()) and outside(match.end() - 1):
            return match.expand(replacement)
        return match.group(0)

    return pattern.sub(sub, page)


def card_symbol(card: Card) -> str:
    """``Card(11, 0)`` → ``♣V``: the suit, then the French letter or figure (with the
    pack mark of a second pack's card, ``♦7/2``)."""
    mark = f"/{card.pack + 1}" if card.pack else ""
    return SUIT_SYMBOLS[card.suit] + RANK_LETTERS[card.rank - 1] + mark


def rank_letter(rank: int) -> str:
    """The rank 1..13 as a French card shows it (``V``, ``D``, ``R``, ``10``)."""
    return RANK_LETTERS[rank - 1]


#: the French calls said with a rank ("sans dix", "dix qui prend"); another language's
#: call keeps the rank as its source writes it (the Czech leaflet's "bez 6")
FRENCH_CALLS: tuple[str, ...] = ("sans", "qui prend")


def is_french_call(word: str) -> bool:
    """Whether ``word`` is one of the French calls said with a rank."""
    folded = word.casefold()
    return any(call in folded for call in FRENCH_CALLS)


def said_number(name: str) -> str:
    """A rank name as a French player says it: a figure in words (``10`` → ``dix``),
    any other name as it is."""
    return NUMBER_WORDS.get(name.strip(), name)
