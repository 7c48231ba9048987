"""Reading a clause's origin: its citations checked against the declared sources (the
second part of :class:`~.build.ClauseBuilder`).

A paragraph ``¶N`` of a text the project holds, a section or page of a book it does not,
or the reason of an inferred or house rule: each is checked where it is written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import shorten, suggest
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.clause_words import MAX_DIGITS, WordReader
from nainjaune_rules.syntax.ast import OriginNode, Word

_WRITE_WHY = Words("write why, in a sentence, between the quotes",
                   "écrivez pourquoi, en une phrase, entre les guillemets")

_PARAGRAPH = re.compile(r"[¶§]\s?(\d+)(?:-(\d+))?")
#: a book's section by its heading (§"Pope Joan") and its page(s) (p.195, pp.195-196)
_SECTION = re.compile(r'§\s?"([^"\n]*)"')
_PAGE = re.compile(r"pp?\.\s?(\d+)(?:-(\d+))?")


class OriginReader(WordReader):
    """Reads the origin that ends each clause (``[fr-sheet ¶14]``, ``[inferred "why"]``)."""

    # ---- origins ----------------------------------------------------------------

    def origin(self, node: OriginNode | None, span: r.Span, head: str) -> r.Origin:
        if node is None:
            self._say(
                DK.MISSING_ORIGIN,
                Words(f"the clause '{head}' does not say where it comes from",
                      f"la clause {q(head)} ne dit pas d’où elle vient"),
                span,
                Words('end it with a citation such as [fr-sheet ¶14], or [inferred "reason"] '
                      'when no source states it, or [house "reason"] for a house rule',
                      f"terminez-la par une citation comme {q('[fr-sheet ¶14]')}, ou "
                      + q('[inferred "raison"]') + " quand aucune source ne la dit, ou "
                      + q('[house "raison"]') + " pour une règle maison"),
            )
            return r.Origin(r.OriginKind.INFERRED, (), "(no origin given)")
        if node.kind is not r.OriginKind.ATTESTED:
            reason = node.reason.unquoted.strip() if node.reason else ""
            if not reason and node.reason is not None:
                self._say(DK.EMPTY_REASON,
                          Words(f"an {node.kind.value} clause must give its reason",
                                f"une clause {q(node.kind.value)} doit donner sa raison"),
                          node.reason.span, _WRITE_WHY)
            return r.Origin(node.kind, (), reason)
        citations: list[r.Citation] = []
        known = self.sources()
        for cite in node.citations:
            if cite.source.text not in known:
                self._say(
                    DK.UNDECLARED_SOURCE,
                    Words(f"the source {cite.source.text!r} is not declared",
                          f"la source {q(cite.source.text)} n’est pas déclarée"),
                    cite.source.span,
                    suggest(cite.source.text, known)
                    or Words('declare it with: source ID "language" "what it is" '
                             '(or include "sources.nj")',
                             f"déclarez-la par{NNBSP}: " + q('source ID "langue" "ce que c’est"')
                             + " (ou " + q('include "sources.nj"') + ")"),
                )
            for para in cite.paragraphs:
                located = self._book_locator(cite.source.text, para)
                if located is not None:
                    citations.append(located)
                    continue
                m = _PARAGRAPH.fullmatch(para.text)
                number = ""
                if m:  # "12" or "12-14"
                    number = str(m.group(1)) + (f"-{m.group(2)}" if m.group(2) else "")
                if m and max(len(m.group(1)), len(m.group(2) or "")) > MAX_DIGITS:
                    said = shorten(para.text, 20)
                    self._say(DK.TOO_LARGE,
                              Words(f"the paragraph number {said} is too large",
                                    f"le numéro de paragraphe {said} est trop grand"), para.span,
                              Words(f"a paragraph number has at most {MAX_DIGITS} digits",
                                    f"un numéro de paragraphe a au plus {MAX_DIGITS} chiffres"))
                elif m and int(m.group(1)) == 0:
                    self._say(DK.BAD_PARAGRAPH,
                              Words("paragraphs are numbered from ¶1",
                                    "les paragraphes sont numérotés à partir de ¶1"), para.span)
                elif m and m.group(2) and int(m.group(2)) < int(m.group(1)):
                    self._say(DK.BAD_PARAGRAPH,
                              Words(f"the paragraphs {para.text} run backwards",
                                    f"les paragraphes {para.text} vont à rebours"),
                              para.span, Words(f"write ¶{m.group(2)}-{m.group(1)}",
                                               f"écrivez ¶{m.group(2)}-{m.group(1)}"))
                elif m:
                    self._beyond_the_source(cite.source.text, para, m, known)
                citations.append(r.Citation(cite.source.text, number))
        partly = node.reason.unquoted.strip() if node.reason else ""
        if node.reason is not None and not partly:
            self._say(DK.EMPTY_REASON,
                      Words("the inferred part of this origin must give its reason",
                            "la part déduite de cette origine doit donner sa raison"),
                      node.reason.span, _WRITE_WHY)
        return r.Origin(r.OriginKind.ATTESTED, tuple(citations), partly)

    def _book_locator(self, source: str, word: Word) -> r.Citation | None:
        """A section (``§"Pope Joan"``) or page (``p.195``) citation, checked against the
        kind of its source; ``None`` for a paragraph ``¶N`` (checked by the caller,
        after it is told here when the source is a book, which has no paragraphs)."""
        is_book = source in self.books()
        text = word.text
        section = _SECTION.fullmatch(text)
        page = _PAGE.fullmatch(text)
        if section is None and page is None:
            if is_book:
                self._say(DK.WRONG_LOCATOR,
                          Words(f"{source} is a book whose text is not bundled: "
                                f"it has no paragraph {text}",
                                f"{source} est un livre dont le texte n’est pas fourni"
                                f"{NNBSP}: il n’a pas de paragraphe {text}"), word.span,
                          Words(f'cite it by section or page: [{source} §"heading"] or '
                                f"[{source} p.N]",
                                f"citez-le par section ou par page{NNBSP}: "
                                + q(f'[{source} §"titre"]') + f" ou {q(f'[{source} p.N]')}"))
            return None
        if source in self.sources() and not is_book:
            self._say(DK.WRONG_LOCATOR,
                      Words(f"{source} is a text the project holds: it is "
                            f"cited by paragraph, not by {'section' if section else 'page'}",
                            f"{source} est un texte que le projet contient{NNBSP}: on le cite "
                            f"par paragraphe, pas par {'section' if section else 'page'}"),
                      word.span,
                      Words(f"cite the paragraph: [{source} ¶N], the N-th non-blank "
                            "line of its text; declare a book with its bibliographic block",
                            f"citez le paragraphe{NNBSP}: {q(f'[{source} ¶N]')}, la N-ième "
                            f"ligne non vide de son texte{NNBSP}; déclarez un livre avec son "
                            "bloc bibliographique"))
        if section is not None:
            heading = section.group(1).strip()
            if not heading:
                self._say(DK.BAD_PARAGRAPH,
                          Words("the section's heading is empty",
                                "le titre de la section est vide"),
                          word.span,
                          Words('write the heading as the book prints it: §"Pope Joan"',
                                f"écrivez le titre tel que le livre l’imprime{NNBSP}: "
                                + q('§"Pope Joan"')))
            return r.Citation(source, section=heading)
        assert page is not None
        first, last = page.group(1), page.group(2)
        if max(len(first), len(last or "")) > MAX_DIGITS:
            said = shorten(text, 20)
            self._say(DK.TOO_LARGE,
                      Words(f"the page number {said} is too large",
                            f"le numéro de page {said} est trop grand"),
                      word.span, Words(f"a page number has at most {MAX_DIGITS} digits",
                                       f"un numéro de page a au plus {MAX_DIGITS} chiffres"))
        elif int(first) == 0 or (last and int(last) < int(first)):
            self._say(DK.BAD_PARAGRAPH,
                      Words(f"the pages {text} are numbered from 1 and run forwards",
                            f"les pages {text} sont numérotées à partir de 1, dans l’ordre"),
                      word.span, Words("write p.N or pp.N-M with N ≤ M",
                                       "écrivez p.N ou pp.N-M avec N ≤ M"))
        return r.Citation(source, page=first + (f"-{last}" if last else ""))

    def _beyond_the_source(self, source: str, para: Word, m: re.Match[str],
                           known: Mapping[str, int | None]) -> None:
        """A paragraph past the end of its source's text (``[fr-sheet ¶999]``)."""
        count = known.get(source)
        last = int(m.group(2) or m.group(1))
        if count is not None and last > count:
            self._say(DK.NO_SUCH_PARAGRAPH,
                      Words(f"{source} has {count} paragraphs: there is no ¶{last}",
                            f"{source} a {count} paragraphes{NNBSP}: il n’y a pas de ¶{last}"),
                      para.span,
                      Words(f"cite a paragraph from ¶1 to ¶{count}, the "
                            "N-th non-blank line of the source's text",
                            f"citez un paragraphe de ¶1 à ¶{count}, la N-ième ligne non vide "
                            "du texte de la source"))
