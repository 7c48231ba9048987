"""Which sentence(s) of a cited paragraph support a clause (issue 23, item 3).

A citation names a paragraph; the sentence that supports a clause is found by key
words written by hand from the source texts, in ``support.yml`` beside this module:
``{citation: {topic: [key words]}}``, where the topic is the kind of clause
(:func:`topic`: ``players``, ``deal-table``, ``when-opera-sweep-board``,
``call-stopping``, ``option-opera``...), ``"*"`` holds the words for every other
clause citing it, and ``"page"`` those of a citation the site's hand-written pages make
(the history), highlighted too.  A sentence supports the clause when it contains one of the key
words (case and apostrophes aside); every key word must be found in a sentence the
sources page shows, and every citation of a text the project holds must have key
words: :func:`support` says what is missing instead of highlighting nothing, and a
test fails on it.

On the sources page, each supporting sentence is a ``<mark>``; a citation links to
``#<source>-p<N>-s<i>[-<j>...]`` (:func:`citation_anchor`), the sentences it rests
on, so two clauses citing one paragraph for different sentences land on different
highlights.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from nainjaune_rules.describe.sources import (
    cited_numbers,
    paragraph_anchor,
    paragraphs,
    sentences,
)
from nainjaune_rules.model.rules import Call, Citation, Clause, Effect, TableOption

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def topic(clause: Clause) -> str:
    """The kind of a clause, as ``support.yml`` names it."""
    if isinstance(clause, Effect):
        return f"when-{clause.event.kind.value}-{clause.action.kind.value}".replace(" ", "-")
    if isinstance(clause, Call):
        return f"call-{clause.moment.value}".replace(" ", "-")
    if isinstance(clause, TableOption):
        return f"option-{clause.name}"
    return _CAMEL.sub("-", type(clause).__name__).lower()


class _Once(yaml.SafeLoader):
    """A YAML loader that refuses a key written twice (PyYAML keeps the last silently,
    which would drop a citation's key words without a word)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        keys = [self.construct_object(k, deep=deep) for k, _v in node.value]
        twice = {k for k in keys if keys.count(k) > 1}
        if twice:
            raise ValueError(f"support.yml: {sorted(map(str, twice))[0]!r} written twice")
        return super().construct_mapping(node, deep=deep)


@cache
def key_words() -> dict[str, dict[str, tuple[str, ...]]]:
    """``{citation: {topic or "*": key words}}`` from ``support.yml``."""
    data = yaml.load(  # noqa: S506 (a SafeLoader)
        resources.files(__package__).joinpath("support.yml").read_text(encoding="utf-8"),
        Loader=_Once)
    return {str(citation): {str(t): tuple(str(w) for w in words) for t, words in by.items()}
            for citation, by in data.items()}


def _folded(text: str) -> str:
    return text.replace("\u2019", "'").casefold()


@dataclass(frozen=True)
class Support:
    """The sentences of the cited paragraphs that support one clause."""

    citation: Citation
    words: tuple[str, ...]
    #: ``(paragraph number, 1-based indices of its supporting sentences)``, in order
    sentences: tuple[tuple[int, tuple[int, ...]], ...]
    #: key words no shown sentence contains (the sources page would miss them)
    missing: tuple[str, ...]

    @property
    def found(self) -> bool:
        return bool(self.words) and bool(self.sentences) and not self.missing


def support(citation: Citation, clause: Clause) -> Support:
    """The supporting sentences of ``citation`` for ``clause`` (none for a book whose
    text the project does not hold)."""
    by_topic = key_words().get(str(citation), {})
    return _resolve(citation, by_topic.get(topic(clause)) or by_topic.get("*", ()))


#: the topic of the citations the site's own pages make (the history cites the sheet's
#: history paragraphs): highlighted on the sources page, linked to the paragraph
PAGE = "page"


def page_support() -> list[Support]:
    """The supporting sentences of the citations the site's hand-written pages make."""
    return [_resolve(_citation(cited), by[PAGE])
            for cited, by in key_words().items() if PAGE in by]


def _citation(cited: str) -> Citation:
    source, _, paragraph = cited.partition(" ¶")
    return Citation(source, paragraph)


def _resolve(citation: Citation, words: tuple[str, ...]) -> Support:
    held = paragraphs().get(citation.source, {})
    found: list[tuple[int, tuple[int, ...]]] = []
    seen: set[str] = set()
    for number in cited_numbers(citation):
        if number not in held:
            continue
        shown = [_folded(s) for s in sentences(held[number].text)]
        hits = tuple(i for i, s in enumerate(shown, 1) if any(_folded(w) in s for w in words))
        seen |= {w for w in words if any(_folded(w) in s for s in shown)}
        if hits:
            found.append((number, hits))
    return Support(citation, words, tuple(found), tuple(w for w in words if w not in seen))


def sentence_anchor(source: str, number: int, indices: tuple[int, ...]) -> str:
    """The anchor of a set of sentences of one paragraph: ``cz-box-p39-s2``, ``…-s1-3``."""
    return f"{source}-p{number}-s" + "-".join(str(i) for i in indices)


def citation_anchor(citation: Citation, clause: Clause) -> str:
    """Where a clause's citation links on the sources page: its supporting sentences
    (in the first paragraph of a range that has them), else the paragraph's entry,
    else the source's section."""
    found = support(citation, clause)
    if found.sentences:
        number, indices = found.sentences[0]
        return sentence_anchor(citation.source, number, indices)
    return paragraph_anchor(citation)
