"""Read the built site as a reader would and list the words of the wrong language.

    python tools/french_fragments.py SITE_DIR            # English fragments on French pages
    python tools/french_fragments.py SITE_DIR --english  # French fragments on English pages

Each fragment is also sorted by where its words come from: *ruleset text* when every word of
the other language in it lies inside a string a ruleset file writes in its own words (a title,
a reason, a box name, an option's question or choice: :func:`ruleset_strings`), the
*package's* text otherwise.  The first are for the rulesets' message catalogues to translate.

The visible text of each page's article (``article.md-content__inner``; the whole body of a
printable card) is read, leaving out
what a reader does not take for the page's own prose: code (``pre``, ``code``), quotations of
the sources (``q``, ``blockquote``), scripts and styles, the headers' ``¶`` anchors, and every
element marked as being in the other language (``lang="en"`` on a French page).  The text is
cut into *fragments* at every element boundary except inline formatting and links (a reason in
its own ``span`` is one fragment; a sentence with a glossary link inside it is one), and a
fragment is reported when it holds a word of the other language's list.

The word lists hold words that exist in one language only (no « as », « on », « a »,
« points »), so a French sentence is never reported for a word it shares with English.
``tests/docs/test_reader_language.py`` runs this over the site the test session builds.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

#: common English words that no French sentence uses, and the project's English vocabulary
ENGLISH_WORDS = frozenset("""
the and of with when each who which what whose this that these those from into onto by
for its it's is are was were be been has have had does do did not but if then than
only also any every other another after before while where there here they them their
he she his her him we our you your one two three four five seven eight nine ten
first last next same own new old
player players stake stakes deal deals dealt dealer dealers card cards board box boxes
hand hands pass passes passed without takes take taken lays lay laying says say said
winner winners loser losers pays pay paid game games round rounds run runs stop stops
yellow dwarf king kings queen queens jack jacks ace aces trump trumps suits
sheet rules ruleset rulesets century modern edition leaflet boxed book chapter
out wins win won loses lose lost left right clockwise counter
read reads silent says agree agrees agreed chosen choose chooses
should must may might can cannot could would will shall
how why some many more most less least all both either neither none
""".split())

#: common French words that no English sentence uses, and the project's French vocabulary
#: (not the rank names, valet, dame, roi: on an English page they are names)
FRENCH_WORDS = frozenset("""
les des une est sont et qui que dans avec pour chaque joueur joueurs mise mises
donne donnes donneur carte cartes tableau jeton jetons gagnant perdant perdants paie
paient ramasse posent hauteur hauteurs couleur couleurs règle règles jeux partie parties
au aux cette ces sa ses leur leurs il elle ils elles nous vous ne où quand mais ou donc
carreau trèfle cœur
""".split())

#: a word; a hyphenated one is a name (``fr-sheet``, ``two-player-suits``) and is not read
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")

#: elements whose text a reader does not take for the page's prose
_SKIPPED = frozenset({"pre", "code", "q", "blockquote", "script", "style", "template"})
#: elements that do not cut a sentence into fragments
_INLINE = frozenset({"a", "em", "strong", "i", "b", "abbr", "small", "sup", "sub", "bdi",
                     "kbd", "mark", "s", "u", "wbr", "br", "dfn", "cite", "time"})
_VOID = frozenset({"br", "wbr", "img", "hr", "input", "meta", "link", "col", "area",
                   "source", "track", "embed", "param", "base", "path", "rect", "circle",
                   "line", "polyline", "polygon", "ellipse", "use"})


@dataclass(frozen=True)
class Fragment:
    """One piece of visible text holding words of the other language."""

    page: str
    text: str
    words: tuple[str, ...]
    ruleset_text: bool


_HTML_SPACE = re.compile(r"[ \t\n\r\f]+")


class _Reader(HTMLParser):
    """The visible fragments of one page's article."""

    def __init__(self, other_lang: str, in_body: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.other_lang = other_lang
        self.in_body = in_body
        #: (tag, skipped from here down, cuts the text into fragments)
        self.stack: list[tuple[str, bool, bool]] = []
        self.depth_in_article = 0
        self.fragments: list[str] = []
        self.current: list[str] = []

    def _skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def _cut(self) -> None:
        # HTML's own whitespace only: a no-break space is text (French typography)
        text = _HTML_SPACE.sub(" ", "".join(self.current)).strip(" ")
        if text:
            self.fragments.append(text)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if not self.depth_in_article:
            if (tag == "body" if self.in_body else
                    tag == "article" and "md-content__inner" in (found.get("class") or "")):
                self.depth_in_article = 1
            return
        if tag in _VOID:
            return
        self.depth_in_article += 1
        classes = (found.get("class") or "").split()
        skip = (self._skipping() or tag in _SKIPPED or "headerlink" in classes
                or "highlight" in classes or found.get("lang") == self.other_lang)
        # an element left out whole is as if it were not there: it does not cut the text
        cuts = tag not in _INLINE and not (skip and not self._skipping())
        if cuts:
            self._cut()
        self.stack.append((tag, skip, cuts))

    def handle_endtag(self, tag: str) -> None:
        if not self.depth_in_article or tag in _VOID:
            return
        self.depth_in_article -= 1
        if self.stack:
            _, _, cuts = self.stack.pop()
            if cuts:
                self._cut()
        if not self.depth_in_article:
            self._cut()

    def handle_data(self, data: str) -> None:
        if self.depth_in_article and not self._skipping():
            self.current.append(data)


def visible_fragments(html: str, other_lang: str) -> list[str]:
    """The visible text of a page's article, cut into fragments (see the module's doc)."""
    reader = _Reader(other_lang, in_body="md-content__inner" not in html)
    reader.feed(html)
    reader.close()
    return reader.fragments


#: a path or URL, an option setting (``payment=cards``): a name, not prose
_NAME_LIKE = re.compile(r"\S*[/=]\S*")


#: the cousins' names, proper nouns in every language (Michigan is also called Boodle,
#: Stops or Newmarket; Comète's English name is Commit): a name, not prose
_GAME_NAMES = re.compile(r"\b(?:Boodle|Stops|Newmarket|Pope Joan|Commit)\b")


def foreign_words(text: str, words: frozenset[str]) -> tuple[str, ...]:
    prose = _GAME_NAMES.sub(" ", _NAME_LIKE.sub(" ", text))
    return tuple(w for w in _WORD.findall(prose) if "-" not in w and w.lower() in words)


#: a quotation inside a sentence: on an English page, the words said at the table and the
#: sources' own words are French by right (“sans dix”, "dame qui prend", « … »)
_QUOTATION = re.compile(r"“[^”]*”|\"[^\"]*\"|«[^»]*»|‘[^’]*’")
#: on an English page, a French word glossed in brackets: "(jetons)", "(une cinquantaine)"
_GLOSS = re.compile(r"\((?:[^\W\d_]+[ '’]?){1,3}\)")
#: on a French page, an English word mentioned as one: « (en anglais « deal ») »
_MENTION = re.compile(r"en anglais [«\u202f ]+[^»]*»")
#: a title between quotation marks, its words capitalised (« Official Rules of Card
#: Games »): a name, in any language
_TITLE = re.compile(r"[«“][\s\u202f]*[A-Z][\w'’]*(?:\s+(?:of|the|and|for|[A-Z][\w'’]*))+"
                    r"[\s\u202f]*[»”]")


def _glossary_words() -> frozenset[str]:
    """The words of the glossary's terms (``box (case)``, ``… qui prend``, ``bête``): an
    English page names the game's things by them."""
    from nainjaune_rules.describe.glossary import TERMS  # the package, when it is run

    return frozenset(w.casefold() for t in TERMS for w in _WORD.findall(t.term))


_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_OPTION = re.compile(r"^option\s+([\w-]+)", re.MULTILINE)
_CHOICE = re.compile(r"^[ \t]+([\w-]+)(?: \(default\))?:[ \t]*(?:\[.*)?$", re.MULTILINE)
_RANK_NAMES = re.compile(r"^rank names:[ \t]*(.+?)[ \t]*(?:\[.*)?$", re.MULTILINE)


def ruleset_strings(rules: Path) -> list[str]:
    """Every text a ruleset file writes in its own words (its quoted strings, its options'
    names and choices), longest first: what a translation catalogue of the rulesets holds."""
    found: set[str] = set()
    for path in sorted(rules.rglob("*.nj")):
        text = path.read_text(encoding="utf-8")
        found.update(m.group(1) for m in _QUOTED.finditer(text))
        found.update(m.group(1) for m in _OPTION.finditer(text))
        found.update(m.group(1) for m in _CHOICE.finditer(text))
        found.update(m.group(1) for m in _RANK_NAMES.finditer(text))
    return sorted((s for s in found if s.strip()), key=len, reverse=True)



#: the spaces French typography adds (before ; : ! ? and inside « »): a ruleset's string
#: is found in a French page whether or not its signs were spaced
_SPACED = re.compile(r"[ \u00a0\u202f]+(?=[;:!?»])|(?<=«)[ \u00a0\u202f]+")


def _unspaced(text: str) -> str:
    return _SPACED.sub("", text)


def from_ruleset_text(text: str, strings: list[str], words: frozenset[str]) -> bool:
    """Whether every foreign word of ``text`` lies inside a string of a ruleset file."""
    text = _unspaced(text)
    for string in map(_unspaced, strings):
        if string in text:
            text = text.replace(string, " ")
    return not foreign_words(text, words)


def _read(text: str, english: bool) -> str:
    """The words of a fragment that must be in the page's language: without the names
    and, on an English page, the quotations and glosses of French words."""
    text = _TITLE.sub(" ", text)
    if english:
        return _GLOSS.sub(" ", _QUOTATION.sub(" ", text))
    return _MENTION.sub(" ", text)


def french_pages(site: Path) -> Iterator[Path]:
    yield from sorted((site / "fr").rglob("*.html"))


def english_pages(site: Path) -> Iterator[Path]:
    fr = site / "fr"
    for page in sorted(site.rglob("*.html")):
        if fr not in page.parents and "playground" not in page.relative_to(site).parts[:-1]:
            yield page


ROOT = Path(__file__).resolve().parent.parent


def fragments(site: Path, english: bool = False, rules: Path = ROOT / "rules") -> list[Fragment]:
    """Every fragment of the other language on the site's French pages (English pages)."""
    strings = ruleset_strings(rules)
    pages = english_pages(site) if english else french_pages(site)
    other, words = ("fr", FRENCH_WORDS - _glossary_words()) if english else ("en", ENGLISH_WORDS)
    found = []
    for page in pages:
        if page.name in ("404.html",) or "search" in page.relative_to(site).parts:
            continue
        html = page.read_text(encoding="utf-8")
        for text in visible_fragments(html, other):
            hits = foreign_words(_read(text, english), words)
            if hits:
                found.append(Fragment(str(page.relative_to(site)), text, hits,
                                      from_ruleset_text(text, strings, words)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="a folder built by `mkdocs build`")
    parser.add_argument("--english", action="store_true",
                        help="French fragments on the English pages instead")
    parser.add_argument("--quiet", action="store_true", help="print the counts only")
    parser.add_argument("--package", action="store_true",
                        help="list only the fragments that are not ruleset text")
    args = parser.parse_args(argv)
    if not (args.site / "fr").is_dir():
        parser.error(f"{args.site}: no fr/ folder: not a built site")
    found = fragments(args.site, english=args.english)
    if not args.quiet:
        for fragment in found:
            if args.package and fragment.ruleset_text:
                continue
            mark = "R" if fragment.ruleset_text else "P"
            print(f"{mark} {fragment.page}: {fragment.text[:160]}  "
                  f"[{', '.join(fragment.words[:6])}]")
    pages = len({f.page for f in found})
    ruleset = sum(f.ruleset_text for f in found)
    print(f"{len(found)} fragments on {pages} pages: {ruleset} ruleset text (R), "
          f"{len(found) - ruleset} the package's (P)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
