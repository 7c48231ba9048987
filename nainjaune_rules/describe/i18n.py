"""The languages of the site: what changes when a page is written in French.

A generated page is the same template and the same rule objects in every
language; a :class:`Language` says what differs:

- the rule prose: :func:`.prose.describe` or :func:`.prose_fr.describe_fr`, each
  written from the rule objects (the French is never a translation of the
  English text);
- the words of the enum values shown as they are (the origin badges, the
  evidence), the phase and topic titles and the comparison's row labels;
- the templates' own text, through a catalogue of the templates' literal text
  (:data:`.labels_fr.TEMPLATE_TEXT`): :class:`LiteralCatalogue` replaces, when
  a template is compiled, each run of literal text between two pieces of markup
  by its entry in the catalogue.  Only the template's own text is ever looked
  up: the values a template writes (a ruleset's title, a reason, a box name)
  are expressions, never literal text, so they are neither translated nor
  touched.  A run with no entry stays as it is, and the tests list such runs.

English is the source language: its catalogue is empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import jinja2
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup, escape

from nainjaune_rules.core import french
from nainjaune_rules.core.cards import Card, rank_code
from nainjaune_rules.model.rules import Clause, Evidence, OriginKind, TableOption

from . import glossary_fr, labels_fr, vocabulary_en, vocabulary_fr
from .phrase import Phrase
from .prose import describe
from .prose_fr import describe_fr


@dataclass(frozen=True)
class Language:
    """Everything a page needs to be written in one language."""

    code: str
    describe: Callable[[Clause], Phrase]
    origin_words: Mapping[OriginKind, str]
    evidence_words: Mapping[Evidence, str]
    #: phase slug / topic slug / dimension key -> the words shown; absent: as written
    phase_titles: Mapping[str, str] = field(default_factory=dict)
    topic_titles: Mapping[str, str] = field(default_factory=dict)
    dimension_labels: Mapping[str, str] = field(default_factory=dict)
    change_kinds: Mapping[str, str] = field(default_factory=dict)
    #: the templates' literal text, English run -> this language's run
    template_text: Mapping[str, str] = field(default_factory=dict)
    not_stated: str = "Not stated by this ruleset."
    #: words the site computes in Python (group titles, "players"): English -> this language
    phrases: Mapping[str, str] = field(default_factory=dict)
    #: a mark counted ("attested") -> its (singular, plural) after a count; absent: as is
    counted_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: glossary slug -> (term, meaning) in this language; absent: the glossary's English
    terms: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: the words that stand for a glossary term in this language's rule sentences, slug ->
    #: forms; absent: the glossary's English forms
    term_forms: Mapping[str, tuple[str, ...]] | None = None
    #: a card and a rank as this language's pages write them (``Q♠``; ``♠D`` in French)
    card_symbol: Callable[[Card], str] = lambda card: card.symbol
    rank_letter: Callable[[int], str] = rank_code
    #: what separates the items of a list of clauses ("a; b", French "a ; b")
    separator: str = "; "
    #: this language's typography on a finished plain text (French: its spaces, « »)
    typeset: Callable[[str], str] = lambda text: text
    #: the same on a whole page (Markdown or HTML), its code, tags and quotations kept
    typeset_page: Callable[[str], str] = lambda page: page
    #: a rank name as said with a call of this language (French: "10" -> "dix"), and
    #: whether a call is one of this language's (the others keep their ranks as written)
    said_number: Callable[[str], str] = lambda name: name
    own_call: Callable[[str], bool] = lambda word: False

    def phase_title(self, slug: str, english: str) -> str:
        return self.phase_titles.get(slug, english)

    def topic_title(self, slug: str, english: str) -> str:
        return self.topic_titles.get(slug, english)

    def dimension_label(self, key: str, english: str) -> str:
        """A comparison row's label; a table option's row is named after the option (its
        name, a word of the ruleset file, as code)."""
        if key.startswith("option-") and key not in self.dimension_labels:
            option = key.removeprefix("option-")
            return Markup(escape(self.dimension_labels.get("option-", "table option {name}"))
                          ).format(name=Markup("<code>{}</code>").format(option))
        return self.dimension_labels.get(key, english)

    def change_kind(self, kind: str) -> str:
        return self.change_kinds.get(kind, kind)

    def evidence_word(self, evidence: Evidence) -> str:
        """The evidence in one word, for a table cell: the head of its words
        (``attested: …`` -> ``attested``, ``attesté : …`` -> ``attesté``)."""
        return self.evidence_words[evidence].partition(":")[0].strip()

    def term_name(self, term: Any) -> str:
        """A glossary term's name (``term`` is a :class:`.glossary.Term`)."""
        return self.terms.get(term.slug, (term.term, ""))[0]

    def meaning(self, term: Any) -> str:
        return self.terms[term.slug][1] if term.slug in self.terms else str(term.meaning)

    def phrase(self, english: str) -> str:
        return self.phrases.get(english, english)

    def counted(self, n: int, english: str) -> str:
        """``4 déduites``: a count and the word it agrees with (French counts 0 and 1
        in the singular)."""
        one, many = self.counted_words.get(english, (english, english))
        return f"{n} {one if n <= 1 else many}"

    def sentences(self, clauses: Sequence[Clause]) -> str:
        """The clauses' full sentences, one after the other."""
        return self.typeset(" ".join(self.describe(c).sentence for c in clauses))

    def shorts(self, clauses: Sequence[Clause], none: str = "—") -> Markup:
        """The clauses' short forms, for a table cell (``none`` when there are none); a
        table option's name, a word of the ruleset file (``--option deals=…``), is code."""
        if not clauses:
            return escape(none)
        parts = []
        for c in clauses:
            short = self.typeset(self.describe(c).short)
            if isinstance(c, TableOption) and short.startswith(c.name):
                parts.append(Markup("<code>{}</code>{}").format(c.name, short[len(c.name):]))
            else:
                parts.append(escape(short))
        return escape(self.separator).join(parts)

    def page(self, path: str) -> str:
        """Where this language's version of the page ``path`` lives in the docs folder:
        ``rulesets/x.md`` -> ``rulesets/x.fr.md`` (mkdocs-static-i18n's suffix layout,
        served at ``fr/rulesets/x.html``); English pages keep their path."""
        if self.code == "en":
            return path
        stem, dot, ext = path.rpartition(".")
        return f"{stem}.{self.code}.{ext}" if dot else f"{path}.{self.code}"


ENGLISH = Language("en", describe, vocabulary_en.ORIGIN_WORDS, vocabulary_en.EVIDENCE_WORDS)
def _described_fr(clause: Clause) -> Phrase:
    """A clause in French, typeset as French prints it."""
    phrase = describe_fr(clause)
    return Phrase(french.typeset(phrase.sentence), french.typeset(phrase.short))


FRENCH = Language(
    "fr",
    _described_fr,
    vocabulary_fr.ORIGIN_WORDS,
    vocabulary_fr.EVIDENCE_WORDS,
    phase_titles=labels_fr.PHASE_TITLES,
    topic_titles=labels_fr.TOPIC_TITLES,
    dimension_labels=labels_fr.DIMENSION_LABELS,
    change_kinds=labels_fr.CHANGE_KINDS,
    template_text=labels_fr.TEMPLATE_TEXT,
    not_stated=labels_fr.NOT_STATED,
    phrases=labels_fr.PHRASES,
    counted_words=labels_fr.COUNTED,
    terms=glossary_fr.TERMS,
    term_forms=glossary_fr.FORMS,
    card_symbol=french.card_symbol,
    rank_letter=french.rank_letter,
    separator=" ; ",
    typeset=french.typeset,
    typeset_page=french.typeset_markup,
    said_number=french.said_number,
    own_call=french.is_french_call,
)
LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (ENGLISH, FRENCH)}

_CURRENT: ContextVar[Language] = ContextVar("nainjaune_docs_language", default=ENGLISH)


def language() -> Language:
    """The language the pages are being written in (English unless :func:`speaking`)."""
    return _CURRENT.get()


@contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Write the pages rendered inside the ``with`` block in the language ``code``."""
    token = _CURRENT.set(LANGUAGES[code])
    try:
        yield LANGUAGES[code]
    finally:
        _CURRENT.reset(token)

# --------------------------------------------------------------------------
# The templates' literal text
# --------------------------------------------------------------------------

#: what separates two runs of text in a template's literal text: front matter
#: keys, a style sheet, an HTML tag or entity (or the part of a tag that an
#: expression cuts), a Markdown attribute list ``{ #anchor }``, a code span, a
#: blank line, the head of a Markdown heading or list item, bold marks
_MARKUP = re.compile(
    r"^---$|^[a-z_-]+:[ \t]*\n|^  - [\w-]+$|<style>.*?</style>|<[^>]*>|<[^>]*\Z|\A[^<>]*?\">|"
    r"&[#\w]+;|\{[^{}]*\}|`[^`\n]*`|\n[ \t]*\n|^[ \t]*(?:#+|[-*+]|\d+\.)[ \t]+|\*\*",
    re.M | re.S,
)
_LETTER = re.compile(r"[^\W\d_]")
#: a run that is a piece of markup cut by expressions (``" class="nj-``, ``nj-differs``)
_NOT_WORDS = re.compile(r'="|[<>{}]|^"|^[\w.:-]*-[\w.:-]*$')


def text_runs(literal: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each run of words in a template's literal text: the
    stretches between two pieces of markup that hold a letter, whitespace trimmed."""
    position = 0
    for piece in [*_MARKUP.finditer(literal), None]:
        end = piece.start() if piece else len(literal)
        run = literal[position:end]
        if _LETTER.search(run) and not _NOT_WORDS.search(run.strip()):
            start = position + len(run) - len(run.lstrip())
            yield start, position + len(run.rstrip())
        position = piece.end() if piece else end


def key(run: str) -> str:
    """The catalogue's key for a run: its words, whitespace made single spaces."""
    return " ".join(run.split())


def translate_literal(literal: str, catalogue: Mapping[str, str]) -> str:
    """``literal`` with each run that the catalogue knows replaced by its translation."""
    if not catalogue:
        return literal
    out, position = [], 0
    for start, end in text_runs(literal):
        out.append(literal[position:start])
        run = literal[start:end]
        out.append(catalogue.get(key(run), run))
        position = end
    out.append(literal[position:])
    return "".join(out)


class LiteralCatalogue(Extension):
    """Translates each template's literal text, once, as the template is compiled.

    The catalogue is the environment's ``template_text`` (set by :func:`install`);
    expressions (``{{ … }}``) and tags are never touched.
    """

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        catalogue: Mapping[str, str] = getattr(self.environment, "template_text", {})
        for token in stream:
            if token.type == "data":
                token = Token(token.lineno, "data", translate_literal(token.value, catalogue))
            yield token


def install(env: jinja2.Environment, language: Language) -> None:
    """Make ``env`` write its pages in ``language``: the catalogue of the templates'
    text, and the globals the templates call for words."""
    # the literal text and the values are typeset with the whole page, where its front
    # matter, its markup and its escaped characters are known (Language.typeset_page)
    env.extend(template_text=dict(language.template_text))
    env.add_extension(LiteralCatalogue)

    env.globals.update(
        describe=language.describe,
        ORIGIN_WORDS=language.origin_words,
        EVIDENCE_WORDS=language.evidence_words,
        NOT_STATED=language.not_stated,
        phase_title=language.phase_title,
        topic_title=language.topic_title,
        dimension_label=language.dimension_label,
        change_kind=language.change_kind,
        evidence_word=language.evidence_word,
        term_name=language.term_name,
        meaning=language.meaning,
        sentences=language.sentences,
        shorts=language.shorts,
        counted=language.counted,
        phrase=language.phrase,
        LANG=language.code,
    )
