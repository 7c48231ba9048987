"""The supporting sentences on the sources page (issue 23, item 3).

Each paragraph's shown text is cut into sentences (:func:`~nainjaune_rules.describe.
sources.sentences`); a sentence that supports at least one clause citing it is a
``<mark class="nj-support nj-s<i>">``, with a cue for screen readers.  Before the
quotation, one empty target per distinct set of supporting sentences,
``<span id="<source>-p<N>-s<i>[-<j>…]" class="nj-target nj-t<i> …">``: a citation links
there (:func:`~nainjaune_rules.describe.support.citation_anchor`), and the site's CSS
(``.nj-t<i>:target ~ blockquote .nj-s<i>``) singles out that citation's sentences, so
two clauses citing one paragraph for different sentences land on different highlights.
CSS cannot compare numbers, so it names each sentence index up to :data:`MAX_SENTENCE`;
a test checks that no highlighted sentence lies beyond it.

Every text is a source's: each sentence is escaped (:func:`~nainjaune_rules.describe.
text.md`) before it is marked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from markupsafe import Markup

from nainjaune_rules.describe import i18n
from nainjaune_rules.describe.sources import Paragraph, sentences
from nainjaune_rules.describe.support import page_support, sentence_anchor, support
from nainjaune_rules.describe.text import ident, md
from nainjaune_rules.model.rules import Clause

#: the highest sentence index the site's CSS names (``.nj-t12`` / ``.nj-s12``)
MAX_SENTENCE = 12

#: what a screen reader hears before a highlighted sentence, by page language
CUE: dict[str, str] = {"en": "supporting sentence: ", "fr": "phrase à l'appui : "}

#: ``{(source, paragraph number): the distinct sets of supporting sentences}``
Sets = dict[tuple[str, int], tuple[tuple[int, ...], ...]]


def support_sets(clauses: Iterable[Clause]) -> Sets:
    """For every paragraph the ``clauses`` (and the site's own pages) cite, the sets of
    sentences they rest on."""
    found: dict[tuple[str, int], dict[tuple[int, ...], None]] = defaultdict(dict)
    supports = [support(c, clause) for clause in clauses for c in clause.origin.citations]
    for one in supports + page_support():
        for number, indices in one.sentences:
            found[one.citation.source, number][indices] = None
    return {key: tuple(sorted(sets)) for key, sets in found.items()}


def targets(paragraph: Paragraph, sets: Sequence[tuple[int, ...]]) -> Markup:
    """The empty link targets of a paragraph's entry, one per set of sentences."""
    return Markup("").join(
        Markup('<span id="{}" class="nj-target {}"></span>').format(
            ident(sentence_anchor(paragraph.source, paragraph.number, s)),
            " ".join(f"nj-t{i}" for i in s))
        for s in sets)


def highlighted(paragraph: Paragraph, sets: Sequence[tuple[int, ...]] = ()) -> Markup:
    """A paragraph's text, sentence by sentence, each sentence in one of ``sets`` in a
    ``<mark>``; every sentence escaped (the text is a source's)."""
    marked = {i for s in sets for i in s}
    cue = CUE[i18n.language().code]
    out = []
    for i, sentence in enumerate(sentences(paragraph.text), 1):
        if i in marked:
            out.append(Markup('<mark class="nj-support nj-s{}"><span class="nj-sr">{}</span>'
                              '{}</mark>').format(i, cue, md(sentence)))
        else:
            out.append(md(sentence))
    return Markup(" ").join(out)
